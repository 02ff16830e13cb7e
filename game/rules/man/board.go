package man

import (
	"fmt"

	"github.com/grognard/grognard/game"
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
