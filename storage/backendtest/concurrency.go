package backendtest

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	//lint:ignore ST1001 the suite reads as the storage package's own tests did
	. "github.com/grognard/grognard/storage"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// TestConcurrentPlayers: 200 games (Scale.ConcurrentGames), both players
// of every game ordering at the same moment, every round. In each round both players load the same
// state before either appends, so exactly one of them must lose with
// ErrConflict and succeed on retry; no order may be lost or stored twice.
func testConcurrentPlayers(t *testing.T) {
	const rounds = 5
	games := scale.ConcurrentGames
	s := mustOpen(t, Options{SnapshotEvery: 3})
	for i := range games {
		m := toyMeta(fmt.Sprintf("c%03d", i))
		m.Options = game.Options{"goal": "100000"}
		mustCreate(t, s, m)
	}
	var conflicts, stored atomic.Int64
	errs := make(chan error, 2*games)
	var all sync.WaitGroup
	for i := range games {
		id := fmt.Sprintf("c%03d", i)
		seed, err := s.Seed(id)
		if err != nil {
			t.Fatal(err)
		}
		// Two barriers a round: both players finished the previous round;
		// both players loaded the state.
		barriers := make([]sync.WaitGroup, 2*rounds)
		for r := range barriers {
			barriers[r].Add(2)
		}
		for _, side := range game.Sides {
			all.Add(1)
			go func() {
				defer all.Done()
				errs <- func() error {
					for r := range rounds {
						barriers[2*r].Done()
						barriers[2*r].Wait()
						g, _, err := s.Load(id, toyRes)
						if err != nil {
							return err
						}
						barriers[2*r+1].Done()
						barriers[2*r+1].Wait() // both players hold the same state now
						for attempt := 0; ; attempt++ {
							n := strconv.Itoa(int(side)*4 + r%4 + 1)
							cmd := game.Command{Side: side, Verb: "add", Args: []string{n}}
							if r%2 == 1 {
								cmd = game.Command{Side: side, Verb: "roll"}
							}
							before := g.Seq
							rec, err := g.Apply(cmd.String(), cmd, &dice.Seeded{Seed: seed, Next: g.Rolls})
							if err != nil {
								return err
							}
							ia := fmt.Sprintf("%s/%s/%d", id, side, r)
							err = s.AppendEntry(id, before, Entry{Record: rec, Interaction: ia, State: g.State})
							if errors.Is(err, ErrConflict) {
								if attempt > 0 {
									return fmt.Errorf("%s: second conflict in round %d", id, r)
								}
								conflicts.Add(1)
								if g, _, err = s.Load(id, toyRes); err != nil {
									return err
								}
								continue
							}
							if err != nil {
								return err
							}
							stored.Add(1)
							break
						}
					}
					return nil
				}()
			}()
		}
	}
	all.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got, want := conflicts.Load(), int64(games*rounds); got != want {
		t.Errorf("%d conflicts, want exactly one per game and round (%d)", got, want)
	}
	if got := stored.Load(); got != int64(2*games*rounds) {
		t.Fatalf("%d orders acknowledged, want %d", got, 2*games*rounds)
	}
	for i := range games {
		id := fmt.Sprintf("c%03d", i)
		g, m, err := s.Load(id, toyRes)
		if err != nil {
			t.Fatal(err)
		}
		st := toyState(t, g)
		if m.Seq != 2*rounds || st.Orders != [2]int{rounds, rounds} {
			t.Fatalf("%s: seq %d orders %v, want %d and %d each", id, m.Seq, st.Orders, 2*rounds, rounds)
		}
		entries, _ := s.Records(id, 1)
		seen := map[string]bool{}
		for _, e := range entries {
			if seen[e.Interaction] {
				t.Fatalf("%s: interaction %s stored twice", id, e.Interaction)
			}
			seen[e.Interaction] = true
		}
		// Player A's adds are known; check none was lost.
		wantA := 0
		for r := 0; r < rounds; r += 2 {
			wantA += r%4 + 1
		}
		addsA := 0
		for _, e := range entries {
			if e.Command.Side == game.SideA && e.Command.Verb == "add" {
				n, _ := strconv.Atoi(e.Command.Args[0])
				addsA += n
			}
		}
		if addsA != wantA {
			t.Fatalf("%s: player A's adds sum to %d, want %d", id, addsA, wantA)
		}
	}
	mustCheck(t, s)
}
