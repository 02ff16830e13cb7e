package console

import (
	"slices"
	"strings"
	"testing"
)

// TestManEndgame plays the end of a Manœuvre game through the terminal
// room (testdata/man/endgame.txt): the Imperial Guard closes on the
// reduced Foot Guards, the British defend with a card of their own, and
// the fifth British unit eliminated ends the game (MAN-2.1.1) — each hand
// shown only to its owner, the defence's cards public once played.
func TestManEndgame(t *testing.T) {
	h := scenarioHarness(t, "testdata/man/endgame.toml")
	got := runTranscriptWith(t, "testdata/man/endgame.txt", h)
	shows(t, got,
		"hand A · 5: guard-1 (A2d8 D7 NRA), guard-2 (A2d8 D7 NRA), soult (cmd 3 cbt 3 rally 1-3), supply-1",
		"g1 is over: A wins",
	)
	// What each player received: the public lines, and the messages
	// private to him (a message runs to the next line not indented).
	recv := received(got, "alice", "bob")
	// Cards that stay in a hand to the end of the game: alice drew the
	// guard-3 in secret, bob kept Wellington and the kdg-1.
	receivedNone(t, recv, map[string][]string{"bob": {"guard-3", "cuir-1"}, "alice": {"wellington", "kdg-1", "gb4-1"}}, "")
	if !strings.Contains(recv["alice"], "A draws guard-3") || !strings.Contains(recv["bob"], "wellington") {
		t.Error("a player does not read his own hand")
	}
}

// TestManComplete: the card arguments of Manœuvre's orders complete over
// the legal cards of the asker's own hand, and over nothing for the
// player who is not to act: completion does not tell whether a hand
// holds a playable card.
func TestManComplete(t *testing.T) {
	h := scenarioHarness(t, "testdata/man/endgame.toml")
	h.open()
	for _, l := range [][2]string{{"alice", "new man-endgame vs bob"}, {"bob", "accept"}, {"alice", "discard"}, {"alice", "move guard d5"}, {"alice", "end"}} {
		h.say(l[0], l[1])
	}
	// The assault's card: the unit cards of units next to an enemy (the
	// Guard's two), not Soult, Supply or the Cuirassiers' card.
	if got := h.complete("alice", "assault", "card", map[string]string{}); !slices.Equal(got, []string{"guard-1", "guard-2"}) {
		t.Errorf("alice's assault cards: %v", got)
	}
	if got := h.complete("bob", "assault", "card", map[string]string{}); len(got) != 0 {
		t.Errorf("bob, not to act, is offered %v", got)
	}
	h.say("alice", "assault guard-1 fguard")
	// The defence: the Foot Guards' own card, and Wellington (a Leader).
	if got := h.complete("bob", "defend", "card", map[string]string{}); !slices.Contains(got, "fguard-1") || slices.Contains(got, "kdg-1") || slices.Contains(got, "gb4-1") {
		t.Errorf("bob's defence cards: %v", got)
	}
	if got := h.complete("alice", "defend", "card", map[string]string{}); len(got) != 0 {
		t.Errorf("alice is offered bob's defence %v", got)
	}
}
