package sdc

import (
	"fmt"

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

// board is the map flattened for the rules.
type board struct {
	g  *grid.Hex
	mp *game.Map
	t  map[grid.Coord]string
}

func newBoard(m *game.Map) (*board, error) {
	if m == nil {
		return nil, fmt.Errorf("sdc: the scenario has no map")
	}
	g, ok := m.Grid.(*grid.Hex)
	if !ok {
		return nil, fmt.Errorf("sdc: the map must be a hex grid")
	}
	b := &board{g: g, mp: m, t: map[grid.Coord]string{}}
	for c, cell := range m.Cells {
		t, ok := terrainOf[cell.Terrain]
		if !ok {
			return nil, fmt.Errorf("sdc: %s: unknown terrain %q", g.Label(c), cell.Terrain)
		}
		if cell.Level > 0 && t == Open {
			t = Hill
		}
		if t != Open {
			b.t[c] = t
		}
	}
	return b, nil
}

// terrain is the base terrain of c.
func (b *board) terrain(c grid.Coord) string {
	if t, ok := b.t[c]; ok {
		return t
	}
	return Open
}

func (b *board) river(c grid.Coord) bool { return b.terrain(c) == River }

// road reports whether a road joins the adjacent a and b.
func (b *board) road(a, c grid.Coord) bool { return b.mp.Linked(a, c, "road") }

// onRoad reports whether any road touches c.
func (b *board) onRoad(c grid.Coord) bool {
	for _, n := range b.g.Neighbors(c) {
		if b.road(c, n) {
			return true
		}
	}
	return false
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
