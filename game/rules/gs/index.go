package gs

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// index is a snapshot of who stands where and which hexes each side
// controls, built once for a movement search instead of scanning every
// unit at every step.
type index struct {
	w, h int
	occ  []*Unit
	ctrl [2][]bool
}

func (s *State) newIndex() *index {
	mi := s.info()
	w, h := mi.W, mi.H
	ix := &index{w: w, h: h, occ: make([]*Unit, w*h)}
	ix.ctrl[0], ix.ctrl[1] = make([]bool, w*h), make([]bool, w*h)
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() {
			continue
		}
		ix.occ[ix.at(u.At)] = u
		mech.Project(mi.Flat, mi.zoc, ix.ctrl[u.Side], mi.At(u.At), mech.AllDirs)
	}
	return ix
}

func (ix *index) at(c grid.Coord) int { return c.X*ix.h + c.Y }

func (ix *index) unit(c grid.Coord) *Unit { return ix.occ[ix.at(c)] }

// enemyControlled reports whether c is controlled by side's enemy.
func (ix *index) enemyControlled(side game.Side, c grid.Coord) bool {
	return ix.ctrl[side.Other()][ix.at(c)]
}
