package mech_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

func TestZOC(t *testing.T) {
	g := grid.NewHex(5, 4)
	f := mech.Flatten(testMap(g), testFeatures)
	p := func(s string) grid.Coord { return grid.MustParse(g, s) }
	open := make([]bool, f.Len())
	for i, ter := range f.Terrain {
		open[i] = ter != "forest"
	}
	gsLike := mech.ZOCRule{Blocked: mech.EdgeTest{Mask: river | bridge, Want: river}, Open: open}
	ptgLike := mech.ZOCRule{Blocked: mech.EdgeTest{Mask: lake, Want: lake}}
	for _, tc := range []struct {
		name string
		rule mech.ZOCRule
		from string
		dirs uint8
		want []string
	}{
		{"all round", mech.ZOCRule{}, "0202", mech.AllDirs, []string{"0201", "0301", "0302", "0203", "0102", "0101"}},
		{"map corner", mech.ZOCRule{}, "0000", mech.AllDirs, []string{"0100", "0001"}},
		{"not across a river", gsLike, "0101", mech.AllDirs, []string{"0100", "0202", "0102", "0002", "0001"}},
		{"across a bridge", gsLike, "0102", mech.AllDirs, []string{"0101", "0202", "0203", "0103", "0003", "0002"}},
		{"not into a forest", gsLike, "0200", mech.AllDirs, []string{"0201", "0100"}},
		{"not across a lake", ptgLike, "0303", mech.AllDirs, []string{"0302", "0203"}},
		{"lake does not stop the river rule", ptgLike, "0101", mech.AllDirs, []string{"0100", "0201", "0202", "0102", "0002", "0001"}},
		{"front only (N, NE)", mech.ZOCRule{}, "0202", 1<<0 | 1<<1, []string{"0201", "0301"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			zoc := make([]bool, f.Len())
			mech.Project(f, tc.rule, zoc, f.At(p(tc.from)), tc.dirs)
			var got []string
			for i, in := range zoc {
				if in {
					got = append(got, f.Labels[i])
				}
			}
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("zone of %s = %v, want %v", tc.from, got, want)
			}
		})
	}
}

// TestZOCIsUnionOfExerts: the set ZOC builds is exactly the cells some
// source Exerts into, on random maps, rules and sources.
func TestZOCIsUnionOfExerts(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 11))
	for _, g := range []grid.Grid{grid.NewHex(6, 5), grid.NewSquare(8, 8)} {
		m := testMap(grid.NewHex(5, 4))
		m.Grid = g
		for _, c := range g.Cells() {
			for _, n := range g.Neighbors(c) {
				switch rnd.IntN(5) {
				case 0:
					m.Edges[grid.EdgeOf(c, n)] = []string{"river"}
				case 1:
					m.Edges[grid.EdgeOf(c, n)] = []string{"river", "bridge"}
				case 2:
					m.Edges[grid.EdgeOf(c, n)] = []string{"lake"}
				}
			}
		}
		f := mech.Flatten(m, testFeatures)
		for trial := 0; trial < 50; trial++ {
			r := mech.ZOCRule{Blocked: []mech.EdgeTest{{}, {Mask: river | bridge, Want: river}, {Mask: lake, Want: lake}}[trial%3]}
			if trial%2 == 1 {
				r.Open = make([]bool, f.Len())
				for i := range r.Open {
					r.Open[i] = rnd.IntN(4) > 0
				}
			}
			var from []int
			for i := 0; i < 1+rnd.IntN(5); i++ {
				from = append(from, rnd.IntN(f.Len()))
			}
			zoc := mech.ZOC(f, r, from)
			for i := range zoc {
				want := false
				for _, s := range from {
					want = want || mech.Exerts(f, r, f.Coord(s), f.Coord(i))
				}
				if zoc[i] != want {
					t.Fatalf("%s trial %d: cell %v in ZOC = %v, Exerts says %v", g.Kind(), trial, f.Coord(i), zoc[i], want)
				}
			}
		}
	}
	f := mech.Flatten(testMap(grid.NewHex(5, 4)), testFeatures)
	if mech.Exerts(f, mech.ZOCRule{}, grid.Coord{X: 0, Y: 0}, grid.Coord{X: 0, Y: -1}) {
		t.Error("Exerts into an off-map cell")
	}
	if mech.Exerts(f, mech.ZOCRule{}, grid.Coord{X: 1, Y: 1}, grid.Coord{X: 1, Y: 1}) {
		t.Error("Exerts into its own cell")
	}
}
