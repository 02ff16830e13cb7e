package storage

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// makeStore writes a small valid store and returns its path.
func makeStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "store.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, toyMeta("g"))
	mustOrder(t, s, "g", 0, "roll")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// rawEdit changes a store file with bbolt directly, behind the store's back.
func rawEdit(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestOpenRefusesBadFiles: every file that is not a store this build can
// read gives a clear error at open, and its bytes are left as they were.
func TestOpenRefusesBadFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		name string
		make func(t *testing.T, path string)
		want error
		msg  string
	}{
		{"text file", func(t *testing.T, p string) {
			os.WriteFile(p, []byte(strings.Repeat("not a database\n", 1000)), 0o600)
		}, ErrNotStore, "not a bbolt database"},
		{"random bytes", func(t *testing.T, p string) {
			b := make([]byte, 64<<10)
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			os.WriteFile(p, b, 0o600)
		}, ErrNotStore, "not a bbolt database"},
		{"tiny file", func(t *testing.T, p string) { os.WriteFile(p, []byte("x"), 0o600) }, ErrNotStore, ""},
		{"both meta pages zeroed", func(t *testing.T, p string) {
			os.Rename(makeStore(t), p)
			b, _ := os.ReadFile(p)
			clear(b[:2*4096])
			os.WriteFile(p, b, 0o600)
		}, ErrNotStore, "not a bbolt database"},
		{"truncated store", func(t *testing.T, p string) {
			os.Rename(makeStore(t), p)
			// bbolt preallocates; cut below the pages the header counts.
			b, _ := os.ReadFile(p)
			os.WriteFile(p, b[:3*4096+100], 0o600)
		}, ErrDamaged, "truncated"},
		{"empty file", func(t *testing.T, p string) { os.WriteFile(p, nil, 0o600) }, ErrNotStore, "empty (0 bytes)"},
		{"foreign bbolt file", func(t *testing.T, p string) {
			db, _ := bolt.Open(p, 0o600, nil)
			db.Update(func(tx *bolt.Tx) error {
				b, _ := tx.CreateBucket([]byte("widgets"))
				return b.Put([]byte("k"), []byte("v"))
			})
			db.Close()
		}, ErrNotStore, `without a "store" bucket`},
		{"empty bbolt file", func(t *testing.T, p string) {
			db, _ := bolt.Open(p, 0o600, nil)
			db.Close()
		}, ErrNotStore, `without a "store" bucket`},
		{"wrong magic", func(t *testing.T, p string) {
			os.Rename(makeStore(t), p)
			rawEdit(t, p, func(tx *bolt.Tx) error { return tx.Bucket(bucketStore).Put(keyMagic, []byte("other")) })
		}, ErrNotStore, "magic"},
		{"newer schema", func(t *testing.T, p string) {
			os.Rename(makeStore(t), p)
			rawEdit(t, p, func(tx *bolt.Tx) error { return tx.Bucket(bucketStore).Put(keySchema, []byte("99")) })
		}, ErrSchema, "schema version 99, newer than this build reads (2)"},
		{"garbled schema", func(t *testing.T, p string) {
			os.Rename(makeStore(t), p)
			rawEdit(t, p, func(tx *bolt.Tx) error { return tx.Bucket(bucketStore).Put(keySchema, []byte("one")) })
		}, ErrSchema, "not a number"},
		{"missing bucket", func(t *testing.T, p string) {
			os.Rename(makeStore(t), p)
			rawEdit(t, p, func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketDeadlines) })
		}, ErrSchema, `missing bucket "deadlines"`},
		{"v0 store missing games", func(t *testing.T, p string) {
			db, _ := bolt.Open(p, 0o600, nil)
			db.Update(func(tx *bolt.Tx) error {
				b, _ := tx.CreateBucket(bucketStore)
				b.Put(keyMagic, []byte(storeMagic))
				return b.Put(keySchema, []byte("0"))
			})
			db.Close()
		}, ErrSchema, `missing bucket "games"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.db")
			c.make(t, path)
			before := fileBytes(t, path)
			for _, ro := range []bool{false, true} {
				s, err := Open(path, Options{ReadOnly: ro, Timeout: time.Second})
				if err == nil {
					s.Close()
					t.Fatalf("read-only=%v: opened", ro)
				}
				if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
					t.Fatalf("read-only=%v: error %q, want %v containing %q", ro, err, c.want, c.msg)
				}
				if !strings.Contains(err.Error(), path) {
					t.Errorf("error %q does not name the file", err)
				}
			}
			if after := fileBytes(t, path); !bytes.Equal(before, after) {
				t.Fatal("the refused file was changed")
			}
			if _, err := os.Stat(path + ".schema-v0.bak"); err == nil {
				t.Fatal("a backup was written for a refused file")
			}
		})
	}
}

func TestOpenLocked(t *testing.T) {
	path := makeStore(t)
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = Open(path, Options{Timeout: 50 * time.Millisecond, ReadOnly: true})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second open: %v, want ErrLocked", err)
	}
}

func TestOpenCreatesAndReopens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	if _, err := Open(path, Options{ReadOnly: true}); err == nil {
		t.Fatal("read-only open created a store")
	}
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, toyMeta("g"))
	s.Close()
	s, err = Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if m, err := s.Meta("g"); err != nil || m.ID != "g" {
		t.Fatalf("reopened: %+v %v", m, err)
	}
}
