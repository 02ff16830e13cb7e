package ptg

import (
	"github.com/grognard/grognard/game/grid"
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
	tr := grid.HexLines(a, b)
	t0, t1 := tr[0], tr[1]
	mi := s.info()
	except := mi.entSide[mi.At(a)] || mi.entSide[mi.At(b)]
	along := s.on("los-units-along-hexside")
	var line []grid.Coord
	clear := true
	for i := 1; i < len(t0)-1; i++ {
		h0, h1 := t0[i], t1[i]
		if h0 == h1 {
			line = append(line, h0)
			if s.blocks(h0, true) {
				clear = false
			}
			continue
		}
		line = append(line, h0, h1)
		if s.blocks(h0, along) && s.blocks(h1, along) {
			clear = false
		}
		if !except && s.entrenchSide(h0, h1) {
			clear = false
		}
	}
	if !except {
		for i := 0; i+1 < len(t0); i++ {
			if t0[i] == t1[i] && t0[i+1] == t1[i+1] && s.entrenchSide(t0[i], t0[i+1]) {
				clear = false
			}
		}
	}
	return clear, line
}

// fireStrength says how artillery u fires at hex t at range (PTG-7.1.1,
// 7.1.7, T-RANGE): "N", "½", or "" when it may not (out of range, bad
// visibility beyond 3 hexes, no line of sight). Adjacent fire is "N".
func (s *State) fireStrength(u *Unit, t grid.Coord) (att string, why string) {
	r := s.dist(u.At, t)
	if r <= 1 {
		return "N", ""
	}
	if s.Visibility == "bad" && r > 3 {
		return "", "bad visibility: artillery fires at most 3 hexes (PTG-14.7.2)"
	}
	a := s.info().tables.attenuation(u.Type, r)
	if a == "." {
		return "", "out of range (T-RANGE)"
	}
	if ok, _ := s.LoS(u.At, t); !ok {
		return "", "no line of sight (PTG-7.1.4)"
	}
	return a, ""
}
