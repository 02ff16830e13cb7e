package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// CreateGame stores a new game, as storage.Store.CreateGame does. An
// empty ID gets the next free "g<N>" (from the sequence
// grognard_game_ids).
func (s *Store) CreateGame(meta storage.GameMeta, sc *game.Scenario, seed []byte) (storage.GameMeta, error) {
	meta, scb, err := storage.NewGame(meta, sc, seed, s.now())
	if err != nil {
		return storage.GameMeta{}, err
	}
	auto := meta.ID == ""
	seed = bytes.Clone(seed)
	ctx, cancel := s.ctx()
	defer cancel()
	var out storage.GameMeta
	err = s.update(ctx, func(tx pgx.Tx) error {
		m := meta
		for {
			if auto {
				var n int64
				if err := tx.QueryRow(ctx, `SELECT nextval('grognard_game_ids')`).Scan(&n); err != nil {
					return err
				}
				m.ID = "g" + strconv.FormatInt(n, 10)
			}
			ok, err := insertGame(ctx, tx, &m, scb, seed)
			if err != nil {
				return err
			}
			if ok {
				break
			}
			if !auto {
				return refuse(fmt.Errorf("%w: %q", storage.ErrExists, m.ID))
			}
		}
		out = m
		return index(ctx, tx, nil, &m)
	})
	return out, err
}

// insertGame inserts a game's row; ok is false when the id is taken.
func insertGame(ctx context.Context, tx pgx.Tx, m *storage.GameMeta, scenario, seed []byte) (bool, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return false, err
	}
	tag, err := tx.Exec(ctx, `INSERT INTO games (id, seq, meta, scenario, seed) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
		m.ID, m.Seq, b, scenario, seed)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// index moves a game's room, player and deadline entries from old (nil:
// none) to m, in one round trip.
func index(ctx context.Context, tx pgx.Tx, old, m *storage.GameMeta) error {
	b := &pgx.Batch{}
	queueIndex(b, old, m)
	if b.Len() == 0 {
		return nil
	}
	return tx.SendBatch(ctx, b).Close()
}

// queueIndex queues the statements of index.
func queueIndex(b *pgx.Batch, old, m *storage.GameMeta) {
	var oldRooms []string
	oldPlayers := map[string]string{}
	var oldDeadline time.Time
	if old != nil {
		oldRooms, oldPlayers, oldDeadline = old.Rooms, old.PlayerSides(), old.Deadline
	}
	for _, r := range oldRooms {
		if !slices.Contains(m.Rooms, r) {
			b.Queue(`DELETE FROM rooms WHERE room = $1 AND game = $2`, r, m.ID)
		}
	}
	for _, r := range m.Rooms {
		if !slices.Contains(oldRooms, r) {
			b.Queue(`INSERT INTO rooms (room, game) VALUES ($1, $2) ON CONFLICT (room, game) DO NOTHING`, r, m.ID)
		}
	}
	now := m.PlayerSides()
	for u := range oldPlayers {
		if _, ok := now[u]; !ok {
			b.Queue(`DELETE FROM players WHERE player = $1 AND game = $2`, u, m.ID)
		}
	}
	for u, sides := range now {
		if oldPlayers[u] != sides {
			b.Queue(`INSERT INTO players (player, game, sides) VALUES ($1, $2, $3) ON CONFLICT (player, game) DO UPDATE SET sides = excluded.sides`, u, m.ID, sides)
		}
	}
	switch {
	case m.Deadline.IsZero() && !oldDeadline.IsZero():
		b.Queue(`DELETE FROM deadlines WHERE game = $1`, m.ID)
	case !m.Deadline.IsZero() && !m.Deadline.Equal(oldDeadline):
		b.Queue(`INSERT INTO deadlines (game, at) VALUES ($1, $2) ON CONFLICT (game) DO UPDATE SET at = excluded.at`, m.ID, m.Deadline.UnixNano())
	}
}

// lockGame reads a game's meta and seed and locks its row until the end
// of the transaction (SELECT … FOR UPDATE): every write to a game takes
// this lock first, so writes to one game are serialised by the database
// whichever process makes them.
func lockGame(ctx context.Context, tx pgx.Tx, id string) (*storage.GameMeta, []byte, error) {
	var raw, seed []byte
	err := tx.QueryRow(ctx, `SELECT meta, seed FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&raw, &seed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, refuse(notFound(id))
	}
	if err != nil {
		return nil, nil, err
	}
	m, err := decodeMeta(raw, id)
	return m, seed, err
}

func decodeMeta(raw []byte, id string) (*storage.GameMeta, error) {
	m := new(storage.GameMeta)
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, fmt.Errorf("storage/postgres: game %s: meta: %w", id, err)
	}
	return m, nil
}

func putMeta(ctx context.Context, tx pgx.Tx, m *storage.GameMeta) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE games SET meta = $2, seq = $3 WHERE id = $1`, m.ID, b, m.Seq)
	return err
}

// Meta returns a game's metadata.
func (s *Store) Meta(gameID string) (storage.GameMeta, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var raw []byte
	err := s.pool.QueryRow(ctx, `SELECT meta FROM games WHERE id = $1`, gameID).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return storage.GameMeta{}, notFound(gameID)
	}
	if err != nil {
		return storage.GameMeta{}, dbErr(err)
	}
	m, err := decodeMeta(raw, gameID)
	if err != nil {
		return storage.GameMeta{}, err
	}
	return *m, nil
}

// Scenario returns the scenario a game plays, its stored copy checked
// against the sum its meta records.
func (s *Store) Scenario(gameID string) (*game.Scenario, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var (
		m   *storage.GameMeta
		scb []byte
	)
	err := s.view(ctx, func(tx pgx.Tx) error {
		var err error
		m, scb, err = readMetaScenario(ctx, tx, gameID)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.noteScenario(m)
	return storage.StoredScenario(m, scb)
}

// readMetaScenario reads a game's meta and stored scenario.
func readMetaScenario(ctx context.Context, tx pgx.Tx, id string) (*storage.GameMeta, []byte, error) {
	var raw, scb []byte
	err := tx.QueryRow(ctx, `SELECT meta, scenario FROM games WHERE id = $1`, id).Scan(&raw, &scb)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, refuse(notFound(id))
	}
	if err != nil {
		return nil, nil, err
	}
	m, err := decodeMeta(raw, id)
	return m, scb, err
}

// noteScenario logs, each time a marked game is loaded, that it does not
// play the scenario version it started on.
func (s *Store) noteScenario(m *storage.GameMeta) {
	if m.ScenarioNote != "" {
		s.log.Warn("storage: game does not play the scenario version it started on", "game", m.ID, "scenario", m.Scenario, "started_hash", m.ScenarioHash, "note", m.ScenarioNote)
	}
}

// Seed returns the game's secret seed.
func (s *Store) Seed(gameID string) ([]byte, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var seed []byte
	err := s.pool.QueryRow(ctx, `SELECT seed FROM games WHERE id = $1`, gameID).Scan(&seed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, notFound(gameID)
	}
	if err != nil {
		return nil, dbErr(err)
	}
	if seed == nil {
		return nil, fmt.Errorf("%w: game %s", storage.ErrNoSeed, gameID)
	}
	return seed, nil
}

// changeMeta applies ch to a game's meta in one transaction, re-indexes
// it and bumps Updated.
func (s *Store) changeMeta(gameID string, ch storage.Change) (storage.GameMeta, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	now := s.now()
	var out storage.GameMeta
	err := s.update(ctx, func(tx pgx.Tx) error {
		old, seed, err := lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		m, err := storage.ApplyChange(old, seed, ch, now)
		if err != nil {
			return refuse(err)
		}
		if err := putMeta(ctx, tx, &m); err != nil {
			return err
		}
		out = m
		return index(ctx, tx, old, &m)
	})
	return out, err
}

// SetEnding records how a game ended outside its log.
func (s *Store) SetEnding(gameID, ending string) (storage.GameMeta, error) {
	return s.changeMeta(gameID, storage.ChangeEnding(ending))
}

// SetStatus changes a game's status; ending it reveals its seed.
func (s *Store) SetStatus(gameID string, st storage.Status) (storage.GameMeta, error) {
	ch, err := storage.ChangeStatus(gameID, st)
	if err != nil {
		return storage.GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// SetSeat puts user in side's seat (an empty user frees it).
func (s *Store) SetSeat(gameID string, side game.Side, user string) (storage.GameMeta, error) {
	ch, err := storage.ChangeSeat(side, user)
	if err != nil {
		return storage.GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// Bind binds a game to a room.
func (s *Store) Bind(gameID, room string) (storage.GameMeta, error) {
	ch, err := storage.ChangeBind(room)
	if err != nil {
		return storage.GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// Unbind removes a room binding.
func (s *Store) Unbind(gameID, room string) (storage.GameMeta, error) {
	return s.changeMeta(gameID, storage.ChangeUnbind(room))
}

// SetDeadline sets the game's next deadline; the zero time clears it.
func (s *Store) SetDeadline(gameID string, at time.Time) (storage.GameMeta, error) {
	ch, err := storage.ChangeDeadline(gameID, at)
	if err != nil {
		return storage.GameMeta{}, err
	}
	return s.changeMeta(gameID, ch)
}

// Games lists up to limit games (limit ≤ 0: all) whose id sorts after
// `after`, in id order.
func (s *Store) Games(after string, limit int) ([]storage.GameMeta, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	q := `SELECT id, meta FROM games WHERE id > $1 ORDER BY id`
	args := []any{after}
	if limit > 0 {
		q += ` LIMIT $2`
		args = append(args, limit)
	}
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, dbErr(err)
	}
	var out []storage.GameMeta
	for rows.Next() {
		var id string
		var raw []byte
		if err := rows.Scan(&id, &raw); err != nil {
			return nil, dbErr(err)
		}
		m, err := decodeMeta(raw, id)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, *m)
	}
	return out, dbErr(rows.Err())
}

// GamesInRoom lists the ids of the games bound to room.
func (s *Store) GamesInRoom(room string) ([]string, error) {
	return s.strings(`SELECT game FROM rooms WHERE room = $1 ORDER BY game`, room)
}

// GamesOfPlayer lists the ids of the games in which user holds a seat.
func (s *Store) GamesOfPlayer(user string) ([]string, error) {
	return s.strings(`SELECT game FROM players WHERE player = $1 ORDER BY game`, user)
}

func (s *Store) strings(q string, args ...any) ([]string, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, dbErr(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return out, dbErr(err)
}

// DueDeadlines lists the deadlines at or before now, earliest first, at
// most limit of them (limit ≤ 0: all).
func (s *Store) DueDeadlines(now time.Time, limit int) ([]storage.Deadline, error) {
	q := `SELECT game, at FROM deadlines WHERE at <= $1 ORDER BY at, game`
	args := []any{now.UnixNano()}
	if limit > 0 {
		q += ` LIMIT $2`
		args = append(args, limit)
	}
	return s.deadlines(q, args...)
}

// NextDeadline returns the earliest deadline of all games.
func (s *Store) NextDeadline() (storage.Deadline, bool, error) {
	ds, err := s.deadlines(`SELECT game, at FROM deadlines ORDER BY at, game LIMIT 1`)
	if err != nil || len(ds) == 0 {
		return storage.Deadline{}, false, err
	}
	return ds[0], true, nil
}

func (s *Store) deadlines(q string, args ...any) ([]storage.Deadline, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, dbErr(err)
	}
	var out []storage.Deadline
	for rows.Next() {
		var d storage.Deadline
		var at int64
		if err := rows.Scan(&d.Game, &at); err != nil {
			return nil, dbErr(err)
		}
		d.At = time.Unix(0, at).UTC()
		out = append(out, d)
	}
	return out, dbErr(rows.Err())
}
