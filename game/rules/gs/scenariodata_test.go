package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/scenarios"
)

// The scenario rules of the digest live in the shipped scenario files;
// these tests check the files against the digest's figures.

func loadGS(t *testing.T, id string) *game.Scenario {
	t.Helper()
	sc, err := scenarios.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// size counts the columns and rows of the scenario's grid.
func size(sc *game.Scenario) (w, h int) {
	for x := 0; x < 100; x++ {
		if sc.Map.Grid.Contains(grid.Coord{X: x, Y: 0}) {
			w = x + 1
		}
	}
	for y := 0; y < 100; y++ {
		if sc.Map.Grid.Contains(grid.Coord{X: 0, Y: y}) {
			h = y + 1
		}
	}
	return w, h
}

// forces counts a side's units and printed PC.
func forces(sc *game.Scenario, side game.Side) (n, pc int) {
	for _, u := range sc.Units {
		if u.Side == side {
			n++
			pc += u.Values["pc"]
		}
	}
	return n, pc
}

// rows reports the rows a zone covers.
func rows(sc *game.Scenario, zone string) (lo, hi int) {
	lo, hi = 1<<30, -1
	for _, c := range sc.Zones[zone] {
		lo, hi = min(lo, c.Y), max(hi, c.Y)
	}
	return lo, hi
}

// GS-S1, GS-S3, GS-P-01, GS-P-19, GS-P-22, GS-P-23: board sizes, turns,
// victory margins, deployment rows and forces of scenarios I and III.
func TestScenarioDataGS_S1_S3(t *testing.T) {
	for _, c := range []struct {
		id           string
		w, h         int
		turns        int
		margin       string
		aRows, bRows [2]int
		units, pc    int
	}{
		// I: board B alone (GS-P-22), 20×24 (GS-P-01); 8 turns; losses 6 lower
		// win; the first 3 rows of each edge (GS-P-19); 7 units, 24 PC a side
		// (GS-P-23).
		{"gs-1", 20, 24, 8, "6", [2]int{0, 2}, [2]int{21, 23}, 7, 24},
		// III: [A|B] 40×24; 10 turns; a difference of 11 wins; 5 rows; the full
		// army, 25 units and 107 PC.
		{"gs-3", 40, 24, 10, "11", [2]int{0, 4}, [2]int{19, 23}, 25, 107},
	} {
		sc := loadGS(t, c.id)
		if w, h := size(sc); w != c.w || h != c.h {
			t.Errorf("%s: map %d×%d, want %d×%d", c.id, w, h, c.w, c.h)
		}
		if sc.Turns != c.turns {
			t.Errorf("%s: %d turns, want %d", c.id, sc.Turns, c.turns)
		}
		if got := sc.Params["loss-margin"]; got != c.margin || sc.Params["victory"] != "losses" {
			t.Errorf("%s: victory %s margin %s, want losses %s", c.id, sc.Params["victory"], got, c.margin)
		}
		if lo, hi := rows(sc, "deploy-A"); lo != c.aRows[0] || hi != c.aRows[1] {
			t.Errorf("%s: A deploys in rows %d–%d, want %v", c.id, lo, hi, c.aRows)
		}
		if lo, hi := rows(sc, "deploy-B"); lo != c.bRows[0] || hi != c.bRows[1] {
			t.Errorf("%s: B deploys in rows %d–%d, want %v", c.id, lo, hi, c.bRows)
		}
		for _, side := range game.Sides {
			if n, pc := forces(sc, side); n != c.units || pc != c.pc {
				t.Errorf("%s: %s has %d units, %d PC, want %d, %d", c.id, side, n, pc, c.units, c.pc)
			}
		}
	}
}

// GS-T3, GS-T4, GS-P-35, GS-P-36: the random demoralization tables of
// scenarios IXb (different for A and B) and X (the same for both); in X
// face-down movement and the random threshold are on by default (special
// rules 2 and 3), and scenario VIII's option (c) is not used in IXb.
func TestScenarioDataGS_T3_T4(t *testing.T) {
	ix, x := loadGS(t, "gs-9b"), loadGS(t, "gs-10")
	for k, want := range map[string]string{
		"morale-dice-A": "1:30 2-3:40 4-5:50 6:60",
		"morale-dice-B": "1-2:40 3-4:50 5-6:60",
	} {
		if got := ix.Params[k]; got != want {
			t.Errorf("gs-9b %s = %q, want %q (GS-T3)", k, got, want)
		}
	}
	for _, k := range []string{"morale-dice-A", "morale-dice-B"} {
		if got := x.Params[k]; got != "1-2:40 3-4:50 5-6:60" {
			t.Errorf("gs-10 %s = %q (GS-T4)", k, got)
		}
	}
	for _, o := range []string{"face-down", "random-morale"} {
		if x.Options[o] != "on" {
			t.Errorf("gs-10: option %s is %q by default, want on (GS-P-36)", o, x.Options[o])
		}
	}
	if ix.Options["morale-exclusive"] == "on" {
		t.Errorf("gs-9b: morale-exclusive on by default (GS-P-35)")
	}
}

// GS-S7.deploy, GS-P-30: in scenario VII player A sets up "obligatoirement
// à moins de 12 hexagones entiers du bord sud des cartes", rows 12–23, the
// side B enters from (its roads are chosen before A sets up, unseen by A).
// The rulebook wins over the digest's reading (GS-P-30, at least 12 hexes
// away, rows 0–11), which is the option deploy-literal=off.
func TestScenarioVIIDeploymentGS_S7(t *testing.T) {
	for _, c := range []struct {
		opts    game.Options
		in, out string
	}{
		{nil, "A0515", "A0505"},
		{game.Options{"deploy-literal": "off"}, "A0505", "A0515"},
	} {
		g, err := game.Start(gs.New(), loadGS(t, "gs-7"), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		try := func(hex string) error {
			cmd, err := game.ParseCommand(game.SideA, "deploy I8a "+hex)
			if err != nil {
				t.Fatal(err)
			}
			_, err = gs.New().Decide(g.State, cmd, nil)
			return err
		}
		if err := try(c.in); err != nil {
			t.Errorf("%v: deploying in %s: %v", c.opts, c.in, err)
		}
		if re, ok := game.AsRuleError(try(c.out)); !ok || re.Code != "outside-zone" {
			t.Errorf("%v: deploying in %s accepted", c.opts, c.out)
		}
	}
}
