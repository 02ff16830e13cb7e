package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/internal/syncbuf"
	"github.com/grognard/grognard/storage/storetest"
)

// corrupt changes a game's stored bytes under key k with raw bbolt.
func corrupt(t *testing.T, s *Store, id string, k []byte, edit func([]byte) []byte) {
	t.Helper()
	err := s.db.Update(func(tx *bolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte(id))
		return gb.Put(k, edit(bytes.Clone(gb.Get(k))))
	})
	if err != nil {
		t.Fatal(err)
	}
}

func editMeta(t *testing.T, s *Store, id string, edit func(m *GameMeta)) {
	t.Helper()
	corrupt(t, s, id, keyMeta, func(b []byte) []byte {
		var m GameMeta
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		edit(&m)
		out, _ := json.Marshal(m)
		return out
	})
}

// A stored scenario that does not match the sum in its meta is a loud
// error naming the game, on every path that reads it.
func TestStoredScenarioVerified(t *testing.T) {
	for name, edit := range map[string]func(t *testing.T, s *Store){
		"scenario edited": func(t *testing.T, s *Store) {
			corrupt(t, s, "g7", keyScenario, func(b []byte) []byte { return bytes.Replace(b, []byte(`"goal":"12"`), []byte(`"goal":"99"`), 1) })
		},
		"scenario gone": func(t *testing.T, s *Store) {
			s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketGames).Bucket([]byte("g7")).Delete(keyScenario) })
		},
		"sum edited": func(t *testing.T, s *Store) {
			editMeta(t, s, "g7", func(m *GameMeta) { m.ScenarioSum = strings.Repeat("0", 64) })
		},
		"another scenario's copy": func(t *testing.T, s *Store) {
			b, sum, _ := EncodeScenario(storetest.Version("v9", "12"))
			corrupt(t, s, "g7", keyScenario, func([]byte) []byte { return b })
			editMeta(t, s, "g7", func(m *GameMeta) { m.ScenarioSum = sum })
		},
	} {
		t.Run(name, func(t *testing.T) {
			s := mustOpen(t, Options{})
			m := toyMeta("g7")
			m.Scenario, m.ScenarioHash = "", ""
			if _, err := s.CreateGame(m, storetest.Version("v1", "12"), seedOf("g7")); err != nil {
				t.Fatal(err)
			}
			mustOrder(t, s, "g7", game.SideA, "add 1")
			edit(t, s)
			_, _, err := s.Load("g7", toyRes)
			if !errors.Is(err, ErrScenario) || !strings.Contains(err.Error(), "game g7") {
				t.Fatalf("load: %v, want ErrScenario naming game g7", err)
			}
			if _, err := s.Scenario("g7"); !errors.Is(err, ErrScenario) {
				t.Fatalf("Scenario: %v", err)
			}
			if _, _, err := s.Replay("g7", toyRes); !errors.Is(err, ErrScenario) {
				t.Fatalf("replay: %v", err)
			}
			rep, err := s.Check(t.Context(), CheckOptions{Resolver: toyRes})
			if err != nil || rep.OK() || !strings.Contains(rep.Err().Error(), "game g7") {
				t.Fatalf("check: %v, report %v", err, rep.Err())
			}
			var out bytes.Buffer
			if err := s.Export("g7", &out); err == nil {
				if _, err := ReadExport(&out); !errors.Is(err, ErrBadInput) {
					t.Fatalf("the export of a damaged game reads back: %v", err)
				}
			}
		})
	}
}

// openV1 opens a copy of the schema 1 fixture.
func openV1(t *testing.T, opts Options) (*Store, string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "store.db")
	if err := os.WriteFile(path, fileBytes(t, "testdata/schema-v1.db"), 0o600); err != nil {
		t.Fatal(err)
	}
	opts.Now, opts.NoUpgradeBackup = newClock().Now, true
	if opts.Logger == nil {
		opts.Logger = quietLogger()
	}
	s, err := Open(path, opts)
	if err == nil {
		t.Cleanup(func() { s.Close() })
	}
	return s, path, err
}

// Upgrading a schema 1 store stores each game's scenario once, from the
// resolver; a game whose scenario changed since is kept on the shipped
// version, marked and logged; one whose scenario is gone is marked and
// does not load, and the others still do.
func TestUpgradeV1Scenarios(t *testing.T) {
	t.Run("no resolver", func(t *testing.T) {
		_, path, err := openV1(t, Options{})
		if !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "Resolver") {
			t.Fatalf("upgrade without a resolver: %v", err)
		}
		if !bytes.Equal(fileBytes(t, path), fileBytes(t, "testdata/schema-v1.db")) {
			t.Fatal("the refused upgrade changed the file")
		}
	})
	t.Run("same version shipped", func(t *testing.T) {
		s, _, err := openV1(t, Options{Resolver: toyRes})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := s.Meta("g1")
		if m.ScenarioNote != "" || m.ScenarioSum == "" {
			t.Fatalf("meta after the upgrade: %+v", m)
		}
		mustCheck(t, s)
	})
	t.Run("another version shipped", func(t *testing.T) {
		var logs syncbuf.Buffer
		log := slog.New(slog.NewJSONHandler(&logs, nil))
		s, _, err := openV1(t, Options{Resolver: storetest.Shipping{Ships: storetest.Version("toyhash2", "1000")}, Logger: log})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"g1", "g2", "g3"} {
			m, _ := s.Meta(id)
			if m.ScenarioHash != "toyhash1" || !strings.Contains(m.ScenarioNote, "toyhash2") {
				t.Fatalf("%s: meta after the upgrade: %+v", id, m)
			}
			if !strings.Contains(logs.String(), `"game":"`+id+`"`) {
				t.Fatalf("%s: the upgrade logged no warning:\n%s", id, logs.String())
			}
		}
		g, _, err := s.Load("g2", toyRes)
		if err != nil || g.Scenario.Hash != "toyhash2" || !g.State.Outcome().Over {
			t.Fatalf("load of a marked game: %v", err)
		}
		mustCheck(t, s)
	})
	t.Run("scenario gone", func(t *testing.T) {
		s, _, err := openV1(t, Options{Resolver: storetest.Shipping{Ships: &game.Scenario{ID: "other"}}})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := s.Meta("g1")
		if m.ScenarioSum != "" || !strings.Contains(m.ScenarioNote, "not found") {
			t.Fatalf("meta after the upgrade: %+v", m)
		}
		if _, _, err := s.Load("g1", toyRes); !errors.Is(err, ErrScenario) || !strings.Contains(err.Error(), "g1") {
			t.Fatalf("load: %v", err)
		}
		if gs, err := s.Games("", 0); err != nil || len(gs) != 3 {
			t.Fatalf("games: %d %v", len(gs), err)
		}
	})
}
