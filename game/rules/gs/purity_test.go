package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/internal/playtest"
)

// TestEvolveRunsNoRule proves that Evolve only applies what events say:
// with the rule helpers made to panic inside Evolve (gs.Purely), the logs
// of version 1 replay to their states with rules run only on the legacy
// path. The events decided today are checked the same way where they are
// decided and replayed anyway, without a second run: every case file
// (TestCases) and the random playouts (TestRandomPlayouts) run under
// gs.Purely and fail on any legacy path.
func TestEvolveRunsNoRule(t *testing.T) {
	rules := gs.New()
	old := gs.Purely(func() {
		playtest.ReplayStoredLogs(t, rules, "testdata/v1logs")
	})
	if old == 0 {
		t.Errorf("the version-1 logs took no legacy path: they no longer test it")
	}
}
