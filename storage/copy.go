package storage

import (
	"bytes"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// CopyGame reads everything the store keeps of a game, its secret seed
// included, in one read transaction (see GameCopy).
func (s *Store) CopyGame(gameID string) (*GameCopy, error) {
	var c *GameCopy
	err := s.view(func(tx *bolt.Tx) error {
		gb, m, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		c = &GameCopy{Meta: *m, Scenario: bytes.Clone(gb.Get(keyScenario)), Seed: bytes.Clone(tx.Bucket(bucketSeeds).Get([]byte(gameID)))}
		if c.Entries, err = readLog(gb, gameID, 1); err != nil {
			return err
		}
		if c.Snapshots, err = readSnapshots(gb, gameID); err != nil {
			return err
		}
		ins := tx.Bucket(bucketInteractions)
		for _, e := range c.Entries {
			if e.Interaction == "" {
				continue
			}
			var in interaction
			if raw := ins.Get([]byte(e.Interaction)); raw != nil && json.Unmarshal(raw, &in) == nil && in.Game == gameID && in.Seq == e.Seq {
				c.Interactions = append(c.Interactions, InteractionEntry{ID: e.Interaction, Seq: in.Seq, At: in.At})
			}
		}
		return nil
	})
	return c, unreject(err)
}

// PutGameCopy writes c as a new game: meta, scenario, seed, records,
// snapshots, interaction ids and index entries, in one transaction. The
// game must not exist (ErrExists) and its interaction ids must be free.
func (s *Store) PutGameCopy(c *GameCopy) error {
	m := c.Meta
	if err := m.validate(); err != nil {
		return err
	}
	vals := make([][]byte, len(c.Entries))
	for i := range c.Entries {
		v, err := encodeEntry(&c.Entries[i])
		if err != nil {
			return err
		}
		vals[i] = v
	}
	return s.update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketGames).Bucket([]byte(m.ID)) != nil {
			return reject(fmt.Errorf("%w: %q", ErrExists, m.ID))
		}
		ins := tx.Bucket(bucketInteractions)
		for _, in := range c.Interactions {
			if ins.Get([]byte(in.ID)) != nil {
				return reject(badInput("game %s: interaction %q is already in the store", m.ID, in.ID))
			}
		}
		mm := m
		if err := putGame(tx, &mm, c.Scenario, c.Seed); err != nil {
			return err
		}
		gb := tx.Bucket(bucketGames).Bucket([]byte(m.ID))
		lb, sb := gb.Bucket(bucketLog), gb.Bucket(bucketSnap)
		for i, e := range c.Entries {
			if err := lb.Put(seqKey(e.Seq), vals[i]); err != nil {
				return err
			}
		}
		for i := range c.Snapshots {
			v, err := EncodeSnapshot(&c.Snapshots[i])
			if err != nil {
				return err
			}
			if err := sb.Put(seqKey(c.Snapshots[i].Seq), v); err != nil {
				return err
			}
		}
		for _, in := range c.Interactions {
			b, _ := json.Marshal(interaction{Game: m.ID, Seq: in.Seq, At: in.At})
			if err := ins.Put([]byte(in.ID), b); err != nil {
				return err
			}
		}
		return nil
	})
}
