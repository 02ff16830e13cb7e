package mech_test

import (
	"slices"
	"testing"

	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

func collect(g grid.Grid, start grid.Coord, n int, enter func(a, b grid.Coord) bool) (paths, offs [][]grid.Coord) {
	mech.Paths(g, start, n, enter,
		func(p []grid.Coord) { paths = append(paths, slices.Clone(p)) },
		func(p []grid.Coord, o grid.Coord) { offs = append(offs, append(slices.Clone(p), o)) })
	return paths, offs
}

func TestPathsCounts(t *testing.T) {
	g := grid.NewHex(9, 9)
	p := func(s string) grid.Coord { return grid.MustParse(g, s) }
	all := func(a, b grid.Coord) bool { return true }
	for _, c := range []struct {
		name  string
		g     grid.Grid
		start grid.Coord
		n     int
		enter func(a, b grid.Coord) bool
		paths int
		offs  int
	}{
		{"one step", g, p("0404"), 1, all, 6, 0},
		{"two steps", g, p("0404"), 2, all, 30, 0},
		{"three steps", g, p("0404"), 3, all, 6 * (2*4 + 3*5), 0}, // after a straight pair 5 ways on, after a turn 4 of 5 steps are new
		{"corner", g, p("0000"), 1, all, 2, 4},
		{"nowhere", g, p("0404"), 2, func(a, b grid.Coord) bool { return false }, 0, 0},
		{"north only", g, p("0404"), 2, func(a, b grid.Coord) bool { return b.Y < a.Y }, 5, 0}, // N, NE and NW go north from an even column, only N from an odd one
		{"none asked", g, p("0404"), 0, all, 0, 0},
		{"square, corner", grid.NewSquare(8, 8), grid.Coord{}, 2, all, 4, 4}, // 2 off at once, then 2 on and 1 off from each of the 2 first steps
	} {
		paths, offs := collect(c.g, c.start, c.n, c.enter)
		if len(paths) != c.paths || len(offs) != c.offs {
			t.Errorf("%s: %d paths, %d off the map; want %d, %d", c.name, len(paths), len(offs), c.paths, c.offs)
		}
	}
}

// TestPathsAreSimple: every path found is n steps of adjacent cells, never
// twice the same cell, each step allowed; paths come in direction order
// and none twice.
func TestPathsAreSimple(t *testing.T) {
	for _, g := range []grid.Grid{grid.NewHex(6, 6), grid.NewSquare(5, 5)} {
		for _, start := range g.Cells() {
			enter := func(a, b grid.Coord) bool { return (a.X*7+b.Y*3+b.X)%5 != 0 }
			for n := 1; n <= 3; n++ {
				paths, offs := collect(g, start, n, enter)
				seen := map[string]bool{}
				for _, path := range paths {
					if len(path) != n+1 || path[0] != start {
						t.Fatalf("%s from %v: path %v", g.Kind(), start, path)
					}
					for i := 1; i < len(path); i++ {
						if !g.Adjacent(path[i-1], path[i]) || !enter(path[i-1], path[i]) || slices.Contains(path[:i], path[i]) {
							t.Fatalf("%s from %v: bad step %d in %v", g.Kind(), start, i, path)
						}
					}
					k := g.Label(path[len(path)-1])
					for _, c := range path {
						k += "," + g.Label(c)
					}
					if seen[k] {
						t.Fatalf("%s from %v: path %v twice", g.Kind(), start, path)
					}
					seen[k] = true
				}
				for _, o := range offs {
					if g.Contains(o[len(o)-1]) || len(o) > n+1 || !g.Adjacent(o[len(o)-2], o[len(o)-1]) {
						t.Fatalf("%s from %v: bad exit %v", g.Kind(), start, o)
					}
				}
				if n == 1 {
					var want []grid.Coord
					for _, c := range g.Neighbors(start) {
						if enter(start, c) {
							want = append(want, c)
						}
					}
					var got []grid.Coord
					for _, p := range paths {
						got = append(got, p[1])
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%s from %v: one-step paths end in %v, want %v (direction order)", g.Kind(), start, got, want)
					}
				}
			}
		}
	}
}
