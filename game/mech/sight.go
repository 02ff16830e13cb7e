package mech

import "github.com/grognard/grognard/game/grid"

// Lines of sight run from the centre of one cell to the centre of another
// (grid.Lines gives the two traces of that line, which differ where it
// runs exactly along an edge or through a corner). The firing and target
// cells never block. Rulesets read the traces in one of two ways.

// EitherTrace reports whether either trace from a to b is clear by the
// ruleset's test, and returns the first clear trace (the first trace when
// both are blocked). Grands Stratèges reads lines of fire this way
// (GS-P-12): a line along a hexside is blocked only when it is blocked on
// both sides.
func EitherTrace(g grid.Grid, a, b grid.Coord, clear func(trace []grid.Coord) bool) (bool, []grid.Coord) {
	trs := grid.Lines(g, a, b)
	for _, tr := range trs {
		if clear(tr) {
			return true, tr
		}
	}
	return false, trs[0]
}

// Sight walks the line from a to b step by step and reports whether it is
// clear, with the cells it passes between a and b. Where the line passes
// through a cell, blocks(c, false) says whether that cell blocks; where it
// runs along the edge between two cells, it is blocked only when
// blocks(c, true) holds for both. Every edge the line crosses from cell
// to cell or runs along is put to edge (nil: edges never block). Peter
// the Great reads artillery lines of sight this way (PTG-7.1.4–7.1.6).
func Sight(g grid.Grid, a, b grid.Coord, blocks func(c grid.Coord, beside bool) bool, edge func(c, d grid.Coord) bool) (bool, []grid.Coord) {
	tr := grid.Lines(g, a, b)
	t0, t1 := tr[0], tr[1]
	var line []grid.Coord
	clear := true
	for i := 1; i < len(t0)-1; i++ {
		h0, h1 := t0[i], t1[i]
		if h0 == h1 {
			line = append(line, h0)
			if blocks(h0, false) {
				clear = false
			}
			continue
		}
		line = append(line, h0, h1)
		if blocks(h0, true) && blocks(h1, true) {
			clear = false
		}
		if edge != nil && edge(h0, h1) {
			clear = false
		}
	}
	if edge != nil {
		for i := 0; i+1 < len(t0); i++ {
			if t0[i] == t1[i] && t0[i+1] == t1[i+1] && edge(t0[i], t0[i+1]) {
				clear = false
			}
		}
	}
	return clear, line
}
