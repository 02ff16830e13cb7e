package gs

import "testing"

// GS-TC-16 [DERIVED] (GS-4.16, GS-4.17): ratios are rounded in the
// defender's favour and capped at 1:4 and 6:1.
func TestOddsGS_TC_16(t *testing.T) {
	for _, c := range []struct {
		a, d int
		want string
	}{
		{9, 6, "1:1"}, {6, 9, "1:2"}, {7, 1, "6:1"}, {30, 4, "6:1"}, {12, 4, "3:1"}, {11, 4, "2:1"},
		{5, 4, "1:1"}, {4, 5, "1:2"}, {6, 7, "1:2"}, {4, 12, "1:3"}, {4, 13, "1:4"}, {2, 9, "1:4"}, {1, 5, "1:4"},
		// GS-4.16 examples XIV–XIX and XXXII.
		{8, 4, "2:1"}, {8, 6, "1:1"}, {7, 3, "2:1"}, {8, 2, "4:1"}, {13, 3, "4:1"}, {2, 2, "1:1"}, {6, 2, "3:1"},
		{4, 6, "1:2"}, {6, 8, "1:2"}, {3, 7, "1:3"}, {2, 6, "1:3"}, {8, 12, "1:2"}, {10, 3, "3:1"},
	} {
		if got := Odds(c.a, c.d); got != c.want {
			t.Errorf("Odds(%d, %d) = %s, want %s", c.a, c.d, got, c.want)
		}
	}
}

func TestMPFormat(t *testing.T) {
	for h, want := range map[int]string{0: "0", 1: "½", 2: "1", 3: "1½", 8: "4", 9: "4½"} {
		if got := mp(h); got != want {
			t.Errorf("mp(%d) = %q, want %q", h, got, want)
		}
	}
}
