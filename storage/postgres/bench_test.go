package postgres_test

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/postgres"
	"github.com/grognard/grognard/storage/storetest"
)

// durablePG is the benchmarks' server: fsync and synchronous commit on,
// as a deployment has them (the tests' server runs without fsync). It
// starts only when a benchmark runs.
var durablePG = pgtest.Shared{Options: pgtest.Options{Fsync: true}}

// BenchmarkDurableOrder: decide + persist one order, durably (fsync on
// both: bbolt's commit, PostgreSQL's synchronous commit), the game held
// in memory as a bot holds it; in one game, then across 1,000 games with
// one goroutine each all ordering at once, on bbolt and on PostgreSQL in
// the same run (PostgreSQL on this machine, over a unix socket, with the
// pool's default size and with 32 connections). Run:
//
//	go test -run '^$' -bench DurableOrder -benchtime 2000x ./storage/postgres
func BenchmarkDurableOrder(b *testing.B) {
	for _, games := range []int{1, 1000} {
		for _, be := range []struct {
			name  string
			conns int
		}{{"bbolt", 0}, {"postgres", 0}, {"postgres-32conns", 32}} {
			b.Run(fmt.Sprintf("games=%d/%s", games, be.name), func(b *testing.B) {
				var s storage.Backend
				var err error
				if be.name == "bbolt" {
					s, err = storage.Open(filepath.Join(b.TempDir(), "bench.db"), storage.Options{Logger: quiet()})
				} else {
					var ps *postgres.Store
					ps, err = postgres.Open(durablePG.NewDatabase(b), postgres.Options{Logger: quiet(), MaxConns: be.conns})
					if err == nil {
						mustBeDurable(b, ps)
					}
					s = ps
				}
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				benchOrders(b, s, games)
			})
		}
	}
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// benchOrders creates games and stores b.N orders across them, one
// goroutine per game, and reports p50, p99 and orders per second.
func benchOrders(b *testing.B, s storage.Backend, games int) {
	gs := make([]*game.Game, games)
	seeds := make([][]byte, games)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 32)
	for i := range games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			id := fmt.Sprintf("b%05d", i)
			m := storage.GameMeta{ID: id, Ruleset: "toy", RulesetVersion: storetest.Toy{}.Version(),
				Seats: map[game.Side]string{game.SideA: "user:ann", game.SideB: "user:bob"}, Options: game.Options{"goal": "1000000000"}}
			seeds[i] = dice.SeedFromInt(int64(i))
			if _, err := s.CreateGame(m, storetest.Scenario, seeds[i]); err != nil {
				panic(err)
			}
			var err error
			if gs[i], _, err = s.Load(id, storetest.Resolver{}); err != nil {
				panic(err)
			}
		}()
	}
	wg.Wait()
	var next atomic.Int64
	lats := make([][]time.Duration, games)
	b.ResetTimer()
	start := time.Now()
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("b%05d", i)
			for n := 0; next.Add(1) <= int64(b.N); n++ {
				t0 := time.Now()
				if err := orderOnce(s, id, gs[i], seeds[i], n); err != nil {
					panic(err)
				}
				lats[i] = append(lats[i], time.Since(t0))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	lat := slices.Concat(lats...)
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(float64(len(lat))*p))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "orders/s")
}

// orderOnce decides one order on an in-memory game and stores it durably.
func orderOnce(s storage.Backend, id string, g *game.Game, seed []byte, n int) error {
	cmd := game.Command{Side: game.Sides[n%2], Verb: "roll"}
	if n%3 == 0 {
		cmd = game.Command{Side: game.Sides[n%2], Verb: "add", Args: []string{"4"}}
	}
	before := g.Seq
	rec, err := g.Apply(cmd.String(), cmd, &dice.Seeded{Seed: seed, Next: g.Rolls})
	if err != nil {
		return err
	}
	return s.AppendEntry(id, before, storage.Entry{Record: rec, State: g.State, Interaction: id + "/" + strconv.Itoa(n)})
}

// mustBeDurable stops a benchmark whose server would acknowledge a commit
// before it is on disk.
func mustBeDurable(b *testing.B, s *postgres.Store) {
	for _, set := range []string{"fsync", "synchronous_commit"} {
		var v string
		if err := s.Pool().QueryRow(b.Context(), "SHOW "+set).Scan(&v); err != nil || v != "on" {
			b.Fatalf("%s is %q (%v): the benchmark measures durable commits", set, v, err)
		}
	}
}
