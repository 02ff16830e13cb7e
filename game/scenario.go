package game

import (
	"fmt"
	"sort"
	"strings"

	"github.com/grognard/grognard/game/grid"
)

// Scenario is everything a ruleset needs to start a game, as loaded from
// data files by the scenarios package: the map, the units, where they may
// deploy, the length of the game and the ruleset-specific parameters
// (victory conditions, reinforcement schedules). It is read-only once
// loaded and shared by every game that uses it.
//
// Its encoding/json form is complete (the map through Map's MarshalJSON):
// the store keeps that form with every game, so a game replays against
// the scenario it started with, whatever ships later (storage/doc.go). A
// new field must therefore be encodable; one tagged `json:"-"` is lost.
type Scenario struct {
	ID      string `json:"id"`
	Ruleset string `json:"ruleset"`
	Title   string `json:"title"`
	// Hash is the SHA-256 of the scenario's source files, recorded by every
	// game that starts from it.
	Hash  string     `json:"hash"`
	Turns int        `json:"turns"`
	Map   *Map       `json:"map"`
	Units []UnitSpec `json:"units"`
	// Zones are named sets of cells: deployment areas, objectives, entry
	// edges.
	Zones map[string][]grid.Coord `json:"zones,omitempty"`
	// Objectives are scored places: villages, bridges, an island, zones.
	Objectives []Objective `json:"objectives,omitempty"`
	// Params are the ruleset's scenario parameters, as strings.
	Params map[string]string `json:"params,omitempty"`
	// Options are the scenario's defaults for the ruleset's options.
	Options Options `json:"options,omitempty"`
	// Tables are the ruleset's tables (CRT, terrain costs) as data.
	Tables map[string]*Table `json:"tables,omitempty"`
	// Start, when set, starts the game at a given turn and phase with every
	// unit already placed: a test position.
	Start *StartPos `json:"start,omitempty"`
	// Faces says how the counters of each unit type (UnitSpec.Type) are
	// drawn; every type of the scenario has one.
	Faces map[string]CounterFace `json:"faces,omitempty"`
	// Colors are counter colours (CounterColors names) by side ("A",
	// "B") or by unit flag (a nationality such as "saxon"); a flag's
	// colour wins over the side's.
	Colors map[string]string `json:"colors,omitempty"`
}

// CounterFace is how the counters of one unit type are drawn: a
// NATO-style symbol (one of CounterSymbols) and the names of the values
// printed under it, in order ("pc", "mp" prints "6-4").
type CounterFace struct {
	Symbol string   `json:"symbol"`
	Values []string `json:"values,omitempty"`
}

// CounterSymbols are the symbols a counter face may have.
var CounterSymbols = []string{
	"infantry", "light-infantry", "cavalry", "dragoons", "artillery",
	"horse-artillery", "engineers", "baggage", "leader", "none",
}

// CounterColors are the colours a counter may have: the Okabe–Ito
// colours ("blue" and "orange" are sides A's and B's by default) and a
// few darker ones for uniforms.
var CounterColors = []string{
	"blue", "orange", "sky", "green", "yellow", "red", "purple",
	"white", "grey", "black", "dark-blue", "dark-green",
}

// Format prints values as the face shows them: its values joined by
// "-", "" when it shows none or one is missing.
func (f CounterFace) Format(values map[string]int) string {
	parts := make([]string, 0, len(f.Values))
	for _, v := range f.Values {
		n, ok := values[v]
		if !ok {
			return ""
		}
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, "-")
}

// CounterLook returns the symbol and colour of p's counter: the face of
// its type, and the colour of the first flag that has one — p's flags,
// then those of the scenario unit with p's id — else its side's ("" where
// the scenario says nothing). A piece without a type (face-down) gets no
// symbol and its side's colour only.
func (sc *Scenario) CounterLook(p Piece) (symbol, color string) {
	if p.Side.Valid() {
		color = sc.Colors[p.Side.String()]
	}
	if p.Type == "" {
		return "", color
	}
	symbol = sc.Faces[p.Type].Symbol
	flags := p.Flags
	for i := range sc.Units {
		if u := &sc.Units[i]; u.ID == p.ID && u.Side == p.Side {
			flags = append(flags[:len(flags):len(flags)], u.Flags...)
			break
		}
	}
	for _, f := range flags {
		if c, ok := sc.Colors[f]; ok && f != "A" && f != "B" {
			return symbol, c
		}
	}
	return symbol, color
}

// Objective is a scored place. Cells holds the cells that count for both
// sides; ForSide, when set, the cells that count for one side only (the far
// end of a bridge).
type Objective struct {
	Name    string                `json:"name"`
	Kind    string                `json:"kind"` // "hex", "bridge", "island", "zone", "exit"
	Points  int                   `json:"points"`
	Cells   []grid.Coord          `json:"cells,omitempty"`
	ForSide map[Side][]grid.Coord `json:"for_side,omitempty"`
}

// StartPos is the clock of a test position.
type StartPos struct {
	Turn  int    `json:"turn"`
	Phase string `json:"phase"`
}

// UnitSpec is one unit of a scenario.
type UnitSpec struct {
	ID   string `json:"id"`
	Side Side   `json:"side"`
	// Type is the arm or class as the ruleset names it ("infantry").
	Type string `json:"type"`
	// Name is the counter's printed designation ("I6a"), also accepted in
	// orders by the owning side.
	Name   string         `json:"name,omitempty"`
	Values map[string]int `json:"values,omitempty"`
	// At is the starting cell; nil when the unit deploys or enters later.
	At *grid.Coord `json:"at,omitempty"`
	// Group is a reinforcement group or formation name.
	Group string   `json:"group,omitempty"`
	Flags []string `json:"flags,omitempty"`
}

// Param returns a scenario parameter or def.
func (sc *Scenario) Param(name, def string) string {
	if v, ok := sc.Params[name]; ok {
		return v
	}
	return def
}

// Map is the terrain of a scenario: the grid, a terrain per cell, features
// on edges between cells (rivers, streams, bridges, ridges) and links
// between adjacent cells (roads, paths).
type Map struct {
	Grid  grid.Grid
	Cells map[grid.Coord]Cell
	Edges map[grid.Edge][]string
	Links map[grid.Edge][]string
	// Source names the map files, for error messages.
	Source string
}

// Cell is the terrain of one cell.
type Cell struct {
	Terrain string `json:"terrain"`
	Level   int    `json:"level,omitempty"` // 0 low ground, 1 high ground …
	Name    string `json:"name,omitempty"`
}

// CellAt returns the cell at c ("clear" if the map says nothing).
func (m *Map) CellAt(c grid.Coord) Cell {
	if x, ok := m.Cells[c]; ok {
		return x
	}
	return Cell{Terrain: "clear"}
}

// EdgeHas reports whether the edge between a and b has the feature.
func (m *Map) EdgeHas(a, b grid.Coord, feature string) bool {
	for _, f := range m.Edges[grid.EdgeOf(a, b)] {
		if f == feature {
			return true
		}
	}
	return false
}

// Linked reports whether a and b are joined by a link of the kind ("road").
func (m *Map) Linked(a, b grid.Coord, kind string) bool {
	for _, f := range m.Links[grid.EdgeOf(a, b)] {
		if f == kind {
			return true
		}
	}
	return false
}

// Label prints a cell of the map.
func (m *Map) Label(c grid.Coord) string { return m.Grid.Label(c) }

// Table is a ruleset table as data: named columns, named rows, and one
// string per cell. Lookup finds a cell by row and column names.
type Table struct {
	Name string     `json:"name"`
	Cols []string   `json:"cols"`
	Rows []string   `json:"rows"`
	Cell [][]string `json:"cells"`
}

// Lookup returns the cell at (row, col) by name.
func (t *Table) Lookup(row, col string) (string, error) {
	ri, ci := -1, -1
	for i, r := range t.Rows {
		if r == row {
			ri = i
		}
	}
	for i, c := range t.Cols {
		if c == col {
			ci = i
		}
	}
	if ri < 0 || ci < 0 {
		return "", fmt.Errorf("table %s has no cell (%s, %s)", t.Name, row, col)
	}
	return t.Cell[ri][ci], nil
}

// ZoneNames lists a scenario's zones in sorted order.
func (sc *Scenario) ZoneNames() []string {
	out := make([]string, 0, len(sc.Zones))
	for k := range sc.Zones {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
