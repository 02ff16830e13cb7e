package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/grognard/grognard/storage"
)

// Backups of a running bot. `grognard backup` cannot open a store that
// `grognard serve` holds (bbolt locks the file), so serve writes its own:
// with [store] backup-dir set, a checked copy of the store (Store.BackupFile)
// every backup-every, keeping the newest backup-keep. The schedule counts
// from the newest copy already in the folder, so restarts neither skip a
// backup nor add one.

const backupPrefix, backupSuffix = "grognard-", ".db"

// checkBackups validates the backup keys of [store].
func (c StoreConfig) checkBackups() []string {
	var bad []string
	if d, err := configDuration("store.backup-every", c.BackupEvery); err != nil {
		bad = append(bad, err.Error())
	} else if c.BackupDir != "" && d < time.Minute {
		bad = append(bad, fmt.Sprintf("store.backup-every %q: at least 1m", c.BackupEvery))
	}
	if c.BackupKeep < 1 {
		bad = append(bad, fmt.Sprintf("store.backup-keep %d: at least 1", c.BackupKeep))
	}
	return bad
}

// ref is the store's reference: its URL, else its path.
func (c StoreConfig) ref() string {
	if c.URL != "" {
		return c.URL
	}
	return c.Path
}

// setRef points the store at ref, a path or a URL ($GROGNARD_DB, --db),
// over what the configuration file said.
func (c *StoreConfig) setRef(ref string) {
	if isPostgres(ref) || strings.HasPrefix(ref, "bbolt://") {
		c.URL = ref
		return
	}
	c.Path, c.URL = ref, ""
}

// checkURL validates [store] url.
func (c StoreConfig) checkURL() []string {
	switch {
	case c.URL == "":
		if err := checkStoreRef(c.Path); err != nil {
			return []string{"store.path: " + err.Error()}
		}
		return nil
	case isPostgres(c.URL):
		if c.BackupDir != "" {
			return []string{"store.backup-dir is for a bbolt store: back up a PostgreSQL store with grognard backup FILE --db URL or the database's tools (docs/postgres.md)"}
		}
		return nil
	case strings.HasPrefix(c.URL, "bbolt://") && boltPath(c.URL) != "":
		return nil
	}
	return []string{fmt.Sprintf("store.url %q: want postgres://… (or postgresql://…), or bbolt:///path/to/file.db", storeName(c.URL))}
}

// runBackups starts the backup loop when backup-dir is set; stop waits
// for it to end.
func runBackups(ctx context.Context, store storage.Backend, c StoreConfig, logger *slog.Logger) (stop func()) {
	st, ok := store.(*storage.Store)
	if c.BackupDir == "" || !ok { // checkURL refuses backup-dir with a PostgreSQL store
		return func() {}
	}
	every, _ := configDuration("store.backup-every", c.BackupEvery)
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		backupLoop(ctx, st, c.BackupDir, every, c.BackupKeep, time.Now, logger)
	}()
	return func() { cancel(); <-done }
}

func backupLoop(ctx context.Context, st *storage.Store, dir string, every time.Duration, keep int, now func() time.Time, logger *slog.Logger) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		logger.Error("backups: cannot create the folder; no backups will be written", "dir", dir, "err", err)
		return
	}
	next := now()
	if last, ok := newestBackup(dir); ok {
		next = last.Add(every)
	}
	for {
		t := time.NewTimer(max(0, next.Sub(now())))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		name := filepath.Join(dir, backupPrefix+now().UTC().Format("20060102T150405.000Z")+backupSuffix)
		n, err := st.BackupFile(name)
		if err != nil {
			// Retry sooner than the next scheduled copy.
			logger.Error("backups: backup failed", "file", name, "err", err)
			next = now().Add(min(every, time.Hour))
			continue
		}
		logger.Info("backups: wrote a checked copy of the store", "file", name, "bytes", n)
		pruneBackups(dir, keep, logger)
		next = now().Add(every)
	}
}

// backups lists the backup files of dir, oldest first (their names sort
// by time).
func backups(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, backupPrefix) && strings.HasSuffix(n, backupSuffix) {
			names = append(names, filepath.Join(dir, n))
		}
	}
	sort.Strings(names)
	return names
}

func newestBackup(dir string) (time.Time, bool) {
	names := backups(dir)
	if len(names) == 0 {
		return time.Time{}, false
	}
	fi, err := os.Stat(names[len(names)-1])
	if err != nil {
		return time.Time{}, false
	}
	return fi.ModTime(), true
}

func pruneBackups(dir string, keep int, logger *slog.Logger) {
	names := backups(dir)
	for len(names) > keep {
		if err := os.Remove(names[0]); err != nil {
			logger.Error("backups: cannot remove an old copy", "file", names[0], "err", err)
		}
		names = names[1:]
	}
}
