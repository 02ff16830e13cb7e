// Package backendtest is the storage test suite every backend of
// storage.Backend must pass: the bbolt store (package storage) and the
// PostgreSQL store (storage/postgres) run it with their own Opener, so
// that both keep the same semantics. Tests of what only one backend has
// (bbolt's page checks, file locks, schema upgrades) stay in that
// backend's package.
//
//	func TestBackend(t *testing.T) { backendtest.Run(t, opener) }
package backendtest

import (
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	//lint:ignore ST1001 the suite reads as the storage package's own tests did
	. "github.com/grognard/grognard/storage"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage/storetest"
)

// An Opener makes a new, empty store for one test and returns how to
// open it (again: a test may close it and open the same store once
// more). It honours opts.SnapshotEvery, SnapshotKeep, Now and Logger.
type Opener func(tb testing.TB, opts Options) (open func() (Backend, error))

// suite lists the tests, by name.
var suite = []struct {
	name string
	run  func(t *testing.T)
}{
	{"CreateAndMeta", testCreateAndMeta},
	{"CreateRejectsBadInput", testCreateRejectsBadInput},
	{"CreateGameScenario", testCreateGameScenario},
	{"AppendLoadReplay", testAppendLoadReplay},
	{"LoadSurvivesBadSnapshot", testLoadSurvivesBadSnapshot},
	{"PutSnapshotValidates", testPutSnapshotValidates},
	{"Conflict", testConflict},
	{"Idempotency", testIdempotency},
	{"AppendValidates", testAppendValidates},
	{"GameOverRevealsSeed", testGameOverRevealsSeed},
	{"Indexes", testIndexes},
	{"ClosedStore", testClosedStore},
	{"Values", testValues},
	{"ServerSettings", testServerSettings},
	{"TruncateLog", testTruncateLog},
	{"ConcurrentPlayers", testConcurrentPlayers},
	{"ExportImportIdentical", testExportImportIdentical},
	{"ReadExportRefuses", testReadExportRefuses},
	{"ImportVersion1Export", testImportVersion1Export},
	{"Audit", testAudit},
	{"GameKeepsItsScenario", testGameKeepsItsScenario},
	{"ExportCarriesScenario", testExportCarriesScenario},
	{"ExportViewScenario", testExportViewScenario},
	{"GameCopy", testGameCopy},
}

var (
	mu     sync.Mutex
	opener Opener
)

// Scale sizes the suite's heavier tests.
type Scale struct {
	// ConcurrentGames is the number of games of ConcurrentPlayers, both
	// players of each ordering at once (default 200).
	ConcurrentGames int
}

var scale Scale

// Run runs the whole suite on the stores open makes, one subtest per
// test. Tests of one Run share the package's opener: do not call Run from
// parallel tests.
func Run(t *testing.T, open Opener) { RunScaled(t, open, Scale{}) }

// RunScaled is Run with the heavier tests sized by sc.
func RunScaled(t *testing.T, open Opener, sc Scale) {
	if sc.ConcurrentGames <= 0 {
		sc.ConcurrentGames = 200
	}
	mu.Lock()
	opener, scale = open, sc
	mu.Unlock()
	for _, tc := range suite {
		t.Run(tc.name, tc.run)
	}
}

var toyRes = storetest.Resolver{}

// fakeClock is a deterministic clock: each call advances one millisecond.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Millisecond)
	return c.t
}

func withDefaults(opts Options) Options {
	if opts.Now == nil {
		opts.Now = newClock().Now
	}
	if opts.Logger == nil {
		opts.Logger = quietLogger()
	}
	return opts
}

// newStore makes a new store and returns how to open it.
func newStore(tb testing.TB, opts Options) func() (Backend, error) {
	tb.Helper()
	mu.Lock()
	o := opener
	mu.Unlock()
	return o(tb, withDefaults(opts))
}

// mustOpen opens a fresh store, closed when the test ends.
func mustOpen(tb testing.TB, opts Options) Backend {
	tb.Helper()
	s, err := newStore(tb, opts)()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

func toyMeta(id string) GameMeta {
	return GameMeta{
		ID: id, Ruleset: "toy", RulesetVersion: storetest.Toy{}.Version(),
		Scenario: storetest.Scenario.ID, ScenarioHash: storetest.Scenario.Hash,
		Seats: map[game.Side]string{game.SideA: "user:ann", game.SideB: "user:bob"},
	}
}

func seedOf(id string) []byte { return dice.SeedFromInt(int64(len(id)*7919) + int64(id[len(id)-1])) }

func mustCreate(tb testing.TB, s Backend, m GameMeta) GameMeta {
	tb.Helper()
	out, err := s.CreateGame(m, storetest.Scenario, seedOf(m.ID+"x"))
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// Order loads the game, decides text for side with the game's seeded dice
// and appends it with the state, retrying on conflicts. It returns the
// stored sequence number. It is the toy ruleset's whole order path, for
// tests and benchmarks of backends.
func Order(s Backend, id string, side game.Side, text, interaction string) (int, error) {
	seed, err := s.Seed(id)
	if err != nil {
		return 0, err
	}
	for {
		g, _, err := s.Load(id, toyRes)
		if err != nil {
			return 0, err
		}
		cmd, err := game.ParseCommand(side, text)
		if err != nil {
			return 0, err
		}
		before := g.Seq
		rec, err := g.Apply(text, cmd, &dice.Seeded{Seed: seed, Next: g.Rolls})
		if err != nil {
			return 0, err
		}
		err = s.AppendEntry(id, before, Entry{Record: rec, Interaction: interaction, State: g.State})
		if errors.Is(err, ErrConflict) {
			continue
		}
		return rec.Seq, err
	}
}

func mustOrder(tb testing.TB, s Backend, id string, side game.Side, text string) int {
	tb.Helper()
	n, err := Order(s, id, side, text, "")
	if err != nil {
		tb.Fatalf("order %q on %s: %v", text, id, err)
	}
	return n
}

func mustCheck(tb testing.TB, s Backend) *Report {
	tb.Helper()
	rep, err := s.Check(tb.Context(), CheckOptions{Resolver: toyRes, Redecide: true})
	if err != nil {
		tb.Fatal(err)
	}
	if !rep.OK() {
		tb.Fatal(rep.Err())
	}
	return rep
}

func toyState(tb testing.TB, g *game.Game) *storetest.State {
	tb.Helper()
	st, ok := g.State.(*storetest.State)
	if !ok {
		tb.Fatalf("state is %T", g.State)
	}
	return st
}

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
