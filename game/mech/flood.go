package mech

// OffMap is the back-pointer Flood records for a cell entered from off
// the map (a unit coming on as a reinforcement).
const OffMap int32 = -2

// Start is a cell a Flood begins in, with its key and its back-pointer:
// the cell itself for a unit on the map, OffMap for a unit entering.
type Start struct {
	Cell int
	Key  int
	Prev int32
}

// Flood is a movement flood over a Flat's cells (Dijkstra's algorithm)
// with integer keys that the ruleset composes as it likes: Peter the
// Great packs the movement points spent and, below them, the hazards
// crossed, so that the cheapest path avoids fire zones when it can.
// step(from, d, to, key) is the key on entering cell to from cell from
// in direction d with key key, or negative when the step is not allowed
// (over the budget included). Smaller keys win; among equal keys the cell
// reached first keeps its path, and cells are settled in order of key,
// then index, so the result does not depend on map iteration.
//
// It returns every cell's best key (-1 where unreached) and back-pointer
// (the start's Prev for a start cell). grid.Reach is the same flood over
// coordinates, with a stop-on-entry flag, for rulesets that do not
// flatten their map.
func Flood(f *Flat, starts []Start, step func(from, d, to, key int) int) (key []int, prev []int32) {
	var fl Flooder
	return fl.Flood(f, starts, step)
}

// Flooder runs Floods one after another in the same buffers, for a
// ruleset that floods once per unit to list every legal move: the key and
// prev slices a Flood returns are valid until the Flooder's next Flood.
// The zero value is ready; a Flooder is not for concurrent use.
type Flooder struct {
	key  []int
	prev []int32
	done []bool
	h    heap
}

// Flood is Flood in fl's buffers.
func (fl *Flooder) Flood(f *Flat, starts []Start, step func(from, d, to, key int) int) (key []int, prev []int32) {
	n := f.Len()
	if cap(fl.key) < n {
		fl.key, fl.prev, fl.done = make([]int, n), make([]int32, n), make([]bool, n)
	}
	key, prev, done := fl.key[:n], fl.prev[:n], fl.done[:n]
	for i := range key {
		key[i] = -1
	}
	clear(prev)
	clear(done)
	h := &fl.h
	h.k, h.v = h.k[:0], h.v[:0]
	for _, s := range starts {
		if key[s.Cell] < 0 || s.Key < key[s.Cell] {
			key[s.Cell], prev[s.Cell] = s.Key, s.Prev
			h.push(s.Key, s.Cell)
		}
	}
	for h.len() > 0 {
		k, i := h.pop()
		if done[i] || k != key[i] {
			continue
		}
		done[i] = true
		for d, o := range f.Neighbours(i) {
			if o < 0 || done[o] {
				continue
			}
			nk := step(i, d, int(o), k)
			if nk < 0 {
				continue
			}
			if key[o] < 0 || nk < key[o] {
				key[o], prev[o] = nk, int32(i)
				h.push(nk, int(o))
			}
		}
	}
	return key, prev
}

// heap is a binary min-heap of (key, cell) pairs, ordered by key then
// cell.
type heap struct{ k, v []int }

func (h *heap) len() int { return len(h.k) }

func (h *heap) push(k, v int) {
	h.k = append(h.k, k)
	h.v = append(h.v, v)
	for i := len(h.k) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h.swap(i, p)
		i = p
	}
}

func (h *heap) pop() (int, int) {
	k, v := h.k[0], h.v[0]
	last := len(h.k) - 1
	h.swap(0, last)
	h.k, h.v = h.k[:last], h.v[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h.k) && h.less(l, m) {
			m = l
		}
		if r < len(h.k) && h.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		h.swap(i, m)
		i = m
	}
	return k, v
}

func (h *heap) less(i, j int) bool {
	if h.k[i] != h.k[j] {
		return h.k[i] < h.k[j]
	}
	return h.v[i] < h.v[j]
}

func (h *heap) swap(i, j int) {
	h.k[i], h.k[j] = h.k[j], h.k[i]
	h.v[i], h.v[j] = h.v[j], h.v[i]
}
