package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// TestGroupCommitIsolation: writes queued together share a transaction; a
// refused write (reject) leaves the others in it, and a failing write (an
// error or a panic after writing) makes the batch fall back to one
// transaction per write, so only the failing one fails.
func TestGroupCommitIsolation(t *testing.T) {
	db, err := bolt.Open(filepath.Join(t.TempDir(), "c.db"), 0o600, &bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("b")); return err })
	c := newCommitter(db, 64)
	defer c.close()

	put := func(k string) func(*bolt.Tx) error {
		return func(tx *bolt.Tx) error { return tx.Bucket([]byte("b")).Put([]byte(k), []byte("v")) }
	}
	errBoom := errors.New("boom")
	for _, bad := range []struct {
		name string
		fn   func(*bolt.Tx) error
		want string
	}{
		{"reject", func(*bolt.Tx) error { return reject(errBoom) }, "boom"},
		{"error after write", func(tx *bolt.Tx) error { put("bad")(tx); return errBoom }, "boom"},
		{"panic after write", func(tx *bolt.Tx) error { put("bad")(tx); panic("oops") }, "panic in write: oops"},
	} {
		t.Run(bad.name, func(t *testing.T) {
			// Hold the committer with a first write so the next ones queue
			// up and are committed as one batch.
			release := make(chan struct{})
			started := make(chan struct{})
			go c.do(func(*bolt.Tx) error { close(started); <-release; return nil })
			<-started
			var txids sync.Map
			results := make([]error, 6)
			var wg sync.WaitGroup
			for i := range results {
				wg.Add(1)
				go func() {
					defer wg.Done()
					fn := put(fmt.Sprintf("%s-%d", bad.name, i))
					if i == 3 {
						fn = bad.fn
					}
					results[i] = c.do(func(tx *bolt.Tx) error {
						txids.Store(tx.ID(), true)
						return fn(tx)
					})
				}()
			}
			for {
				c.mu.Lock()
				n := len(c.queue)
				c.mu.Unlock()
				if n == len(results) {
					break
				}
				time.Sleep(time.Millisecond)
			}
			close(release)
			wg.Wait()
			for i, err := range results {
				if i == 3 {
					if err == nil || !strings.Contains(err.Error(), bad.want) {
						t.Fatalf("bad write: %v, want %q", err, bad.want)
					}
					continue
				}
				if err != nil {
					t.Fatalf("write %d failed with its neighbour: %v", i, err)
				}
			}
			db.View(func(tx *bolt.Tx) error {
				b := tx.Bucket([]byte("b"))
				for i := range results {
					k := fmt.Sprintf("%s-%d", bad.name, i)
					if (b.Get([]byte(k)) != nil) != (i != 3) {
						t.Errorf("key %s present: %v", k, b.Get([]byte(k)) != nil)
					}
				}
				if b.Get([]byte("bad")) != nil {
					t.Error("the failing write's partial change was committed")
				}
				return nil
			})
			n := 0
			txids.Range(func(any, any) bool { n++; return true })
			if bad.name == "reject" && n != 1 {
				t.Errorf("a rejected write split the batch: %d transactions", n)
			}
		})
	}
}
