package storage

import (
	"bytes"
	"encoding/json"
	"errors"
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

func TestReadExportRefuses(t *testing.T) {
	over := export(t, playedStore(t, "30"), "g")
	on := export(t, playedStore(t, "1000"), "g")
	lines := func(b []byte) []string { return strings.Split(strings.TrimSpace(string(b)), "\n") }
	join := func(ls []string) string { return strings.Join(ls, "\n") + "\n" }
	edit := func(b []byte, i int, from, to string) string {
		ls := lines(b)
		if !strings.Contains(ls[i], from) {
			t.Fatalf("line %d has no %q", i, from)
		}
		ls[i] = strings.Replace(ls[i], from, to, 1)
		return join(ls)
	}
	onLines := lines(on)
	var seedHex string
	var hdr struct{ Game GameMeta }
	json.Unmarshal([]byte(lines(over)[0]), &hdr)
	seedHex = hdr.Game.Seed
	cases := map[string]struct{ in, msg string }{
		"empty":                  {"", "empty"},
		"not json":               {"hello\n", "line 1"},
		"no header":              {onLines[1] + "\n", `want "game"`},
		"wrong format":           {edit(on, 0, `"format":"grognard-game"`, `"format":"other"`), "format"},
		"newer version":          {edit(on, 0, `"version":2`, `"version":3`), "version 3"},
		"unknown field":          {edit(on, 2, `"seq":1`, `"seq":1,"colour":"red"`), "unknown field"},
		"truncated":              {join(onLines[:len(onLines)-1]), "without an \"end\" line"},
		"missing record":         {join(append(append([]string{}, onLines[:3]...), onLines[4:]...)), "record 3, want 2"},
		"no scenario":            {join(append(onLines[:1:1], onLines[2:]...)), `want the "scenario" line`},
		"scenario edited":        {edit(on, 1, `"turns":0`, `"turns":9`), "has SHA-256"},
		"scenario not json":      {edit(on, 1, `"scenario":{`, `"scenario":"x",{`), "line 2"},
		"sum in version 1":       {edit(on, 0, `"version":2`, `"version":1`), "version 1 export has no scenario_sum"},
		"bad count":              {edit(on, len(onLines)-1, `"records":`, `"records":1`), "end says"},
		"trailing data":          {string(on) + onLines[1] + "\n", "after its \"end\""},
		"bad meta":               {edit(on, 0, `"ruleset":"toy"`, `"ruleset":""`), "ruleset is empty"},
		"seed of a running game": {edit(on, 0, `"seed_commitment"`, `"seed":"`+seedHex+`","seed_commitment"`), "carries its seed"},
		"wrong seed":             {edit(over, 0, `"seed":"`+seedHex[:4], `"seed":"0000`), "does not match the commitment"},
	}
	for name, c := range cases {
		_, err := ReadExport(strings.NewReader(c.in))
		if !errors.Is(err, ErrBadInput) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want ErrBadInput containing %q", name, err, c.msg)
		}
		s := mustOpen(t, Options{})
		if _, err := s.Import(strings.NewReader(c.in)); err == nil {
			t.Errorf("%s: imported", name)
		}
		if gs, _ := s.Games("", 0); len(gs) != 0 {
			t.Errorf("%s: a refused import left a game", name)
		}
	}
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
