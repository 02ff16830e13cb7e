package ptg

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// blocks reports hex terrain that blocks an artillery line of sight:
// woods, ravines, buildings and redoubts of both kinds (PTG-7.1.5); with
// units, also any hex holding combat units of either side.
func (s *State) blocks(c grid.Coord, units bool) bool {
	switch s.terrain(c) {
	case Woods, Ravine, Building:
		return true
	}
	if s.RedoubtAt(c) != nil {
		return true
	}
	return units && len(s.combatAt(c)) > 0
}

// LoS reports whether artillery in a sees the centre of b (PTG-7.1.4–
// 7.1.6): nothing in the hexes between blocks; where the line runs exactly
// along a hexside only both hexes beside it together block (P-LOS-UNITS:
// units count); an entrenchment hexside crossed or run along blocks
// unless the firing or the target hex has an entrenchment side. The
// firing and target hexes never block. It returns the hexes of the line.
func (s *State) LoS(a, b grid.Coord) (bool, []grid.Coord) {
	mi := s.info()
	except := mi.entSide[mi.At(a)] || mi.entSide[mi.At(b)]
	along := s.on("los-units-along-hexside")
	blocks := func(c grid.Coord, beside bool) bool { return s.blocks(c, !beside || along) }
	var edge func(c, d grid.Coord) bool
	if !except {
		edge = s.entrenchSide
	}
	return mech.Sight(s.grid(), a, b, blocks, edge)
}

// fireStrength says how artillery u fires at hex t at range (PTG-7.1.1,
// 7.1.7, T-RANGE): "N", "½", or "" when it may not (out of range, bad
// visibility beyond 3 hexes, no line of sight). Adjacent fire is "N".
func (s *State) fireStrength(u *Unit, t grid.Coord) (att string, why game.Msg) {
	r := s.dist(u.At, t)
	if r <= 1 {
		return "N", game.Msg{}
	}
	if s.Visibility == "bad" && r > 3 {
		return "", game.M("ptg.fire.visibility")
	}
	a := s.info().tables.attenuation(u.Type, r)
	if a == "." {
		return "", game.M("ptg.fire.range")
	}
	if ok, _ := s.LoS(u.At, t); !ok {
		return "", game.M("ptg.fire.los")
	}
	return a, game.Msg{}
}
