package bot

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/storage"
)

// benchEnv is an App on a store with one started game; sync chooses
// whether commits are fsynced (as in production) or not (CPU cost only).
func benchEnv(b *testing.B, sync bool) *env {
	e := &env{t: &testing.T{}, path: filepath.Join(b.TempDir(), "bench.db"), now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), rend: &captureRenderer{}}
	s, err := storage.Open(e.path, storage.Options{NoSync: !sync, Now: e.clock})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	e.store = s
	if e.app, err = New(Config{Store: s, Now: e.clock}); err != nil {
		b.Fatal(err)
	}
	for _, l := range [][2]string{{"alice", "new gs-1 vs bob"}, {"bob", "accept"}, {"alice", "deploy auto"}, {"bob", "deploy auto"}, {"alice", "ready"}, {"bob", "ready"}} {
		e.app.Handle(b.Context(), Request{Platform: "test", Room: "r1", User: User{ID: l[0]}, Text: l[1]})
	}
	return e
}

// BenchmarkOrderUndo measures an accepted order (decide, append, narrate)
// followed by its free undo (truncate, reload), per pair.
func BenchmarkOrderUndo(b *testing.B) {
	for _, sync := range []bool{false, true} {
		name := "nosync"
		if sync {
			name = "fsync"
		}
		b.Run(name, func(b *testing.B) {
			e := benchEnv(b, sync)
			move := Request{Platform: "test", Room: "r1", User: User{ID: "alice"}, Text: "move A6 0706"}
			undo := Request{Platform: "test", Room: "r1", User: User{ID: "alice"}, Text: "undo"}
			for b.Loop() {
				if r := e.app.Handle(b.Context(), move); !strings.Contains(r.Messages[0].Text, "move A6 0706") {
					b.Fatal(r.Messages[0].Text)
				}
				e.app.Handle(b.Context(), undo)
			}
		})
	}
}

// BenchmarkStatus measures a view that reads a cached game.
func BenchmarkStatus(b *testing.B) {
	e := benchEnv(b, false)
	req := Request{Platform: "test", Room: "r1", User: User{ID: "carol"}, Text: "status"}
	for b.Loop() {
		e.app.Handle(b.Context(), req)
	}
}
