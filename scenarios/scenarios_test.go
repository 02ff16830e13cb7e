package scenarios

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

var update = flag.Bool("update", false, "rewrite testdata/hashes.golden")

// mustLoad loads a shipped scenario or fails the test.
func mustLoad(tb testing.TB, id string) *game.Scenario {
	tb.Helper()
	sc, err := Load(id)
	if err != nil {
		tb.Fatalf("Load(%q): %v", id, err)
	}
	return sc
}

func TestList(t *testing.T) {
	want := []Info{
		{ID: "gs-1", Ruleset: "gs", Title: "I — Vanguards (avant-gardes)", Turns: 8},
		{ID: "gs-2", Ruleset: "gs", Title: "II — Seizing strategic points", Turns: 10},
		{ID: "gs-3", Ruleset: "gs", Title: "III — The great battle", Turns: 10},
	}
	var got []Info
	for _, in := range List() {
		if slices.ContainsFunc(want, func(w Info) bool { return w.ID == in.ID }) {
			got = append(got, in)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("List() = %v, want %v among them", List(), want)
	}
	if !slices.IsSortedFunc(List(), func(a, b Info) int { return CompareIDs(a.ID, b.ID) }) {
		t.Errorf("List() is not sorted by id")
	}
}

// TestLoadShipped loads every shipped scenario and checks what is common
// to all: the hash, ids, sides, zones on the map.
func TestLoadShipped(t *testing.T) {
	for _, in := range List() {
		sc := mustLoad(t, in.ID)
		if sc.ID != in.ID || sc.Ruleset != in.Ruleset || sc.Title != in.Title || sc.Turns != in.Turns {
			t.Errorf("%s: header %q %q %q %d", in.ID, sc.ID, sc.Ruleset, sc.Title, sc.Turns)
		}
		if len(sc.Hash) != 64 {
			t.Errorf("%s: hash %q", in.ID, sc.Hash)
		}
		if sc.Ruleset != "gs" {
			continue // the checks below are about the Grands Stratèges data
		}
		for _, name := range []string{"crt", "move-cost", "defence"} {
			if sc.Tables[name] == nil {
				t.Errorf("%s: no table %s", in.ID, name)
			}
		}
		for _, z := range []string{"deploy-A", "deploy-B"} {
			if len(sc.Zones[z]) == 0 && in.ID != "gs-6" && in.ID != "gs-5" { // in V and VI units only enter
				t.Errorf("%s: zone %s empty", in.ID, z)
			}
			for _, c := range sc.Zones[z] {
				if !sc.Map.Grid.Contains(c) {
					t.Errorf("%s: zone %s has %v off the map", in.ID, z, c)
				}
			}
		}
		for _, k := range []string{"annihilation", "deploy", "victory"} {
			if sc.Params[k] == "" {
				t.Errorf("%s: no param %s", in.ID, k)
			}
		}
		if sc.Param("annihilation", "") != "win" || sc.Param("deploy", "") != "simultaneous" {
			t.Errorf("%s: params %v", in.ID, sc.Params)
		}
		if sc.Start != nil {
			t.Errorf("%s: a shipped scenario has a start position", in.ID)
		}
		if again := mustLoad(t, in.ID); again != sc {
			t.Errorf("%s: Load does not return the cached scenario", in.ID)
		}
	}
	if _, err := Load("gs-99"); !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "gs-1, gs-2, gs-3") {
		t.Errorf("Load(gs-99) = %v", err)
	}
}

// forceSummary is, for one side: the counter names in order, and the PC
// by arm.
func forceSummary(t *testing.T, sc *game.Scenario, side game.Side) (names []string, pc map[string]int, n map[string]int) {
	t.Helper()
	pc, n = map[string]int{}, map[string]int{}
	k := 0
	for _, u := range sc.Units {
		if u.Side != side {
			continue
		}
		k++
		if want := fmt.Sprintf("%s%d", side, k); u.ID != want {
			t.Errorf("%s: unit %d of %s is %s, want %s", sc.ID, k, side, u.ID, want)
		}
		if u.At != nil {
			t.Errorf("%s: %s starts placed at %v", sc.ID, u.ID, *u.At)
		}
		names = append(names, u.Name)
		pc[u.Type] += u.Values["pc"]
		pc["all"] += u.Values["pc"]
		n[u.Type]++
	}
	return names, pc, n
}

func TestForces(t *testing.T) {
	for _, tc := range []struct {
		id    string
		names string
		pc    int
	}{
		{"gs-1", "I6a I4a I4b I3a C3a C2a C2b", 24},
		{"gs-2", "I6a I6b I4a I4b I3a C3a C2a C2b", 30},
		{"gs-3", "I8a I8b I6a I6b I6c I4a I4b I4c I4d I4e I3a I3b I3c C4 C3a C3b C2a C2b C2c C2d A6a A6b A6c A4a A4b", 107},
	} {
		sc := mustLoad(t, tc.id)
		for _, side := range game.Sides {
			names, pc, n := forceSummary(t, sc, side)
			if strings.Join(names, " ") != tc.names || pc["all"] != tc.pc {
				t.Errorf("%s side %s: %v, %d PC; want %s, %d PC", tc.id, side, names, pc["all"], tc.names, tc.pc)
			}
			if tc.id == "gs-3" {
				// §2.3: 13 infantry (PC 63), 7 cavalry (18), 5 artillery (26).
				if n["infantry"] != 13 || n["cavalry"] != 7 || n["artillery"] != 5 ||
					pc["infantry"] != 63 || pc["cavalry"] != 18 || pc["artillery"] != 26 {
					t.Errorf("gs-3 side %s: counts %v, PC %v", side, n, pc)
				}
			}
		}
	}
	sc := mustLoad(t, "gs-3")
	c4 := sc.Units[13]
	if c4.Name != "C4" || c4.ID != "A14" || c4.Type != "cavalry" || c4.Values["pc"] != 4 || c4.Values["mp"] != 5 ||
		!slices.Equal(c4.Flags, []string{"guard", "heavy"}) {
		t.Errorf("A14 = %+v", c4)
	}
	// Units own their maps: changing one does not change another.
	if &sc.Units[0].Values == &sc.Units[25].Values {
		t.Error("units share a values map")
	}
}

func TestScenarioSettings(t *testing.T) {
	for _, tc := range []struct {
		id            string
		params        map[string]string
		rowsA, rowsB  [2]int
		width, height int
		boards        string
	}{
		{"gs-1", map[string]string{"victory": "losses", "loss-margin": "6", "annihilation": "win", "deploy": "simultaneous"}, [2]int{0, 2}, [2]int{21, 23}, 20, 24, "B"},
		{"gs-2", map[string]string{"victory": "points", "point-margin": "10", "annihilation": "win", "deploy": "simultaneous"}, [2]int{0, 1}, [2]int{22, 23}, 20, 24, "A"},
		{"gs-3", map[string]string{"victory": "losses", "loss-margin": "11", "annihilation": "win", "deploy": "simultaneous"}, [2]int{0, 4}, [2]int{19, 23}, 40, 24, "AB"},
	} {
		sc := mustLoad(t, tc.id)
		if fmt.Sprint(sc.Params) != fmt.Sprint(tc.params) {
			t.Errorf("%s: params %v", tc.id, sc.Params)
		}
		hx := sc.Map.Grid.(*grid.Hex)
		var boards string
		for _, b := range hx.Boards {
			boards += b.Name
		}
		if hx.W != tc.width || hx.H != tc.height || boards != tc.boards {
			t.Errorf("%s: map %d×%d boards %q", tc.id, hx.W, hx.H, boards)
		}
		for z, rows := range map[string][2]int{"deploy-A": tc.rowsA, "deploy-B": tc.rowsB} {
			cells := sc.Zones[z]
			if len(cells) != tc.width*(rows[1]-rows[0]+1) {
				t.Errorf("%s: %s has %d cells", tc.id, z, len(cells))
			}
			for _, c := range cells {
				if c.Y < rows[0] || c.Y > rows[1] {
					t.Errorf("%s: %s has row %d", tc.id, z, c.Y)
					break
				}
			}
		}
	}
}

func TestObjectivesGS2(t *testing.T) {
	sc := mustLoad(t, "gs-2")
	g := sc.Map.Grid
	labels := func(cs []grid.Coord) string {
		var out []string
		for _, c := range cs {
			out = append(out, g.(*grid.Hex).BoardLabel(c))
		}
		return strings.Join(out, " ")
	}
	var got []string
	for _, o := range sc.Objectives {
		s := fmt.Sprintf("%s/%s/%d/%s", o.Name, o.Kind, o.Points, labels(o.Cells))
		if o.ForSide != nil {
			s += fmt.Sprintf("/A:%s/B:%s", labels(o.ForSide[game.SideA]), labels(o.ForSide[game.SideB]))
		}
		got = append(got, s)
	}
	want := []string{
		"Hameau-Nord/hex/10/A0910",
		"Hameau-Sud/hex/10/A1013",
		"west bridge/bridge/10//A:A0712/B:A0711",
		"east bridge/bridge/10//A:A1212/B:A1211",
		"plateau/hex/15/A0812",
		"island/island/20/A0911 A0912 A1011 A1012",
	}
	if !slices.Equal(got, want) {
		t.Errorf("objectives\n got %q\nwant %q", got, want)
	}
	if len(sc.Zones["island"]) != 4 {
		t.Errorf("the map's island zone is not a scenario zone: %v", sc.ZoneNames())
	}
}

// TestTables checks GS-T2 against the digest's worked examples and GS-T1.
func TestTables(t *testing.T) {
	sc := mustLoad(t, "gs-1")
	crt := sc.Tables["crt"]
	if len(crt.Rows) != 6 || len(crt.Cols) != 9 || len(crt.Cell) != 6 {
		t.Fatalf("crt %d×%d", len(crt.Rows), len(crt.Cols))
	}
	for _, tc := range []struct{ die, odds, want string }{
		{"4", "1:1", "DR"}, {"4", "1:2", "AR"}, // Ex. XIX
		{"1", "1:2", "AE"},                    // Ex. XX
		{"1", "3:1", "E"}, {"6", "3:1", "DE"}, // Ex. XXI
		{"1", "4:1", "E"}, // Ex. XXII
		{"1", "1:4", "AE"}, {"6", "6:1", "DE"}, {"3", "1:3", "AR"}, {"2", "5:1", "E"},
	} {
		if got, err := crt.Lookup(tc.die, tc.odds); err != nil || got != tc.want {
			t.Errorf("crt(%s, %s) = %s %v, want %s", tc.die, tc.odds, got, err, tc.want)
		}
	}
	// Ex. XXXVIII: the 2:1 column has neither E nor DE; every result
	// displaces or eliminates someone.
	for _, r := range crt.Rows {
		v, _ := crt.Lookup(r, "2:1")
		if v == "E" || v == "DE" {
			t.Errorf("crt(%s, 2:1) = %s", r, v)
		}
		for _, c := range crt.Cols {
			v, _ := crt.Lookup(r, c)
			if !slices.Contains([]string{"AE", "AR", "DR", "DE", "E"}, v) {
				t.Errorf("crt(%s, %s) = %q", r, c, v)
			}
		}
	}
	mc := sc.Tables["move-cost"]
	for _, tc := range []struct{ terrain, arm, want string }{
		{"clear", "infantry", "1"}, {"village", "artillery", "1"}, {"forest", "infantry", "2"},
		{"forest", "cavalry", "3"}, {"marsh", "artillery", "x"}, {"marsh", "cavalry", "3"},
	} {
		if got, _ := mc.Lookup(tc.terrain, tc.arm); got != tc.want {
			t.Errorf("move-cost(%s, %s) = %q, want %q", tc.terrain, tc.arm, got, tc.want)
		}
	}
	def := sc.Tables["defence"]
	for terrain, want := range map[string]string{"clear": "1", "village": "2", "forest": "2", "marsh": "2"} {
		if got, _ := def.Lookup(terrain, "multiplier"); got != want {
			t.Errorf("defence(%s) = %q", terrain, got)
		}
	}
}

// TestCounters checks the counter mix of §2.3 and the generic counters.
func TestCounters(t *testing.T) {
	l := newLoader()
	f, _ := l.read("data/gs/counters.toml", false)
	cs := l.readCounters(f).counters
	if err := l.ps.err(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"I8a": "infantry 8 4 [guard]", "I8b": "infantry 8 4 [guard]",
		"I6a": "infantry 6 4 []", "I6b": "infantry 6 4 []", "I6c": "infantry 6 4 []",
		"I4a": "infantry 4 4 []", "I4b": "infantry 4 4 []", "I4c": "infantry 4 4 []", "I4d": "infantry 4 4 []", "I4e": "infantry 4 4 []",
		"I3a": "infantry 3 4 []", "I3b": "infantry 3 4 []", "I3c": "infantry 3 4 []",
		"C4": "cavalry 4 5 [guard heavy]", "C3a": "cavalry 3 5 [heavy]", "C3b": "cavalry 3 5 [heavy]",
		"C2a": "cavalry 2 6 [light]", "C2b": "cavalry 2 6 [light]", "C2c": "cavalry 2 6 [light]", "C2d": "cavalry 2 6 [light]",
		"A6a": "artillery 6 3 [foot]", "A6b": "artillery 6 3 [foot]", "A6c": "artillery 6 3 [foot]",
		"A4a": "artillery 4 5 [horse]", "A4b": "artillery 4 5 [horse]",
		"Inf3": "infantry 3 4 []", "Inf4": "infantry 4 4 []", "Inf6": "infantry 6 4 []", "Inf8": "infantry 8 4 []",
		"Cav2": "cavalry 2 6 [light]", "Cav3": "cavalry 3 5 [heavy]", "Cav4": "cavalry 4 5 [guard heavy]",
		"Art4": "artillery 4 5 [horse]", "Art6": "artillery 6 3 [foot]",
	}
	if len(cs) != len(want) {
		t.Errorf("%d counters, want %d", len(cs), len(want))
	}
	for id, w := range want {
		c := cs[id]
		if c == nil {
			t.Errorf("no counter %s", id)
			continue
		}
		got := fmt.Sprintf("%s %d %d %v", c.typ, c.values["pc"], c.values["mp"], c.flags)
		if got != w || len(c.values) != 2 {
			t.Errorf("%s = %s %v, want %s", id, got, c.values, w)
		}
	}
}

// TestLabels: board-local labels resolve through the map's boards.
func TestLabels(t *testing.T) {
	for _, tc := range []struct {
		id, label string
		want      grid.Coord
		err       string
	}{
		{"gs-1", "B0512", grid.Coord{X: 5, Y: 12}, ""},
		{"gs-1", "0512", grid.Coord{X: 5, Y: 12}, ""},
		{"gs-1", "b0512", grid.Coord{X: 5, Y: 12}, ""},
		{"gs-1", "A0512", grid.Coord{}, `no board "A"`},
		{"gs-1", "B2012", grid.Coord{}, "off board B"},
		{"gs-2", "A1911", grid.Coord{X: 19, Y: 11}, ""},
		{"gs-2", "A0024", grid.Coord{}, "off the map"},
		{"gs-3", "A1919", grid.Coord{X: 19, Y: 19}, ""},
		{"gs-3", "B0019", grid.Coord{X: 20, Y: 19}, ""},
		{"gs-3", "2019", grid.Coord{X: 20, Y: 19}, ""},
		{"gs-3", "3923", grid.Coord{X: 39, Y: 23}, ""},
		{"gs-3", "A2019", grid.Coord{}, "off board A"},
		{"gs-3", "4000", grid.Coord{}, "off the map"},
	} {
		g := mustLoad(t, tc.id).Map.Grid
		c, err := g.Parse(tc.label)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %s: %v, want error %q", tc.id, tc.label, err, tc.err)
			}
			continue
		}
		if err != nil || c != tc.want {
			t.Errorf("%s %s = %v %v, want %v", tc.id, tc.label, c, err, tc.want)
		}
	}
}

const hexPosition = `
id = "test-zoc"
ruleset = "gs"
title = "a test position"
turns = 3

[map]
grid = "hex"
width = 6
height = 5

[map.terrain]
forest = "0101 0201"
village = "0303:Mill"

[map.levels]
1 = "0404"

[map.edges]
stream = "0202|0203"
ridge = "auto"

[map.links]
road = ["0000 0001 0002"]

[zones]
north = "rows 0"
enemy = "cells 0404 0504 + zone north - 0000"

[[unit]]
id = "U"
side = "A"
counter = "Inf4"
at = "0002"

[[unit]]
id = "Z"
side = "B"
type = "cavalry"
name = "Hussars"
values = { pc = 2, mp = 6 }
flags = ["light"]
at = "0404"
group = "vanguard"

[[unit]]
id = "R"
side = "B"
counter = "Cav3"
values = { mp = 2 }

[options]
advanced = "on"

[start]
turn = 2
phase = "combat-A"
`

func TestParseHexPosition(t *testing.T) {
	sc, err := Parse("hex.toml", []byte(hexPosition))
	if err != nil {
		t.Fatal(err)
	}
	m := sc.Map
	g := m.Grid
	at := func(s string) grid.Coord { return grid.MustParse(g, s) }
	if sc.ID != "test-zoc" || sc.Title != "a test position" || sc.Turns != 3 || g.Kind() != "hex" {
		t.Errorf("header %+v", sc)
	}
	if m.CellAt(at("0101")).Terrain != "forest" || m.CellAt(at("0303")) != (game.Cell{Terrain: "village", Name: "Mill"}) ||
		m.CellAt(at("0000")).Terrain != "clear" || m.CellAt(at("0404")) != (game.Cell{Terrain: "clear", Level: 1}) {
		t.Errorf("cells %v", m.Cells)
	}
	if !m.EdgeHas(at("0203"), at("0202"), "stream") || !m.Linked(at("0001"), at("0000"), "road") || m.Linked(at("0002"), at("0003"), "road") {
		t.Error("edges or links")
	}
	if n := len(edgesWith(m.Edges, "ridge")); n != 5 {
		t.Errorf("%d ridges around the high hex on the south edge", n)
	}
	if got := fmt.Sprint(sc.Zones["enemy"]); got != "[{1 0} {2 0} {3 0} {4 0} {4 4} {5 0} {5 4}]" {
		t.Errorf("enemy zone %s", got)
	}
	want := []string{
		"U A infantry Inf4 map[mp:4 pc:4] [] 0002 ",
		"Z B cavalry Hussars map[mp:6 pc:2] [light] 0404 vanguard",
		"R B cavalry Cav3 map[mp:2 pc:3] [heavy] - ",
	}
	var got []string
	for _, u := range sc.Units {
		where := "-"
		if u.At != nil {
			where = g.Label(*u.At)
		}
		got = append(got, fmt.Sprintf("%s %s %s %s %v %v %s %s", u.ID, u.Side, u.Type, u.Name, u.Values, u.Flags, where, u.Group))
	}
	if !slices.Equal(got, want) {
		t.Errorf("units\n got %q\nwant %q", got, want)
	}
	if sc.Start == nil || *sc.Start != (game.StartPos{Turn: 2, Phase: "combat-A"}) || sc.Options["advanced"] != "on" {
		t.Errorf("start %v options %v", sc.Start, sc.Options)
	}
	if sc.Tables["crt"] == nil {
		t.Error("the shipped tables of the ruleset are not loaded")
	}
	if m.Source != "hex.toml" {
		t.Errorf("Source %q", m.Source)
	}
}

const squarePosition = `
id = "square"
ruleset = "test"
turns = 12

[map]
grid = "square"
width = 8
height = 8
diagonal = false

[map.terrain]
town = "d4 e5"
marsh = "a1"

[map.edges]
river = "d4|d5"

[zones]
home-A = "rows 6-7"
home-B = "rows 0-1"

[[unit]]
id = "G1"
side = "A"
type = "infantry"
values = { strength = 4 }
at = "a2"

[[unit]]
id = "H1"
side = "B"
type = "cavalry"
at = "h8"

[[objective]]
name = "town"
kind = "zone"
points = 1
cells = "d4 e5"

[faces]
infantry = { symbol = "infantry", values = ["strength"] }
cavalry = { symbol = "cavalry" }

[colors]
A = "dark-blue"
prussian = "sky"
`

func TestParseSquarePosition(t *testing.T) {
	sc, err := Parse("square.toml", []byte(squarePosition))
	if err != nil {
		t.Fatal(err)
	}
	g := sc.Map.Grid
	at := func(s string) grid.Coord { return grid.MustParse(g, s) }
	if g.Kind() != "square" || sc.Map.CellAt(at("d4")).Terrain != "town" || !sc.Map.EdgeHas(at("d5"), at("d4"), "river") {
		t.Errorf("map %v %v", sc.Map.Cells, sc.Map.Edges)
	}
	if len(sc.Units) != 2 || *sc.Units[0].At != at("a2") || *sc.Units[1].At != (grid.Coord{X: 7, Y: 0}) || sc.Units[0].Values["strength"] != 4 {
		t.Errorf("units %+v", sc.Units)
	}
	if len(sc.Zones["home-A"]) != 16 || !slices.Contains(sc.Zones["home-A"], at("a1")) {
		t.Errorf("home-A %v", sc.Zones["home-A"])
	}
	if len(sc.Objectives) != 1 || len(sc.Objectives[0].Cells) != 2 {
		t.Errorf("objectives %v", sc.Objectives)
	}
	if len(sc.Tables) != 0 {
		t.Errorf("a ruleset without shipped data has tables %v", sc.Tables)
	}
}

// TestParseErrors: Parse returns every problem with its line, and no
// scenario.
func TestParseErrors(t *testing.T) {
	src := strings.Replace(hexPosition, `at = "0404"`, `at = "0909"`, 1)
	src = strings.Replace(src, `counter = "Inf4"`, `counter = "Inf5"`, 1)
	sc, err := Parse("bad.toml", []byte(src))
	var e *Error
	if sc != nil || !errors.As(err, &e) {
		t.Fatalf("Parse = %v, %v", sc, err)
	}
	want := []string{
		`bad.toml:33: unit U: no counter "Inf5" in the counters file`,
		`bad.toml:43: unit Z: at: "0909" is off the map (6 columns × 5 rows): not a cell label`,
	}
	var got []string
	for _, p := range e.Problems {
		got = append(got, p.String())
	}
	if !slices.Equal(got, want) || err.Error() != strings.Join(want, "\n") {
		t.Errorf("problems\n got %q\nwant %q", got, want)
	}
}

// TestHashes: the hash covers every source file, is stable, and the
// shipped hashes are recorded in testdata/hashes.golden (a change there
// means every stored game of that scenario was started from other data;
// rerun with -update when that is intended).
func TestHashes(t *testing.T) {
	var b strings.Builder
	for _, in := range List() {
		fmt.Fprintf(&b, "%s %s\n", in.ID, mustLoad(t, in.ID).Hash)
	}
	const golden = "testdata/hashes.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("hashes changed:\n%s\nwant:\n%s", b.String(), want)
	}

	// The same bytes through Parse, or LoadFile from a copy, give the
	// same hash as Load.
	src, _ := shipped.ReadFile("data/gs/gs-1.toml")
	sc, err := Parse("copy.toml", src)
	if err != nil || sc.Hash != mustLoad(t, "gs-1").Hash {
		t.Errorf("Parse(gs-1 bytes) hash %v, %v", sc, err)
	}
	dir := t.TempDir()
	write := func(name, s string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("gs-1.toml", string(src))
	fromDisk, err := LoadFile(filepath.Join(dir, "gs-1.toml"))
	if err != nil || fromDisk.Hash != sc.Hash || fromDisk.Map.Source != "scenarios/data/gs/maps/board-b.toml" {
		t.Fatalf("LoadFile copy: %v %v", fromDisk, err)
	}
	// A map next to the file wins over the shipped one, and any byte of
	// it changes the hash; so do the tables.
	board, _ := shipped.ReadFile("data/gs/maps/board-b.toml")
	write("maps/board-b.toml", string(board)+"# edited\n")
	edited, err := LoadFile(filepath.Join(dir, "gs-1.toml"))
	if err != nil || edited.Hash == sc.Hash || edited.Map.Source != filepath.Join(dir, "maps", "board-b.toml") {
		t.Errorf("edited map: %v, source %q", err, edited.Map.Source)
	}
	tables, _ := shipped.ReadFile("data/gs/tables.toml")
	write("gs-1t.toml", "tables = \"my-tables\"\n"+string(src))
	write("my-tables.toml", string(tables))
	own, err := LoadFile(filepath.Join(dir, "gs-1t.toml"))
	if err != nil {
		t.Fatal(err)
	}
	write("my-tables.toml", strings.Replace(string(tables), `"DE"]`, `"E"]`, 1))
	own2, err := LoadFile(filepath.Join(dir, "gs-1t.toml"))
	if err != nil || own.Hash == own2.Hash || own.Hash == edited.Hash {
		t.Errorf("tables edit did not change the hash: %v", err)
	}
}

// TestLoadFileResolution: maps are found next to the scenario, then in
// maps/ beside it, then among the shipped maps; a missing one is named
// with every place looked at.
func TestLoadFileResolution(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "tiny.toml"), []byte("grid = \"hex\"\nwidth = 4\nheight = 4\nname = \"T\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "s.toml"), []byte("id = \"s\"\nruleset = \"gs\"\nturns = 1\nmap = \"tiny\"\n[[unit]]\nid = \"U\"\nside = \"A\"\ncounter = \"Inf4\"\nat = \"T0303\"\n"), 0o644)
	sc, err := LoadFile(filepath.Join(dir, "s.toml"))
	if err != nil || *sc.Units[0].At != (grid.Coord{X: 3, Y: 3}) {
		t.Fatalf("LoadFile: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "m.toml"), []byte("id = \"m\"\nruleset = \"gs\"\nturns = 1\nmap = \"board-x\"\n"), 0o644)
	_, err = LoadFile(filepath.Join(dir, "m.toml"))
	want := fmt.Sprintf(`%s:4: map: no map file "board-x" (looked for %s, %s, scenarios/data/gs/maps/board-x.toml)`,
		filepath.Join(dir, "m.toml"), filepath.Join(dir, "board-x.toml"), filepath.Join(dir, "maps", "board-x.toml"))
	if err == nil || err.Error() != want {
		t.Errorf("missing map:\n got %v\nwant %s", err, want)
	}
	if _, err := LoadFile(filepath.Join(dir, "none.toml")); err == nil {
		t.Error("LoadFile of a missing file succeeded")
	}
}

// TestDocExamples parses every scenario example of docs/scenarios.md (the
// ```toml blocks that start with an id), so the documentation stays true.
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, block := range strings.Split(string(doc), "```toml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if !strings.HasPrefix(block, "id = ") {
			continue
		}
		n++
		if _, err := Parse(fmt.Sprintf("docs example %d", n), []byte(block)); err != nil {
			t.Errorf("example %d:\n%s\n%v", n, block, err)
		}
	}
	if n < 3 {
		t.Errorf("only %d scenario examples found in the docs", n)
	}
}

// TestForceGroups: forces split into groups number on across the groups.
func TestForceGroups(t *testing.T) {
	src := `id = "groups"
ruleset = "gs"
turns = 12
map = "ab"
[forces]
A = ["I4a C3a C2a C2b A4a", "I: I6a I4b I3a C2c A6a", "II: I8a I6b I4c C3b"]
B = "I4a"
`
	sc, err := Parse("groups.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range sc.Units {
		got = append(got, u.ID+"/"+u.Name+"/"+u.Group)
	}
	want := "A1/I4a/ A2/C3a/ A3/C2a/ A4/C2b/ A5/A4a/ A6/I6a/I A7/I4b/I A8/I3a/I A9/C2c/I A10/A6a/I A11/I8a/II A12/I6b/II A13/I4c/II A14/C3b/II B1/I4a/"
	if strings.Join(got, " ") != want {
		t.Errorf("units %s", strings.Join(got, " "))
	}
}

// TestBase1Map: a hex map printed from 0101 reads and prints its labels
// that way, alone and composed.
func TestBase1Map(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"p.toml":   "name = \"P\"\ngrid = \"hex\"\nbase = 1\nwidth = 4\nheight = 3\n[terrain]\nforest = \"0101 P0403\"\n",
		"q.toml":   "name = \"Q\"\ngrid = \"hex\"\nbase = 1\nwidth = 2\nheight = 3\n",
		"pq.toml":  "boards = [\"p\", \"q\"]\n[edges]\nriver = \"P0401|Q0101\"\n",
		"s.toml":   "id = \"s\"\nruleset = \"gs\"\nturns = 1\nmap = \"pq\"\n[zones]\nnorth = \"rows 1\"\n[[unit]]\nid = \"U\"\nside = \"A\"\ncounter = \"Inf4\"\nat = \"Q0203\"\n",
		"bad.toml": "id = \"bad\"\nruleset = \"gs\"\nturns = 1\n[map]\ngrid = \"hex\"\nbase = 2\nwidth = 3\nheight = 3\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sc, err := LoadFile(filepath.Join(dir, "s.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := sc.Map
	hx := m.Grid.(*grid.Hex)
	if hx.Base != 1 || hx.W != 6 || *sc.Units[0].At != (grid.Coord{X: 5, Y: 2}) || hx.BoardLabel(*sc.Units[0].At) != "Q0203" {
		t.Errorf("grid %+v, unit at %v", hx, *sc.Units[0].At)
	}
	if m.CellAt(grid.Coord{}).Terrain != "forest" || m.CellAt(grid.Coord{X: 3, Y: 2}).Terrain != "forest" {
		t.Errorf("cells %v", m.Cells)
	}
	if !m.EdgeHas(grid.Coord{X: 3, Y: 0}, grid.Coord{X: 4, Y: 0}, "river") || len(sc.Zones["north"]) != 6 {
		t.Errorf("edges %v zone %v", m.Edges, sc.Zones["north"])
	}
	_, err = LoadFile(filepath.Join(dir, "bad.toml"))
	if err == nil || !strings.Contains(err.Error(), "bad.toml:6: map.base: want 0 (labels from 0000) or 1 (from 0101), not 2") {
		t.Errorf("base 2: %v", err)
	}
}

func TestStackedStart(t *testing.T) {
	pos := func(stacking string) string {
		return "id = \"s\"\nruleset = \"gs\"\nturns = 1\n" + stacking + "[map]\ngrid = \"hex\"\nwidth = 3\nheight = 3\n" +
			"[[unit]]\nid = \"U\"\nside = \"A\"\ncounter = \"Inf4\"\nat = \"0101\"\n" +
			"[[unit]]\nid = \"V\"\nside = \"A\"\ncounter = \"Inf4\"\nat = \"0101\"\n"
	}
	_, err := Parse("plain", []byte(pos("")))
	if err == nil || !strings.Contains(err.Error(), "units U and V both start in 0101") {
		t.Errorf("two units in one cell without stacking: %v", err)
	}
	sc, err := Parse("stacked", []byte(pos("stacking = true\n")))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Units) != 2 || *sc.Units[0].At != *sc.Units[1].At {
		t.Errorf("units %+v", sc.Units)
	}
	if _, err := Parse("bad", []byte(pos("stacking = \"yes\"\n"))); err == nil || !strings.Contains(err.Error(), "stacking: want true or false") {
		t.Errorf("stacking = \"yes\": %v", err)
	}
}

func TestCompareIDs(t *testing.T) {
	ids := []string{"gs-10", "gs-9b", "gs-2", "ptg-a", "gs-9a", "gs-1"}
	slices.SortFunc(ids, CompareIDs)
	if got := strings.Join(ids, " "); got != "gs-1 gs-2 gs-9a gs-9b gs-10 ptg-a" {
		t.Errorf("sorted: %s", got)
	}
}
