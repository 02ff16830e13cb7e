package bot

import (
	"slices"
	"testing"
)

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
		if got := commands.near(tc.word); !slices.Equal(got, tc.want) && !(len(tc.want) > 0 && len(got) > 0 && got[0] == tc.want[0]) {
			t.Errorf("near(%q) = %q, want %q first", tc.word, got, tc.want)
		}
	}
}
