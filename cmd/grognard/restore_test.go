package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/storage"
)

// damagePage zeroes one page in use of the store file at path (the page
// of the first game's log, as a lost write would leave it).
func damagePage(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Page 3 onwards hold the trees; the last page written holds the
	// newest root of the store. Zero the root bucket's page, named in
	// the newest meta page.
	ps := 4096
	meta := b[16:]
	if txid0, txid1 := le64(b[16+48:]), le64(b[ps+16+48:]); txid1 > txid0 {
		meta = b[ps+16:]
	}
	root := int(le64(meta[16:]))
	clear(b[root*ps : (root+1)*ps])
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return b
}

func le64(b []byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// TestRefusedStore: every command that opens a damaged or empty store
// refuses it naming the file and the commands to check and restore it,
// and leaves it byte for byte as it was.
func TestRefusedStore(t *testing.T) {
	db := toyStore(t)
	bak := filepath.Join(t.TempDir(), "bak.db")
	if out, err := runStoreCmd(t, "", "backup", bak, "--db", db); err != nil || !strings.Contains(out, "2 games, checked") {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	damaged := damagePage(t, db)
	empty := filepath.Join(t.TempDir(), "empty.db")
	os.WriteFile(empty, nil, 0o600)
	for _, c := range []struct {
		db   string
		args []string
	}{
		{db, []string{"export", "done"}},
		{db, []string{"check"}},
		{db, []string{"backup", filepath.Join(t.TempDir(), "b.db")}},
		{db, []string{"serve", "--images", t.TempDir()}},
		{empty, []string{"serve", "--images", t.TempDir()}},
		{empty, []string{"import"}},
	} {
		before, _ := os.ReadFile(c.db)
		out, err := runStoreCmd(t, "", append(c.args, "--db", c.db)...)
		if err == nil {
			t.Fatalf("%v on a damaged store: no error\n%s", c.args, out)
		}
		msg := err.Error()
		for _, want := range []string{c.db, "grognard check --db " + c.db, "grognard restore BACKUP.db --db " + c.db} {
			if !strings.Contains(msg, want) {
				t.Errorf("%v: the error does not say %q:\n%s", c.args, want, msg)
			}
		}
		if c.db == empty && !strings.Contains(msg, "0-byte") {
			t.Errorf("%v: the error does not explain the empty file:\n%s", c.args, msg)
		}
		if c.args[0] == "check" && !strings.Contains(out, "PROBLEM: page") {
			t.Errorf("check does not list the damaged page:\n%s", out)
		}
		if after, _ := os.ReadFile(c.db); !bytes.Equal(before, after) {
			t.Fatalf("%v changed the refused file", c.args)
		}
	}
	if b, _ := os.ReadFile(db); !bytes.Equal(b, damaged) {
		t.Fatal("the damaged store was changed")
	}

	// restore checks the backup, keeps the damaged file, and the store
	// works again.
	out, err := runStoreCmd(t, "", "restore", bak, "--db", db)
	if err != nil || !strings.Contains(out, "2 games, OK") || !strings.Contains(out, "kept as "+db+".before-restore-") {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	if out, err := runStoreCmd(t, "", "check", "--db", db); err != nil || !strings.HasSuffix(strings.TrimSpace(out), "OK") {
		t.Fatalf("check after restore: %v\n%s", err, out)
	}
	// A damaged backup is not restored.
	damagePage(t, bak)
	current, _ := os.ReadFile(db)
	if out, err := runStoreCmd(t, "", "restore", bak, "--db", db); err == nil || !strings.Contains(err.Error(), "nothing was changed") {
		t.Fatalf("restore of a damaged backup: %v\n%s", err, out)
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(after, current) {
		t.Fatal("a refused restore changed the store")
	}
}

func TestLockedStoreHint(t *testing.T) {
	db := toyStore(t)
	s, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = runStoreCmd(t, "", "backup", filepath.Join(t.TempDir(), "b.db"), "--db", db)
	if !errors.Is(err, storage.ErrLocked) || !strings.Contains(err.Error(), "backup-dir") {
		t.Fatalf("backup of a store in use: %v", err)
	}
}
