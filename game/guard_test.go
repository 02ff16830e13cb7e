package game_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/scenarios"
)

// TestNonSeatGuard: in every ruleset and scenario, at the start, a
// non-seat has no legal orders, gets the spectator's view, and any order
// it gives is refused by the kernel before the ruleset sees it.
func TestNonSeatGuard(t *testing.T) {
	for _, info := range scenarios.List() {
		sc, err := scenarios.Load(info.ID)
		if err != nil {
			t.Fatal(err)
		}
		r, err := all.Get(sc.Ruleset)
		if err != nil {
			t.Fatal(err)
		}
		// a scenario that rolls its set-up (Manœuvre) is played resolved
		if sc, err = game.SetUp(r, sc, nil, dice.SetUpDice([]byte("guard"))); err != nil {
			t.Fatal(err)
		}
		g, err := game.Start(r, sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, side := range []game.Side{game.Nobody, game.Side(2), game.Side(-7)} {
			if got := game.Legal(r, g.State, side); len(got) != 0 {
				t.Errorf("%s: side %d has %d legal orders", info.ID, side, len(got))
			}
			_ = game.ViewOf(r, g.State, side).Pieces()
			for _, side2 := range game.Sides {
				for _, o := range game.Leaves(game.Legal(r, g.State, side2)) {
					cmd, _ := game.ParseCommand(side, o)
					if _, _, err := g.Decide(cmd, nil); err == nil {
						t.Errorf("%s: side %d may give %q", info.ID, side, o)
					} else if re, ok := game.AsRuleError(err); !ok || re.Code != game.CodeWrongSide {
						t.Errorf("%s: side %d giving %q: %v, want a not-your-turn refusal", info.ID, side, o, err)
					}
					break
				}
			}
		}
	}
}
