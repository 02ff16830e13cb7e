package storage

import (
	"bytes"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
)

// Resolver finds the ruleset a game names. Its Scenario method is only
// for games stored before scenarios were (a schema 1 store being
// upgraded, an export of version 1): a game plays its own stored copy
// (doc.go, "Scenarios"), never what Scenario returns now. Scenario should
// return the scenario shipped under id whatever its hash; the store
// compares it with hash, the one the game recorded, and marks the game
// when they differ (GameMeta.ScenarioNote). The bot and the command line
// use game/rules/all and scenarios.
type Resolver interface {
	Ruleset(name string) (game.Ruleset, error)
	Scenario(id, hash string) (*game.Scenario, error)
}

// Resolve returns the ruleset of a stored or exported game and the
// scenario it plays: its own copy, x.Scenario, checked against the sum
// its meta records. An export of version 1 carries no scenario: Resolve
// then takes the one res ships under the game's scenario id, as Open does
// when it upgrades a schema 1 store, and fills in x.Scenario,
// x.Meta.ScenarioSum and, when the shipped version is not the one the
// game started on, x.Meta.ScenarioNote.
func Resolve(res Resolver, x *Exported) (game.Ruleset, *game.Scenario, error) {
	if x.Scenario == nil && x.Meta.ScenarioSum == "" {
		b, sum, note, err := shippedScenario(res, &x.Meta)
		if err != nil {
			return nil, nil, err
		}
		x.Scenario, x.Meta.ScenarioSum, x.Meta.ScenarioNote = b, sum, note
	}
	return resolve(res, &x.Meta, x.Scenario)
}

func resolve(res Resolver, m *GameMeta, scenario []byte) (game.Ruleset, *game.Scenario, error) {
	r, err := res.Ruleset(m.Ruleset)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: ruleset %q: %w", m.ID, m.Ruleset, err)
	}
	sc, err := gameScenario(m, scenario)
	if err != nil {
		return nil, nil, err
	}
	return r, sc, nil
}

// Scenario returns the scenario a game plays: its stored copy, checked
// against the SHA-256 its meta records (a mismatch is an ErrScenario
// naming the game). Games on the same copy share one *game.Scenario,
// which callers must treat as read-only.
func (s *Store) Scenario(gameID string) (*game.Scenario, error) {
	var (
		m   *GameMeta
		raw []byte
	)
	err := s.view(func(tx *bolt.Tx) error {
		gb, meta, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		m, raw = meta, bytes.Clone(gb.Get(keyScenario))
		return nil
	})
	if err != nil {
		return nil, unreject(err)
	}
	s.noteScenario(m)
	return gameScenario(m, raw)
}

// noteScenario logs, each time a marked game is loaded, that it does not
// play the scenario version it started on.
func (s *Store) noteScenario(m *GameMeta) {
	if m.ScenarioNote != "" {
		s.log.Warn("storage: game does not play the scenario version it started on", "game", m.ID, "scenario", m.Scenario, "started_hash", m.ScenarioHash, "note", m.ScenarioNote)
	}
}

// Load returns the game as it stands now: the newest snapshot decoded with
// the ruleset, then the records after it folded in. A snapshot that does
// not decode is ignored (snapshots are a cache) and the whole log is
// replayed. Meta, snapshot and records are read in one transaction.
func (s *Store) Load(gameID string, res Resolver) (*game.Game, GameMeta, error) {
	read := func(all bool) (*Loaded, error) {
		d := &Loaded{}
		err := s.view(func(tx *bolt.Tx) error {
			gb, meta, err := gameBucket(tx, gameID)
			if err != nil {
				return err
			}
			d.Meta, d.Scenario, d.Snapshot = *meta, bytes.Clone(gb.Get(keyScenario)), nil
			from := 1
			if !all {
				sn, ok, err := latestSnapshot(gb, gameID)
				if err != nil {
					s.log.Warn("storage: ignoring snapshot", "game", gameID, "err", err)
				} else if ok {
					d.Snapshot, from = &sn, sn.Seq+1
				}
			}
			d.Entries, err = readLog(gb, gameID, from)
			return err
		})
		return d, unreject(err)
	}
	d, err := read(false)
	if err != nil {
		return nil, GameMeta{}, err
	}
	return LoadGame(res, d, func() (*Loaded, error) { return read(true) }, s.log)
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
		scb     []byte
	)
	err := s.view(func(tx *bolt.Tx) error {
		gb, meta, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		m, scb = meta, bytes.Clone(gb.Get(keyScenario))
		entries, err = readLog(gb, gameID, 1)
		return err
	})
	if err != nil {
		return nil, GameMeta{}, unreject(err)
	}
	r, sc, err := resolve(res, m, scb)
	if err != nil {
		return nil, *m, err
	}
	g, err := replayEntries(r, sc, m, entries)
	return g, *m, err
}

// ReplayLog replays a game that is not in a store (an export) against
// its own scenario (see Resolve).
func ReplayLog(res Resolver, x *Exported) (*game.Game, error) {
	r, sc, err := Resolve(res, x)
	if err != nil {
		return nil, err
	}
	return replayEntries(r, sc, &x.Meta, x.Entries)
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
