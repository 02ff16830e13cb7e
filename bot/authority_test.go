package bot

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage"
)

// TestAuthorityFromTheGame (issue 14 §2): administrator rights over a game
// come from its home room or the configured operators, never from the
// room a command is typed in, and never to a player of the game.
func TestAuthorityFromTheGame(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var logs syncBuffer
	var seeds int64
	app, err := New(Config{Store: st, Logger: slog.New(slog.NewJSONHandler(&logs, nil)), Operators: []string{"test:op"},
		NewSeed: func() []byte { seeds++; return dice.SeedFromInt(seeds) }})
	if err != nil {
		t.Fatal(err)
	}
	// The platform's own notion: who administers which room.
	admins := map[string]bool{"r2/alice": true, "r1/root": true, "r2/root": true, "r2/remote": true}
	app.SetAuthority("test", func(_ context.Context, room, user string) bool { return admins[room+"/"+user] })
	say := func(room, user, text string) string {
		r := app.Handle(t.Context(), Request{Platform: "test", Room: room, User: User{ID: user, Name: user}, IsAdmin: admins[room+"/"+user], Text: text})
		return texts(r)
	}
	for _, u := range []string{"remote", "root", "op", "carol"} {
		say("r1", u, "help") // the bot notes their names
	}
	say("r1", "alice", "new gs-1 vs bob deadline=48h")
	say("r1", "bob", "accept")

	refused := func(room, user, text, want string) {
		t.Helper()
		before := fingerprint(t, st)
		if got := say(room, user, text); !strings.Contains(got, want) {
			t.Fatalf("%s in %s: %q: %q, want %q", user, room, text, got, want)
		}
		if fingerprint(t, st) != before {
			t.Fatalf("%s in %s: %q: refused but the store changed", user, room, text)
		}
	}
	// Alice administers room r2, and plays g1 (home r1): from r2 she may
	// address her game, but not administer it.
	for _, cmd := range []string{"g1 adjudicate", "g1 swap B @carol", "g1 abort"} {
		refused("r2", "alice", cmd, "never uses")
	}
	if got := say("r2", "alice", "g1 pause"); strings.Contains(got, "pauses the game's clock") || !strings.Contains(got, "asks to pause") {
		t.Fatalf("a seated administrator paused his own game: %q", got)
	}
	if got := say("r2", "alice", "g1 extend 24h"); strings.Contains(got, "⏩") && strings.Contains(got, "alice extends") {
		t.Fatalf("a seated administrator extended his own game: %q", got)
	}
	// Remote administers r2 only: r1's game is not his to judge, from r2
	// (not even named) or from r1 (where he has no rights).
	refused("r2", "remote", "g1 adjudicate", "not played in this room")
	refused("r1", "remote", "g1 adjudicate", "only an administrator of the room where g1 was created")
	// Root administers r1, the home room: he may, from r1.
	if got := say("r1", "root", "g1 adjudicate"); !strings.Contains(got, "adjudicated by root") {
		t.Fatalf("the home room's administrator: %q", got)
	}
	// An operator may, even seated in the game.
	say("r1", "alice", "g1 swap B @op") // refused: alice plays (checked above)
	if got := say("r1", "op", "g1 swap B @carol"); !strings.Contains(got, "gives side B to") {
		t.Fatalf("an operator swapping a seat: %q", got)
	}
	// The log says who did it.
	var granted bool
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, "administrator action") && strings.Contains(line, `"user":"op"`) && strings.Contains(line, `"command":"swap"`) && strings.Contains(line, `"as":"operator"`) {
			granted = true
		}
	}
	if !granted || !strings.Contains(logs.String(), `"user":"alice"`) {
		t.Fatalf("the log does not say who administered g1:\n%s", logs.String())
	}
}

// TestLeagueAuthority: a room administrator who plays in a league never
// substitutes or withdraws its players (issue 14 §2).
func TestLeagueAuthority(t *testing.T) {
	app, st := floodApp(t, Flood{})
	say := func(user, text string, admin bool) string {
		return texts(app.Handle(context.Background(), Request{Platform: "test", Room: "r1", User: User{ID: user, Name: user}, IsAdmin: admin, Text: text}))
	}
	say("root", "help", true)
	if got := say("alice", "league new spring players:@alice @bob scenarios:gs-1", true); !strings.Contains(got, "League spring is created") {
		t.Fatalf("league new: %s", got)
	}
	before := fingerprint(t, st)
	if got := say("alice", "league withdraw spring @bob", true); !strings.Contains(got, "you play in spring") {
		t.Fatalf("a playing administrator withdraws his opponent: %s", got)
	}
	if got := say("alice", "league substitute spring @bob @carol", true); !strings.Contains(got, "you play in spring") {
		t.Fatalf("a playing administrator substitutes his opponent: %s", got)
	}
	if fingerprint(t, st) != before {
		t.Fatal("a refused league action changed the store")
	}
	if got := say("root", "league substitute spring @bob @carol", true); strings.Contains(got, "you play in") {
		t.Fatalf("an administrator who does not play: %s", got)
	}
}
