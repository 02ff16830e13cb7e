package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage/storetest"
)

var update = flag.Bool("update", false, "rewrite the schema fixtures and their expected summaries in testdata/")

// Every schema version this build reads has a fixture in testdata/:
// schema-vN.db, written once by the build whose current version was N, and
// schema-vN.want.json, what that store must read as. The fixtures are
// never regenerated after a version is superseded; -update only rewrites
// the current version's fixture (and v0's, whose writer lives here).

func TestSchemaFixtures(t *testing.T) {
	if *update {
		writeFixtureV0(t, "testdata/schema-v0.db")
		writeFixtureV2(t, "testdata/schema-v2.db")
	}
	for v := 0; v <= SchemaVersion; v++ {
		t.Run(fmt.Sprintf("v%d", v), func(t *testing.T) {
			fixture := fmt.Sprintf("testdata/schema-v%d.db", v)
			orig := fileBytes(t, fixture)
			path := filepath.Join(t.TempDir(), "store.db")
			if err := os.WriteFile(path, orig, 0o600); err != nil {
				t.Fatal(err)
			}
			if v < SchemaVersion {
				// Read-only cannot upgrade: refused, untouched.
				_, err := Open(path, Options{ReadOnly: true})
				if !errors.Is(err, ErrSchema) {
					t.Fatalf("read-only open of an old schema: %v", err)
				}
				if !bytes.Equal(orig, fileBytes(t, path)) {
					t.Fatal("read-only open changed the file")
				}
			}
			s, err := Open(path, Options{Now: newClock().Now, Logger: quietLogger(), Resolver: toyRes})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if v < SchemaVersion {
				bak := fmt.Sprintf("%s.schema-v%d.bak", path, v)
				if b, err := os.ReadFile(bak); err != nil || fixtureData(t, b) != fixtureData(t, orig) {
					t.Fatalf("backup %s before the upgrade: %v", bak, err)
				}
			}
			rep := mustCheck(t, s)
			if rep.Games == 0 || rep.Records == 0 {
				t.Fatalf("fixture read as empty: %+v", rep)
			}
			got := summary(t, s)
			wantPath := fmt.Sprintf("testdata/schema-v%d.want.json", v)
			if *update {
				os.WriteFile(wantPath, got, 0o644)
			}
			if want := fileBytes(t, wantPath); !bytes.Equal(got, want) {
				t.Fatalf("%s reads differently from %s:\n%s", fixture, wantPath, got)
			}
		})
	}
}

// fixtureData reads the logical content of a bbolt file (a backup copy
// has the same pages but may differ in preallocated tail bytes).
func fixtureData(t *testing.T, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "x.db")
	os.WriteFile(p, b, 0o600)
	db, err := bolt.Open(p, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	db.View(func(tx *bolt.Tx) error {
		var walk func(prefix string, b *bolt.Bucket)
		walk = func(prefix string, b *bolt.Bucket) {
			b.ForEach(func(k, v []byte) error {
				if v == nil {
					walk(prefix+string(k)+"/", b.Bucket(k))
				} else {
					fmt.Fprintf(&out, "%s%q=%q\n", prefix, k, v)
				}
				return nil
			})
		}
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			walk(string(name)+"/", b)
			return nil
		})
	})
	return out.String()
}

// summary is what a store reads as: every game's meta, log, snapshots and
// loaded state, and the indexes as the API reports them.
func summary(t *testing.T, s *Store) []byte {
	t.Helper()
	type gameSum struct {
		Meta      GameMeta
		Entries   []LogEntry
		Snapshots []Snapshot
		State     json.RawMessage
		Rooms     map[string][]string
		Player    map[string][]string
	}
	var out []gameSum
	metas, err := s.Games("", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range metas {
		es, err := s.Records(m.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		sn, err := s.Snapshots(m.ID)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := s.Load(m.ID, toyRes)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := json.Marshal(g.State)
		gs := gameSum{Meta: m, Entries: es, Snapshots: sn, State: st, Rooms: map[string][]string{}, Player: map[string][]string{}}
		for _, r := range m.Rooms {
			gs.Rooms[r], _ = s.GamesInRoom(r)
		}
		for _, u := range m.Seats {
			gs.Player[u], _ = s.GamesOfPlayer(u)
		}
		out = append(out, gs)
	}
	due, _ := s.DueDeadlines(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 0)
	b, err := json.MarshalIndent(struct {
		Games     []gameSum
		Deadlines []Deadline
	}{out, due}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// writeFixtureV2 writes the schema 2 fixture with the current code.
func writeFixtureV2(t *testing.T, dst string) {
	clock := newClock()
	path := filepath.Join(t.TempDir(), "v2.db")
	s, err := Open(path, Options{NoSync: true, Now: clock.Now, SnapshotEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	long := toyMeta("g1")
	long.Options = game.Options{"goal": "1000"}
	long.Rooms = []string{"discord:100/200"}
	long.Title = "Long race"
	s.CreateGame(long, storetest.Scenario, dice.SeedFromInt(1))
	for i := range 30 {
		text := []string{"add 3", "roll", "roll2"}[i%3]
		if _, err := order(s, "g1", game.Sides[i%2], text, fmt.Sprintf("discord:i:%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	s.SetDeadline("g1", time.Date(2026, 12, 24, 18, 0, 0, 0, time.UTC))
	short := toyMeta("g2")
	short.Options = game.Options{"goal": "15"}
	s.CreateGame(short, storetest.Scenario, dice.SeedFromInt(2))
	for i := 0; ; i++ {
		if m, _ := s.Meta("g2"); m.Status.Ended() {
			break
		}
		mustOrder(t, s, "g2", game.Sides[i%2], "roll2")
	}
	open := toyMeta("g3")
	open.Status = StatusOpen
	open.Seats = map[game.Side]string{game.SideA: "matrix:@ann:example.org"}
	open.Rooms = []string{"matrix:!abc:example.org"}
	s.CreateGame(open, storetest.Scenario, dice.SeedFromInt(3))
	if _, err := s.BackupFile(dst); err != nil {
		t.Fatal(err)
	}
}

// writeFixtureV0 writes the schema 0 layout documented in upgrade.go with
// raw bbolt: metas with the seed inside, records under decimal keys as
// bare game.Record JSON, no indexes.
func writeFixtureV0(t *testing.T, dst string) {
	path := filepath.Join(t.TempDir(), "v0.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	t0 := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	play := func(goal string, seed []byte, n int) []game.Record {
		g, err := game.Start(storetest.Toy{}, storetest.Scenario, game.Options{"goal": goal})
		if err != nil {
			t.Fatal(err)
		}
		var recs []game.Record
		for i := 0; i < n && !g.State.Outcome().Over; i++ {
			text := []string{"roll", "add 4", "roll2"}[i%3]
			cmd, _ := game.ParseCommand(game.Sides[i%2], text)
			rec, err := g.Apply(text, cmd, &dice.Seeded{Seed: seed, Next: g.Rolls})
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, rec)
		}
		return recs
	}
	type v0game struct {
		meta v0Meta
		recs []game.Record
	}
	mk := func(id, goal, status, room string, seed []byte, n int) v0game {
		recs := play(goal, seed, n)
		return v0game{v0Meta{
			ID: id, Ruleset: "toy", Version: "1", Scenario: storetest.Scenario.ID, Hash: storetest.Scenario.Hash,
			Options: map[string]string{"goal": goal}, Seats: map[string]string{"A": "discord:ann", "B": "discord:bob"},
			Room: room, Status: status, Created: t0, Updated: t0.Add(time.Hour), Seed: fmt.Sprintf("%x", seed), Seq: len(recs),
		}, recs}
	}
	games := []v0game{
		mk("old1", "500", "playing", "discord:1/2", dice.SeedFromInt(10), 12),
		mk("old2", "20", "finished", "", dice.SeedFromInt(11), 100),
	}
	err = db.Update(func(tx *bolt.Tx) error {
		st, _ := tx.CreateBucket(bucketStore)
		st.Put(keyMagic, []byte(storeMagic))
		st.Put(keySchema, []byte("0"))
		gs, _ := tx.CreateBucket(bucketGames)
		for _, g := range games {
			gb, _ := gs.CreateBucket([]byte(g.meta.ID))
			mb, _ := json.Marshal(g.meta)
			gb.Put(keyMeta, mb)
			rb, _ := gb.CreateBucket(v0Records)
			for _, r := range g.recs {
				b, err := json.Marshal(r)
				if err != nil {
					return err
				}
				rb.Put(v0RecordKey(r.Seq), b)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db.View(func(tx *bolt.Tx) error { _, err := tx.WriteTo(f); return err })
}

var _ = io.Discard
