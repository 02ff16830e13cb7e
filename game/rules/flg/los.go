package flg

import (
	"github.com/grognard/grognard/game/grid"
)

// tall: elephants stand above other troops (FLG-4.16): war and dwarf
// elephants, elephant artillery and panicking elephants.
func tall(u *Unit) bool {
	return u != nil && u.T().Has("elephant") && (!u.T().Has("eletowed") || u.Elephant)
}

// Sight reports whether a line of sight joins two hexes (FLG-4.12 …
// FLG-4.16, FLG-P-13). arty says the fire is artillery's, whose shadow
// zones apply from a hill (FLG-4.14); rifles on a hill are blocked by
// units as on level ground, except a unit at the foot of the hill. The
// line is computed from the higher hex, so it is symmetric (FLG-4.15).
// The two hexes' own terrain and units never block.
func (s *State) Sight(a, b grid.Coord, arty bool) bool {
	if s.level(a) < s.level(b) {
		a, b = b, a
	}
	high := tall(s.UnitAt(a)) || tall(s.UnitAt(b))
	for _, tr := range grid.HexLines(a, b) {
		if s.traceClear(tr, arty, high) {
			return true
		}
	}
	return false
}

func (s *State) traceClear(tr []grid.Coord, arty, high bool) bool {
	n := len(tr) - 1
	from := tr[0]
	elevated := s.level(from) > s.level(tr[n])
	var shadows []int // distances that are in a shadow
	for i := 1; i < n; i++ {
		h := tr[i]
		if s.terrain(h) == TMountain {
			return false
		}
		if i+1 < n && s.obstacleOn(h, tr[i+1]) != "" {
			return false // a linear obstacle crossed between two intermediate hexes
		}
		u := s.UnitAt(h)
		masksUnit := u != nil && !(high && !tall(u))
		woods := s.terrain(h) == TForest || s.terrain(h) == TTown
		if !elevated {
			if s.level(h) >= 1 || woods || masksUnit { // a hill is a mask on level ground (FLG-P-13 step 2)
				return false
			}
			continue
		}
		if s.level(h) >= s.level(from) {
			return false // a hill of the same level
		}
		foot := i == 1 && s.level(h) == 0
		if masksUnit && !foot {
			if !arty {
				return false
			}
			shadows = append(shadows, i+1)
		}
		if woods {
			for k := i + 1; k <= 2*i; k++ {
				shadows = append(shadows, k)
			}
		}
	}
	for _, d := range shadows {
		if d == n {
			return false
		}
	}
	return true
}
