package gs

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/scenarios"
)

// TestStartNeedsTurns: scenario files may leave the number of turns at 0
// for rulesets that end the game themselves (Manœuvre), but a Grands
// Stratèges battle ends after its last turn, so Start refuses 0 and names
// the field.
func TestStartNeedsTurns(t *testing.T) {
	sc, err := scenarios.Load("gs-1")
	if err != nil {
		t.Fatal(err)
	}
	c := *sc
	c.Turns = 0
	if _, err := (&Rules{}).Start(&c, nil); err == nil || !strings.Contains(err.Error(), "turns = 0") {
		t.Errorf("Start with turns = 0: %v, want a refusal naming turns", err)
	}
}
