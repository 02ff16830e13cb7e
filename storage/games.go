package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/grognard/grognard/game"
)

// MinSeedLen is the shortest seed CreateGame accepts.
const MinSeedLen = 16

// CreateGame stores a new game with the resolved scenario it plays (the
// shipped one, or what game.SetUp made of it) and its secret seed, and
// returns the meta as stored. An empty ID gets the next free "g<N>";
// Status defaults to active; Created, Updated, Commitment and ScenarioSum
// are filled in, and Scenario and ScenarioHash from sc when both are
// empty (else they must be sc's); Seq, Rolls and Seed must be zero.
func (s *Store) CreateGame(meta GameMeta, sc *game.Scenario, seed []byte) (GameMeta, error) {
	meta, scb, err := NewGame(meta, sc, seed, s.now())
	if err != nil {
		return GameMeta{}, err
	}
	auto := meta.ID == ""
	seed = bytes.Clone(seed)
	var out GameMeta
	err = s.update(func(tx *bolt.Tx) error {
		m := meta
		games := tx.Bucket(bucketGames)
		if auto {
			for {
				n, err := games.NextSequence()
				if err != nil {
					return err
				}
				m.ID = "g" + strconv.FormatUint(n, 10)
				if games.Bucket([]byte(m.ID)) == nil {
					break
				}
			}
		} else if games.Bucket([]byte(m.ID)) != nil {
			return reject(fmt.Errorf("%w: %q", ErrExists, m.ID))
		}
		if err := putGame(tx, &m, scb, seed); err != nil {
			return err
		}
		out = m
		return nil
	})
	return out, err
}

// putGame writes a new game's bucket, scenario, seed and index entries.
func putGame(tx *bolt.Tx, m *GameMeta, scenario, seed []byte) error {
	gb, err := tx.Bucket(bucketGames).CreateBucket([]byte(m.ID))
	if err != nil {
		return err
	}
	if _, err := gb.CreateBucket(bucketLog); err != nil {
		return err
	}
	if _, err := gb.CreateBucket(bucketSnap); err != nil {
		return err
	}
	if err := putMeta(gb, m); err != nil {
		return err
	}
	if err := gb.Put(keyScenario, scenario); err != nil {
		return err
	}
	if seed != nil {
		if err := tx.Bucket(bucketSeeds).Put([]byte(m.ID), seed); err != nil {
			return err
		}
	}
	return indexGame(tx, nil, m)
}

// indexGame moves a game's index entries from old (nil: none) to m.
func indexGame(tx *bolt.Tx, old, m *GameMeta) error {
	var oldRooms []string
	oldPlayers := map[string]string{}
	var oldDeadline time.Time
	if old != nil {
		oldRooms, oldPlayers, oldDeadline = old.Rooms, old.playerSides(), old.Deadline
	}
	rooms := tx.Bucket(bucketRooms)
	for _, r := range oldRooms {
		if !slices.Contains(m.Rooms, r) {
			if err := rooms.Delete(pairKey(r, m.ID)); err != nil {
				return err
			}
		}
	}
	for _, r := range m.Rooms {
		if err := rooms.Put(pairKey(r, m.ID), nil); err != nil {
			return err
		}
	}
	players := tx.Bucket(bucketPlayers)
	now := m.playerSides()
	for _, u := range sortedKeys(oldPlayers) {
		if _, ok := now[u]; !ok {
			if err := players.Delete(pairKey(u, m.ID)); err != nil {
				return err
			}
		}
	}
	for _, u := range sortedKeys(now) {
		if err := players.Put(pairKey(u, m.ID), []byte(now[u])); err != nil {
			return err
		}
	}
	dl := tx.Bucket(bucketDeadlines)
	if !oldDeadline.IsZero() && !oldDeadline.Equal(m.Deadline) {
		k, _ := deadlineKey(oldDeadline, m.ID)
		if err := dl.Delete(k); err != nil {
			return err
		}
	}
	if !m.Deadline.IsZero() {
		k, err := deadlineKey(m.Deadline, m.ID)
		if err != nil {
			return err
		}
		if err := dl.Put(k, nil); err != nil {
			return err
		}
	}
	return nil
}

func putMeta(gb *bolt.Bucket, m *GameMeta) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return gb.Put(keyMeta, b)
}

func readMeta(gb *bolt.Bucket, id string) (*GameMeta, error) {
	raw := gb.Get(keyMeta)
	if raw == nil {
		return nil, fmt.Errorf("storage: game %s: no meta", id)
	}
	m := new(GameMeta)
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, fmt.Errorf("storage: game %s: meta: %w", id, err)
	}
	return m, nil
}

// gameBucket returns the game's bucket and meta, or a rejected ErrNotFound.
func gameBucket(tx *bolt.Tx, id string) (*bolt.Bucket, *GameMeta, error) {
	gb := tx.Bucket(bucketGames).Bucket([]byte(id))
	if gb == nil {
		return nil, nil, reject(notFound(id))
	}
	m, err := readMeta(gb, id)
	if err != nil {
		return nil, nil, err
	}
	return gb, m, nil
}

// Meta returns a game's metadata.
func (s *Store) Meta(gameID string) (GameMeta, error) {
	var m *GameMeta
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		_, m, err = gameBucket(tx, gameID)
		return err
	})
	if err != nil {
		return GameMeta{}, unreject(err)
	}
	return *m, nil
}

func unreject(err error) error {
	if rj, ok := err.(rejected); ok {
		return rj.err
	}
	return err
}

// changeMeta applies ch to a game's meta in one write, re-indexes it and
// bumps Updated.
func (s *Store) changeMeta(gameID string, ch Change) (GameMeta, error) {
	var out GameMeta
	now := s.now()
	err := s.update(func(tx *bolt.Tx) error {
		gb, old, err := gameBucket(tx, gameID)
		if err != nil {
			return err
		}
		m, err := ApplyChange(old, tx.Bucket(bucketSeeds).Get([]byte(gameID)), ch, now)
		if err != nil {
			return reject(err)
		}
		if err := putMeta(gb, &m); err != nil {
			return err
		}
		if err := indexGame(tx, old, &m); err != nil {
			return err
		}
		out = m
		return nil
	})
	return out, err
}

// SetEnding records how a game ended outside its log (GameMeta.Ending),
// so that exports and replays tell it.
func (s *Store) SetEnding(gameID, ending string) (GameMeta, error) {
	return s.changeMeta(gameID, ChangeEnding(ending))
}

// SetStatus changes a game's status. Ending a game (over, abandoned)
// reveals its seed in the meta, clears its deadline and is final.
func (s *Store) SetStatus(gameID string, st Status) (GameMeta, error) {
	ch, err := ChangeStatus(gameID, st)
	if err != nil {
		return GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// SetSeat puts user in side's seat (an empty user frees it).
func (s *Store) SetSeat(gameID string, side game.Side, user string) (GameMeta, error) {
	ch, err := ChangeSeat(side, user)
	if err != nil {
		return GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// Bind binds a game to a room (a channel or thread): GamesInRoom lists it.
func (s *Store) Bind(gameID, room string) (GameMeta, error) {
	ch, err := ChangeBind(room)
	if err != nil {
		return GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// Unbind removes a room binding.
func (s *Store) Unbind(gameID, room string) (GameMeta, error) {
	return s.changeMeta(gameID, ChangeUnbind(room))
}

// Seed returns the game's secret seed. It is for rolling the game's dice
// (dice.Seeded); never show it before the game ends.
func (s *Store) Seed(gameID string) ([]byte, error) {
	var seed []byte
	err := s.view(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketGames).Bucket([]byte(gameID)) == nil {
			return notFound(gameID)
		}
		seed = bytes.Clone(tx.Bucket(bucketSeeds).Get([]byte(gameID)))
		if seed == nil {
			return fmt.Errorf("%w: game %s", ErrNoSeed, gameID)
		}
		return nil
	})
	return seed, err
}

// Games lists up to limit games (limit ≤ 0: all) whose id sorts after
// `after`, in id order: a page of the game list.
func (s *Store) Games(after string, limit int) ([]GameMeta, error) {
	var out []GameMeta
	err := s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketGames).Cursor()
		k, _ := c.Seek([]byte(after))
		if k != nil && string(k) == after {
			k, _ = c.Next()
		}
		for ; k != nil && (limit <= 0 || len(out) < limit); k, _ = c.Next() {
			gb := tx.Bucket(bucketGames).Bucket(k)
			if gb == nil {
				continue
			}
			m, err := readMeta(gb, string(k))
			if err != nil {
				return err
			}
			out = append(out, *m)
		}
		return nil
	})
	return out, err
}

// GamesInRoom lists the ids of the games bound to room.
func (s *Store) GamesInRoom(room string) ([]string, error) {
	return s.scanPairs(bucketRooms, room)
}

// GamesOfPlayer lists the ids of the games in which user holds a seat.
func (s *Store) GamesOfPlayer(user string) ([]string, error) {
	return s.scanPairs(bucketPlayers, user)
}

func (s *Store) scanPairs(bucket []byte, name string) ([]string, error) {
	var out []string
	prefix := pairPrefix(name)
	err := s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucket).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			out = append(out, string(k[len(prefix):]))
		}
		return nil
	})
	return out, err
}

func cloneOptions(o game.Options) game.Options {
	if o == nil {
		return nil
	}
	out := make(game.Options, len(o))
	for k, v := range o {
		out[k] = v
	}
	return out
}

func cloneSeats(m map[game.Side]string) map[game.Side]string {
	if m == nil {
		return nil
	}
	out := make(map[game.Side]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
