package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grognard/grognard/storage"
)

// Export writes the game as JSONL (docs/export.md), the same bytes as
// storage.Store.Export writes for the same game.
func (s *Store) Export(gameID string, w io.Writer) error {
	x, err := s.readGame(gameID)
	if err != nil {
		return err
	}
	return storage.WriteExport(w, x)
}

// ReadGame returns a stored game in the form of storage.ReadExport, seed
// included only if the game has ended.
func (s *Store) ReadGame(gameID string) (*storage.Exported, error) { return s.readGame(gameID) }

func (s *Store) readGame(gameID string) (*storage.Exported, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var x *storage.Exported
	err := s.view(ctx, func(tx pgx.Tx) error {
		m, scb, err := readMetaScenario(ctx, tx, gameID)
		if err != nil {
			return err
		}
		entries, err := readLog(ctx, tx, gameID, 1)
		if err != nil {
			return err
		}
		if !m.Status.Ended() {
			m.Seed = ""
		}
		x = &storage.Exported{Meta: *m, Scenario: scb, Entries: entries}
		return nil
	})
	return x, err
}

// Audit recomputes every logged die of a game from its revealed seed.
func (s *Store) Audit(gameID string) (*storage.AuditReport, error) {
	x, err := s.readGame(gameID)
	if err != nil {
		return nil, err
	}
	return storage.Audit(x)
}

// Import reads an export into the store as the same game, as
// storage.Store.Import does.
func (s *Store) Import(r io.Reader) (storage.GameMeta, error) {
	x, err := storage.ReadExport(r)
	if err != nil {
		return storage.GameMeta{}, err
	}
	return x.Meta, s.importGame(x)
}

// ImportChecked is Import for a log from outside: storage.CheckExport
// first, and on refusal nothing is written.
func (s *Store) ImportChecked(r io.Reader, res storage.Resolver) (storage.GameMeta, error) {
	x, err := storage.ReadExport(r)
	if err != nil {
		return storage.GameMeta{}, err
	}
	if err := storage.CheckExport(res, x); err != nil {
		return storage.GameMeta{}, fmt.Errorf("import of game %s refused: %w", x.Meta.ID, err)
	}
	s.noteScenario(&x.Meta)
	return x.Meta, s.importGame(x)
}

func (s *Store) importGame(x *storage.Exported) error {
	c, err := storage.ImportCopy(x)
	if err != nil {
		return err
	}
	return s.putGameCopy(c, false)
}

// CopyGame reads everything the store keeps of a game, its secret seed
// included, in one REPEATABLE READ transaction.
func (s *Store) CopyGame(gameID string) (*storage.GameCopy, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var c *storage.GameCopy
	err := s.view(ctx, func(tx pgx.Tx) error {
		var err error
		c, err = copyGame(ctx, tx, gameID)
		return err
	})
	return c, err
}

func copyGame(ctx context.Context, tx pgx.Tx, gameID string) (*storage.GameCopy, error) {
	var raw, scb, seed []byte
	err := tx.QueryRow(ctx, `SELECT meta, scenario, seed FROM games WHERE id = $1`, gameID).Scan(&raw, &scb, &seed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, refuse(notFound(gameID))
	}
	if err != nil {
		return nil, err
	}
	m, err := decodeMeta(raw, gameID)
	if err != nil {
		return nil, err
	}
	c := &storage.GameCopy{Meta: *m, Scenario: scb, Seed: seed}
	if c.Entries, err = readLog(ctx, tx, gameID, 1); err != nil {
		return nil, err
	}
	if c.Snapshots, err = readSnapshots(ctx, tx, gameID, "ASC", 0); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT id, seq, at FROM interactions WHERE game = $1 ORDER BY seq, id`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var in storage.InteractionEntry
		var at int64
		if err := rows.Scan(&in.ID, &in.Seq, &at); err != nil {
			return nil, err
		}
		in.At = time.Unix(0, at).UTC()
		c.Interactions = append(c.Interactions, in)
	}
	return c, rows.Err()
}

// PutGameCopy writes c as a new game in one transaction (records and
// snapshots by COPY). The game must not exist (storage.ErrExists) and its
// interaction ids must be free.
func (s *Store) PutGameCopy(c *storage.GameCopy) error { return s.putGameCopy(c, true) }

func (s *Store) putGameCopy(c *storage.GameCopy, validate bool) error {
	m := c.Meta
	if validate {
		if err := storage.ValidID(m.ID); err != nil {
			return err
		}
	}
	rows := make([][]any, len(c.Entries))
	rolls := 0
	for i := range c.Entries {
		e := &c.Entries[i]
		v, err := storage.EncodeEntry(e)
		if err != nil {
			return err
		}
		rolls += len(e.Rolls)
		rows[i] = []any{m.ID, e.Seq, rolls, v}
	}
	snaps := make([][]any, len(c.Snapshots))
	for i := range c.Snapshots {
		v, err := storage.EncodeSnapshot(&c.Snapshots[i])
		if err != nil {
			return err
		}
		snaps[i] = []any{m.ID, c.Snapshots[i].Seq, v}
	}
	ins := make([][]any, len(c.Interactions))
	ids := make([]string, len(c.Interactions))
	for i, in := range c.Interactions {
		ins[i] = []any{in.ID, m.ID, in.Seq, in.At.UnixNano()}
		ids[i] = in.ID
	}
	ctx, cancel := s.ctx()
	defer cancel()
	return s.update(ctx, func(tx pgx.Tx) error {
		ok, err := insertGame(ctx, tx, &m, c.Scenario, c.Seed)
		if err != nil {
			return err
		}
		if !ok {
			return refuse(fmt.Errorf("%w: %q", storage.ErrExists, m.ID))
		}
		if err := index(ctx, tx, nil, &m); err != nil {
			return err
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"records"}, []string{"game", "seq", "rolls", "entry"}, pgx.CopyFromRows(rows)); err != nil {
			return err
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"snapshots"}, []string{"game", "seq", "snapshot"}, pgx.CopyFromRows(snaps)); err != nil {
			return err
		}
		if len(ids) > 0 {
			var taken []string
			r, err := tx.Query(ctx, `SELECT id FROM interactions WHERE id = ANY($1) ORDER BY id LIMIT 1`, ids)
			if err == nil {
				taken, err = pgx.CollectRows(r, pgx.RowTo[string])
			}
			if err != nil {
				return err
			}
			if len(taken) > 0 {
				return refuse(fmt.Errorf("%w: game %s: interaction %q is already in the store", storage.ErrBadInput, m.ID, taken[0]))
			}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"interactions"}, []string{"id", "game", "seq", "at"}, pgx.CopyFromRows(ins))
		if isUnique(err) {
			return refuse(fmt.Errorf("%w: game %s: an interaction id is already in the store", storage.ErrBadInput, m.ID))
		}
		return err
	})
}

// Check verifies the store: its schema, then every game as
// storage.CheckCopy does (meta, scenario sum, gapless log, dice, snapshots,
// seed, interaction ids and, with a Resolver, replays), then the room,
// player and deadline indexes against the metas. Each game is read in a
// transaction of its own, so Check does not hold writers back.
func (s *Store) Check(ctx context.Context, opts storage.CheckOptions) (*storage.Report, error) {
	rep := &storage.Report{}
	if err := s.init(ctx); err != nil {
		rep.Add("", "%v", err)
		return rep, nil
	}
	ids, err := s.strings(`SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, err
	}
	want := map[string]map[string]string{"rooms": {}, "players": {}, "deadlines": {}}
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c, err := s.CopyGame(id)
		if errors.Is(err, storage.ErrNotFound) {
			continue
		}
		if err != nil {
			rep.Games++
			rep.Add(id, "%v", err)
			continue
		}
		if c.Meta.ID != id {
			rep.Add(id, "meta has id %q", c.Meta.ID)
		}
		storage.CheckCopy(c, opts, rep)
		for _, r := range c.Meta.Rooms {
			want["rooms"][r+" → "+id] = ""
		}
		for u, sides := range c.Meta.PlayerSides() {
			want["players"][u+" → "+id] = sides
		}
		if !c.Meta.Deadline.IsZero() {
			want["deadlines"][fmt.Sprint(c.Meta.Deadline.UnixNano())+" → "+id] = ""
		}
	}
	for _, ix := range []struct{ table, q string }{
		{"rooms", `SELECT room || ' → ' || game, '' FROM rooms`},
		{"players", `SELECT player || ' → ' || game, sides FROM players`},
		{"deadlines", `SELECT at::TEXT || ' → ' || game, '' FROM deadlines`},
	} {
		table, q := ix.table, ix.q
		kvs, err := s.pairs(q)
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		for _, kv := range kvs {
			w, ok := want[table][kv.Key]
			switch {
			case !ok:
				rep.Add("", "index %q has a stale entry %q", table, kv.Key)
			case w != string(kv.Value):
				rep.Add("", "index %q entry %q is %q, want %q", table, kv.Key, kv.Value, w)
			}
			seen[kv.Key] = true
		}
		var missing []string
		for k := range want[table] {
			if !seen[k] {
				missing = append(missing, k)
			}
		}
		sort.Strings(missing)
		for _, k := range missing {
			rep.Add("", "index %q lacks entry %q", table, k)
		}
	}
	return rep, nil
}
