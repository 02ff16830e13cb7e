package sdc_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/sdc"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

func loadBattle(tb testing.TB) *game.Game {
	tb.Helper()
	src, err := os.ReadFile("testdata/sdc-test.toml")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := scenarios.Parse("testdata/sdc-test.toml", src)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(sdc.New(), sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// play plays random legal orders (the Legal tree's leaves) until the game
// ends or steps run out, checking that every listed order is accepted,
// that Decide leaves its state unchanged, the invariants (Checker) and
// the events' JSON round trip.
func play(t *testing.T, seed int64, steps int, each func(g *game.Game, rec game.Record)) *game.Game {
	t.Helper()
	return playGame(t, loadBattle(t), seed, steps, each)
}

func playGame(t *testing.T, g *game.Game, seed int64, steps int, each func(g *game.Game, rec game.Record)) *game.Game {
	t.Helper()
	r := sdc.New()
	rng := rand.New(rand.NewPCG(uint64(seed), 11))
	d := &dice.Seeded{Seed: dice.SeedFromInt(seed)}
	for step := 0; step < steps && !g.State.Outcome().Over; step++ {
		var side game.Side
		var leaves []string
		for _, sd := range game.Waiting(g.State) {
			leaves, side = game.Leaves(game.Legal(r, g.State, sd)), sd
			break
		}
		if len(leaves) == 0 {
			t.Fatalf("seed %d step %d: %v has no order (phase %s)", seed, step, game.Waiting(g.State), g.State.Clock().Phase)
		}
		if step%40 == 0 {
			playtest.CheckLeaves(t, g, side, leaves, uint64(seed), step)
		}
		order := pick(rng, side, leaves)
		rec := playtest.Step(t, g, side, order, d, seed, step)
		if each != nil {
			each(g, rec)
		}
	}
	return g
}

// pick prefers fighting and firing, then moves toward the enemy, and ends
// an activation now and then.
func pick(rng *rand.Rand, side game.Side, leaves []string) string {
	var fights, fires, moves []string
	for _, l := range leaves {
		switch strings.SplitN(l, " ", 2)[0] {
		case "fight":
			fights = append(fights, l)
		case "fire":
			fires = append(fires, l)
		case "move":
			// Toward the enemy's edge: east for A, west for B.
			moves = append(moves, l)
		}
	}
	switch {
	case len(fights) > 0:
		return fights[rng.IntN(len(fights))]
	case len(fires) > 0 && rng.IntN(2) == 0:
		return fires[rng.IntN(len(fires))]
	case len(moves) > 0 && rng.IntN(5) > 0:
		// Mostly the move that goes farthest toward the enemy's edge:
		// east for A, west for B.
		best, bestCol := moves[rng.IntN(len(moves))], -1
		if rng.IntN(4) > 0 {
			for _, m := range moves {
				w := strings.Fields(m)
				if len(w) != 3 || len(w[2]) != 4 {
					continue
				}
				col := int(w[2][0]-'0')*10 + int(w[2][1]-'0')
				if side == game.SideB {
					col = 99 - col
				}
				if col > bestCol {
					best, bestCol = m, col
				}
			}
		}
		return best
	}
	return leaves[rng.IntN(len(leaves))]
}

// TestPlayout plays whole random battles through the Legal tree: every
// listed order is accepted, the invariants hold, events survive JSON, and
// the games end (SDC-18.6).
func TestPlayout(t *testing.T) {
	kinds := map[string]bool{}
	for seed := int64(1); seed <= 3; seed++ {
		var recs []game.Record
		g := play(t, seed, 3000, func(g *game.Game, rec game.Record) {
			recs = append(recs, rec)
			for _, e := range rec.Events {
				kinds[e.Kind()] = true
			}
		})
		if !g.State.Outcome().Over {
			t.Errorf("seed %d: the game did not end (turn %d)", seed, g.State.Clock().Turn)
		}
		// The log re-decides to the same events with its dice, reroll
		// questions (SDC-16.8) included.
		if err := game.Redecide(sdc.New(), g.Scenario, nil, recs); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
	for _, k := range []string{"initiative", "activated", "moved", "fired", "fought", "turn-ended", "flank-tried", "asked", "reroll-used"} {
		if !kinds[k] {
			t.Errorf("no %s event in the playouts", k)
		}
	}
	t.Logf("event kinds seen: %d", len(kinds))
}

// TestPlayoutOwnerRecoils: with the option recoil-path=owner the recoils
// wait for their owner's choice (SDC-12.3); the random game still ends
// and its log re-decides.
func TestPlayoutOwnerRecoils(t *testing.T) {
	base := loadBattle(t)
	opts := game.Options{"recoil-path": "owner"}
	g, err := game.Start(sdc.New(), base.Scenario, opts)
	if err != nil {
		t.Fatal(err)
	}
	var recs []game.Record
	asked := 0
	g = playGame(t, g, 2, 3000, func(g *game.Game, rec game.Record) {
		recs = append(recs, rec)
		for _, e := range rec.Events {
			if a, ok := e.(sdc.Asked); ok && a.Ask.Kind == "recoil" {
				asked++
			}
		}
	})
	if !g.State.Outcome().Over || asked == 0 {
		t.Errorf("over %v, %d recoil questions", g.State.Outcome().Over, asked)
	}
	if err := game.Redecide(sdc.New(), g.Scenario, opts, recs); err != nil {
		t.Error(err)
	}
}

// generated is a game on a generated battlefield (SDC-4) with armies of
// four brigades a side deployed by the default template (SDC-5), one of
// B's marching on a flank (SDC-17).
func generated(t *testing.T, seed int64) *game.Game {
	t.Helper()
	sc := &game.Scenario{ID: "gen", Ruleset: "sdc", Turns: 5, Params: map[string]string{"terrain": "generate"}}
	for _, side := range game.Sides {
		for b := 1; b <= 4; b++ {
			gen := fmt.Sprintf("G%s%d", side, b)
			u := game.UnitSpec{ID: gen, Side: side, Type: "general"}
			if side == game.SideB && b == 4 {
				u.Flags = []string{"flank"}
			}
			sc.Units = append(sc.Units, u)
			for i, ty := range []string{"LI", "LI", "LI", "LI", "LI", "LI", "Art", "Cav"} {
				sc.Units = append(sc.Units, game.UnitSpec{ID: fmt.Sprintf("%s-%d", gen, i+1), Side: side, Type: ty, Group: gen})
			}
		}
	}
	r := sdc.New()
	out, err := game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(seed)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGeneratedBattle: set-up generates the battlefield, deploys the
// armies in their zones (SDC-4.3, SDC-5.2, SDC-5.4) and rolls the
// deployment initiative (SDC-5.1); then a random game is played on it to
// the end.
func TestGeneratedBattle(t *testing.T) {
	g := generated(t, 4)
	s := g.State.(*sdc.State)
	cols, _ := s.Scenario().Map.Grid.Size()
	for _, e := range s.Elements {
		if e.Off {
			continue
		}
		if !sdc.InZone(cols, e.Side, e.At) {
			t.Errorf("%s deployed at %v, outside its zone", e.ID, e.At)
		}
	}
	if err := sdc.New().Check(g.State); err != nil {
		t.Fatal(err)
	}
	if w := s.Scenario().Param("last-initiative", ""); w != "A" && w != "B" {
		t.Errorf("deployment initiative %q", w)
	}
	if len(s.Scenario().Objectives) == 0 {
		t.Errorf("no objectives on the generated battlefield")
	}
	fought := 0
	g = playGame(t, g, 4, 2500, func(g *game.Game, rec game.Record) {
		for _, e := range rec.Events {
			if e.Kind() == "fought" {
				fought++
			}
		}
	})
	t.Logf("turn %d, %d combats: %s", g.State.Clock().Turn, fought, g.State.Outcome().Result)
	if !g.State.Outcome().Over {
		t.Errorf("the game did not end (turn %d)", g.State.Clock().Turn)
	}
}

// TestArmyPhase: the armies are built in play, in secret (SDC-1, TBL-26):
// an invalid army is refused with its rule, the opponent sees neither the
// list nor its event, and once both are in they are revealed, deployed
// (SDC-5) and the game is played to its end.
func TestArmyPhase(t *testing.T) {
	r := sdc.New()
	sc := &game.Scenario{ID: "armies", Ruleset: "sdc", Turns: 4, Params: map[string]string{"terrain": "generate", "armies": "choose", "brigades": "3"}}
	out, err := game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(7)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := g.State.Pending(); len(p) != 2 || len(game.Leaves(r.Legal(g.State, game.SideB))) != 1 {
		t.Fatalf("pending %v", p)
	}
	apply := func(side game.Side, order string) (game.Record, error) {
		cmd, _ := game.ParseCommand(side, order)
		return g.Apply(order, cmd, dice.NewFixed())
	}
	// SDC-T-ARMY-04 in play: only 2 Cav for X2.
	_, err = apply(game.SideA, "army opts=1,2,2 x=X2 b1=Cav2,HC1 b2=LI12,Art1 b3=LI6,EI1,Art1")
	if re, ok := game.AsRuleError(err); !ok || re.Rule != "SDC-1.4" {
		t.Fatalf("invalid army: %v", err)
	}
	rec, err := apply(game.SideA, "army opts=1,2,2 x=X1,X1 trade=LI b1=Cav2,HC1 b2=LI13,Art1 b3=EI5,Art1")
	if err != nil {
		t.Fatal(err)
	}
	if game.VisibleTo(rec.Events[0], game.SideB) {
		t.Errorf("B sees A's army being chosen")
	}
	if v := r.View(g.State, game.SideB).(*sdc.State); v.Lists[game.SideA] != nil || !v.Submitted[game.SideA] {
		t.Errorf("B's view of A's army: %+v", v.Lists[game.SideA])
	}
	if _, err := apply(game.SideB, sdc.DefaultArmy(3)); err != nil {
		t.Fatal(err)
	}
	s := g.State.(*sdc.State)
	if s.Phase != sdc.PhaseInitiative || len(s.Generals) != 6 || s.Element("GA3-5") == nil || s.Element("GA3-5").Type != "EI" {
		t.Fatalf("after the reveal: phase %s, %d generals", s.Phase, len(s.Generals))
	}
	if err := r.Check(g.State); err != nil {
		t.Fatal(err)
	}
	// SDC-1.7, SDC-1.8, SDC-Q.7: one division general a side; A traded a reroll.
	if len(s.Seniors) != 2 || s.Seniors[0].ID != "DA1" || s.Seniors[0].Rerolls != 2 || s.Seniors[1].Rerolls != 3 {
		t.Errorf("senior generals %+v", s.Seniors)
	}
	g = playGame(t, g, 7, 2500, nil)
	if !g.State.Outcome().Over {
		t.Errorf("the game did not end")
	}
}

// TestDeployPhase: with deploy = players the deployment winner says who
// deploys first, then the players alternate one brigade at a time inside
// their zones (SDC-5.1, SDC-5.2, SDC-5.3, SDC-5.4); a brigade outside its
// zone is refused;
// then turn 1 begins and the game is played to its end.
func TestDeployPhase(t *testing.T) {
	r := sdc.New()
	sc := &game.Scenario{ID: "deploy", Ruleset: "sdc", Turns: 3, Params: map[string]string{"terrain": "generate", "deploy": "players"}}
	for _, side := range game.Sides {
		for b := 1; b <= 3; b++ {
			gen := fmt.Sprintf("G%s%d", side, b)
			sc.Units = append(sc.Units, game.UnitSpec{ID: gen, Side: side, Type: "general"})
			for i, ty := range []string{"LI", "LI", "Art"} {
				sc.Units = append(sc.Units, game.UnitSpec{ID: fmt.Sprintf("%s-%d", gen, i+1), Side: side, Type: ty, Group: gen})
			}
		}
	}
	out, err := game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(5)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*sdc.State)
	winner := s.Active
	if s.Phase != sdc.PhaseDeployOrder || winner.String() != out.Param("last-initiative", "") {
		t.Fatalf("phase %s, active %s", s.Phase, winner)
	}
	apply := func(side game.Side, order string) error {
		cmd, _ := game.ParseCommand(side, order)
		_, err := g.Apply(order, cmd, dice.NewFixed())
		return err
	}
	if err := apply(winner, "second"); err != nil {
		t.Fatal(err)
	}
	first := winner.Other()
	gen := fmt.Sprintf("G%s1", first)
	if err := apply(first, "deploy "+gen+" 1705 1706 1707 1708"); err == nil {
		t.Errorf("a brigade deployed in no-man's land")
	} else if re, _ := game.AsRuleError(err); re.Rule != "SDC-5.2" {
		t.Errorf("refusal %v", err)
	}
	var sides []game.Side
	for step := 0; step < 6; step++ {
		side := g.State.Clock().Active
		leaves := game.Leaves(r.Legal(g.State, side))
		if len(leaves) == 0 {
			t.Fatalf("step %d: no deployment for %s", step, side)
		}
		sides = append(sides, side)
		if err := apply(side, leaves[0]); err != nil {
			t.Fatalf("%s: %v", leaves[0], err)
		}
	}
	if want := []game.Side{first, winner, first, winner, first, winner}; fmt.Sprint(sides) != fmt.Sprint(want) {
		t.Errorf("deployment order %v, want %v", sides, want)
	}
	if ph := g.State.Clock().Phase; ph != sdc.PhaseInitiative {
		t.Fatalf("phase %s after deployment", ph)
	}
	if err := r.Check(g.State); err != nil {
		t.Fatal(err)
	}
	g = playGame(t, g, 5, 2000, nil)
	if !g.State.Outcome().Over {
		t.Errorf("the game did not end")
	}
}

// terrainByPlayers is a game whose battlefield the players lay out
// (param terrain = players, SDC-4.6 … 4.11), three brigades a side
// deployed by the players once the terrain is down.
func terrainByPlayers(t *testing.T, seed int64) (*game.Game, *game.Scenario) {
	t.Helper()
	sc := &game.Scenario{ID: "terrain", Ruleset: "sdc", Turns: 3, Params: map[string]string{"terrain": "players"}}
	for _, side := range game.Sides {
		for b := 1; b <= 3; b++ {
			gen := fmt.Sprintf("G%s%d", side, b)
			sc.Units = append(sc.Units, game.UnitSpec{ID: gen, Side: side, Type: "general"})
			for i, ty := range []string{"LI", "LI", "LI", "Art", "Cav"} {
				sc.Units = append(sc.Units, game.UnitSpec{ID: fmt.Sprintf("%s-%d", gen, i+1), Side: side, Type: ty, Group: gen})
			}
		}
	}
	r := sdc.New()
	out, err := game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(seed)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g, out
}

// TestTerrainPhase: with terrain = players set-up sizes a blank table and
// rolls the terrain type and crossings (SDC-4.4, SDC-4.9); the players
// then place the features in turn, alternating (SDC-4.6), by random legal
// orders; the layout becomes the board, with its objectives (SDC-4.12),
// the players deploy on it and the game is played to its end.
func TestTerrainPhase(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		g, out := terrainByPlayers(t, seed)
		if out.Param("terrain-roll", "") == "" || out.Param("deploy", "") != "players" {
			t.Fatalf("seed %d: set-up params %v", seed, out.Params)
		}
		s := g.State.(*sdc.State)
		if s.Phase != sdc.PhaseTerrain || len(s.Scenario().Map.Cells) != 0 {
			t.Fatalf("seed %d: phase %s, %d terrain cells before placement", seed, s.Phase, len(s.Scenario().Map.Cells))
		}
		var placers []game.Side
		n := len(s.Terrain.Steps)
		g = playGame(t, g, seed, 3000, func(g *game.Game, rec game.Record) {
			for _, e := range rec.Events {
				if p, ok := e.(sdc.TerrainPlaced); ok {
					placers = append(placers, p.Side)
				}
			}
		})
		if len(placers) != n {
			t.Fatalf("seed %d: %d features placed, want %d", seed, len(placers), n)
		}
		alternated := true
		for i := 1; i < len(placers) && i < n-3; i++ { // the villages may end with one player's
			alternated = alternated && placers[i] != placers[i-1]
		}
		if !alternated {
			t.Errorf("seed %d: placement order %v does not alternate", seed, placers)
		}
		s = g.State.(*sdc.State)
		b := sdc.New().Board(s, game.SideA)
		if len(b.Map.Cells) == 0 || b.Map.Source != "players" {
			t.Errorf("seed %d: the board has %d terrain cells (source %q)", seed, len(b.Map.Cells), b.Map.Source)
		}
		if len(s.Terrain.Layout.Villages) == 0 || len(b.Marks) == 0 {
			t.Errorf("seed %d: %d villages, %d marks: no objectives", seed, len(s.Terrain.Layout.Villages), len(b.Marks))
		}
		// The stored state rebuilds the same board from its layout.
		js, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := sdc.New().DecodeState(s.Scenario(), nil, js)
		if err != nil {
			t.Fatal(err)
		}
		if bb := sdc.New().Board(back, game.SideA); len(bb.Map.Cells) != len(b.Map.Cells) || len(bb.Marks) != len(b.Marks) {
			t.Errorf("seed %d: decoded board %d cells %d marks, want %d %d", seed, len(bb.Map.Cells), len(bb.Marks), len(b.Map.Cells), len(b.Marks))
		}
		if !g.State.Outcome().Over {
			t.Errorf("seed %d: the game did not end", seed)
		}
		t.Logf("seed %d: roll %s, %d hills, %d crossings, %d woods, %d villages, road %d hexes; %s", seed, out.Param("terrain-roll", ""),
			len(s.Terrain.Layout.Hills), len(s.Terrain.Layout.Crossings), len(s.Terrain.Layout.Woods), len(s.Terrain.Layout.Villages), len(s.Terrain.Layout.Road), g.State.Outcome().Result)
	}
}

// TestTerrainDefaults: at every deadline of the terrain phase the default
// order is one Legal lists (the sector roll, or the placement the
// generator would make), and the defaults alone lay the whole table out;
// the board shows every feature once placed.
func TestTerrainDefaults(t *testing.T) {
	r := sdc.New()
	for _, seed := range []int64{1, 2, 3, 4, 5, 6, 7, 8} {
		g, _ := terrainByPlayers(t, seed)
		d := &dice.Seeded{Seed: dice.SeedFromInt(seed)}
		for step := 0; g.State.Clock().Phase == sdc.PhaseTerrain; step++ {
			if step > 200 {
				t.Fatalf("seed %d: the terrain phase does not end", seed)
			}
			side := g.State.Clock().Active
			order, why := r.DeadlineOrder(g.State, side)
			if !slices.Contains(game.Leaves(r.Legal(g.State, side)), order) {
				t.Fatalf("seed %d step %d: default %q (%s) is not legal", seed, step, order, why)
			}
			rec := playtest.Step(t, g, side, order, d, seed, step)
			// The board shows each feature as soon as it is placed.
			m := r.Board(g.State, game.SideA).Map
			for _, e := range rec.Events {
				p, ok := e.(sdc.TerrainPlaced)
				if !ok || len(p.Cells) == 0 {
					continue
				}
				c := p.Cells[len(p.Cells)-1]
				shown := m.CellAt(c).Terrain != "clear"
				if p.Feature == sdc.FeatRoad {
					shown = m.Linked(p.Cells[0], p.Cells[1], "road")
				}
				if !shown {
					t.Fatalf("seed %d step %d: %s placed, the board does not show it at %v", seed, step, p.Feature, c)
				}
			}
		}
		if ph := g.State.Clock().Phase; ph != sdc.PhaseDeployOrder {
			t.Errorf("seed %d: phase %s after the terrain", seed, ph)
		}
	}
}

// TestShippedTerrain: the shipped sdc-terrain starts in the terrain phase
// on its blank table and is played, terrain, deployment and battle, to
// its end.
func TestShippedTerrain(t *testing.T) {
	sc, err := scenarios.Load("sdc-terrain")
	if err != nil {
		t.Fatal(err)
	}
	r := sdc.New()
	out, err := game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(9)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ph := g.State.Clock().Phase; ph != sdc.PhaseTerrain {
		t.Fatalf("phase %s", ph)
	}
	g = playGame(t, g, 9, 3000, nil)
	if !g.State.Outcome().Over {
		t.Errorf("the game did not end")
	}
}
