package flg_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

// TestGeneratedBoards is a property test of the terrain generator
// (FLG-P-31, FLG-P-29, never below the minimum table of FLG-1.3a): for
// every board size and theatre, seeded boards
// meet the constraints (CheckBattlefield), have their features outside
// the deployment columns, are point-symmetric (balance mode; exactly so
// for an odd depth), and the same seed gives the same board.
func TestGeneratedBoards(t *testing.T) {
	seeds := int64(6) // 72 boards in the default suite
	if on, _, err := playtest.Soak(); err != nil {
		t.Fatal(err)
	} else if on {
		seeds = 84 // 1,008 boards in the soak (GROGNARD_SOAK)
	}
	n, forts := 0, 0
	for _, units := range []int{9, 14, 20, 30} {
		for _, theatre := range []string{"europe", "desert", "winter"} {
			for seed := range seeds {
				d := dice.SetUpDice(dice.SeedFromInt(seed))
				depth, along := map[int][2]int{9: {9, 12}, 14: {11, 15}, 20: {12, 18}, 30: {14, 22}}[units][0], map[int][2]int{9: {9, 12}, 14: {11, 15}, 20: {12, 18}, 30: {14, 22}}[units][1]
				m, prot, err := flg.GenerateWith(depth, along, theatre, seed%2 == 0, units, d)
				if err != nil {
					t.Fatalf("%d units, %s, seed %d: %v", units, theatre, seed, err)
				}
				n++
				if err := flg.CheckBattlefield(m, units); err != nil {
					t.Errorf("%d units, %s, seed %d: %v", units, theatre, seed, err)
				}
				w, h := m.Grid.Size()
				if w != depth || h != along || w < 9 || h < 12 {
					t.Errorf("board %d × %d, want %d × %d, at least 9 deep and 12 along (FLG-1.3a)", w, h, depth, along)
				}
				features := 0
				for c, cell := range m.Cells {
					if cell.Terrain != flg.TClear && cell.Terrain != flg.TSnow || cell.Level > 0 {
						features++
						if (c.X < 2 || c.X >= w-2) && cell.Terrain != flg.TBridge {
							t.Errorf("seed %d: a feature at %s in a deployment zone", seed, m.Label(c))
						}
					}
					if depth%2 == 1 && cell.Terrain != flg.TBridge {
						o := m.CellAt(grid.Coord{X: w - 1 - c.X, Y: h - 1 - c.Y})
						if o.Terrain == flg.TBridge {
							continue
						}
						if o != cell {
							t.Errorf("seed %d: %s is %v, its turned twin %v", seed, m.Label(c), cell, o)
						}
					}
				}
				rivers, fords := 0, 0
				for _, cell := range m.Cells {
					switch cell.Terrain {
					case flg.TRiver:
						rivers++
					case flg.TFord:
						fords++
					}
				}
				if rivers > 0 && fords < 2 {
					t.Errorf("seed %d: a stream with %d fords (FLG-P-31: at least 2)", seed, fords)
				}
				if features == 0 {
					t.Errorf("%d units, %s, seed %d: no feature", units, theatre, seed)
				}
				forts += len(prot)
				for _, p := range prot {
					if p.X < 3 || p.X >= w-3 {
						t.Errorf("seed %d: a fortified hex %s next to a deployment zone", seed, m.Label(p))
					}
				}
				again, _, _ := flg.GenerateWith(depth, along, theatre, seed%2 == 0, units, dice.SetUpDice(dice.SeedFromInt(seed)))
				if fmt.Sprint(again.Cells) != fmt.Sprint(m.Cells) {
					t.Errorf("seed %d: the same seed drew another board", seed)
				}
			}
		}
	}
	if forts == 0 {
		t.Errorf("no fortified hex on any board drawn with fortifications")
	}
	t.Logf("%d boards, %d fortified hexes", n, forts)
}

const setupScenario = `id = "flg-presets-test"
ruleset = "flg"
title = "Presets on generated terrain (test)"
turns = 20
[map]
grid = "hex"
base = 1
width = 9
height = 12
[params]
army-A = "brigade"
army-B = "division"
board = "generate"
first = "lot"
`

func setUpGame(tb testing.TB, seed int64) *game.Game {
	tb.Helper()
	sc, err := scenarios.Parse("setup", []byte(setupScenario))
	if err != nil {
		tb.Fatal(err)
	}
	_, g := setUpStart(tb, flg.New(), sc, seed)
	return g
}

// setUpStart sets sc up with the set-up dice of seed and starts its game:
// the scenario as set up, and the game.
func setUpStart(tb testing.TB, r *flg.Rules, sc *game.Scenario, seed int64) (*game.Scenario, *game.Game) {
	tb.Helper()
	out, err := game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(seed)))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(r, out, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return out, g
}

// TestSetUp follows FLG-1.2 and Annex 1 (FLG-A1, FLG-A1.2: the scenario
// gives the armies and asks for the terrain): presets (FLG-P-33) with
// their officers (FLG-P-32) on a
// generated board sized for the larger army (FLG-P-29), the first player
// by lot (FLG-A1.7), then the private deployment (FLG-A1.5, FLG-P-35):
// the other side's placements are hidden in a view and its deploy events
// are secret; the armies are revealed when both are ready, and random
// games run from there.
func TestSetUp(t *testing.T) {
	g := setUpGame(t, 1)
	s := g.State.(*flg.State)
	w, h := s.Scenario().Map.Grid.Size()
	if w != 11 || h != 15 {
		t.Errorf("a division (14 units) fights on 15 × 11, not %d × %d (FLG-P-29)", h, w)
	}
	if got := len(s.Officers); got != 3+4 {
		t.Errorf("%d officers, want GC + 2 SO and GC + SG + 2 SO (FLG-P-32)", got)
	}
	if f := s.Scenario().Params["first"]; f != "A" && f != "B" {
		t.Errorf("first player %q (FLG-A1.7)", f)
	}
	if g.State.Clock().Phase != flg.PhaseDeploy || len(game.Waiting(g.State)) != 2 {
		t.Fatalf("phase %s, waiting %v: both sides deploy at once", g.State.Clock().Phase, game.Waiting(g.State))
	}
	r := flg.New()
	leaves := game.Leaves(r.Legal(g.State, game.SideA))
	cmd, _ := game.ParseCommand(game.SideA, leaves[0])
	rec, err := g.Apply(leaves[0], cmd, &dice.Seeded{Seed: []byte("x")})
	if err != nil {
		t.Fatal(err)
	}
	if game.VisibleTo(rec.Events[0], game.SideB) || !game.VisibleTo(rec.Events[0], game.SideA) {
		t.Errorf("a placement is seen by its side only")
	}
	for _, p := range game.ViewOf(r, g.State, game.SideB).Pieces() {
		if p.Side == game.SideA && p.Status != game.StatusReserve && (p.Status != game.StatusHidden || p.Hex != "" || p.At != nil) {
			t.Errorf("side B sees A's %s as %s at %q", p.ID, p.Status, p.Hex)
		}
	}
	for _, p := range game.ViewOf(r, g.State, game.SideA).Pieces() {
		if p.ID == "A1" && p.Hex == "" {
			t.Errorf("side A does not see its own placement")
		}
	}
	for seed := int64(1); seed <= 1; seed++ {
		g := playGame(t, setUpGame(t, seed), seed, 300, nil)
		if g.State.Clock().Phase == flg.PhaseDeploy {
			t.Errorf("seed %d: still deploying", seed)
		}
	}
}

const budgetScenario = `id = "flg-budget-test"
ruleset = "flg"
title = "Armies by budget on generated terrain (test)"
turns = 20
[map]
grid = "hex"
base = 1
width = 9
height = 12
[params]
army-A = "budget"
army-B = "budget"
budget = "60"
board = "generate"
first = "lot"
`

// TestBudget: armies built by budget (FLG-P-34) in secret: side B's view
// and events show nothing of A's recruits, only their count once both
// armies are done; random games then deploy and fight.
func TestBudget(t *testing.T) {
	sc, err := scenarios.Parse("budget", []byte(budgetScenario))
	if err != nil {
		t.Fatal(err)
	}
	r := flg.New()
	sc, err = game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(3)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.State.Clock().Phase != flg.PhaseBuild {
		t.Fatalf("phase %s", g.State.Clock().Phase)
	}
	cmd, _ := game.ParseCommand(game.SideA, "recruit CAV_H elite")
	rec, err := g.Apply("recruit CAV_H elite", cmd, &dice.Seeded{Seed: []byte("x")})
	if err != nil {
		t.Fatal(err)
	}
	if game.VisibleTo(rec.Events[0], game.SideB) {
		t.Errorf("side B sees A's recruit")
	}
	if got := g.State.(*flg.State).Spent(game.SideA); got != 11+3 {
		t.Errorf("spent %d, want 14 (FLG-P-34)", got)
	}
	for _, p := range game.ViewOf(r, g.State, game.SideB).Pieces() {
		if p.Side == game.SideA && (p.Type != "" || p.Hex != "") {
			t.Errorf("side B sees A's %s: %q at %q", p.ID, p.Type, p.Hex)
		}
	}
	// A's pending building (its options and running cost) is A's alone.
	for _, v := range []game.Side{game.SideB, game.Nobody} {
		for _, d := range game.ViewOf(r, g.State, v).Pending() {
			if d.Side == game.SideA {
				t.Errorf("%s sees A's decision %q", v, d.Prompt)
			}
		}
	}
	if n := len(game.ViewOf(r, g.State, game.SideA).Pending()); n != 1 {
		t.Errorf("A's view holds %d pending decisions, want its own building", n)
	}
	g = playGame(t, g, 3, 250, nil)
	if ph := g.State.Clock().Phase; ph == flg.PhaseBuild || ph == flg.PhaseDeploy {
		t.Errorf("still in the %s phase", ph)
	}
}

// TestBoard: the board of a deploying game shows side A its own placement
// and nothing of B's; the legend counts losses against the thresholds.
func TestBoard(t *testing.T) {
	g := setUpGame(t, 2)
	r := flg.New()
	for _, sd := range game.Sides {
		leaves := game.Leaves(r.Legal(g.State, sd))
		cmd, _ := game.ParseCommand(sd, leaves[0])
		if _, err := g.Apply(leaves[0], cmd, &dice.Seeded{Seed: []byte("x")}); err != nil {
			t.Fatal(err)
		}
	}
	b := r.Board(g.State, game.SideA)
	for _, p := range b.Pieces {
		if p.Side == game.SideB && p.At != nil {
			t.Errorf("side A's board shows B's %s at %s", p.ID, p.Hex)
		}
	}
	placed := 0
	for _, p := range b.Pieces {
		if p.Side == game.SideA && p.At != nil {
			placed++
		}
	}
	if placed != 1 || len(b.Legend.Lines) != 2 {
		t.Errorf("%d of A's pieces placed, legend %v", placed, b.Legend.Lines)
	}
}

// TestMessengerSecret: a messenger's dispatch and ride are its side's
// secret and the other side's view holds no token (orders in transit are
// seen by their own side only).
func TestMessengerSecret(t *testing.T) {
	src := "id = \"m\"\nruleset = \"flg\"\nturns = 9\n[map]\ngrid = \"hex\"\nbase = 1\nwidth = 9\nheight = 12\n[params]\nunits = \"\"\"\nA A1 INF_H_MUSKET 0105\nB B1 INF_H_MUSKET 0905\n\"\"\"\nofficers = \"\"\"\nA AG GC 0101\nB BG GC 0901\n\"\"\"\n"
	sc, err := scenarios.Parse("m", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := flg.New()
	g, err := game.Start(r, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.NewFixed(4)
	for _, o := range []string{"messenger AG", "end", "move M1 0104"} {
		cmd, _ := game.ParseCommand(game.SideA, o)
		rec, err := g.Apply(o, cmd, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rec.Events {
			if k := e.Kind(); (k == "dispatched" || k == "carried") && game.VisibleTo(e, game.SideB) {
				t.Errorf("side B sees %s", game.Narrate("en", e))
			}
		}
	}
	for _, p := range game.ViewOf(r, g.State, game.SideB).Pieces() {
		if p.Type == "messenger" {
			t.Errorf("side B sees the messenger %s at %s", p.ID, p.Hex)
		}
	}
	seen := false
	for _, p := range game.ViewOf(r, g.State, game.SideA).Pieces() {
		seen = seen || p.ID == "M1" && p.Hex == "0104"
	}
	if !seen {
		t.Errorf("side A does not see its messenger")
	}
}

// TestSlips: with deployment = slips (FLG-A1.6) side B sees where A's
// slips lie, decoys among them, but not what they are.
func TestSlips(t *testing.T) {
	src := "id = \"s\"\nruleset = \"flg\"\nturns = 9\n[map]\ngrid = \"hex\"\nbase = 1\nwidth = 9\nheight = 12\n[params]\nunits = \"\"\"\nA A1 INF_H_MUSKET -\nA A2 CAV_L -\nA A3 ART_F_L -\nA A4 INF_L_MUSKET -\nB B1 INF_H_MUSKET -\n\"\"\"\nofficers = \"\"\"\nA AG GC -\nB BG GC -\n\"\"\"\n"
	sc, err := scenarios.Parse("s", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := flg.New()
	g, err := game.Start(r, sc, game.Options{"deployment": "slips"})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []string{"deploy A2 0103", "decoy 0105"} {
		cmd, _ := game.ParseCommand(game.SideA, o)
		if _, err := g.Apply(o, cmd, nil); err != nil {
			t.Fatal(err)
		}
	}
	var slips []string
	for _, p := range game.ViewOf(r, g.State, game.SideB).Pieces() {
		if p.Side != game.SideA || p.Status != game.StatusHidden || p.Hex == "" {
			continue
		}
		slips = append(slips, p.Hex)
		if p.Type != "" || p.ID == "A2" || p.ID == "decoy" {
			t.Errorf("side B reads a slip: %+v", p)
		}
	}
	if fmt.Sprint(slips) != "[0103 0105]" && fmt.Sprint(slips) != "[0105 0103]" {
		t.Errorf("side B sees slips at %v, want 0103 and 0105", slips)
	}
}

// TestSetUpSoak (GROGNARD_SOAK only) plays games from every set-up:
// presets on generated boards, and budget armies on fortified boards with
// each deployment method, the terrain placed by side A every other game.
func TestSetUpSoak(t *testing.T) {
	if on, _, err := playtest.Soak(); err != nil {
		t.Fatal(err)
	} else if !on {
		t.Skip("the set-up soak runs with " + playtest.SoakEnv)
	}
	for seed := int64(1); seed <= 14; seed++ {
		playGame(t, setUpGame(t, seed), seed, 3000, nil)
	}
	for seed := int64(1); seed <= 10; seed++ {
		sc, err := scenarios.Parse("budget", []byte(budgetScenario))
		if err != nil {
			t.Fatal(err)
		}
		sc.Params["fortifications"] = "on"
		if seed%2 == 0 {
			sc.Params["terrain-by"] = "A"
		}
		opts := game.Options{"deployment": []string{"screen", "slips", "alternating"}[seed%3]}
		r := flg.New()
		sc, err = game.SetUp(r, sc, opts, dice.SetUpDice(dice.SeedFromInt(seed)))
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.Start(r, sc, opts)
		if err != nil {
			t.Fatal(err)
		}
		if g = playGame(t, g, seed, 3000, nil); g.State.Clock().Phase == flg.PhaseBuild {
			t.Errorf("seed %d: still building", seed)
		}
	}
}

// TestDeployColumns: a scenario's deployment depth (FLG-P-36: params
// deploy-columns, deploy-columns-A/-B) names itself in a refusal, in
// English and French, and CheckScenario refuses a depth beyond half the
// battlefield.
func TestDeployColumns(t *testing.T) {
	src := func(v string) []byte {
		return []byte(`id = "t"
ruleset = "flg"
turns = 9
[map]
grid = "hex"
base = 1
width = 9
height = 12
[params]
deploy-columns-A = "` + v + `"
units = """
A A1 INF_H_MUSKET -
B B1 CAV_L -
"""
`)
	}
	sc, err := scenarios.Parse("t.toml", src("3"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(flg.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = g.Decide(game.Command{Side: game.SideA, Verb: "deploy", Args: []string{"A1", "0405"}}, nil)
	re, ok := game.AsRuleError(err)
	if !ok || !strings.Contains(re.In(game.LangEN), "0405 is not in your 3 columns") || !strings.Contains(re.In(game.LangFR), "vos 3 colonnes") {
		t.Errorf("refusal: %v", err)
	}
	bad, err := scenarios.Parse("t.toml", src("5"))
	if err != nil {
		t.Fatal(err)
	}
	if err := flg.CheckScenario(bad); err == nil || !strings.Contains(err.Error(), "deploy-columns-A") {
		t.Errorf("deploy-columns-A = 5 on a battlefield 9 deep: %v", err)
	}
}
