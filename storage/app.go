package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// bucketApp holds the applications' own values (see PutValue). It is
// created by the first PutValue, so stores written before it existed stay
// valid and need no schema step; readers treat a missing bucket as empty.
var bucketApp = []byte("app")

// KeyValue is one application value.
type KeyValue struct {
	Key   string
	Value []byte
}

// PutValue stores an application value under key (an empty or nil val
// deletes it). The store never interprets these values: the chat bot keeps
// its room and user settings and its lobby state here, namespaced by a key
// prefix ("bot/…"). Keys follow the rules of room and user ids.
func (s *Store) PutValue(key string, val []byte) error {
	if err := validName("key", key); err != nil {
		return err
	}
	val = bytes.Clone(val)
	return s.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketApp)
		if err != nil {
			return err
		}
		if len(val) == 0 {
			return b.Delete([]byte(key))
		}
		return b.Put([]byte(key), val)
	})
}

// SwapValue stores val under key only if the value there is still old
// (nil or empty: no value), and reports whether it did: a
// compare-and-swap, for values that several processes on one store may
// write (a game's clock and lobby state, written by the process serving
// its room and by the one whose scheduler fires its deadline). An empty
// val deletes the value.
func (s *Store) SwapValue(key string, old, val []byte) (bool, error) {
	if err := validName("key", key); err != nil {
		return false, err
	}
	old, val = bytes.Clone(old), bytes.Clone(val)
	swapped := false
	err := s.update(func(tx *bolt.Tx) error {
		swapped = false
		b, err := tx.CreateBucketIfNotExists(bucketApp)
		if err != nil {
			return err
		}
		if !bytes.Equal(b.Get([]byte(key)), old) {
			return nil
		}
		swapped = true
		if len(val) == 0 {
			return b.Delete([]byte(key))
		}
		return b.Put([]byte(key), val)
	})
	return swapped && err == nil, err
}

// Value returns the application value under key, or nil when there is none.
func (s *Store) Value(key string) ([]byte, error) {
	var out []byte
	err := s.view(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketApp); b != nil {
			out = bytes.Clone(b.Get([]byte(key)))
		}
		return nil
	})
	return out, err
}

// Values returns the application values whose keys start with prefix, in
// key order.
func (s *Store) Values(prefix string) ([]KeyValue, error) {
	var out []KeyValue
	err := s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketApp)
		if b == nil {
			return nil
		}
		c := b.Cursor()
		for k, v := c.Seek([]byte(prefix)); k != nil && strings.HasPrefix(string(k), prefix); k, v = c.Next() {
			out = append(out, KeyValue{Key: string(k), Value: bytes.Clone(v)})
		}
		return nil
	})
	return out, err
}

// TruncateLog takes back the records after keep: it removes records
// keep+1 … expectSeq from the log (with the snapshots taken after keep and
// the interaction ids of the removed records) and rewinds the game's
// sequence number and dice count to what they were after record keep. It
// is how an undo is stored; the removed entries are returned so that the
// caller can keep a note of what was undone. The game's last sequence
// number must still be expectSeq (else ErrConflict) and the game must not
// have ended (ErrEnded).
//
// The dice stream is rewound too: the next roll after an undo has the
// index, and therefore the value, of the first roll taken back. An undo
// can never buy a re-roll.
func (s *Store) TruncateLog(gameID string, expectSeq, keep int) ([]LogEntry, error) {
	if keep < 0 || keep > expectSeq {
		return nil, badInput("game %s: truncate to record %d of %d", gameID, keep, expectSeq)
	}
	now := s.now()
	var removed []LogEntry
	err := s.update(func(tx *bolt.Tx) error {
		gb, m, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		if m.Status.Ended() {
			return reject(fmt.Errorf("%w: game %s is %s", ErrEnded, gameID, m.Status))
		}
		if m.Seq != expectSeq {
			return reject(&ConflictError{Game: gameID, Expected: expectSeq, Actual: m.Seq})
		}
		entries, err := readLog(gb, gameID, keep+1)
		if err != nil {
			return reject(err)
		}
		rolls, err := rollsAt(gb, gameID, keep)
		if err != nil {
			return reject(err)
		}
		lb, ins := gb.Bucket(bucketLog), tx.Bucket(bucketInteractions)
		for _, e := range entries {
			if err := lb.Delete(seqKey(e.Seq)); err != nil {
				return err
			}
			if e.Interaction == "" {
				continue
			}
			var in interaction
			if raw := ins.Get([]byte(e.Interaction)); raw != nil && json.Unmarshal(raw, &in) == nil && in.Game == gameID && in.Seq == e.Seq {
				if err := ins.Delete([]byte(e.Interaction)); err != nil {
					return err
				}
			}
		}
		sb := gb.Bucket(bucketSnap)
		var stale [][]byte
		c := sb.Cursor()
		for k, _ := c.Seek(seqKey(keep + 1)); k != nil; k, _ = c.Next() {
			stale = append(stale, bytes.Clone(k))
		}
		for _, k := range stale {
			if err := sb.Delete(k); err != nil {
				return err
			}
		}
		m.Seq, m.Rolls, m.Updated = keep, rolls, now
		if err := putMeta(gb, m); err != nil {
			return err
		}
		removed = entries
		return nil
	})
	if err != nil {
		return nil, unreject(err)
	}
	return removed, nil
}
