package grid_test

import (
	"flag"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/grognard/grognard/game/grid"
)

var reachSeed = flag.Uint64("grid.seed", 0, "seed for the Reach property tests (0: from the clock)")

// costMap is a random ruleset: a price and a permission per directed step,
// and zone-of-control cells that stop whoever enters them.
type costMap struct {
	g    grid.Grid
	cost map[[2]grid.Coord]int
	ok   map[[2]grid.Coord]bool
	stop map[grid.Coord]bool
}

func randomCostMap(g grid.Grid, r *rand.Rand, minCost int) *costMap {
	m := &costMap{g: g, cost: map[[2]grid.Coord]int{}, ok: map[[2]grid.Coord]bool{}, stop: map[grid.Coord]bool{}}
	for _, a := range g.Cells() {
		if r.IntN(6) == 0 {
			m.stop[a] = true
		}
		for _, b := range g.Neighbors(a) {
			m.cost[[2]grid.Coord{a, b}] = minCost + r.IntN(5-minCost)
			m.ok[[2]grid.Coord{a, b}] = r.IntN(5) != 0
		}
	}
	return m
}

func (m *costMap) step(from, to grid.Coord) grid.StepCost {
	k := [2]grid.Coord{from, to}
	return grid.StepCost{OK: m.ok[k], Cost: m.cost[k], Stop: m.stop[to]}
}

// bruteReach is Bellman–Ford over the same rules: relax every allowed step
// out of every reached cell that is the start or not a stop cell, until
// nothing changes.
func bruteReach(m *costMap, start grid.Coord, budget int) map[grid.Coord]int {
	best := map[grid.Coord]int{start: 0}
	for changed := true; changed; {
		changed = false
		for _, u := range m.g.Cells() {
			cu, ok := best[u]
			if !ok || (u != start && m.stop[u]) {
				continue
			}
			for _, v := range m.g.Neighbors(u) {
				sc := m.step(u, v)
				if !sc.OK || cu+sc.Cost > budget {
					continue
				}
				if cv, ok := best[v]; !ok || cu+sc.Cost < cv {
					best[v] = cu + sc.Cost
					changed = true
				}
			}
		}
	}
	return best
}

func seedFor(t *testing.T) uint64 {
	t.Helper()
	s := *reachSeed
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (rerun with -grid.seed=%d)", s, s)
	return s
}

func TestReachMatchesBruteForce(t *testing.T) {
	seed := seedFor(t)
	r := rand.New(rand.NewPCG(seed, 0))
	grids := []grid.Grid{grid.NewHex(5, 4), grid.NewHex(6, 5), grid.NewSquare(5, 4), &grid.Square{W: 5, H: 4, Diagonal: true}}
	for round := 0; round < 300; round++ {
		g := grids[round%len(grids)]
		minCost := 0
		if round%2 == 1 {
			minCost = 1
		}
		m := randomCostMap(g, r, minCost)
		cells := g.Cells()
		start := cells[r.IntN(len(cells))]
		budget := r.IntN(12)

		var res map[grid.Coord]grid.Reached
		res = grid.Reach(g, start, budget, func(from, to grid.Coord, spent int) grid.StepCost {
			if !g.Contains(to) || !g.Adjacent(from, to) {
				t.Fatalf("seed %d round %d: cost asked for a step %v→%v that is not on the grid", seed, round, from, to)
			}
			return m.step(from, to)
		})
		want := bruteReach(m, start, budget)
		if len(res) != len(want) {
			t.Fatalf("seed %d round %d (%s, start %v, budget %d): Reach found %d cells, brute force %d", seed, round, g.Kind(), start, budget, len(res), len(want))
		}
		for c, w := range want {
			got, ok := res[c]
			if !ok || got.Cost != w {
				t.Fatalf("seed %d round %d (%s, start %v, budget %d): cell %v costs %d (reached %v), brute force %d", seed, round, g.Kind(), start, budget, c, got.Cost, ok, w)
			}
			if got.Cost > budget {
				t.Fatalf("seed %d round %d: cell %v costs %d over budget %d", seed, round, c, got.Cost, budget)
			}
			if c != start && got.Stop != m.stop[c] {
				t.Fatalf("seed %d round %d: cell %v Stop = %v, want %v", seed, round, c, got.Stop, m.stop[c])
			}
		}
		if s := res[start]; s.Cost != 0 || s.Prev != start || s.Stop {
			t.Fatalf("seed %d round %d: start %v = %+v, want cost 0, Prev itself, no stop", seed, round, start, s)
		}

		checkPaths(t, g, m, start, res)

		// The same question gets the same answer, back-pointers included.
		again := grid.Reach(g, start, budget, func(from, to grid.Coord, _ int) grid.StepCost { return m.step(from, to) })
		if !reflect.DeepEqual(res, again) {
			t.Fatalf("seed %d round %d: Reach is not deterministic", seed, round)
		}

		// With strictly positive costs every cheapest predecessor is
		// settled before the cell, and ties go to the smallest one.
		if minCost > 0 {
			for c, rc := range res {
				if c == start {
					continue
				}
				var min *grid.Coord
				for _, p := range g.Neighbors(c) {
					rp, ok := res[p]
					if !ok || (p != start && rp.Stop) {
						continue
					}
					if sc := m.step(p, c); sc.OK && rp.Cost+sc.Cost == rc.Cost && (min == nil || p.Less(*min)) {
						p := p
						min = &p
					}
				}
				if min == nil || rc.Prev != *min {
					t.Fatalf("seed %d round %d: %v entered from %v, want the smallest cheapest predecessor %v", seed, round, c, rc.Prev, min)
				}
			}
		}
	}
}

// checkPaths rebuilds every path and prices it again.
func checkPaths(t *testing.T, g grid.Grid, m *costMap, start grid.Coord, res map[grid.Coord]grid.Reached) {
	t.Helper()
	if p := grid.Path(res, start); len(p) != 0 {
		t.Fatalf("Path to the start = %v, want empty", p)
	}
	for c, rc := range res {
		p := grid.Path(res, c)
		if c == start {
			continue
		}
		if len(p) == 0 || p[len(p)-1] != c {
			t.Fatalf("Path(%v) = %v does not end at %v", c, p, c)
		}
		prev, spent := start, 0
		for i, x := range p {
			if x == start {
				t.Fatalf("Path(%v) = %v passes through the start", c, p)
			}
			if !g.Adjacent(prev, x) {
				t.Fatalf("Path(%v) = %v: %v→%v is not a step", c, p, prev, x)
			}
			sc := m.step(prev, x)
			if !sc.OK {
				t.Fatalf("Path(%v) = %v: step %v→%v is not allowed", c, p, prev, x)
			}
			if i < len(p)-1 && m.stop[x] {
				t.Fatalf("Path(%v) = %v goes on through stop cell %v", c, p, x)
			}
			if res[x].Prev != prev {
				t.Fatalf("Path(%v) = %v: %v has Prev %v, want %v", c, p, x, res[x].Prev, prev)
			}
			spent += sc.Cost
			prev = x
		}
		if spent != rc.Cost {
			t.Fatalf("Path(%v) = %v costs %d by the cost map, Reach says %d", c, p, spent, rc.Cost)
		}
	}
	for _, c := range g.Cells() {
		if _, ok := res[c]; !ok && grid.Path(res, c) != nil {
			t.Fatalf("Path to unreached %v = %v, want nil", c, grid.Path(res, c))
		}
	}
}

func TestReachHexClear(t *testing.T) {
	// An Inf4 on clear ground: 2 half-MP per hex, 8 half-MP, so every hex
	// within 4 and nothing beyond, at twice the distance.
	g := grid.NewHex(20, 24)
	start := grid.Coord{X: 5, Y: 5}
	spentOK := true
	var res map[grid.Coord]grid.Reached
	res = grid.Reach(g, start, 8, func(from, to grid.Coord, spent int) grid.StepCost {
		if r, ok := res[from]; ok && r.Cost != spent {
			spentOK = false
		}
		return grid.StepCost{OK: true, Cost: 2}
	})
	for _, c := range g.Cells() {
		d := g.Distance(start, c)
		r, ok := res[c]
		if ok != (d <= 4) {
			t.Errorf("%v at distance %d: reached = %v", c, d, ok)
		}
		if ok && r.Cost != 2*d {
			t.Errorf("%v at distance %d costs %d, want %d", c, d, r.Cost, 2*d)
		}
		if ok && len(grid.Path(res, c)) != d {
			t.Errorf("Path(%v) = %v, want %d steps", c, grid.Path(res, c), d)
		}
	}
	if !spentOK {
		t.Error("cost was called with a spent that is not the cost of the from cell")
	}
}

func TestReachStopAndForbidden(t *testing.T) {
	g := grid.NewSquare(5, 3)
	start := grid.Coord{X: 0, Y: 1}
	zoc := grid.Coord{X: 2, Y: 1}
	wall := grid.Coord{X: 2, Y: 0}
	cost := func(from, to grid.Coord, _ int) grid.StepCost {
		if to == wall {
			return grid.StepCost{OK: false, Cost: 1}
		}
		return grid.StepCost{OK: true, Cost: 1, Stop: to == zoc}
	}
	res := grid.Reach(g, start, 10, cost)
	if r, ok := res[zoc]; !ok || !r.Stop || r.Cost != 2 {
		t.Errorf("stop cell %v = %+v, %v; want reached at 2 with Stop", zoc, r, ok)
	}
	if _, ok := res[wall]; ok {
		t.Errorf("forbidden cell %v was reached", wall)
	}
	// (3,1) is not entered from the stop cell: the only way is round by
	// the south row, (0,1)→(0,2)→(1,2)→(2,2)→(3,2)→(3,1) = 5.
	if r := res[grid.Coord{X: 3, Y: 1}]; r.Cost != 5 || r.Prev != (grid.Coord{X: 3, Y: 2}) {
		t.Errorf("(3,1) = %+v, want cost 5 entered from (3,2)", r)
	}
	for c, r := range res {
		if r.Prev == zoc && c != zoc {
			t.Errorf("%v was entered from the stop cell", c)
		}
		if r.Prev == wall {
			t.Errorf("%v was entered from the forbidden cell", c)
		}
	}
	// Budget: 2 gets the stop cell but not the way round.
	res = grid.Reach(g, start, 2, cost)
	if _, ok := res[grid.Coord{X: 3, Y: 1}]; ok {
		t.Error("(3,1) reached on a budget of 2")
	}
	if _, ok := res[zoc]; !ok {
		t.Error("stop cell not reached on a budget of 2")
	}
	for c, r := range res {
		if r.Cost > 2 {
			t.Errorf("%v costs %d over budget 2", c, r.Cost)
		}
	}
	// Starting on a stop cell does not pin the mover: the start is not
	// entered.
	res = grid.Reach(g, zoc, 1, cost)
	if _, ok := res[grid.Coord{X: 3, Y: 1}]; !ok {
		t.Error("a move starting on a stop cell did not expand the start")
	}
	// Nothing allowed: only the start.
	res = grid.Reach(g, start, 10, func(grid.Coord, grid.Coord, int) grid.StepCost { return grid.StepCost{} })
	if len(res) != 1 {
		t.Errorf("Reach with no allowed step = %v, want only the start", res)
	}
}
