package mech_test

import (
	"slices"
	"testing"

	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

func TestSightStraight(t *testing.T) {
	g := grid.NewHex(7, 7)
	p := func(s string) grid.Coord { return grid.MustParse(g, s) }
	a, b := p("0200"), p("0204")
	none := func(grid.Coord, bool) bool { return false }
	ok, line := mech.Sight(g, a, b, none, nil)
	if want := []grid.Coord{p("0201"), p("0202"), p("0203")}; !ok || !slices.Equal(line, want) {
		t.Errorf("Sight(0200, 0204) = %v %v, want clear %v", ok, line, want)
	}
	wood := func(c grid.Coord, _ bool) bool { return c == p("0202") }
	if ok, _ := mech.Sight(g, a, b, wood, nil); ok {
		t.Error("a wood between does not block")
	}
	ends := func(c grid.Coord, _ bool) bool { return c == a || c == b }
	if ok, _ := mech.Sight(g, a, b, ends, nil); !ok {
		t.Error("the firing or target cell blocks")
	}
	if ok, _ := mech.Sight(g, a, p("0201"), func(grid.Coord, bool) bool { return true }, nil); !ok {
		t.Error("adjacent cells do not see each other")
	}
	wall := func(c, d grid.Coord) bool { return grid.EdgeOf(c, d) == grid.EdgeOf(p("0202"), p("0203")) }
	if ok, _ := mech.Sight(g, a, b, none, wall); ok {
		t.Error("a blocking edge crossed does not block")
	}
	if ok, _ := mech.Sight(g, a, p("0202"), none, wall); !ok {
		t.Error("a blocking edge beyond the target blocks")
	}
}

// TestSightAlongEdges: on every line of a 7×7 hex grid that runs along
// an edge somewhere, one blocking cell beside it does not block, both do,
// and an edge run along blocks; a cell the line passes through blocks.
func TestSightAlongEdges(t *testing.T) {
	g := grid.NewHex(7, 7)
	none := func(grid.Coord, bool) bool { return false }
	along := 0
	for _, a := range g.Cells() {
		for _, b := range g.Cells() {
			tr := grid.Lines(g, a, b)
			ok, line := mech.Sight(g, a, b, none, nil)
			if !ok {
				t.Fatalf("%v→%v blocked with nothing in the way", a, b)
			}
			if len(line) < len(tr[0])-2 {
				t.Fatalf("%v→%v: line %v is shorter than the trace %v", a, b, line, tr[0])
			}
			for i := 1; i < len(tr[0])-1; i++ {
				h0, h1 := tr[0][i], tr[1][i]
				if h0 == h1 {
					if ok, _ := mech.Sight(g, a, b, func(c grid.Coord, _ bool) bool { return c == h0 }, nil); ok {
						t.Fatalf("%v→%v: %v on the line does not block", a, b, h0)
					}
					continue
				}
				along++
				if !g.Adjacent(h0, h1) {
					t.Fatalf("%v→%v: %v and %v beside the line are not adjacent", a, b, h0, h1)
				}
				if ok, _ := mech.Sight(g, a, b, func(c grid.Coord, beside bool) bool { return c == h0 && beside }, nil); !ok {
					t.Fatalf("%v→%v: %v alone beside the line blocks", a, b, h0)
				}
				if ok, _ := mech.Sight(g, a, b, func(c grid.Coord, beside bool) bool { return (c == h0 || c == h1) && beside }, nil); ok {
					t.Fatalf("%v→%v: %v and %v both beside the line do not block", a, b, h0, h1)
				}
				if ok, _ := mech.Sight(g, a, b, none, func(c, d grid.Coord) bool { return grid.EdgeOf(c, d) == grid.EdgeOf(h0, h1) }); ok {
					t.Fatalf("%v→%v: the edge %v–%v run along does not block", a, b, h0, h1)
				}
			}
		}
	}
	if along == 0 {
		t.Fatal("no line ran along an edge: the test tested nothing")
	}
}

// TestEitherTrace: clear when either trace is, returning that trace.
func TestEitherTrace(t *testing.T) {
	for _, g := range []grid.Grid{grid.NewHex(7, 7), grid.NewSquare(6, 6)} {
		for _, a := range g.Cells() {
			for _, b := range g.Cells() {
				tr := grid.Lines(g, a, b)
				for k := range 3 { // k = the clear trace, 2 for none
					ok, got := mech.EitherTrace(g, a, b, func(x []grid.Coord) bool {
						return k < 2 && slices.Equal(x, tr[k])
					})
					want := tr[0]
					if k < 2 {
						want = tr[k]
					}
					if ok != (k < 2) || !slices.Equal(got, want) {
						t.Fatalf("%s %v→%v, trace %d clear: got %v %v", g.Kind(), a, b, k, ok, got)
					}
				}
			}
		}
	}
}
