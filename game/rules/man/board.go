package man

import (
	"fmt"
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

var (
	_ game.Ruleset   = (*Rules)(nil)
	_ game.Viewer    = (*Rules)(nil)
	_ game.Checker   = (*Rules)(nil)
	_ game.Boarder   = (*Rules)(nil)
	_ game.Verber    = (*Rules)(nil)
	_ game.Defaulter = (*Rules)(nil)
	_ game.SetUpper  = (*Rules)(nil)
	_ game.Zoner     = (*State)(nil)
)

// Board is the picture of s for viewer (game.Boarder): the battlefield,
// the units with their current strength, the Redoubts as markers, and the
// zones as viewer sees them (hand and deck counts of the other side, the
// cards in play face up).
func (r *Rules) Board(gs game.State, viewer game.Side) *game.Board {
	s := r.View(gs, viewer).(*State)
	b := &game.Board{Map: s.board(), Viewer: viewer, Pieces: s.Pieces()}
	for i := range b.Pieces {
		if b.Pieces[i].Symbol == "" {
			b.Pieces[i].Symbol = b.Pieces[i].Type // infantry, cavalry
		}
	}
	for _, c := range s.Redoubts {
		b.Markers = append(b.Markers, game.Marker{At: c, Kind: "redoubt", Side: s.UnitAt(c).Side})
	}
	b.DrawFrom(s.sc, s, viewer)
	b.Zones = cardArea(b.Zones)
	for i := range b.Pieces {
		if b.Pieces[i].Symbol == "" {
			b.Pieces[i].Symbol = b.Pieces[i].Type
		}
	}
	b.Legend = game.Legend{Game: "Manœuvre", Scenario: s.sc.Title, Turn: s.Turn, Phase: s.Phase, Active: s.Active}
	for _, side := range game.Sides {
		if s.army[side] == nil {
			continue
		}
		b.Legend.Lines = append(b.Legend.Lines, fmt.Sprintf("%s %s: hand %d, deck %d, eliminated %d%s", side, s.army[side].Name,
			max(len(s.Hand[side]), s.HandSize[side]), max(len(s.Deck[side]), s.DeckSize[side]), s.eliminated(side),
			map[bool]string{true: ", first deck exhausted"}[s.Exhausted[side]]))
	}
	return b
}

// cardArea is the card area under the board, from the zones as the
// viewer sees them: each side's hand and deck, its discard pile top card
// first (the other side's shows only its public top card, MAN-0.5, with
// the pile's size), and the cards in play when there are any.
func cardArea(zs []game.Zone) []game.Zone {
	top := map[game.Side]game.Zone{}
	for _, z := range zs {
		if z.Name == "discard-top" && len(z.Items) > 0 {
			top[z.Side] = z
		}
	}
	var out []game.Zone
	for _, z := range zs {
		switch z.Name {
		case "discard-top":
			continue
		case "table":
			if z.Count == 0 && len(z.Items) == 0 {
				continue
			}
		case "discard":
			z.Ordered = true
			if len(z.Items) > 0 {
				z.Items, z.Labels = slices.Clone(z.Items), slices.Clone(z.Labels)
				slices.Reverse(z.Items)
				slices.Reverse(z.Labels)
			} else if t, ok := top[z.Side]; ok {
				z.Items, z.Labels = t.Items, t.Labels
			}
		}
		out = append(out, z)
	}
	return out
}

var _ game.Ranger = (*Rules)(nil)

// Range marks the squares side's unit may reach with its basic move
// (MAN-5.2 to MAN-5.4), for the range view.
func (r *Rules) Range(gs game.State, side game.Side, unit string) ([]game.Mark, error) {
	s := gs.(*State)
	u, err := s.unitArg(side, unit)
	if err != nil {
		return nil, err
	}
	var out []game.Mark
	for _, c := range s.reach(u, u.allowance()) {
		out = append(out, game.Mark{At: c, Kind: "reach"})
	}
	return out, nil
}

// LineOfSight tells whether a unit on from could bombard to (range 2,
// MAN-6.2.2, MAN-P-35) and marks the intervening squares, clear or
// blocked.
func (r *Rules) LineOfSight(gs game.State, from, to string) (bool, []game.Mark, error) {
	s := gs.(*State)
	a, err := s.cellArg(from)
	if err != nil {
		return false, nil, err
	}
	b, err := s.cellArg(to)
	if err != nil {
		return false, nil, err
	}
	var marks []game.Mark
	dx, dy := b.X-a.X, b.Y-a.Y
	if abs(dx)+abs(dy) == 2 {
		mids := []grid.Coord{{X: a.X + dx/2, Y: a.Y + dy/2}}
		if dx != 0 && dy != 0 {
			mids = []grid.Coord{{X: a.X + dx, Y: a.Y}, {X: a.X, Y: a.Y + dy}}
		}
		for _, c := range mids {
			kind := "los"
			if !s.clearSquare(c) {
				kind = "blocked"
			}
			marks = append(marks, game.Mark{At: c, Kind: kind})
		}
	}
	return s.sight(a, b, 2), marks, nil
}
