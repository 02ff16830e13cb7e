package mech_test

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// TestFloodAgreesWithReach: with a key that is only the cost, Flood finds
// the cheapest cost of every cell that grid.Reach finds, on random costs
// and budgets, and its back-pointers retrace paths of that cost.
func TestFloodAgreesWithReach(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 8))
	for _, g := range []grid.Grid{grid.NewHex(9, 7), grid.NewSquare(8, 8)} {
		f := mech.Flatten(&game.Map{Grid: g}, nil)
		for trial := 0; trial < 30; trial++ {
			cost := make([]int, f.Len()) // entry cost, -1 impassable
			for i := range cost {
				cost[i] = []int{-1, 1, 2, 2, 3, 4}[rnd.IntN(6)]
			}
			start := rnd.IntN(f.Len())
			budget := 2 + rnd.IntN(12)
			key, prev := mech.Flood(f, []mech.Start{{Cell: start, Prev: int32(start)}}, func(from, d, to, k int) int {
				if cost[to] < 0 || k+cost[to] > budget {
					return -1
				}
				return k + cost[to]
			})
			reach := grid.Reach(g, f.Coord(start), budget, func(from, to grid.Coord, spent int) grid.StepCost {
				c := cost[f.At(to)]
				return grid.StepCost{OK: c >= 0, Cost: c}
			})
			for i, k := range key {
				r, ok := reach[f.Coord(i)]
				if ok != (k >= 0) || (ok && r.Cost != k) {
					t.Fatalf("%s trial %d: cell %v Flood %d, Reach %v %d", g.Kind(), trial, f.Coord(i), k, ok, r.Cost)
				}
				if k < 0 || i == start {
					continue
				}
				sum := 0
				for c := i; c != start; c = int(prev[c]) {
					if !g.Adjacent(f.Coord(c), f.Coord(int(prev[c]))) {
						t.Fatalf("%s trial %d: back-pointer %v → %v is not a step", g.Kind(), trial, f.Coord(c), f.Coord(int(prev[c])))
					}
					sum += cost[c]
				}
				if sum != k {
					t.Fatalf("%s trial %d: path to %v costs %d, key %d", g.Kind(), trial, f.Coord(i), sum, k)
				}
			}
			if prev[start] != int32(start) || key[start] != 0 {
				t.Fatalf("start: key %d prev %d", key[start], prev[start])
			}
		}
	}
}

// TestFloodKeysAndStarts: a composite key (cost, then hazards) prefers
// the path with fewer hazards at equal cost; of several starts in one
// cell the smaller key is kept; cells entered from off the map carry
// OffMap.
func TestFloodKeysAndStarts(t *testing.T) {
	g := grid.NewSquare(3, 3) // a1 bottom left; row 0 is the top
	f := mech.Flatten(&game.Map{Grid: g}, nil)
	p := func(s string) int { return f.At(grid.MustParse(g, s)) }
	hazard := p("b3") // the top middle square
	step := func(from, d, to, k int) int {
		h := 0
		if to == hazard {
			h = 1
		}
		return (k>>8+1)<<8 | (k&255 + h)
	}
	key, prev := mech.Flood(f, []mech.Start{{Cell: p("a3"), Prev: int32(p("a3"))}}, step)
	// a3 → c3 costs 2 either by b3 (a hazard) or … there is no other 2-step
	// path, so it keeps the hazard; a3 → c2 costs 3 and avoids it by b2.
	if key[p("c3")] != 2<<8|1 {
		t.Errorf("c3 key = %d<<8|%d, want 2<<8|1", key[p("c3")]>>8, key[p("c3")]&255)
	}
	if key[p("c2")] != 3<<8 || prev[p("c2")] != int32(p("b2")) {
		t.Errorf("c2 key %d<<8|%d by %s, want 3<<8|0 by b2", key[p("c2")]>>8, key[p("c2")]&255, f.Labels[prev[p("c2")]])
	}
	key, prev = mech.Flood(f, []mech.Start{{Cell: p("a1"), Key: 5 << 8, Prev: mech.OffMap}, {Cell: p("a1"), Key: 1 << 8, Prev: mech.OffMap}, {Cell: p("c1"), Key: 2 << 8, Prev: mech.OffMap}}, step)
	if key[p("a1")] != 1<<8 || prev[p("a1")] != mech.OffMap || prev[p("c1")] != mech.OffMap {
		t.Errorf("starts: a1 key %d prev %d, c1 prev %d", key[p("a1")]>>8, prev[p("a1")], prev[p("c1")])
	}
	if key[p("b1")] != 2<<8 || prev[p("b1")] != int32(p("a1")) {
		t.Errorf("b1 key %d by %d: want 2 by a1, the cheaper start", key[p("b1")]>>8, prev[p("b1")])
	}
	if key, _ := mech.Flood(f, nil, step); key[0] != -1 {
		t.Error("a flood without starts reaches something")
	}
}

// TestFlooderReuse: floods one after another in one Flooder, on maps of
// different sizes, return what a fresh Flood returns each time (nothing
// of a previous flood is left in the buffers).
func TestFlooderReuse(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 9))
	var fl mech.Flooder
	for trial := 0; trial < 40; trial++ {
		g := []grid.Grid{grid.NewHex(9, 7), grid.NewSquare(4, 4), grid.NewHex(12, 10)}[trial%3]
		f := mech.Flatten(&game.Map{Grid: g}, nil)
		cost := make([]int, f.Len())
		for i := range cost {
			cost[i] = []int{-1, 1, 2, 3}[rnd.IntN(4)]
		}
		budget := 1 + rnd.IntN(10)
		step := func(from, d, to, k int) int {
			if cost[to] < 0 || k+cost[to] > budget {
				return -1
			}
			return k + cost[to]
		}
		starts := []mech.Start{{Cell: rnd.IntN(f.Len())}}
		starts[0].Prev = int32(starts[0].Cell)
		wantKey, wantPrev := mech.Flood(f, starts, step)
		key, prev := fl.Flood(f, starts, step)
		if len(key) != f.Len() || len(prev) != f.Len() {
			t.Fatalf("trial %d: %d keys and %d back-pointers for %d cells", trial, len(key), len(prev), f.Len())
		}
		for i := range key {
			if key[i] != wantKey[i] || (key[i] >= 0 && prev[i] != wantPrev[i]) {
				t.Fatalf("trial %d: cell %v key %d prev %d, a fresh flood says %d %d", trial, f.Coord(i), key[i], prev[i], wantKey[i], wantPrev[i])
			}
		}
	}
}
