package mech_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

const (
	river mech.EdgeSet = 1 << iota
	bridge
	road
	lake
)

var testFeatures = []mech.Feature{
	{Name: "river", Bit: river}, {Name: "bridge", Bit: bridge}, {Name: "lake", Bit: lake},
	{Name: "road", Bit: road, Link: true},
}

// testMap is a 5×4 hex map: a river between 0101 and 0201 with a bridge
// between 0102 and 0202, a lake side between 0303 and 0403, a road
// 0000–0100–0200 and a forest at 0300.
func testMap(g grid.Grid) *game.Map {
	p := func(s string) grid.Coord { return grid.MustParse(g, s) }
	m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{p("0300"): {Terrain: "forest"}, p("0203"): {Terrain: "clear", Level: 1}},
		Edges: map[grid.Edge][]string{
			grid.EdgeOf(p("0101"), p("0201")): {"river"},
			grid.EdgeOf(p("0102"), p("0202")): {"river", "bridge"},
			grid.EdgeOf(p("0303"), p("0403")): {"lake"},
		},
		Links: map[grid.Edge][]string{
			grid.EdgeOf(p("0000"), p("0100")): {"road"},
			grid.EdgeOf(p("0100"), p("0200")): {"road"},
		}}
	return m
}

func TestFlattenEdges(t *testing.T) {
	g := grid.NewHex(5, 4)
	f := mech.Flatten(testMap(g), testFeatures)
	p := func(s string) grid.Coord { return grid.MustParse(g, s) }
	for _, tc := range []struct {
		a, b string
		want mech.EdgeSet
	}{
		{"0101", "0201", river},
		{"0201", "0101", river},
		{"0102", "0202", river | bridge},
		{"0303", "0403", lake},
		{"0000", "0100", road},
		{"0200", "0100", road},
		{"0000", "0001", 0},
		{"0000", "0200", 0}, // not adjacent
		{"0000", "0303", 0},
	} {
		if got := f.Edge(p(tc.a), p(tc.b)); got != tc.want {
			t.Errorf("Edge(%s, %s) = %b, want %b", tc.a, tc.b, got, tc.want)
		}
	}
	if got := f.Terrain[f.At(p("0300"))]; got != "forest" {
		t.Errorf("terrain of 0300 = %q", got)
	}
	if got := f.Terrain[f.At(p("0400"))]; got != "clear" {
		t.Errorf("terrain of 0400 = %q", got)
	}
	if got := f.Level[f.At(p("0203"))]; got != 1 {
		t.Errorf("level of 0203 = %d", got)
	}
	if got := f.Labels[f.At(p("0402"))]; got != "0402" {
		t.Errorf("label of 0402 = %q", got)
	}
	if f.Len() != 20 || f.Dirs != 6 {
		t.Errorf("Len, Dirs = %d, %d", f.Len(), f.Dirs)
	}
}

// TestFlattenAgreesWithGrid: on hex and square grids, the flattened
// neighbours are the grid's, direction by direction, the index and its
// coordinate round-trip, and every edge reads the same from both sides.
func TestFlattenAgreesWithGrid(t *testing.T) {
	for _, g := range []grid.Grid{grid.NewHex(5, 4), grid.NewHex(7, 9), grid.NewSquare(8, 8), &grid.Square{W: 3, H: 5, Diagonal: true}} {
		m := &game.Map{Grid: g, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}}
		rnd := rand.New(rand.NewPCG(1, 2))
		for _, c := range g.Cells() {
			for _, n := range g.Neighbors(c) {
				if rnd.IntN(3) == 0 {
					m.Edges[grid.EdgeOf(c, n)] = []string{"river"}
				}
				if rnd.IntN(4) == 0 {
					m.Links[grid.EdgeOf(c, n)] = []string{"road"}
				}
			}
		}
		f := mech.Flatten(m, testFeatures)
		if f.Dirs != g.Dirs() {
			t.Fatalf("%s: Dirs = %d, want %d", g.Kind(), f.Dirs, g.Dirs())
		}
		for _, c := range g.Cells() {
			i := f.At(c)
			if f.Coord(i) != c || !f.Contains(c) {
				t.Fatalf("%s: At/Coord do not round-trip at %v", g.Kind(), c)
			}
			var got []grid.Coord
			for d, o := range f.Neighbours(i) {
				want := g.Step(c, d)
				if !g.Contains(want) {
					if o != -1 || f.EdgeDir(i, d) != 0 {
						t.Errorf("%s: off-map direction %d of %v: neighbour %d, edge %b", g.Kind(), d, c, o, f.EdgeDir(i, d))
					}
					continue
				}
				if f.Coord(int(o)) != want {
					t.Errorf("%s: neighbour %d of %v = %v, want %v", g.Kind(), d, c, f.Coord(int(o)), want)
				}
				got = append(got, want)
				e := f.EdgeDir(i, d)
				if e != f.Edges(i)[d] || e != f.Edge(c, want) || e != f.Edge(want, c) {
					t.Errorf("%s: edge %v–%v reads differently", g.Kind(), c, want)
				}
				var wantE mech.EdgeSet
				if m.EdgeHas(c, want, "river") {
					wantE |= river
				}
				if m.Linked(c, want, "road") {
					wantE |= road
				}
				if e != wantE {
					t.Errorf("%s: edge %v–%v = %b, want %b", g.Kind(), c, want, e, wantE)
				}
			}
			if !slices.Equal(got, g.Neighbors(c)) {
				t.Errorf("%s: neighbours of %v = %v, want %v", g.Kind(), c, got, g.Neighbors(c))
			}
		}
		if f.Contains(grid.Coord{X: -1}) || f.Contains(grid.Coord{X: f.W}) || f.Contains(grid.Coord{Y: f.H}) {
			t.Errorf("%s: Contains accepts off-map cells", g.Kind())
		}
	}
}

func TestEdgeTest(t *testing.T) {
	unbridged := mech.EdgeTest{Mask: river | bridge, Want: river}
	for _, tc := range []struct {
		test mech.EdgeTest
		e    mech.EdgeSet
		want bool
	}{
		{unbridged, river, true},
		{unbridged, river | road, true},
		{unbridged, river | bridge, false},
		{unbridged, 0, false},
		{mech.EdgeTest{Mask: lake, Want: lake}, lake | river, true},
		{mech.EdgeTest{}, river, false},
		{mech.EdgeTest{}, 0, false},
	} {
		if got := tc.test.Match(tc.e); got != tc.want {
			t.Errorf("%+v.Match(%b) = %v", tc.test, tc.e, got)
		}
	}
}
