package game

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/grognard/grognard/game/grid"
)

// maxMapSide bounds the columns and rows of a decoded map: a stored or
// imported scenario is data from outside.
const maxMapSide = 1000

// mapJSON is the encoding/json form of a Map: the grid by kind and size,
// then cells, edges and links as lists sorted by coordinate, so that one
// map always encodes to the same bytes.
type mapJSON struct {
	Grid   gridJSON   `json:"grid"`
	Cells  []cellJSON `json:"cells,omitempty"`
	Edges  []edgeJSON `json:"edges,omitempty"`
	Links  []edgeJSON `json:"links,omitempty"`
	Source string     `json:"source,omitempty"`
}

type gridJSON struct {
	Kind     string       `json:"kind"` // "hex" or "square"
	W        int          `json:"w"`
	H        int          `json:"h"`
	Base     int          `json:"base,omitempty"`     // hex
	Boards   []grid.Board `json:"boards,omitempty"`   // hex
	Diagonal bool         `json:"diagonal,omitempty"` // square
}

type cellJSON struct {
	At grid.Coord `json:"at"`
	Cell
}

type edgeJSON struct {
	A        grid.Coord `json:"a"`
	B        grid.Coord `json:"b"`
	Features []string   `json:"features"`
}

// MarshalJSON writes the map as data; UnmarshalJSON reads it back.
func (m *Map) MarshalJSON() ([]byte, error) {
	var out mapJSON
	switch g := m.Grid.(type) {
	case *grid.Hex:
		out.Grid = gridJSON{Kind: "hex", W: g.W, H: g.H, Base: g.Base, Boards: g.Boards}
	case *grid.Square:
		out.Grid = gridJSON{Kind: "square", W: g.W, H: g.H, Diagonal: g.Diagonal}
	default:
		return nil, fmt.Errorf("map %s: grid %T cannot be encoded", m.Source, m.Grid)
	}
	for c, cell := range m.Cells {
		out.Cells = append(out.Cells, cellJSON{At: c, Cell: cell})
	}
	slices.SortFunc(out.Cells, func(a, b cellJSON) int { return coordCmp(a.At, b.At) })
	out.Edges = edgesJSON(m.Edges)
	out.Links = edgesJSON(m.Links)
	out.Source = m.Source
	return json.Marshal(out)
}

func edgesJSON(in map[grid.Edge][]string) []edgeJSON {
	var out []edgeJSON
	for e, fs := range in {
		out = append(out, edgeJSON{A: e.A, B: e.B, Features: fs})
	}
	slices.SortFunc(out, func(x, y edgeJSON) int {
		if c := coordCmp(x.A, y.A); c != 0 {
			return c
		}
		return coordCmp(x.B, y.B)
	})
	return out
}

func coordCmp(a, b grid.Coord) int {
	switch {
	case a == b:
		return 0
	case a.Less(b):
		return -1
	}
	return 1
}

// UnmarshalJSON reads a map written by MarshalJSON. It checks what could
// make a ruleset index out of range: the grid's size, and that every cell,
// edge and link lies on the grid (edges between adjacent cells).
func (m *Map) UnmarshalJSON(b []byte) error {
	var in mapJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	g := in.Grid
	if g.W < 1 || g.H < 1 || g.W > maxMapSide || g.H > maxMapSide {
		return fmt.Errorf("map: grid of %d×%d cells (want 1 to %d a side)", g.W, g.H, maxMapSide)
	}
	switch g.Kind {
	case "hex":
		m.Grid = &grid.Hex{W: g.W, H: g.H, Base: g.Base, Boards: g.Boards}
	case "square":
		m.Grid = &grid.Square{W: g.W, H: g.H, Diagonal: g.Diagonal}
	default:
		return fmt.Errorf("map: grid kind %q (want hex or square)", g.Kind)
	}
	m.Source = in.Source
	m.Cells = make(map[grid.Coord]Cell, len(in.Cells))
	for _, c := range in.Cells {
		if !m.Grid.Contains(c.At) {
			return fmt.Errorf("map: cell %v is off the %d×%d grid", c.At, g.W, g.H)
		}
		m.Cells[c.At] = c.Cell
	}
	var err error
	if m.Edges, err = readEdges(m.Grid, "edge", in.Edges); err != nil {
		return err
	}
	m.Links, err = readEdges(m.Grid, "link", in.Links)
	return err
}

func readEdges(g grid.Grid, what string, in []edgeJSON) (map[grid.Edge][]string, error) {
	out := make(map[grid.Edge][]string, len(in))
	for _, e := range in {
		if !g.Contains(e.A) || !g.Contains(e.B) || !g.Adjacent(e.A, e.B) {
			return nil, fmt.Errorf("map: %s %v–%v does not join two adjacent cells of the grid", what, e.A, e.B)
		}
		out[grid.EdgeOf(e.A, e.B)] = e.Features
	}
	return out, nil
}
