package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/grognard/grognard/storage"
)

// restore puts a checked backup back in place of the store; storeHint
// tells the operator of a refused store which commands check and restore
// it (docs/admin.md, "When the store is refused").
func init() {
	register(subcommand{name: "restore", usage: "FILE [--db FILE] — check the backup FILE, then put it in place of the store (the old file is kept)", run: runRestore})
}

func runRestore(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("restore")
	db := fs.String("db", defaultDB(), "store file ($GROGNARD_DB)")
	pos, err := storeFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{"usage: grognard restore FILE [--db FILE]"}
	}
	res, err := storage.Restore(ctx, pos[0], *db, storage.Options{}, storage.CheckOptions{})
	switch {
	case errors.Is(err, storage.ErrBadInput):
		return usageError{err.Error()}
	case errors.Is(err, storage.ErrLocked):
		return fmt.Errorf("%w\n  stop the bot first (systemctl stop grognard, docker stop grognard), then restore", err)
	case err != nil:
		return fmt.Errorf("%w\n  nothing was changed: %s was not restored; try an older backup", err, pos[0])
	}
	fmt.Fprintf(m.Stdout, "checked %s: %d games, OK\nrestored it to %s\n", pos[0], res.Games, *db)
	if res.Kept != "" {
		fmt.Fprintf(m.Stdout, "the previous store is kept as %s\n", res.Kept)
	}
	return nil
}

// storeHint adds to the error of a refused store the commands that check
// and restore it, and to that of a store in use how to back it up.
func storeHint(path string, err error) error {
	if errors.Is(err, storage.ErrLocked) {
		return fmt.Errorf("%w\n  the store tools run while the bot is stopped; a running bot writes its own backups with [store] backup-dir (docs/admin.md, \"Backups and restore\")", err)
	}
	if !errors.Is(err, storage.ErrDamaged) && !errors.Is(err, storage.ErrNotStore) {
		return err
	}
	q := shellQuote(path)
	var b strings.Builder
	fmt.Fprintf(&b, "\n  nothing was changed: grognard neither writes to this file nor replaces it with an empty store.")
	if fi, serr := os.Stat(path); serr == nil && fi.Size() == 0 {
		fmt.Fprintf(&b, "\n  A 0-byte file holds no games: if the bot never ran on it, delete it and grognard creates a new store.")
	}
	fmt.Fprintf(&b, "\n  see what is wrong:  grognard check --db %s", q)
	fmt.Fprintf(&b, "\n  put a backup back:  grognard restore BACKUP.db --db %s   (this file is kept beside it)", q)
	fmt.Fprintf(&b, "\n  docs/admin.md, \"When the store is refused\"")
	return fmt.Errorf("%w%s", err, b.String())
}

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
