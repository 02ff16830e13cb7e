package sdc

import (
	"slices"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
)

// thenSeeded gives the listed dice first, then seeded ones: the rolls a
// worked example names, and whatever the generator needs afterwards.
type thenSeeded struct {
	first []int
	rest  game.Dice
}

func (d *thenSeeded) Roll(n int) int {
	if len(d.first) > 0 {
		v := d.first[0]
		d.first = d.first[1:]
		return v
	}
	return d.rest.Roll(n)
}

func prefixed(vals ...int) game.Dice {
	return &thenSeeded{first: vals, rest: &dice.Seeded{Seed: dice.SeedFromInt(9)}}
}

func ruleOf(err error) string {
	if re, ok := game.AsRuleError(err); ok {
		return re.Rule
	}
	return ""
}

// TestBoardSize is SDC-T-SETUP-01, SDC-T-SETUP-02 (SDC-4.1, SDC-4.2,
// SDC-G.19, TBL-19, TBL-23, SDC-Q.8, SDC-Q.20): 3 generals a side, 33
// hexes along the lines (75 cm) and 35 deep; 8 generals, 88.
func TestBoardSize(t *testing.T) {
	for g, rows := range map[int]int{3: 33, 4: 44, 8: 88, 2: 33} {
		if c, r := BoardSize(g); c != 35 || r != rows {
			t.Errorf("%d generals: %d × %d, want 35 × %d", g, c, r, rows)
		}
	}
}

// TestTerrainRolls is SDC-T-SETUP-03, SDC-T-SETUP-04, SDC-T-SETUP-05
// (SDC-4.4 … 4.9, SDC-4.12, TBL-16): the terrain roll, the sectors and
// the crossings, through Generate with fixed dice.
func TestTerrainRolls(t *testing.T) {
	for die, want := range map[int][2]bool{1: {true, false}, 2: {false, true}, 4: {false, true}, 5: {false, true}, 6: {true, true}} {
		if r, h := TerrainType(die); r != want[0] || h != want[1] {
			t.Errorf("terrain roll %d: river %v hills %v", die, r, h)
		}
	}
	// SETUP-03: roll 4, two hills: the first player rolls sector 1, the
	// second sector 5; then the highest is drawn (1 of 2).
	l := Generate(3, prefixed(4, 1, 5, 2))
	if len(l.River) != 0 || len(l.Hills) != 2 || l.Highest != 1 {
		t.Fatalf("SETUP-03: river %d hexes, %d hills, highest %d", len(l.River), len(l.Hills), l.Highest)
	}
	if !slices.Contains(Sector(l.Cols, l.Rows, 1), l.Hills[0][0]) || !slices.Contains(Sector(l.Cols, l.Rows, 5), l.Hills[1][0]) {
		t.Errorf("SETUP-03: hills at %v and %v", l.Hills[0][0], l.Hills[1][0])
	}
	g := grid.NewHex(l.Cols, l.Rows)
	objs := l.Objectives(g)
	if len(objs) == 0 || objs[0].Name != "highest hill" {
		t.Errorf("SETUP-03: objectives %v", objs)
	}
	// SETUP-04: roll 6, river then hills; crossings d6 = 5: D3 = 3, no
	// "sole crossing" objective. SETUP-05: roll 1, d6 = 2: one crossing,
	// a 1 VP objective, and no highest hill.
	if D3(5) != 3 || D3(2) != 1 || D3(1) != 1 || D3(6) != 3 {
		t.Errorf("D3")
	}
	for _, c := range []struct {
		id        string
		terrain   int
		crossings int
		sole      bool
	}{{"SDC-T-SETUP-04", 6, 5, false}, {"SDC-T-SETUP-05", 1, 2, true}} {
		l := Generate(3, prefixed(c.terrain, 2, c.crossings))
		objs := l.Objectives(grid.NewHex(l.Cols, l.Rows))
		hasCross := slices.ContainsFunc(objs, func(o game.Objective) bool { return o.Name == "crossing" })
		hasHill := slices.ContainsFunc(objs, func(o game.Objective) bool { return o.Name == "highest hill" })
		if len(l.River) == 0 || len(l.Crossings) != D3(c.crossings) || hasCross != c.sole || hasHill != (c.terrain == 6 && len(l.Hills) > 0) {
			t.Errorf("%s: river %d, crossings %d, objectives %v", c.id, len(l.River), len(l.Crossings), objs)
		}
		for _, x := range l.Crossings {
			if !slices.Contains(l.River, x) || InZone(l.Cols, game.SideA, x) || InZone(l.Cols, game.SideB, x) {
				t.Errorf("%s: crossing %v off the river or in a zone", c.id, x)
			}
		}
	}
}

// TestPlacement is SDC-T-SETUP-06 … SDC-T-SETUP-10 (SDC-4.7, SDC-4.9,
// SDC-4.11, SDC-5.2, SDC-G.20): villages per player, village, crossing
// and hill spacing, the deployment zones.
func TestPlacement(t *testing.T) {
	// SETUP-06: G = 3 → 2 each; G = 4 → 2; G = 5 → 3 (SDC-Q.19).
	if Villages(3) != 2 || Villages(4) != 2 || Villages(5) != 3 {
		t.Errorf("SDC-T-SETUP-06: villages %d %d %d", Villages(3), Villages(4), Villages(5))
	}
	l := &Layout{Cols: 35, Rows: 33}
	at := func(x, y int) []grid.Coord { return []grid.Coord{{X: x, Y: y}} }
	l.Villages = append(l.Villages, at(16, 4))
	// SETUP-07: another village 10 hexes away is illegal, 12 is legal; a
	// village 3 hexes from a deployment zone is illegal.
	if r := ruleOf(l.CheckVillage(at(16, 14))); r != "SDC-4.11" {
		t.Errorf("SDC-T-SETUP-07: 10 hexes: %q", r)
	}
	if err := l.CheckVillage(at(16, 16)); err != nil {
		t.Errorf("SDC-T-SETUP-07: 12 hexes: %v", err)
	}
	if r := ruleOf(l.CheckVillage(at(10, 25))); r != "SDC-4.11" {
		t.Errorf("SDC-T-SETUP-07: 3 hexes from the zone: %q", r)
	}
	if err := l.CheckVillage(at(11, 25)); err != nil {
		t.Errorf("SDC-T-SETUP-07: 4 hexes from the zone: %v", err)
	}
	// SETUP-08: a bridge on a river hex inside a deployment zone.
	for x := 0; x < 35; x++ {
		l.River = append(l.River, grid.Coord{X: x, Y: 20})
	}
	if r := ruleOf(l.CheckCrossing(grid.Coord{X: 5, Y: 20})); r != "SDC-4.9" {
		t.Errorf("SDC-T-SETUP-08: %q", r)
	}
	if err := l.CheckCrossing(grid.Coord{X: 17, Y: 20}); err != nil {
		t.Errorf("SDC-T-SETUP-08: mid-river: %v", err)
	}
	// SETUP-09: a second hill 14 hexes from the first is illegal, 16 legal.
	l.Hills = [][]grid.Coord{at(17, 2)}
	if r := ruleOf(l.CheckHill(at(17, 16))); r != "SDC-4.7" {
		t.Errorf("SDC-T-SETUP-09: 14 hexes: %q", r)
	}
	if err := l.CheckHill(at(17, 18)); err != nil {
		t.Errorf("SDC-T-SETUP-09: 16 hexes: %v", err)
	}
	// SETUP-10: 9 hexes from the centre column is outside the zone.
	if InZone(35, game.SideA, grid.Coord{X: 8, Y: 3}) || !InZone(35, game.SideA, grid.Coord{X: 7, Y: 3}) || !InZone(35, game.SideB, grid.Coord{X: 27, Y: 3}) || InZone(35, game.SideB, grid.Coord{X: 26, Y: 3}) {
		t.Errorf("SDC-T-SETUP-10: zones")
	}
}

// TestGenerate: generated battlefields keep every spacing rule and load
// as a map (SDC-4.3, SDC-4.5, SDC-4.6, SDC-4.8, SDC-4.10, SDC-4.11,
// SDC-G.18, SDC-G.21, SDC-Q.39).
func TestGenerate(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		g := 3 + int(seed)%6
		l := Generate(g, &dice.Seeded{Seed: dice.SeedFromInt(seed)})
		for i, h := range l.Hills {
			for _, o := range l.Hills[i+1:] {
				if gap(h, o) < HillSpacing {
					t.Errorf("seed %d: hills %d apart", seed, gap(h, o))
				}
			}
		}
		for i, v := range l.Villages {
			for _, o := range l.Villages[i+1:] {
				if gap(v, o) < VillageSpace {
					t.Errorf("seed %d: villages %d apart", seed, gap(v, o))
				}
			}
		}
		if len(l.Villages) > 2*Villages(g) || len(l.Villages) == 0 {
			t.Errorf("seed %d: %d villages for %d generals", seed, len(l.Villages), g)
		}
		m := l.Map()
		if _, err := newBoard(m); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		if len(l.River) > 0 && len(l.Crossings) == 0 {
			t.Errorf("seed %d: a river without a crossing", seed)
		}
	}
}

// BenchmarkGenerate measures the terrain generator on the largest default
// table (8 generals).
func BenchmarkGenerate(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		Generate(8, &dice.Seeded{Seed: dice.SeedFromInt(int64(i))})
	}
}
