package mech_test

import (
	"fmt"
	"slices"
	"testing"
	"testing/quick"

	"github.com/grognard/grognard/game/mech"
)

func TestOdds(t *testing.T) {
	for _, c := range []struct {
		a, d, best, worst int
		want              string
	}{
		{9, 6, 6, 4, "1:1"}, {6, 9, 6, 4, "1:2"}, {7, 1, 6, 4, "6:1"}, {12, 4, 6, 4, "3:1"}, {11, 4, 6, 4, "2:1"},
		{4, 12, 6, 4, "1:3"}, {4, 13, 6, 4, "1:4"}, {1, 5, 6, 4, "1:4"},
		{5, 0, 6, 4, "6:1"}, {0, 5, 6, 4, "1:4"}, {0, 0, 6, 4, "6:1"},
		{30, 4, 3, 2, "3:1"}, {1, 9, 3, 2, "1:2"}, {10, 1, 10, 1, "10:1"}, {1, 3, 10, 1, "1:1"},
	} {
		if got := mech.Odds(c.a, c.d, c.best, c.worst); got != c.want {
			t.Errorf("Odds(%d, %d, %d, %d) = %s, want %s", c.a, c.d, c.best, c.worst, got, c.want)
		}
	}
}

// TestOddsMonotone: more attack never reads a worse column, more defence
// never a better one, and every answer is a column of OddsColumns.
func TestOddsMonotone(t *testing.T) {
	cols := mech.OddsColumns(6, 4)
	if want := []string{"1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"}; !slices.Equal(cols, want) {
		t.Fatalf("OddsColumns(6, 4) = %v, want %v", cols, want)
	}
	pos := func(a, d int) int {
		i := slices.Index(cols, mech.Odds(a, d, 6, 4))
		if i < 0 {
			t.Fatalf("Odds(%d, %d) = %s is not a column", a, d, mech.Odds(a, d, 6, 4))
		}
		return i
	}
	f := func(a, d, more uint8) bool {
		x, y, m := int(a), int(d), int(more)
		return pos(x+m, y) >= pos(x, y) && pos(x, y+m) <= pos(x, y)
	}
	if err := quick.Check(f, nil); err != nil {
		t.Error(err)
	}
}

func TestAxis(t *testing.T) {
	x := mech.Axis{Lo: -7, Hi: 11}
	for _, c := range []struct{ v, shift, clamp, shifted, index int }{
		{0, 2, 0, 2, 7}, {-9, 1, -7, -7, 0}, {-9, 3, -7, -6, 0}, {10, 3, 10, 11, 17}, {15, -2, 11, 11, 18}, {-7, -1, -7, -7, 0},
	} {
		if got := x.Clamp(c.v); got != c.clamp {
			t.Errorf("Clamp(%d) = %d, want %d", c.v, got, c.clamp)
		}
		if got := x.Shift(c.v, c.shift); got != c.shifted {
			t.Errorf("Shift(%d, %d) = %d, want %d", c.v, c.shift, got, c.shifted)
		}
		if got := x.Index(c.v); got != c.index {
			t.Errorf("Index(%d) = %d, want %d", c.v, got, c.index)
		}
		if got := x.Contains(c.v); got != (c.v == c.clamp) {
			t.Errorf("Contains(%d) = %v", c.v, got)
		}
	}
	// A shift never leaves the table, and shifting within it adds up.
	f := func(v, a, b int8) bool {
		s := x.Shift(int(v), int(a))
		return x.Contains(s) && (!x.Contains(int(v)+int(a)) || s == int(v)+int(a))
	}
	if err := quick.Check(f, nil); err != nil {
		t.Error(err)
	}
}

func TestParseAxis(t *testing.T) {
	for _, c := range []struct {
		heads []string
		want  mech.Axis
		err   string
	}{
		{[]string{"-2", "-1", "0", "+1", "+2"}, mech.Axis{Lo: -2, Hi: 2}, ""},
		{[]string{"1", "2", "3", "4", "5", "6"}, mech.Axis{Lo: 1, Hi: 6}, ""},
		{[]string{"0", "2"}, mech.Axis{}, `"2" does not follow 0`},
		{[]string{"0", "x"}, mech.Axis{}, `"x" is not a number`},
	} {
		got, err := mech.ParseAxis(c.heads)
		if fmt.Sprint(err) != c.err && !(err == nil && c.err == "") {
			t.Errorf("ParseAxis(%q) error %v, want %q", c.heads, err, c.err)
		}
		if err == nil && got != c.want {
			t.Errorf("ParseAxis(%q) = %+v, want %+v", c.heads, got, c.want)
		}
	}
}

func TestSpans(t *testing.T) {
	sps, err := mech.ParseSpans([]string{"1", "2", "3-4", "5-8", "9+"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []mech.Span{{1, 1}, {2, 2}, {3, 4}, {5, 8}, {9, mech.Open}}
	if !slices.Equal(sps, want) {
		t.Fatalf("spans = %v, want %v", sps, want)
	}
	for v, i := range map[int]int{0: -1, 1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 8: 3, 9: 4, 1000: 4, -5: -1} {
		if got := mech.SpanIndex(sps, v); got != i {
			t.Errorf("SpanIndex(%d) = %d, want %d", v, got, i)
		}
	}
	for _, c := range []struct {
		heads []string
		first int
		err   string
	}{
		{[]string{"2", "3+"}, 2, ""},
		{[]string{"1", "3"}, 1, `column "3": expected a column starting at 2`},
		{[]string{"2"}, 1, `column "2": expected a column starting at 1`},
		{[]string{"1+", "2"}, 1, `column "1+": only the last column may be N+`},
		{[]string{"1-x"}, 1, `column "1-x": want N, N-M or N+`},
		{[]string{"3-2"}, 1, `column "3-2": want N, N-M or N+`},
		{[]string{"a"}, 1, `column "a": want N, N-M or N+`},
	} {
		_, err := mech.ParseSpans(c.heads, c.first)
		if (err == nil) != (c.err == "") || (err != nil && err.Error() != c.err) {
			t.Errorf("ParseSpans(%q, %d) error %v, want %q", c.heads, c.first, err, c.err)
		}
	}
}
