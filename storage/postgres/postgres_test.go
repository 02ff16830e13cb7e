package postgres_test

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/backendtest"
	"github.com/grognard/grognard/storage/postgres"
	"github.com/grognard/grognard/storage/storetest"
)

// pg is the package's one PostgreSQL server; every test takes a database
// of its own.
var pg pgtest.Shared

func TestMain(m *testing.M) {
	code := pg.Run(m)
	durablePG.Stop()
	os.Exit(code)
}

func options(opts storage.Options) postgres.Options {
	return postgres.Options{SnapshotEvery: opts.SnapshotEvery, SnapshotKeep: opts.SnapshotKeep, Now: opts.Now, Logger: opts.Logger}
}

// TestBackend runs the backend suite on PostgreSQL stores, each in a new
// database of the test server. ConcurrentPlayers races 50 games rather
// than bbolt's 200: every order is a round trip to the server, and the
// race of both players of a game is the same at any number of games.
func TestBackend(t *testing.T) {
	backendtest.RunScaled(t, func(tb testing.TB, opts storage.Options) func() (storage.Backend, error) {
		url := pg.NewDatabase(tb)
		return func() (storage.Backend, error) { return postgres.Open(url, options(opts)) }
	}, backendtest.Scale{ConcurrentGames: 50})
}

func openURL(tb testing.TB, url string) *postgres.Store {
	tb.Helper()
	s, err := postgres.Open(url, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// TestTwoHandlesOneGame: two Stores on one database (two connection
// pools, as two grognard processes have), four writers on each, all
// ordering the same game at once. Every acknowledged order is in the log
// exactly once, in a gapless log whose length is the number of
// acknowledgements; the losers of each race got ErrConflict and retried.
// The same interaction delivered to both handles at once is stored once.
func TestTwoHandlesOneGame(t *testing.T) {
	url := pg.NewDatabase(t)
	a, b := openURL(t, url), openURL(t, url)
	meta := storage.GameMeta{ID: "g", Ruleset: "toy", RulesetVersion: storetest.Toy{}.Version(),
		Seats: map[game.Side]string{game.SideA: "user:ann", game.SideB: "user:bob"}, Options: game.Options{"goal": "1000000"}}
	if _, err := a.CreateGame(meta, storetest.Scenario, dice.SeedFromInt(7)); err != nil {
		t.Fatal(err)
	}
	const writers, orders = 4, 15
	var wg sync.WaitGroup
	errs := make(chan error, 2*writers)
	for h, s := range []*postgres.Store{a, b} {
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range orders {
					side := game.Sides[(w+i)%2]
					if _, err := backendtest.Order(s, "g", side, "add 1", fmt.Sprintf("h%d/w%d/%d", h, w, i)); err != nil {
						errs <- err
						return
					}
				}
			}()
		}
	}
	// One interaction delivered to both handles at once.
	var dup sync.WaitGroup
	results := make([]error, 2)
	for i, s := range []*postgres.Store{a, b} {
		dup.Add(1)
		go func() {
			defer dup.Done()
			_, results[i] = backendtest.Order(s, "g", game.SideA, "add 1", "both")
		}()
	}
	wg.Wait()
	dup.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	okDup := 0
	for _, err := range results {
		switch {
		case err == nil:
			okDup++
		case !errors.Is(err, storage.ErrDuplicate):
			t.Fatalf("the doubly delivered interaction: %v", err)
		}
	}
	if okDup != 1 {
		t.Fatalf("the doubly delivered interaction was stored %d times", okDup)
	}
	want := 2*writers*orders + 1
	m, err := b.Meta("g")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := a.Records("g", 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Seq != want || len(entries) != want {
		t.Fatalf("seq %d, %d records, want %d each", m.Seq, len(entries), want)
	}
	seen := map[string]bool{}
	for i, e := range entries {
		if e.Seq != i+1 || seen[e.Interaction] {
			t.Fatalf("record %d: seq %d, interaction %q seen before: %v", i+1, e.Seq, e.Interaction, seen[e.Interaction])
		}
		seen[e.Interaction] = true
	}
	g, _, err := b.Load("g", storetest.Resolver{})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State.(*storetest.State)
	if st.Tally[0]+st.Tally[1] != want {
		t.Fatalf("tallies %v, want %d in all", st.Tally, want)
	}
	rep, err := a.Check(t.Context(), storage.CheckOptions{Resolver: storetest.Resolver{}})
	if err != nil || !rep.OK() {
		t.Fatalf("check: %v %v", err, rep.Err())
	}
}

// TestDatabaseRefusesDoubledRecord: the records' primary key refuses a
// second record of one sequence number even from a writer that skips the
// store (the check is in the database, not in this process).
func TestDatabaseRefusesDoubledRecord(t *testing.T) {
	url := pg.NewDatabase(t)
	s := openURL(t, url)
	if _, err := s.CreateGame(storage.GameMeta{ID: "g", Ruleset: "toy", RulesetVersion: "1"}, storetest.Scenario, dice.SeedFromInt(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := backendtest.Order(s, "g", game.SideA, "add 1", ""); err != nil {
		t.Fatal(err)
	}
	_, err := s.Pool().Exec(t.Context(), `INSERT INTO records (game, seq, rolls, entry) VALUES ('g', 1, 0, '\x00')`)
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "23505" {
		t.Fatalf("a second record 1: %v, want a unique violation", err)
	}
}

// TestOpenRefuses: a database with another program's tables, or a store
// of a newer schema, is refused and left as it was.
func TestOpenRefuses(t *testing.T) {
	ctx := t.Context()
	other := pg.NewDatabase(t)
	conn, err := pgx.Connect(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `CREATE TABLE games (name text)`); err != nil {
		t.Fatal(err)
	}
	if _, err := postgres.Open(other, postgres.Options{}); !errors.Is(err, storage.ErrNotStore) {
		t.Fatalf("another program's games table: %v, want ErrNotStore", err)
	}
	var n int
	conn.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_name = 'grognard_store'`).Scan(&n)
	if n != 0 {
		t.Fatal("Open wrote to another program's database")
	}

	newer := pg.NewDatabase(t)
	openURL(t, newer).Close()
	c2, err := pgx.Connect(ctx, newer)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close(ctx)
	if _, err := c2.Exec(ctx, `UPDATE grognard_store SET value = '99' WHERE name = 'schema'`); err != nil {
		t.Fatal(err)
	}
	if _, err := postgres.Open(newer, postgres.Options{}); !errors.Is(err, storage.ErrSchema) {
		t.Fatalf("schema 99: %v, want ErrSchema", err)
	}
}

// TestSwapValue: SwapValue writes only over the value expected, as
// storetest.SwapValues checks for every backend.
func TestSwapValue(t *testing.T) {
	storetest.SwapValues(t, openURL(t, pg.NewDatabase(t)))
}

// TestCheckFindsDamage: Check reads the tables as they are, not as the
// store wrote them: an edited scenario, a record gone, a stale or missing
// index entry and an edited event (rules drift) are each reported.
func TestCheckFindsDamage(t *testing.T) {
	s, err := postgres.Open(pg.NewDatabase(t), postgres.Options{SnapshotEvery: 2, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, id := range []string{"g", "h"} {
		m := storage.GameMeta{ID: id, Ruleset: "toy", RulesetVersion: storetest.Toy{}.Version(), Rooms: []string{"room:1"},
			Seats: map[game.Side]string{game.SideA: "user:ann", game.SideB: "user:bob"}, Options: game.Options{"goal": "1000"}}
		if _, err := s.CreateGame(m, storetest.Scenario, dice.SeedFromInt(int64(len(id)))); err != nil {
			t.Fatal(err)
		}
		for i := range 6 {
			if _, err := backendtest.Order(s, id, game.Sides[i%2], []string{"roll", "add 2"}[i%2], ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := s.SetDeadline("g", time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	opts := storage.CheckOptions{Resolver: storetest.Resolver{}, Redecide: true}
	if rep, err := s.Check(t.Context(), opts); err != nil || !rep.OK() || rep.Games != 2 || rep.Records != 12 || rep.Snapshots != 4 {
		t.Fatalf("check of a sound store: %+v %v", rep, err)
	}
	for _, q := range []string{
		`UPDATE games SET scenario = scenario || '\x20'::bytea WHERE id = 'g'`,
		`DELETE FROM records WHERE game = 'g' AND seq = 5`,
		`INSERT INTO rooms (room, game) VALUES ('room:stale', 'g')`,
		`DELETE FROM deadlines WHERE game = 'g'`,
		`UPDATE records SET entry = convert_to(replace(convert_from(entry, 'UTF8'), '"n":2', '"n":3'), 'UTF8') WHERE game = 'h' AND seq = 2`,
	} {
		if _, err := s.Pool().Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, _, err := s.Load("g", storetest.Resolver{}); !errors.Is(err, storage.ErrScenario) {
		t.Errorf("load of a game whose scenario was edited: %v, want ErrScenario", err)
	}
	rep, err := s.Check(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Err().Error()
	for _, want := range []string{
		"game g: storage: bad stored scenario: game g: stored scenario toy-race has SHA-256",
		"game g: log has record 6 where 5 was expected",
		`index "rooms" has a stale entry "room:stale → g"`,
		`index "deadlines" lacks entry`,
		"game h: redecide: record 2 (add 2): event 1 differs from the log",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("check lacks %q:\n%s", want, got)
		}
	}
}

// TestOpenConcurrently: processes started at once on an empty database
// (as a deployment's units are) all open it: one creates the tables, the
// others find them.
func TestOpenConcurrently(t *testing.T) {
	url := pg.NewDatabase(t)
	const n = 4
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := postgres.Open(url, postgres.Options{})
			if err == nil {
				_, err = s.CreateGame(storage.GameMeta{Ruleset: "toy", RulesetVersion: "1"}, storetest.Scenario, dice.SeedFromInt(int64(i)))
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("store %d: %v", i, err)
		}
	}
	s := openURL(t, url)
	if gs, err := s.Games("", 0); err != nil || len(gs) != n {
		t.Fatalf("%d games (%v), want %d", len(gs), err, n)
	}
}

// TestSchemaOfItsOwn: with search_path in the URL the store lives in a
// schema of its own, beside another program's tables of the same names.
func TestSchemaOfItsOwn(t *testing.T) {
	url := pg.NewDatabase(t)
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	if _, err := conn.Exec(t.Context(), `CREATE TABLE games (name text); CREATE SCHEMA grognard`); err != nil {
		t.Fatal(err)
	}
	s := openURL(t, url+"&search_path=grognard")
	if _, err := s.CreateGame(storage.GameMeta{ID: "g", Ruleset: "toy", RulesetVersion: "1"}, storetest.Scenario, dice.SeedFromInt(1)); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := conn.QueryRow(t.Context(), `SELECT count(*) FROM grognard.games`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("games in schema grognard: %d (%v)", n, err)
	}
}

// TestOpenBadServer: Open on a server that accepts connections and never
// answers, on a port nobody listens on, and on a URL that does not parse
// returns an error naming the address (or the URL, password masked)
// instead of hanging on the operation's timeout or panicking.
func TestOpenBadServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c) // held open, never answered
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := closed.Addr().String()
	closed.Close()
	for _, c := range []struct{ url, want string }{
		{"postgres://ann:s3cret@" + ln.Addr().String() + "/db?sslmode=disable", ln.Addr().String()},
		{"postgres://ann:s3cret@" + closedAddr + "/db?sslmode=disable", closedAddr},
		{"postgres://ann:s3cret@[::1/db", "cannot parse"},
		{"postgres://ann:s3cret@localhost/db?sslmode=sometimes", "sslmode"},
	} {
		// The operation's timeout is long: the connection's must end it.
		_, err := postgres.Open(c.url, postgres.Options{Timeout: time.Minute, ConnectTimeout: 200 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Open(%s): %v (want an error naming %q, without the password)", c.url, err, c.want)
		}
	}
}
