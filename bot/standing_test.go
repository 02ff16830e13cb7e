package bot

import (
	"strings"
	"testing"
)

// TestStandingOrderPrivate: a Manœuvre standing order (MAN-P-46) given
// through the bot is accepted; the room hears only that a
// secret order was given, its owner alone reads what it says, and the
// opponent's private messages never name it.
func TestStandingOrderPrivate(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	e.must("alice", "new man-frgb vs bob")
	e.must("bob", "accept")
	r := e.say("bob", "standing guerrilla-march flank-right")
	var room, bob []string
	for _, m := range r.Messages {
		switch {
		case m.To == nil:
			room = append(room, m.Plain())
		case m.To.ID == "bob":
			bob = append(bob, m.Plain())
		default:
			t.Errorf("message to %s: %s", m.To.ID, m.Plain())
		}
	}
	if got := strings.Join(bob, "\n"); !strings.Contains(got, "guerrilla-march flank-right (MAN-P-46)") {
		t.Fatalf("bob's messages: %q (room: %q)", got, room)
	}
	if got := strings.Join(room, "\n"); strings.Contains(got, "guerrilla-march") || strings.Contains(got, "flank-right") {
		t.Errorf("the room reads the standing orders: %s", got)
	}
}
