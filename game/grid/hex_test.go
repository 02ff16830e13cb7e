package grid_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/game/grid"
)

// digestNeighbor is the neighbour of (c, r) in direction d exactly as
// written in the Grands Stratèges digest §6.12 (flat-top, odd-q).
func digestNeighbor(c grid.Coord, d int) grid.Coord {
	x, y := c.X, c.Y
	if x%2 == 0 {
		return [6]grid.Coord{
			{x, y - 1},     // N
			{x + 1, y - 1}, // NE
			{x + 1, y},     // SE
			{x, y + 1},     // S
			{x - 1, y},     // SW
			{x - 1, y - 1}, // NW
		}[d]
	}
	return [6]grid.Coord{
		{x, y - 1},     // N
		{x + 1, y},     // NE
		{x + 1, y + 1}, // SE
		{x, y + 1},     // S
		{x - 1, y + 1}, // SW
		{x - 1, y},     // NW
	}[d]
}

// digestDistance is the digest's cube-coordinate distance, written out
// independently of the package.
func digestDistance(a, b grid.Coord) int {
	cube := func(c grid.Coord) (int, int, int) {
		q := c.X
		r := c.Y - (c.X-(c.X&1))/2
		return q, r, -q - r
	}
	aq, ar, as := cube(a)
	bq, br, bs := cube(b)
	return max(iabs(aq-bq), iabs(ar-br), iabs(as-bs))
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func TestHexStepMatchesDigest(t *testing.T) {
	g := grid.NewHex(12, 10)
	// Include cells outside the grid: Step must not care about bounds.
	for x := -3; x < 15; x++ {
		for y := -3; y < 13; y++ {
			c := grid.Coord{X: x, Y: y}
			for d := 0; d < 6; d++ {
				want := digestNeighbor(c, d)
				if got := g.Step(c, d); got != want {
					t.Errorf("Step(%v, %d) = %v, want %v (column parity %d)", c, d, got, want, x&1)
				}
				// Directions wrap modulo 6 both ways.
				if got := g.Step(c, d+6); got != want {
					t.Errorf("Step(%v, %d) = %v, want %v", c, d+6, got, want)
				}
				if got := g.Step(c, d-6); got != want {
					t.Errorf("Step(%v, %d) = %v, want %v", c, d-6, got, want)
				}
			}
		}
	}
}

func TestHexNeighbors(t *testing.T) {
	g := grid.NewHex(12, 10)
	for _, c := range g.Cells() {
		var want []grid.Coord
		for d := 0; d < 6; d++ {
			if n := digestNeighbor(c, d); g.Contains(n) {
				want = append(want, n)
			}
		}
		got := g.Neighbors(c)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("Neighbors(%v) = %v, want %v", c, got, want)
		}
		for d := 0; d < 6; d++ {
			n := g.Step(c, d)
			// Opposite directions undo each other.
			if back := g.Step(n, d+3); back != c {
				t.Errorf("Step(Step(%v, %d), %d) = %v, want %v", c, d, d+3, back, c)
			}
			if g.Contains(n) {
				if !g.Adjacent(c, n) || !g.Adjacent(n, c) {
					t.Errorf("Adjacent(%v, %v) = false, want true", c, n)
				}
				if got := grid.DirTo(g, c, n); got != d {
					t.Errorf("DirTo(%v, %v) = %d, want %d", c, n, got, d)
				}
			}
		}
		if g.Adjacent(c, c) {
			t.Errorf("Adjacent(%v, %v) = true for the same cell", c, c)
		}
	}
	// Corner cells: (0,0) is even, so it has only S and SE on the map;
	// (11,9) is odd, so it has only N and NW.
	for _, tc := range []struct {
		c    grid.Coord
		want string
	}{
		{grid.Coord{X: 0, Y: 0}, "[{1 0} {0 1}]"},
		{grid.Coord{X: 11, Y: 9}, "[{11 8} {10 9}]"},
		{grid.Coord{X: 11, Y: 0}, "[{11 1} {10 1} {10 0}]"},
	} {
		if got := fmt.Sprint(g.Neighbors(tc.c)); got != tc.want {
			t.Errorf("Neighbors(%v) = %s, want %s", tc.c, got, tc.want)
		}
	}
	if got := grid.DirTo(g, grid.Coord{X: 5, Y: 5}, grid.Coord{X: 5, Y: 7}); got != -1 {
		t.Errorf("DirTo of a cell two steps away = %d, want -1", got)
	}
}

// TC-07 (GS-3.1): a unit at (5,5) controls exactly (5,4), (6,5), (6,6),
// (5,6), (4,6), (4,5).
func TestHexTC07(t *testing.T) {
	g := grid.NewHex(20, 24)
	got := g.Neighbors(grid.Coord{X: 5, Y: 5})
	want := []grid.Coord{{5, 4}, {6, 5}, {6, 6}, {5, 6}, {4, 6}, {4, 5}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Neighbors((5,5)) = %v, want %v", got, want)
	}
	for d, n := range want {
		if got := g.Distance(grid.Coord{X: 5, Y: 5}, n); got != 1 {
			t.Errorf("Distance((5,5), %v) = %d, want 1", n, got)
		}
		if got := grid.DirTo(g, grid.Coord{X: 5, Y: 5}, n); got != d {
			t.Errorf("DirTo((5,5), %v) = %d, want %d", n, got, d)
		}
	}
}

// bfs returns the number of steps from start to every cell of g, walking
// only through Neighbors.
func bfs(g grid.Grid, start grid.Coord) map[grid.Coord]int {
	dist := map[grid.Coord]int{start: 0}
	queue := []grid.Coord{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range g.Neighbors(c) {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

func TestHexDistanceMatchesBFS(t *testing.T) {
	// Exhaustive over all 120×120 pairs of a 12×10 grid.
	g := grid.NewHex(12, 10)
	cells := g.Cells()
	if len(cells) != 120 {
		t.Fatalf("Cells() has %d cells, want 120", len(cells))
	}
	for _, a := range cells {
		steps := bfs(g, a)
		if len(steps) != len(cells) {
			t.Fatalf("BFS from %v reached %d cells, want %d", a, len(steps), len(cells))
		}
		for _, b := range cells {
			got := g.Distance(a, b)
			if got != steps[b] {
				t.Errorf("Distance(%v, %v) = %d, BFS over Neighbors gives %d", a, b, got, steps[b])
			}
			if dd := digestDistance(a, b); got != dd {
				t.Errorf("Distance(%v, %v) = %d, digest formula gives %d", a, b, got, dd)
			}
			if got != grid.HexDistance(a, b) {
				t.Errorf("Distance and HexDistance disagree on %v, %v", a, b)
			}
		}
	}
}

func TestHexDistanceMetric(t *testing.T) {
	g := grid.NewHex(12, 10)
	cells := g.Cells()
	for _, a := range cells {
		for _, b := range cells {
			ab := g.Distance(a, b)
			if ab != g.Distance(b, a) {
				t.Fatalf("Distance(%v, %v) = %d but Distance(%v, %v) = %d", a, b, ab, b, a, g.Distance(b, a))
			}
			if (ab == 0) != (a == b) {
				t.Fatalf("Distance(%v, %v) = %d", a, b, ab)
			}
			for _, c := range cells {
				if ac, cb := g.Distance(a, c), g.Distance(c, b); ab > ac+cb {
					t.Fatalf("triangle inequality fails: d(%v,%v)=%d > d(%v,%v)=%d + d(%v,%v)=%d", a, b, ab, a, c, ac, c, b, cb)
				}
			}
		}
	}
}

func TestCubeRoundTrip(t *testing.T) {
	for x := -25; x <= 25; x++ {
		for y := -25; y <= 25; y++ {
			c := grid.Coord{X: x, Y: y}
			q, r, s := grid.Cube(c)
			if q+r+s != 0 {
				t.Fatalf("Cube(%v) = (%d,%d,%d), sum %d, want 0", c, q, r, s, q+r+s)
			}
			if q != x {
				t.Fatalf("Cube(%v) q = %d, want the column %d", c, q, x)
			}
			if back := grid.FromCube(q, r); back != c {
				t.Fatalf("FromCube(Cube(%v)) = %v", c, back)
			}
		}
	}
	// Cube steps: the six neighbours differ by a unit cube vector.
	g := grid.NewHex(1, 1)
	for _, c := range []grid.Coord{{4, 4}, {5, 4}, {-3, 2}, {-2, -7}} {
		q, r, s := grid.Cube(c)
		for d := 0; d < 6; d++ {
			nq, nr, ns := grid.Cube(g.Step(c, d))
			if got := max(iabs(nq-q), iabs(nr-r), iabs(ns-s)); got != 1 {
				t.Errorf("Step(%v, %d) is %d cube steps away, want 1", c, d, got)
			}
		}
	}
	// Worked values: (5,5) → q 5, r 5-2 = 3; (4,4) → q 4, r 2.
	if q, r, s := grid.Cube(grid.Coord{X: 5, Y: 5}); q != 5 || r != 3 || s != -8 {
		t.Errorf("Cube((5,5)) = (%d,%d,%d), want (5,3,-8)", q, r, s)
	}
	if q, r, s := grid.Cube(grid.Coord{X: 4, Y: 4}); q != 4 || r != 2 || s != -6 {
		t.Errorf("Cube((4,4)) = (%d,%d,%d), want (4,2,-6)", q, r, s)
	}
}

func TestHexCenter(t *testing.T) {
	g := grid.NewHex(12, 10)
	// Adjacent centres are √3 apart for a unit circumradius, and an odd
	// column sits half a row lower than its even neighbours.
	for _, c := range g.Cells() {
		cx, cy := g.Center(c)
		for _, n := range g.Neighbors(c) {
			nx, ny := g.Center(n)
			d2 := (nx-cx)*(nx-cx) + (ny-cy)*(ny-cy)
			if d2 < 3-1e-9 || d2 > 3+1e-9 {
				t.Fatalf("centres of %v and %v are %.6f² apart, want 3", c, n, d2)
			}
		}
	}
	_, y0 := g.Center(grid.Coord{X: 0, Y: 0})
	_, y1 := g.Center(grid.Coord{X: 1, Y: 0})
	if y1 <= y0 {
		t.Errorf("odd column (1,0) centre y %.3f is not below (0,0) y %.3f", y1, y0)
	}
}

func TestHexLabelRoundTrip(t *testing.T) {
	for _, g := range []*grid.Hex{
		grid.NewHex(12, 10),
		grid.NewHex(40, 24, grid.Board{Name: "A", X0: 0, W: 20}, grid.Board{Name: "B", X0: 20, W: 20}),
	} {
		for _, c := range g.Cells() {
			l := g.Label(c)
			if len(l) != 4 {
				t.Errorf("Label(%v) = %q, want four digits", c, l)
			}
			got, err := g.Parse(l)
			if err != nil || got != c {
				t.Errorf("Parse(Label(%v) = %q) = %v, %v", c, l, got, err)
			}
			paren := fmt.Sprintf("(%d,%d)", c.X, c.Y)
			if got, err := g.Parse(paren); err != nil || got != c {
				t.Errorf("Parse(%q) = %v, %v, want %v", paren, got, err, c)
			}
			bl := g.BoardLabel(c)
			if got, err := g.Parse(bl); err != nil || got != c {
				t.Errorf("Parse(BoardLabel(%v) = %q) = %v, %v", c, bl, got, err)
			}
			if len(g.Boards) == 0 && bl != l {
				t.Errorf("BoardLabel(%v) = %q on a grid without boards, want %q", c, bl, l)
			}
		}
	}
}

func TestHexParse(t *testing.T) {
	g := grid.NewHex(40, 24, grid.Board{Name: "A", X0: 0, W: 20}, grid.Board{Name: "B", X0: 20, W: 20})
	for _, tc := range []struct {
		in   string
		want grid.Coord
	}{
		{"0512", grid.Coord{X: 5, Y: 12}},
		{"(5,12)", grid.Coord{X: 5, Y: 12}},
		{"( 5 , 12 )", grid.Coord{X: 5, Y: 12}},
		{" 0512 ", grid.Coord{X: 5, Y: 12}},
		{"0000", grid.Coord{X: 0, Y: 0}},
		{"3923", grid.Coord{X: 39, Y: 23}},
		{"A0712", grid.Coord{X: 7, Y: 12}},
		{"A1919", grid.Coord{X: 19, Y: 19}},
		{"B0019", grid.Coord{X: 20, Y: 19}},
		{"B0423", grid.Coord{X: 24, Y: 23}},
		{"B1911", grid.Coord{X: 39, Y: 11}},
		{"2412", grid.Coord{X: 24, Y: 12}}, // global CCRR still works with boards
	} {
		got, err := g.Parse(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		c    grid.Coord
		want string
	}{
		{grid.Coord{X: 7, Y: 12}, "A0712"},
		{grid.Coord{X: 24, Y: 23}, "B0423"},
		{grid.Coord{X: 19, Y: 11}, "A1911"},
		{grid.Coord{X: 20, Y: 12}, "B0012"},
		{grid.Coord{X: 0, Y: 0}, "A0000"},
	} {
		if got := g.BoardLabel(tc.c); got != tc.want {
			t.Errorf("BoardLabel(%v) = %q, want %q", tc.c, got, tc.want)
		}
		if got := g.Label(tc.c); got != fmt.Sprintf("%02d%02d", tc.c.X, tc.c.Y) {
			t.Errorf("Label(%v) = %q, want global CCRR", tc.c, got)
		}
	}
}

func TestHexParseErrors(t *testing.T) {
	g := grid.NewHex(40, 24, grid.Board{Name: "A", X0: 0, W: 20}, grid.Board{Name: "B", X0: 20, W: 20})
	for _, in := range []string{
		"",
		"   ",
		"4000",     // column 40 is off a 40-column map
		"0524",     // row 24 is off a 24-row map
		"9999",     // far off
		"abcd",     // junk
		"05x2",     // junk digit
		"051",      // too short
		"05123",    // five digits: not CCRR, and no board "0"
		"0512 x",   // trailing junk
		"(5)",      // one coordinate
		"(5,12,1)", // three coordinates
		"(a,b)",    // not numbers
		"(-1,3)",   // off map
		"(40,0)",   // off map
		"(5,12",    // unbalanced
		"C0101",    // unknown board
		"A2000",    // board-local column 20 is beyond board A's 20 columns
		"B2000",    // … and beyond board B's
		"A0724",    // row off the map
		"Ax712",    // junk after the board letter
		"A071",     // board label too short
		"-102",     // negative column
		"05-1",     // negative row
	} {
		c, err := g.Parse(in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, c)
			continue
		}
		if !errors.Is(err, grid.ErrLabel) {
			t.Errorf("Parse(%q) error %q does not wrap ErrLabel", in, err)
		}
	}
	// A board label on a map without boards is refused.
	plain := grid.NewHex(40, 24)
	if c, err := plain.Parse("A0712"); err == nil || !errors.Is(err, grid.ErrLabel) {
		t.Errorf("Parse(%q) on a map without boards = %v, %v, want ErrLabel", "A0712", c, err)
	}
	// Errors name the input.
	if _, err := g.Parse("C0101"); err == nil || !containsAll(err.Error(), `"C0101"`, "C") {
		t.Errorf("Parse(%q) error = %v, want it to quote the input and name the board", "C0101", err)
	}
	if _, err := g.Parse("A2000"); err == nil || !containsAll(err.Error(), "20", "A") {
		t.Errorf("Parse(%q) error = %v, want it to name the column and the board", "A2000", err)
	}
}

// TestHexParseSignedJunk: CCRR is four digits, and a sign is not a digit.
func TestHexParseSignedJunk(t *testing.T) {
	g := grid.NewHex(40, 24, grid.Board{Name: "A", X0: 0, W: 20})
	for _, in := range []string{"+1+2", "+5+7", "-0-0", "A+1+2", "+000"} {
		if c, err := g.Parse(in); err == nil || !errors.Is(err, grid.ErrLabel) {
			t.Errorf("Parse(%q) = %v, %v, want ErrLabel", in, c, err)
		}
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func TestEdge(t *testing.T) {
	g := grid.NewHex(12, 10)
	seen := map[grid.Edge]bool{}
	pairs := 0
	for _, a := range g.Cells() {
		for _, b := range g.Neighbors(a) {
			pairs++
			e := grid.EdgeOf(a, b)
			if e != grid.EdgeOf(b, a) {
				t.Fatalf("EdgeOf(%v,%v) = %v but EdgeOf(%v,%v) = %v", a, b, e, b, a, grid.EdgeOf(b, a))
			}
			if !e.A.Less(e.B) {
				t.Fatalf("EdgeOf(%v,%v) = %v is not ordered", a, b, e)
			}
			if e.Other(a) != b || e.Other(b) != a {
				t.Fatalf("%v.Other(%v) = %v, Other(%v) = %v", e, a, e.Other(a), b, e.Other(b))
			}
			seen[e] = true
		}
	}
	if len(seen)*2 != pairs {
		t.Errorf("%d distinct edges from %d ordered neighbour pairs, want exactly half", len(seen), pairs)
	}
	// The cross-join hexside of the digest, A1911|B0012, is one edge
	// whichever way it is named.
	bg := grid.NewHex(40, 24, grid.Board{Name: "A", W: 20}, grid.Board{Name: "B", X0: 20, W: 20})
	a, b := grid.MustParse(bg, "A1911"), grid.MustParse(bg, "B0012")
	if !bg.Adjacent(a, b) {
		t.Errorf("A1911 %v and B0012 %v are not adjacent", a, b)
	}
	if grid.EdgeOf(a, b) != (grid.Edge{A: grid.Coord{X: 19, Y: 11}, B: grid.Coord{X: 20, Y: 12}}) {
		t.Errorf("EdgeOf(A1911, B0012) = %v", grid.EdgeOf(a, b))
	}
}

func TestCoordLess(t *testing.T) {
	// Less is the order of CCRR labels.
	g := grid.NewHex(12, 10)
	cells := g.Cells()
	for i := 1; i < len(cells); i++ {
		if !cells[i-1].Less(cells[i]) || cells[i].Less(cells[i-1]) {
			t.Fatalf("Cells() not in Less order at %v, %v", cells[i-1], cells[i])
		}
		if g.Label(cells[i-1]) >= g.Label(cells[i]) {
			t.Fatalf("labels %q, %q not in Less order", g.Label(cells[i-1]), g.Label(cells[i]))
		}
	}
	if (grid.Coord{X: 3, Y: 3}).Less(grid.Coord{X: 3, Y: 3}) {
		t.Error("Less is not strict")
	}
}

func TestMustParsePanics(t *testing.T) {
	g := grid.NewHex(12, 10)
	if got := grid.MustParse(g, "0509"); got != (grid.Coord{X: 5, Y: 9}) {
		t.Errorf("MustParse(0509) = %v", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParse of an off-map label did not panic")
		}
	}()
	grid.MustParse(g, "1200")
}

// A map printed from "0101" (Base 1) labels the north-west hex 0101.
func TestHexLabelBaseOne(t *testing.T) {
	g := &grid.Hex{W: 40, H: 41, Base: 1}
	if got := g.Label(grid.Coord{X: 0, Y: 0}); got != "0101" {
		t.Errorf("Label(0,0) = %s", got)
	}
	for _, c := range g.Cells() {
		back, err := g.Parse(g.Label(c))
		if err != nil || back != c {
			t.Fatalf("%v → %s → %v, %v", c, g.Label(c), back, err)
		}
	}
	for _, bad := range []string{"0000", "0100", "4142", "0001"} {
		if _, err := g.Parse(bad); err == nil {
			t.Errorf("%s accepted on a map printed from 0101", bad)
		}
	}
}

// TestHexWideLabels: a map of 100 columns or more is labelled with three
// column digits everywhere (CCCRR), and parsed the same way; four-digit
// labels are refused there rather than read ambiguously.
func TestHexWideLabels(t *testing.T) {
	g := grid.NewHex(120, 30)
	for _, tc := range []struct {
		c    grid.Coord
		want string
	}{{grid.Coord{X: 105, Y: 4}, "10504"}, {grid.Coord{X: 5, Y: 4}, "00504"}, {grid.Coord{X: 119, Y: 29}, "11929"}} {
		if got := g.Label(tc.c); got != tc.want {
			t.Errorf("Label(%v) = %q, want %q", tc.c, got, tc.want)
		}
		if got, err := g.Parse(tc.want); err != nil || got != tc.c {
			t.Errorf("Parse(%q) = %v, %v, want %v", tc.want, got, err, tc.c)
		}
	}
	if _, err := g.Parse("0504"); err == nil || !containsAll(err.Error(), "five digits CCCRR") {
		t.Errorf("Parse(0504) on a 120-column map: %v, want a five-digit error", err)
	}
	tall := grid.NewHex(20, 150)
	if got := tall.Label(grid.Coord{X: 3, Y: 120}); got != "03120" {
		t.Errorf("Label on a 150-row map = %q, want 03120", got)
	}
	if got := (&grid.Hex{W: 100, H: 10, Base: 1}).Label(grid.Coord{X: 99, Y: 9}); got != "10010" {
		t.Errorf("column 100 of a 100-column map printed from 0101 = %q, want 10010", got)
	}
	if got := grid.NewHex(99, 10).Label(grid.Coord{X: 98, Y: 9}); got != "9809" {
		t.Errorf("a 99-column map keeps CCRR: %q", got)
	}
}
