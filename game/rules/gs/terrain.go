package gs

import (
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Terrain names used by the Grands Stratèges maps (GS-T1).
const (
	Clear   = "clear"
	Village = "village"
	Forest  = "forest"
	Marsh   = "marsh"
)

// Edge and link features.
const (
	River  = "river"
	Stream = "stream"
	Bridge = "bridge"
	Ridge  = "ridge"
	Road   = "road"
	Path   = "path"
)

func (s *State) m() *game.Map { return s.sc.Map }

func (s *State) terrain(c grid.Coord) string { return s.m().CellAt(c).Terrain }

func (s *State) high(c grid.Coord) bool { return s.m().CellAt(c).Level > 0 }

// unbridged reports an unbridged river between adjacent a and b.
func (s *State) unbridged(a, b grid.Coord) bool {
	return s.m().EdgeHas(a, b, River) && !s.m().EdgeHas(a, b, Bridge)
}

// linkKind is "road", "path" or "" for the step a→b (GS-2.11, GS-P-03).
func (s *State) linkKind(a, b grid.Coord) string {
	if s.m().Linked(a, b, Road) {
		return Road
	}
	if s.m().Linked(a, b, Path) {
		return Path
	}
	return ""
}

// onRoadOrPath reports whether c has any road or path link.
func (s *State) onRoadOrPath(c grid.Coord) bool {
	for _, n := range s.m().Grid.Neighbors(c) {
		if s.linkKind(c, n) != "" {
			return true
		}
	}
	return false
}

// hexCost is the movement cost in half MP of entering a hex of its terrain
// off-road for the arm, or -1 where the arm may not go (GS-T1).
func (s *State) hexCost(arm string, c grid.Coord) int {
	t := s.sc.Tables["move-cost"]
	if t == nil {
		return -1
	}
	v, err := t.Lookup(s.terrain(c), arm)
	if err != nil {
		return -1
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return -1
	}
	return int(f * 2)
}

// forbiddenTerrain reports terrain the arm may enter only by road or path
// (artillery in forest or marsh, GS-5.12).
func (s *State) forbiddenTerrain(u *Unit, c grid.Coord) bool {
	return s.hexCost(u.Arm, c) < 0
}

// stepCost prices one step of a move for u in half MP, with ok=false
// where the step is impossible, ignoring units (GS-2.8–2.11).
func (s *State) stepCost(u *Unit, from, to grid.Coord) (int, bool) {
	if s.unbridged(from, to) {
		return 0, false
	}
	switch s.linkKind(from, to) {
	case Road:
		return 1, true
	case Path:
		return 2, true
	}
	c := s.hexCost(u.Arm, to)
	if c < 0 {
		return 0, false
	}
	if s.m().EdgeHas(from, to, Stream) {
		c += 2
	}
	return c, true
}

// controllable reports whether a hex can be in a zone of control at all
// (GS-3.7: villages and forests cannot).
func (s *State) controllable(c grid.Coord) bool {
	t := s.terrain(c)
	return t != Village && t != Forest
}

// controls reports whether unit e exerts its zone of control over c
// (GS-3.1, 3.7).
func (s *State) controls(e *Unit, c grid.Coord) bool {
	if !e.OnMap() || !s.m().Grid.Adjacent(e.At, c) || !s.controllable(c) {
		return false
	}
	return !s.unbridged(e.At, c)
}

// controllers lists the units of side that control c.
func (s *State) controllers(side game.Side, c grid.Coord) []*Unit {
	var out []*Unit
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side && s.controls(e, c) {
			out = append(out, e)
		}
	}
	return out
}

// enemyControlled reports whether c is in the zone of control of a unit of
// the side opposing side.
func (s *State) enemyControlled(side game.Side, c grid.Coord) bool {
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != side && s.controls(e, c) {
			return true
		}
	}
	return false
}

// stuckOnForestRoad reports artillery on a road or path in a forest or
// marsh hex, which cannot fight (GS-5.13).
func (s *State) stuckOnForestRoad(u *Unit) bool {
	return u.Arm == Artillery && u.OnMap() && s.forbiddenTerrain(u, u.At)
}

// canClose reports whether a and d may fight in close combat: adjacent and
// not across an unbridged river (GS-4.3, 4.4).
func (s *State) canClose(a, d *Unit) bool {
	return s.m().Grid.Adjacent(a.At, d.At) && !s.unbridged(a.At, d.At)
}

// mayEnter reports whether u may end a retreat or an advance in c coming
// from its hex: on the map, no unbridged river, terrain it may enter
// (artillery needs a road or path link into forest or marsh) (GS-4.22,
// GS-P-09).
func (s *State) mayEnter(u *Unit, from, to grid.Coord) bool {
	if !s.m().Grid.Contains(to) || s.unbridged(from, to) {
		return false
	}
	if s.forbiddenTerrain(u, to) && s.linkKind(from, to) == "" {
		return false
	}
	return true
}
