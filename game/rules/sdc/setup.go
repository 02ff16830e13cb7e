package sdc

import (
	"fmt"
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The battlefield (SDC-4, SDC-5, SDC-G.19 … G.21), on the quarter-turned
// grid of this package: the sides face each other across the columns
// (A on the west edge, B on the east), so the table's width along the
// deployment lines is the number of rows, and its depth the number of
// columns.
const (
	Depth        = 35 // columns: two 8-column zones and a 19-column gap (SDC-G.19)
	ZoneDepth    = 8  // deployment zone depth, 2 PT (SDC-5.2, SDC-Q.20)
	WidthPerGen  = 11 // rows per general, 25 cm (SDC-4.1, TBL-19)
	HillSpacing  = 16 // 4 PT between hills (SDC-4.7)
	VillageSpace = 12 // 3 PT between villages (SDC-4.11)
	VillageZone  = 4  // 1 PT from a deployment zone (SDC-4.11)
	CrossSpacing = 4  // between crossings [P] (SDC-4.9)
)

// BoardSize is the default battlefield for the larger number of generals
// of the two sides (SDC-4.1, SDC-G.19, TBL-23): Depth columns and 11 rows
// per general, at least 3 generals.
func BoardSize(generals int) (cols, rows int) { return Depth, WidthPerGen * max(generals, 3) }

// InZone reports whether c is in side's deployment zone (SDC-5.2,
// SDC-G.20): the 8 columns nearest its edge, 10 or more hexes from the
// centre column.
func InZone(cols int, side game.Side, c grid.Coord) bool {
	if side == game.SideA {
		return c.X < ZoneDepth
	}
	return c.X >= cols-ZoneDepth
}

// Villages is the number of built-up areas each player places: half his
// generals, rounded up (SDC-4.11, SDC-Q.19).
func Villages(generals int) int { return (generals + 1) / 2 }

// TerrainType reads the terrain roll (SDC-4.4, TBL-16): 1 a river, 2-5
// hills, 6 a river and hills.
func TerrainType(die int) (river, hills bool) { return die == 1 || die == 6, die >= 2 }

// D3 is a d6 halved, rounded up (§0.2).
func D3(die int) int { return (die + 1) / 2 }

// Sector lists the cells of sector n (1 … 6) of a cols × rows battlefield
// (SDC-4.5, TBL-16, SDC-G.21): as side A sees it from its edge, sectors
// 1-3 are the far half (B's), 4-6 the near half, each split left, centre,
// right; the left third is the north one here, and the centre third takes
// the remainder. The centre column belongs to both halves.
func Sector(cols, rows, n int) []grid.Coord {
	third := rows / 3
	bands := [3][2]int{{0, third}, {third, rows - third}, {rows - third, rows}}
	b := bands[(n-1)%3]
	mid := cols / 2
	x0, x1 := mid, cols // far half
	if n >= 4 {
		x0, x1 = 0, mid+1
	}
	var out []grid.Coord
	for x := x0; x < x1; x++ {
		for y := b[0]; y < b[1]; y++ {
			out = append(out, grid.Coord{X: x, Y: y})
		}
	}
	return out
}

// gap is the least hex distance between two sets of cells.
func gap(a, b []grid.Coord) int {
	best := 1 << 20
	for _, x := range a {
		for _, y := range b {
			best = min(best, grid.HexDistance(x, y))
		}
	}
	return best
}

// Layout is a battlefield laid out by SDC-4.
type Layout struct {
	Cols, Rows int
	River      []grid.Coord
	Crossings  []grid.Coord
	Fords      []grid.Coord `json:",omitempty"` // the crossings that are fords, not bridges
	Hills      [][]grid.Coord
	Highest    int // index in Hills, -1 without hills
	Villages   [][]grid.Coord
	Woods      [][]grid.Coord
	Road       []grid.Coord
}

// Placement problems, each naming its rule (built when returned, so that
// they render with the catalogues).
func errHillSpacing() error {
	return game.Reject("terrain", "SDC-4.7", "sdc.setup.hill-spacing", "n", HillSpacing)
}
func errVillageSpacing() error {
	return game.Reject("terrain", "SDC-4.11", "sdc.setup.village-spacing", "n", VillageSpace)
}
func errVillageZone() error {
	return game.Reject("terrain", "SDC-4.11", "sdc.setup.village-zone", "n", VillageZone)
}
func errCrossing() error { return game.Reject("terrain", "SDC-4.9", "sdc.setup.crossing") }

// CheckHill says whether a hill may go where it is given the others
// (SDC-4.7: 4 PT apart, edge to edge).
func (l *Layout) CheckHill(h []grid.Coord) error {
	for _, o := range l.Hills {
		if gap(o, h) < HillSpacing {
			return errHillSpacing()
		}
	}
	return nil
}

// CheckVillage: 3 PT from every other built-up area, 1 PT from either
// deployment zone (SDC-4.11).
func (l *Layout) CheckVillage(v []grid.Coord) error {
	for _, o := range l.Villages {
		if gap(o, v) < VillageSpace {
			return errVillageSpacing()
		}
	}
	for _, c := range v {
		if c.X < ZoneDepth+VillageZone-1 || c.X > l.Cols-ZoneDepth-VillageZone {
			return errVillageZone()
		}
	}
	return nil
}

// CheckCrossing: a bridge or ford stands on the river, outside the
// deployment zones (SDC-4.9).
func (l *Layout) CheckCrossing(c grid.Coord) error {
	if !slices.Contains(l.River, c) || InZone(l.Cols, game.SideA, c) || InZone(l.Cols, game.SideB, c) {
		return errCrossing()
	}
	for _, o := range l.Crossings {
		if grid.HexDistance(o, c) < CrossSpacing {
			return errCrossing()
		}
	}
	return nil
}

// blob is the hill or wood of n hexes around c: c and its neighbours in
// ring order, inside the board, each ring in the board's cell order
// (column by column): only the square of side 2r+1 around c can hold a
// hex r away.
func blob(g *grid.Hex, c grid.Coord, n int) []grid.Coord {
	out := []grid.Coord{c}
	for r := 1; len(out) < n && r < 4; r++ {
		for x := c.X - r; x <= c.X+r; x++ {
			for y := c.Y - r; y <= c.Y+r; y++ {
				if p := (grid.Coord{X: x, Y: y}); len(out) < n && g.Contains(p) && grid.HexDistance(p, c) == r {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// Generate lays a battlefield out for the larger number of generals of
// the two sides with the generator's defaults (SDC-4.3 … 4.11): the
// terrain roll, the river across the table (from A's edge to B's) in the
// third its sector roll names, then the hills, each in a rolled sector
// with the spacing of SDC-4.7 (a hill that cannot be placed after 3
// rerolls is dropped), the highest hill at random, 1d3 crossings, a wood
// per player, ⌈G/2⌉ villages per player and a road across the river.
// The players roll in turn; every roll comes from d.
func Generate(generals int, d game.Dice) *Layout {
	cols, rows := BoardSize(generals)
	g := grid.NewHex(cols, rows)
	l := &Layout{Cols: cols, Rows: rows, Highest: -1}
	taken := map[grid.Coord]bool{}
	free := func(cs []grid.Coord) bool {
		for _, c := range cs {
			if taken[c] {
				return false
			}
		}
		return true
	}
	take := func(cs []grid.Coord) {
		for _, c := range cs {
			taken[c] = true
		}
	}
	river, hills := TerrainType(d.Roll(6))
	if river {
		s := Sector(cols, rows, d.Roll(6))
		y := s[len(s)/2].Y
		for x := 0; x < cols; x++ {
			l.River = append(l.River, grid.Coord{X: x, Y: y})
		}
		take(l.River)
		for n, tries := D3(d.Roll(6)), 0; len(l.Crossings) < n && tries < 50; tries++ {
			c := grid.Coord{X: ZoneDepth + d.Roll(cols-2*ZoneDepth) - 1, Y: y}
			if l.CheckCrossing(c) == nil {
				l.Crossings = append(l.Crossings, c)
			}
		}
	}
	if hills {
		n := 2
		switch {
		case generals >= 8:
			n = 4
		case generals >= 5:
			n = 3
		}
		for i := 0; i < n; i++ {
			for try := 0; try < 4; try++ {
				s := Sector(cols, rows, d.Roll(6))
				h := blob(g, s[len(s)/2], 7)
				if free(h) && l.CheckHill(h) == nil {
					l.Hills = append(l.Hills, h)
					take(h)
					break
				}
			}
		}
		if len(l.Hills) > 0 {
			l.Highest = d.Roll(len(l.Hills)) - 1
		}
	}
	for p := 0; p < 2; p++ { // a wood per player, outside the deployment zones
		for try := 0; try < 20; try++ {
			c := grid.Coord{X: ZoneDepth + 1 + d.Roll(cols-2*ZoneDepth-2) - 1, Y: d.Roll(rows) - 1}
			w := blob(g, c, 4+d.Roll(4)-1)
			if free(w) && !slices.ContainsFunc(w, func(c grid.Coord) bool { return InZone(cols, game.SideA, c) || InZone(cols, game.SideB, c) }) {
				l.Woods = append(l.Woods, w)
				take(w)
				break
			}
		}
	}
	for i := 0; i < 2*Villages(generals); i++ { // the players alternate
		for try := 0; try < 40; try++ {
			c := grid.Coord{X: ZoneDepth + VillageZone - 1 + d.Roll(cols-2*(ZoneDepth+VillageZone-1)) - 1, Y: d.Roll(rows) - 1}
			v := blob(g, c, 3)
			if free(v) && l.CheckVillage(v) == nil {
				l.Villages = append(l.Villages, v)
				take(v)
				break
			}
		}
	}
	// The road runs from the north edge to the south, over the first
	// crossing, or through the first village.
	x := cols / 2
	switch {
	case len(l.Crossings) > 0:
		x = l.Crossings[0].X
	case len(l.Villages) > 0:
		x = l.Villages[0][0].X
	}
	for y := 0; y < rows; y++ {
		c := grid.Coord{X: x, Y: y}
		if slices.Contains(l.River, c) && !slices.Contains(l.Crossings, c) {
			continue // a road stops at a river without a crossing
		}
		l.Road = append(l.Road, c)
	}
	return l
}

// Objectives are the layout's objectives (SDC-4.12): the highest hill,
// the crossing if it is the only one, each built-up area, 1 VP each.
func (l *Layout) Objectives(g grid.Grid) []game.Objective {
	var out []game.Objective
	if l.Highest >= 0 {
		out = append(out, game.Objective{Name: "highest hill", Kind: "hex", Points: 1, Cells: []grid.Coord{l.Hills[l.Highest][0]}})
	}
	if len(l.Crossings) == 1 {
		out = append(out, game.Objective{Name: "crossing", Kind: "hex", Points: 1, Cells: l.Crossings})
	}
	for i, v := range l.Villages {
		out = append(out, game.Objective{Name: fmt.Sprintf("village %d %s", i+1, g.Label(v[0])), Kind: "hex", Points: 1, Cells: []grid.Coord{v[0]}})
	}
	return out
}

// Map is the layout as a scenario map.
func (l *Layout) Map() *game.Map {
	g := grid.NewHex(l.Cols, l.Rows)
	m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: "generated"}
	set := func(cs []grid.Coord, t string) {
		for _, c := range cs {
			m.Cells[c] = game.Cell{Terrain: t}
		}
	}
	set(l.River, "river")
	set(l.Crossings, "bridge")
	set(l.Fords, "ford")
	for _, h := range l.Hills {
		set(h, "hill")
	}
	for _, w := range l.Woods {
		set(w, "wood")
	}
	for _, v := range l.Villages {
		set(v, "village")
	}
	for i := 1; i < len(l.Road); i++ {
		if g.Adjacent(l.Road[i-1], l.Road[i]) {
			e := grid.EdgeOf(l.Road[i-1], l.Road[i])
			m.Links[e] = append(m.Links[e], "road")
		}
	}
	return m
}
