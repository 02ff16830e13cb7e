package grid_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grognard/grognard/game/grid"
)

func checkTrace(t *testing.T, g grid.Grid, a, b grid.Coord, k int, tr []grid.Coord, wantLen int) {
	t.Helper()
	if len(tr) == 0 || tr[0] != a || tr[len(tr)-1] != b {
		t.Fatalf("Lines(%v, %v) trace %d = %v: does not run from a to b", a, b, k, tr)
	}
	if wantLen > 0 && len(tr) != wantLen {
		t.Fatalf("Lines(%v, %v) trace %d = %v: %d cells, want %d", a, b, k, tr, len(tr), wantLen)
	}
	for i := 1; i < len(tr); i++ {
		if !g.Adjacent(tr[i-1], tr[i]) {
			t.Fatalf("Lines(%v, %v) trace %d = %v: %v and %v are not adjacent", a, b, k, tr, tr[i-1], tr[i])
		}
	}
}

// halfFrac reports whether the cube component a + d·i/n has fractional
// part exactly ½, in integers: 2·d·i ≡ n (mod 2n).
func halfFrac(d, i, n int) bool {
	m := (2 * d * i) % (2 * n)
	if m < 0 {
		m += 2 * n
	}
	return m == n
}

// tieAt reports whether sample i of the line a→b (n = distance) lies
// exactly half-way between two hex centres, i.e. two of its cube
// components end in ½. Only there may the ±ε traces differ.
func tieAt(a, b grid.Coord, i, n int) bool {
	if n == 0 {
		return false
	}
	aq, ar, as := grid.Cube(a)
	bq, br, bs := grid.Cube(b)
	halves := 0
	for _, d := range []int{bq - aq, br - ar, bs - as} {
		if halfFrac(d, i, n) {
			halves++
		}
	}
	return halves >= 2
}

func TestHexLinesAllPairs(t *testing.T) {
	g := grid.NewHex(12, 10)
	differ := 0
	for _, a := range g.Cells() {
		for _, b := range g.Cells() {
			n := g.Distance(a, b)
			l := grid.HexLines(a, b)
			if gl := grid.Lines(g, a, b); fmt.Sprint(gl) != fmt.Sprint(l) {
				t.Fatalf("Lines(hex, %v, %v) = %v, HexLines = %v", a, b, gl, l)
			}
			for k := range 2 {
				checkTrace(t, g, a, b, k, l[k], n+1)
			}
			// The traces part only at samples that sit exactly on a
			// hexside between two centres, and there they take the two
			// hexes on either side.
			same := true
			for i := 0; i <= n; i++ {
				tie := tieAt(a, b, i, n)
				if !tie && l[0][i] != l[1][i] {
					t.Fatalf("HexLines(%v, %v) = %v: traces differ at sample %d, which is not on a hexside", a, b, l, i)
				}
				if tie && (l[0][i] == l[1][i] || !g.Adjacent(l[0][i], l[1][i])) {
					t.Fatalf("HexLines(%v, %v) = %v: sample %d is on a hexside but the traces do not take both sides", a, b, l, i)
				}
				same = same && l[0][i] == l[1][i]
			}
			if !same {
				differ++
			}
			// Fire is geometric: the line from b to a is the same line.
			r := grid.HexLines(b, a)
			for k := range 2 {
				rev := slices.Clone(r[k])
				slices.Reverse(rev)
				if !slices.Equal(rev, l[k]) {
					t.Fatalf("HexLines(%v, %v) trace %d = %v, but from %v to %v reversed it is %v", a, b, k, l[k], b, a, rev)
				}
			}
		}
	}
	t.Logf("%d of %d ordered pairs of a 12x10 grid have two different traces", differ, 120*120)
}

func TestHexLinesAlongHexside(t *testing.T) {
	// TC-40 (g): from (4,4) to (6,4) the line runs exactly along the
	// hexside between (5,4) and (5,3); one trace goes through each.
	a, b := grid.Coord{X: 4, Y: 4}, grid.Coord{X: 6, Y: 4}
	l := grid.HexLines(a, b)
	if l[0][1] == l[1][1] {
		t.Fatalf("HexLines(%v, %v) = %v: one trace, want two", a, b, l)
	}
	mids := []grid.Coord{l[0][1], l[1][1]}
	slices.SortFunc(mids, func(x, y grid.Coord) int {
		if x.Less(y) {
			return -1
		}
		return 1
	})
	if want := []grid.Coord{{5, 3}, {5, 4}}; !slices.Equal(mids, want) {
		t.Errorf("HexLines(%v, %v) = %v: middle hexes %v, want %v", a, b, l, mids, want)
	}
	for k := range 2 {
		if len(l[k]) != 3 || l[k][0] != a || l[k][2] != b {
			t.Errorf("HexLines(%v, %v) trace %d = %v", a, b, k, l[k])
		}
	}

	// A longer line along hexsides (distance 4) splits at every odd
	// sample and meets again at the even ones.
	a, b = grid.Coord{X: 2, Y: 5}, grid.Coord{X: 6, Y: 5}
	l = grid.HexLines(a, b)
	if n := grid.HexDistance(a, b); n != 4 {
		t.Fatalf("HexDistance(%v, %v) = %d, want 4", a, b, n)
	}
	for i := 0; i <= 4; i++ {
		if (l[0][i] == l[1][i]) != (i%2 == 0) {
			t.Errorf("HexLines(%v, %v) = %v: at sample %d the traces should %s", a, b, l, i, map[bool]string{true: "meet", false: "part"}[i%2 == 0])
		}
	}
	if l[0][2] != (grid.Coord{X: 4, Y: 5}) {
		t.Errorf("HexLines(%v, %v) = %v: midpoint %v, want (4,5)", a, b, l, l[0][2])
	}
}

func TestHexLinesStraight(t *testing.T) {
	// Down a column: one trace through (5,6), (5,7).
	a, b := grid.Coord{X: 5, Y: 5}, grid.Coord{X: 5, Y: 8}
	l := grid.HexLines(a, b)
	want := []grid.Coord{{5, 5}, {5, 6}, {5, 7}, {5, 8}}
	if !slices.Equal(l[0], want) || !slices.Equal(l[1], want) {
		t.Errorf("HexLines(%v, %v) = %v, want both %v", a, b, l, want)
	}
	// TC-37: (10,13) to (10,11) passes through (10,12).
	l = grid.HexLines(grid.Coord{X: 10, Y: 13}, grid.Coord{X: 10, Y: 11})
	want = []grid.Coord{{10, 13}, {10, 12}, {10, 11}}
	if !slices.Equal(l[0], want) || !slices.Equal(l[1], want) {
		t.Errorf("HexLines((10,13), (10,11)) = %v, want both %v", l, want)
	}
	// Along a hex direction (NE), through hex centres.
	l = grid.HexLines(grid.Coord{X: 2, Y: 5}, grid.Coord{X: 6, Y: 3})
	want = []grid.Coord{{2, 5}, {3, 4}, {4, 4}, {5, 3}, {6, 3}}
	if !slices.Equal(l[0], want) || !slices.Equal(l[1], want) {
		t.Errorf("HexLines((2,5), (6,3)) = %v, want both %v", l, want)
	}
	// A line to itself is the one cell.
	c := grid.Coord{X: 3, Y: 3}
	l = grid.HexLines(c, c)
	if !slices.Equal(l[0], []grid.Coord{c}) || !slices.Equal(l[1], []grid.Coord{c}) {
		t.Errorf("HexLines(%v, %v) = %v", c, c, l)
	}
}

func TestSquareLinesBasic(t *testing.T) {
	g := grid.NewSquare(8, 8)
	king := &grid.Square{W: 8, H: 8, Diagonal: true}
	for _, a := range g.Cells() {
		for _, b := range g.Cells() {
			l := grid.Lines(g, a, b)
			for k := range 2 {
				// Steps are at most one king move, with no repeats.
				checkTrace(t, king, a, b, k, l[k], 0)
				if len(l[k]) < king.Distance(a, b)+1 {
					t.Fatalf("Lines(%v, %v) trace %d = %v is shorter than the king distance", a, b, k, l[k])
				}
			}
		}
	}
	// Along a rank or a file the traces are equal and hold every square.
	for _, tc := range []struct {
		a, b grid.Coord
		want []grid.Coord
	}{
		{grid.Coord{X: 0, Y: 0}, grid.Coord{X: 3, Y: 0}, []grid.Coord{{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
		{grid.Coord{X: 2, Y: 6}, grid.Coord{X: 2, Y: 3}, []grid.Coord{{2, 6}, {2, 5}, {2, 4}, {2, 3}}},
		{grid.Coord{X: 4, Y: 4}, grid.Coord{X: 4, Y: 4}, []grid.Coord{{4, 4}}},
	} {
		l := grid.Lines(g, tc.a, tc.b)
		if !slices.Equal(l[0], tc.want) || !slices.Equal(l[1], tc.want) {
			t.Errorf("Lines(%v, %v) = %v, want both %v", tc.a, tc.b, l, tc.want)
		}
	}
}

// TestSquareLinesSupercover checks what the Lines doc comment promises for
// square grids: the supercover of the segment between centres (every
// square it passes through, consecutive squares sharing a side), split in
// two where the segment passes exactly through a corner.
func TestSquareLinesSupercover(t *testing.T) {
	g := grid.NewSquare(8, 8)
	for _, a := range g.Cells() {
		for _, b := range g.Cells() {
			l := grid.Lines(g, a, b)
			n := iabs(a.X-b.X) + iabs(a.Y-b.Y)
			for k := range 2 {
				checkTrace(t, g, a, b, k, l[k], n+1)
			}
		}
	}
	for _, tc := range []struct {
		a, b   grid.Coord
		t0, t1 []grid.Coord
	}{
		{grid.Coord{X: 0, Y: 0}, grid.Coord{X: 4, Y: 1},
			[]grid.Coord{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {3, 1}, {4, 1}},
			[]grid.Coord{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {3, 1}, {4, 1}}},
		{grid.Coord{X: 0, Y: 0}, grid.Coord{X: 2, Y: 2},
			[]grid.Coord{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}},
			[]grid.Coord{{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}}},
		{grid.Coord{X: 0, Y: 0}, grid.Coord{X: 2, Y: 1},
			[]grid.Coord{{0, 0}, {1, 0}, {1, 1}, {2, 1}},
			[]grid.Coord{{0, 0}, {1, 0}, {1, 1}, {2, 1}}},
	} {
		l := grid.Lines(g, tc.a, tc.b)
		got := [][]grid.Coord{l[0], l[1]}
		slices.SortFunc(got, func(x, y []grid.Coord) int { return slices.CompareFunc(x, y, cmpCoord) })
		want := [][]grid.Coord{tc.t0, tc.t1}
		slices.SortFunc(want, func(x, y []grid.Coord) int { return slices.CompareFunc(x, y, cmpCoord) })
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("Lines(%v, %v) = %v, want the traces %v", tc.a, tc.b, l, want)
		}
	}
}

func cmpCoord(a, b grid.Coord) int {
	switch {
	case a.Less(b):
		return -1
	case b.Less(a):
		return 1
	}
	return 0
}
