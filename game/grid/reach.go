package grid

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
	pq := reachQueue{{c: start}}
	var order []Coord
	for len(pq) > 0 {
		it := pq.pop()
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
			pq.push(reachItem{c: n, cost: total})
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

// reachQueue is a binary min-heap of items by cost, then cell (a total
// order: the pops do not depend on how the heap is laid out). It is typed
// rather than a container/heap, whose Push and Pop box every item.
type reachQueue []reachItem

func (q reachQueue) less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].c.Less(q[j].c)
}

func (q *reachQueue) push(it reachItem) {
	*q = append(*q, it)
	h := *q
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (q *reachQueue) pop() reachItem {
	h := *q
	it := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && h.less(l, m) {
			m = l
		}
		if r < n && h.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*q = h
	return it
}
