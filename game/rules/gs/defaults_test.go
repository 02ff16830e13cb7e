package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/scenarios"
)

// The position of GS-TC-08: A and B must attack C together (GS-4.2).
const obligationPosition = `id = "test"
ruleset = "gs"
title = "test position"
turns = 10
[map]
grid = "hex"
width = 20
height = 24
[start]
turn = 1
phase = "move-A"
[[unit]]
id = "C"
side = "B"
counter = "Inf4"
at = "1010"
[[unit]]
id = "B"
side = "A"
counter = "Inf4"
at = "1011"
[[unit]]
id = "A"
side = "A"
counter = "Inf4"
at = "1409"
`

// TestDefaults walks the deadline orders through a phase: "end" while
// nothing binds; the one combat that meets the obligation of GS-4.2 when
// "end" is refused; a decision's default; nothing for the side whose
// phase it is not; and the automatic "end" once nothing is left to decide.
func TestDefaults(t *testing.T) {
	sc, err := scenarios.Parse("tc08.toml", []byte(obligationPosition))
	if err != nil {
		t.Fatal(err)
	}
	r := gs.New()
	g, err := game.Start(r, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	play := func(order string, d game.Dice) {
		t.Helper()
		cmd, err := game.ParseCommand(game.SideA, order)
		if err == nil {
			_, err = g.Apply(order, cmd, d)
		}
		if err != nil {
			t.Fatalf("%s: %v", order, err)
		}
	}
	want := func(side game.Side, order, auto string) {
		t.Helper()
		got, why := r.DeadlineOrder(g.State, side)
		if got != order || order == "" && why == "" {
			t.Errorf("%s at %+v: deadline order %q (%s), want %q", side, g.State.Clock(), got, why, order)
		}
		if a := r.AutoOrder(g.State, side); a != auto {
			t.Errorf("%s at %+v: auto order %q, want %q", side, g.State.Clock(), a, auto)
		}
	}
	want(game.SideA, "end", "")
	want(game.SideB, "", "")
	play("move A 1309 1209 1109", nil)
	play("end", nil)
	want(game.SideA, "attack B A -> C", "")
	play("attack B A -> C", dice.NewFixed(6))
	if len(g.State.Pending()) == 0 {
		t.Fatal("no decision after the combat")
	}
	d := g.State.Pending()[0]
	want(d.Side, d.Options[d.Default].Command, "")
	play(d.Options[d.Default].Command, nil)
	want(game.SideA, "end", "end")
}
