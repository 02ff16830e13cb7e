package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/postgres"
)

// A store is named by a file path (bbolt, the default), a bbolt:// URL
// (bbolt:///var/lib/grognard/grognard.db) or a postgres:// (postgresql://)
// URL, in [store] url, $GROGNARD_DB or --db (docs/postgres.md).

func init() {
	register(subcommand{name: "migrate", usage: "--from STORE --to STORE [--into-nonempty] — copy every game (records, snapshots, scenarios, seeds, indexes, interaction ids), application value and server setting from one store to another (bbolt file or bbolt:// ↔ postgres://), checking counts and each game's hash", run: runMigrate})
}

// isPostgres reports whether ref names a PostgreSQL store.
func isPostgres(ref string) bool {
	return strings.HasPrefix(ref, "postgres://") || strings.HasPrefix(ref, "postgresql://")
}

// boltPath is the file a bbolt store reference names (a path, or a
// bbolt:// URL).
func boltPath(ref string) string {
	if p, ok := strings.CutPrefix(ref, "bbolt://"); ok {
		return p
	}
	return ref
}

// storeName is ref as it may be printed: a URL's password is masked,
// in its userinfo and in the query parameters password and sslpassword
// that pgx reads too; a URL that does not parse is its scheme only.
func storeName(ref string) string {
	scheme, _, isURL := strings.Cut(ref, "://")
	if !isURL || scheme == "bbolt" {
		return boltPath(ref)
	}
	u, err := url.Parse(ref)
	if err != nil {
		return scheme + "://…"
	}
	if u.RawQuery != "" {
		parts := strings.Split(u.RawQuery, "&")
		for i, p := range parts {
			k, _, _ := strings.Cut(p, "=")
			if key, err := url.QueryUnescape(k); err != nil || secretParam(key) {
				parts[i] = k + "=xxxxx"
			}
		}
		u.RawQuery = strings.Join(parts, "&")
	}
	return u.Redacted()
}

// secretParam reports whether a connection URL's query parameter holds a
// secret.
func secretParam(key string) bool {
	key = strings.ToLower(key)
	return strings.Contains(key, "password") || strings.Contains(key, "secret") || strings.Contains(key, "token")
}

// checkStoreRef refuses a URL that names neither store (a typo of
// postgres://, another database's URL), which would otherwise be taken
// for a bbolt file's path.
func checkStoreRef(ref string) error {
	if scheme, _, ok := strings.Cut(ref, "://"); ok && !isPostgres(ref) && scheme != "bbolt" {
		return usageError{fmt.Sprintf("store %s: want postgres://… (or postgresql://…), bbolt:///path/to/file.db or a file path", storeName(ref))}
	}
	return nil
}

// openStore opens the store ref names. A bbolt file is opened read-only
// when readOnly (so that the tools refuse a store a running bot holds);
// a PostgreSQL store is shared by every process and has no such mode.
func openStore(ref string, readOnly bool) (storage.Backend, error) {
	return openStoreWith(ref, readOnly, nil)
}

func openStoreWith(ref string, readOnly bool, logger *slog.Logger) (storage.Backend, error) {
	if err := checkStoreRef(ref); err != nil {
		return nil, err
	}
	if isPostgres(ref) {
		s, err := postgres.Open(ref, postgres.Options{Logger: logger})
		if err != nil {
			return nil, fmt.Errorf("store %s: %w", storeName(ref), err)
		}
		return s, nil
	}
	path := boltPath(ref)
	s, err := storage.Open(path, storage.Options{ReadOnly: readOnly, Resolver: storeResolver, Logger: logger})
	if err != nil {
		return nil, storeHint(path, err)
	}
	return s, nil
}

// migrated is what one migration moved.
type migrated struct {
	Games, Records, Snapshots, Interactions, Values, Servers int
}

func runMigrate(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("migrate")
	from := fs.String("from", "", "the store to read: a bbolt file, bbolt:///path or postgres://…")
	to := fs.String("to", "", "the store to write: a bbolt file, bbolt:///path or postgres://…")
	nonEmpty := fs.Bool("into-nonempty", false, "write into a store that already holds games or values (ids that exist there are refused)")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || *from == "" || *to == "" {
		return usageError{"usage: grognard migrate --from STORE --to STORE [--into-nonempty]"}
	}
	if *from == *to || (!isPostgres(*from) && !isPostgres(*to) && sameFile(boltPath(*from), boltPath(*to))) {
		return usageError{"migrate: --from and --to name the same store"}
	}
	src, err := openStore(*from, true)
	if err != nil {
		return err
	}
	defer src.Close()
	if v, err := src.Value(migrationMark); err != nil {
		return err
	} else if v != nil {
		return fmt.Errorf("migrate: %s is the target of an unfinished migration (%s): complete that one first", storeName(*from), v)
	}
	dst, err := openStore(*to, false)
	if err != nil {
		return err
	}
	defer dst.Close()
	// An interrupted migration left its mark in the target: this one
	// completes it (games copied already are compared by hash, not
	// copied again); the mark names the source, which must be the same.
	source := migrationSource(*from)
	mark, err := dst.Value(migrationMark)
	if err != nil {
		return err
	}
	resume := mark != nil
	if resume {
		if string(mark) != source {
			return fmt.Errorf("migrate: %s holds an unfinished migration from %s, not from %s: run that one again to complete it", storeName(*to), mark, source)
		}
		fmt.Fprintf(m.Stdout, "%s holds an unfinished migration from the same store: completing it\n", storeName(*to))
	}
	if !*nonEmpty && !resume {
		games, err := dst.Games("", 1)
		if err != nil {
			return err
		}
		vals, err := dst.Values("")
		if err != nil {
			return err
		}
		servers, err := dst.Servers()
		if err != nil {
			return err
		}
		if len(games) > 0 || len(vals) > 0 || len(servers) > 0 {
			return fmt.Errorf("migrate: %s is not empty (it holds games, values or server settings); --into-nonempty writes into it anyway", storeName(*to))
		}
	}
	if !resume {
		if err := dst.PutValue(migrationMark, []byte(source)); err != nil {
			return err
		}
	}
	n, err := migrate(ctx, src, dst, resume)
	if err == nil {
		err = dst.PutValue(migrationMark, nil) // complete: the store may serve
	}
	fmt.Fprintf(m.Stdout, "%s → %s: %d games (%d records, %d snapshots, %d interaction ids), %d values, %d server settings\n",
		storeName(*from), storeName(*to), n.Games, n.Records, n.Snapshots, n.Interactions, n.Values, n.Servers)
	if err != nil {
		return fmt.Errorf("%w\n  %s is marked as the target of an unfinished migration (grognard serve refuses it); run the same grognard migrate again to complete it", err, storeName(*to))
	}
	fmt.Fprintln(m.Stdout, "every game read back from the new store has the hash it had in the old one")
	return nil
}

// migrationMark is the application value a migration keeps in its target
// until every game, value and setting is in and checked: the source's
// name. An interrupted migration (killed, the database away) leaves it;
// serve refuses a store that has it, and the same migrate completes it.
const migrationMark = "grognard/migration-unfinished"

// migrationSource names the source in the mark: a bbolt file by its
// absolute path, a database by its URL without the password.
func migrationSource(ref string) string {
	if isPostgres(ref) {
		return storeName(ref)
	}
	if abs, err := filepath.Abs(boltPath(ref)); err == nil {
		return abs
	}
	return boltPath(ref)
}

// checkNotMigrating refuses a store that an unfinished migration left
// half filled.
func checkNotMigrating(st storage.Backend, ref string) error {
	v, err := st.Value(migrationMark)
	if err != nil || v == nil {
		return err
	}
	return fmt.Errorf("store %s: a migration into it from %s is unfinished, so some of the games may be missing: run grognard migrate --from … --to … again to complete it", storeName(ref), v)
}

// migrate copies every game, value and server setting of src into dst and
// reads each back: a game whose copy has another hash (GameCopy.Sum), or
// counts that differ, is an error. It stops at the first error; what was
// copied before it stays in dst. With resume, a game dst holds already
// (copied by an interrupted migration) is compared, not copied.
func migrate(ctx context.Context, src, dst storage.Backend, resume bool) (migrated, error) {
	var n migrated
	after := ""
	for {
		page, err := src.Games(after, 100)
		if err != nil {
			return n, err
		}
		if len(page) == 0 {
			break
		}
		for _, meta := range page {
			if err := ctx.Err(); err != nil {
				return n, err
			}
			c, err := src.CopyGame(meta.ID)
			if err != nil {
				return n, fmt.Errorf("game %s: %w", meta.ID, err)
			}
			copied := false
			if resume {
				if _, err := dst.Meta(meta.ID); err == nil {
					copied = true
				} else if !errors.Is(err, storage.ErrNotFound) {
					return n, fmt.Errorf("game %s: %w", meta.ID, err)
				}
			}
			if !copied {
				if err := dst.PutGameCopy(c); err != nil {
					return n, fmt.Errorf("game %s: %w", meta.ID, err)
				}
			}
			back, err := dst.CopyGame(meta.ID)
			if err != nil {
				return n, fmt.Errorf("game %s read back: %w", meta.ID, err)
			}
			if got, want := back.Sum(), c.Sum(); got != want {
				return n, fmt.Errorf("game %s: the copy has hash %.16s…, the original %.16s…", meta.ID, got, want)
			}
			if len(back.Entries) != len(c.Entries) || len(back.Snapshots) != len(c.Snapshots) || len(back.Interactions) != len(c.Interactions) {
				return n, fmt.Errorf("game %s: %d/%d/%d records/snapshots/interactions copied, the original has %d/%d/%d", meta.ID,
					len(back.Entries), len(back.Snapshots), len(back.Interactions), len(c.Entries), len(c.Snapshots), len(c.Interactions))
			}
			n.Games++
			n.Records += len(c.Entries)
			n.Snapshots += len(c.Snapshots)
			n.Interactions += len(c.Interactions)
		}
		after = page[len(page)-1].ID
	}
	vals, err := src.Values("")
	if err != nil {
		return n, err
	}
	for _, kv := range vals {
		if kv.Key == migrationMark {
			continue
		}
		if err := dst.PutValue(kv.Key, kv.Value); err != nil {
			return n, fmt.Errorf("value %q: %w", kv.Key, err)
		}
		n.Values++
	}
	servers, err := src.Servers()
	if err != nil {
		return n, err
	}
	for _, kv := range servers {
		if err := dst.PutServerSettings(kv.Key, kv.Value); err != nil {
			return n, fmt.Errorf("server %q: %w", kv.Key, err)
		}
		n.Servers++
	}
	// The counts as the new store has them, and as the old one has them
	// now: a game created in it during the migration (a bot still
	// running on it) may have been listed after its page went by.
	games, err := countGames(dst)
	if err != nil {
		return n, err
	}
	if now, err := countGames(src); err != nil {
		return n, err
	} else if now != n.Games {
		return n, fmt.Errorf("migrate: the old store holds %d games now, %d were copied: it changed during the migration (stop the bots on it first)", now, n.Games)
	}
	dvals, err := dst.Values("")
	if err != nil {
		return n, err
	}
	dservers, err := dst.Servers()
	if err != nil {
		return n, err
	}
	if games < n.Games || len(dvals) < n.Values || len(dservers) < n.Servers {
		return n, errors.New("migrate: the new store holds fewer games, values or server settings than were copied")
	}
	return n, nil
}

// countGames counts a store's games.
func countGames(st storage.Backend) (int, error) {
	games := 0
	for after := ""; ; {
		page, err := st.Games(after, 1000)
		if err != nil || len(page) == 0 {
			return games, err
		}
		games += len(page)
		after = page[len(page)-1].ID
	}
}

// sameFile reports whether two paths name one file.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	absA, _ := filepath.Abs(a)
	absB, _ := filepath.Abs(b)
	return absA == absB
}

// backupPostgres writes a PostgreSQL store's games, values and settings
// into a new bbolt file beside path (migrate, each game checked by its
// hash), checks the copy as `grognard check` does (without replays) and
// only then renames it over path: the backup is a bbolt store any
// grognard opens. The games are copied one transaction each, so a game
// ordered during the backup is copied as it stood when its turn came.
func backupPostgres(m *Main, ctx context.Context, url, path string) error {
	src, err := openStore(url, true)
	if err != nil {
		return err
	}
	defer src.Close()
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	tmp := f.Name()
	f.Close()
	os.Remove(tmp) // storage.Open creates the store where no file is
	defer os.Remove(tmp)
	dst, err := storage.Open(tmp, storage.Options{NoSync: true})
	if err != nil {
		return err
	}
	n, err := migrate(ctx, src, dst, false)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("backup of %s refused, %s left as it was: %w", storeName(url), path, err)
	}
	c, err := storage.Open(tmp, storage.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	rep, err := c.Check(ctx, storage.CheckOptions{})
	c.Close()
	if err == nil && !rep.OK() {
		for _, p := range rep.Problems {
			fmt.Fprintln(m.Stdout, "PROBLEM:", p)
		}
		err = rep.Err()
	}
	if err == nil {
		err = syncFile(tmp)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		return fmt.Errorf("backup of %s refused, %s left as it was: %w", storeName(url), path, err)
	}
	fmt.Fprintf(m.Stdout, "wrote %s (a bbolt store: %d games, %d records, %d values, %d server settings; every game's hash compared, checked)\n", path, n.Games, n.Records, n.Values, n.Servers)
	return nil
}

// syncFile flushes a file written without fsync to the disk.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
