package gs_test

import (
	"github.com/grognard/grognard/internal/playtest"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/scenarios"
)

// openingGS3 returns scenario III (the largest map, 40×24, 50 units) after
// automatic deployment, at A's first movement phase.
func openingGS3(tb testing.TB) (*gs.Rules, *game.Game) {
	tb.Helper()
	sc, err := scenarios.Load("gs-3")
	if err != nil {
		tb.Fatal(err)
	}
	rules := gs.New()
	g, err := game.Start(rules, sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for _, o := range []string{"deploy auto", "ready"} {
		for _, side := range game.Sides {
			cmd, _ := game.ParseCommand(side, o)
			if _, err := g.Apply(o, cmd, nil); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return rules, g
}

// BenchmarkLegalDestinations: every legal destination of one cavalry unit
// (the longest reach) on the largest Grands Stratèges map. Goal ≤ 200 µs.
func BenchmarkLegalDestinations(b *testing.B) {
	rules, g := openingGS3(b)
	var unit string
	for _, p := range g.State.Pieces() {
		if p.Side == game.SideA && p.Type == gs.Cavalry {
			unit = p.ID
			break
		}
	}
	b.ResetTimer()
	n := 0
	for b.Loop() {
		marks, err := rules.Range(g.State, game.SideA, unit)
		if err != nil {
			b.Fatal(err)
		}
		n = len(marks)
	}
	b.ReportMetric(float64(n), "destinations")
}

// BenchmarkLegalMovementPhase: the whole movement-phase option tree of
// side A on scenario III (50 units), as the bot lists legal orders.
func BenchmarkLegalMovementPhase(b *testing.B) {
	rules, g := openingGS3(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(game.Leaves(rules.Legal(g.State, game.SideA)))
	}
	b.ReportMetric(float64(n), "orders")
}

// BenchmarkDecideEvolveMove: decide and evolve one move order.
func BenchmarkDecideEvolveMove(b *testing.B) {
	rules, g := openingGS3(b)
	var order string
	for _, o := range rules.Legal(g.State, game.SideA) {
		if len(o.Children) > 0 {
			order = o.Children[len(o.Children)/2].Command
			break
		}
	}
	cmd, _ := game.ParseCommand(game.SideA, order)
	b.ResetTimer()
	for b.Loop() {
		evs, err := rules.Decide(g.State, cmd, nil)
		if err != nil {
			b.Fatal(err)
		}
		st := g.State
		for _, e := range evs {
			st = rules.Evolve(st, e)
		}
	}
}

// BenchmarkDecideEvolveCombat: decide (with the obligation check and the
// roll) and evolve one combat declaration.
func BenchmarkDecideEvolveCombat(b *testing.B) {
	sc, err := scenarios.Parse("bench", []byte(`id = "bench"
ruleset = "gs"
title = "bench"
turns = 10
map = "ab"
[start]
turn = 1
phase = "combat-A"
[[unit]]
id = "P"
side = "A"
counter = "Inf6"
at = "1011"
[[unit]]
id = "Q"
side = "A"
counter = "Inf4"
at = "1110"
[[unit]]
id = "Z"
side = "B"
counter = "Inf4"
at = "1010"
`))
	if err != nil {
		b.Fatal(err)
	}
	rules := gs.New()
	st, err := rules.Start(sc, nil)
	if err != nil {
		b.Fatal(err)
	}
	cmd, _ := game.ParseCommand(game.SideA, "attack P Q -> Z")
	d := &dice.Seeded{Seed: dice.SeedFromInt(1)}
	b.ResetTimer()
	for b.Loop() {
		playtest.DecideEvolve(b, rules, st, cmd, d)
	}
}
