package sdc_test

import (
	"fmt"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/sdc"
)

// bigBattle is the largest default table (8 generals a side: 35 × 88,
// SDC-G.19) with eight brigades of 8 elements a side in line, the terrain
// of a generated battlefield kept off the lines.
func bigBattle(tb testing.TB) *game.Game {
	tb.Helper()
	l := sdc.Generate(8, &dice.Seeded{Seed: dice.SeedFromInt(3)})
	m := l.Map()
	sc := &game.Scenario{ID: "big", Ruleset: "sdc", Turns: 12, Map: m, Start: &game.StartPos{Turn: 1, Phase: "activate-A"}}
	types := []string{"LI", "LI", "LI", "LI", "LI", "LI", "Art", "Cav"}
	for side, col := range map[game.Side]int{game.SideA: 10, game.SideB: 24} {
		for b := 0; b < 8; b++ {
			gen := fmt.Sprintf("G%s%d", side, b+1)
			at := grid.Coord{X: col - 1 + 2*int(side), Y: 11*b + 4}
			delete(m.Cells, at)
			sc.Units = append(sc.Units, game.UnitSpec{ID: gen, Side: side, Type: "general", At: &at})
			for i, ty := range types {
				c := grid.Coord{X: col, Y: 11*b + i}
				delete(m.Cells, c)
				sc.Units = append(sc.Units, game.UnitSpec{ID: fmt.Sprintf("%s-%d", gen, i+1), Side: side, Type: ty, Group: gen, At: &c})
			}
		}
	}
	g, err := game.Start(sdc.New(), sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := g.Apply("activate GA4", game.Command{Side: game.SideA, Verb: "activate", Args: []string{"GA4"}}, dice.NewFixed()); err != nil {
		tb.Fatal(err)
	}
	return g
}

// BenchmarkLegal: the legal options of one brigade's activation on the
// largest default table (issue 21: ≤ 200 µs; about 130 µs, 71 allocs,
// from 650 µs and 1,652 allocs before the flat floods, doc.go STATUS).
func BenchmarkLegal(b *testing.B) {
	g := bigBattle(b)
	r := sdc.New()
	n := 0
	for b.Loop() {
		n = len(game.Leaves(r.Legal(g.State, game.SideA)))
	}
	b.ReportMetric(float64(n), "orders")
}

// TestBigBattle: the big table starts and lists orders for the brigade.
func TestBigBattle(t *testing.T) {
	g := bigBattle(t)
	if n := len(game.Leaves(sdc.New().Legal(g.State, game.SideA))); n < 100 {
		t.Errorf("%d orders for a brigade of 8", n)
	}
}
