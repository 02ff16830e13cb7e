package man_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/man"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

func loadFull(tb testing.TB, seed int64) *game.Game {
	tb.Helper()
	src, err := os.ReadFile("testdata/man-frgb.toml")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := scenarios.Parse("testdata/man-frgb.toml", src)
	if err != nil {
		tb.Fatal(err)
	}
	if seed > 6 { // the first player lays the sections out, the second picks his edge
		sc.Params = map[string]string{"army-A": "fr", "army-B": "gb", "first": "roll", "sections": "choose", "edge-B": "choose"}
	}
	if seed == 8 { // and the nations are chosen too
		sc.Params["army-A"], sc.Params["army-B"] = "choose", "choose"
	}
	r := man.New()
	sc, err = game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(seed)))
	if err != nil {
		tb.Fatal(err)
	}
	var opts game.Options
	if seed == 6 {
		opts = game.Options{"opening-hand": "chosen"}
	}
	g, err := game.Start(r, sc, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// play plays random legal orders (the Legal tree's leaves) until the game
// ends or steps run out, checking that Decide leaves its state unchanged,
// the invariants (Checker) after every record, and calling each after it.
func play(t *testing.T, seed int64, steps int, each func(g *game.Game, rec game.Record)) *game.Game {
	t.Helper()
	g := loadFull(t, seed)
	r := man.New()
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
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
		if step%25 == 0 {
			playtest.CheckLeaves(t, g, side, leaves, uint64(seed), step)
		}
		// Prefer fighting and ending phases over endless card plays.
		order := leaves[rng.IntN(len(leaves))]
		if i := slices.Index(leaves, "fight"); i >= 0 && rng.IntN(3) == 0 {
			order = "fight"
		}
		var attacks []string
		for _, l := range leaves {
			if w, _, _ := strings.Cut(l, " "); w == "assault" || w == "bombard" || w == "volley" || w == "ambush" {
				attacks = append(attacks, l)
			}
		}
		if len(attacks) > 0 && rng.IntN(3) > 0 {
			order = attacks[rng.IntN(len(attacks))]
		}
		if strings.HasPrefix(order, "move ") && rng.IntN(4) > 0 {
			order = closing(g.State.(*man.State), side, leaves, order)
		}
		rec := playtest.Step(t, g, side, order, d, seed, step)
		if each != nil {
			each(g, rec)
		}
	}
	return g
}

// TestPlayout plays whole random games through the Legal tree: every
// listed order is accepted, the invariants hold, events survive JSON, and
// the games end by attrition or at nightfall (MAN-2.1, MAN-2.3).
func TestPlayout(t *testing.T) {
	ended := 0
	for seed := int64(1); seed <= 8; seed++ {
		g := play(t, seed, 4000, nil)
		if g.State.Outcome().Over {
			ended++
		}
		b, err := json.Marshal(g.State)
		if err != nil {
			t.Fatal(err)
		}
		back, err := man.New().DecodeState(g.Scenario, g.Options, b)
		if err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(back)
		if string(b) != string(b2) {
			t.Fatalf("seed %d: state JSON does not round-trip", seed)
		}
	}
	if ended == 0 {
		t.Error("no random game ended")
	}
}

// TestHiddenHands: a per-side view never holds the other side's hand or
// discard pile (but its top card, MAN-0.5), nor any deck order, and the events a side may see never
// name a card the other side drew, discarded or holds (MAN-P-08, MAN-0.4,
// MAN-0.5, MAN-0.6, MAN-A-29, issue 20).
func TestHiddenHands(t *testing.T) {
	r := man.New()
	play(t, 3, 1500, func(g *game.Game, rec game.Record) {
		full := g.State.(*man.State)
		for _, viewer := range []game.Side{game.SideA, game.SideB, game.Nobody} {
			v := game.ViewOf(r, g.State, viewer).(*man.State)
			for _, side := range game.Sides {
				if len(v.Deck[side]) > 0 {
					t.Fatalf("%v sees side %v's deck order", viewer, side)
				}
				if side != viewer && (len(v.Hand[side]) > 0 || len(v.Discard[side]) > 0) {
					t.Fatalf("%v sees side %v's hand or discards", viewer, side)
				}
				for _, z := range game.ZonesOf(g.State, viewer) {
					if z.Name == "hand" && z.Side == side && z.Count != len(full.Hand[side]) {
						t.Fatalf("hand count %d, hand holds %d", z.Count, len(full.Hand[side]))
					}
				}
			}
			b, _ := json.Marshal(v)
			if viewer.Valid() {
				other := viewer.Other()
				for _, id := range full.Hand[other] {
					if slices.Contains(full.Hand[viewer], id) || slices.Contains(full.Table[viewer], id) || slices.Contains(full.Discard[viewer], id) || slices.Contains(full.Table[other], id) || v.DiscardTop[other] == id {
						continue // the same card id in the viewer's own deck
					}
					if strings.Contains(string(b), `"`+id+`"`) {
						t.Fatalf("%v's view names %s from the other hand: %s", viewer, id, b)
					}
				}
			}
			for _, e := range rec.Events {
				if !game.VisibleTo(e, viewer) {
					continue
				}
				switch x := e.(type) {
				case man.Drew:
					if x.Side != viewer {
						t.Fatalf("%v sees %v's draw", viewer, x.Side)
					}
				case man.Discarded:
					if x.Side != viewer {
						t.Fatalf("%v sees %v's discards", viewer, x.Side)
					}
				case man.Shuffled:
					t.Fatalf("%v sees a deck order", viewer)
				case man.Spied:
					if x.Side != viewer {
						t.Fatalf("%v sees %v's spy result", viewer, x.Side)
					}
				}
			}
		}
		// No decision shown to either side lists a card in hand.
		for _, d := range g.State.Pending() {
			for _, o := range d.Options {
				for _, w := range strings.Fields(o.Command)[1:] {
					if slices.Contains(full.Hand[d.Side], w) {
						t.Fatalf("decision %s lists hand card %s", d.Kind, w)
					}
				}
			}
		}
		// AutoOrder never answers a card decision; neither it nor the
		// deadline order depends on a hand: both are the same worked out
		// from what the opponent sees, so the bot's automatic orders tell
		// him nothing.
		for _, side := range game.Sides {
			if o := r.AutoOrder(g.State, side); o != "" && o != "deal" && o != "end" {
				t.Fatalf("AutoOrder %q", o)
			}
			theirs := r.View(g.State, side.Other())
			if a, b := r.AutoOrder(g.State, side), r.AutoOrder(theirs, side); a != b {
				t.Fatalf("%v's AutoOrder %q, from the opponent's view %q", side, a, b)
			}
			a, _ := r.DeadlineOrder(g.State, side)
			if b, _ := r.DeadlineOrder(theirs, side); a != b {
				t.Fatalf("%v's DeadlineOrder %q, from the opponent's view %q", side, a, b)
			}
		}
	})
}

// closing picks, among the move orders, one that ends nearest an enemy
// unit, so that random games fight.
func closing(s *man.State, side game.Side, leaves []string, dflt string) string {
	g := s.Scenario().Map.Grid
	best, bestD := dflt, 99
	for _, l := range leaves {
		w := strings.Fields(l)
		if len(w) != 3 || w[0] != "move" {
			continue
		}
		to, err := g.Parse(w[2])
		if err != nil {
			continue
		}
		for _, p := range s.Pieces() {
			if p.Side != side && p.At != nil {
				if d := g.Distance(to, *p.At); d < bestD {
					best, bestD = l, d
				}
			}
		}
	}
	return best
}
