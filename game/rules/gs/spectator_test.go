package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/scenarios"
)

// TestSpectatorSetup: during the simultaneous secret set-up a spectator
// (game.Nobody) has no legal orders; asking used to index Ready[-1] and
// stop the process (issue 14).
func TestSpectatorSetup(t *testing.T) {
	r := &gs.Rules{}
	for _, info := range scenarios.List() {
		if info.Ruleset != "gs" {
			continue
		}
		sc, err := scenarios.Load(info.ID)
		if err != nil {
			t.Fatal(err)
		}
		s, err := r.Start(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Legal(s, game.Nobody); len(got) != 0 {
			t.Errorf("%s: a spectator has %d legal orders at the start", info.ID, len(got))
		}
	}
}
