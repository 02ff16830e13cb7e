package ptg_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/scenarios"
)

// combatPosition is the position of PTG-TC-12: S, adjacent to R (of the
// defender counter given), must attack it in A's combat phase
// (PTG-7.0.1).
func combatPosition(defender string) string {
	return `id = "test"
ruleset = "ptg"
title = "test position"
turns = 11
stacking = true
[params]
camp = "off"
[map]
grid = "hex"
base = 1
width = 40
height = 41
[start]
turn = 1
phase = "combat-A"
[[unit]]
id = "S"
side = "A"
counter = "Inf5"
at = "1009"
[[unit]]
id = "R"
side = "B"
counter = "` + defender + `"
at = "1010"
`
}

// TestDefaults: while the obligation of PTG-7.0.1 forbids ending the
// combat phase, the deadline order is the attack that meets it; the other
// side, whose phase it is not, gets nothing; once the combat is fought
// the phase ends by default.
func TestDefaults(t *testing.T) {
	sc, err := scenarios.Parse("tc12.toml", []byte(combatPosition("Inf5")))
	if err != nil {
		t.Fatal(err)
	}
	r := ptg.New()
	g, err := game.Start(r, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o, why := r.DeadlineOrder(g.State, game.SideA); o != "attack S -> 1010" {
		t.Errorf("under the obligation: %q (%s), want attack S -> 1010", o, why)
	}
	if o, why := r.DeadlineOrder(g.State, game.SideB); o != "" || why == "" {
		t.Errorf("the side not in its phase: %q (%s), want nothing and a reason", o, why)
	}
	if a := r.AutoOrder(g.State, game.SideA); a != "" {
		t.Errorf("auto order under the obligation: %q", a)
	}
	cmd, _ := game.ParseCommand(game.SideA, "attack S -> 1010")
	if _, err := g.Apply("attack S -> 1010", cmd, dice.NewFixed(3)); err != nil {
		t.Fatal(err)
	}
	if o, _ := r.DeadlineOrder(g.State, game.SideA); o != "end" {
		t.Errorf("after the combat: %q, want end", o)
	}
	if a := r.AutoOrder(g.State, game.SideA); a != "end" {
		t.Errorf("after the combat, with nothing left to do: auto order %q, want end", a)
	}
}
