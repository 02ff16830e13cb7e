package render

import (
	"fmt"
	"maps"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Test fixtures: a 40×24 hex battlefield the size of the Grands Stratèges
// two-board map with every kind of terrain, hexside and link, 50 pieces
// and a typical overlay; a small hex board; a small square board; and a
// 40×41 map the size of Peter the Great's.

func at(x, y int) *grid.Coord { return &grid.Coord{X: x, Y: y} }

func setEdge(m *game.Map, a, b grid.Coord, f string) {
	if !m.Grid.Adjacent(a, b) {
		panic(fmt.Sprintf("fixture: %v and %v are not adjacent", a, b))
	}
	e := grid.EdgeOf(a, b)
	m.Edges[e] = append(m.Edges[e], f)
}

func setLink(m *game.Map, a, b grid.Coord, f string) {
	if !m.Grid.Adjacent(a, b) {
		panic(fmt.Sprintf("fixture: %v and %v are not adjacent", a, b))
	}
	e := grid.EdgeOf(a, b)
	m.Links[e] = append(m.Links[e], f)
}

// blob sets the terrain of every cell within r of c.
func blob(m *game.Map, c grid.Coord, r int, terrain string, level int) {
	for _, x := range m.Grid.Cells() {
		if m.Grid.Distance(c, x) <= r {
			cell := m.Cells[x]
			if terrain != "" {
				cell.Terrain = terrain
			}
			if level > cell.Level {
				cell.Level = level
			}
			m.Cells[x] = cell
		}
	}
}

// linkPath links consecutive cells of a path, inserting the cells of a
// straight hex line between them.
func linkPath(m *game.Map, kind string, cs ...grid.Coord) {
	for i := 1; i < len(cs); i++ {
		line := grid.HexLines(cs[i-1], cs[i])[0]
		for j := 1; j < len(line); j++ {
			setLink(m, line[j-1], line[j], kind)
		}
	}
}

func bigHexMap() *game.Map {
	g := grid.NewHex(40, 24, grid.Board{Name: "A", X0: 0, W: 20}, grid.Board{Name: "B", X0: 20, W: 20})
	return fillHexMap(g, "fixture:big-hex")
}

// fillHexMap draws a battlefield on any hex grid at least 40×24.
func fillHexMap(g *grid.Hex, src string) *game.Map {
	m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: src}
	for _, c := range g.Cells() {
		m.Cells[c] = game.Cell{Terrain: "clear"}
	}
	for _, f := range []struct{ x, y, r int }{{1, 6, 1}, {10, 6, 1}, {18, 17, 1}, {9, 21, 1}, {36, 1, 2}, {29, 16, 1}, {21, 21, 1}} {
		blob(m, grid.Coord{X: f.x, Y: f.y}, f.r, "forest", 0)
	}
	for _, f := range []struct{ x, y, r int }{{1, 10, 1}, {15, 14, 1}, {28, 12, 1}, {38, 14, 1}} {
		blob(m, grid.Coord{X: f.x, Y: f.y}, f.r, "marsh", 0)
	}
	blob(m, grid.Coord{X: 33, Y: 6}, 1, "lake", 0)
	blob(m, grid.Coord{X: 6, Y: 15}, 1, "fields", 0)
	blob(m, grid.Coord{X: 24, Y: 3}, 1, "fields", 0)
	blob(m, grid.Coord{X: 17, Y: 6}, 1, "", 1)
	blob(m, grid.Coord{X: 2, Y: 16}, 1, "", 1)
	blob(m, grid.Coord{X: 29, Y: 5}, 2, "", 1)
	blob(m, grid.Coord{X: 29, Y: 5}, 0, "", 2)
	blob(m, grid.Coord{X: 8, Y: 12}, 0, "", 1)
	blob(m, grid.Coord{X: 22, Y: 16}, 1, "", 1)
	m.Cells[grid.Coord{X: 12, Y: 2}] = game.Cell{Terrain: "ravine"}
	m.Cells[grid.Coord{X: 13, Y: 2}] = game.Cell{Terrain: "ravine"}
	m.Cells[grid.Coord{X: 26, Y: 20}] = game.Cell{Terrain: "rough"}
	villages := map[grid.Coord]string{
		{X: 3, Y: 3}: "Bellecombe", {X: 14, Y: 3}: "Montfort", {X: 9, Y: 10}: "Hameau-Nord",
		{X: 10, Y: 13}: "Hameau-Sud", {X: 6, Y: 19}: "Lavaux", {X: 14, Y: 19}: "Rochebrune",
		{X: 29, Y: 5}: "Hautmont", {X: 25, Y: 8}: "Saint-Aubin", {X: 36, Y: 8}: "Bois-le-Roi",
		{X: 24, Y: 19}: "Ferrières",
	}
	for c, n := range villages {
		cell := m.Cells[c]
		cell.Terrain, cell.Name = "village", n
		m.Cells[c] = cell
	}
	m.Cells[grid.Coord{X: 35, Y: 19}] = game.Cell{Terrain: "town", Name: "Valbonne"}

	// The river between rows 11 and 12 on the west board, a stream on
	// the east board, and a stream around the island.
	for _, c := range g.Cells() {
		if c.Y != 11 {
			continue
		}
		for _, n := range g.Neighbors(c) {
			if n.Y >= 12 {
				if c.X < 20 && n.X < 20 {
					setEdge(m, c, n, "river")
				} else {
					setEdge(m, c, n, "stream")
				}
			}
		}
	}
	// Ridges around high ground, hachures on the low side.
	for _, c := range g.Cells() {
		for _, n := range g.Neighbors(c) {
			if c.Less(n) && m.Cells[c].Level != m.Cells[n].Level {
				setEdge(m, c, n, "ridge")
			}
		}
	}
	// Roads north–south and the lateral road, paths, with bridges and
	// fords where they cross water.
	for _, x := range []int{3, 14, 25, 36} {
		linkPath(m, "road", grid.Coord{X: x, Y: 0}, grid.Coord{X: x, Y: 23})
	}
	for x := 0; x < 39; x++ {
		setLink(m, grid.Coord{X: x, Y: 19}, grid.Coord{X: x + 1, Y: 19}, "road")
	}
	linkPath(m, "path", grid.Coord{X: 3, Y: 3}, grid.Coord{X: 14, Y: 3})
	linkPath(m, "path", grid.Coord{X: 12, Y: 9}, grid.Coord{X: 9, Y: 10}, grid.Coord{X: 10, Y: 13}, grid.Coord{X: 10, Y: 18})
	linkPath(m, "path", grid.Coord{X: 25, Y: 8}, grid.Coord{X: 29, Y: 5}, grid.Coord{X: 36, Y: 8})
	for _, x := range []int{3, 14} {
		setEdge(m, grid.Coord{X: x, Y: 11}, grid.Coord{X: x, Y: 12}, "bridge")
	}
	for _, x := range []int{25, 36} {
		setEdge(m, grid.Coord{X: x, Y: 11}, grid.Coord{X: x, Y: 12}, "ford")
	}
	setEdge(m, grid.Coord{X: 9, Y: 11}, grid.Coord{X: 9, Y: 12}, "ford")
	// Entrenchments before Rochebrune, a lake shore, an unknown feature.
	for _, n := range []grid.Coord{{X: 13, Y: 19}, {X: 14, Y: 18}, {X: 15, Y: 19}} {
		setEdge(m, grid.Coord{X: 14, Y: 19}, n, "entrenchment")
	}
	setEdge(m, grid.Coord{X: 33, Y: 8}, grid.Coord{X: 33, Y: 9}, "lake")
	setEdge(m, grid.Coord{X: 20, Y: 5}, grid.Coord{X: 20, Y: 6}, "hedge")
	return m
}

// fixtureFaces are the counter faces of the fixtures' unit types, as a
// scenario declares them; "engineer" draws as a plain box, as it did
// when the renderer guessed symbols from type names.
var fixtureFaces = &game.Scenario{Faces: map[string]game.CounterFace{
	"infantry": {Symbol: "infantry"}, "cavalry": {Symbol: "cavalry"},
	"artillery": {Symbol: "artillery"}, "leader": {Symbol: "leader"}, "engineer": {Symbol: "none"},
}}

// faced gives a fixture's pieces their counter faces, as a ruleset's
// Board does with its scenario's.
func faced(b *game.Board) *game.Board {
	b.DrawFrom(fixtureFaces, nil, b.Viewer)
	return shareMap(b)
}

// Drawing a map's static layer is most of the cost of a render (about a
// second for a 40×24 map under the race detector), and a Renderer caches
// it per *game.Map. The fixtures therefore build each map once: shareMap
// gives b the first map built with its Source, so that tests drawing on
// shared (one Renderer for the package's tests) draw each fixture map's
// static layer once. Fixture maps are read-only: a test that changes a
// map works on cloneMap's copy under a Source of its own.
var (
	sharedMu   sync.Mutex
	sharedMaps = map[string]*game.Map{}
	shared     = New()
)

func shareMap(b *game.Board) *game.Board {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if m, ok := sharedMaps[b.Map.Source]; ok {
		b.Map = m
	} else {
		sharedMaps[b.Map.Source] = b.Map
	}
	return b
}

// cloneMap is a copy of b's map, under Source src, that b may change.
func cloneMap(b *game.Board, src string) *game.Map {
	m := *b.Map
	m.Cells, m.Edges, m.Links = maps.Clone(m.Cells), maps.Clone(m.Edges), maps.Clone(m.Links)
	m.Source = src
	b.Map = &m
	return &m
}

var (
	types  = []string{"infantry", "infantry", "cavalry", "infantry", "artillery", "infantry", "cavalry", "infantry", "artillery", "infantry"}
	values = map[string][]string{"infantry": {"6-4", "5-4", "4-4", "3-4"}, "cavalry": {"3-6", "2-6"}, "artillery": {"6-3", "4-3"}}
)

// bigHexBoard is the benchmark board: 50 pieces and a typical combat
// phase overlay.
func bigHexBoard() *game.Board {
	m := bigHexMap()
	b := &game.Board{Map: m, Viewer: game.SideA}
	for i := 0; i < 25; i++ {
		t := types[i%len(types)]
		if i == 0 {
			t = "leader"
		}
		v := values[t]
		p := game.Piece{ID: fmt.Sprintf("A%d", i+1), Side: game.SideA, Type: t, Status: game.StatusActive, At: at(2+(i*7)%37, 4+(i*3)%6)}
		if v != nil {
			p.Values = v[i%len(v)]
		}
		b.Pieces = append(b.Pieces, p)
	}
	for i := 0; i < 25; i++ {
		t := types[(i+3)%len(types)]
		v := values[t]
		p := game.Piece{ID: fmt.Sprintf("B%d", i+1), Side: game.SideB, Type: t, Status: game.StatusActive, At: at(1+(i*5)%38, 13+(i*7)%6)}
		p.Values = v[i%len(v)]
		b.Pieces = append(b.Pieces, p)
	}
	// States: routed, disordered, reduced, face-down (hidden values are
	// already removed in A's view), a stack, facings.
	b.Pieces[3].Flags = []string{"routed"}
	b.Pieces[5].Flags = []string{"disordered", "reduced"}
	b.Pieces[8].Facing = 1
	b.Pieces[9].Facing = 3
	for _, i := range []int{30, 33, 41} {
		b.Pieces[i].Flags = []string{"face-down"}
		b.Pieces[i].Values, b.Pieces[i].Type = "", ""
	}
	b.Pieces[12].At = at(b.Pieces[11].At.X, b.Pieces[11].At.Y)
	b.Pieces[13].At = at(b.Pieces[11].At.X, b.Pieces[11].At.Y)
	b.Pieces = append(b.Pieces,
		game.Piece{ID: "A26", Side: game.SideA, Status: game.StatusEliminated, Hex: ""},
		game.Piece{ID: "B26", Side: game.SideB, Status: game.StatusReserve})

	// A combat phase: moves of this turn, a combat with its pending
	// retreat choice, a bombardment, an earlier retreat and advance.
	g := m.Grid
	b.Pieces[14].At, b.Pieces[15].At, b.Pieces[29].At = at(20, 12), at(21, 12), at(20, 13)
	b.Pieces[27].At = at(31, 6)
	p := *b.Pieces[36].At
	x := g.Step(p, 0)
	y := g.Step(x, 0)
	b.Pieces[16].At = &x
	b.Pieces[38].At = at(10, 16)
	b.Arrows = []game.Arrow{
		{From: grid.Coord{X: 5, Y: 3}, To: *b.Pieces[1].At, Kind: "move", Side: game.SideA},
		{From: grid.Coord{X: 17, Y: 2}, To: *b.Pieces[2].At, Kind: "move", Side: game.SideA},
		{From: grid.Coord{X: 20, Y: 9}, To: grid.Coord{X: 20, Y: 12}, Kind: "move", Side: game.SideA},
		{From: grid.Coord{X: 21, Y: 9}, To: grid.Coord{X: 21, Y: 12}, Kind: "move", Side: game.SideA},
		{From: grid.Coord{X: 20, Y: 12}, To: grid.Coord{X: 20, Y: 13}, Kind: "combat", Side: game.SideA, Label: "2:1 DR"},
		{From: grid.Coord{X: 21, Y: 12}, To: grid.Coord{X: 20, Y: 13}, Kind: "combat", Side: game.SideA, Label: "2:1 DR"},
		{From: *b.Pieces[4].At, To: grid.Coord{X: 31, Y: 6}, Kind: "fire", Side: game.SideA, Label: "6 vs 4"},
		{From: x, To: p, Kind: "retreat", Side: game.SideB},
		{From: y, To: x, Kind: "advance", Side: game.SideA},
		{From: grid.Coord{X: 8, Y: 16}, To: grid.Coord{X: 10, Y: 16}, Kind: "move", Side: game.SideB},
	}
	b.Marks = []game.Mark{
		{At: grid.Coord{X: 19, Y: 13}, Kind: "choice", Label: "1"},
		{At: grid.Coord{X: 20, Y: 14}, Kind: "choice", Label: "2"},
		{At: grid.Coord{X: 21, Y: 13}, Kind: "choice", Label: "3"},
		{At: grid.Coord{X: 11, Y: 12}, Kind: "eliminated", Label: "B19"},
		{At: grid.Coord{X: 14, Y: 3}, Kind: "objective"},
		{At: grid.Coord{X: 29, Y: 5}, Kind: "objective"},
		{At: grid.Coord{X: 24, Y: 19}, Kind: "objective"},
		{At: grid.Coord{X: 27, Y: 10}, Kind: "blocked"},
	}
	for _, c := range grid.HexLines(grid.Coord{X: 26, Y: 8}, grid.Coord{X: 28, Y: 12})[0] {
		b.Marks = append(b.Marks, game.Mark{At: c, Kind: "los"})
	}
	for _, c := range m.Grid.Cells() {
		if d := m.Grid.Distance(c, grid.Coord{X: 31, Y: 12}); d >= 1 && d <= 2 {
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "reach", Label: fmt.Sprint(d)})
		}
	}
	b.Legend = game.Legend{
		Game: "g-0042", Scenario: "GS III — Rencontre", Turn: 5, Turns: 12, Phase: "combat A",
		Active: game.SideA, Pending: "B: retreat B5 (choose 1–3)", Deadline: "2026-11-23 18:00 UTC",
		Lines: []string{"losses: A 6 PC, B 9 PC", "VP: A 2, B 1"},
	}
	return faced(b)
}

// peterMap is a 40×41 hex map, the size of Peter the Great's.
func peterBoard() *game.Board {
	g := grid.NewHex(40, 41)
	m := fillHexMap(g, "fixture:peter")
	blob(m, grid.Coord{X: 12, Y: 32}, 3, "forest", 0)
	blob(m, grid.Coord{X: 30, Y: 34}, 2, "marsh", 0)
	b := &game.Board{Map: m, Viewer: game.Nobody}
	for i := 0; i < 60; i++ {
		s := game.Side(i % 2)
		b.Pieces = append(b.Pieces, game.Piece{ID: fmt.Sprintf("%s%d", s, i/2+1), Side: s, Type: types[i%len(types)], Values: "4-4", Status: game.StatusActive, At: at((i*7)%40, 2+(i*13)%38)})
	}
	b.Legend = game.Legend{Scenario: "Poltava 1709", Turn: 1, Turns: 14, Phase: "movement", Active: game.SideB}
	return faced(b)
}

// smallHexBoard is the golden hex fixture: 8×6 hexes with every terrain,
// hexside, link, counter state and overlay kind.
func smallHexBoard() *game.Board {
	g := grid.NewHex(8, 6)
	m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: "fixture:small-hex"}
	terr := map[grid.Coord]game.Cell{
		{X: 0, Y: 0}: {Terrain: "forest"}, {X: 1, Y: 0}: {Terrain: "forest"}, {X: 0, Y: 1}: {Terrain: "forest"},
		{X: 5, Y: 0}: {Terrain: "marsh"}, {X: 6, Y: 0}: {Terrain: "marsh"},
		{X: 3, Y: 1}: {Terrain: "village", Name: "Hameau"},
		{X: 6, Y: 3}: {Terrain: "lake"}, {X: 7, Y: 3}: {Terrain: "lake"},
		{X: 1, Y: 4}: {Terrain: "fields"}, {X: 2, Y: 4}: {Terrain: "fields"},
		{X: 4, Y: 4}: {Terrain: "clear", Level: 1}, {X: 5, Y: 4}: {Terrain: "forest", Level: 1}, {X: 4, Y: 5}: {Terrain: "clear", Level: 1},
		{X: 7, Y: 5}: {Terrain: "ravine"},
		{X: 0, Y: 5}: {Terrain: "town"},
	}
	for c, cell := range terr {
		m.Cells[c] = cell
	}
	for x := 0; x < 8; x++ {
		c := grid.Coord{X: x, Y: 2}
		for _, n := range g.Neighbors(c) {
			if n.Y == 3 {
				f := "stream"
				if x < 5 && n.X < 5 {
					f = "river"
				}
				setEdge(m, c, n, f)
			}
		}
	}
	setEdge(m, grid.Coord{X: 2, Y: 2}, grid.Coord{X: 2, Y: 3}, "bridge")
	setEdge(m, grid.Coord{X: 6, Y: 2}, grid.Coord{X: 6, Y: 3}, "ford")
	for _, c := range g.Cells() {
		for _, n := range g.Neighbors(c) {
			if c.Less(n) && m.CellAt(c).Level != m.CellAt(n).Level {
				setEdge(m, c, n, "ridge")
			}
		}
	}
	setEdge(m, grid.Coord{X: 3, Y: 1}, grid.Coord{X: 3, Y: 2}, "entrenchment")
	linkPath(m, "road", grid.Coord{X: 2, Y: 0}, grid.Coord{X: 2, Y: 5})
	linkPath(m, "path", grid.Coord{X: 2, Y: 1}, grid.Coord{X: 3, Y: 1}, grid.Coord{X: 7, Y: 1})

	b := &game.Board{Map: m, Viewer: game.SideA}
	b.Pieces = []game.Piece{
		{ID: "A1", Side: game.SideA, Type: "infantry", Values: "6-4", Status: game.StatusActive, At: at(2, 2)},
		{ID: "A2", Side: game.SideA, Type: "cavalry", Values: "3-6", Status: game.StatusActive, At: at(3, 2), Facing: 3},
		{ID: "A3", Side: game.SideA, Type: "artillery", Values: "6-3", Status: game.StatusActive, At: at(4, 1), Flags: []string{"disordered"}},
		{ID: "Ney", Side: game.SideA, Type: "leader", Values: "2", Status: game.StatusActive, At: at(2, 2)},
		{ID: "A5", Side: game.SideA, Type: "infantry", Values: "3-4", Status: game.StatusActive, At: at(1, 1), Flags: []string{"reduced"}},
		{ID: "B1", Side: game.SideB, Type: "infantry", Values: "5-4", Status: game.StatusActive, At: at(2, 4), Flags: []string{"routed"}},
		{ID: "B2", Side: game.SideB, Status: game.StatusActive, At: at(5, 4), Flags: []string{"face-down"}},
		{ID: "B3", Side: game.SideB, Type: "cavalry", Values: "2-6", Status: game.StatusActive, At: at(3, 4), Facing: 1},
		{ID: "B4", Side: game.SideB, Type: "engineer", Values: "1-3", Status: game.StatusActive, At: at(6, 2)},
		{ID: "B9", Side: game.SideB, Type: "infantry", Values: "4-4", Status: game.StatusEliminated},
	}
	b.Arrows = []game.Arrow{
		{From: grid.Coord{X: 2, Y: 0}, To: grid.Coord{X: 2, Y: 2}, Kind: "move", Side: game.SideA},
		{From: grid.Coord{X: 3, Y: 2}, To: grid.Coord{X: 3, Y: 4}, Kind: "combat", Side: game.SideA, Label: "2:1 DR"},
		{From: grid.Coord{X: 4, Y: 1}, To: grid.Coord{X: 5, Y: 4}, Kind: "fire", Side: game.SideA, Label: "6 vs 2"},
		{From: grid.Coord{X: 3, Y: 4}, To: grid.Coord{X: 3, Y: 5}, Kind: "retreat", Side: game.SideB},
		{From: grid.Coord{X: 1, Y: 1}, To: grid.Coord{X: 1, Y: 2}, Kind: "advance", Side: game.SideA},
	}
	b.Marks = []game.Mark{
		{At: grid.Coord{X: 2, Y: 5}, Kind: "choice", Label: "1"},
		{At: grid.Coord{X: 3, Y: 5}, Kind: "choice", Label: "2"},
		{At: grid.Coord{X: 6, Y: 4}, Kind: "reach", Label: "2"},
		{At: grid.Coord{X: 7, Y: 4}, Kind: "reach"},
		{At: grid.Coord{X: 6, Y: 5}, Kind: "eliminated", Label: "B9"},
		{At: grid.Coord{X: 4, Y: 2}, Kind: "los"},
		{At: grid.Coord{X: 5, Y: 3}, Kind: "blocked"},
		{At: grid.Coord{X: 3, Y: 1}, Kind: "objective"},
	}
	b.Legend = game.Legend{Game: "g-7", Scenario: "small hex fixture", Turn: 2, Turns: 8, Phase: "combat A", Active: game.SideA,
		Pending: "B: retreat B3", Deadline: "2026-11-23 18:00 UTC", Lines: []string{"losses: A 0, B 4"}}
	return faced(b)
}

// smallSquareBoard is the golden square fixture: an 8×8 board as in
// Manœuvre.
func smallSquareBoard() *game.Board {
	g := grid.NewSquare(8, 8)
	m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: "fixture:small-square"}
	for _, s := range []struct {
		l, t string
	}{{"a8", "forest"}, {"b8", "forest"}, {"d6", "town"}, {"f3", "marsh"}, {"c3", "hill"}, {"h1", "lake"}, {"e4", "fields"}, {"g6", "woods"}, {"b2", "bog"}} {
		m.Cells[grid.MustParse(g, s.l)] = game.Cell{Terrain: s.t}
	}
	setEdge(m, grid.MustParse(g, "c5"), grid.MustParse(g, "c4"), "river")
	setEdge(m, grid.MustParse(g, "d5"), grid.MustParse(g, "d4"), "river")
	setEdge(m, grid.MustParse(g, "d5"), grid.MustParse(g, "d4"), "bridge")
	setLink(m, grid.MustParse(g, "d6"), grid.MustParse(g, "d5"), "road")
	setLink(m, grid.MustParse(g, "d5"), grid.MustParse(g, "d4"), "road")
	sq := func(s string) *grid.Coord { c := grid.MustParse(g, s); return &c }
	b := &game.Board{Map: m, Viewer: game.SideB}
	b.Pieces = []game.Piece{
		{ID: "Fr1", Side: game.SideA, Type: "infantry", Values: "4", Status: game.StatusActive, At: sq("d2")},
		{ID: "Fr2", Side: game.SideA, Type: "cavalry", Values: "3", Status: game.StatusActive, At: sq("e2")},
		{ID: "Fr3", Side: game.SideA, Type: "artillery", Values: "3", Status: game.StatusActive, At: sq("c3")},
		{ID: "Au1", Side: game.SideB, Type: "infantry", Values: "5", Status: game.StatusActive, At: sq("d7")},
		{ID: "Au2", Side: game.SideB, Type: "infantry", Values: "4", Status: game.StatusActive, At: sq("e6"), Flags: []string{"reduced"}},
		{ID: "Au3", Side: game.SideB, Type: "leader", Status: game.StatusActive, At: sq("e6")},
	}
	b.Arrows = []game.Arrow{
		{From: grid.MustParse(g, "d1"), To: grid.MustParse(g, "d2"), Kind: "move", Side: game.SideA},
		{From: grid.MustParse(g, "e6"), To: grid.MustParse(g, "e5"), Kind: "combat", Side: game.SideB, Label: "7 vs 4"},
	}
	b.Marks = []game.Mark{
		{At: grid.MustParse(g, "e5"), Kind: "choice", Label: "1"},
		{At: grid.MustParse(g, "f5"), Kind: "reach"},
		{At: grid.MustParse(g, "d6"), Kind: "objective"},
	}
	b.Legend = game.Legend{Scenario: "small square fixture", Turn: 3, Phase: "assault", Active: game.SideB}
	return faced(b)
}

// setupHexBoard is the small hex map during a set-up: each side's
// deployment zone, A's units placed in its own.
func setupHexBoard() *game.Board {
	b := smallHexBoard()
	b.Arrows, b.Marks = nil, nil
	b.Pieces = []game.Piece{
		{ID: "A1", Side: game.SideA, Type: "infantry", Values: "6-4", Status: game.StatusActive, At: at(2, 0)},
		{ID: "A2", Side: game.SideA, Type: "cavalry", Values: "3-6", Status: game.StatusActive, At: at(4, 0)},
	}
	for _, c := range b.Map.Grid.Cells() {
		switch {
		case c.Y <= 1:
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "deploy", Label: "A"})
		case c.Y >= 4 && c.X >= 2:
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "deploy", Label: "B"})
		}
	}
	b.Legend = game.Legend{Game: "g-7", Scenario: "small hex fixture", Phase: "setup", Pending: "A, B: set up"}
	return faced(b)
}

// losHexBoard is the small hex map with a line of sight as a ruleset's
// LineOfSight gives it: marks numbered from 0, the blocking hex ⊘.
func losHexBoard() *game.Board {
	b := smallHexBoard()
	b.Arrows, b.Marks = nil, nil
	line := grid.HexLines(grid.Coord{X: 1, Y: 0}, grid.Coord{X: 6, Y: 4})[0]
	for i, c := range line {
		kind := "los"
		if i == len(line)/2 {
			kind = "blocked"
		}
		b.Marks = append(b.Marks, game.Mark{At: c, Kind: kind, Label: fmt.Sprint(i)})
	}
	b.Legend.Pending = ""
	return faced(b)
}
