package storage

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// TestBackupRefusesDamagedStore: a store whose pages hold together but
// whose content does not (a seed for a game that does not exist)
// is not backed up: the checked copy is removed and yesterday's backup
// stays as it was.
func TestBackupRefusesDamagedStore(t *testing.T) {
	path := makeStore(t)
	bak := filepath.Join(t.TempDir(), "yesterday.db")
	s, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, rep, err := s.BackupFileChecked(t.Context(), bak, CheckOptions{}); err != nil || !rep.OK() {
		t.Fatalf("backup of a healthy store: %v %v", err, rep)
	}
	s.Close()
	before := fileBytes(t, bak)
	rawEdit(t, path, func(tx *bolt.Tx) error { return tx.Bucket(bucketSeeds).Put([]byte("ghost"), []byte("x")) })
	s, err = Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, rep, err := s.BackupFileChecked(t.Context(), bak, CheckOptions{})
	if !errors.Is(err, ErrDamaged) || rep == nil || rep.OK() || !strings.Contains(err.Error(), "ghost") {
		t.Fatalf("backup of a damaged store: %v, report %+v", err, rep)
	}
	if !bytes.Equal(fileBytes(t, bak), before) {
		t.Fatal("the refused backup replaced yesterday's")
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(bak), ".*tmp*")); len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestRestore(t *testing.T) {
	path := makeStore(t)
	bak := filepath.Join(t.TempDir(), "bak.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.BackupFile(bak); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, toyMeta("later"))
	// While grognard holds the store, restore waits for the lock, then
	// gives up.
	if _, err := Restore(t.Context(), bak, path, Options{Timeout: 100 * time.Millisecond}, CheckOptions{}); !errors.Is(err, ErrLocked) {
		t.Fatalf("restore over a store in use: %v, want ErrLocked", err)
	}
	s.Close()
	current := fileBytes(t, path)

	// A damaged backup is refused and changes nothing.
	damaged := filepath.Join(t.TempDir(), "damaged.db")
	b := fileBytes(t, bak)
	pages, ps := usedPages(t, bak)
	clear(b[pages[0].id*ps : (pages[0].id+1)*ps])
	os.WriteFile(damaged, b, 0o600)
	if _, err := Restore(t.Context(), damaged, path, Options{}, CheckOptions{}); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), damaged) {
		t.Fatalf("restore of a damaged backup: %v", err)
	}
	if !bytes.Equal(fileBytes(t, path), current) {
		t.Fatal("a refused restore changed the store")
	}
	if kept, _ := filepath.Glob(path + ".before-restore-*"); len(kept) > 0 {
		t.Fatalf("a refused restore kept %v", kept)
	}

	res, err := Restore(t.Context(), bak, path, Options{}, CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 1 || !bytes.Equal(fileBytes(t, res.Kept), current) {
		t.Fatalf("restore: %+v (want 1 game, the old store kept)", res)
	}
	s, err = Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Meta("later"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after restore, the later game: %v", err)
	}
	mustCheck(t, s)

	// Restoring over an empty file (what a failed copy leaves) keeps it too.
	empty := filepath.Join(t.TempDir(), "empty.db")
	os.WriteFile(empty, nil, 0o600)
	if res, err := Restore(t.Context(), bak, empty, Options{}, CheckOptions{}); err != nil || res.Kept == "" {
		t.Fatalf("restore over an empty file: %+v %v", res, err)
	}
	if _, err := Restore(t.Context(), bak, bak, Options{}, CheckOptions{}); !errors.Is(err, ErrBadInput) {
		t.Fatalf("restore of a file over itself: %v", err)
	}
}
