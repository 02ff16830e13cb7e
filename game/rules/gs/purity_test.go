package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/internal/casetest"
	"github.com/grognard/grognard/internal/playtest"
)

// TestEvolveRunsNoRule proves that Evolve only applies what events say:
// with the rule helpers made to panic inside Evolve (gs.Purely), every
// case file and whole random games are decided and replayed without a
// rule running in Evolve and without a legacy path; the logs of version 1
// replay to their states with rules run only on the legacy path.
func TestEvolveRunsNoRule(t *testing.T) {
	rules := gs.New()
	fresh := gs.Purely(func() {
		t.Run("cases", func(t *testing.T) {
			casetest.Run(t, rules, "testdata", "GS-", gsAssert)
		})
		for _, g := range storedGames {
			t.Run(g.name, func(t *testing.T) {
				l := playtest.PlayLog(t, rules, g.id, g.opts, g.seed, gsPick)
				if err := l.Check(rules); err != nil {
					t.Error(err)
				}
			})
		}
	})
	if fresh != 0 {
		t.Errorf("events decided today took %d legacy paths in Evolve: some Decide path does not record them", fresh)
	}
	old := gs.Purely(func() {
		playtest.ReplayStoredLogs(t, rules, "testdata/v1logs")
	})
	if old == 0 {
		t.Errorf("the version-1 logs took no legacy path: they no longer test it")
	}
}
