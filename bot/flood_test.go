package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage"
)

// floodApp is an App with small flood limits on a fresh store.
func floodApp(t *testing.T, f Flood) (*App, *storage.Store) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var seeds int64
	app, err := New(Config{Store: st, Flood: f, NewSeed: func() []byte { seeds++; return dice.SeedFromInt(seeds) }})
	if err != nil {
		t.Fatal(err)
	}
	return app, st
}

func floodSay(app *App, room, user, text string) string {
	return texts(app.Handle(context.Background(), Request{Platform: "test", Room: room, User: User{ID: user, Name: user}, Text: text}))
}

// TestLongLineRefused (issue 14 §5): an over-long line is refused, not
// read and not echoed, typed or as a line.
func TestLongLineRefused(t *testing.T) {
	app, st := floodApp(t, Flood{})
	floodSay(app, "r1", "alice", "new gs-1 vs bob")
	floodSay(app, "r1", "bob", "accept")
	before := fingerprint(t, st)
	long := "deploy " + strings.Repeat("A1 0101 ", 200)
	got := floodSay(app, "r1", "alice", long)
	if !strings.Contains(got, "that order is 1607 characters long; the limit is 1000. It was not read.") || strings.Contains(got, "A1 0101 A1") || len(got) > 200 {
		t.Fatalf("an over-long line: %q", got)
	}
	r := app.Handle(context.Background(), Request{Platform: "test", Room: "r1", User: User{ID: "alice"}, Command: "deploy", Args: map[string]string{"placements": long}})
	if got := texts(r); !strings.Contains(got, "the limit is 1000") || strings.Contains(got, "A1 0101 A1") {
		t.Fatalf("an over-long typed order: %q", got)
	}
	if fingerprint(t, st) != before {
		t.Fatal("an over-long line changed the store")
	}
}

// TestOpenGameLimits (issue 14 §5): open games per user and per room, and
// challenges waiting for one user, are bounded.
func TestOpenGameLimits(t *testing.T) {
	app, _ := floodApp(t, Flood{UserOpenGames: 2, RoomOpenGames: 3, Invitations: 2})
	floodSay(app, "r1", "a", "new gs-1")
	floodSay(app, "r1", "a", "new gs-1")
	if got := floodSay(app, "r1", "a", "new gs-1"); !strings.Contains(got, "you already have 2 games waiting for players (the limit is 2)") {
		t.Fatalf("a third open game: %q", got)
	}
	floodSay(app, "r1", "b", "new gs-1")
	if got := floodSay(app, "r1", "c", "new gs-1"); !strings.Contains(got, "this room already has 3 games waiting for players (the limit is 3)") {
		t.Fatalf("a fourth open game in the room: %q", got)
	}
	floodSay(app, "r2", "c", "new gs-1 vs victim")
	floodSay(app, "r3", "d", "new gs-1 vs victim")
	if got := floodSay(app, "r4", "e", "new gs-1 vs victim"); !strings.Contains(got, "victim already has 2 challenges waiting (the limit is 2)") {
		t.Fatalf("a third challenge to one user: %q", got)
	}
	// Once a game starts it no longer counts.
	floodSay(app, "r1", "z", "join g1")
	if got := floodSay(app, "r1", "a", "new gs-1"); !strings.Contains(got, "g") || strings.Contains(got, "the limit is") {
		t.Fatalf("an open game after one started: %q", got)
	}
}

// TestPages (issue 14 §5): games, mine and history answer one message a
// page; page buttons where replies are private (Discord), the next
// page's command in the footer everywhere (Matrix: `!g games 2`).
func TestPages(t *testing.T) {
	app, _ := floodApp(t, Flood{PageLines: 3, UserOpenGames: 100, RoomOpenGames: 100})
	for i := range 7 {
		floodSay(app, "r1", fmt.Sprintf("u%d", i), "new gs-1")
	}
	app.SetLimits("test", Limits{MaxText: 2000, Buttons: 5, Ephemeral: true})
	r := app.Handle(context.Background(), Request{Platform: "test", Room: "r1", User: User{ID: "sam"}, Text: "games"})
	if len(r.Messages) != 1 || !strings.Contains(r.Messages[0].Text, "g3 ·") || strings.Contains(r.Messages[0].Text, "g4 ·") ||
		!strings.Contains(r.Messages[0].Text, "page 1/3 · next: `games 2`") {
		t.Fatalf("games, page 1: %q", texts(r))
	}
	if ch := r.Messages[0].Choices; len(ch) != 1 || ch[0].Command != "games 2" {
		t.Fatalf("page buttons: %+v", ch)
	}
	r = app.Handle(context.Background(), Request{Platform: "test", Room: "r1", User: User{ID: "sam"}, Text: "games 2"})
	if ch := r.Messages[0].Choices; len(ch) != 2 || ch[0].Command != "games 1" || ch[1].Command != "games 3" || !strings.Contains(r.Messages[0].Text, "g4 ·") {
		t.Fatalf("games, page 2: %q %+v", texts(r), ch)
	}
	if got := floodSay(app, "r1", "sam", "games 3"); !strings.Contains(got, "g7 ·") || !strings.Contains(got, "page 3/3") {
		t.Fatalf("games, page 3: %q", got)
	}
	if got := floodSay(app, "r1", "sam", "games 4"); !strings.Contains(got, "there is no page 4: there are 3") {
		t.Fatalf("games, page 4: %q", got)
	}
	// A platform without private replies (Matrix) gets no page buttons:
	// the reactions there are for decisions.
	app.SetLimits("test", Limits{MaxText: 16000, Buttons: 10})
	r = app.Handle(context.Background(), Request{Platform: "test", Room: "r1", User: User{ID: "sam"}, Text: "games"})
	if len(r.Messages) != 1 || len(r.Messages[0].Choices) != 0 || !strings.Contains(r.Messages[0].Text, "next: `games 2`") {
		t.Fatalf("games on a platform without private replies: %+v", r.Messages)
	}

	// History: the newest page first.
	floodSay(app, "r2", "alice", "new gs-1 vs bob")
	floodSay(app, "r2", "bob", "accept")
	for _, o := range []string{"alice deploy auto", "bob deploy auto", "alice ready", "bob ready"} {
		u, text, _ := strings.Cut(o, " ")
		floodSay(app, "r2", u, text)
	}
	got := floodSay(app, "r2", "alice", "history 2")
	if !strings.Contains(got, "#4 ") || !strings.Contains(got, "#3 ") || strings.Contains(got, "#2 ") || !strings.Contains(got, "page 1/2 · next: `g8 history 2 page 2`") {
		t.Fatalf("history, page 1: %q", got)
	}
	if got := floodSay(app, "r2", "alice", "g8 history 2 page 2"); !strings.Contains(got, "#1 ") || strings.Contains(got, "#3 ") {
		t.Fatalf("history, page 2: %q", got)
	}
}
