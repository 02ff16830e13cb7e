package man

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Standing orders (MAN-P-46, digest §9.3): each player may leave private
// instructions for the decisions the bot answers at their deadline. They
// are a secret event of their owner (StandingSet) and a part of the state
// that only the owner's view keeps; DeadlineOrder applies them, so a
// standing order is played at the very moment a pass or a default would
// be — at the deadline — and never sooner: nobody can tell a policy from
// an empty hand or a player who let the time run out.
const (
	// StandNoGuerrilla: never play Guerrilla (the window's default, pass).
	StandNoGuerrilla = "no-guerrilla"
	// StandGuerrillaMarch: play a Guerrilla card against any Forced March
	// when the hand holds one.
	StandGuerrillaMarch = "guerrilla-march"
	// StandHit: take the Hit whenever this side chooses Hit or Retreat.
	StandHit = "hit"
	// StandFlankLeft, StandFlankRight: the preferred retreat flank, seen
	// from the owner's edge looking toward the enemy.
	StandFlankLeft  = "flank-left"
	StandFlankRight = "flank-right"
	// StandNone clears every standing order.
	StandNone = "none"
)

var standChoices = []string{StandNoGuerrilla, StandGuerrillaMarch, StandHit, StandFlankLeft, StandFlankRight, StandNone}

// StandingSet replaces side's standing orders (MAN-P-46). Only side sees it.
type StandingSet struct {
	Side   game.Side `json:"side"`
	Orders []string  `json:"orders,omitempty"`
}

func (StandingSet) Kind() string       { return "standing" }
func (e StandingSet) Owner() game.Side { return e.Side }

func (e StandingSet) Message() game.Msg {
	if len(e.Orders) == 0 {
		return game.M("man.ev.standing-none", "side", e.Side)
	}
	return game.M("man.ev.standing", "side", e.Side, "orders", cards(e.Orders))
}

// standing checks a "standing" order: any side, at any time of the game,
// replaces its whole set; "standing none" clears it.
func (d *decider) standing(cmd game.Command) error {
	if len(cmd.Args) == 0 {
		return game.Reject(game.CodeSyntax, "MAN-P-46", "man.standing.usage", "choices", game.Or(standChoices...))
	}
	var set []string
	for _, a := range cmd.Args {
		a = strings.ToLower(a)
		if !slices.Contains(standChoices, a) {
			return game.Reject(game.CodeNoSuchChoice, "MAN-P-46", "man.standing.usage", "choices", game.Or(standChoices...))
		}
		if a == StandNone {
			if len(cmd.Args) > 1 {
				return game.Reject(game.CodeNoSuchChoice, "MAN-P-46", "man.standing.alone")
			}
			break
		}
		if !slices.Contains(set, a) {
			set = append(set, a)
		}
	}
	for _, pair := range [][2]string{{StandNoGuerrilla, StandGuerrillaMarch}, {StandFlankLeft, StandFlankRight}} {
		if slices.Contains(set, pair[0]) && slices.Contains(set, pair[1]) {
			return game.Reject(game.CodeNoSuchChoice, "MAN-P-46", "man.standing.conflict", "a", pair[0], "b", pair[1])
		}
	}
	d.emit(StandingSet{Side: cmd.Side, Orders: set})
	return nil
}

// standingAnswer is side's standing order for the pending decision dec, or
// "" when none applies (then the decision's default is played). Only
// DeadlineOrder calls it, at the deadline.
func (s *State) standingAnswer(side game.Side, dec game.Decision) string {
	orders := s.Standing[side]
	if len(orders) == 0 {
		return ""
	}
	has := func(o string) bool { return slices.Contains(orders, o) }
	switch dec.Kind {
	case "guerrilla":
		w := s.Window
		if w == nil || has(StandNoGuerrilla) || !has(StandGuerrillaMarch) || w.Use != "march" {
			return ""
		}
		for _, id := range s.Hand[side] {
			if s.card(side, id).Type == CardGuerrilla {
				return "guerrilla " + id
			}
		}
	case "hit-or-retreat":
		if has(StandHit) {
			return "hit"
		}
	case "flank":
		c := s.Combat
		if c == nil {
			return ""
		}
		u := s.Unit(c.Defender)
		if u == nil {
			return ""
		}
		b := s.back(u.Side)
		left := grid.Coord{X: -b.Y, Y: b.X} // a quarter turn from forward (-b) to the left
		var step grid.Coord
		switch {
		case has(StandFlankLeft):
			step = left
		case has(StandFlankRight):
			step = grid.Coord{X: -left.X, Y: -left.Y}
		default:
			return ""
		}
		if l := s.label(add(u.At, step)); slices.Contains(c.Flanks, l) {
			return "retreat " + l
		}
	}
	return ""
}
