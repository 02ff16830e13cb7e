package ptg_test

import (
	"flag"
	"github.com/grognard/grognard/internal/playtest"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/scenarios"
)

var (
	playoutSeed = flag.Uint64("ptg.seed", 0, "replay the random playouts with this seed")
	playoutOpts = flag.String("ptg.options", "", "extra options for the playouts, name=value,…")
)

// allOptional switches every optional rule of PTG-14 on.
var allOptional = game.Options{
	"surprise": "on", "charles-unwounded": "on", "assault-equipment": "on", "grenades": "on", "fatigue": "on",
	"prisoners": "on", "visibility": "on", "canister": "on", "charges": "on", "flank-attacks": "on", "squares": "on",
	"dismount": "on", "rolling-fire": "on", "cavalry-evasion": "on", "cavalry-vs-routed": "on", "aides": "on",
	"horse-artillery": "on", "initial-fire-zones": "on",
}

// TestRandomPlayouts plays the shipped Peter the Great scenarios with
// random legal orders, as printed and with every optional rule: every order
// Legal offers must be accepted, the invariants must hold after every
// event, the game must never get stuck, and the log must replay, re-decide
// and survive JSON to the same state.
//
// By default (the suite under -race on a small machine) the historical
// scenario is played through its first four turns as printed and the
// other three through their set-up and first turn, two of them with every
// optional rule (TestBrittlePlayout plays a whole game with optional
// rules to its early end).
// GROGNARD_SOAK=1 plays every scenario to the end both ways;
// GROGNARD_SOAK=20m then goes on with fresh seeds for twenty minutes
// (docs/testing.md).
func TestRandomPlayouts(t *testing.T) {
	soak, extra, err := playtest.Soak()
	if err != nil {
		t.Fatal(err)
	}
	type run struct {
		id    string
		seed  uint64
		opts  game.Options
		turns int // 0: to the end
	}
	ids := []string{"ptg-historical", "ptg-standard", "ptg-maximum", "ptg-june22"}
	runs := []run{{"ptg-historical", 1, nil, 4}, {"ptg-standard", 2, allOptional, 1}, {"ptg-maximum", 3, nil, 1}, {"ptg-june22", 4, allOptional, 1}}
	if soak {
		runs = nil
		for i, id := range ids {
			runs = append(runs, run{id, uint64(2*i + 1), nil, 0}, run{id, uint64(2*i + 2), allOptional, 0})
		}
	}
	if *playoutSeed != 0 {
		for i := range runs {
			runs[i].seed = *playoutSeed
		}
	}
	if *playoutOpts != "" {
		for i := range runs {
			runs[i].opts = game.Options{}
			for _, kv := range strings.Split(*playoutOpts, ",") {
				k, v, _ := strings.Cut(kv, "=")
				runs[i].opts[k] = v
			}
		}
	}
	n := 0
	for _, info := range scenarios.List() {
		if info.Ruleset == "ptg" {
			n++
		}
	}
	if n != 4 {
		t.Errorf("%d Peter the Great scenarios shipped, want the four of PTG-13", n)
	}
	start := time.Now()
	// A soak with a duration adds fresh seeds, both ways in turn, until the
	// time is up. The duration bounds how many games are played; nothing is
	// asserted about time.
	for k := 0; ; k++ {
		if k >= len(runs) {
			if time.Since(start) >= extra {
				break
			}
			opts := game.Options(nil)
			if k%2 == 1 {
				opts = allOptional
			}
			runs = append(runs, run{ids[k/2%len(ids)], uint64(100 + k), opts, 0})
		}
		r := runs[k]
		name := r.id + "/plain"
		if r.opts != nil {
			name = r.id + "/options"
		}
		if r.turns > 0 {
			name += "/opening"
		}
		t.Run(name, func(t *testing.T) {
			sc, err := scenarios.Load(r.id)
			if err != nil {
				t.Fatal(err)
			}
			playout(t, sc, r.seed, r.opts, r.turns)
		})
	}
}

// TestBrittlePlayout plays 13.1 with both armies a few points above
// demoralization, so that demoralized attacks, surrenders, collapse and
// the end of a game before turn 11 are played too.
func TestBrittlePlayout(t *testing.T) {
	src, err := os.ReadFile("../../../scenarios/data/ptg/ptg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "[params]\n", "[params]\nnma-A = \"30\"\nnma-B = \"40\"\n", 1)
	sc, err := scenarios.Parse("brittle", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	opts := game.Options{"prisoners": "on", "rolling-fire": "on", "canister": "on", "grenades": "on"}
	seed := uint64(8)
	if *playoutSeed != 0 {
		seed = *playoutSeed
	}
	g := playout(t, sc, seed, opts, 0)
	if c := g.State.Clock(); c.Turn >= c.Turns || !strings.Contains(g.State.Outcome().Result, "collapses") {
		t.Errorf("seed %d: the game ended on turn %d of %d (%s); the brittle playout should end early with an army's collapse (pick another seed if the rules changed)", seed, c.Turn, c.Turns, g.State.Outcome().Result)
	}
}

// playout plays sc with random orders from seed, to the end or, when
// turns > 0, until that many game turns have begun and ended.
func playout(t *testing.T, sc *game.Scenario, seed uint64, opts game.Options, turns int) *game.Game {
	t.Helper()
	// Evolve runs no rule (game.Purity): the playout decides and
	// replays with the rule helpers made to panic inside Evolve.
	var g *game.Game
	if n := ptg.Purely(func() { g = playoutOnce(t, sc, seed, opts, turns) }); n != 0 {
		t.Errorf("seed %d: events decided today took %d legacy paths in Evolve", seed, n)
	}
	return g
}

func playoutOnce(t *testing.T, sc *game.Scenario, seed uint64, opts game.Options, turns int) *game.Game {
	t.Helper()
	rules := ptg.New()
	g, err := game.Start(rules, sc, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	d := &dice.Seeded{Seed: dice.SeedFromInt(int64(seed))}
	var recs []game.Record
	phaseOrders := 0
	last := game.Clock{}
	first := g.State.Clock().Turn
	for step := 0; ; step++ {
		if step > 30000 {
			t.Fatalf("seed %d: no end after %d orders", seed, step)
		}
		if g.State.Outcome().Over || (turns > 0 && g.State.Clock().Turn >= first+turns) {
			break
		}
		waiting := game.Waiting(g.State)
		if len(waiting) == 0 {
			t.Fatalf("seed %d step %d: nobody to act and the game is not over", seed, step)
		}
		side := waiting[rng.IntN(len(waiting))]
		tree := rules.Legal(g.State, side)
		leaves := game.Leaves(tree)
		playtest.CheckDeclared(t, rules, leaves, seed, step)
		if len(leaves) == 0 {
			t.Fatalf("seed %d step %d: %s must act but has no legal order (%+v, pending %v)", seed, step, side, g.State.Clock(), g.State.Pending())
		}
		if step%100 == 0 {
			playtest.CheckLeaves(t, g, side, leaves, seed, step)
		}
		if c := g.State.Clock(); c != last {
			last, phaseOrders = c, 0
		}
		phaseOrders++
		order := pick(rng, g.State.(*ptg.State), tree, leaves, phaseOrders)
		recs = append(recs, playtest.Apply(t, g, side, order, d, seed, step))
	}
	o := g.State.Outcome()
	playtest.CheckLog(t, rules, sc, opts, g, recs, seed)
	t.Logf("seed %d: %d orders, %d dice, turn %d: %s", seed, len(recs), g.Rolls, g.State.Clock().Turn, o.Result)
	return g
}

// pick plays like an aggressive beginner: it moves a dozen units a phase
// toward the nearest enemy, attacks whenever it can and answers decisions
// at random.
func pick(rng *rand.Rand, s *ptg.State, tree []game.Option, leaves []string, n int) string {
	if len(s.Pending()) > 0 && s.Clock().Phase != ptg.PhaseSetup {
		return leaves[rng.IntN(len(leaves))]
	}
	switch s.Clock().Phase {
	case ptg.PhaseSetup:
		for _, l := range leaves {
			if l == "ready" && rng.IntN(5) > 0 {
				return l
			}
		}
	case ptg.PhaseMove:
		var units []game.Option
		for _, o := range tree {
			if len(o.Children) > 0 {
				units = append(units, o)
			}
		}
		if len(units) == 0 || n > 20 || rng.IntN(30) == 0 {
			return "end"
		}
		u := units[rng.IntN(len(units))]
		if rng.IntN(4) == 0 {
			return u.Children[rng.IntN(len(u.Children))].Command
		}
		me := s.Unit(u.Label)
		m := s.Scenario().Map
		best, bestD := u.Children[0].Command, 1<<30
		for _, c := range u.Children {
			w := strings.Fields(c.Command)
			if len(w) < 3 || w[0] != "move" {
				continue
			}
			to, err := m.Grid.Parse(w[2])
			if err != nil {
				continue
			}
			for i := range s.Units {
				e := &s.Units[i]
				if e.Side != me.Side && e.OnMap() && e.Combat() {
					if d := m.Grid.Distance(to, e.At); d < bestD {
						best, bestD = c.Command, d
					}
				}
			}
		}
		return best
	case ptg.PhaseCombat:
		var attacks []string
		for _, l := range leaves {
			if strings.HasPrefix(l, "attack") || strings.HasPrefix(l, "bombard") {
				attacks = append(attacks, l)
			}
		}
		if len(attacks) > 0 && (!contains(leaves, "end") || rng.IntN(5) > 0) {
			return attacks[rng.IntN(len(attacks))]
		}
		if contains(leaves, "end") {
			return "end"
		}
	case ptg.PhaseRally:
		if rng.IntN(3) > 0 {
			return leaves[0]
		}
		return "end"
	}
	return leaves[rng.IntN(len(leaves))]
}

func contains(ls []string, x string) bool {
	for _, l := range ls {
		if l == x {
			return true
		}
	}
	return false
}
