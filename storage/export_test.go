package storage

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
)

func playedStore(t *testing.T, goal string) *Store {
	t.Helper()
	s := mustOpen(t, Options{SnapshotEvery: 5})
	m := toyMeta("g")
	m.Options = game.Options{"goal": goal}
	m.Rooms = []string{"discord:1/2"}
	mustCreate(t, s, m)
	for i := 0; i < 40; i++ {
		if m, _ := s.Meta("g"); m.Status.Ended() {
			break
		}
		text := []string{"roll", "add 2", "roll2"}[i%3]
		if _, err := order(s, "g", game.Sides[i%2], text, "i-"+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func export(t *testing.T, s *Store, id string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.Export(id, &b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCheckFindsDamage: each kind of damage done behind the store's back
// is reported by Check.
func TestCheckFindsDamage(t *testing.T) {
	cases := map[string]struct {
		edit func(tx *bolt.Tx) error
		msg  string
	}{
		"log gap": {func(tx *bolt.Tx) error {
			return tx.Bucket(bucketGames).Bucket([]byte("g")).Bucket(bucketLog).Delete(seqKey(3))
		}, "where 3 was expected"},
		"meta seq": {func(tx *bolt.Tx) error {
			gb := tx.Bucket(bucketGames).Bucket([]byte("g"))
			m, _ := readMeta(gb, "g")
			m.Seq++
			return putMeta(gb, m)
		}, "meta says"},
		"snapshot state": {func(tx *bolt.Tx) error {
			sb := tx.Bucket(bucketGames).Bucket([]byte("g")).Bucket(bucketSnap)
			k, v := sb.Cursor().Last()
			sn, _ := decodeSnapshot(v)
			sn.State = json.RawMessage(strings.Replace(string(sn.State), `"tally":[`, `"tally":[1`, 1))
			b, _ := json.Marshal(storedSnapshot{V: 1, Snapshot: sn})
			return sb.Put(k, b)
		}, "replay differs from the snapshot"},
		"seed": {func(tx *bolt.Tx) error {
			return tx.Bucket(bucketSeeds).Put([]byte("g"), []byte("another seed of 32 bytes........"))
		}, "does not match the commitment"},
		"stale room": {func(tx *bolt.Tx) error {
			return tx.Bucket(bucketRooms).Put(pairKey("room:x", "g"), nil)
		}, "stale entry"},
		"missing player": {func(tx *bolt.Tx) error {
			return tx.Bucket(bucketPlayers).Delete(pairKey("user:ann", "g"))
		}, "lacks entry"},
		"interaction": {func(tx *bolt.Tx) error {
			return tx.Bucket(bucketInteractions).Put([]byte("i-zz"), []byte(`{"game":"g","seq":999}`))
		}, "log ends at"},
		"roll index": {func(tx *bolt.Tx) error {
			lb := tx.Bucket(bucketGames).Bucket([]byte("g")).Bucket(bucketLog)
			e, _ := decodeEntry(lb.Get(seqKey(1)))
			e.Rolls[0].Index = 7
			b, _ := encodeEntry(&e)
			return lb.Put(seqKey(1), b)
		}, "roll index"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepathOf(t, playedStore(t, "1000"))
			rawEdit(t, path, c.edit)
			s, err := Open(path, Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			rep, err := s.Check(t.Context(), CheckOptions{Resolver: toyRes})
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() || !strings.Contains(rep.Err().Error(), c.msg) {
				t.Fatalf("report %v, want a problem containing %q", rep.Err(), c.msg)
			}
		})
	}
}

// filepathOf closes a store and returns its file.
func filepathOf(t *testing.T, s *Store) string {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return s.Path()
}
