package storage

import (
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestCheckReportsDrift: check --redecide compares the events the rules
// decide now with the logged ones as data: a log the rules still write
// has no drift; an event whose outcome differs (here, as if the rules had
// changed since the game began under an earlier version) is reported
// with the record, the event and both versions of it.
func TestCheckReportsDrift(t *testing.T) {
	mustCheck(t, playedStore(t, "1000")) // unchanged: no problem

	path := filepathOf(t, playedStore(t, "1000"))
	rawEdit(t, path, func(tx *bolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte("g"))
		lb := gb.Bucket(bucketLog)
		e, err := decodeEntry(lb.Get(seqKey(2))) // B: add 2
		if err != nil {
			return err
		}
		e.Events = []byte(strings.Replace(string(e.Events), `"n":2`, `"n":3`, 1))
		b, err := encodeEntry(&e)
		if err != nil {
			return err
		}
		if err := lb.Put(seqKey(2), b); err != nil {
			return err
		}
		m, err := readMeta(gb, "g")
		if err != nil {
			return err
		}
		m.RulesetVersion = "0"
		return putMeta(gb, m)
	})
	s, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rep, err := s.Check(t.Context(), CheckOptions{Resolver: toyRes, Redecide: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"redecide (the game started under toy version 0, this build has version 1): record 2 (add 2): event 1 differs from the log",
		`logged {"kind":"added","data":{"side":"B","n":3}}`, `decided now {"kind":"added","data":{"side":"B","n":2}}`}
	for _, w := range want {
		if rep.OK() || !strings.Contains(rep.Err().Error(), w) {
			t.Errorf("report %v, want %q", rep.Err(), w)
		}
	}
}
