package grid

import "container/heap"

// StepCost is what a ruleset says about one step from a cell to an adjacent
// one during a move: whether it is allowed at all, what it costs (in the
// ruleset's own units, e.g. half movement points), and whether the mover
// must stop on entering (a zone of control).
type StepCost struct {
	OK   bool
	Cost int
	Stop bool
}

// CostFunc prices a step from one cell to an adjacent cell. spent is the
// cost already paid to reach from.
type CostFunc func(from, to Coord, spent int) StepCost

// Reached is one cell of a Reach result: the cheapest cost to enter it and
// the cell it was entered from (the start cell has Prev == itself).
type Reached struct {
	Cost int
	Prev Coord
	Stop bool
}

// Reach floods outward from start with Dijkstra's algorithm, spending at
// most budget, and returns every cell reachable with its cheapest cost and
// back-pointer. A cell entered with Stop set is reached but not expanded.
// Which reached cells are legal end points (empty, not stacked) is the
// caller's business.
func Reach(g Grid, start Coord, budget int, cost CostFunc) map[Coord]Reached {
	w, h := g.Size()
	at := func(c Coord) int { return c.X*h + c.Y }
	best := make([]Reached, w*h)
	seen := make([]bool, w*h) // has a tentative entry in best
	done := make([]bool, w*h)
	best[at(start)] = Reached{Cost: 0, Prev: start}
	seen[at(start)] = true
	pq := &reachQueue{{c: start}}
	var order []Coord
	for pq.Len() > 0 {
		it := heap.Pop(pq).(reachItem)
		i := at(it.c)
		if done[i] {
			continue
		}
		done[i] = true
		order = append(order, it.c)
		if best[i].Stop {
			continue
		}
		for d := 0; d < g.Dirs(); d++ {
			n := g.Step(it.c, d)
			if !g.Contains(n) {
				continue
			}
			ni := at(n)
			if done[ni] {
				continue
			}
			sc := cost(it.c, n, it.cost)
			if !sc.OK || sc.Cost < 0 {
				continue
			}
			total := it.cost + sc.Cost
			if total > budget {
				continue
			}
			if old := best[ni]; seen[ni] && (old.Cost < total || (old.Cost == total && !it.c.Less(old.Prev))) {
				continue
			}
			best[ni] = Reached{Cost: total, Prev: it.c, Stop: sc.Stop}
			seen[ni] = true
			heap.Push(pq, reachItem{c: n, cost: total})
		}
	}
	out := make(map[Coord]Reached, len(order))
	for _, c := range order {
		out[c] = best[at(c)]
	}
	return out
}

// Path rebuilds the path from the start of a Reach result to c, start
// excluded, or nil if c was not reached.
func Path(r map[Coord]Reached, c Coord) []Coord {
	var out []Coord
	for {
		x, ok := r[c]
		if !ok {
			return nil
		}
		if x.Prev == c {
			break
		}
		out = append(out, c)
		c = x.Prev
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

type reachItem struct {
	c    Coord
	cost int
}

type reachQueue []reachItem

func (q reachQueue) Len() int { return len(q) }
func (q reachQueue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].c.Less(q[j].c)
}
func (q reachQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *reachQueue) Push(x any)   { *q = append(*q, x.(reachItem)) }
func (q *reachQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
