package ptg_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

// TestVerbs checks the declared verbs against Decide and the legal-option
// trees of random games of every shipped scenario, and that the old
// spelling "aide" still reaches Decide (older logs).
func TestVerbs(t *testing.T) {
	var scs []*game.Scenario
	for _, info := range scenarios.List() {
		if info.Ruleset == "ptg" {
			sc, err := scenarios.Load(info.ID)
			if err != nil {
				t.Fatal(err)
			}
			scs = append(scs, sc)
		}
	}
	seen := playtest.CheckVerbs(t, ptg.New(), scs, 15) // the random playouts check the verbs of every legal tree too
	for _, v := range []string{"place", "ready", "move", "end"} {
		if !seen[v] {
			t.Errorf("no legal-option tree offered %s", v)
		}
	}
	g, err := game.Start(ptg.New(), scs[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ptg.New().Decide(g.State, game.Command{Side: game.SideA, Verb: "aide"}, nil)
	if re, ok := game.AsRuleError(err); !ok || re.Code == game.CodeUnknownVerb {
		t.Errorf("aide: %v, want the refusal of aide-de-camp", err)
	}
}
