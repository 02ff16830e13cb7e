package sdc_test

import (
	"reflect"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/sdc"
)

// TestLegalReference: along random playouts (the test battle, the big
// table, a generated battlefield), Legal lists exactly the orders of the
// straightforward reference (the floods over maps it was written with
// first), and the flat floods reach the same hexes by the same paths.
func TestLegalReference(t *testing.T) {
	r := sdc.New()
	check := func(name string, seed int64, steps int, g *game.Game) {
		n := 0
		playGame(t, g, seed, steps, func(g *game.Game, _ game.Record) {
			for _, side := range game.Sides {
				got, want := r.Legal(g.State, side), sdc.LegalReference(r, g.State, side)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s seed %d turn %d: Legal for %s\n got %v\nwant %v", name, seed, g.State.Clock().Turn, side, game.Leaves(got), game.Leaves(want))
				}
				if err := sdc.ReachAgrees(g.State, side); err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				n += len(game.Leaves(got))
			}
		})
		t.Logf("%s seed %d: %d orders compared", name, seed, n)
	}
	for seed := int64(1); seed <= 3; seed++ {
		check("test battle", seed, 600, loadBattle(t))
	}
	check("big table", 4, 300, bigBattle(t))
	check("generated", 5, 300, generated(t, 5))
}
