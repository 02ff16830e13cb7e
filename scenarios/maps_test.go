package scenarios

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// shippedMap reads a shipped Grands Stratèges map file on its own.
func shippedMap(t *testing.T, name string) (*game.Map, *mapData) {
	t.Helper()
	l := newLoader()
	l.ruleset = "gs"
	f, found := l.read("data/gs/maps/"+name+".toml", false)
	if !found || f == nil {
		t.Fatalf("map %s: %v", name, l.ps.err())
	}
	n := f.root(l.ps)
	md := l.readMap(n, false)
	n.finish()
	if err := l.ps.err(); err != nil {
		t.Fatal(err)
	}
	return md.Map(), md
}

// mapFromBytes reads a map file from bytes, returning its problems.
func mapFromBytes(name string, src []byte) (*mapData, []Problem) {
	l := newLoader()
	l.ruleset = "gs"
	f := readFile(l.ps, name, "", false, src)
	var md *mapData
	if f != nil {
		n := f.root(l.ps)
		md = l.readMap(n, false)
		n.finish()
	}
	return md, sortProblems(l.ps.list)
}

func countTerrain(m *game.Map, terrain string) int {
	k := 0
	for _, c := range m.Grid.Cells() {
		if m.CellAt(c).Terrain == terrain {
			k++
		}
	}
	return k
}

func countLevel(m *game.Map, level int) int {
	k := 0
	for _, c := range m.Grid.Cells() {
		if m.CellAt(c).Level == level {
			k++
		}
	}
	return k
}

func edgesWith(fs map[grid.Edge][]string, f string) []grid.Edge {
	var out []grid.Edge
	for e, list := range fs {
		if slices.Contains(list, f) {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b grid.Edge) int {
		if a.A != b.A {
			if a.A.Less(b.A) {
				return -1
			}
			return 1
		}
		if a.B.Less(b.B) {
			return -1
		}
		if a.B == b.B {
			return 0
		}
		return 1
	})
	return out
}

func edgeSet(es []grid.Edge) map[grid.Edge]bool {
	out := map[grid.Edge]bool{}
	for _, e := range es {
		out[e] = true
	}
	return out
}

// TestBoardCounts checks the boards against every count the digest gives
// (§6.12).
func TestBoardCounts(t *testing.T) {
	type counts struct {
		forest, marsh, village, high       int
		river, bridge, stream, ford, ridge int
		roadEdges, pathEdges               int
		villages                           map[string]string
		clear                              int
	}
	for _, tc := range []struct {
		board string
		want  counts
	}{
		{"board-a", counts{
			forest: 29, marsh: 8, village: 6, high: 15,
			river: 34, bridge: 2, stream: 14, ford: 2, ridge: 46,
			// chains of 26, 26 and 20 hexes; paths of 13 and 12
			roadEdges: 25 + 25 + 19, pathEdges: 12 + 11,
			villages: map[string]string{"A0303": "Bellecombe", "A1403": "Montfort", "A0910": "Hameau-Nord",
				"A1013": "Hameau-Sud", "A0619": "Lavaux", "A1419": "Rochebrune"},
			clear: 480 - 29 - 8 - 6,
		}},
		{"board-b", counts{
			forest: 38, marsh: 10, village: 5, high: 25,
			river: 0, bridge: 0, stream: 34, ford: 2, ridge: 54,
			roadEdges: 23 + 24 + 19, pathEdges: 12,
			villages: map[string]string{"B0905": "Hautmont", "B0508": "Saint-Aubin", "B1608": "Bois-le-Roi",
				"B0419": "Ferrieres", "B1519": "Valbonne"},
			clear: 480 - 38 - 10 - 5,
		}},
	} {
		t.Run(tc.board, func(t *testing.T) {
			m, _ := shippedMap(t, tc.board)
			if w, h := m.Grid.Size(); w != 20 || h != 24 {
				t.Errorf("size %d×%d, want 20×24", w, h)
			}
			got := counts{
				forest: countTerrain(m, "forest"), marsh: countTerrain(m, "marsh"),
				village: countTerrain(m, "village"), high: countLevel(m, 1),
				river: len(edgesWith(m.Edges, "river")), bridge: len(edgesWith(m.Edges, "bridge")),
				stream: len(edgesWith(m.Edges, "stream")), ford: len(edgesWith(m.Edges, "ford")),
				ridge: len(edgesWith(m.Edges, "ridge")), roadEdges: len(edgesWith(m.Links, "road")),
				pathEdges: len(edgesWith(m.Links, "path")), villages: map[string]string{},
				clear: countTerrain(m, "clear"),
			}
			hx := m.Grid.(*grid.Hex)
			for _, c := range m.Grid.Cells() {
				if x := m.CellAt(c); x.Name != "" {
					got.villages[hx.BoardLabel(c)] = x.Name
				}
			}
			if strings.Join(strings.Fields(stringOf(got)), " ") != strings.Join(strings.Fields(stringOf(tc.want)), " ") {
				t.Errorf("counts\n got %s\nwant %s", stringOf(got), stringOf(tc.want))
			}
			// Every ridge is between a high and a low hex, and every such
			// hexside is a ridge.
			for _, c := range m.Grid.Cells() {
				for _, n := range m.Grid.Neighbors(c) {
					diff := m.CellAt(c).Level != m.CellAt(n).Level
					if diff != m.EdgeHas(c, n, "ridge") {
						t.Errorf("ridge %s|%s: %v, levels differ: %v", m.Label(c), m.Label(n), !diff, diff)
					}
				}
			}
		})
	}
}

func stringOf(v any) string { return strings.ReplaceAll(fmtV(v), "map[", "[") }

// TestBoardARiver checks the river against the rule the digest states for
// it: every hexside between a row <= 11 hex and a row >= 12 hex, neither
// being an island hex; bridges are where roads cross it.
func TestBoardARiver(t *testing.T) {
	m, md := shippedMap(t, "board-a")
	island := md.zones["island"].cells
	if len(island) != 4 {
		t.Fatalf("island = %v", island)
	}
	for _, c := range island {
		if m.CellAt(c).Terrain != "clear" {
			t.Errorf("island hex %s is %s", m.Label(c), m.CellAt(c).Terrain)
		}
	}
	rule := map[grid.Edge]bool{}
	for _, c := range m.Grid.Cells() {
		for _, n := range m.Grid.Neighbors(c) {
			if c.Y <= 11 && n.Y >= 12 && !slices.Contains(island, c) && !slices.Contains(island, n) {
				rule[grid.EdgeOf(c, n)] = true
			}
		}
	}
	river := edgeSet(edgesWith(m.Edges, "river"))
	if len(rule) != 34 || len(river) != len(rule) {
		t.Errorf("river rule gives %d hexsides, the map has %d", len(rule), len(river))
	}
	for e := range rule {
		if !river[e] {
			t.Errorf("%s|%s should be river", m.Label(e.A), m.Label(e.B))
		}
	}
	// Bridges: exactly the river hexsides a road crosses; no path
	// crosses the river.
	for _, e := range edgesWith(m.Edges, "river") {
		road, bridge := slices.Contains(m.Links[e], "road"), slices.Contains(m.Edges[e], "bridge")
		if road != bridge {
			t.Errorf("%s|%s: road %v, bridge %v", m.Label(e.A), m.Label(e.B), road, bridge)
		}
		if slices.Contains(m.Links[e], "path") {
			t.Errorf("a path crosses the river at %s|%s", m.Label(e.A), m.Label(e.B))
		}
	}
	want := []string{"A0711|A0712", "A1211|A1212"}
	var got []string
	for _, e := range edgesWith(m.Edges, "bridge") {
		got = append(got, "A"+m.Label(e.A)+"|A"+m.Label(e.B))
	}
	if !slices.Equal(got, want) {
		t.Errorf("bridges %v, want %v", got, want)
	}
	// Scenario II anchors: the one-hex plateau A0812 and the villages
	// beside the island.
	p := grid.MustParse(m.Grid, "A0812")
	if m.CellAt(p).Level != 1 {
		t.Error("A0812 is not high ground")
	}
	for _, n := range m.Grid.Neighbors(p) {
		if m.CellAt(n).Level != 0 {
			t.Errorf("the plateau is more than one hex: %s is high", m.Label(n))
		}
	}
	for _, v := range []string{"A0910", "A1013"} {
		c := grid.MustParse(m.Grid, v)
		touches := false
		for _, n := range m.Grid.Neighbors(c) {
			touches = touches || slices.Contains(island, n)
		}
		if m.CellAt(c).Terrain != "village" || !touches {
			t.Errorf("%s: a village beside the island? %v %v", v, m.CellAt(c), touches)
		}
	}
}

// TestFords: the fords are exactly the stream hexsides crossed by a road
// or a path.
func TestFords(t *testing.T) {
	for _, board := range []string{"board-a", "board-b"} {
		m, _ := shippedMap(t, board)
		for _, e := range edgesWith(m.Edges, "stream") {
			crossed := len(m.Links[e]) > 0
			if crossed != m.EdgeHas(e.A, e.B, "ford") {
				t.Errorf("%s %s|%s: crossed %v, ford %v", board, m.Label(e.A), m.Label(e.B), crossed, !crossed)
			}
		}
	}
}

// TestBattlefieldAB checks the composed [A|B] map and the road entry hexes
// of digest §6.0.
func TestBattlefieldAB(t *testing.T) {
	m, _ := shippedMap(t, "ab")
	if w, h := m.Grid.Size(); w != 40 || h != 24 {
		t.Fatalf("size %d×%d", w, h)
	}
	g := m.Grid
	at := func(s string) grid.Coord { return grid.MustParse(g, s) }
	if at("B0512") != (grid.Coord{X: 25, Y: 12}) || at("2512") != at("B0512") || at("A0712") != (grid.Coord{X: 7, Y: 12}) {
		t.Errorf("labels: B0512 %v, 2512 %v, A0712 %v", at("B0512"), at("2512"), at("A0712"))
	}
	if !m.EdgeHas(at("A1911"), at("B0012"), "river") {
		t.Error("A1911|B0012 is not river")
	}
	if !m.Linked(at("A1919"), at("B0019"), "road") {
		t.Error("the lateral road does not cross the join")
	}
	for f, n := range map[string]int{"river": 35, "stream": 48, "ridge": 100, "bridge": 2, "ford": 4} {
		if got := len(edgesWith(m.Edges, f)); got != n {
			t.Errorf("%s: %d hexsides, want %d", f, got, n)
		}
	}
	if got := len(edgesWith(m.Links, "road")); got != 69+66+1 {
		t.Errorf("road links %d", got)
	}
	// Road ends: each named road touches both edges (the lateral road
	// both sides); a road end is a hex with one road link.
	ends := map[string]bool{}
	for _, c := range g.Cells() {
		k := 0
		for _, n := range g.Neighbors(c) {
			if m.Linked(c, n, "road") {
				k++
			}
		}
		if k == 1 {
			ends[g.(*grid.Hex).BoardLabel(c)] = true
		}
	}
	want := []string{"A0300", "A0623", "A1400", "A1423", "B0500", "B0423", "B1600", "B1523", "A0019", "B1919"}
	var got []string
	for e := range ends {
		got = append(got, e)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("road ends %v, want %v", got, want)
	}
	if m.Source != "scenarios/data/gs/maps/board-a.toml + scenarios/data/gs/maps/board-b.toml + scenarios/data/gs/maps/ab.toml" {
		t.Errorf("Source = %q", m.Source)
	}
}

// TestTextCheck: the drawing of a board is checked against its lists, and
// a difference is reported on the drawing's line.
func TestTextCheck(t *testing.T) {
	src, err := shipped.ReadFile("data/gs/maps/board-a.toml")
	if err != nil {
		t.Fatal(err)
	}
	if _, ps := mapFromBytes("a.toml", src); len(ps) != 0 {
		t.Fatalf("board A: %v", ps)
	}
	lines := strings.Split(string(src), "\n")
	row := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "r03 ") })
	if row < 0 {
		t.Fatal("no r03 line")
	}
	for _, tc := range []struct {
		from, to, want string
	}{
		{"V=  .-", ".=  .-", `text: A0303 is drawn '.' (clear) but listed as village`},
		{"V=  .-", "V   .-", `text: A0303 is drawn with link mark ' ', the links give '='`},
		{"V=  .-", "V=^ .-", `text: A0303 is drawn with level mark '^', its level is 0`},
		{"V=  .-", "V=  I-", `text: A0403 is drawn 'I' (zone island) but is not in zone island`},
	} {
		bad := slices.Clone(lines)
		bad[row] = strings.Replace(bad[row], tc.from, tc.to, 1)
		_, ps := mapFromBytes("a.toml", []byte(strings.Join(bad, "\n")))
		want := Problem{File: "a.toml", Line: row + 1, Msg: tc.want}
		if len(ps) != 1 || ps[0] != want {
			t.Errorf("%s → %s: got %v, want %v", tc.from, tc.to, ps, want)
		}
	}
	// An island hex drawn as plain clear is caught from the zone side.
	bad := strings.Replace(string(src), "r11   .   M   M   .   .   .   .   .=  .   I-  I ", "r11   .   M   M   .   .   .   .   .=  .   I-  . ", 1)
	_, ps := mapFromBytes("a.toml", []byte(bad))
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, "A1011 is in zone island but drawn '.'") {
		t.Errorf("island drawn clear: %v", ps)
	}
}

func fmtV(v any) string { return fmt.Sprintf("%+v", v) }
