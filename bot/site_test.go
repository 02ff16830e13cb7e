package bot

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/storage"
)

// TestSiteUnknownGames: the web view's ids come from anyone's address
// bar. Asking for games the store does not hold is "not found" and
// leaves nothing behind in the App's memory (its games are never
// pruned): thousands of made-up ids must not grow it.
func TestSiteUnknownGames(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "new gs-1 vs bob")
	e.must("bob", "accept")
	if _, err := e.app.GamePage("g1", game.Nobody, -1, EN); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		e.app.mu.Lock()
		defer e.app.mu.Unlock()
		return len(e.app.games)
	}
	before := count()
	for i := range 1000 {
		id := fmt.Sprintf("g%d", 1000+i)
		if _, err := e.app.GameVersion(id); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("GameVersion(%s): %v", id, err)
		}
		if _, err := e.app.GamePage(id, game.Nobody, -1, EN); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("GamePage(%s): %v", id, err)
		}
		if _, _, err := e.app.GameBoard(id, game.Nobody, 0, ""); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("GameBoard(%s): %v", id, err)
		}
		if err := e.app.GameExport(id, game.Nobody, io.Discard); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("GameExport(%s): %v", id, err)
		}
	}
	if after := count(); after != before {
		t.Errorf("the App holds %d games after 1,000 unknown ids were asked for, %d before", after, before)
	}
}

// Values panics once when armed "Values" (TestSitePanicUnlocks).
func (h *hookStore) Values(prefix string) ([]storage.KeyValue, error) {
	h.hook("Values")
	return h.Store.Values(prefix)
}

// Value panics once when armed "Value" (TestSitePanicUnlocks).
func (h *hookStore) Value(key string) ([]byte, error) {
	h.hook("Value")
	return h.Store.Value(key)
}

// panicRenderer panics while armed.
type panicRenderer struct{ armed atomic.Bool }

func (r *panicRenderer) PNG(*game.Board) ([]byte, error) {
	if r.armed.Load() {
		panic("injected panic in the renderer")
	}
	return []byte("png"), nil
}

func (r *panicRenderer) Zoom(b *game.Board, _ grid.Coord, _ int) ([]byte, error) { return r.PNG(b) }

// TestSitePanicUnlocks: a panic while the web view holds a game's lock
// (here in the store, under the page's history) leaves the game
// unlocked, so that its players' orders go on, and one under a league's
// page leaves the leagues unlocked; a renderer that panics
// is an error for that image, and the next request draws it again
// rather than serving an empty image.
func TestSitePanicUnlocks(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hs := &hookStore{Store: st}
	rend := &panicRenderer{}
	app, err := New(Config{Store: hs, Renderer: rend, NewSeed: func() []byte { return dice.SeedFromInt(1) }})
	if err != nil {
		t.Fatal(err)
	}
	admin := false
	say := func(user, text string) Response {
		t.Helper()
		done := make(chan Response, 1)
		req := Request{Platform: "test", Room: "r1", User: User{ID: user, Name: user}, Text: text, IsAdmin: admin}
		go func() { done <- app.Handle(t.Context(), req) }()
		select {
		case r := <-done:
			return r
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: %q: no answer (the game was left locked)", user, text)
		}
		return Response{}
	}
	say("alice", "new gs-1 vs bob")
	say("bob", "accept")
	say("alice", "g1 status") // loaded
	hs.arm("Values")
	func() {
		defer func() {
			if p := recover(); p == nil {
				t.Error("the injected panic did not happen")
			}
		}()
		app.GamePage("g1", game.Nobody, -1, EN)
	}()
	if r := say("alice", "g1 status"); len(r.Messages) == 0 {
		t.Fatal("no status after the page's panic")
	}
	if _, err := app.GamePage("g1", game.Nobody, -1, EN); err != nil {
		t.Fatalf("the page after a panic: %v", err)
	}

	// The same for the leagues' lock under a league's page.
	hs.arm("Value")
	func() {
		defer func() {
			if p := recover(); p == nil {
				t.Error("the injected panic did not happen")
			}
		}()
		app.LeaguePage("test:r1/spring", EN)
	}()
	admin = true
	if got := say("carol", "league new spring players:@ann @ben scenarios:gs-1").Messages; len(got) == 0 || !strings.Contains(got[0].Text, "spring") {
		t.Fatalf("league new after the league page's panic: %+v", got)
	}

	rend.armed.Store(true)
	if png, _, err := app.GameBoard("g1", game.Nobody, 0, ""); err == nil {
		t.Fatalf("a renderer's panic gave an image %q and no error", png)
	}
	rend.armed.Store(false)
	if png, _, err := app.GameBoard("g1", game.Nobody, 0, ""); err != nil || string(png) != "png" {
		t.Errorf("after the renderer's panic the image is %q, %v; want it drawn again", png, err)
	}
}
