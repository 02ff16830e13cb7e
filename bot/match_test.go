package bot

import (
	"strings"
	"testing"
)

// all joins every message of a response.
func allText(r Response) string {
	var b strings.Builder
	for _, m := range r.Messages {
		b.WriteString(m.Plain())
		b.WriteString("\n")
	}
	return b.String()
}

// playDraw plays a gs-7 game between a (side A) and b to a quiet draw:
// nobody enters or moves, so nobody loses anything in twelve turns.
func playDraw(e *env, id, a, b string) string {
	e.t.Helper()
	e.must(a, id+" deploy auto")
	e.must(a, id+" ready")
	e.must(b, id+" roads auto")
	e.must(b, id+" ready")
	var last string
	for turn := 0; turn < 12; turn++ {
		e.must(a, id+" end")
		last = allText(e.must(b, id+" end"))
	}
	return last
}

// GS-S7.special: after the first game of a two-game match the bot gives
// the command for the return game with the sides swapped; after the return
// game it gives the match result.
func TestTwoGameMatch(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "new gs-7 vs bob side A")
	e.must("bob", "accept g1")
	end1 := playDraw(e, "g1", "alice", "bob")
	if !strings.Contains(end1, "new gs-7 vs @bob side B") {
		t.Fatalf("first game's end does not offer the return game:\n%s", end1)
	}
	e.must("alice", "new gs-7 vs bob side B")
	e.must("bob", "accept g2")
	end2 := playDraw(e, "g2", "bob", "alice")
	if !strings.Contains(end2, "Two-game match (g1 then g2)") || !strings.Contains(end2, "drawn the match") {
		t.Fatalf("return game's end gives no match result:\n%s", end2)
	}
	if strings.Contains(end2, "side B\n") && strings.Contains(end2, "return game") {
		t.Errorf("the return game offers a third game:\n%s", end2)
	}
}
