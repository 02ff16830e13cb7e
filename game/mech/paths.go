package mech

import "github.com/grognard/grognard/game/grid"

// Paths enumerates, depth first and in direction order, the simple paths
// of n steps from start: each step goes to an adjacent cell not yet on
// the path that enter(from, to) allows. It is the search behind retreats
// (a Grands Stratèges retreat is one hex, a Peter the Great retreat a
// path of several, P-RET-ALGO); the ruleset ranks what it finds.
//
// found receives each complete path, start first; off, when not nil,
// receives each path cut short by a step off the map, with that off-map
// cell (a unit retreating off the map). Both receive a slice that Paths
// reuses: copy it to keep it.
func Paths(g grid.Grid, start grid.Coord, n int, enter func(from, to grid.Coord) bool, found func(path []grid.Coord), off func(path []grid.Coord, to grid.Coord)) {
	path := make([]grid.Coord, 1, n+1)
	path[0] = start
	var walk func(cur grid.Coord)
	walk = func(cur grid.Coord) {
		for d := 0; d < g.Dirs(); d++ {
			o := g.Step(cur, d)
			if !g.Contains(o) {
				if off != nil {
					off(path, o)
				}
				continue
			}
			if onPath(path, o) || !enter(cur, o) {
				continue
			}
			path = append(path, o)
			if len(path) == n+1 {
				found(path)
			} else {
				walk(o)
			}
			path = path[:len(path)-1]
		}
	}
	if n > 0 {
		walk(start)
	}
}

func onPath(path []grid.Coord, c grid.Coord) bool {
	for _, x := range path {
		if x == c {
			return true
		}
	}
	return false
}
