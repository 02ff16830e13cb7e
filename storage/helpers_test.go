package storage

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage/storetest"
)

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

// mustOpen opens a fresh store in a temp dir (without fsync: unit tests).
func mustOpen(tb testing.TB, opts Options) *Store {
	tb.Helper()
	if opts.Now == nil {
		opts.Now = newClock().Now
	}
	opts.NoSync = true
	if opts.Logger == nil {
		opts.Logger = quietLogger()
	}
	s, err := Open(filepath.Join(tb.TempDir(), "store.db"), opts)
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

func mustCreate(tb testing.TB, s *Store, m GameMeta) GameMeta {
	tb.Helper()
	out, err := s.CreateGame(m, storetest.Scenario, seedOf(m.ID+"x"))
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// order loads the game, decides text for side with the game's seeded dice
// and appends it with the state, retrying on conflicts. It returns the
// stored sequence number.
func order(s *Store, id string, side game.Side, text, interaction string) (int, error) {
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

func mustOrder(tb testing.TB, s *Store, id string, side game.Side, text string) int {
	tb.Helper()
	n, err := order(s, id, side, text, "")
	if err != nil {
		tb.Fatalf("order %q on %s: %v", text, id, err)
	}
	return n
}

func mustCheck(tb testing.TB, s *Store) *Report {
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

func fileBytes(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func toyState(tb testing.TB, g *game.Game) *storetest.State {
	tb.Helper()
	st, ok := g.State.(*storetest.State)
	if !ok {
		tb.Fatalf("state is %T", g.State)
	}
	return st
}

var _ = fmt.Sprint

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
