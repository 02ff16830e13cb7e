package main

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/storage"
)

// TestServeBackups: the running bot writes checked copies of its store on
// schedule, keeps the newest few, and after a restart waits for the next
// one to be due.
func TestServeBackups(t *testing.T) {
	db := toyStore(t)
	st, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	dir := filepath.Join(t.TempDir(), "backups")
	quiet := slog.New(slog.DiscardHandler)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { defer close(done); backupLoop(ctx, st, dir, 20*time.Millisecond, 2, time.Now, quiet) }()
	// Wait for the first copy, then for it to be pruned: a third was
	// written.
	var first string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		names := backups(dir)
		if first == "" && len(names) > 0 {
			first = names[0]
		}
		if first != "" && len(names) > 0 && names[0] != first {
			break
		}
	}
	cancel()
	<-done
	names := backups(dir)
	if len(names) != 2 {
		t.Fatalf("backups kept: %v, want the newest 2", names)
	}
	for _, n := range names {
		b, err := storage.Open(n, storage.Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("backup %s: %v", n, err)
		}
		if _, err := b.Meta("done"); err != nil {
			t.Errorf("backup %s: %v", n, err)
		}
		b.Close()
	}

	// After a restart, the newest copy is recent: nothing is written
	// before it is due.
	ctx, cancel = context.WithCancel(t.Context())
	done = make(chan struct{})
	go func() { defer close(done); backupLoop(ctx, st, dir, time.Hour, 2, time.Now, quiet) }()
	time.Sleep(100 * time.Millisecond)
	cancel()
	<-done
	if again := backups(dir); strings.Join(again, " ") != strings.Join(names, " ") {
		t.Errorf("a restart wrote a backup before it was due: %v", again)
	}

	for src, want := range map[string]string{
		"[store]\nbackup-dir = \"b\"\nbackup-every = \"10s\"\n": "store.backup-every \"10s\": at least 1m",
		"[store]\nbackup-keep = 0\n":                            "store.backup-keep 0",
		"[store]\nbackup-every = \"often\"\n":                   "store.backup-every",
	} {
		if _, err := ReadConfig(writeConfig(t, src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}
