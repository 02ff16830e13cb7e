package sdc

import (
	"slices"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// area is the result of a movement flood over the board's cells (index
// x·rows + y): the hexes reached, each with its cost, the hex it was
// entered from and whether only the road flood reaches it (SDC-8.5). Its
// buffers come from a pool and are kept from one flood to the next: a
// cell is reached when its stamp is the area's generation, so nothing is
// cleared between floods. Release gives it back.
type area struct {
	b     *board
	gen   uint32
	stamp []uint32
	prev  []int32
	cost  []int16
	stop  []bool
	road  []bool
	cells []int32 // the hexes reached, in the order reached (start first)
	next  []int32
	aux   *area // the road flood's buffers
	// The elements that move (an element and the one behind it) and
	// their kinds, for an element's reach.
	members []*Element
	kinds   []*Kind
}

var areas = sync.Pool{New: func() any { return new(area) }}

// newArea is an empty area of b's size from the pool.
func newArea(b *board) *area {
	a := areas.Get().(*area)
	a.reset(b)
	return a
}

func (a *area) reset(b *board) {
	n := b.g.W * b.g.H
	if len(a.stamp) != n {
		a.stamp, a.prev, a.cost = make([]uint32, n), make([]int32, n), make([]int16, n)
		a.stop, a.road = make([]bool, n), make([]bool, n)
		a.gen = 0
	}
	a.b = b
	a.gen++
	if a.gen == 0 { // wrapped: old stamps could match again
		clear(a.stamp)
		a.gen = 1
	}
	a.cells = a.cells[:0]
	a.members, a.kinds = a.members[:0], a.kinds[:0]
}

// release gives a back to the pool; a is not used after.
func (a *area) release() {
	if a.aux != nil {
		a.aux.b = nil
	}
	a.b = nil
	clear(a.members) // no pointer into a state kept in the pool
	areas.Put(a)
}

func (a *area) reached(i int) bool { return a.stamp[i] == a.gen }

// has reports whether c is reached.
func (a *area) has(c grid.Coord) bool { return a.b.g.Contains(c) && a.reached(a.b.at(c)) }

// onRoad reports whether c is reached by the road flood only.
func (a *area) onRoad(c grid.Coord) bool { return a.has(c) && a.road[a.b.at(c)] }

func (a *area) add(i, prev, cost int, stop, road bool) {
	a.stamp[i], a.prev[i], a.cost[i], a.stop[i], a.road[i] = a.gen, int32(prev), int16(cost), stop, road
	a.cells = append(a.cells, int32(i))
}

// path is the way to c from the start, the start excluded (grid.Path).
func (a *area) path(c grid.Coord) []grid.Coord {
	if !a.has(c) {
		return nil
	}
	var out []grid.Coord
	for i := a.b.at(c); int(a.prev[i]) != i; i = int(a.prev[i]) {
		out = append(out, a.b.coord(i))
	}
	slices.Reverse(out)
	return out
}

// reachedMap is the area as grid.Reach would give it.
func (a *area) reachedMap() map[grid.Coord]grid.Reached {
	out := make(map[grid.Coord]grid.Reached, len(a.cells))
	for _, i := range a.cells {
		out[a.b.coord(int(i))] = grid.Reached{Cost: int(a.cost[i]), Prev: a.b.coord(int(a.prev[i])), Stop: a.stop[i]}
	}
	return out
}

// flood is a breadth-first search over the hexes within budget for steps
// that all cost 1: step(from, d, to) says whether the step from cell from
// in direction d to cell to is allowed and whether it stops there. The
// hexes are reached in the order of the frontier, then of the directions,
// the first way to a hex kept.
func (a *area) flood(start grid.Coord, budget int, step func(from, d, to int) (ok, stop bool)) {
	nb := a.b.nb
	a.add(a.b.at(start), a.b.at(start), 0, false, false)
	lo := 0
	for d := 1; d <= budget && lo < len(a.cells); d++ {
		hi := len(a.cells)
		for _, from := range a.cells[lo:hi] {
			if a.stop[from] {
				continue
			}
			for k, to := range nb[6*from : 6*from+6] {
				if to < 0 || a.reached(int(to)) {
					continue
				}
				ok, stop := step(int(from), k, int(to))
				if !ok {
					continue
				}
				a.add(int(to), int(from), d, stop, false)
			}
		}
		lo = hi
	}
}

// unitAtIndex is the unit (head) in cell i, or nil.
func (s *State) unitAtIndex(i int) *Element {
	if j := s.occ[i]; j > 0 {
		return &s.Elements[j-1]
	}
	return nil
}

// enemyNearIndex is enemyNear for cell i.
func (s *State) enemyNearIndex(side game.Side, i int) bool {
	for _, n := range s.m.nb[6*i : 6*i+6] {
		if n >= 0 {
			if u := s.unitAtIndex(int(n)); u != nil && u.Side != side {
				return true
			}
		}
	}
	return false
}

// enterableIndex is board.enterable for cell i, on the map.
func (b *board) enterableIndex(k *Kind, i int) bool {
	switch terrains[b.ter[i]] {
	case River:
		return false
	case Wood:
		return k == nil || k.Woods
	}
	return true
}

// reach floods the hexes e may reach this activation: the standard flood
// and, when e stands on a road, the flood along the road with +1 PM
// (SDC-8.5, SDC-G.10), whose hexes the standard flood misses are marked
// road (the best way to them is all road).
func (s *State) reach(e *Element) *area {
	budget := s.allowance(e)
	a := newArea(s.m)
	for _, m := range s.members(e) {
		a.members, a.kinds = append(a.members, m), append(a.kinds, s.kind(m))
	}
	ks := a.kinds
	forced := s.Forced == "marching"
	front := frontDirs(e.Facing)
	var generals []int // the enemy generals' hexes
	for i := range s.Generals {
		if g := &s.Generals[i]; !g.Destroyed && !g.Off && g.Side != e.Side && s.m.g.Contains(g.At) {
			generals = append(generals, s.m.at(g.At))
		}
	}
	step := func(road bool) func(from, d, to int) (bool, bool) {
		return func(from, d, to int) (bool, bool) {
			onRoad := s.m.roads[from]&(1<<d) != 0
			if road && !onRoad {
				return false, false
			}
			for _, k := range ks {
				if !s.m.enterableIndex(k, to) {
					return false, false
				}
			}
			if u := s.unitAtIndex(to); u != nil && u.Side != e.Side {
				return false, false
			}
			if slices.Contains(generals, to) {
				return false, false
			}
			if forced && !onRoad { // SDC-8.7, SDC-G.9
				if !slices.Contains(front, d) || !s.m.open(s.m.coord(to)) {
					return false, false
				}
			}
			return true, s.enemyNearIndex(e.Side, to)
		}
	}
	a.flood(e.At, budget, step(false))
	if s.m.onRoad(e.At) {
		if a.aux == nil {
			a.aux = new(area)
		}
		r := a.aux
		r.reset(s.m)
		r.flood(e.At, budget+3, step(true))
		for _, i := range r.cells {
			if !a.reached(int(i)) {
				a.add(int(i), int(r.prev[i]), int(r.cost[i]), r.stop[i], true)
			}
		}
	}
	return a
}

// generalReach floods the hexes the activated general may reach (SDC-8.15).
func (s *State) generalReach(g *General) *area {
	budget := GeneralMove
	if s.Forced == "marching" {
		budget = GeneralForced
	}
	return s.plainReach(g.At, g.Side, budget)
}

// plainReach floods a general's moves: any hex but the river and the
// enemy's.
func (s *State) plainReach(at grid.Coord, side game.Side, budget int) *area {
	a := newArea(s.m)
	a.flood(at, budget, func(_, _, to int) (bool, bool) {
		if terrains[s.m.ter[to]] == River {
			return false, false
		}
		if u := s.unitAtIndex(to); u != nil && u.Side != side {
			return false, false
		}
		return true, false
	})
	return a
}
