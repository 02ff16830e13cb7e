package ptg_test

import (
	"testing"

	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/internal/casetest"
	"github.com/grognard/grognard/internal/playtest"
)

// TestEvolveRunsNoRule proves that Evolve only applies what events say:
// with the rule helpers made to panic inside Evolve (ptg.Purely), every
// case file and a whole random game are decided and replayed without a
// rule running in Evolve and without a legacy path; the logs of version 1
// replay to their states with rules run only on the legacy path.
func TestEvolveRunsNoRule(t *testing.T) {
	rules := ptg.New()
	fresh := ptg.Purely(func() {
		t.Run("cases", func(t *testing.T) {
			casetest.Run(t, rules, "testdata", "PTG-", ptgAssert)
		})
		for _, g := range storedGames[1:2] { // every optional rule: the most kinds of event
			t.Run(g.name, func(t *testing.T) {
				l := playtest.PlayLog(t, rules, g.id, g.opts, g.seed, ptgPick())
				if err := l.Check(rules); err != nil {
					t.Error(err)
				}
			})
		}
	})
	if fresh != 0 {
		t.Errorf("events decided today took %d legacy paths in Evolve: some Decide path does not record them", fresh)
	}
	old := ptg.Purely(func() {
		playtest.ReplayStoredLogs(t, rules, "testdata/v1logs")
	})
	if old == 0 {
		t.Errorf("the version-1 logs took no legacy path: they no longer test it")
	}
}
