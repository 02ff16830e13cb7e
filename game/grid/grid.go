// Package grid is the geometry every ruleset stands on: hex and square grids
// behind one interface, cell labels as printed on the boards, edges between
// cells, distance, lines of sight and a movement flood (Reach).
//
// Coordinates are plain column/row pairs (Coord{X, Y}) in the grid's own
// offset layout. A hex grid is flat-topped in the "odd-q" layout of the
// printed wargames: odd columns sit half a hex lower. Cells are labelled CCRR
// (column then row, two digits each, "0512"; three or more when a map's
// columns or rows run past 99: CCCRR, "10512", on every cell of such a
// map, "00512" too); a hex grid assembled from
// geomorphic boards also accepts board-local labels such as "A0712".
// A square grid is labelled like a chess board, "a1" … "h8", with a1 at the
// bottom left (row 0 is the top row, as for hexes, so "a8" is Coord{0,0}).
//
// The package imports only the standard library.
package grid

import (
	"errors"
	"fmt"
)

// Coord is a cell in a grid's offset coordinates: X is the column counted
// from the west edge, Y the row counted from the north edge.
type Coord struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Less orders coordinates row-major by column then row, which matches the
// order of printed CCRR labels.
func (c Coord) Less(d Coord) bool {
	if c.X != d.X {
		return c.X < d.X
	}
	return c.Y < d.Y
}

// Edge is the side shared by two adjacent cells, stored with the smaller
// coordinate first so that each edge has one representation.
type Edge struct {
	A, B Coord
}

// EdgeOf returns the canonical edge between a and b (which need not be
// adjacent for the value to be formed; callers check adjacency).
func EdgeOf(a, b Coord) Edge {
	if b.Less(a) {
		a, b = b, a
	}
	return Edge{a, b}
}

// Other returns the cell across the edge from c.
func (e Edge) Other(c Coord) Coord {
	if c == e.A {
		return e.B
	}
	return e.A
}

// ErrLabel is returned (wrapped) by Parse for text that is not a cell label
// of the grid.
var ErrLabel = errors.New("not a cell label")

// Grid is the geometry shared by hex and square maps.
type Grid interface {
	// Kind is "hex" or "square".
	Kind() string
	// Size is the number of columns and rows.
	Size() (w, h int)
	Contains(c Coord) bool
	// Neighbors lists the adjacent cells inside the grid, in direction order.
	Neighbors(c Coord) []Coord
	// Adjacent reports whether a and b share an edge.
	Adjacent(a, b Coord) bool
	// Distance is the number of steps between two cells.
	Distance(a, b Coord) int
	// Label is the printed name of a cell; Parse is its inverse.
	Label(c Coord) string
	Parse(s string) (Coord, error)
	// Cells lists every cell, column by column.
	Cells() []Coord
	// Dirs is the number of directions (6 for hexes, 4 for squares).
	Dirs() int
	// Step returns the cell in direction d (0 = north, clockwise) from c,
	// which may lie outside the grid.
	Step(c Coord, d int) Coord
	// Center is the position of a cell's centre in units of the cell size,
	// used for lines of sight and drawing.
	Center(c Coord) (x, y float64)
}

func cellsOf(w, h int) []Coord {
	out := make([]Coord, 0, w*h)
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			out = append(out, Coord{x, y})
		}
	}
	return out
}

func neighborsOf(g Grid, c Coord) []Coord {
	out := make([]Coord, 0, g.Dirs())
	for d := 0; d < g.Dirs(); d++ {
		if n := g.Step(c, d); g.Contains(n) {
			out = append(out, n)
		}
	}
	return out
}

// DirTo returns the direction from a to an adjacent cell b, or -1.
func DirTo(g Grid, a, b Coord) int {
	if _, ok := g.(*Hex); ok {
		return hexDirTo(a, b)
	}
	for d := 0; d < g.Dirs(); d++ {
		if g.Step(a, d) == b {
			return d
		}
	}
	return -1
}

// MustParse parses a label and panics on error; for tests and tables.
func MustParse(g Grid, s string) Coord {
	c, err := g.Parse(s)
	if err != nil {
		panic(fmt.Sprintf("grid.MustParse(%q): %v", s, err))
	}
	return c
}
