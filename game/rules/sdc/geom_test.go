package sdc

import (
	"testing"

	"github.com/grognard/grognard/game/grid"
)

// TestFaces checks the vertex facing of SDC-G.7 (TBL-24) on the grid
// turned a quarter (SDC-G.2): the four faces of a base (SDC-2.2) become
// two front hexsides, one flank each side, two rear hexsides; every
// adjacent enemy is in contact through one of them (SDC-2.4, SDC-G.8).
func TestFaces(t *testing.T) {
	g := grid.NewHex(20, 20)
	x := grid.Coord{X: 10, Y: 10}
	for v := 0; v < 6; v++ {
		count := map[string]int{}
		for d := 0; d < 6; d++ {
			count[faceTouched(x, v, g.Step(x, d))]++
		}
		if count[Front] != 2 || count[Flank] != 2 || count[Rear] != 2 {
			t.Errorf("facing %s: %v", FacingName(v), count)
		}
		// The front hexsides lie at ±30° of the facing.
		for _, d := range frontDirs(v) {
			if off := offFacing(x, v, g.Step(x, d)); off < 29.9 || off > 30.1 {
				t.Errorf("facing %s: front dir %d at %.1f°", FacingName(v), d, off)
			}
		}
		for _, d := range flankDirs(v) {
			if off := offFacing(x, v, g.Step(x, d)); off < 89.9 || off > 90.1 {
				t.Errorf("facing %s: flank dir %d at %.1f°", FacingName(v), d, off)
			}
		}
	}
	// Facing E (v=1): front NE and SE, flanks N and S, rear SW and NW.
	if faceTouched(x, 1, g.Step(x, 1)) != Front || faceTouched(x, 1, g.Step(x, 0)) != Flank || faceTouched(x, 1, g.Step(x, 4)) != Rear {
		t.Errorf("facing E")
	}
	for _, n := range facingNames {
		if v, ok := ParseFacing(n); !ok || FacingName(v) != n {
			t.Errorf("facing %s does not round-trip", n)
		}
	}
}

// TestArc: the artillery arc is ±45° (SDC-10.3, SDC-T-FIRE-18): facing E,
// a target straight east is in it, one at 60° off (due NE-N) is not.
func TestArc(t *testing.T) {
	x := grid.Coord{X: 10, Y: 10}
	if !inArc(x, 1, grid.Coord{X: 16, Y: 10}) {
		t.Errorf("east target out of arc")
	}
	// Two hexes N then east: bearing well over 45° from east.
	if inArc(x, 1, grid.Coord{X: 11, Y: 7}) {
		t.Errorf("steep target in arc")
	}
	if sector(x, 1, grid.Coord{X: 10, Y: 5}) != Flank || sector(x, 1, grid.Coord{X: 4, Y: 10}) != Rear || sector(x, 1, grid.Coord{X: 16, Y: 10}) != Front {
		t.Errorf("sectors")
	}
}
