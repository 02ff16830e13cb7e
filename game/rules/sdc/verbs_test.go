package sdc_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/sdc"
	"github.com/grognard/grognard/internal/playtest"
)

// TestVerbs checks the declared verbs against Decide and the legal-option
// trees of random games of the test battle, and that the playouts' legal
// trees offer the orders of every phase.
func TestVerbs(t *testing.T) {
	sc := loadBattle(t).Scenario
	seen := playtest.CheckVerbs(t, sdc.New(), []*game.Scenario{sc}, 40)
	for _, v := range []string{"roll", "first", "activate", "move", "end"} {
		if !seen[v] {
			t.Errorf("no legal-option tree offered %s", v)
		}
	}
}

// TestDefaults: at a deadline the rules play the decision's default, the
// initiative roll, the winner's start, the first general not yet
// activated, and "end" (TBL-26); the initiative roll is played at once.
func TestDefaults(t *testing.T) {
	r := sdc.New()
	g := loadBattle(t)
	if o := r.AutoOrder(g.State, game.SideA); o != "roll" {
		t.Errorf("auto order %q", o)
	}
	for step := 0; step < 40 && !g.State.Outcome().Over; step++ {
		side := game.Waiting(g.State)[0]
		order, why := r.DeadlineOrder(g.State, side)
		if order == "" {
			t.Fatalf("step %d: no default for %s: %s", step, side, why)
		}
		cmd, _ := game.ParseCommand(side, order)
		if _, err := g.Apply(order, cmd, &fixedSix{}); err != nil {
			t.Fatalf("step %d: default %q refused: %v", step, order, err)
		}
	}
}

// fixedSix rolls 6, every die a pass.
type fixedSix struct{}

func (fixedSix) Roll(int) int { return 6 }
