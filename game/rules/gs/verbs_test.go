package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

// TestVerbs checks the declared verbs against Decide and the legal-option
// trees of random games of every shipped scenario, and that the old
// spelling "draw" of draw-forces still reaches Decide (older logs).
func TestVerbs(t *testing.T) {
	var scs []*game.Scenario
	for _, info := range scenarios.List() {
		if info.Ruleset == "gs" {
			sc, err := scenarios.Load(info.ID)
			if err != nil {
				t.Fatal(err)
			}
			scs = append(scs, sc)
		}
	}
	seen := playtest.CheckVerbs(t, gs.New(), scs, 40)
	for _, v := range []string{"deploy", "ready", "move", "attack", "end", "draw-forces"} {
		if !seen[v] {
			t.Errorf("no legal-option tree offered %s", v)
		}
	}
	_, err := gs.New().Decide(mustStart(t, scs[0]), game.Command{Side: game.SideA, Verb: "draw"}, nil)
	if re, ok := game.AsRuleError(err); !ok || re.Code == game.CodeUnknownVerb {
		t.Errorf("draw: %v, want the refusal of draw-forces", err)
	}
}

func mustStart(t *testing.T, sc *game.Scenario) game.State {
	t.Helper()
	g, err := game.Start(gs.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g.State
}
