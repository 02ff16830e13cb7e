package flg_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/scenarios"
)

// bigBattle is the figure position: a 22 × 14 board (14 columns
// deep, FLG-P-29's largest) with 30 units a side, each side's units
// activated by two officers, in the given phase.
func bigBattle(tb testing.TB, phase string) *game.Game {
	tb.Helper()
	types := []string{"INF_H_MUSKET", "INF_L_RIFLE", "CAV_M", "ART_F_H", "INF_H_MUSKET", "CAV_L"}
	var units, officers strings.Builder
	for i := range 30 {
		col, row := 2+i%2, 1+i/2
		act := ""
		if i < 8 {
			act = " activated"
		}
		fmt.Fprintf(&units, "A A%d %s %02d%02d%s\n", i+1, types[i%len(types)], col, row+3, act)
		fmt.Fprintf(&units, "B B%d %s %02d%02d\n", i+1, types[(i+3)%len(types)], col+3, row+3)
	}
	officers.WriteString("A AG GC 0210\nA AS SG 0306\nB BG GC 0810\nB BS SG 0906\n")
	src := fmt.Sprintf("id = \"big\"\nruleset = \"flg\"\nturns = 20\n[map]\ngrid = \"hex\"\nbase = 1\nwidth = 14\nheight = 22\n[map.terrain]\nforest = \"0505 0506 0712\"\ntown = \"0609\"\n[map.levels]\n1 = \"0414 0514\"\n[start]\nturn = 1\nphase = %q\n[params]\nunits = \"\"\"\n%s\"\"\"\nofficers = \"\"\"\n%s\"\"\"\n", phase, units.String(), officers.String())
	sc, err := scenarios.Parse("big", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(flg.New(), sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// BenchmarkLegal: the legal options of the active side in each phase of
// the big battle (the issue asks ≤ 200 µs).
func BenchmarkLegal(b *testing.B) {
	for _, phase := range []string{"command", "move", "combat"} {
		g := bigBattle(b, phase)
		r := flg.New()
		b.Run(phase, func(b *testing.B) {
			for b.Loop() {
				r.Legal(g.State, game.SideA)
			}
		})
	}
}

// BenchmarkGame: a whole random game of the brigade test scenario.
func BenchmarkGame(b *testing.B) {
	t := &testing.T{}
	for b.Loop() {
		play(t, 1, 4000, nil)
	}
}

// TestBigBattle: the big battle's legal options are all accepted.
func TestBigBattle(t *testing.T) {
	for _, phase := range []string{"command", "move", "combat"} {
		g := bigBattle(t, phase)
		leaves := game.Leaves(flg.New().Legal(g.State, game.SideA))
		if len(leaves) < 2 {
			t.Fatalf("%s: %d orders", phase, len(leaves))
		}
		for _, l := range leaves {
			cmd, _ := game.ParseCommand(game.SideA, l)
			if _, err := flg.New().Decide(g.State, cmd, &dice.Seeded{Seed: []byte("x")}); err != nil {
				t.Errorf("%s: listed %q refused: %v", phase, l, err)
			}
		}
	}
}

// BenchmarkGenerate: the largest generated battlefield (FLG-P-29's 22 ×
// 14, FLG-P-31; the issue asks ≤ 50 ms).
func BenchmarkGenerate(b *testing.B) {
	seed := int64(0)
	for b.Loop() {
		seed++
		if _, err := flg.Generate(14, 22, "europe", 30, dice.SetUpDice(dice.SeedFromInt(seed))); err != nil {
			b.Fatal(err)
		}
	}
}
