package sdc

import (
	"fmt"
	"slices"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Terrains of a hex (SDC-G.18, TBL-15): every hex has one base terrain;
// roads are links between hexes. Map terrain names: clear (open), hill
// (or any cell of level 1 or more), wood, village and farm (built-up
// areas), river, bridge and ford (river hexes that may be crossed).
const (
	Open    = "open"
	Hill    = "hill"
	Wood    = "wood"
	BuiltUp = "built-up"
	River   = "river"
	Cross   = "crossing"
)

var terrainOf = map[string]string{
	"clear": Open, "open": Open, "hill": Hill, "wood": Wood, "woods": Wood,
	"village": BuiltUp, "farm": BuiltUp, "built-up": BuiltUp, "river": River, "bridge": Cross, "ford": Cross,
}

// board is the map flattened for the rules: by cell index (x·rows + y)
// the base terrain, the directions a road leaves by and the printed label
// (made at the first use: legal lists name hundreds of hexes). A board is
// built once per map and shared by every state of the game; it is never
// changed, so it is safe to read from several goroutines.
type board struct {
	g     *grid.Hex
	mp    *game.Map
	ter   []uint8 // index in terrains
	roads []uint8 // bit d: a road joins the cell to its neighbour in direction d
	nb    []int32 // by cell·6 + direction: the neighbour's index, -1 off the map
	cells []grid.Coord

	labelOnce sync.Once
	labels    []string
}

// terrains are the base terrains by code, Open first (the zero code).
var terrains = [...]string{Open, Hill, Wood, BuiltUp, River, Cross}

func newBoard(m *game.Map) (*board, error) {
	if m == nil {
		return nil, fmt.Errorf("sdc: the scenario has no map")
	}
	g, ok := m.Grid.(*grid.Hex)
	if !ok {
		return nil, fmt.Errorf("sdc: the map must be a hex grid")
	}
	b := &board{g: g, mp: m, ter: make([]uint8, g.W*g.H), roads: make([]uint8, g.W*g.H)}
	for c, cell := range m.Cells {
		t, ok := terrainOf[cell.Terrain]
		if !ok {
			return nil, fmt.Errorf("sdc: %s: unknown terrain %q", g.Label(c), cell.Terrain)
		}
		if cell.Level > 0 && t == Open {
			t = Hill
		}
		if g.Contains(c) {
			b.ter[b.at(c)] = uint8(slices.Index(terrains[:], t))
		}
	}
	b.nb, b.cells = make([]int32, 6*g.W*g.H), make([]grid.Coord, g.W*g.H)
	for i := range b.cells {
		b.cells[i] = grid.Coord{X: i / g.H, Y: i % g.H}
	}
	for i := range g.W * g.H {
		for d := range 6 {
			n := g.Step(b.coord(i), d)
			b.nb[6*i+d] = -1
			if g.Contains(n) {
				b.nb[6*i+d] = int32(b.at(n))
			}
		}
	}
	for e, kinds := range m.Links {
		if d := grid.DirTo(g, e.A, e.B); d >= 0 && g.Contains(e.A) && g.Contains(e.B) && slices.Contains(kinds, "road") {
			b.roads[b.at(e.A)] |= 1 << d
			b.roads[b.at(e.B)] |= 1 << ((d + 3) % 6)
		}
	}
	return b, nil
}

// at is the index of c, which must be on the map.
func (b *board) at(c grid.Coord) int { return c.X*b.g.H + c.Y }

// coord is the cell of index i.
func (b *board) coord(i int) grid.Coord { return b.cells[i] }

// label is the printed label of c.
func (b *board) label(c grid.Coord) string {
	if !b.g.Contains(c) {
		return b.g.Label(c)
	}
	b.labelOnce.Do(func() {
		b.labels = make([]string, b.g.W*b.g.H)
		for i := range b.labels {
			b.labels[i] = b.g.Label(b.coord(i))
		}
	})
	return b.labels[b.at(c)]
}

// terrain is the base terrain of c.
func (b *board) terrain(c grid.Coord) string {
	if !b.g.Contains(c) {
		return Open
	}
	return terrains[b.ter[b.at(c)]]
}

func (b *board) river(c grid.Coord) bool { return b.terrain(c) == River }

// road reports whether a road joins the adjacent a and b.
func (b *board) road(a, c grid.Coord) bool {
	if d := grid.DirTo(b.g, a, c); d >= 0 && b.g.Contains(a) && b.g.Contains(c) {
		return b.roads[b.at(a)]&(1<<d) != 0
	}
	return b.mp.Linked(a, c, "road")
}

// onRoad reports whether any road touches c.
func (b *board) onRoad(c grid.Coord) bool {
	return b.g.Contains(c) && b.roads[b.at(c)] != 0
}

// enterable reports whether an element of kind k may enter c at all
// (TBL-15, SDC-3.9: the river only at its crossings).
func (b *board) enterable(k *Kind, c grid.Coord) bool {
	if !b.g.Contains(c) {
		return false
	}
	switch b.terrain(c) {
	case River:
		return false
	case Wood:
		return k == nil || k.Woods
	}
	return true
}

// stoppable reports whether an element of kind k may end a move in c
// (SDC-8.13: only infantry stops in a built-up area).
func (b *board) stoppable(k *Kind, c grid.Coord) bool {
	return b.enterable(k, c) && (b.terrain(c) != BuiltUp || k.StopBuiltUp)
}

// open reports whether c is open terrain for a forced march (SDC-8.7):
// not hill, wood or built-up; a road hex counts as open [P ⚙].
func (b *board) open(c grid.Coord) bool {
	switch b.terrain(c) {
	case Open, Cross:
		return true
	}
	return b.onRoad(c)
}
