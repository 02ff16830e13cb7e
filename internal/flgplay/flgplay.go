// Package flgplay is a Frédéric le Grand player for whole-game tests:
// a policy that fights, so that a game ends by demoralisation (random
// legal orders march to and fro and never end a battle). The terminal
// room's TestFullGame and the Discord adapter's full game play it.
package flgplay

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/scenarios"
)

// Position is the rules' deployed test position,
// game/rules/flg/testdata/flg-brigade.toml: two Brigade presets already
// on a 9 × 13 battlefield, for a front end's test that needs a battle
// without its set-up.
func Position(tb testing.TB) *game.Scenario {
	tb.Helper()
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "..", "..", "game", "rules", "flg", "testdata", "flg-brigade.toml")
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := scenarios.Parse("flg-brigade.toml", src)
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// Attack is the order side gives in g, among leaves (its legal orders),
// as an aggressive player would: deploy around the middle of its edge,
// activate every unit the officers may (answering the activation
// decision by its number, as a player does in chat), march each
// activated unit on the nearest enemy, attack whenever a unit may, follow
// up and pursue, answer an attack with the default (stand), and end a
// phase when nothing of that is left.
func Attack(g *game.Game, side game.Side, leaves []string) string {
	s := g.State.(*flg.State)
	for _, d := range s.Pending() {
		if d.Side != side {
			continue
		}
		switch d.Kind {
		case "activation":
			return strconv.Itoa(min(2, len(d.Options))) // the first activation (option 1 is "end")
		case "follow-up", "pursuit", "extra-hex":
			return strconv.Itoa(1) // advance, pursue
		case "deploy":
			return centre(s, d.Options)
		}
		return d.Options[d.Default].Command
	}
	switch s.Phase {
	case flg.PhaseMove:
		if m := approach(s, side, game.Legal(g.Rules, g.State, side)); m != "" {
			return m
		}
	case flg.PhaseCombat:
		for _, l := range leaves {
			if w := game.Words(l); w[0] == "attack" && len(w) == 3 {
				return l
			}
		}
	}
	for _, l := range leaves {
		if l == "end" {
			return l
		}
	}
	return leaves[0]
}

// centre deploys the army around the middle of its edge, officers
// among their units: the placement nearest the centre of the board, then
// "ready".
func centre(s *flg.State, opts []game.Option) string {
	w, h := s.Scenario().Map.Grid.Size()
	centre := grid.Coord{X: w / 2, Y: h / 2}
	best, dist := "", 1<<20
	for _, o := range opts {
		wd := game.Words(o.Command)
		if len(wd) != 3 || wd[0] != "deploy" {
			continue
		}
		if c, err := s.Scenario().Map.Grid.Parse(wd[2]); err == nil && grid.HexDistance(c, centre) < dist {
			best, dist = o.Command, grid.HexDistance(c, centre)
		}
	}
	if best == "" {
		return opts[len(opts)-1].Command
	}
	return best
}

// approach is the move (keeping the unit's combat) that brings a unit
// closest to the enemy, by the most hexes; "" when none brings one closer.
func approach(s *flg.State, side game.Side, opts []game.Option) string {
	g := s.Scenario().Map.Grid
	nearest := func(c grid.Coord) int {
		best := 1 << 20
		for i := range s.Units {
			if e := &s.Units[i]; e.Side != side && !e.Gone && !e.Reserve && !e.Off {
				best = min(best, grid.HexDistance(c, e.At))
			}
		}
		return best
	}
	best, gain := "", 0
	var walk func([]game.Option)
	walk = func(os []game.Option) {
		for _, o := range os {
			walk(o.Children)
			w := game.Words(o.Command)
			if len(w) != 3 || w[0] != "move" || o.LabelMsg.Key == "flg.opt.move-nc" {
				continue
			}
			u := s.Unit(w[1])
			to, err := g.Parse(w[2])
			if u == nil || err != nil {
				continue
			}
			if d := nearest(u.At) - nearest(to); d > gain {
				best, gain = o.Command, d
			}
		}
	}
	walk(opts)
	return best
}
