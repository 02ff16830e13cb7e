package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Restored is what Restore did.
type Restored struct {
	Games int
	// Kept is the copy of the store that was replaced ("" when there was
	// none): path.before-restore-<UTC time>.
	Kept string
}

// Restore replaces the store at path with a copy of the backup from.
// The backup is checked first — its pages, its schema, then Check with
// opts — and refused (ErrDamaged, ErrNotStore, ErrSchema) with nothing
// changed if it fails. The store at path must not be in use: Restore
// takes its lock as bbolt does and gives ErrLocked while a grognard holds
// it. Whatever was at path, even a damaged file, is kept as
// path.before-restore-<time>; the copy is written beside path, synced and
// renamed over it, so path is always either the old file or the whole
// backup.
func Restore(ctx context.Context, from, path string, opts Options, check CheckOptions) (*Restored, error) {
	opts = opts.withDefaults()
	if same(from, path) {
		return nil, fmt.Errorf("%w: restore: %s is the store itself", ErrBadInput, from)
	}
	src, err := Open(from, Options{ReadOnly: true, Timeout: opts.Timeout, Logger: opts.Logger})
	if err != nil {
		return nil, err
	}
	rep, err := src.Check(ctx, check)
	src.Close()
	if err != nil {
		return nil, err
	}
	if !rep.OK() {
		return nil, fmt.Errorf("%w: backup %s fails the check: %v", ErrDamaged, from, rep.Err())
	}

	res := &Restored{Games: rep.Games}
	unlock, err := lockFile(path, opts.Timeout)
	if err != nil {
		return nil, err
	}
	defer unlock()
	dir := filepath.Dir(path)
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%w: %s is not a regular file", ErrNotStore, path)
		}
		res.Kept = path + ".before-restore-" + opts.Now().UTC().Format("20060102T150405")
		if err := copyFile(path, res.Kept, true); err != nil {
			return nil, fmt.Errorf("storage: restore: keeping the old store: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("storage: %w", err)
	}
	tmp := filepath.Join(dir, "."+filepath.Base(path)+".restore")
	if err := copyFile(from, tmp, false); err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("storage: restore: %w", err)
	}
	// The copy is what was checked only if the backup did not change in
	// the meantime: check its pages again.
	if _, err := CheckFile(tmp); err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("storage: restore: the copy of %s: %w", from, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("storage: restore: %w", err)
	}
	syncDir(dir)
	return res, nil
}

func same(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(fa, fb)
	}
	x, _ := filepath.Abs(a)
	y, _ := filepath.Abs(b)
	return x == y
}

// copyFile copies src to dst, synced; exclusive: dst must not exist.
func copyFile(src, dst string, exclusive bool) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if exclusive {
		flags |= os.O_EXCL
	}
	out, err := os.OpenFile(dst, flags, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
