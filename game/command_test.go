package game

import (
	"slices"
	"testing"
)

// TestWords: the notation's word splitting, including every hex form the
// docs show (docs/orders.md "Naming things").
func TestWords(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"move A3 0512", []string{"move", "A3", "0512"}},
		{"move A3 A0712", []string{"move", "A3", "A0712"}},
		{"move A3 (5,12)", []string{"move", "A3", "(5,12)"}},
		{"move A3 ( 5 , 12 )", []string{"move", "A3", "(5,12)"}},
		{"move A3 (5,11),(5,12)", []string{"move", "A3", "(5,11)", "(5,12)"}},
		{"attack A3,A4->(5,12)", []string{"attack", "A3", "A4", "->", "(5,12)"}},
		{"attack A3+A4 → B7", []string{"attack", "A3", "+", "A4", "->", "B7"}},
		{"deploy A1 0101, A2 0102", []string{"deploy", "A1", "0101", "A2", "0102"}},
		{"move a1 (x,12)", []string{"move", "a1", "(x", "12)"}},
	} {
		if got := Words(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("Words(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
