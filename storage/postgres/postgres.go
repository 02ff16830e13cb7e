package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/grognard/grognard/storage"
)

// SchemaVersion is the version of the tables this build writes.
const SchemaVersion = 1

const storeMagic = "grognard store"

// Options tune a Store. The zero value is what a bot wants.
type Options struct {
	// SnapshotEvery is the number of records between snapshots written by
	// AppendEntry (default 25); SnapshotKeep the snapshots kept per game
	// (default 2). As storage.Options.
	SnapshotEvery int
	SnapshotKeep  int
	// Timeout bounds each operation, retries included (default 30 s).
	Timeout time.Duration
	// ConnectTimeout bounds each connection's opening (default 10 s, and
	// not above Timeout; a connect_timeout in the URL wins), so that a
	// server that does not answer is named in the error.
	ConnectTimeout time.Duration
	// MaxConns is the size of the connection pool (default: pgxpool's,
	// the larger of 4 and the number of CPUs; a pool_max_conns in the
	// URL wins).
	MaxConns int
	// Now is the clock (default time.Now); times are stored in UTC.
	Now func() time.Time
	// LeaseNow is the clock of leases (lease.go); nil: the database's,
	// now(), which every process on the database shares. Tests move it.
	LeaseNow func() time.Time
	// Logger receives operator logs (default slog.Default()).
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.SnapshotEvery <= 0 {
		o.SnapshotEvery = 25
	}
	if o.SnapshotKeep <= 0 {
		o.SnapshotKeep = 2
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = 10 * time.Second
	}
	o.ConnectTimeout = min(o.ConnectTimeout, o.Timeout)
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Store is a grognard store in a PostgreSQL database. All methods are
// safe for concurrent use, and any number of Stores, in any number of
// processes, may share one database: every rule is checked inside the
// database's transactions, never in this process's memory.
type Store struct {
	pool *pgxpool.Pool
	opts Options
	log  *slog.Logger
}

// Open connects to the database at url ("postgres://user@host/db?…", any
// form pgx reads) and creates the store's tables when the database has
// none. A database whose store has a newer schema, or whose tables belong
// to another program, is refused (storage.ErrSchema, storage.ErrNotStore).
func Open(url string, opts Options) (*Store, error) {
	opts = opts.withDefaults()
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("storage/postgres: %w", err)
	}
	if opts.MaxConns > 0 && !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = int32(opts.MaxConns)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = opts.ConnectTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), opts.Timeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("storage/postgres: %w", err)
	}
	s := &Store{pool: pool, opts: opts, log: opts.Logger}
	if err := s.init(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the store's connections.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Pool is the store's connection pool, for what the store does not
// cover (leases of several processes, tests). Its tables are documented
// in docs/postgres.md.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// schema is the tables of schema version 1 (docs/postgres.md). Text
// keys use the "C" collation so that they order byte-wise, as bbolt's
// keys do.
var schema = []string{
	`CREATE TABLE IF NOT EXISTS grognard_store (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
	`CREATE SEQUENCE IF NOT EXISTS grognard_game_ids`,
	`CREATE TABLE IF NOT EXISTS games (
		id TEXT COLLATE "C" PRIMARY KEY,
		seq BIGINT NOT NULL,
		meta BYTEA NOT NULL,
		scenario BYTEA NOT NULL,
		seed BYTEA)`,
	`CREATE TABLE IF NOT EXISTS records (
		game TEXT COLLATE "C" NOT NULL REFERENCES games (id),
		seq BIGINT NOT NULL,
		rolls BIGINT NOT NULL,
		entry BYTEA NOT NULL,
		PRIMARY KEY (game, seq))`,
	`CREATE TABLE IF NOT EXISTS snapshots (
		game TEXT COLLATE "C" NOT NULL REFERENCES games (id),
		seq BIGINT NOT NULL,
		snapshot BYTEA NOT NULL,
		PRIMARY KEY (game, seq))`,
	`CREATE TABLE IF NOT EXISTS rooms (
		room TEXT COLLATE "C" NOT NULL,
		game TEXT COLLATE "C" NOT NULL REFERENCES games (id),
		PRIMARY KEY (room, game))`,
	`CREATE TABLE IF NOT EXISTS players (
		player TEXT COLLATE "C" NOT NULL,
		game TEXT COLLATE "C" NOT NULL REFERENCES games (id),
		sides TEXT NOT NULL,
		PRIMARY KEY (player, game))`,
	`CREATE TABLE IF NOT EXISTS deadlines (
		game TEXT COLLATE "C" PRIMARY KEY REFERENCES games (id),
		at BIGINT NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS deadlines_at ON deadlines (at, game)`,
	`CREATE TABLE IF NOT EXISTS interactions (
		id TEXT COLLATE "C" PRIMARY KEY,
		game TEXT COLLATE "C" NOT NULL REFERENCES games (id),
		seq BIGINT NOT NULL,
		at BIGINT NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS interactions_game ON interactions (game, seq)`,
	`CREATE TABLE IF NOT EXISTS app_values (key TEXT COLLATE "C" PRIMARY KEY, value BYTEA NOT NULL)`,
	`CREATE TABLE IF NOT EXISTS servers (server TEXT COLLATE "C" PRIMARY KEY, value BYTEA NOT NULL)`,
}

// init creates the tables in an empty database, or checks the store's
// magic and schema version.
func (s *Store) init(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		err := s.initOnce(ctx)
		if err == nil || !creationRace(err) || attempt >= 10 {
			return err
		}
		// Another process created the tables at the same moment: its
		// transaction won; read what it wrote.
		time.Sleep(time.Duration(attempt+1) * 10 * time.Millisecond)
	}
}

// creationRace reports whether err is what PostgreSQL answers the second
// of two transactions creating the same tables at once.
func creationRace(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "23505" || pe.Code == "42P07" || pe.Code == "42710")
}

func (s *Store) initOnce(ctx context.Context) error {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'grognard_store'`).Scan(&n)
	if err != nil {
		return fmt.Errorf("storage/postgres: %w", err)
	}
	if n == 0 {
		var others int
		err := s.pool.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('games', 'records', 'snapshots', 'rooms', 'players', 'deadlines', 'interactions', 'app_values', 'servers')`).Scan(&others)
		if err != nil {
			return fmt.Errorf("storage/postgres: %w", err)
		}
		if others > 0 {
			return fmt.Errorf("%w: the database has tables named as grognard's but no grognard_store table (another program's?)", storage.ErrNotStore)
		}
		return s.update(ctx, func(tx pgx.Tx) error {
			for _, q := range schema {
				if _, err := tx.Exec(ctx, q); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, `INSERT INTO grognard_store (name, value) VALUES ('magic', $1), ('schema', $2), ('created', $3) ON CONFLICT (name) DO NOTHING`,
				storeMagic, strconv.Itoa(SchemaVersion), s.now().Format(time.RFC3339Nano))
			return err
		})
	}
	rows, err := s.pool.Query(ctx, `SELECT name, value FROM grognard_store`)
	if err != nil {
		return fmt.Errorf("storage/postgres: %w", err)
	}
	kv := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return err
		}
		kv[k] = v
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("storage/postgres: %w", err)
	}
	if kv["magic"] != storeMagic {
		return fmt.Errorf("%w: table grognard_store has magic %q, want %q", storage.ErrNotStore, kv["magic"], storeMagic)
	}
	ver, err := strconv.Atoi(kv["schema"])
	if err != nil || ver < 1 {
		return fmt.Errorf("%w: schema version %q is not a number", storage.ErrSchema, kv["schema"])
	}
	if ver > SchemaVersion {
		return fmt.Errorf("%w: the database has schema version %d, newer than this build reads (%d); use a newer grognard", storage.ErrSchema, ver, SchemaVersion)
	}
	return nil
}

func (s *Store) now() time.Time { return s.opts.Now().UTC() }

func (s *Store) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), s.opts.Timeout)
}

// refusal marks an error a write function returns before writing: the
// transaction is rolled back and the error goes to the caller as it is.
type refusal struct{ err error }

func (r refusal) Error() string { return r.err.Error() }
func (r refusal) Unwrap() error { return r.err }

func refuse(err error) error { return refusal{err} }

// update runs fn in a write transaction (the server's default isolation:
// READ COMMITTED on PostgreSQL, SERIALIZABLE on CockroachDB), retrying
// the whole transaction on a serialization failure or a deadlock, which
// CockroachDB asks clients to retry.
func (s *Store) update(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return retry(ctx, func() error { return pgx.BeginFunc(ctx, s.pool, fn) })
}

// retry runs one transaction, again after a serialization failure or a
// deadlock (up to 20 times within ctx), and returns a refusal's own
// error.
func retry(ctx context.Context, tx func() error) error {
	for attempt := 0; ; attempt++ {
		err := tx()
		var rf refusal
		if errors.As(err, &rf) {
			return rf.err
		}
		if err == nil || !retryable(err) || attempt >= 20 || ctx.Err() != nil {
			return dbErr(err)
		}
		time.Sleep(time.Duration(attempt+1) * time.Millisecond)
	}
}

// pipelined runs a write transaction in two round trips, retried as
// update's: BEGIN and the reads first queues, then the writes decide
// returns (from the reads' results) and COMMIT. A refusal from decide,
// or any error, rolls the transaction back.
func (s *Store) pipelined(ctx context.Context, first func(b *pgx.Batch), decide func(br pgx.BatchResults) (*pgx.Batch, error)) error {
	return retry(ctx, func() error { return s.pipelineOnce(ctx, first, decide) })
}

func (s *Store) pipelineOnce(ctx context.Context, first func(b *pgx.Batch), decide func(br pgx.BatchResults) (*pgx.Batch, error)) (err error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	open := false
	defer func() {
		if err != nil && open {
			// A connection that cannot roll back is closed, never
			// handed out again with a transaction open.
			if _, rerr := conn.Exec(context.WithoutCancel(ctx), "ROLLBACK"); rerr != nil {
				conn.Conn().Close(context.WithoutCancel(ctx))
			}
		}
	}()
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	first(b)
	br := conn.SendBatch(ctx, b)
	if _, err := br.Exec(); err != nil {
		br.Close()
		return err
	}
	open = true
	w, err := decide(br)
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	w.Queue("COMMIT")
	if err := conn.SendBatch(ctx, w).Close(); err != nil {
		return err
	}
	open = false
	return nil
}

// view runs fn in a read-only transaction that sees one snapshot of the
// database (REPEATABLE READ), so that what it reads holds together.
func (s *Store) view(ctx context.Context, fn func(tx pgx.Tx) error) error {
	opts := pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
	return retry(ctx, func() error { return pgx.BeginTxFunc(ctx, s.pool, opts, fn) })
}

func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

func dbErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrBadInput) || errors.Is(err, storage.ErrConflict) ||
		errors.Is(err, storage.ErrDuplicate) || errors.Is(err, storage.ErrExists) || errors.Is(err, storage.ErrEnded) ||
		errors.Is(err, storage.ErrNoSeed) || errors.Is(err, storage.ErrScenario) {
		return err
	}
	if strings.Contains(err.Error(), "closed pool") {
		return fmt.Errorf("%w (%v)", storage.ErrClosed, err)
	}
	return fmt.Errorf("storage/postgres: %w", err)
}

func notFound(id string) error { return fmt.Errorf("%w: %q", storage.ErrNotFound, id) }

// likePrefix is a LIKE pattern matching the strings that start with p.
func likePrefix(p string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(p) + "%"
}
