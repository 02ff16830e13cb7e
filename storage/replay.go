package storage

import (
	"bytes"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
)

// Resolver finds the ruleset and scenario a game was started with. The
// store never interprets rules; whoever replays a game supplies these
// (the bot and the command line use game/rules/all and scenarios).
type Resolver interface {
	Ruleset(name string) (game.Ruleset, error)
	// Scenario returns the scenario with the given id; hash is the content
	// hash the game recorded, so a resolver may refuse (or warn about) a
	// scenario that changed since.
	Scenario(id, hash string) (*game.Scenario, error)
}

// Resolve returns the ruleset and scenario of a game.
func Resolve(res Resolver, m *GameMeta) (game.Ruleset, *game.Scenario, error) {
	r, err := res.Ruleset(m.Ruleset)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: ruleset %q: %w", m.ID, m.Ruleset, err)
	}
	sc, err := res.Scenario(m.Scenario, m.ScenarioHash)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: scenario %q: %w", m.ID, m.Scenario, err)
	}
	return r, sc, nil
}

// Load returns the game as it stands now: the newest snapshot decoded with
// the ruleset, then the records after it folded in. A snapshot that does
// not decode is ignored (snapshots are a cache) and the whole log is
// replayed. Meta, snapshot and records are read in one transaction.
func (s *Store) Load(gameID string, res Resolver) (*game.Game, GameMeta, error) {
	var (
		m       *GameMeta
		sn      Snapshot
		hasSnap bool
		entries []LogEntry
		all     bool
	)
	read := func(tx *bolt.Tx) error {
		gb, meta, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		m = meta
		if !all {
			sn, hasSnap, err = latestSnapshot(gb, gameID)
			if err != nil {
				s.log.Warn("storage: ignoring snapshot", "game", gameID, "err", err)
				hasSnap = false
			}
		} else {
			hasSnap = false
		}
		from := 1
		if hasSnap {
			from = sn.Seq + 1
		}
		entries, err = readLog(gb, gameID, from)
		return err
	}
	if err := s.view(read); err != nil {
		return nil, GameMeta{}, unreject(err)
	}
	r, sc, err := Resolve(res, m)
	if err != nil {
		return nil, *m, err
	}
	if hasSnap {
		g, err := fromSnapshot(r, sc, m, sn, entries)
		if err == nil {
			return g, *m, nil
		}
		s.log.Warn("storage: snapshot unusable, replaying the whole log", "game", gameID, "seq", sn.Seq, "err", err)
		all = true
		if err := s.view(read); err != nil {
			return nil, GameMeta{}, unreject(err)
		}
	}
	g, err := replayEntries(r, sc, m, entries)
	return g, *m, err
}

func fromSnapshot(r game.Ruleset, sc *game.Scenario, m *GameMeta, sn Snapshot, entries []LogEntry) (*game.Game, error) {
	st, err := r.DecodeState(sc, m.Options, sn.State)
	if err != nil {
		return nil, err
	}
	g := &game.Game{Rules: r, Scenario: sc, Options: m.Options, State: st, Seq: sn.Seq, Rolls: sn.Rolls}
	for _, e := range entries {
		rec, err := e.Record(r)
		if err != nil {
			return nil, err
		}
		if rec.Seq != g.Seq+1 {
			return nil, fmt.Errorf("record %d follows %d", rec.Seq, g.Seq)
		}
		g.Commit(rec)
	}
	return g, nil
}

func replayEntries(r game.Ruleset, sc *game.Scenario, m *GameMeta, entries []LogEntry) (*game.Game, error) {
	recs, err := DecodeRecords(r, entries)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", m.ID, err)
	}
	g, err := game.Replay(r, sc, m.Options, recs)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", m.ID, err)
	}
	return g, nil
}

// Replay rebuilds the game from its whole log, ignoring snapshots.
func (s *Store) Replay(gameID string, res Resolver) (*game.Game, GameMeta, error) {
	var (
		m       *GameMeta
		entries []LogEntry
	)
	err := s.view(func(tx *bolt.Tx) error {
		gb, meta, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		m = meta
		entries, err = readLog(gb, gameID, 1)
		return err
	})
	if err != nil {
		return nil, GameMeta{}, unreject(err)
	}
	r, sc, err := Resolve(res, m)
	if err != nil {
		return nil, *m, err
	}
	g, err := replayEntries(r, sc, m, entries)
	return g, *m, err
}

// ReplayLog replays a log that is not in a store (an export).
func ReplayLog(res Resolver, m *GameMeta, entries []LogEntry) (*game.Game, error) {
	r, sc, err := Resolve(res, m)
	if err != nil {
		return nil, err
	}
	return replayEntries(r, sc, m, entries)
}

// RebuildSnapshot replays the game's whole log and stores the final state
// as a snapshot (after an import, or when a snapshot was found stale).
func (s *Store) RebuildSnapshot(gameID string, res Resolver) error {
	g, _, err := s.Replay(gameID, res)
	if err != nil {
		return err
	}
	return s.PutSnapshot(gameID, g.Seq, g.Rolls, g.State)
}

// sameJSON compares two JSON texts after compaction.
func sameJSON(a, b []byte) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return false
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}
