package ptg_test

import (
	"github.com/grognard/grognard/internal/playtest"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/scenarios"
)

// opening returns scenario 13.1 (the 40×41 map, 110 units) after both
// set-ups, at the first Swedish movement phase.
func opening(tb testing.TB) (*ptg.Rules, *game.Game) {
	tb.Helper()
	sc, err := scenarios.Load("ptg-standard")
	if err != nil {
		tb.Fatal(err)
	}
	rules := ptg.New()
	g, err := game.Start(rules, sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for _, side := range []game.Side{ptg.Russians, ptg.Swedes} {
		cmd, _ := game.ParseCommand(side, "ready")
		if _, err := g.Apply("ready", cmd, nil); err != nil {
			tb.Fatal(err)
		}
	}
	return rules, g
}

// BenchmarkLegalDestinations: every legal destination of one cavalry unit
// (the longest reach) on the 40×41 map. Goal ≤ 200 µs.
func BenchmarkLegalDestinations(b *testing.B) {
	rules, g := opening(b)
	const unit = "SW-C01"
	b.ResetTimer()
	n := 0
	for b.Loop() {
		marks, err := rules.Range(g.State, ptg.Swedes, unit)
		if err != nil {
			b.Fatal(err)
		}
		n = len(marks)
	}
	b.ReportMetric(float64(n), "destinations")
}

// BenchmarkLegalMovementPhase: the whole movement-phase option tree of the
// Swedish army (34 units).
func BenchmarkLegalMovementPhase(b *testing.B) {
	rules, g := opening(b)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		n = len(game.Leaves(rules.Legal(g.State, ptg.Swedes)))
	}
	b.ReportMetric(float64(n), "orders")
}

// BenchmarkDecideEvolveMove: decide and evolve one move order.
func BenchmarkDecideEvolveMove(b *testing.B) {
	rules, g := opening(b)
	cmd, _ := game.ParseCommand(ptg.Swedes, "move SW-C01 1234")
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

// BenchmarkDecideEvolveCombat: decide (obligations, factors, the roll)
// and evolve one combat declaration with its consequences.
func BenchmarkDecideEvolveCombat(b *testing.B) {
	sc, err := scenarios.Parse("bench", []byte(`id = "bench"
ruleset = "ptg"
title = "bench"
turns = 11
map = "poltava"
stacking = true
[params]
camp = "off"
[start]
turn = 2
phase = "combat-A"
[[unit]]
id = "S1"
side = "A"
counter = "SW-I02"
at = "2023"
[[unit]]
id = "S2"
side = "A"
counter = "SW-A1"
at = "2026"
[[unit]]
id = "R"
side = "B"
counter = "RU-I08"
at = "2024"
`))
	if err != nil {
		b.Fatal(err)
	}
	rules := ptg.New()
	st, err := rules.Start(sc, nil)
	if err != nil {
		b.Fatal(err)
	}
	cmd, _ := game.ParseCommand(ptg.Swedes, "attack S1 S2 -> 2024")
	d := &dice.Seeded{Seed: dice.SeedFromInt(1)}
	b.ResetTimer()
	for b.Loop() {
		playtest.DecideEvolve(b, rules, st, cmd, d)
	}
}
