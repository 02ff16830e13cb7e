package bot

import (
	"slices"
	"testing"
)

// TestIsOrderVerb: the probe knows every ruleset's orders and nothing else.
func TestIsOrderVerb(t *testing.T) {
	for _, v := range []string{"move", "attack", "end", "draw", "roads", "reinforce", "place", "redoubt", "rally", "MOVE"} {
		if !isOrderVerb(v) {
			t.Errorf("%q is an order of a ruleset", v)
		}
	}
	for _, v := range []string{"frobnicate", "mvoe", "boad", "helo"} {
		if isOrderVerb(v) {
			t.Errorf("%q is no order", v)
		}
	}
}

func TestNearCommands(t *testing.T) {
	for _, tc := range []struct {
		word string
		want []string
	}{
		{"mvoe", []string{"move"}},
		{"boad", []string{"board"}},
		{"stat", []string{"status"}},
		{"frobnicate", nil},
		{"x", nil},
	} {
		if got := nearCommands(tc.word); !slices.Equal(got, tc.want) && !(len(tc.want) > 0 && len(got) > 0 && got[0] == tc.want[0]) {
			t.Errorf("nearCommands(%q) = %q, want %q first", tc.word, got, tc.want)
		}
	}
}
