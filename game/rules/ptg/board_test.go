package ptg_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/ptg"
)

// During the set-up both set-up zones are drawn, to each side and to
// spectators: they are the scenario's, public while the set-up is secret.
func TestBoardDrawsSetupZones(t *testing.T) {
	s := startPTG(t, "ptg-standard", nil)
	rules := ptg.New()
	for _, viewer := range []game.Side{ptg.Swedes, ptg.Russians, game.Nobody} {
		n := map[string]int{}
		for _, m := range rules.Board(s, viewer).Marks {
			if m.Kind == "deploy" {
				n[m.Label]++
			}
		}
		for side, zone := range map[game.Side]string{ptg.Swedes: "swedish-setup", ptg.Russians: "russian-setup"} {
			if want := len(s.Scenario().Zones[zone]); want == 0 || n[side.String()] != want {
				t.Errorf("viewer %s: %d cells of %s's zone drawn, want %d", viewer, n[side.String()], side, want)
			}
		}
	}
}
