package flg_test

import (
	"encoding/json"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/flg"
)

// TestBoardCommandRadius: the activating officer's command radius is on
// its own side's board only, never on the opponent's or a spectator's;
// after a combat every board carries its dice as FLG-T1 symbols, and the
// dice survive JSON. Officers and messengers are flagged to be drawn
// beside their hex's unit. Orders in transit (a line from the sending
// officer to the messenger) are on their own side's board only.
func TestBoardCommandRadius(t *testing.T) {
	r := flg.New()
	radius, dice, orders := 0, 0, 0
	for seed := int64(1); seed <= 20 && (radius == 0 || dice == 0 || orders == 0); seed++ {
		boardChecks(t, r, seed, &radius, &dice, &orders)
	}
	if radius == 0 || dice == 0 || orders == 0 {
		t.Errorf("the playouts showed %d command marks, %d boards with dice and %d orders in transit", radius, dice, orders)
	}
}

func boardChecks(t *testing.T, r *flg.Rules, seed int64, radius, dice, orders *int) {
	play(t, seed, 300, func(g *game.Game, _ game.Record) {
		s := g.State.(*flg.State)
		own := r.Board(s, s.Active)
		for _, v := range []game.Side{s.Active.Other(), game.Nobody} {
			for _, m := range r.Board(s, v).Marks {
				if m.Kind == "command" {
					t.Fatalf("turn %d %s: the board for %v shows %s's command radius at %v", s.Turn, s.Phase, v, s.Active, m.At)
				}
			}
		}
		for _, v := range []game.Side{game.SideA, game.SideB, game.Nobody} {
			for _, a := range r.Board(s, v).Arrows {
				if a.Kind != "order" {
					continue
				}
				if a.Side != v {
					t.Fatalf("turn %d %s: the board for %v shows %s's order in transit %s", s.Turn, s.Phase, v, a.Side, a.Label)
				}
				if m := s.Messenger(a.Label); m == nil || m.Gone || m.At != a.To || s.Officer(m.Sender).At != a.From {
					t.Fatalf("order line %+v: no such messenger in transit from its sender", a)
				}
				*orders++
			}
		}
		for _, m := range own.Marks {
			if m.Kind == "command" {
				*radius++
				if m.Label != s.Active.String() {
					t.Fatalf("command mark labelled %q for side %s", m.Label, s.Active)
				}
			}
		}
		for _, p := range own.Pieces {
			attached := false
			for _, f := range p.Flags {
				attached = attached || f == "attached"
			}
			if unit := flg.TypeOf(p.Type) != nil; unit == attached {
				t.Fatalf("%s (%s): attached %v", p.ID, p.Type, attached)
			}
		}
		if len(own.Dice) > 0 {
			*dice++
			pub := r.Board(s, game.Nobody)
			if len(pub.Dice) != len(own.Dice) {
				t.Fatalf("dice: %d for the side, %d for a spectator", len(own.Dice), len(pub.Dice))
			}
			for _, st := range own.Dice {
				for _, f := range st.Faces {
					switch f {
					case "infantry", "cavalry", "artillery", "flag", "advantage":
					default:
						t.Fatalf("die face %q of %q is no FLG-T1 symbol", f, st.Label)
					}
				}
			}
			js, err := json.Marshal(own)
			if err != nil {
				t.Fatal(err)
			}
			var back game.Board
			if err := json.Unmarshal(js, &back); err != nil {
				t.Fatal(err)
			}
			if len(back.Dice) != len(own.Dice) || back.Dice[0].Label != own.Dice[0].Label || len(back.Dice[0].Faces) != len(own.Dice[0].Faces) || back.Dice[0].Side != own.Dice[0].Side {
				t.Fatalf("dice after JSON: %+v, want %+v", back.Dice, own.Dice)
			}
		}
	})
}
