package gs_test

import (
	"flag"
	"github.com/grognard/grognard/internal/playtest"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/scenarios"
)

var playoutSeed = flag.Uint64("gs.seed", 0, "replay the full set of random playouts with this seed")

// optionRuns are the option sets that change the flow of play.
var optionRuns = []struct {
	id   string
	opts game.Options
}{
	{"gs-4", game.Options{"reinforcements": "die"}},
	{"gs-4", game.Options{"reinforcements": "free-road"}},
	{"gs-8", game.Options{"morale": "on", "morale-threshold": "40/60", "morale-exclusive": "on", "charges": "on", "zoc-exit": "on"}},
	{"gs-10", game.Options{"reserves": "dice", "morale-hidden": "off", "long-range": "on", "lower-odds": "on", "combined-arms": "on"}},
	{"gs-10", game.Options{"reserves": "on", "face-down": "off"}},
}

// TestRandomPlayouts plays the shipped Grands Stratèges scenarios with
// random legal orders: every order Legal offers must be accepted, the
// invariants must hold after every event, the game must never get stuck,
// and replaying the log must give the same state.
//
// By default (the suite under -race on a small machine) every scenario and
// option set is played through its set-up and first turn — deployments,
// reserves, the first movements and battles — and three games are played
// to the end.
// GROGNARD_SOAK=1 plays every scenario to the end with two seeds and every
// option set to the end; GROGNARD_SOAK=20m then goes on with fresh seeds
// for twenty minutes (docs/testing.md).
func TestRandomPlayouts(t *testing.T) {
	soak, extra, err := playtest.Soak()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, info := range scenarios.List() {
		if info.Ruleset == "gs" {
			ids = append(ids, info.ID)
		}
	}
	if !soak && *playoutSeed == 0 {
		for _, id := range ids {
			t.Run(id+"/opening", func(t *testing.T) {
				playout(t, id, 1, nil, 1)
			})
		}
		for i, v := range optionRuns {
			t.Run(v.id+"-options/opening", func(t *testing.T) {
				playout(t, v.id, uint64(i+3), v.opts, 1)
			})
		}
		// Whole games: the two short scenarios and a reinforcement variant,
		// to the end and through the log checks.
		t.Run("gs-1/full", func(t *testing.T) { playout(t, "gs-1", 1, nil, 0) })
		t.Run("gs-2/full", func(t *testing.T) { playout(t, "gs-2", 2, nil, 0) })
		t.Run("gs-4-options/full", func(t *testing.T) { playout(t, "gs-4", 3, optionRuns[0].opts, 0) })
		return
	}
	start := time.Now()
	seeds := []uint64{1, 2}
	if *playoutSeed != 0 {
		seeds = []uint64{*playoutSeed}
	}
	for _, id := range ids {
		for _, seed := range seeds {
			t.Run(id, func(t *testing.T) {
				playout(t, id, seed, nil, 0)
			})
		}
	}
	for _, v := range optionRuns {
		t.Run(v.id+"-options", func(t *testing.T) {
			playout(t, v.id, 3, v.opts, 0)
		})
	}
	// A soak with a duration: fresh seeds, scenarios and option sets in
	// turn, until the time is up. The duration bounds how many games are
	// played; nothing is asserted about time.
	for n := 0; time.Since(start) < extra; n++ {
		seed := uint64(100 + n)
		if n%3 == 2 {
			v := optionRuns[n/3%len(optionRuns)]
			t.Run(v.id+"-options/soak", func(t *testing.T) { playout(t, v.id, seed, v.opts, 0) })
			continue
		}
		id := ids[n%len(ids)]
		t.Run(id+"/soak", func(t *testing.T) { playout(t, id, seed, nil, 0) })
	}
}

// playout plays scenario id with random orders from seed, to the end or,
// when turns > 0, until that many game turns have begun and ended.
func playout(t *testing.T, id string, seed uint64, opts game.Options, turns int) {
	t.Helper()
	// Evolve runs no rule (game.Purity): the playout decides and
	// replays with the rule helpers made to panic inside Evolve.
	if n := gs.Purely(func() { playoutOnce(t, id, seed, opts, turns) }); n != 0 {
		t.Errorf("seed %d: events decided today took %d legacy paths in Evolve", seed, n)
	}
}

func playoutOnce(t *testing.T, id string, seed uint64, opts game.Options, turns int) {
	t.Helper()
	sc, err := scenarios.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	rules := gs.New()
	g, err := game.Start(rules, sc, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	d := &dice.Seeded{Seed: dice.SeedFromInt(int64(seed))}
	var recs []game.Record
	first := g.State.Clock().Turn
	for step := 0; ; step++ {
		if step > 20000 {
			var last []string
			for _, r := range recs[max(0, len(recs)-8):] {
				last = append(last, r.Command.Side.String()+": "+r.Text)
			}
			t.Fatalf("seed %d: no end after %d orders, at %+v; last orders: %s", seed, step, g.State.Clock(), strings.Join(last, " | "))
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
			t.Fatalf("seed %d step %d: %s must act but has no legal order (%+v)", seed, step, side, g.State.Clock())
		}
		if step%25 == 0 {
			playtest.CheckLeaves(t, g, side, leaves, seed, step)
		}
		order := pick(rng, g.State.(*gs.State), tree, leaves)
		recs = append(recs, playtest.Apply(t, g, side, order, d, seed, step))
		checkViews(t, rules, g.State, seed, step)
	}
	o := g.State.Outcome()
	playtest.CheckLog(t, rules, sc, opts, g, recs, seed)
	t.Logf("seed %d: %d orders, %d dice, turn %d, %s", seed, len(recs), g.Rolls, g.State.Clock().Turn, o.Result)
}

// pick plays like an aggressive beginner: units march on the nearest enemy
// and attack whenever they can, so the playouts fight real battles.
func pick(rng *rand.Rand, s *gs.State, tree []game.Option, leaves []string) string {
	if len(s.Pending()) > 0 && s.Clock().Phase != gs.PhaseSetup {
		return leaves[rng.IntN(len(leaves))]
	}
	switch s.Clock().Phase {
	case gs.PhaseSetup:
		for _, l := range leaves {
			if (l == "deploy auto" || l == "ready" || l == "withdraw auto") && rng.IntN(4) > 0 {
				return l
			}
		}
	case gs.PhaseMove:
		var units []game.Option
		for _, o := range tree {
			if len(o.Children) > 0 {
				units = append(units, o)
			}
		}
		if (len(units) == 0 || rng.IntN(12) == 0) && slices.Contains(leaves, "end") {
			return "end"
		}
		if len(units) == 0 {
			return leaves[rng.IntN(len(leaves))]
		}
		u := units[rng.IntN(len(units))]
		if rng.IntN(4) == 0 {
			return u.Children[rng.IntN(len(u.Children))].Command
		}
		best, bestD := u.Children[0].Command, 1<<30
		m := s.Scenario().Map
		me := s.Unit(u.Label)
		for _, c := range u.Children {
			to, err := m.Grid.Parse(c.Label)
			if err != nil {
				continue
			}
			for i := range s.Units {
				e := &s.Units[i]
				if e.Side != me.Side && e.OnMap() {
					if d := m.Grid.Distance(to, e.At); d < bestD {
						best, bestD = c.Command, d
					}
				}
			}
		}
		return best
	case gs.PhaseCombat:
		if len(leaves) > 1 || leaves[0] != "end" {
			var attacks []string
			for _, l := range leaves {
				if l != "end" {
					attacks = append(attacks, l)
				}
			}
			if len(attacks) > 0 && (len(attacks) == len(leaves) || rng.IntN(6) > 0) {
				return attacks[rng.IntN(len(attacks))]
			}
		}
	}
	return leaves[rng.IntN(len(leaves))]
}

// checkViews asserts that neither side's view, board or piece list shows
// what the other side hides: a face-down unit's identity and values, a
// secret set-up, a secret threshold, a reserve's entry.
func checkViews(t *testing.T, rules *gs.Rules, full game.State, seed uint64, step int) {
	t.Helper()
	s := full.(*gs.State)
	for _, viewer := range game.Sides {
		v := rules.View(full, viewer).(*gs.State)
		for i := range s.Units {
			u, w := &s.Units[i], &v.Units[i]
			if u.Side == viewer {
				continue
			}
			if u.FaceDown && (w.Name != "" || w.PC != 0 || w.MP != 0 || w.Arm != "") {
				t.Fatalf("seed %d step %d: %s sees face-down %s as %s %d-%d", seed, step, viewer, u.ID, w.Name, w.PC, w.MP)
			}
			if u.Status == "reserve" && (w.EntryFrom != 0 || len(w.EntryCells) != 0 || (w.Placed && s.Clock().Phase == gs.PhaseSetup)) {
				t.Fatalf("seed %d step %d: %s sees the hidden reserve or set-up of %s", seed, step, viewer, u.ID)
			}
		}
		b := rules.Board(full, viewer)
		for _, p := range b.Pieces {
			u := s.Unit(p.ID)
			if u.Side != viewer && u.FaceDown && (p.Name != "" || p.Values != "" || p.Type != "") {
				t.Fatalf("seed %d step %d: %s's board shows face-down %s", seed, step, viewer, p.ID)
			}
			if u.Side != viewer && u.Status == "reserve" && p.At != nil {
				t.Fatalf("seed %d step %d: %s's board shows %s before it is revealed", seed, step, viewer, p.ID)
			}
		}
	}
}
