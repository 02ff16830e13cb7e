package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// Append stores one accepted order (see AppendEntry).
func (s *Store) Append(gameID string, expectSeq int, rec game.Record, interactionID string) error {
	return s.AppendEntry(gameID, expectSeq, storage.Entry{Record: rec, Interaction: interactionID})
}

// AppendEntry stores one accepted order in one transaction, as
// storage.Store.AppendEntry does: the game's row is locked (SELECT … FOR
// UPDATE) and its sequence number must still be expectSeq (else
// storage.ErrConflict); an interaction id already stored gives
// storage.ErrDuplicate. The records' primary key (game, seq) and the
// interactions' (id) make the database itself refuse a lost or doubled
// order even from a writer that skipped the lock. The order is durable
// when AppendEntry returns nil (PostgreSQL's synchronous commit).
func (s *Store) AppendEntry(gameID string, expectSeq int, e storage.Entry) error {
	p, err := storage.PrepareAppend(gameID, expectSeq, e, s.now(), s.opts.SnapshotEvery)
	if err != nil {
		return err
	}
	ctx, cancel := s.ctx()
	defer cancel()
	// Two round trips: BEGIN and the locking read, then the writes and
	// COMMIT (pipelined).
	err = s.pipelined(ctx, func(b *pgx.Batch) {
		b.Queue(`SELECT g.meta, g.seed, i.game, i.seq FROM games g LEFT JOIN interactions i ON i.id = $2 WHERE g.id = $1 FOR UPDATE OF g`, gameID, e.Interaction)
		if e.Interaction != "" {
			b.Queue(`SELECT game, seq FROM interactions WHERE id = $1`, e.Interaction)
		}
	}, func(br pgx.BatchResults) (*pgx.Batch, error) {
		var (
			raw, seed []byte
			inGame    *string
			inSeq     *int64
		)
		err := br.QueryRow().Scan(&raw, &seed, &inGame, &inSeq)
		if errors.Is(err, pgx.ErrNoRows) {
			if e.Interaction != "" {
				d := storage.DuplicateError{Interaction: e.Interaction}
				err := br.QueryRow().Scan(&d.Game, &d.Seq)
				if err == nil {
					return nil, refuse(&d)
				}
				if !errors.Is(err, pgx.ErrNoRows) {
					return nil, err
				}
			}
			return nil, refuse(notFound(gameID))
		}
		if err != nil {
			return nil, err
		}
		if inGame != nil {
			return nil, refuse(&storage.DuplicateError{Interaction: e.Interaction, Game: *inGame, Seq: int(*inSeq)})
		}
		m, err := decodeMeta(raw, gameID)
		if err != nil {
			return nil, err
		}
		old := *m
		le, val, err := p.Apply(m, seed)
		if err != nil {
			return nil, refuse(err)
		}
		mb, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO records (game, seq, rolls, entry) VALUES ($1, $2, $3, $4)`, gameID, le.Seq, m.Rolls, val)
		b.Queue(`UPDATE games SET meta = $2, seq = $3 WHERE id = $1 AND seq = $4`, gameID, mb, m.Seq, expectSeq)
		if e.Interaction != "" {
			b.Queue(`INSERT INTO interactions (id, game, seq, at) VALUES ($1, $2, $3, $4)`, e.Interaction, gameID, le.Seq, le.Time.UnixNano())
		}
		if p.Snapshot != nil {
			sv, err := storage.EncodeSnapshot(&storage.Snapshot{Seq: m.Seq, Rolls: m.Rolls, Time: le.Time, State: p.Snapshot})
			if err != nil {
				return nil, err
			}
			queueSnapshot(b, gameID, m.Seq, sv, s.opts.SnapshotKeep)
		}
		if p.Over {
			queueIndex(b, &old, m)
		}
		return b, nil
	})
	if isUnique(err) {
		// Another writer stored this interaction (in another game) or
		// this record first: tell which.
		return s.explainRace(gameID, expectSeq, e.Interaction)
	}
	return err
}

// explainRace turns a unique violation of an append into the refusal it
// stands for, read after the other writer committed.
func (s *Store) explainRace(gameID string, expectSeq int, interaction string) error {
	if interaction != "" {
		if g, seq, ok, err := s.Interaction(interaction); err != nil {
			return err
		} else if ok {
			return &storage.DuplicateError{Interaction: interaction, Game: g, Seq: seq}
		}
	}
	m, err := s.Meta(gameID)
	if err != nil {
		return err
	}
	return &storage.ConflictError{Game: gameID, Expected: expectSeq, Actual: m.Seq}
}

// queueSnapshot stores a snapshot and keeps the newest keep of the game.
func queueSnapshot(b *pgx.Batch, gameID string, seq int, val []byte, keep int) {
	b.Queue(`INSERT INTO snapshots (game, seq, snapshot) VALUES ($1, $2, $3) ON CONFLICT (game, seq) DO UPDATE SET snapshot = excluded.snapshot`, gameID, seq, val)
	b.Queue(`DELETE FROM snapshots WHERE game = $1 AND seq < (SELECT seq FROM snapshots WHERE game = $1 ORDER BY seq DESC LIMIT 1 OFFSET $2)`, gameID, keep-1)
}

// Records returns the game's log from sequence number from (1: all) to
// the end.
func (s *Store) Records(gameID string, from int) ([]storage.LogEntry, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var out []storage.LogEntry
	err := s.view(ctx, func(tx pgx.Tx) error {
		if _, err := readMeta(ctx, tx, gameID); err != nil {
			return err
		}
		var err error
		out, err = readLog(ctx, tx, gameID, from)
		return err
	})
	return out, err
}

func readMeta(ctx context.Context, tx pgx.Tx, id string) (*storage.GameMeta, error) {
	var raw []byte
	err := tx.QueryRow(ctx, `SELECT meta FROM games WHERE id = $1`, id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, refuse(notFound(id))
	}
	if err != nil {
		return nil, err
	}
	return decodeMeta(raw, id)
}

func readLog(ctx context.Context, tx pgx.Tx, gameID string, from int) ([]storage.LogEntry, error) {
	rows, err := tx.Query(ctx, `SELECT seq, entry FROM records WHERE game = $1 AND seq >= $2 ORDER BY seq`, gameID, from)
	if err != nil {
		return nil, err
	}
	return collectEntries(rows, gameID)
}

func collectEntries(rows pgx.Rows, gameID string) ([]storage.LogEntry, error) {
	defer rows.Close()
	var out []storage.LogEntry
	for rows.Next() {
		var n int
		var raw []byte
		if err := rows.Scan(&n, &raw); err != nil {
			return nil, err
		}
		e, err := storage.DecodeEntry(raw)
		if err != nil {
			return nil, fmt.Errorf("storage/postgres: game %s record %d: %w", gameID, n, err)
		}
		if e.Seq != n {
			return nil, fmt.Errorf("storage/postgres: game %s: record %d says sequence %d", gameID, n, e.Seq)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func readSnapshots(ctx context.Context, tx pgx.Tx, gameID, order string, limit int) ([]storage.Snapshot, error) {
	q := `SELECT seq, snapshot FROM snapshots WHERE game = $1 ORDER BY seq ` + order
	if limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", limit)
	}
	rows, err := tx.Query(ctx, q, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storage.Snapshot
	for rows.Next() {
		var n int
		var raw []byte
		if err := rows.Scan(&n, &raw); err != nil {
			return nil, err
		}
		sn, err := storage.DecodeSnapshot(raw)
		if err != nil {
			return nil, fmt.Errorf("storage/postgres: game %s snapshot %d: %w", gameID, n, err)
		}
		if sn.Seq != n {
			return nil, fmt.Errorf("storage/postgres: game %s: snapshot %d says sequence %d", gameID, n, sn.Seq)
		}
		out = append(out, sn)
	}
	return out, rows.Err()
}

// rollsAt is the number of dice rolled by the end of record seq.
func rollsAt(ctx context.Context, tx pgx.Tx, gameID string, seq int) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT rolls FROM records WHERE game = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1`, gameID, seq).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return n, err
}

// TruncateLog takes back the records after keep, as
// storage.Store.TruncateLog does.
func (s *Store) TruncateLog(gameID string, expectSeq, keep int) ([]storage.LogEntry, error) {
	if keep < 0 || keep > expectSeq {
		return nil, fmt.Errorf("%w: game %s: truncate to record %d of %d", storage.ErrBadInput, gameID, keep, expectSeq)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	now := s.now()
	var removed []storage.LogEntry
	err := s.update(ctx, func(tx pgx.Tx) error {
		m, _, err := lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if m.Status.Ended() {
			return refuse(fmt.Errorf("%w: game %s is %s", storage.ErrEnded, gameID, m.Status))
		}
		if m.Seq != expectSeq {
			return refuse(&storage.ConflictError{Game: gameID, Expected: expectSeq, Actual: m.Seq})
		}
		entries, err := readLog(ctx, tx, gameID, keep+1)
		if err != nil {
			return err
		}
		rolls, err := rollsAt(ctx, tx, gameID, keep)
		if err != nil {
			return err
		}
		m.Seq, m.Rolls, m.Updated = keep, rolls, now
		mb, err := json.Marshal(m)
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		b.Queue(`DELETE FROM interactions WHERE game = $1 AND seq > $2`, gameID, keep)
		b.Queue(`DELETE FROM records WHERE game = $1 AND seq > $2`, gameID, keep)
		b.Queue(`DELETE FROM snapshots WHERE game = $1 AND seq > $2`, gameID, keep)
		b.Queue(`UPDATE games SET meta = $2, seq = $3 WHERE id = $1`, gameID, mb, m.Seq)
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		removed = entries
		return nil
	})
	if err != nil {
		return nil, err
	}
	return removed, nil
}

// Interaction reports where the order of an interaction id was stored.
func (s *Store) Interaction(id string) (gameID string, seq int, ok bool, err error) {
	ctx, cancel := s.ctx()
	defer cancel()
	err = s.pool.QueryRow(ctx, `SELECT game, seq FROM interactions WHERE id = $1`, id).Scan(&gameID, &seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, dbErr(err)
	}
	return gameID, seq, true, nil
}

// ForgetInteractions drops the idempotency entries recorded before t and
// returns how many it dropped.
func (s *Store) ForgetInteractions(before time.Time) (int, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	tag, err := s.pool.Exec(ctx, `DELETE FROM interactions WHERE at < $1`, before.UnixNano())
	if err != nil {
		return 0, dbErr(err)
	}
	return int(tag.RowsAffected()), nil
}

// PutSnapshot stores st as the state after record seq (0: the start).
func (s *Store) PutSnapshot(gameID string, seq, rolls int, st game.State) error {
	raw, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("storage/postgres: game %s snapshot %d: %w", gameID, seq, err)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	now := s.now()
	return s.update(ctx, func(tx pgx.Tx) error {
		m, _, err := lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if seq < 0 || seq > m.Seq {
			return refuse(fmt.Errorf("%w: game %s: snapshot at record %d, the log ends at %d", storage.ErrBadInput, gameID, seq, m.Seq))
		}
		want, err := rollsAt(ctx, tx, gameID, seq)
		if err != nil {
			return err
		}
		if rolls != want {
			return refuse(fmt.Errorf("%w: game %s: snapshot at record %d with %d dice rolled, the log says %d", storage.ErrBadInput, gameID, seq, rolls, want))
		}
		val, err := storage.EncodeSnapshot(&storage.Snapshot{Seq: seq, Rolls: rolls, Time: now, State: raw})
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		queueSnapshot(b, gameID, seq, val, s.opts.SnapshotKeep)
		return tx.SendBatch(ctx, b).Close()
	})
}

// LatestSnapshot returns the game's newest snapshot; ok is false when it
// has none.
func (s *Store) LatestSnapshot(gameID string) (sn storage.Snapshot, ok bool, err error) {
	ctx, cancel := s.ctx()
	defer cancel()
	err = s.view(ctx, func(tx pgx.Tx) error {
		if _, err := readMeta(ctx, tx, gameID); err != nil {
			return err
		}
		sns, err := readSnapshots(ctx, tx, gameID, "DESC", 1)
		if len(sns) == 1 {
			sn, ok = sns[0], true
		}
		return err
	})
	return sn, ok, err
}

// Snapshots returns all of the game's snapshots, oldest first.
func (s *Store) Snapshots(gameID string) ([]storage.Snapshot, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var out []storage.Snapshot
	err := s.view(ctx, func(tx pgx.Tx) error {
		if _, err := readMeta(ctx, tx, gameID); err != nil {
			return err
		}
		var err error
		out, err = readSnapshots(ctx, tx, gameID, "ASC", 0)
		return err
	})
	return out, err
}

// Load returns the game as it stands now: the newest snapshot and the
// records after it, read in one REPEATABLE READ transaction, folded by
// storage.LoadGame.
func (s *Store) Load(gameID string, res storage.Resolver) (*game.Game, storage.GameMeta, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	read := func(all bool) (*storage.Loaded, error) {
		d := &storage.Loaded{}
		err := s.view(ctx, func(tx pgx.Tx) error {
			m, scb, err := readMetaScenario(ctx, tx, gameID)
			if err != nil {
				return err
			}
			d.Meta, d.Scenario = *m, scb
			from := 1
			if !all {
				sns, err := readSnapshots(ctx, tx, gameID, "DESC", 1)
				if err != nil {
					s.log.Warn("storage: ignoring snapshot", "game", gameID, "err", err)
				} else if len(sns) == 1 {
					d.Snapshot, from = &sns[0], sns[0].Seq+1
				}
			}
			d.Entries, err = readLog(ctx, tx, gameID, from)
			return err
		})
		return d, err
	}
	d, err := read(false)
	if err != nil {
		return nil, storage.GameMeta{}, err
	}
	return storage.LoadGame(res, d, func() (*storage.Loaded, error) { return read(true) }, s.log)
}

// Replay rebuilds the game from its whole log, ignoring snapshots.
func (s *Store) Replay(gameID string, res storage.Resolver) (*game.Game, storage.GameMeta, error) {
	x, err := s.readGame(gameID)
	if err != nil {
		return nil, storage.GameMeta{}, err
	}
	g, err := storage.ReplayLog(res, x)
	return g, x.Meta, err
}

// RebuildSnapshot replays the game's whole log and stores the final state
// as a snapshot.
func (s *Store) RebuildSnapshot(gameID string, res storage.Resolver) error {
	g, _, err := s.Replay(gameID, res)
	if err != nil {
		return err
	}
	return s.PutSnapshot(gameID, g.Seq, g.Rolls, g.State)
}
