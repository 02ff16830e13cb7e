package postgres

import (
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grognard/grognard/storage"
)

// Leases (storage's lease.go explains them) are rows of the table
// leases: several processes on one database agree through them which of
// them fires a game's deadline. A lease runs on the database's clock,
// now(), so that processes on machines whose clocks differ agree; a
// test gives Options.LeaseNow instead. The table is created on first
// use, so a database made before leases existed needs no migration.
const leasesTable = `CREATE TABLE IF NOT EXISTS leases (
	name TEXT COLLATE "C" PRIMARY KEY,
	holder TEXT NOT NULL,
	until TIMESTAMPTZ NOT NULL)`

// Shared reports that other processes may write the store too (a bot on
// it checks what it holds in memory; see bot's shared.go).
func (s *Store) Shared() bool { return true }

// TryLease takes the lease name for holder until ttl from now, and
// reports whether holder has it: true when nobody held it, when its
// holder's time has run out, or when holder already held it (renewed);
// false when another holder has it. One statement: the row is inserted,
// or updated only if it is holder's or has run out.
func (s *Store) TryLease(name, holder string, ttl time.Duration) (bool, error) {
	if name == "" || holder == "" {
		return false, storage.ErrLeaseName
	}
	if ttl <= 0 {
		return false, fmt.Errorf("storage/postgres: lease %s: ttl %v is not positive", name, ttl)
	}
	var now *time.Time
	if s.opts.LeaseNow != nil {
		t := s.opts.LeaseNow().UTC()
		now = &t
	}
	ctx, cancel := s.ctx()
	defer cancel()
	var got string
	err := s.leaseQuery(func() error {
		return s.pool.QueryRow(ctx, `INSERT INTO leases AS l (name, holder, until)
			VALUES ($1, $2, COALESCE($4::timestamptz, now()) + $3::bigint * interval '1 microsecond')
			ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
			WHERE l.holder = excluded.holder OR l.until <= COALESCE($4::timestamptz, now())
			RETURNING holder`, name, holder, ttl.Microseconds(), now).Scan(&got)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, dbErr(err)
	}
	return got == holder, nil
}

// ReleaseLease gives up holder's lease name; nothing when another holder
// has it.
func (s *Store) ReleaseLease(name, holder string) error {
	if name == "" || holder == "" {
		return storage.ErrLeaseName
	}
	ctx, cancel := s.ctx()
	defer cancel()
	return dbErr(s.leaseQuery(func() error {
		_, err := s.pool.Exec(ctx, `DELETE FROM leases WHERE name = $1 AND holder = $2`, name, holder)
		return err
	}))
}

// leaseQuery runs q, creating the leases table first when the database
// has none yet.
func (s *Store) leaseQuery(q func() error) error {
	err := q()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "42P01" { // undefined_table
		return err
	}
	ctx, cancel := s.ctx()
	defer cancel()
	if _, cerr := s.pool.Exec(ctx, leasesTable); cerr != nil && !createdMeanwhile(cerr) {
		return cerr
	}
	return q()
}

// createdMeanwhile reports whether a CREATE … IF NOT EXISTS failed because
// another process created the same thing at the same moment (the
// catalogue's unique index: 23505, 42710 duplicate_object, 42P07
// duplicate_table).
func createdMeanwhile(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "23505" || pe.Code == "42710" || pe.Code == "42P07")
}
