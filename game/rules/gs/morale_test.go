package gs

import (
	"testing"

	"github.com/grognard/grognard/game"
)

// GS-TC-45 [DERIVED] (GS-11.1, GS-11.2, GS-P-18, GS-S8.special): exact
// thresholds on a full army of 107 PC.
func TestMoraleThresholdsGS_TC_45(t *testing.T) {
	for _, c := range []struct {
		losses, total, pct int
		want               bool
	}{
		{53, 107, 50, false}, {54, 107, 50, true},
		{42, 107, 40, false}, {43, 107, 40, true},
		{64, 107, 60, false}, {65, 107, 60, true},
		{0, 107, 0, false},
	} {
		if got := moraleBroken(c.losses, c.total, c.pct); got != c.want {
			t.Errorf("losses %d of %d at %d%%: %v", c.losses, c.total, c.pct, got)
		}
	}
	for in, want := range map[string][2]int{"50": {50, 50}, "40/60": {40, 60}, "30%/60%": {30, 60}} {
		if got, err := parseThresholds(in); err != nil || got != want {
			t.Errorf("%q → %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "x", "0", "101", "1/2/3"} {
		if _, err := parseThresholds(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// GS-TC-50 (GS-S7.victory, GS-P-31): A starts at 68 and loses 20, B starts
// at 107 and loses 37: 100 × (37·68 − 20·107) = 37,600 > 5·68·107 = 36,380,
// A wins; if B loses 36, 30,800 < 36,380, a draw.
func TestPercentVictoryGS_TC_50(t *testing.T) {
	if got := percentJudge(20, 68, 37, 107, 5); got != game.SideA {
		t.Errorf("37 lost: %v", got)
	}
	if got := percentJudge(20, 68, 36, 107, 5); got != game.Nobody {
		t.Errorf("36 lost: %v", got)
	}
	if got := percentJudge(40, 68, 20, 107, 5); got != game.SideB {
		t.Errorf("A losing more: %v", got)
	}
}
