package ptg

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// index is a snapshot of who stands where, which hexes each side's zones
// of control cover and where the fire zones are, built once for a search
// instead of scanning every unit at every step.
type index struct {
	mi      *info
	first   []int32 // first unit in the hex, -1 none
	next    []int32 // next unit in the same hex
	combat  [2][]uint8
	leaders [2][]uint8
	zoc     [2][]bool
	fz      [2][]bool
	red     []int8 // 0 none, 1 completed redoubt, 2 under construction
}

// newIndex returns the state's index, built once: states are values that
// evolve never changes after returning them.
func (s *State) newIndex() *index {
	if s.ix == nil {
		s.ix = s.buildIndex()
	}
	return s.ix
}

func (s *State) buildIndex() *index {
	mi := s.info()
	n := mi.Len()
	ix := &index{mi: mi, first: make([]int32, n), next: make([]int32, len(s.Units)), red: make([]int8, n)}
	for i := range ix.first {
		ix.first[i] = -1
	}
	for _, side := range game.Sides {
		ix.combat[side] = make([]uint8, n)
		ix.leaders[side] = make([]uint8, n)
		ix.zoc[side] = make([]bool, n)
		ix.fz[side] = make([]bool, n)
	}
	zr := s.zocRule()
	for i := range s.Units {
		u := &s.Units[i]
		ix.next[i] = -1
		if !u.OnMap() {
			continue
		}
		h := mi.At(u.At)
		ix.next[i] = ix.first[h]
		ix.first[h] = int32(i)
		if u.Leader() {
			ix.leaders[u.Side][h]++
			continue
		}
		ix.combat[u.Side][h]++
		if !s.exertsZOC(u) {
			continue
		}
		mech.Project(mi.Flat, zr, ix.zoc[u.Side], h, mech.AllDirs)
	}
	for _, r := range s.Redoubts {
		ix.red[mi.At(r.At)] = 1
		if r.Building {
			ix.red[mi.At(r.At)] = 2
		}
	}
	for _, z := range s.FireZones {
		ix.fz[z.Side][mi.At(z.To)] = true
	}
	return ix
}

// exertsZOC: every non-routed combat unit but pickets (PTG-4.3, 4.3.2, 7.8).
func (s *State) exertsZOC(u *Unit) bool {
	return u.OnMap() && u.Combat() && !u.Routed && u.Class() != ClassPicket
}

// zocRule: a zone of control reaches every adjacent hex but across a lake
// hexside, unless the option lets it (PTG-4.3).
func (s *State) zocRule() mech.ZOCRule {
	if s.on("zoc-across-lake") {
		return mech.ZOCRule{}
	}
	return mech.ZOCRule{Blocked: mech.EdgeTest{Mask: eLake, Want: eLake}}
}

// enemyZOC reports whether c is in a zone of control of side's enemy.
func (ix *index) enemyZOC(side game.Side, c grid.Coord) bool {
	return ix.zoc[side.Other()][ix.mi.At(c)]
}

// enemyCombat reports enemy combat units in c.
func (ix *index) enemyCombat(side game.Side, c grid.Coord) bool {
	return ix.combat[side.Other()][ix.mi.At(c)] > 0
}

// unitsAt lists the units in hex index h.
func (ix *index) unitsAt(s *State, h int) []*Unit {
	var out []*Unit
	for i := ix.first[h]; i >= 0; i = ix.next[i] {
		out = append(out, &s.Units[i])
	}
	return out
}

// enemyZOC is the index-free form, for single questions.
func (s *State) enemyZOC(side game.Side, c grid.Coord) bool {
	for _, o := range s.grid().Neighbors(c) {
		for _, u := range s.combatAt(o) {
			if u.Side != side && s.exertsZOC(u) && mech.Exerts(s.info().Flat, s.zocRule(), o, c) {
				return true
			}
		}
	}
	return false
}

// zocOf lists the enemy units (of side's enemy) whose zone of control
// covers c.
func (s *State) zocOf(side game.Side, c grid.Coord) []*Unit {
	var out []*Unit
	for _, o := range s.grid().Neighbors(c) {
		for _, u := range s.combatAt(o) {
			if u.Side != side && s.exertsZOC(u) && mech.Exerts(s.info().Flat, s.zocRule(), o, c) {
				out = append(out, u)
			}
		}
	}
	return out
}

// overStacked explains why the units (plus add, if not nil) break the
// stacking limits of PTG-5.0, or returns the zero message: at most one infantry or
// cavalry unit, and at most two counted combat units of which one is
// artillery, a picket or engineers; leaders and parenthesized units are
// free.
func (s *State) overStacked(units []*Unit, add *Unit) game.Msg {
	var st stack
	for _, u := range units {
		if u != add {
			st.add(u)
		}
	}
	if add != nil {
		st.add(add)
	}
	switch {
	case st.n > 2:
		return game.M("ptg.stack.too-many", "n", st.n)
	case st.over():
		return game.M("ptg.stack.pair", "unit", st.a.ID, "other", st.b.ID)
	}
	return game.Msg{}
}

// stack counts the units of a hex for the stacking limits (overStacked)
// without keeping a list: the number that count and the first two.
type stack struct {
	n    int
	a, b *Unit
}

func (st *stack) add(u *Unit) {
	if !u.Counts() {
		return
	}
	switch st.n {
	case 0:
		st.a = u
	case 1:
		st.b = u
	}
	st.n++
}

// over reports a breach of PTG-5.0.
func (st *stack) over() bool {
	return st.n > 2 || st.n == 2 && !st.a.freeStacker() && !st.b.freeStacker()
}
