package gs_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/internal/playtest"
)

var writeLogs = flag.String("gs.writelogs", "", "play the stored-log games with today's rules and write their logs to this directory (run at the commit of the version whose logs are kept)")

// storedGames are the games each version of the rules leaves in
// testdata/v<N>logs: short scenarios, a die-rolled reinforcement and
// reserves with a free entry (events whose effects Evolve once computed).
var storedGames = []struct {
	name string
	id   string
	seed uint64
	opts game.Options
}{
	{"gs-1", "gs-1", 1, nil},
	{"gs-2", "gs-2", 2, nil},
	{"gs-4-die", "gs-4", 3, game.Options{"reinforcements": "die"}},
	{"gs-10-reserves", "gs-10", 4, game.Options{"reserves": "on", "face-down": "off"}},
}

func gsPick(rng *rand.Rand, st game.State, tree []game.Option, leaves []string) string {
	return pick(rng, st.(*gs.State), tree, leaves)
}

// TestWriteLogs writes the stored games' logs with today's rules when
// -gs.writelogs names a directory.
func TestWriteLogs(t *testing.T) {
	if *writeLogs == "" {
		t.Skip("no -gs.writelogs directory")
	}
	for _, g := range storedGames {
		playtest.WriteLog(t, *writeLogs, g.name, playtest.PlayLog(t, gs.New(), g.id, g.opts, g.seed, gsPick))
	}
}

// TestVersion1Logs replays whole games logged by version 1 of the rules
// (before events carried the outcomes Evolve used to compute) to the
// states version 1 reached. It also proves that Evolve runs no rule
// (the half of game.Purity's proof for old logs): the replay runs under
// gs.Purely, and the legacy paths of version-1 events are the only
// places a rule helper may run in Evolve, so they must be taken.
func TestVersion1Logs(t *testing.T) {
	n := 0
	legacies := gs.Purely(func() { n = playtest.ReplayStoredLogs(t, gs.New(), "testdata/v1logs") })
	if n < len(storedGames) {
		t.Errorf("%d version-1 logs in testdata/v1logs, want %d", n, len(storedGames))
	}
	if legacies == 0 {
		t.Errorf("the version-1 logs took no legacy path: they no longer test it")
	}
}
