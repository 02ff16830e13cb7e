package flg_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

func loadBrigade(tb testing.TB) *game.Game {
	tb.Helper()
	return loadBrigadeWith(tb, game.Options{"turn-cap": "10"})
}

func loadBrigadeWith(tb testing.TB, opts game.Options) *game.Game {
	tb.Helper()
	src, err := os.ReadFile("testdata/flg-brigade.toml")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := scenarios.Parse("testdata/flg-brigade.toml", src)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(flg.New(), sc, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// play plays random legal orders (the Legal tree's leaves) until the game
// ends or steps run out, checking that every listed order is accepted,
// that Decide leaves its state unchanged, the invariants after every
// record, and that events survive JSON. It prefers attacks, activations
// and moves toward the enemy, so that games are fought out.
func play(t *testing.T, seed int64, steps int, each func(g *game.Game, rec game.Record)) *game.Game {
	t.Helper()
	return playGame(t, loadBrigade(t), seed, steps, each)
}

func playGame(t *testing.T, g *game.Game, seed int64, steps int, each func(g *game.Game, rec game.Record)) *game.Game {
	t.Helper()
	r := flg.New()
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
		order := pick(g.State.(*flg.State), side, leaves, rng)
		rec := playtest.Step(t, g, side, order, d, seed, step)
		if each != nil {
			each(g, rec)
		}
	}
	return g
}

// pick chooses an order: an attack when there is one, else an
// activation, else the move that comes closest to the enemy, with some
// randomness; "end" when nothing else is wanted.
func pick(s *flg.State, side game.Side, leaves []string, rng *rand.Rand) string {
	var attacks, acts, moves, other, sends []string
	for _, l := range leaves {
		switch w, _, _ := strings.Cut(l, " "); w {
		case "attack", "pursue":
			attacks = append(attacks, l)
		case "activate":
			acts = append(acts, l)
		case "messenger":
			sends = append(sends, l)
		case "move":
			moves = append(moves, l)
		case "end":
		default:
			other = append(other, l)
		}
	}
	switch {
	case len(sends) > 0 && rng.IntN(12) == 0:
		return sends[rng.IntN(len(sends))]
	case len(other) > 0:
		return other[rng.IntN(len(other))]
	case len(attacks) > 0 && rng.IntN(5) > 0:
		return attacks[rng.IntN(len(attacks))]
	case len(acts) > 0 && rng.IntN(8) > 0:
		return acts[rng.IntN(len(acts))]
	case len(moves) > 0 && rng.IntN(6) > 0:
		if rng.IntN(3) == 0 {
			return moves[rng.IntN(len(moves))]
		}
		return closest(s, side, moves)
	}
	return "end"
}

// closest is the move that ends nearest an enemy unit.
func closest(s *flg.State, side game.Side, moves []string) string {
	g := s.Scenario().Map.Grid
	best, bestD := moves[0], 1<<30
	for _, m := range moves {
		w := strings.Fields(m)
		to, err := g.Parse(w[2])
		if err != nil {
			continue
		}
		for _, u := range s.Units {
			if u.Side != side && !u.Gone {
				if d := grid.HexDistance(to, u.At); d < bestD {
					best, bestD = m, d
				}
			}
		}
	}
	return best
}

// TestPlayout plays whole random games through the Legal tree: every
// listed order is accepted, the invariants hold, events survive JSON, and
// the games end by demoralisation or at the turn cap (FLG-5.2, FLG-P-1,
// FLG-P-30).
func TestPlayout(t *testing.T) {
	ended, seeds := 0, int64(3)
	if on, _, err := playtest.Soak(); err != nil {
		t.Fatal(err)
	} else if on {
		seeds = 40
	}
	for seed := int64(1); seed <= seeds; seed++ {
		g := play(t, seed, 4000, nil)
		if o := g.State.Outcome(); o.Over {
			ended++
			t.Logf("seed %d: %s after turn %d", seed, o.Result, g.State.Clock().Turn)
		}
	}
	if ended < int(seeds) {
		t.Errorf("only %d of %d random games ended", ended, seeds)
	}
}

// TestPlayoutReactions plays a random game with option reactions=prompt:
// attacks wait for the defender's answer (§9.2), every answer listed is
// accepted, and the game still ends.
func TestPlayoutReactions(t *testing.T) {
	declared, answered := 0, 0
	g := playGame(t, loadBrigadeWith(t, game.Options{"turn-cap": "10", "reactions": "prompt"}), 5, 4000, func(g *game.Game, rec game.Record) {
		for _, e := range rec.Events {
			if _, ok := e.(flg.Declared); ok {
				declared++
			}
		}
		if rec.Command.Verb == "answer" {
			answered++
		}
	})
	if !g.State.Outcome().Over {
		t.Error("the game did not end")
	}
	if declared == 0 || answered != declared {
		t.Errorf("%d attacks waited for an answer, %d answered", declared, answered)
	}
}

// TestDecodeState: a state written as JSON reads back the same, with the
// scenario it refers to (snapshots).
func TestDecodeState(t *testing.T) {
	g := play(t, 2, 300, nil)
	b, err := json.Marshal(g.State)
	if err != nil {
		t.Fatal(err)
	}
	st, err := flg.New().DecodeState(g.Scenario, g.Options, b)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(st)
	if string(again) != string(b) {
		t.Errorf("the state changed in a JSON round trip")
	}
	if game.Leaves(flg.New().Legal(st, st.Clock().Active)) == nil && !st.Outcome().Over {
		t.Errorf("the decoded state has no orders")
	}
}
