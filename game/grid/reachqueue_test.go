package grid

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestReachQueueOrder: the typed heap pops items by cost, then cell,
// whatever order they were pushed in and however pops and pushes mix.
func TestReachQueueOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var q reachQueue
	var want []reachItem
	popOne := func() {
		slices.SortFunc(want, func(a, b reachItem) int {
			if a.cost != b.cost {
				return a.cost - b.cost
			}
			if a.c.X != b.c.X {
				return a.c.X - b.c.X
			}
			return a.c.Y - b.c.Y
		})
		got := q.pop()
		if got != want[0] {
			t.Fatalf("popped %+v, want %+v", got, want[0])
		}
		want = want[1:]
	}
	for range 2000 {
		if len(want) > 0 && r.IntN(3) == 0 {
			popOne()
			continue
		}
		it := reachItem{c: Coord{r.IntN(5), r.IntN(5)}, cost: r.IntN(8)}
		q.push(it)
		want = append(want, it)
	}
	for len(want) > 0 {
		popOne()
	}
	if len(q) != 0 {
		t.Fatalf("%d items left in the queue", len(q))
	}
}
