package gs

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
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

func (s *State) m() *game.Map {
	decideOnly("map data")
	return s.sc.Map
}

func (s *State) terrain(c grid.Coord) string { return s.info().Terrain[s.info().At(c)] }

func (s *State) high(c grid.Coord) bool { return s.level(c) > 0 }

func (s *State) level(c grid.Coord) int { return s.info().Level[s.info().At(c)] }

// unbridged reports an unbridged river between adjacent a and b.
func (s *State) unbridged(a, b grid.Coord) bool {
	return s.flags(a, b)&(fRiver|fBridge) == fRiver
}

// linkKind is "road", "path" or "" for the step a→b (GS-2.11, GS-P-03).
func (s *State) linkKind(a, b grid.Coord) string {
	f := s.flags(a, b)
	switch {
	case f&fRoad != 0:
		return Road
	case f&fPath != 0:
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
	return s.armCosts(arm)[s.info().At(c)]
}

// forbiddenTerrain reports terrain the arm may enter only by road or path
// (artillery in forest or marsh, GS-5.12).
func (s *State) forbiddenTerrain(u *Unit, c grid.Coord) bool {
	return s.hexCost(u.moveArm(), c) < 0
}

// moveArm is the arm whose movement costs u pays: a face-down unit moves
// as artillery (GS-P-34).
func (u *Unit) moveArm() string {
	if u.FaceDown {
		return Artillery
	}
	return u.Arm
}

// stepCost prices one step of a move for u in half MP, with ok=false
// where the step is impossible, ignoring units (GS-2.8–2.11).
func (s *State) stepCost(u *Unit, from, to grid.Coord) (int, bool) {
	return s.stepCostWith(s.armCosts(u.moveArm()), u, from, to)
}

// stepCostWith prices a step with the arm's cell costs already looked up.
func (s *State) stepCostWith(costs []int, u *Unit, from, to grid.Coord) (int, bool) {
	f := s.flags(from, to)
	switch {
	case f&(fRiver|fBridge) == fRiver:
		return 0, false
	case f&fRoad != 0:
		return 1, true
	case f&fPath != 0:
		return 2, true
	}
	c := costs[s.info().At(to)]
	if c < 0 {
		return 0, false
	}
	if f&fStream != 0 {
		c += 2
	}
	return c, true
}

// controls reports whether unit e exerts its zone of control over c
// (GS-3.1, 3.7: not into villages and forests, nor across an unbridged
// river).
func (s *State) controls(e *Unit, c grid.Coord) bool {
	return e.OnMap() && mech.Exerts(s.info().Flat, s.info().zoc, e.At, c)
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
