package man_test

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/man"
)

// BenchmarkLegal: the active player's options with a full hand in the
// combat phase of a mid-game position (issue 20 asks ≤ 100 µs).
func BenchmarkLegal(b *testing.B) {
	g := loadFull(b, 1)
	r := man.New()
	rng := rand.New(rand.NewPCG(1, 2))
	d := &dice.Seeded{Seed: dice.SeedFromInt(1)}
	for g.State.Clock().Turn < 6 || g.State.Clock().Phase != man.PhaseCombat {
		side := game.Waiting(g.State)[0]
		leaves := game.Leaves(game.Legal(r, g.State, side))
		cmd, _ := game.ParseCommand(side, leaves[rng.IntN(len(leaves))])
		if _, err := g.Apply(cmd.String(), cmd, d); err != nil {
			b.Fatal(err)
		}
	}
	side := g.State.Clock().Active
	b.ResetTimer()
	for b.Loop() {
		game.Legal(r, g.State, side)
	}
}

// BenchmarkRandomGame: a complete random game (issue 20 asks ≤ 50 ms).
func BenchmarkRandomGame(b *testing.B) {
	r := man.New()
	for i := 0; b.Loop(); i++ {
		g := loadFull(b, int64(i%8+1))
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		d := &dice.Seeded{Seed: dice.SeedFromInt(int64(i))}
		for n := 0; n < 5000 && !g.State.Outcome().Over; n++ {
			side := game.Waiting(g.State)[0]
			leaves := game.Leaves(game.Legal(r, g.State, side))
			cmd, _ := game.ParseCommand(side, leaves[rng.IntN(len(leaves))])
			if _, err := g.Apply(cmd.String(), cmd, d); err != nil {
				b.Fatal(err)
			}
		}
	}
}
