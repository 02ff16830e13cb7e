package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Deadline is a game's next deadline, as the deadline index holds it.
type Deadline struct {
	Game string
	At   time.Time
}

var (
	minDeadline = time.Unix(0, 0)
	maxDeadline = time.Unix(0, 1<<63-1)
)

// deadlineKey orders deadlines by time: 8 bytes of big-endian Unix
// nanoseconds, then the game id.
func deadlineKey(at time.Time, gameID string) ([]byte, error) {
	if at.Before(minDeadline) || at.After(maxDeadline) {
		return nil, badInput("deadline %s is outside 1970–2262", at.Format(time.RFC3339))
	}
	k := make([]byte, 8, 8+len(gameID))
	binary.BigEndian.PutUint64(k, uint64(at.UnixNano()))
	return append(k, gameID...), nil
}

func parseDeadlineKey(k []byte) (Deadline, bool) {
	if len(k) <= 8 {
		return Deadline{}, false
	}
	return Deadline{Game: string(k[8:]), At: time.Unix(0, int64(binary.BigEndian.Uint64(k[:8]))).UTC()}, true
}

// SetDeadline sets the game's next deadline, replacing the previous one;
// the zero time clears it.
func (s *Store) SetDeadline(gameID string, at time.Time) (GameMeta, error) {
	ch, err := ChangeDeadline(gameID, at)
	if err != nil {
		return GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// DueDeadlines lists the deadlines at or before now, earliest first, at
// most limit of them (limit ≤ 0: all).
func (s *Store) DueDeadlines(now time.Time, limit int) ([]Deadline, error) {
	var out []Deadline
	err := s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketDeadlines).Cursor()
		for k, _ := c.First(); k != nil && (limit <= 0 || len(out) < limit); k, _ = c.Next() {
			d, ok := parseDeadlineKey(k)
			if !ok {
				return fmt.Errorf("storage: bad deadline key %x", k)
			}
			if d.At.After(now) {
				break
			}
			out = append(out, d)
		}
		return nil
	})
	return out, err
}

// NextDeadline returns the earliest deadline of all games; ok is false when
// no game has one.
func (s *Store) NextDeadline() (d Deadline, ok bool, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		k, _ := tx.Bucket(bucketDeadlines).Cursor().First()
		if k == nil {
			return nil
		}
		d, ok = parseDeadlineKey(k)
		if !ok {
			return fmt.Errorf("storage: bad deadline key %x", k)
		}
		return nil
	})
	return d, ok, err
}

// interaction is the value of the interactions index: where the order of
// an interaction was stored, and when.
type interaction struct {
	Game string    `json:"game"`
	Seq  int       `json:"seq"`
	At   time.Time `json:"at"`
}

// Interaction reports where the order of an interaction id was stored.
func (s *Store) Interaction(id string) (gameID string, seq int, ok bool, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		raw := tx.Bucket(bucketInteractions).Get([]byte(id))
		if raw == nil {
			return nil
		}
		var in interaction
		if err := json.Unmarshal(raw, &in); err != nil {
			return fmt.Errorf("storage: interaction %q: %w", id, err)
		}
		gameID, seq, ok = in.Game, in.Seq, true
		return nil
	})
	return
}

// ForgetInteractions drops the idempotency entries recorded before t (a
// chat platform never redelivers an interaction that old) and returns how
// many it dropped. The records keep their interaction ids.
func (s *Store) ForgetInteractions(before time.Time) (int, error) {
	var n int
	err := s.update(func(tx *bolt.Tx) error {
		n = 0
		b := tx.Bucket(bucketInteractions)
		var dead [][]byte
		err := b.ForEach(func(k, v []byte) error {
			var in interaction
			if err := json.Unmarshal(v, &in); err != nil {
				return fmt.Errorf("storage: interaction %q: %w", k, err)
			}
			if in.At.Before(before) {
				dead = append(dead, bytes.Clone(k))
			}
			return nil
		})
		if err != nil {
			return reject(err)
		}
		for _, k := range dead {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		n = len(dead)
		return nil
	})
	return n, err
}
