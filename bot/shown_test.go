package bot

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
)

// TestStaleChoice: a bare number answers the decision last shown to its
// side, that record surviving a restart; when the side was last shown
// another decision (one since settled), the number is refused to its
// typist alone with the decision now pending, the log unchanged, and the
// next number answers that one.
func TestStaleChoice(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "new gs-1 vs bob")
	e.must("bob", "accept") // bob is shown his set-up decision
	e.open()                // a restart keeps what was shown
	m, _, err := e.app.readShown("g1")
	if err != nil || m[game.SideB] == "" {
		t.Fatalf("shown after the ping and a restart: %v, %v", m, err)
	}
	shown := m[game.SideB]
	// B was last shown another decision, settled since.
	if err := e.app.updateShown("g1", func(m shownDecisions) bool { m[game.SideB] = "settled"; return true }); err != nil {
		t.Fatal(err)
	}
	logLen := func() int {
		recs, err := e.store.Records("g1", 1)
		if err != nil {
			t.Fatal(err)
		}
		return len(recs)
	}
	before := logLen()
	r := e.say("bob", "1")
	if len(r.Messages) != 1 || r.Messages[0].To == nil || r.Messages[0].To.ID != "bob" || !r.Messages[0].Ephemeral ||
		!strings.Contains(r.Messages[0].Text, "that decision was settled") || !strings.Contains(r.Messages[0].Text, "1. ") {
		t.Fatalf("a late 1 was not refused privately with the pending decision:\n%s", texts(r))
	}
	if n := logLen(); n != before {
		t.Fatalf("the refused 1 changed the log: %d records, was %d", n, before)
	}
	if m, _, _ := e.app.readShown("g1"); m[game.SideB] != shown {
		t.Errorf("the refusal did not count as showing the pending decision: %q, want %q", m[game.SideB], shown)
	}
	if r := e.say("bob", "choose 1"); !strings.Contains(texts(r), "B placed 7 unit(s)") {
		t.Fatalf("choose 1 after the refusal: %s", texts(r))
	}
	if m, _, _ := e.app.readShown("g1"); m[game.SideB] != "" {
		t.Errorf("B's own answer did not end the record: %q", m[game.SideB])
	}
}
