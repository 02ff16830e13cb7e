package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/gs"
)

// During the set-up both deployment zones are drawn, to each side and to
// spectators (they are the scenario's, public even when the set-up is
// secret).
func TestBoardDrawsDeployZones(t *testing.T) {
	sc := loadGS(t, "gs-1")
	g, err := game.Start(gs.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.State.Clock().Phase != gs.PhaseSetup {
		t.Fatalf("gs-1 starts in %q, want the set-up", g.State.Clock().Phase)
	}
	rules := gs.New()
	for _, viewer := range []game.Side{game.SideA, game.SideB, game.Nobody} {
		n := map[string]int{}
		for _, m := range rules.Board(g.State, viewer).Marks {
			if m.Kind == "deploy" {
				n[m.Label]++
			}
		}
		for _, side := range game.Sides {
			if want := len(sc.Zones["deploy-"+side.String()]); want == 0 || n[side.String()] != want {
				t.Errorf("viewer %s: %d cells of %s's zone drawn, want %d", viewer, n[side.String()], side, want)
			}
		}
	}
}
