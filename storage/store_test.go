package storage

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
)

func TestBackupWhileWriting(t *testing.T) {
	s := mustOpen(t, Options{})
	m := toyMeta("g")
	m.Options = game.Options{"goal": "1000000"}
	mustCreate(t, s, m)
	stop := make(chan struct{})
	done := make(chan error)
	go func() {
		for {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			if _, err := order(s, "g", game.SideA, "roll", ""); err != nil {
				done <- err
				return
			}
		}
	}()
	time.Sleep(20 * time.Millisecond)
	path := filepath.Join(t.TempDir(), "backup.db")
	if _, err := s.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	b, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	mustCheck(t, b)
	m, _ = b.Meta("g")
	if m.Seq == 0 {
		t.Fatal("backup holds no record")
	}
	if err := b.Append("g", m.Seq, game.Record{Seq: m.Seq + 1}, ""); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("write to a read-only store: %v", err)
	}
}
