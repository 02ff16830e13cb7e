package postgres_test

import (
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/storage/postgres"
	"github.com/grognard/grognard/storage/storetest"
)

// TestLeases: PostgreSQL's leases, on an injected clock, as
// storetest.Leases checks them for every backend.
func TestLeases(t *testing.T) {
	clk := storetest.NewClock(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	s, err := postgres.Open(pg.NewDatabase(t), postgres.Options{LeaseNow: clk.Now, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.Leases(t, s, clk.Advance)
	if !s.Shared() {
		t.Error("a PostgreSQL store does not say it is shared")
	}
}

// TestLeasesTwoProcesses: on the database's clock, two Stores on one
// database (two processes) racing for the same lease: exactly one gets
// it each round; once its holder releases it, the other can take it; a
// lease whose time has run out (1 µs) is taken over.
func TestLeasesTwoProcesses(t *testing.T) {
	url := pg.NewDatabase(t)
	stores := [2]*postgres.Store{openURL(t, url), openURL(t, url)}
	for round := range 20 {
		var got [2]bool
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := stores[i].TryLease("deadline/g1", []string{"p0", "p1"}[i], time.Minute)
				if err != nil {
					t.Error(err)
				}
				got[i] = ok
			}()
		}
		wg.Wait()
		if got[0] == got[1] {
			t.Fatalf("round %d: both or neither took the lease: %v", round, got)
		}
		winner := 0
		if got[1] {
			winner = 1
		}
		if err := stores[winner].ReleaseLease("deadline/g1", []string{"p0", "p1"}[winner]); err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := stores[0].TryLease("deadline/g2", "p0", time.Microsecond); !ok || err != nil {
		t.Fatal(ok, err)
	}
	for { // the database's clock passes 1 µs between two statements
		ok, err := stores[1].TryLease("deadline/g2", "p1", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			break
		}
	}
	if ok, _ := stores[0].TryLease("deadline/g2", "p0", time.Minute); ok {
		t.Error("p0 took back the lease p1 took over")
	}
}
