package ptg_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/internal/playtest"
)

var writeLogs = flag.String("ptg.writelogs", "", "play the stored-log games with today's rules and write their logs to this directory (run at the commit of the version whose logs are kept)")

// storedGames are the games each version of the rules leaves in
// testdata/v<N>logs: the historical battle as printed and with every
// optional rule.
var storedGames = []struct {
	name string
	id   string
	seed uint64
	opts game.Options
}{
	{"ptg-historical", "ptg-historical", 1, nil},
	{"ptg-standard-optional", "ptg-standard", 2, allOptional},
	{"ptg-june22-optional", "ptg-june22", 4, allOptional},
}

// ptgPick is pick with its count of orders given in the current phase.
func ptgPick() playtest.Picker {
	last, n := game.Clock{}, 0
	return func(rng *rand.Rand, st game.State, tree []game.Option, leaves []string) string {
		if c := st.Clock(); c != last {
			last, n = c, 0
		}
		n++
		return pick(rng, st.(*ptg.State), tree, leaves, n)
	}
}

// TestWriteLogs writes the stored games' logs with today's rules when
// -ptg.writelogs names a directory.
func TestWriteLogs(t *testing.T) {
	if *writeLogs == "" {
		t.Skip("no -ptg.writelogs directory")
	}
	for _, g := range storedGames {
		playtest.WriteLog(t, *writeLogs, g.name, playtest.PlayLog(t, ptg.New(), g.id, g.opts, g.seed, ptgPick()))
	}
}

// TestVersion1Logs replays whole games logged by version 1 of the rules
// (before events carried the outcomes Evolve used to compute) to the
// states version 1 reached. It also proves that Evolve runs no rule
// (the half of game.Purity's proof for old logs): the replay runs under
// ptg.Purely, and the legacy paths of version-1 events are the only
// places a rule helper may run in Evolve, so they must be taken.
func TestVersion1Logs(t *testing.T) {
	n := 0
	legacies := ptg.Purely(func() { n = playtest.ReplayStoredLogs(t, ptg.New(), "testdata/v1logs") })
	if n < len(storedGames) {
		t.Errorf("%d version-1 logs in testdata/v1logs, want %d", n, len(storedGames))
	}
	if legacies == 0 {
		t.Errorf("the version-1 logs took no legacy path: they no longer test it")
	}
}
