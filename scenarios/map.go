package scenarios

import (
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// maxSide bounds a map's width and height, so that a bad file cannot ask
// for a grid of a billion cells.
const maxSide = 200

// mapData is a map being built: the grid, terrain, hexside features,
// links and named zones, plus where each feature name and each edge
// feature was listed, for later checks.
type mapData struct {
	g       grid.Grid
	cells   map[grid.Coord]game.Cell
	edges   map[grid.Edge][]string
	links   map[grid.Edge][]string
	zones   map[string]*zoneDef
	files   []string               // names of the files that made it
	uses    map[string]origin      // "cell:forest", "edge:river", "link:road" → first listing
	listed  map[edgeFeature]origin // where each edge feature was listed
	levelOf map[grid.Coord]origin  // where each cell's level was set
	terrOf  map[grid.Coord]origin  // where each cell's terrain was set
	boards  []grid.Board           // boards of a hex map (one for a named single board)
}

type edgeFeature struct {
	e grid.Edge
	f string
}

// origin is a place in a file: a node, a key in it and a token on the line.
type origin struct {
	n          *node
	key, token string
}

func (o origin) errf(format string, args ...any) { o.n.errf(o.key, o.token, format, args...) }

func newMapData(g grid.Grid) *mapData {
	md := &mapData{
		g:       g,
		cells:   map[grid.Coord]game.Cell{},
		edges:   map[grid.Edge][]string{},
		links:   map[grid.Edge][]string{},
		zones:   map[string]*zoneDef{},
		uses:    map[string]origin{},
		listed:  map[edgeFeature]origin{},
		levelOf: map[grid.Coord]origin{},
		terrOf:  map[grid.Coord]origin{},
	}
	if h, ok := g.(*grid.Hex); ok {
		md.boards = h.Boards
	}
	return md
}

// Map returns the finished game.Map.
func (md *mapData) Map() *game.Map {
	cells := make(map[grid.Coord]game.Cell, len(md.cells))
	for c, x := range md.cells {
		if x.Terrain == "" {
			x.Terrain = "clear"
		}
		cells[c] = x
	}
	return &game.Map{
		Grid:   md.g,
		Cells:  cells,
		Edges:  md.edges,
		Links:  md.links,
		Source: strings.Join(md.files, " + "),
	}
}

func addFeature(m map[grid.Edge][]string, e grid.Edge, f string) {
	if !slices.Contains(m[e], f) {
		m[e] = append(m[e], f)
		slices.Sort(m[e])
	}
}

// readMap reads a map table: the root of a map file, or a scenario's
// inline [map]. asBoard is set when the map is a board of a composed map,
// which may not itself be composed. It returns nil when the map cannot be
// built at all (no grid); lesser problems are recorded and reading goes on.
func (l *loader) readMap(n *node, asBoard bool) *mapData {
	var md *mapData
	if n.has("boards") {
		if asBoard {
			n.errf("boards", "", "%s: a board of a composed map cannot itself be composed", n.where("boards"))
			n.get("boards")
			return nil
		}
		md = l.compose(n)
	} else {
		md = l.singleMap(n)
	}
	if md == nil {
		// The map cannot be built: its other keys are not unknown, just
		// unread.
		for _, k := range []string{"name", "grid", "width", "height", "diagonal", "base", "boards", "terrain", "levels", "edges", "links", "zones", "text"} {
			n.get(k)
		}
		return nil
	}
	md.files = append(md.files, n.f.name)
	l.readTerrain(n, md)
	l.readLevels(n, md)
	autos := l.readEdges(n, md)
	l.readLinks(n, md)
	// "auto" features go on every edge between cells of different
	// levels, once every level (of the boards too) is known.
	for _, a := range autos {
		for _, c := range md.g.Cells() {
			for _, nb := range md.g.Neighbors(c) {
				if c.Less(nb) && md.cells[c].Level != md.cells[nb].Level {
					ef := edgeFeature{grid.EdgeOf(c, nb), a.key}
					addFeature(md.edges, ef.e, ef.f)
					if _, ok := md.listed[ef]; !ok {
						md.listed[ef] = a
					}
				}
			}
		}
	}
	l.readMapZones(n, md)
	l.checkText(n, md)
	md.checkEdgeFeatures()
	return md
}

// singleMap builds the grid of a one-piece map.
func (l *loader) singleMap(n *node) *mapData {
	kind, ok := n.str("grid")
	if !ok {
		n.require("grid", `"hex" or "square"`)
		return nil
	}
	kindOK := kind == "hex" || kind == "square"
	if !kindOK {
		n.errf("grid", "", `%s: want "hex" or "square", not %q`, n.where("grid"), kind)
	}
	w, okW := n.integer("width")
	h, okH := n.integer("height")
	if !okW {
		n.require("width", "the number of columns")
	}
	if !okH {
		n.require("height", "the number of rows")
	}
	for _, k := range []struct {
		key string
		v   int
		ok  bool
	}{{"width", w, okW}, {"height", h, okH}} {
		if k.ok && (k.v < 1 || k.v > maxSide) {
			n.errf(k.key, "", "%s: %d is not between 1 and %d", n.where(k.key), k.v, maxSide)
			okW = okW && k.key != "width"
			okH = okH && k.key != "height"
		}
	}
	if !okW || !okH || !kindOK {
		return nil
	}
	switch kind {
	case "hex":
		if n.has("diagonal") {
			n.get("diagonal")
			n.errf("diagonal", "", "%s: only square grids have diagonals", n.where("diagonal"))
		}
		base := 0
		if b, ok := n.integer("base"); ok {
			if b != 0 && b != 1 {
				n.errf("base", "", "%s: want 0 (labels from 0000) or 1 (from 0101), not %d", n.where("base"), b)
			} else {
				base = b
			}
		}
		var boards []grid.Board
		if name, ok := n.str("name"); ok {
			if !isBoardLetter(name) {
				n.errf("name", "", "%s: a board name is one capital letter, not %q", n.where("name"), name)
			} else {
				boards = []grid.Board{{Name: name, X0: 0, W: w}}
			}
		}
		hx := grid.NewHex(w, h, boards...)
		hx.Base = base
		return newMapData(hx)
	case "square":
		for _, k := range []string{"name", "base"} {
			if n.has(k) {
				n.get(k)
				n.errf(k, "", "%s: square maps have no %s", n.where(k), map[string]string{"name": "board letter", "base": "base (labels are a1 …)"}[k])
			}
		}
		sq := grid.NewSquare(w, h)
		if d, ok := n.boolean("diagonal"); ok {
			sq.Diagonal = d
		}
		return newMapData(sq)
	}
	return nil
}

func isBoardLetter(s string) bool { return len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z' }

// compose builds a hex map from boards placed west to east.
func (l *loader) compose(n *node) *mapData {
	names, ok := n.strs("boards")
	if !ok {
		return nil
	}
	if kind, ok := n.str("grid"); ok && kind != "hex" {
		n.errf("grid", "", `%s: composed maps are hex maps, not %q`, n.where("grid"), kind)
	}
	for _, k := range []string{"width", "height", "name", "diagonal", "base"} {
		if n.has(k) {
			n.get(k)
			n.errf(k, "", "%s: a composed map takes its %s from its boards", n.where(k), k)
		}
	}
	if len(names) == 0 {
		n.errf("boards", "", "%s: no boards", n.where("boards"))
		return nil
	}
	type placed struct {
		md *mapData
		b  grid.Board
	}
	var parts []placed
	x0, height, base := 0, 0, 0
	seen := map[string]bool{}
	for _, name := range names {
		f := l.open("map", name, n, "boards")
		if f == nil {
			continue
		}
		bn := f.root(l.ps)
		md := l.readMap(bn, true)
		bn.finish()
		if md == nil {
			continue
		}
		hx, isHex := md.g.(*grid.Hex)
		if !isHex || len(hx.Boards) != 1 {
			n.errf("boards", name, "%s: %q is not a hex board with a name (name = \"A\")", n.where("boards"), name)
			continue
		}
		b := hx.Boards[0]
		if seen[b.Name] {
			n.errf("boards", name, "%s: two boards are named %s", n.where("boards"), b.Name)
			continue
		}
		seen[b.Name] = true
		if len(parts) > 0 && hx.Base != base {
			n.errf("boards", name, "%s: board %s is numbered from %d, the first board from %d", n.where("boards"), b.Name, hx.Base, base)
			continue
		}
		base = hx.Base
		if height == 0 {
			height = hx.H
		} else if hx.H != height {
			n.errf("boards", name, "%s: board %s has %d rows, the first board has %d", n.where("boards"), b.Name, hx.H, height)
			continue
		}
		// Column parity must be kept for the odd-q layout to line up.
		if x0%2 != 0 {
			n.errf("boards", name, "%s: board %s would start on an odd column; boards before it must have an even width", n.where("boards"), b.Name)
			continue
		}
		parts = append(parts, placed{md, grid.Board{Name: b.Name, X0: x0, W: hx.W}})
		x0 += hx.W
	}
	if len(parts) == 0 {
		return nil
	}
	if x0 > maxSide {
		n.errf("boards", "", "%s: the composed map is %d columns wide, more than %d", n.where("boards"), x0, maxSide)
		return nil
	}
	boards := make([]grid.Board, len(parts))
	for i, p := range parts {
		boards[i] = p.b
	}
	hx := grid.NewHex(x0, height, boards...)
	hx.Base = base
	md := newMapData(hx)
	for _, p := range parts {
		md.merge(p.md, p.b.X0, n)
	}
	return md
}

// merge copies a board's data into a composed map, shifted dx columns.
func (md *mapData) merge(src *mapData, dx int, n *node) {
	sh := func(c grid.Coord) grid.Coord { return grid.Coord{X: c.X + dx, Y: c.Y} }
	she := func(e grid.Edge) grid.Edge { return grid.EdgeOf(sh(e.A), sh(e.B)) }
	for c, x := range src.cells {
		md.cells[sh(c)] = x
	}
	for c, o := range src.levelOf {
		md.levelOf[sh(c)] = o
	}
	for c, o := range src.terrOf {
		md.terrOf[sh(c)] = o
	}
	for e, fs := range src.edges {
		for _, f := range fs {
			addFeature(md.edges, she(e), f)
		}
	}
	for ef, o := range src.listed {
		md.listed[edgeFeature{she(ef.e), ef.f}] = o
	}
	for e, fs := range src.links {
		for _, f := range fs {
			addFeature(md.links, she(e), f)
		}
	}
	for k, o := range src.uses {
		if _, ok := md.uses[k]; !ok {
			md.uses[k] = o
		}
	}
	for name, z := range src.zones {
		if _, dup := md.zones[name]; dup {
			n.errf("boards", "", "%s: two boards define the zone %q", n.where("boards"), name)
			continue
		}
		cells := make([]grid.Coord, len(z.cells))
		for i, c := range z.cells {
			cells[i] = sh(c)
		}
		md.zones[name] = &zoneDef{expr: z.expr, cells: cells, state: 2, err: z.err, n: z.n, key: z.key}
	}
	md.files = append(md.files, src.files...)
}

// labels reads the whitespace-separated tokens of a string or array of
// strings.
func tokens(vals []string) []string {
	return strings.Fields(strings.Join(vals, " "))
}

// cell parses a label on the map, recording a problem at key/token.
func cellAt(g grid.Grid, t *node, key, label string) (grid.Coord, bool) {
	c, err := g.Parse(label)
	if err != nil {
		t.errf(key, label, "%s: %v", t.where(key), err)
		return grid.Coord{}, false
	}
	return c, true
}

func (l *loader) readTerrain(n *node, md *mapData) {
	t, ok := n.sub("terrain")
	if !ok {
		return
	}
	defer t.finish()
	for _, terr := range t.keys() {
		vals, ok := t.strs(terr)
		if !ok {
			continue
		}
		if !isName(terr) {
			t.errf(terr, "", "terrain %q: names are lower-case letters, digits and -", terr)
			continue
		}
		if _, ok := md.uses["cell:"+terr]; !ok {
			md.uses["cell:"+terr] = origin{t, terr, ""}
		}
		for _, tok := range tokens(vals) {
			label, name, named := strings.Cut(tok, ":")
			c, ok := cellAt(md.g, t, terr, label)
			if !ok {
				continue
			}
			if named && name == "" {
				t.errf(terr, tok, "%s: %q: empty name after ':'", t.where(terr), tok)
			}
			x := md.cells[c]
			if x.Terrain != "" {
				prev := md.terrOf[c]
				t.errf(terr, tok, "%s: cell %s is already %s (%s:%d)", t.where(terr), label, x.Terrain, prev.n.f.name, prev.n.line(prev.key, prev.token))
				continue
			}
			x.Terrain = terr
			if named {
				x.Name = name
			}
			md.cells[c] = x
			md.terrOf[c] = origin{t, terr, tok}
		}
	}
}

func (l *loader) readLevels(n *node, md *mapData) {
	t, ok := n.sub("levels")
	if !ok {
		return
	}
	defer t.finish()
	for _, k := range t.keys() {
		vals, ok := t.strs(k)
		if !ok {
			continue
		}
		level, err := strconv.Atoi(k)
		if err != nil || level < 0 || level > 9 {
			t.errf(k, "", "levels: %q is not a level from 0 to 9", k)
			continue
		}
		for _, tok := range tokens(vals) {
			c, ok := cellAt(md.g, t, k, tok)
			if !ok {
				continue
			}
			if prev, dup := md.levelOf[c]; dup {
				t.errf(k, tok, "levels: cell %s already has level %d (%s:%d)", tok, md.cells[c].Level, prev.n.f.name, prev.n.line(prev.key, prev.token))
				continue
			}
			x := md.cells[c]
			x.Level = level
			md.cells[c] = x
			md.levelOf[c] = origin{t, k, tok}
		}
	}
}

// readEdges reads [edges]; it returns where features are marked "auto"
// (the key is the feature), which the caller adds once every level is
// known.
func (l *loader) readEdges(n *node, md *mapData) []origin {
	t, ok := n.sub("edges")
	if !ok {
		return nil
	}
	defer t.finish()
	var autos []origin
	for _, feat := range t.keys() {
		vals, ok := t.strs(feat)
		if !ok {
			continue
		}
		if !isName(feat) {
			t.errf(feat, "", "edge feature %q: names are lower-case letters, digits and -", feat)
			continue
		}
		if _, ok := md.uses["edge:"+feat]; !ok {
			md.uses["edge:"+feat] = origin{t, feat, ""}
		}
		for _, tok := range tokens(vals) {
			if tok == "auto" {
				autos = append(autos, origin{t, feat, "auto"})
				continue
			}
			a, b, ok := strings.Cut(tok, "|")
			if !ok {
				t.errf(feat, tok, "%s: %q: want two adjacent cells joined by |, like 0011|0012", t.where(feat), tok)
				continue
			}
			ca, okA := cellAt(md.g, t, feat, a)
			cb, okB := cellAt(md.g, t, feat, b)
			if !okA || !okB {
				continue
			}
			if !md.g.Adjacent(ca, cb) {
				t.errf(feat, tok, "%s: %s and %s are not adjacent", t.where(feat), a, b)
				continue
			}
			e := grid.EdgeOf(ca, cb)
			addFeature(md.edges, e, feat)
			if _, ok := md.listed[edgeFeature{e, feat}]; !ok {
				md.listed[edgeFeature{e, feat}] = origin{t, feat, tok}
			}
		}
	}
	return autos
}

func (l *loader) readLinks(n *node, md *mapData) {
	t, ok := n.sub("links")
	if !ok {
		return
	}
	defer t.finish()
	for _, kind := range t.keys() {
		chains, ok := t.strs(kind)
		if !ok {
			continue
		}
		if !isName(kind) {
			t.errf(kind, "", "link kind %q: names are lower-case letters, digits and -", kind)
			continue
		}
		if _, ok := md.uses["link:"+kind]; !ok {
			md.uses["link:"+kind] = origin{t, kind, ""}
		}
		for _, chain := range chains {
			labels := strings.Fields(chain)
			if len(labels) < 2 {
				tok := ""
				if len(labels) == 1 {
					tok = labels[0]
				}
				t.errf(kind, tok, "%s: a chain needs at least two cells, got %q", t.where(kind), chain)
				continue
			}
			var prev grid.Coord
			for i, lab := range labels {
				c, ok := cellAt(md.g, t, kind, lab)
				if !ok {
					break
				}
				if i > 0 {
					if !md.g.Adjacent(prev, c) {
						t.errf(kind, lab, "%s: the chain jumps from %s to %s, which are not adjacent", t.where(kind), labels[i-1], lab)
						break
					}
					addFeature(md.links, grid.EdgeOf(prev, c), kind)
				}
				prev = c
			}
		}
	}
}

func (l *loader) readMapZones(n *node, md *mapData) {
	t, ok := n.sub("zones")
	if !ok {
		return
	}
	defer t.finish()
	env := &zoneEnv{g: md.g, boards: md.boards, defs: md.zones}
	var names []string
	for _, name := range t.keys() {
		expr, ok := t.str(name)
		if !ok {
			continue
		}
		if _, dup := md.zones[name]; dup {
			t.errf(name, "", "zones: %q is already a zone of a board", name)
			continue
		}
		md.zones[name] = &zoneDef{expr: expr, n: t, key: name}
		names = append(names, name)
	}
	for _, name := range names {
		checkZone(env, name)
	}
}

// checkZone evaluates a zone and records its problems: a bad expression
// or an empty zone.
func checkZone(env *zoneEnv, name string) {
	d := env.defs[name]
	cells, err := env.resolve(name)
	switch {
	case err != nil:
		d.n.errf(d.key, err.token, "zone %s: %v", name, err)
	case len(cells) == 0:
		d.n.errf(d.key, "", "zone %s is empty", name)
	}
}

// checkEdgeFeatures checks that every bridge is on a river and every ford
// on a river or a stream.
func (md *mapData) checkEdgeFeatures() {
	for ef, o := range md.listed {
		fs := md.edges[ef.e]
		switch ef.f {
		case "bridge":
			if !slices.Contains(fs, "river") {
				o.errf("%s: the bridge %s is not on a river edge (list it under river too)", o.n.where(o.key), o.token)
			}
		case "ford":
			if !slices.Contains(fs, "river") && !slices.Contains(fs, "stream") {
				o.errf("%s: the ford %s is on neither a river nor a stream edge", o.n.where(o.key), o.token)
			}
		}
	}
}

// isName reports whether s is a lower-case kebab-case name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// cellLabel prints a cell with its board letter on a hex map with boards.
func cellLabel(g grid.Grid, c grid.Coord) string {
	if h, ok := g.(*grid.Hex); ok && len(h.Boards) > 0 {
		return h.BoardLabel(c)
	}
	return g.Label(c)
}
