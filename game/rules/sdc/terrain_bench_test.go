package sdc_test

import (
	"fmt"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/sdc"
)

// BenchmarkTerrainLegal: the legal placements of a village (every hex of
// the table checked, SDC-4.11) with terrain = players on the largest
// default table, the features before it placed by the deadline defaults.
func BenchmarkTerrainLegal(b *testing.B) {
	r := sdc.New()
	sc := &game.Scenario{ID: "terrain", Ruleset: "sdc", Turns: 3, Params: map[string]string{"terrain": "players", "terrain-roll": "6", "crossings": "2"}}
	for _, side := range game.Sides {
		for i := 1; i <= 8; i++ {
			gen := fmt.Sprintf("G%s%d", side, i)
			sc.Units = append(sc.Units, game.UnitSpec{ID: gen, Side: side, Type: "general"}, game.UnitSpec{ID: gen + "-1", Side: side, Type: "LI", Group: gen})
		}
	}
	out, err := game.SetUp(r, sc, nil, dice.SetUpDice(dice.SeedFromInt(1)))
	if err != nil {
		b.Fatal(err)
	}
	g, err := game.Start(r, out, nil)
	if err != nil {
		b.Fatal(err)
	}
	d := &dice.Seeded{Seed: dice.SeedFromInt(1)}
	for g.State.(*sdc.State).Terrain.Steps[0].Feature != sdc.FeatVillage {
		side := g.State.Clock().Active
		o, _ := r.DeadlineOrder(g.State, side)
		cmd, _ := game.ParseCommand(side, o)
		if _, err := g.Apply(o, cmd, d); err != nil {
			b.Fatal(o, err)
		}
	}
	n := 0
	for b.Loop() {
		n = len(game.Leaves(r.Legal(g.State, g.State.Clock().Active)))
	}
	b.ReportMetric(float64(n), "orders")
}
