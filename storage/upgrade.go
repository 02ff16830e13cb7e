package storage

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// upgrades[v] turns a schema v store into a schema v+1 store inside one
// transaction (which also writes the new version number), so an upgrade
// interrupted by a crash leaves the old version intact.
var upgrades = map[int]func(tx *bolt.Tx, opts Options) error{
	0: upgradeV0,
	1: upgradeV1,
}

// upgrade brings db from schema version `from` to SchemaVersion, after
// writing a copy of the old file next to it.
func upgrade(db *bolt.DB, path string, from int, opts Options) error {
	if from < 2 && opts.Resolver == nil {
		return fmt.Errorf("%w: %s has schema version %d; upgrading it stores each game's scenario, which needs Options.Resolver", ErrSchema, path, from)
	}
	if !opts.NoUpgradeBackup {
		bak := fmt.Sprintf("%s.schema-v%d.bak", path, from)
		if _, err := os.Stat(bak); err == nil {
			bak = fmt.Sprintf("%s.schema-v%d.%s.bak", path, from, opts.Now().UTC().Format("20060102T150405"))
		}
		tmp := &Store{db: db, path: path}
		if _, err := tmp.BackupFile(bak); err != nil {
			return fmt.Errorf("storage: backup before upgrade: %w", err)
		}
		opts.Logger.Info("storage: backed up store before schema upgrade", "path", path, "backup", bak, "from", from, "to", SchemaVersion)
	}
	for v := from; v < SchemaVersion; v++ {
		step, ok := upgrades[v]
		if !ok {
			return fmt.Errorf("%w: no upgrade from schema version %d", ErrSchema, v)
		}
		err := db.Update(func(tx *bolt.Tx) error {
			if err := step(tx, opts); err != nil {
				return err
			}
			return tx.Bucket(bucketStore).Put(keySchema, schemaString(v+1))
		})
		if err != nil {
			return fmt.Errorf("storage: upgrading %s from schema version %d to %d: %w", path, v, v+1, err)
		}
		opts.Logger.Info("storage: upgraded store schema", "path", path, "from", v, "to", v+1)
	}
	return nil
}

// Schema version 0, the prototype layout (see doc.go):
//
//	store/           magic, schema = "0"
//	games/<id>/      meta    → v0Meta JSON (the secret seed inside, in hex)
//	games/<id>/records/      "%010d" seq → game.Record JSON
//
// It has no indexes, no snapshots and one room per game.
type v0Meta struct {
	ID       string            `json:"id"`
	Ruleset  string            `json:"ruleset"`
	Version  string            `json:"version"`
	Scenario string            `json:"scenario"`
	Hash     string            `json:"hash"`
	Options  map[string]string `json:"options,omitempty"`
	Seats    map[string]string `json:"seats,omitempty"`
	Room     string            `json:"room,omitempty"`
	Status   string            `json:"status"` // "playing", "finished", "abandoned"
	Created  time.Time         `json:"created"`
	Updated  time.Time         `json:"updated"`
	Seed     string            `json:"seed"`
	Seq      int               `json:"seq"`
}

var v0Records = []byte("records")

func v0RecordKey(n int) []byte { return []byte(fmt.Sprintf("%010d", n)) }

func upgradeV0(tx *bolt.Tx, _ Options) error {
	for _, name := range requiredV1 {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	games := tx.Bucket(bucketGames)
	var ids [][]byte
	games.ForEach(func(k, v []byte) error {
		if v == nil {
			ids = append(ids, append([]byte(nil), k...))
		}
		return nil
	})
	for _, k := range ids {
		if err := upgradeGameV0(tx, games.Bucket(k), string(k)); err != nil {
			return fmt.Errorf("game %s: %w", k, err)
		}
	}
	return nil
}

func upgradeGameV0(tx *bolt.Tx, gb *bolt.Bucket, id string) error {
	var old v0Meta
	if err := json.Unmarshal(gb.Get(keyMeta), &old); err != nil {
		return fmt.Errorf("v0 meta: %w", err)
	}
	seed, err := hex.DecodeString(old.Seed)
	if err != nil || len(seed) == 0 {
		return fmt.Errorf("v0 meta: seed is not hex")
	}
	m := GameMeta{
		ID: id, Ruleset: old.Ruleset, RulesetVersion: old.Version,
		Scenario: old.Scenario, ScenarioHash: old.Hash,
		Options: old.Options, Created: old.Created, Updated: old.Updated,
		Commitment: dice.Commitment(seed), Seq: old.Seq,
	}
	switch old.Status {
	case "playing":
		m.Status = StatusActive
	case "finished":
		m.Status = StatusOver
	case "abandoned":
		m.Status = StatusAbandoned
	default:
		return fmt.Errorf("v0 meta: status %q", old.Status)
	}
	for k, u := range old.Seats {
		side, err := game.ParseSide(k)
		if err != nil || !side.Valid() {
			return fmt.Errorf("v0 meta: seat %q", k)
		}
		if m.Seats == nil {
			m.Seats = map[game.Side]string{}
		}
		m.Seats[side] = u
	}
	if old.Room != "" {
		m.Rooms = []string{old.Room}
	}
	if m.Status.Ended() {
		m.Seed = hex.EncodeToString(seed)
	}
	lb, err := gb.CreateBucket(bucketLog)
	if err != nil {
		return err
	}
	if _, err := gb.CreateBucket(bucketSnap); err != nil {
		return err
	}
	if rb := gb.Bucket(v0Records); rb != nil {
		next := 1
		err := rb.ForEach(func(k, v []byte) error {
			n, err := strconv.Atoi(string(k))
			if err != nil || n != next {
				return fmt.Errorf("v0 record key %q, want %d", k, next)
			}
			next++
			e, err := decodeEntry(v)
			if err != nil {
				return fmt.Errorf("v0 record %d: %w", n, err)
			}
			e.Actor = m.Seats[e.Command.Side]
			m.Rolls += len(e.Rolls)
			val, err := encodeEntry(&e)
			if err != nil {
				return err
			}
			return lb.Put(seqKey(n), val)
		})
		if err != nil {
			return err
		}
		if err := gb.DeleteBucket(v0Records); err != nil {
			return err
		}
	}
	if err := m.validate(); err != nil {
		return err
	}
	if err := putMeta(gb, &m); err != nil {
		return err
	}
	if err := tx.Bucket(bucketSeeds).Put([]byte(id), seed); err != nil {
		return err
	}
	return indexGame(tx, nil, &m)
}

// Schema version 1 is version 2 without the games' scenarios: a game
// named its scenario by id and hash, and every load took the version
// shipped then. upgradeV1 stores with each game the scenario the resolver
// ships under its id, once. When that version's hash is not the one the
// game started on, the game is still stored with it (it was playing on
// it already) and marked: GameMeta.ScenarioNote says so, loads log a
// warning, and the upgrade logs one now. A scenario that cannot be found
// is noted too, without a copy: that game does not load (it did not
// before either) but the rest of the store opens.
func upgradeV1(tx *bolt.Tx, opts Options) error {
	games := tx.Bucket(bucketGames)
	var ids [][]byte
	games.ForEach(func(k, v []byte) error {
		if v == nil {
			ids = append(ids, bytes.Clone(k))
		}
		return nil
	})
	for _, k := range ids {
		gb := games.Bucket(k)
		m, err := readMeta(gb, string(k))
		if err != nil {
			return err
		}
		b, sum, note, err := shippedScenario(opts.Resolver, m)
		switch {
		case err != nil:
			m.ScenarioNote = fmt.Sprintf("scenario %s (hash %s) was not found when the store was upgraded to schema 2: %.512v", m.Scenario, m.ScenarioHash, err)
			opts.Logger.Error("storage: upgrade: no scenario for game; it will not load", "game", m.ID, "scenario", m.Scenario, "hash", m.ScenarioHash, "err", err)
		default:
			if err := gb.Put(keyScenario, b); err != nil {
				return err
			}
			m.ScenarioSum, m.ScenarioNote = sum, note
			if note != "" {
				opts.Logger.Warn("storage: upgrade: game stored with a scenario version other than the one it started on", "game", m.ID, "scenario", m.Scenario, "started_hash", m.ScenarioHash, "note", note)
			}
		}
		if err := putMeta(gb, m); err != nil {
			return err
		}
	}
	return nil
}
