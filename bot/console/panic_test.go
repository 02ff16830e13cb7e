package console

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/storage"
)

// panicky is a renderer that panics: a failure deep inside a command.
type panicky struct{}

func (panicky) PNG(*game.Board) ([]byte, error) { panic("injected panic in the renderer") }
func (panicky) Zoom(*game.Board, grid.Coord, int) ([]byte, error) {
	panic("injected panic in the renderer")
}

// TestPanicLine (issue 14 §1): a line whose handling panics is answered
// with the reference, logged with it, and the room goes on reading.
func TestPanicLine(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var logs bytes.Buffer
	app, err := bot.New(bot.Config{Store: st, Renderer: panicky{}, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	r := &Room{App: app, Out: &out, User: "alice"}
	for _, line := range []string{"new gs-1 vs bob", "/as bob", "accept", "board", "status"} {
		if quit, err := r.Line(context.Background(), line); err != nil || quit {
			t.Fatalf("%q: %v %v", line, quit, err)
		}
	}
	m := regexp.MustCompile(`internal error, reference ([0-9a-f]{8})`).FindStringSubmatch(out.String())
	if m == nil || !strings.Contains(logs.String(), "ref="+m[1]) {
		t.Fatalf("output:\n%s\nlog:\n%s", out.String(), logs.String())
	}
	if !strings.Contains(out.String(), "g1 · Grands Stratèges") {
		t.Fatalf("the room stopped answering after a panic:\n%s", out.String())
	}
}
