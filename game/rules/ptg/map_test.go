package ptg_test

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/scenarios"
)

// TestMapMatchesDigest checks the reconstructed map P-MAP against the
// facts the rules give (digest §2.1 and §6.5): its size and labels, the
// terrain of every cited set-up hex, the camp and its entrenchments, the
// two unbroken lines of Russian cavalry and the redoubt "T".
func TestMapMatchesDigest(t *testing.T) {
	sc, err := scenarios.Load("ptg-historical")
	if err != nil {
		t.Fatal(err)
	}
	m := sc.Map
	g := m.Grid
	c := func(l string) grid.Coord { return grid.MustParse(g, l) }
	if w, h := g.Size(); w != 40 || h != 41 || g.Label(grid.Coord{}) != "0101" || g.Label(grid.Coord{X: 39, Y: 40}) != "4041" {
		t.Fatalf("map %dx%d labelled %s–%s, want 40x41 from 0101 to 4041", w, h, g.Label(grid.Coord{}), g.Label(grid.Coord{X: 39, Y: 40}))
	}
	// §2.1: the neighbours of 2020 and the distances the test cases use.
	var nb []string
	for _, n := range g.Neighbors(c("2020")) {
		nb = append(nb, g.Label(n))
	}
	if got := strings.Join(nb, " "); got != "2019 2120 2121 2021 1921 1920" {
		t.Errorf("neighbours of 2020: %s", got)
	}
	for _, d := range []struct {
		a, b string
		n    int
	}{{"3828", "3723", 6}, {"3827", "3723", 5}, {"2020", "2024", 4}, {"2020", "2220", 2}} {
		if got := g.Distance(c(d.a), c(d.b)); got != d.n {
			t.Errorf("distance %s–%s = %d, want %d", d.a, d.b, got, d.n)
		}
	}
	zone := func(name string) []grid.Coord {
		z := sc.Zones[name]
		if len(z) == 0 {
			t.Fatalf("no zone %s", name)
		}
		return z
	}
	inZone := func(name string, x grid.Coord) bool {
		for _, y := range sc.Zones[name] {
			if x == y {
				return true
			}
		}
		return false
	}
	// Every set-up hex of a unit that must stand on clear ground is clear.
	for _, z := range []string{"hist-redoubt", "hist-cavalry", "hist-swedish-infantry", "hist-irregular"} {
		for _, x := range zone(z) {
			if tr := m.CellAt(x).Terrain; tr != ptg.Clear {
				t.Errorf("%s hex %s is %s, want clear", z, g.Label(x), tr)
			}
		}
	}
	counts := map[string]int{"hist-redoubt": 10, "hist-russian-picket": 3, "hist-cavalry": 23, "hist-infantry": 25, "hist-hq": 1,
		"hist-irregular": 2, "hist-swedish-picket": 2, "hist-swedish-infantry": 12, "camp": 85, "objectives": 4, "exits": 3, "zone-a": 11}
	for z, n := range counts {
		if got := len(zone(z)); got != n {
			t.Errorf("zone %s has %d hexes, want %d", z, got, n)
		}
	}
	// The camp holds every I hex but 3824, the HQ and objective 3220.
	for _, x := range zone("hist-infantry") {
		if inZone("camp", x) == (g.Label(x) == "3824") {
			t.Errorf("I hex %s: in the camp = %v", g.Label(x), inZone("camp", x))
		}
	}
	for _, l := range []string{"3818", "3220"} {
		if !inZone("camp", c(l)) {
			t.Errorf("%s is not in the camp", l)
		}
	}
	// Entrenchments: every camp side facing outside, except toward column 40.
	ent := 0
	for e, fs := range m.Edges {
		for _, f := range fs {
			if f != ptg.Entrenchment {
				continue
			}
			ent++
			if inZone("camp", e.A) == inZone("camp", e.B) {
				t.Errorf("entrenchment %s|%s is not on the camp's edge", g.Label(e.A), g.Label(e.B))
			}
		}
	}
	if ent != 54 {
		t.Errorf("%d entrenchment hexsides, want 54", ent)
	}
	// The two unbroken lines of Russian cavalry (13.2.3).
	for _, line := range []string{"2023 2124 2224 2324 2424 2525 2625 2725 2825 2926 3026", "1925 2025 2126 2226 2326 2426 2527 2627 2727 2827 2928 3028"} {
		ls := strings.Fields(line)
		for i := 1; i < len(ls); i++ {
			if !g.Adjacent(c(ls[i-1]), c(ls[i])) {
				t.Errorf("cavalry line broken between %s and %s", ls[i-1], ls[i])
			}
		}
	}
	// The redoubt "T": none adjacent to another, two hexes apart along the
	// cross-bar and the stem.
	red := zone("hist-redoubt")
	for i, a := range red {
		for _, b := range red[i+1:] {
			if g.Adjacent(a, b) {
				t.Errorf("redoubts %s and %s are adjacent", g.Label(a), g.Label(b))
			}
		}
	}
	for _, chain := range []string{"1727 1927 2128 2328 2529 2729", "2029 1830 1732 1533"} {
		ls := strings.Fields(chain)
		for i := 1; i < len(ls); i++ {
			if d := g.Distance(c(ls[i-1]), c(ls[i])); d != 2 {
				t.Errorf("redoubts %s and %s are %d apart, want 2", ls[i-1], ls[i], d)
			}
		}
	}
	// Objectives, exits and zone A as the rules place them.
	for _, l := range []string{"0607", "1005", "2006"} {
		if tr := m.CellAt(c(l)).Terrain; tr != ptg.Building {
			t.Errorf("objective %s is %s, want a village", l, tr)
		}
	}
	for _, x := range append(zone("exits"), zone("zone-a")...) {
		if x.Y != 40 {
			t.Errorf("%s is not on the south edge", g.Label(x))
		}
	}
	// Roads cross the stream only by bridges; the mill-pond is closed.
	for e, fs := range m.Links {
		if m.EdgeHas(e.A, e.B, ptg.River) && !m.EdgeHas(e.A, e.B, ptg.Bridge) {
			t.Errorf("road %v crosses the stream %s|%s with no bridge", fs, g.Label(e.A), g.Label(e.B))
		}
	}
	for _, l := range []string{"3606", "3607"} {
		for _, n := range g.Neighbors(c(l)) {
			if !m.EdgeHas(c(l), n, ptg.Lake) {
				t.Errorf("%s|%s is not a lake hexside", l, g.Label(n))
			}
		}
	}
}

// TestScenarios checks the four scenarios of PTG-13: who sets up and
// moves first, the army morale, the forces, and that each default
// deployment is legal (both sides' ready is accepted).
func TestScenarios(t *testing.T) {
	for _, tc := range []struct {
		id           string
		setupFirst   game.Side
		first        game.Side
		nmaA         int
		swedes, rus  int
		redoubts     int
		entering     int
		withOptions  game.Options
		nmaAOptional int
	}{
		{"ptg-standard", ptg.Russians, ptg.Swedes, 70, 34, 75, 10, 0, nil, 0},
		{"ptg-historical", ptg.Russians, ptg.Swedes, 70, 34, 75, 10, 16, nil, 0},
		{"ptg-maximum", ptg.Russians, ptg.Swedes, 85, 42, 75, 10, 0, game.Options{"charles-unwounded": "on"}, 90},
		{"ptg-june22", ptg.Swedes, ptg.Russians, 70, 34, 75, 0, 0, nil, 0},
	} {
		t.Run(tc.id, func(t *testing.T) {
			sc, err := scenarios.Load(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			rules := ptg.New()
			g, err := game.Start(rules, sc, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := g.State.(*ptg.State)
			if s.Clock().Active != tc.setupFirst || s.First != tc.first || s.NMA[ptg.Swedes] != tc.nmaA || len(s.Redoubts) != tc.redoubts {
				t.Errorf("sets up %s, moves first %s, Swedish morale %d, %d redoubts", s.Clock().Active, s.First, s.NMA[ptg.Swedes], len(s.Redoubts))
			}
			var n [2]int
			entering := 0
			for _, u := range s.Units {
				n[u.Side]++
				if u.Group == "zone-a" {
					entering++
				}
			}
			if n[ptg.Swedes] != tc.swedes || n[ptg.Russians] != tc.rus || entering != tc.entering {
				t.Errorf("%d Swedish and %d Russian units, %d entering; want %d, %d, %d", n[ptg.Swedes], n[ptg.Russians], entering, tc.swedes, tc.rus, tc.entering)
			}
			for _, side := range []game.Side{tc.setupFirst, tc.setupFirst.Other()} {
				cmd, _ := game.ParseCommand(side, "ready")
				if _, err := g.Apply("ready", cmd, nil); err != nil {
					t.Fatalf("%s's default set-up is refused: %v", side, err)
				}
			}
			if c := g.State.Clock(); c.Turn != 1 || c.Phase != ptg.PhaseMove || c.Active != tc.first {
				t.Errorf("the battle starts at %+v", c)
			}
			if tc.withOptions != nil {
				g2, err := game.Start(rules, sc, tc.withOptions)
				if err != nil {
					t.Fatal(err)
				}
				if got := g2.State.(*ptg.State).NMA[ptg.Swedes]; got != tc.nmaAOptional {
					t.Errorf("with %v the Swedes start at %d, want %d", tc.withOptions, got, tc.nmaAOptional)
				}
			}
			// Every optional unit comes in with its option.
			g3, err := game.Start(rules, sc, game.Options{"aides": "on", "horse-artillery": "on"})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(g3.State.(*ptg.State).Units); got != tc.swedes+tc.rus+7 {
				t.Errorf("with aides and horse artillery: %d units, want %d", got, tc.swedes+tc.rus+7)
			}
			for _, side := range []game.Side{tc.setupFirst, tc.setupFirst.Other()} {
				cmd, _ := game.ParseCommand(side, "ready")
				if _, err := g3.Apply("ready", cmd, nil); err != nil {
					t.Fatalf("with the optional units, %s's set-up is refused: %v", side, err)
				}
			}
		})
	}
}
