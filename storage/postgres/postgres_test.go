package postgres_test

import (
	"os"
	"testing"

	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/backendtest"
	"github.com/grognard/grognard/storage/postgres"
)

// pg is the package's one PostgreSQL server; every test takes a database
// of its own.
var pg pgtest.Shared

func TestMain(m *testing.M) { os.Exit(pg.Run(m)) }

func options(opts storage.Options) postgres.Options {
	return postgres.Options{SnapshotEvery: opts.SnapshotEvery, SnapshotKeep: opts.SnapshotKeep, Now: opts.Now, Logger: opts.Logger}
}

// TestBackend runs the backend suite on PostgreSQL stores, each in a new
// database of the test server.
func TestBackend(t *testing.T) {
	backendtest.Run(t, func(tb testing.TB, opts storage.Options) func() (storage.Backend, error) {
		url := pg.NewDatabase(tb)
		return func() (storage.Backend, error) { return postgres.Open(url, options(opts)) }
	})
}
