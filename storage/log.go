package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
)

// recordVersion is the version of the log's record envelope. Version 0
// (no "v" field) is a bare game.Record as schema 0 stored it; readers
// accept both.
const recordVersion = 1

// LogEntry is one stored record: the game.Record with the time it was
// stored, the user who gave it and the interaction it came from. Events
// stay encoded ({"kind", "data"} per event) because decoding them needs the
// ruleset; Record decodes them.
type LogEntry struct {
	Seq         int             `json:"seq"`
	Clock       game.Clock      `json:"clock,omitzero"`
	Time        time.Time       `json:"time,omitzero"`
	Actor       string          `json:"actor,omitempty"`
	Interaction string          `json:"interaction,omitempty"`
	Text        string          `json:"text,omitempty"`
	Command     game.Command    `json:"command"`
	Rolls       []game.Roll     `json:"rolls,omitempty"`
	Events      json.RawMessage `json:"events"`
}

// Record decodes the entry with the ruleset's event registry.
func (e *LogEntry) Record(r game.Ruleset) (game.Record, error) {
	evs, err := game.UnmarshalEvents(r, e.Events)
	if err != nil {
		return game.Record{}, fmt.Errorf("record %d: %w", e.Seq, err)
	}
	return game.Record{Seq: e.Seq, Clock: e.Clock, Text: e.Text, Command: e.Command, Rolls: e.Rolls, Events: evs}, nil
}

// DecodeRecords decodes entries with the ruleset.
func DecodeRecords(r game.Ruleset, entries []LogEntry) ([]game.Record, error) {
	out := make([]game.Record, len(entries))
	for i := range entries {
		rec, err := entries[i].Record(r)
		if err != nil {
			return nil, err
		}
		out[i] = rec
	}
	return out, nil
}

// storedEntry is the log's value: a versioned envelope.
type storedEntry struct {
	V int `json:"v"`
	LogEntry
}

func encodeEntry(e *LogEntry) ([]byte, error) {
	return json.Marshal(storedEntry{V: recordVersion, LogEntry: *e})
}

func decodeEntry(b []byte) (LogEntry, error) {
	var se storedEntry
	if err := json.Unmarshal(b, &se); err != nil {
		return LogEntry{}, err
	}
	switch se.V {
	case 0, recordVersion: // a v0 record has the same field names
	default:
		return LogEntry{}, fmt.Errorf("record envelope version %d (this build reads 0 to %d)", se.V, recordVersion)
	}
	if len(se.Events) == 0 {
		se.Events = json.RawMessage("[]")
	}
	return se.LogEntry, nil
}

// Entry is an accepted order to store.
type Entry struct {
	Record game.Record
	// Actor is the user who gave the order; empty: the user seated on the
	// command's side when it is stored.
	Actor string
	// Interaction is the chat platform's id of the message or interaction
	// that carried the order; a second Append with the same id is refused
	// with ErrDuplicate. Empty: no idempotency check.
	Interaction string
	// State, when set, is the game state after the record. Every
	// SnapshotEvery records it is stored as a snapshot in the same
	// transaction, and a state whose Outcome is over ends the game (status
	// over, seed revealed).
	State game.State
}

// Append stores one accepted order: rec must be the record of sequence
// expectSeq+1, its dice must follow the game's last roll, and the game's
// last sequence number must still be expectSeq, or nothing is written and
// ErrConflict comes back (reload the game, decide again). An interaction
// id already processed gives ErrDuplicate and changes nothing. The order is
// durable when Append returns nil.
func (s *Store) Append(gameID string, expectSeq int, rec game.Record, interactionID string) error {
	return s.AppendEntry(gameID, expectSeq, Entry{Record: rec, Interaction: interactionID})
}

// AppendEntry is Append with an actor and the state after the record (for
// snapshots and the end of the game).
func (s *Store) AppendEntry(gameID string, expectSeq int, e Entry) error {
	p, err := PrepareAppend(gameID, expectSeq, e, s.now(), s.opts.SnapshotEvery)
	if err != nil {
		return err
	}
	return s.update(func(tx *bolt.Tx) error {
		ins := tx.Bucket(bucketInteractions)
		if e.Interaction != "" {
			if raw := ins.Get([]byte(e.Interaction)); raw != nil {
				var in interaction
				json.Unmarshal(raw, &in)
				return reject(&DuplicateError{Interaction: e.Interaction, Game: in.Game, Seq: in.Seq})
			}
		}
		gb, m, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		old := *m
		le, val, err := p.Apply(m, tx.Bucket(bucketSeeds).Get([]byte(gameID)))
		if err != nil {
			return reject(err)
		}
		if err := gb.Bucket(bucketLog).Put(seqKey(le.Seq), val); err != nil {
			return err
		}
		if err := putMeta(gb, m); err != nil {
			return err
		}
		if p.Over {
			if err := indexGame(tx, &old, m); err != nil {
				return err
			}
		}
		if e.Interaction != "" {
			b, _ := json.Marshal(interaction{Game: gameID, Seq: le.Seq, At: le.Time})
			if err := ins.Put([]byte(e.Interaction), b); err != nil {
				return err
			}
		}
		if p.Snapshot != nil {
			return putSnapshot(gb, &Snapshot{Seq: m.Seq, Rolls: m.Rolls, Time: le.Time, State: p.Snapshot}, s.opts.SnapshotKeep)
		}
		return nil
	})
}

// Records returns the game's log from sequence number from (1: all) to
// the end.
func (s *Store) Records(gameID string, from int) ([]LogEntry, error) {
	var out []LogEntry
	err := s.view(func(tx *bolt.Tx) error {
		gb, _, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		out, err = readLog(gb, gameID, from)
		return err
	})
	return out, unreject(err)
}

func readLog(gb *bolt.Bucket, gameID string, from int) ([]LogEntry, error) {
	var out []LogEntry
	if from < 1 {
		from = 1
	}
	c := gb.Bucket(bucketLog).Cursor()
	for k, v := c.Seek(seqKey(from)); k != nil; k, v = c.Next() {
		n, ok := keySeq(k)
		if !ok {
			return nil, fmt.Errorf("storage: game %s: bad log key %x", gameID, k)
		}
		e, err := decodeEntry(v)
		if err != nil {
			return nil, fmt.Errorf("storage: game %s record %d: %w", gameID, n, err)
		}
		if e.Seq != n {
			return nil, fmt.Errorf("storage: game %s: record under key %d says sequence %d", gameID, n, e.Seq)
		}
		out = append(out, e)
	}
	return out, nil
}

// Snapshot is a cached game state: the JSON of the state after record Seq,
// with the number of dice rolled by then.
type Snapshot struct {
	Seq   int             `json:"seq"`
	Rolls int             `json:"rolls"`
	Time  time.Time       `json:"time,omitzero"`
	State json.RawMessage `json:"state"`
}

type storedSnapshot struct {
	V int `json:"v"`
	Snapshot
}

const snapshotVersion = 1

func putSnapshot(gb *bolt.Bucket, sn *Snapshot, keep int) error {
	val, err := json.Marshal(storedSnapshot{V: snapshotVersion, Snapshot: *sn})
	if err != nil {
		return err
	}
	sb := gb.Bucket(bucketSnap)
	if err := sb.Put(seqKey(sn.Seq), val); err != nil {
		return err
	}
	// Keep the newest `keep` snapshots.
	var keys [][]byte
	c := sb.Cursor()
	for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys[min(keep, len(keys)):] {
		if err := sb.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

func decodeSnapshot(b []byte) (Snapshot, error) {
	var ss storedSnapshot
	if err := json.Unmarshal(b, &ss); err != nil {
		return Snapshot{}, err
	}
	if ss.V != snapshotVersion {
		return Snapshot{}, fmt.Errorf("snapshot version %d (this build reads %d)", ss.V, snapshotVersion)
	}
	return ss.Snapshot, nil
}

// PutSnapshot stores st as the state after record seq, which must be in
// the log (0: the start). rolls must be the dice rolled by then.
func (s *Store) PutSnapshot(gameID string, seq, rolls int, st game.State) error {
	raw, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("storage: game %s snapshot %d: %w", gameID, seq, err)
	}
	now := s.now()
	return s.update(func(tx *bolt.Tx) error {
		gb, m, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		if seq < 0 || seq > m.Seq {
			return reject(badInput("game %s: snapshot at record %d, the log ends at %d", gameID, seq, m.Seq))
		}
		want, err := rollsAt(gb, gameID, seq)
		if err != nil {
			return reject(err)
		}
		if rolls != want {
			return reject(badInput("game %s: snapshot at record %d with %d dice rolled, the log says %d", gameID, seq, rolls, want))
		}
		return putSnapshot(gb, &Snapshot{Seq: seq, Rolls: rolls, Time: now, State: raw}, s.opts.SnapshotKeep)
	})
}

// rollsAt is the number of dice rolled by the end of record seq: one more
// than the last roll index logged at or before seq.
func rollsAt(gb *bolt.Bucket, gameID string, seq int) (int, error) {
	c := gb.Bucket(bucketLog).Cursor()
	k, v := c.Seek(seqKey(seq + 1))
	if k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	for ; k != nil; k, v = c.Prev() {
		e, err := decodeEntry(v)
		if err != nil {
			return 0, fmt.Errorf("storage: game %s: %w", gameID, err)
		}
		if len(e.Rolls) > 0 {
			return e.Rolls[len(e.Rolls)-1].Index + 1, nil
		}
	}
	return 0, nil
}

// LatestSnapshot returns the game's newest snapshot; ok is false when it
// has none.
func (s *Store) LatestSnapshot(gameID string) (sn Snapshot, ok bool, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		gb, _, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		sn, ok, err = latestSnapshot(gb, gameID)
		return err
	})
	return sn, ok, unreject(err)
}

func latestSnapshot(gb *bolt.Bucket, gameID string) (Snapshot, bool, error) {
	k, v := gb.Bucket(bucketSnap).Cursor().Last()
	if k == nil {
		return Snapshot{}, false, nil
	}
	sn, err := decodeSnapshot(v)
	if err != nil {
		return Snapshot{}, false, fmt.Errorf("storage: game %s snapshot %x: %w", gameID, k, err)
	}
	return sn, true, nil
}

// Snapshots returns all of the game's snapshots, oldest first.
func (s *Store) Snapshots(gameID string) ([]Snapshot, error) {
	var out []Snapshot
	err := s.view(func(tx *bolt.Tx) error {
		gb, _, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		out, err = readSnapshots(gb, gameID)
		return err
	})
	return out, unreject(err)
}

func readSnapshots(gb *bolt.Bucket, gameID string) ([]Snapshot, error) {
	var out []Snapshot
	err := gb.Bucket(bucketSnap).ForEach(func(k, v []byte) error {
		sn, err := decodeSnapshot(v)
		if err != nil {
			return fmt.Errorf("storage: game %s snapshot %x: %w", gameID, k, err)
		}
		if n, ok := keySeq(k); !ok || n != sn.Seq {
			return fmt.Errorf("storage: game %s: snapshot under key %x says sequence %d", gameID, k, sn.Seq)
		}
		out = append(out, sn)
		return nil
	})
	return out, err
}
