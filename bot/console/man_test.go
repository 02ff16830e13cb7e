package console

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/scenarios"
)

// TestManEndgame plays the end of a Manœuvre game through the terminal
// room (testdata/man/endgame.txt): the Imperial Guard closes on the
// reduced Foot Guards, the British defend with a card of their own, and
// the fifth British unit eliminated ends the game (MAN-2.1.1) — each hand
// shown only to its owner, the defence's cards public once played.
func TestManEndgame(t *testing.T) {
	src, err := os.ReadFile("testdata/man/endgame.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Parse("testdata/man/endgame.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.scenarios = []*game.Scenario{sc}
	got := runTranscriptWith(t, "testdata/man/endgame.txt", h)
	for _, want := range []string{
		"hand A · 5: guard-1 (A2d8 D7 NRA), guard-2 (A2d8 D7 NRA), soult (cmd 3 cbt 3 rally 1-3), supply-1",
		"g1 is over: A wins",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the conversation does not show %q", want)
		}
	}
	// What each player received: the public lines, and the messages
	// private to him (a message runs to the next line not indented).
	recv := received(got, "alice", "bob")
	// Cards that stay in a hand to the end of the game: alice drew the
	// guard-3 in secret, bob kept Wellington and the kdg-1.
	for u, cards := range map[string][]string{"bob": {"guard-3", "cuir-1"}, "alice": {"wellington", "kdg-1", "gb4-1"}} {
		for _, c := range cards {
			if strings.Contains(recv[u], c) {
				t.Errorf("%s received the other side's %s", u, c)
			}
		}
	}
	if !strings.Contains(recv["alice"], "A draws guard-3") || !strings.Contains(recv["bob"], "wellington") {
		t.Error("a player does not read his own hand")
	}
}

// TestManComplete: the card arguments of Manœuvre's orders complete over
// the legal cards of the asker's own hand, and over nothing for the
// player who is not to act: completion does not tell whether a hand
// holds a playable card.
func TestManComplete(t *testing.T) {
	src, err := os.ReadFile("testdata/man/endgame.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Parse("testdata/man/endgame.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.scenarios = []*game.Scenario{sc}
	h.open()
	complete := func(user, command, arg string) []string {
		req := bot.Request{Platform: Platform, Room: "terminal", User: bot.User{ID: user, Name: user}, Command: command, Args: map[string]string{}}
		var out []string
		for _, c := range h.app.Complete(h.ctx, req, arg, "") {
			out = append(out, c.Command)
		}
		slices.Sort(out)
		return out
	}
	say := func(user, line string) {
		h.room.User = user
		if _, err := h.room.Line(h.ctx, line); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range [][2]string{{"alice", "new man-endgame vs bob"}, {"bob", "accept"}, {"alice", "discard"}, {"alice", "move guard d5"}, {"alice", "end"}} {
		say(l[0], l[1])
	}
	// The assault's card: the unit cards of units next to an enemy (the
	// Guard's two), not Soult, Supply or the Cuirassiers' card.
	if got := complete("alice", "assault", "card"); !slices.Equal(got, []string{"guard-1", "guard-2"}) {
		t.Errorf("alice's assault cards: %v", got)
	}
	if got := complete("bob", "assault", "card"); len(got) != 0 {
		t.Errorf("bob, not to act, is offered %v", got)
	}
	say("alice", "assault guard-1 fguard")
	// The defence: the Foot Guards' own card, and Wellington (a Leader).
	if got := complete("bob", "defend", "card"); !slices.Contains(got, "fguard-1") || slices.Contains(got, "kdg-1") || slices.Contains(got, "gb4-1") {
		t.Errorf("bob's defence cards: %v", got)
	}
	if got := complete("alice", "defend", "card"); len(got) != 0 {
		t.Errorf("alice is offered bob's defence %v", got)
	}
}
