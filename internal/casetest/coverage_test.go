package casetest

import "testing"

func TestCites(t *testing.T) {
	for _, c := range []struct {
		text, id string
		want     bool
	}{
		{"(GS-4.19, GS-4.21)", "GS-4.19", true},
		{"(GS-4.19, GS-4.21)", "GS-4.1", false},
		{"GS-4.10 only", "GS-4.1", false},
		{"PTG-5.0.1.", "PTG-5.0.1", true},
		{"PTG-5.0.1 applies", "PTG-5.0", false},
		{"PTG-3.1.1A", "PTG-3.1.1", false},
		{"GS-S6.special", "GS-S6", true},
		{"GS-S6", "GS-S6.special", false},
		{"[PROP P-FORCE]", "P-FORCE", true},
		{"P-FORCE-X", "P-FORCE", false},
		{"GS-P-04", "P-04", false},
		{"rejected 3 terrain PTG-14.9.1", "PTG-14.9.1", true},
	} {
		if got := Cites(c.text, c.id); got != c.want {
			t.Errorf("Cites(%q, %q) = %v", c.text, c.id, got)
		}
	}
}
