package flg_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/scenarios"
)

// TestFixedBattlefield: the shipped flg-muhlbach gives its terrain in a
// map file (FLG-P-36): set-up keeps that map whatever the seed (the
// generator is not called), places the presets' armies to deploy on it,
// and turns its [[objective]] tables into each side's objectives.
func TestFixedBattlefield(t *testing.T) {
	sc, err := scenarios.Load("flg-muhlbach")
	if err != nil {
		t.Fatal(err)
	}
	r := flg.New()
	for seed := range int64(4) {
		out, g := setUpStart(t, r, sc, seed)
		m := out.Map
		if m != sc.Map || strings.HasPrefix(m.Source, "generated") {
			t.Fatalf("seed %d: the battlefield is %q, not the scenario's map file", seed, m.Source)
		}
		if w, h := m.Grid.Size(); w != 11 || h != 14 {
			t.Errorf("battlefield %d × %d, want the map file's 11 × 14", w, h)
		}
		at := func(l string) game.Cell {
			c, err := m.Grid.Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			return m.CellAt(c)
		}
		for l, want := range map[string]string{"0607": flg.TBridge, "0603": flg.TFord, "0612": flg.TFord, "0605": flg.TRiver,
			"0407": flg.TTown, "0808": flg.TTown, "0410": flg.TForest, "0502": flg.TRocks, "0314": flg.TMarsh, "0107": flg.TClear} {
			if got := at(l).Terrain; got != want {
				t.Errorf("seed %d: %s is %s, want %s", seed, l, got, want)
			}
		}
		if at("0304").Level != 1 {
			t.Errorf("0304 is no hill")
		}
		farm, _ := m.Grid.Parse("0503")
		for _, n := range m.Grid.Neighbors(farm) {
			if got := m.Edges[grid.EdgeOf(farm, n)]; len(got) != 1 || got[0] != flg.OWall {
				t.Errorf("the farm's hexside to %s has %v, want a wall", m.Label(n), got)
			}
		}
		for _, side := range game.Sides {
			if got := out.Params["objectives-"+side.String()]; got != "0407 0807" {
				t.Errorf("objectives-%s = %q, want both villages", side, got)
			}
		}
		s := g.State.(*flg.State)
		if s.Phase != flg.PhaseDeploy || len(s.Units) != 18 {
			t.Errorf("phase %s with %d units, want two brigades deploying", s.Phase, len(s.Units))
		}
		if seed == 1 {
			// A random game deploys and fights on it (playtest.Step's
			// checks at every order).
			g = playGame(t, g, seed, 300, nil)
			if ph := g.State.Clock().Phase; ph == flg.PhaseDeploy {
				t.Errorf("still deploying after 300 orders")
			}
		}
	}
}

// TestObjectivesWin: on flg-muhlbach, a side with a unit in each of its
// objectives (the [[objective]] tables, through set-up) at the end of two
// of its turns in a row wins by its objectives (FLG-P-36, FLG-5.1); one
// village is not enough.
func TestObjectivesWin(t *testing.T) {
	shipped, err := scenarios.Load("flg-muhlbach")
	if err != nil {
		t.Fatal(err)
	}
	play := func(second string) game.Outcome {
		t.Helper()
		sc := *shipped
		sc.Params = map[string]string{
			"victory":   shipped.Params["victory"],
			"protected": shipped.Params["protected"],
			"first":     "A",
			"units":     "A A1 INF_H_MUSKET 0407\nA A2 INF_H_MUSKET " + second + "\nB B1 INF_H_MUSKET 1103\nB B2 INF_H_MUSKET 1112\n",
			"officers":  "A AG GC 0407\nB BG GC 1103\n",
		}
		r := flg.New()
		_, g := setUpStart(t, r, &sc, 1)
		d := &dice.Seeded{Seed: []byte("objectives")}
		for i := 0; i < 40 && !g.State.Outcome().Over; i++ {
			side := g.State.Clock().Active
			if s := g.State.(*flg.State); s.Turn > 3 {
				break
			}
			cmd, err := game.ParseCommand(side, "end")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply("end", cmd, d); err != nil {
				t.Fatalf("%s end: %v", side, err)
			}
		}
		return g.State.Outcome()
	}
	if o := play("0807"); !o.Over || o.Winner != game.SideA || !strings.Contains(o.Result, "objectives") {
		t.Errorf("A held both villages for a full turn: outcome %+v, want A's victory", o)
	}
	if o := play("0507"); o.Over {
		t.Errorf("A held one village only: the game ended %+v", o)
	}
}

// TestCheckScenario: a club's mistakes on a fixed battlefield are refused
// at set-up (and so by grognard lint): an unknown terrain, hexside
// obstacle or link (the first in label order), a protected
// hex behind no obstacle, victory by objectives without any, objectives
// of a kind other than hexes, an army with no room to deploy.
func TestCheckScenario(t *testing.T) {
	const base = `id = "flg-fixed-test"
ruleset = "flg"
title = "fixed"
turns = 20
[map]
grid = "hex"
base = 1
width = 9
height = 12
`
	for _, c := range []struct{ name, src, want string }{
		{"terrain", base + "[map.terrain]\nvolcano = \"0505\"\n[params]\narmy-A = \"brigade\"\n", `terrain "volcano"`},
		{"obstacle", base + "[map.edges]\nhedge = \"0505|0506 0303|0304\"\n", `hexside 0303|0304: "hedge" is not a linear obstacle`},
		{"link", base + "[map.links]\nrailway = [\"0505 0506\"]\n", `"railway" is not a road`},
		{"protected", base + "[params]\nprotected = \"0505\"\n", "no linear obstacle"},
		{"victory", base + "[params]\nvictory = \"objectives\"\n", "without objectives"},
		{"victory word", base + "[params]\nvictory = \"points\"\n", `param victory "points"`},
		{"kind", base + "[[objective]]\nname = \"x\"\nkind = \"exit\"\npoints = 1\ncells = \"0505\"\n", `kind "exit"`},
		{"first", base + "[params]\nfirst = \"west\"\n", `param first "west"`},
		{"exit-allowed", base + "[params]\nexit-allowed = \"yes\"\n", `param exit-allowed "yes"`},
		{"vp param", base + "[params]\nvictory = \"both\"\nobjectives-A = \"0505:x\"\n", `param objectives-A: 0505:x`},
		{"vp", base + "[[objective]]\nname = \"x\"\nkind = \"hex\"\npoints = 0\ncells = \"0505\"\n", `objective x: points 0`},
		{"room", base + "[map.terrain]\nlake = \"0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 0201 0202 0203 0204 0205 0206 0207 0208\"\n[params]\narmy-A = \"brigade\"\n", "4 hexes a unit may stand in, for 9 units"},
	} {
		sc, err := scenarios.Parse(c.name, []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = game.SetUp(flg.New(), sc, nil, dice.SetUpDice(dice.SeedFromInt(1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: set-up error %v, want %q", c.name, err, c.want)
		}
	}
}

// TestObjectivePoints: an [[objective]] table's points (FLG-P-36's vp)
// reach the params the rules read as "HEX:VP" (a point alone is the
// plain label), and a side's held points count its own units only.
func TestObjectivePoints(t *testing.T) {
	sc, err := scenarios.Parse("vp", []byte(`id = "flg-vp-test"
ruleset = "flg"
title = "points"
turns = 20
[map]
grid = "hex"
base = 1
width = 9
height = 12
[params]
victory = "both"
units = """
A A1 INF_H_MUSKET 0505
B B1 INF_H_MUSKET 0705
"""
[[objective]]
name = "mill"
kind = "hex"
points = 3
cells = "0505"
[[objective]]
name = "farm"
kind = "hex"
points = 1
cells-b = "0705"
`))
	if err != nil {
		t.Fatal(err)
	}
	r := flg.New()
	out, g := setUpStart(t, r, sc, 1)
	if a, b := out.Param("objectives-A", ""), out.Param("objectives-B", ""); a != "0505:3" || b != "0505:3 0705" {
		t.Errorf("objectives-A %q, objectives-B %q, want \"0505:3\" and \"0505:3 0705\"", a, b)
	}
	s := g.State.(*flg.State)
	if a, b := s.HeldPoints(game.SideA), s.HeldPoints(game.SideB); a != 3 || b != 1 {
		t.Errorf("held points A %d, B %d, want 3 and 1", a, b)
	}
}

// TestObjectivesOnBoard: the hexes each side must hold (FLG-P-36) are
// marked on every viewer's board, one mark a hex with the objective's
// name and the sides that must hold it; a battle without objectives has
// none.
func TestObjectivesOnBoard(t *testing.T) {
	sc, err := scenarios.Load("flg-muhlbach")
	if err != nil {
		t.Fatal(err)
	}
	r := flg.New()
	out, g := setUpStart(t, r, sc, 1)
	for _, viewer := range []game.Side{game.SideA, game.SideB, game.Nobody} {
		got := map[string]string{}
		for _, m := range r.Board(g.State, viewer).Marks {
			if m.Kind == "objective" {
				got[out.Map.Grid.Label(m.At)] = m.Label
			}
		}
		if len(got) != 2 || got["0407"] != "Muhlbach (A B)" || got["0807"] != "Lindenau (A B)" {
			t.Errorf("viewer %s: objective marks %v, want Muhlbach 0407 and Lindenau 0807 for A and B", viewer, got)
		}
	}
	gen, err := scenarios.Load("flg-brigades")
	if err != nil {
		t.Fatal(err)
	}
	if gen, err = game.SetUp(r, gen, nil, dice.SetUpDice(dice.SeedFromInt(1))); err != nil {
		t.Fatal(err)
	}
	g2, err := game.Start(r, gen, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Board(g2.State, game.SideA).Marks {
		if m.Kind == "objective" {
			t.Errorf("flg-brigades has no objectives, its board marks %v", m)
		}
	}
}

// TestTerrainFileAtCreation: a generated battle played on a shipped
// terrain file chosen when the game is created ("flg-brigades@muhlbach",
// scenarios.Load): set-up keeps that map (its stream, bridge and
// villages) instead of generating one, whatever the seed, places the two
// Brigade presets to deploy on it, and the game starts; no objectives
// (they belong to flg-muhlbach's scenario, not to its map). A battle that
// has a battlefield of its own cannot change it, and an unknown map is
// refused with the list of maps.
func TestTerrainFileAtCreation(t *testing.T) {
	sc, err := scenarios.Load("flg-brigades@muhlbach")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := scenarios.Load("flg-brigades")
	if err != nil {
		t.Fatal(err)
	}
	if sc.ID != "flg-brigades@muhlbach" || sc.Hash == plain.Hash || !strings.Contains(sc.Map.Source, "muhlbach") {
		t.Fatalf("scenario %s (hash %s, map %s)", sc.ID, sc.Hash, sc.Map.Source)
	}
	r := flg.New()
	for seed := range int64(3) {
		out, g := setUpStart(t, r, sc, seed)
		if out.Map != sc.Map {
			t.Fatalf("seed %d: the battlefield is %q, not the chosen map file", seed, out.Map.Source)
		}
		bridge, _ := out.Map.Grid.Parse("0607")
		if out.Map.CellAt(bridge).Terrain != flg.TBridge || out.Params["objectives-A"] != "" {
			t.Errorf("seed %d: 0607 is %s, objectives %q", seed, out.Map.CellAt(bridge).Terrain, out.Params["objectives-A"])
		}
		if s := g.State.(*flg.State); s.Phase != flg.PhaseDeploy || s.Initial[game.SideA] != 9 {
			t.Errorf("seed %d: phase %s with %d units for A", seed, s.Phase, s.Initial[game.SideA])
		}
	}
	if _, err := scenarios.Load("flg-muhlbach@muhlbach"); err == nil || !strings.Contains(err.Error(), "battlefield of its own") {
		t.Errorf("flg-muhlbach on another map: %v", err)
	}
	if _, err := scenarios.Load("flg-brigades@atlantis"); err == nil || !strings.Contains(err.Error(), "maps: muhlbach") {
		t.Errorf("an unknown map: %v", err)
	}
}

// TestReinforcementLists: a scenario's per-side reinforcement lists
// (FLG-P-36, param reinforcements-A/-B, FLG-3.11): set-up adds the
// groups to the preset army, off the table until their turn at their
// entry hex, with the officer who comes with them; a wrong list, an
// entry hex off the battlefield or a list for an army built by budget is
// refused.
func TestReinforcementLists(t *testing.T) {
	load := func(params string) (*game.Scenario, error) {
		if !strings.Contains(params, "army-B") {
			params += "\narmy-B = \"brigade\""
		}
		return scenarios.Parse("t.toml", []byte(`id = "t"
ruleset = "flg"
turns = 9
map = "muhlbach"
[params]
army-A = "brigade"
`+params))
	}
	sc, err := load(`reinforcements-A = "3@0101 SO CAV_L CAV_M; 5@0114 ART_F_L"`)
	if err != nil {
		t.Fatal(err)
	}
	r := flg.New()
	out, g := setUpStart(t, r, sc, 1)
	s := g.State.(*flg.State)
	for id, want := range map[string]string{"A10": "CAV_L 3 0101", "A11": "CAV_M 3 0101", "A12": "ART_F_L 5 0114"} {
		u := s.Unit(id)
		if u == nil || !u.Off || fmt.Sprintf("%s %d %s", u.Type, u.Enter, out.Map.Label(u.Entry)) != want {
			t.Errorf("%s: %+v, want off, %s", id, u, want)
		}
	}
	if o := s.Officer("ASO3"); o == nil || !o.Off || o.Enter != 3 || out.Map.Label(o.At) != "0101" {
		t.Errorf("the reinforcements' officer: %+v", o)
	}
	if s.Unit("B10") != nil || s.Initial[game.SideB] != 9 {
		t.Errorf("side B has reinforcements it was not given")
	}
	for params, want := range map[string]string{
		`reinforcements-A = "3@0101 DRAGONS"`:                      "neither a troop type",
		`reinforcements-A = "0101 CAV_L"`:                          "TURN@HEX",
		`reinforcements-A = "3@2020 CAV_L"`:                        "not on the battlefield",
		"reinforcements-B = \"3@1101 CAV_L\"\narmy-B = \"budget\"": "with a preset army",
	} {
		bad, err := load(params)
		if err == nil {
			_, err = game.SetUp(r, bad, nil, dice.SetUpDice(dice.SeedFromInt(1)))
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", params, err, want)
		}
	}
}
