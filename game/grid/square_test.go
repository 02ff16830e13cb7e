package grid_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/grognard/grognard/game/grid"
)

func TestSquareNeighbors(t *testing.T) {
	g := grid.NewSquare(8, 8)
	if g.Kind() != "square" || g.Dirs() != 4 {
		t.Fatalf("Kind, Dirs = %q, %d", g.Kind(), g.Dirs())
	}
	for _, tc := range []struct {
		c    grid.Coord
		want string
	}{
		{grid.Coord{X: 3, Y: 3}, "[{3 2} {4 3} {3 4} {2 3}]"}, // N E S W
		{grid.Coord{X: 0, Y: 0}, "[{1 0} {0 1}]"},
		{grid.Coord{X: 7, Y: 7}, "[{7 6} {6 7}]"},
		{grid.Coord{X: 0, Y: 4}, "[{0 3} {1 4} {0 5}]"},
	} {
		if got := fmt.Sprint(g.Neighbors(tc.c)); got != tc.want {
			t.Errorf("Neighbors(%v) = %s, want %s", tc.c, got, tc.want)
		}
	}
	if g.Adjacent(grid.Coord{X: 3, Y: 3}, grid.Coord{X: 4, Y: 4}) {
		t.Error("diagonal squares are adjacent without Diagonal")
	}

	d := &grid.Square{W: 8, H: 8, Diagonal: true}
	if d.Dirs() != 8 {
		t.Fatalf("Dirs with Diagonal = %d, want 8", d.Dirs())
	}
	// N NE E SE S SW W NW
	want := "[{3 2} {4 2} {4 3} {4 4} {3 4} {2 4} {2 3} {2 2}]"
	if got := fmt.Sprint(d.Neighbors(grid.Coord{X: 3, Y: 3})); got != want {
		t.Errorf("Diagonal Neighbors((3,3)) = %s, want %s", got, want)
	}
	if got := fmt.Sprint(d.Neighbors(grid.Coord{X: 0, Y: 0})); got != "[{1 0} {1 1} {0 1}]" {
		t.Errorf("Diagonal Neighbors((0,0)) = %s", got)
	}
	for _, sg := range []*grid.Square{g, d} {
		n := sg.Dirs()
		for _, c := range sg.Cells() {
			for dir := 0; dir < n; dir++ {
				s := sg.Step(c, dir)
				if back := sg.Step(s, dir+n/2); back != c {
					t.Fatalf("Step(Step(%v,%d),%d) = %v (diagonal %v)", c, dir, dir+n/2, back, sg.Diagonal)
				}
				if sg.Step(c, dir+n) != s || sg.Step(c, dir-n) != s {
					t.Fatalf("Step(%v, %d) does not wrap modulo %d", c, dir, n)
				}
				if sg.Contains(s) && grid.DirTo(sg, c, s) != dir {
					t.Fatalf("DirTo(%v, %v) = %d, want %d", c, s, grid.DirTo(sg, c, s), dir)
				}
			}
		}
	}
}

func TestSquareDistance(t *testing.T) {
	for _, g := range []*grid.Square{grid.NewSquare(8, 6), {W: 8, H: 6, Diagonal: true}} {
		for _, a := range g.Cells() {
			steps := bfs(g, a)
			for _, b := range g.Cells() {
				dx, dy := iabs(a.X-b.X), iabs(a.Y-b.Y)
				want := dx + dy
				if g.Diagonal {
					want = max(dx, dy)
				}
				if got := g.Distance(a, b); got != want || got != steps[b] {
					t.Fatalf("Distance(%v, %v) diagonal=%v = %d, want %d (BFS %d)", a, b, g.Diagonal, got, want, steps[b])
				}
			}
		}
	}
}

func TestSquareLabels(t *testing.T) {
	g := grid.NewSquare(8, 8)
	for _, tc := range []struct {
		label string
		c     grid.Coord
	}{
		{"a1", grid.Coord{X: 0, Y: 7}},
		{"h8", grid.Coord{X: 7, Y: 0}},
		{"a8", grid.Coord{X: 0, Y: 0}},
		{"h1", grid.Coord{X: 7, Y: 7}},
		{"d4", grid.Coord{X: 3, Y: 4}},
		{"e5", grid.Coord{X: 4, Y: 3}},
	} {
		if got := g.Label(tc.c); got != tc.label {
			t.Errorf("Label(%v) = %q, want %q", tc.c, got, tc.label)
		}
		if got, err := g.Parse(tc.label); err != nil || got != tc.c {
			t.Errorf("Parse(%q) = %v, %v, want %v", tc.label, got, err, tc.c)
		}
	}
	if got, err := g.Parse(" D4 "); err != nil || got != (grid.Coord{X: 3, Y: 4}) {
		t.Errorf("Parse(\" D4 \") = %v, %v", got, err)
	}
	for _, sg := range []*grid.Square{g, grid.NewSquare(12, 10)} {
		for _, c := range sg.Cells() {
			l := sg.Label(c)
			if got, err := sg.Parse(l); err != nil || got != c {
				t.Errorf("%dx%d: Parse(Label(%v) = %q) = %v, %v", sg.W, sg.H, c, l, got, err)
			}
		}
	}
	// Rank 10 on a 12×10 board is the top row.
	if got := grid.NewSquare(12, 10).Label(grid.Coord{X: 11, Y: 0}); got != "l10" {
		t.Errorf("Label((11,0)) on 12x10 = %q, want l10", got)
	}
	for _, in := range []string{"", "a", "1", "11", "aa", "a0", "a9", "i1", "z1", "a-1", "a1x", "é1", "(0,0)", "0000"} {
		c, err := g.Parse(in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, c)
			continue
		}
		if !errors.Is(err, grid.ErrLabel) {
			t.Errorf("Parse(%q) error %q does not wrap ErrLabel", in, err)
		}
	}
}

// TestSquareParseSignedJunk: a rank is digits, and a sign is not a digit.
func TestSquareParseSignedJunk(t *testing.T) {
	g := grid.NewSquare(8, 8)
	for _, in := range []string{"a+1", "h+8"} {
		if c, err := g.Parse(in); err == nil || !errors.Is(err, grid.ErrLabel) {
			t.Errorf("Parse(%q) = %v, %v, want ErrLabel", in, c, err)
		}
	}
}
