package man_test

import (
	"slices"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/man"
)

// TestCardArea: the board's card area, as side A sees it once both
// discard piles hold cards: A's hand and discard pile listed (top card
// first), B's hand and deck counted, B's discard pile counted with only
// its public top card (MAN-0.5), no empty "in play" zone.
func TestCardArea(t *testing.T) {
	r := man.New()
	var board *game.Board
	var full man.State // the hands and piles when the board was drawn
	play(t, 1, 400, func(g *game.Game, _ game.Record) {
		s := g.State.(*man.State)
		if board == nil && len(s.Discard[0]) >= 2 && len(s.Discard[1]) >= 2 {
			board = r.Board(g.State, game.SideA)
			for i := range 2 {
				full.Hand[i], full.Deck[i], full.Discard[i] = slices.Clone(s.Hand[i]), slices.Clone(s.Deck[i]), slices.Clone(s.Discard[i])
			}
		}
	})
	if board == nil {
		t.Fatal("no position with both discard piles of two cards")
	}
	zone := func(name string, side game.Side) *game.Zone {
		for i := range board.Zones {
			if z := &board.Zones[i]; z.Name == name && z.Side == side {
				return z
			}
		}
		return nil
	}
	for _, z := range board.Zones {
		if z.Name == "discard-top" || z.Name == "table" && z.Count == 0 {
			t.Errorf("zone %s of %v drawn", z.Name, z.Side)
		}
	}
	mine := slices.Clone(full.Discard[0])
	slices.Reverse(mine)
	if z := zone("discard", game.SideA); z == nil || !z.Ordered || !slices.Equal(z.Items, mine) {
		t.Errorf("A's discard pile %+v, want %v top first", z, mine)
	}
	theirs := full.Discard[1]
	if z := zone("discard", game.SideB); z == nil || z.Count != len(theirs) || !slices.Equal(z.Items, theirs[len(theirs)-1:]) {
		t.Errorf("B's discard pile %+v, want %d cards with the top %s only", z, len(theirs), theirs[len(theirs)-1])
	}
	if z := zone("hand", game.SideA); z == nil || !slices.Equal(z.Items, full.Hand[0]) {
		t.Errorf("A's hand %+v, want %v", z, full.Hand[0])
	}
	if z := zone("hand", game.SideA); z == nil || len(z.Labels) != len(z.Items) {
		t.Errorf("A's hand %+v has no card values", z)
	}
	if z := zone("hand", game.SideB); z == nil || len(z.Items) != 0 || len(z.Labels) != 0 || z.Count != len(full.Hand[1]) {
		t.Errorf("B's hand %+v, want %d cards unseen", z, len(full.Hand[1]))
	}
	if z := zone("deck", game.SideA); z == nil || len(z.Items) != 0 || z.Count != len(full.Deck[0]) {
		t.Errorf("A's deck %+v, want %d cards unseen", z, len(full.Deck[0]))
	}
}
