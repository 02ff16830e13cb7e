package matrix

import (
	"testing"

	"github.com/grognard/grognard/bot"
)

// TestMerge: two messages merged into one event keep every mention
// pointing at its user, once each, and the options of the one that has
// them; two messages with options are never merged.
func TestMerge(t *testing.T) {
	tok := func(n int) string { return string(mentionOpen) + string(rune('0'+n)) + string(mentionClose) }
	ann, bob := bot.User{ID: "@ann:x", Name: "ann"}, bot.User{ID: "@bob:x", Name: "bob"}
	a := bot.Message{Text: "g1 begins: A " + tok(0) + ", B " + tok(1), Mentions: []bot.User{ann, bob}}
	b := bot.Message{Text: tok(0) + " g1 · B to decide", Mentions: []bot.User{bob},
		Choices: []bot.Choice{{Label: "auto", Command: "g1 deploy auto"}}}
	m := merge(a, b)
	if got, want := m.Plain(), "g1 begins: A @ann, B @bob\n\n@bob g1 · B to decide"; got != want {
		t.Errorf("merged text %q, want %q", got, want)
	}
	if len(m.Mentions) != 2 || len(m.Choices) != 1 {
		t.Errorf("merged mentions %v, choices %v", m.Mentions, m.Choices)
	}
	c := bot.Message{Text: tok(0) + " and " + tok(1), Mentions: []bot.User{{ID: "@cy:x", Name: "cy"}, ann}}
	if got, want := merge(m, c).Plain(), "g1 begins: A @ann, B @bob\n\n@bob g1 · B to decide\n\n@cy and @ann"; got != want {
		t.Errorf("merged thrice %q, want %q", got, want)
	}
	if mergeable(b, b) {
		t.Error("two messages with options are mergeable")
	}
	if !mergeable(a, b) {
		t.Error("a message without options and one with them are not mergeable")
	}
}
