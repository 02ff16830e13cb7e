package flg_test

import (
	"fmt"
	"testing"

	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/flg"
)

// TestCatalogue checks the troop catalogue against FLG-T2 (and FLG-T4,
// FLG-A2.10, FLG-A2.11, FLG-A2.12, FLG-A2.13, FLG-A2.14: infantry, cavalry,
// lancers, camelry, artillery):
// every type, and the numbers of a sample of rows; a Normal unit has 3
// stands (FLG-A2.1).
func TestCatalogue(t *testing.T) {
	types, err := flg.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	if len(types) != 39 {
		t.Errorf("%d troop types, FLG-T2 has 39 (with the panicking elephant)", len(types))
	}
	want := map[string][8]any{ // family MA max range dice hit retreat stands
		"INF_L_MUSKET": {"inf", 2, 2, 1, 2, "INF", 1, 3},
		"INF_H_MUSKET": {"inf", 1, 2, 1, 3, "INF", 1, 3},
		"INF_H_RIFLE":  {"inf", 1, 2, 2, 3, "INF", 1, 3},
		"CAV_L":        {"cav", 4, 4, 1, 2, "CAV", 2, 3},
		"CAV_H":        {"cav", 3, 3, 1, 4, "CAV", 2, 3},
		"CAM_SH":       {"cav", 2, 2, 1, 3, "CAV", 2, 3},
		"ELE_H":        {"ele", 2, 2, 1, 6, "CAV", 2, 1},
		"ELE_DWARF":    {"cav", 3, 3, 1, 3, "CAV", 2, 2},
		"ART_F_L":      {"art", 0, 1, 3, 3, "ART", 1, 3},
		"ART_F_VH":     {"art", 0, 1, 5, 3, "ART", 1, 3},
		"ART_H_VL":     {"art", 3, 3, 2, 3, "ART", 2, 3},
		"ART_E_L":      {"art", 2, 2, 3, 3, "ART", 2, 1},
		"ART_E_H":      {"art", 1, 2, 4, 3, "ART", 1, 3},
		"RKT_H":        {"art", 0, 1, 4, 3, "ART", 1, 3},
		"PANIC_ELE":    {"panic", 0, 0, 1, 3, "CAV", 1, 1},
	}
	for id, w := range want {
		ty := flg.TypeOf(id)
		if ty == nil {
			t.Errorf("no type %s", id)
			continue
		}
		got := [8]any{ty.Family, ty.MA, ty.Max, ty.Range, ty.Dice, ty.Hit, ty.Retreat, ty.Stands}
		if got != w {
			t.Errorf("%s: %v, want %v (FLG-T2)", id, got, w)
		}
	}
	for _, tag := range [][2]string{{"INF_L_TRAD", "irregular"}, {"INF_H_MELEE", "nomissile"}, {"LAN_SH", "superheavy"}, {"LAN_L", "lancer"}, {"ART_ZAMB", "camel"}, {"ART_F_VH", "cap1"}, {"RKT_VH", "cap1"}, {"RKT_L", "rocket"}, {"CAV_M", "modern"}, {"ART_E_VL", "full"}} {
		if !flg.TypeOf(tag[0]).Has(tag[1]) {
			t.Errorf("%s lacks %s", tag[0], tag[1])
		}
	}
	if flg.TypeOf("CAV_L").Has("modern") || flg.TypeOf("CAM_M").Has("modern") {
		t.Errorf("light cavalry and camelry are not modern (FLG-P-16)")
	}
}

// TestTables checks FLG-T1 (faces), T3 (activations, FLG-P-6), T5
// (FLG-A3.1, FLG-A3.3), T6 (FLG-A2.20), T7 (FLG-A2.21), T8 (FLG-A2.22),
// T12, T13 (the officers of Annex 3, FLG-A3), T14 (FLG-A2.31) and T15 as
// loaded.
func TestTables(t *testing.T) {
	faces := []string{"", "INF", "CAV", "ART", "FLAG", "FLAG", "TA"}
	for v := 1; v <= 6; v++ {
		if f := flg.Face(v); f != faces[v] {
			t.Errorf("d6 %d is %q, want %s (FLG-T1, FLG-P-3)", v, f, faces[v])
		}
	}
	for lvl, n := range map[string]int{"super-elite": 2, "elite": 1, "trained": 0, "recruits": -1, "levy": -2} {
		if got, ok := flg.TrainingDice(lvl); !ok || got != n {
			t.Errorf("training %s: %d (FLG-T6)", lvl, got)
		}
	}
	for lvl, n := range map[string]int{"iron": 5, "solid": 4, "normal": 3, "weak": 2, "unstable": 1} {
		if got, ok := flg.MoraleStands(lvl); !ok || got != n {
			t.Errorf("morale %s: %d (FLG-T7)", lvl, got)
		}
	}
	for n, want := range map[int]string{9: "[3]", 12: "[4]", 15: "[4]", 16: "[3 3]", 21: "[4 4]", 30: "[4 4]", 45: "[4 4 3]", 60: "[4 4 3 3]"} {
		if got := fmtInts(flg.ActivationSizes(n)); got != want {
			t.Errorf("army of %d: activations %s, want %s (FLG-T3, FLG-P-6)", n, got, want)
		}
	}
	tb, err := flg.GameTables()
	if err != nil {
		t.Fatal(err)
	}
	for rank, want := range map[string]string{"GC": "[5 3 no 2]", "SG": "[3 3 yes 2]", "SO": "[1 3 yes 1]"} {
		if r, _ := tb.Row("officers", rank); fmt.Sprint(r) != want {
			t.Errorf("officer %s: %v, want %s (FLG-T5)", rank, r, want)
		}
	}
	if n := len(tb.Keys("traits")); n != 22 {
		t.Errorf("%d traits, FLG-T8 has 22 (A1–A7, B1–B4, C1–C6, D1–D5)", n)
	}
	if n := len(tb.Keys("countries")); n != 20 {
		t.Errorf("%d countries, FLG-T14 has 20", n)
	}
	for _, l := range []string{"A", "D", "MS"} {
		if _, ok := tb.Row("staff", l); !ok {
			t.Errorf("no staff letter %s (FLG-T13)", l)
		}
	}
	for diff, want := range map[int]string{0: "marginal", 20: "marginal", 40: "average", 50: "average", 60: "decisive"} {
		if got := flg.VictoryLevel(diff); got != want {
			t.Errorf("difference %d%%: %s, want %s (FLG-T15)", diff, got, want)
		}
	}
}

// TestFaceFrequencies is FLG-TC-001: over 60,000 seeded rolls the flag
// comes up about a third of the time and every other face about a sixth.
func TestFaceFrequencies(t *testing.T) {
	d := &dice.Seeded{Seed: dice.SeedFromInt(1)}
	count := map[string]int{}
	const n = 60000
	for range n {
		count[flg.RollFace(d)]++
	}
	for f, p := range map[string]float64{"INF": 1.0 / 6, "CAV": 1.0 / 6, "ART": 1.0 / 6, "FLAG": 1.0 / 3, "TA": 1.0 / 6} {
		if got := float64(count[f]) / n; got < p-0.01 || got > p+0.01 {
			t.Errorf("face %s: %.3f of the rolls, want %.3f", f, got, p)
		}
	}
}

func fmtInts(v []int) string {
	s := "["
	for i, x := range v {
		if i > 0 {
			s += " "
		}
		s += string(rune('0' + x))
	}
	return s + "]"
}
