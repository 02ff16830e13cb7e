package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Options tune a Store. The zero value is what a bot wants.
type Options struct {
	// ReadOnly opens the file with a shared lock and refuses writes; an old
	// schema is then refused rather than upgraded.
	ReadOnly bool
	// NoSync skips fsync on commit. Only for tests and bulk fixtures: an
	// acknowledged order may be lost in a power cut.
	NoSync bool
	// Timeout is how long Open waits for the file lock (default 2 s); a
	// store held by a running grognard gives ErrLocked after it.
	Timeout time.Duration
	// SnapshotEvery is the number of records between snapshots written by
	// AppendEntry (default 25).
	SnapshotEvery int
	// SnapshotKeep is the number of snapshots kept per game (default 2).
	SnapshotKeep int
	// MaxBatch caps the writes committed in one bbolt transaction by the
	// group committer (default 128).
	MaxBatch int
	// Now is the clock (default time.Now); times are stored in UTC. It
	// is called from many goroutines.
	Now func() time.Time
	// Logger receives operator logs (default slog.Default()).
	Logger *slog.Logger
	// NoUpgradeBackup skips the copy <file>.schema-v<N>.bak written before
	// a schema upgrade.
	NoUpgradeBackup bool
	// Resolver finds the scenarios of games stored before schema 2, when
	// Open upgrades such a store (upgrade.go); Open refuses to upgrade it
	// without one. Nothing else uses it.
	Resolver Resolver
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Second
	}
	if o.SnapshotEvery <= 0 {
		o.SnapshotEvery = 25
	}
	if o.SnapshotKeep <= 0 {
		o.SnapshotKeep = 2
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = 128
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Store is an open grognard store. All methods are safe for concurrent
// use. Writes go through a group committer: concurrent writers share one
// bbolt transaction and one fsync; each is acknowledged only after that
// commit.
type Store struct {
	db     *bolt.DB
	path   string
	opts   Options
	log    *slog.Logger
	commit *committer // nil when read-only
	leases leaseTable // lease.go

	closeOnce sync.Once
	closeErr  error
}

// Open opens the store at path, creating it when the file does not exist.
// An existing file is first inspected read-only, under bbolt's shared
// lock: its pages are checked (CheckFile) and its store bucket validated.
// An empty (0-byte) file, a file that is not a grognard store, a damaged
// one, one with a newer schema or one lacking a bucket is refused with
// ErrNotStore, ErrDamaged or ErrSchema and left untouched: Open never
// replaces it with an empty store and never writes to it. An older schema
// is upgraded (after a backup copy, see Options.NoUpgradeBackup). The
// page check reads every page in use once (0.12–0.3 s for 10,000 games on a
// warm cache, BenchmarkOpen10k); Open reads no game.
func Open(path string, opts Options) (*Store, error) {
	opts = opts.withDefaults()
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if opts.ReadOnly {
			return nil, fmt.Errorf("storage: open %s read-only: %w", path, fs.ErrNotExist)
		}
		return create(path, opts)
	case err != nil:
		return nil, fmt.Errorf("storage: %w", err)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%w: %s is not a regular file", ErrNotStore, path)
	case fi.Size() == 0:
		// Not a store a crash can leave behind once it held games, but
		// what a failed copy or a full disk leaves: never start afresh
		// over it.
		return nil, fmt.Errorf("%w: %s is empty (0 bytes)", ErrNotStore, path)
	}

	db, ver, err := inspect(path, opts)
	if err != nil {
		return nil, err
	}
	if opts.ReadOnly {
		if ver < SchemaVersion {
			db.Close()
			return nil, fmt.Errorf("%w: %s has schema version %d; open it read-write once to upgrade it to %d", ErrSchema, path, ver, SchemaVersion)
		}
		return newStore(db, path, opts), nil
	}
	if err := db.Close(); err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	db, err = openBolt(path, opts)
	if err != nil {
		return nil, err
	}
	if ver < SchemaVersion {
		if err := upgrade(db, path, ver, opts); err != nil {
			db.Close()
			return nil, err
		}
	}
	return newStore(db, path, opts), nil
}

func newStore(db *bolt.DB, path string, opts Options) *Store {
	s := &Store{db: db, path: path, opts: opts, log: opts.Logger}
	if !opts.ReadOnly {
		s.commit = newCommitter(db, opts.MaxBatch)
	}
	return s
}

// create makes a new store (or validates one another process created in
// the meantime).
func create(path string, opts Options) (*Store, error) {
	db, err := openBolt(path, opts)
	if err != nil {
		return nil, err
	}
	ver := SchemaVersion
	err = db.Update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketStore) != nil {
			var err error
			ver, err = validate(tx, path)
			return err
		}
		empty := true
		tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
		if !empty {
			return fmt.Errorf("%w: %s holds bbolt buckets of another program", ErrNotStore, path)
		}
		return initV1(tx, opts.Now())
	})
	if err == nil && ver < SchemaVersion {
		err = upgrade(db, path, ver, opts)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return newStore(db, path, opts), nil
}

func initV1(tx *bolt.Tx, now time.Time) error {
	for _, name := range requiredV1 {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	st := tx.Bucket(bucketStore)
	if err := st.Put(keyMagic, []byte(storeMagic)); err != nil {
		return err
	}
	if err := st.Put(keySchema, schemaString(SchemaVersion)); err != nil {
		return err
	}
	return st.Put(keyCreated, []byte(now.UTC().Format(time.RFC3339Nano)))
}

func openBolt(path string, opts Options) (*bolt.DB, error) {
	bo := &bolt.Options{
		Timeout:      opts.Timeout,
		NoSync:       opts.NoSync,
		ReadOnly:     opts.ReadOnly,
		FreelistType: bolt.FreelistMapType,
	}
	if strconv.IntSize == 64 {
		// A large initial mapping (address space only) avoids remaps,
		// during which writers wait for every open read transaction.
		bo.InitialMmapSize = 1 << 30
	}
	db, err := safeOpen(path, bo)
	if err != nil {
		return nil, err
	}
	return db, nil
}

// safeOpen is bolt.Open with its errors (and panics on damaged files)
// turned into the package's errors.
func safeOpen(path string, bo *bolt.Options) (db *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			db, err = nil, fmt.Errorf("%w: %s: damaged file (%v)", ErrNotStore, path, p)
		}
	}()
	db, err = bolt.Open(path, 0o600, bo)
	switch {
	case err == nil:
		return db, nil
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("%w: %s (is grognard serve running on it?)", ErrLocked, path)
	case errors.Is(err, fs.ErrPermission), errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("storage: %w", err)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return nil, fmt.Errorf("%w: %s is not a bbolt database or its header is damaged (%v)", ErrNotStore, path, err)
	}
	return nil, fmt.Errorf("%w: %s: %v", ErrNotStore, path, err)
}

// inspect opens an existing file read-only (so that a running grognard's
// lock gives ErrLocked), checks its pages and that it is a store this
// build can read. It returns the open read-only db and the schema version.
func inspect(path string, opts Options) (*bolt.DB, int, error) {
	bo := &bolt.Options{ReadOnly: true, Timeout: opts.Timeout}
	db, err := safeOpen(path, bo)
	if err != nil {
		return nil, 0, err
	}
	pc, err := CheckFile(path)
	if err != nil {
		db.Close()
		return nil, 0, err
	}
	for _, w := range pc.Warnings {
		opts.Logger.Warn("store header damaged, bbolt recovered", "file", path, "problem", w)
	}
	var ver int
	err = guard(path, func() error {
		return db.View(func(tx *bolt.Tx) error {
			var err error
			ver, err = validate(tx, path)
			return err
		})
	})
	if err != nil {
		db.Close()
		return nil, 0, err
	}
	return db, ver, nil
}

// guard runs fn turning panics and memory faults (bbolt reading a damaged
// page) into ErrNotStore.
func guard(path string, fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %s: damaged file (%v)", ErrNotStore, path, p)
		}
	}()
	return fn()
}

// validate checks the store bucket and the buckets its schema version
// requires, and returns the version.
func validate(tx *bolt.Tx, path string) (int, error) {
	st := tx.Bucket(bucketStore)
	if st == nil {
		return 0, fmt.Errorf("%w: %s is a bbolt file without a %q bucket (another program's database?)", ErrNotStore, path, bucketStore)
	}
	if m := st.Get(keyMagic); !bytes.Equal(m, []byte(storeMagic)) {
		return 0, fmt.Errorf("%w: %s: bucket %q has magic %q, want %q", ErrNotStore, path, bucketStore, m, storeMagic)
	}
	raw := st.Get(keySchema)
	ver, err := strconv.Atoi(string(raw))
	if err != nil || ver < 0 {
		return 0, fmt.Errorf("%w: %s: schema version %q is not a number", ErrSchema, path, raw)
	}
	if ver > SchemaVersion {
		return 0, fmt.Errorf("%w: %s has schema version %d, newer than this build reads (%d); use a newer grognard", ErrSchema, path, ver, SchemaVersion)
	}
	for _, name := range requiredByVer[ver] {
		if tx.Bucket(name) == nil {
			return 0, fmt.Errorf("%w: %s (schema version %d) is missing bucket %q", ErrSchema, path, ver, name)
		}
	}
	return ver, nil
}

// Path is the store's file.
func (s *Store) Path() string { return s.path }

// Close waits for pending writes and closes the file.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		if s.commit != nil {
			s.commit.close()
		}
		s.closeErr = s.db.Close()
	})
	return s.closeErr
}

// update runs a write through the group committer. fn must return errors
// detected before writing as reject(err).
func (s *Store) update(fn func(tx *bolt.Tx) error) error {
	if s.commit == nil {
		return ErrReadOnly
	}
	return s.commit.do(fn)
}

// view runs a read transaction.
func (s *Store) view(fn func(tx *bolt.Tx) error) error {
	err := s.db.View(fn)
	if errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}

func (s *Store) now() time.Time { return s.opts.Now().UTC() }

// Backup writes a consistent copy of the whole store to w while other
// goroutines keep reading and writing. It returns the bytes written.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupFile writes a consistent copy of the store to path: a temporary
// file in the same directory, synced, its pages checked (CheckFile), then
// renamed over path. A copy that fails the check is removed, path is left
// as it was, and the error wraps ErrDamaged. BackupFileChecked also runs
// Check on the copy.
func (s *Store) BackupFile(path string) (int64, error) {
	return s.backupFile(path, func(tmp string) error {
		_, err := CheckFile(tmp)
		return err
	})
}

// BackupFileChecked is BackupFile that also opens the copy read-only and
// runs Check on it with opts before renaming it over path; a copy with a
// problem is removed and the Report says what was wrong. It is what
// `grognard backup` does. The store's schema must be the current one.
func (s *Store) BackupFileChecked(ctx context.Context, path string, opts CheckOptions) (int64, *Report, error) {
	var rep *Report
	n, err := s.backupFile(path, func(tmp string) error {
		c, err := Open(tmp, Options{ReadOnly: true, Logger: s.log})
		if err != nil {
			return err
		}
		defer c.Close()
		c.path = path // problems name the backup, not its temporary file
		if rep, err = c.Check(ctx, opts); err != nil {
			return err
		}
		if !rep.OK() {
			return fmt.Errorf("%w: the copy fails the check: %v", ErrDamaged, rep.Err())
		}
		return nil
	})
	return n, rep, err
}

func (s *Store) backupFile(path string, verify func(tmp string) error) (int64, error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return 0, fmt.Errorf("storage: backup: %w", err)
	}
	tmp := f.Name()
	n, err := s.Backup(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if err = verify(tmp); err != nil {
			os.Remove(tmp)
			return 0, fmt.Errorf("storage: backup of %s refused, %s left as it was: %w", s.path, path, err)
		}
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("storage: backup to %s: %w", path, err)
	}
	syncDir(dir)
	return n, nil
}

// syncDir makes a rename in dir durable (best effort: not every system
// can sync a directory).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
