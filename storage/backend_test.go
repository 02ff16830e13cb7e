package storage_test

import (
	"path/filepath"
	"testing"

	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/backendtest"
)

// TestBackend runs the backend suite on bbolt stores (without fsync: unit
// tests).
func TestBackend(t *testing.T) {
	backendtest.Run(t, func(tb testing.TB, opts storage.Options) func() (storage.Backend, error) {
		path := filepath.Join(tb.TempDir(), "store.db")
		opts.NoSync = true
		return func() (storage.Backend, error) { return storage.Open(path, opts) }
	})
}
