package man_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/man"
)

// TestStandingSecret: standing orders (MAN-P-46) are a secret of their
// owner. The event that sets them is visible to its owner only, the
// opponent's (and a spectator's) view of the state never holds them, and
// the JSON of the state round-trips them for the owner.
func TestStandingSecret(t *testing.T) {
	g := loadFull(t, 1)
	r := man.New()
	owner := g.State.(*man.State).Active.Other() // set out of turn
	cmd, err := game.ParseCommand(owner, "standing guerrilla-march hit flank-right")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := g.Apply("standing guerrilla-march hit flank-right", cmd, &dice.Seeded{Seed: []byte("s")})
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Events) != 1 {
		t.Fatalf("events %v", rec.Events)
	}
	for _, viewer := range []game.Side{owner.Other(), game.Nobody} {
		if game.VisibleTo(rec.Events[0], viewer) {
			t.Errorf("%v sees %v's standing orders", viewer, owner)
		}
		v := game.ViewOf(r, g.State, viewer).(*man.State)
		if len(v.Standing[owner]) != 0 {
			t.Errorf("%v's view holds %v's standing orders %v", viewer, owner, v.Standing[owner])
		}
		b, _ := json.Marshal(v)
		for _, w := range []string{"guerrilla-march", "flank-right", `"standing"`} {
			if strings.Contains(string(b), w) {
				t.Errorf("%v's view names %s: %s", viewer, w, b)
			}
		}
	}
	if !game.VisibleTo(rec.Events[0], owner) {
		t.Error("the owner does not see his own standing orders")
	}
	v := game.ViewOf(r, g.State, owner).(*man.State)
	if got := strings.Join(v.Standing[owner], " "); got != "guerrilla-march hit flank-right" {
		t.Errorf("the owner's view holds %q", got)
	}
	b, _ := json.Marshal(g.State)
	back, err := r.DecodeState(g.Scenario, g.Options, b)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(back.(*man.State).Standing[owner], " "); got != "guerrilla-march hit flank-right" {
		t.Errorf("decoded standing orders %q", got)
	}
}

// TestReactionSides: the pace presets (MAN-P-45, bot/deadline.go
// reactionOf) give a reaction window the short time by reading whose
// decision it is against State.Clock().Active. Through random games, the
// reaction windows of T-17 — the Guerrilla window (DP-09), the defence
// (DP-11/12) and the defender's flank (DP-16) — are decisions of the side
// that is not active, and the attacker's support (DP-13) and advance
// (DP-17) decisions of the active side.
func TestReactionSides(t *testing.T) {
	seen := map[string]int{}
	for seed := int64(1); seed <= 3; seed++ {
		play(t, seed, 1500, func(g *game.Game, rec game.Record) {
			active := g.State.Clock().Active
			for _, d := range g.State.Pending() {
				seen[d.Kind]++
				switch d.Kind {
				case "guerrilla", "defend", "flank":
					if d.Side == active {
						t.Fatalf("the %s decision belongs to the active side %v", d.Kind, active)
					}
				case "support", "advance":
					if d.Side != active {
						t.Fatalf("the %s decision belongs to %v, the active side is %v", d.Kind, d.Side, active)
					}
				}
			}
		})
	}
	// France and Great Britain have no Guerrilla: the window's side is
	// checked by the case file MAN-P-46 (pending guerrilla B in A's turn).
	for _, k := range []string{"defend", "flank", "support", "advance"} {
		if seen[k] == 0 {
			t.Errorf("no %s decision met in the random games: %v", k, seen)
		}
	}
}
