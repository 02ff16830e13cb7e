package man_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/man"
	"github.com/grognard/grognard/internal/casetest"
)

// TestCases runs testdata/cases/MAN-*.txtar, the digest's worked examples
// (see package casetest for the format), with the Manœuvre assertions:
//
//	strength UNIT N          current strength · reduced UNIT · full UNIT
//	hand SIDE CARD…          the hand holds exactly these cards (any order)
//	discarded SIDE CARD…     the discard pile holds these cards
//	deck SIDE N              cards left in the deck · exhausted SIDE yes|no
//	totals A=N D=N [row=R] [result=R]   the last combat's totals and result
//	redoubt CELL · no-redoubt CELL
//	legal SIDE ORDER · not-legal SIDE ORDER   Legal lists (or not) the order
//	sight FROM TO RANGE clear|blocked
//	controls SIDE CELL · not-controls SIDE CELL
//	terrain CELL NAME · edge SIDE N|S|E|W · army SIDE CODE
//	default ORDER            the first pending decision's default (T-17)
//	deadline SIDE ORDER      the order played for SIDE at its deadline
//	no-auto SIDE             nothing is played for SIDE before its deadline
//	standing SIDE [ORDER…]   SIDE's standing orders (MAN-P-46)
//	event KIND [COUNT] · no-event KIND
func TestCases(t *testing.T) {
	casetest.Run(t, man.New(), "testdata", "MAN-", manAssert)
}

func manAssert(c *casetest.Case, w []string) (bool, error) {
	s := c.Game.State.(*man.State)
	side := func(v string) (game.Side, error) {
		sd, err := game.ParseSide(v)
		if err != nil || !sd.Valid() {
			return 0, fmt.Errorf("side %q", v)
		}
		return sd, nil
	}
	switch w[0] {
	case "strength", "reduced", "full":
		u := s.Unit(w[1])
		if u == nil {
			return true, fmt.Errorf("no unit %s", w[1])
		}
		switch {
		case w[0] == "strength" && fmt.Sprint(u.Strength()) != w[2]:
			return true, fmt.Errorf("%s has strength %d", u.ID, u.Strength())
		case w[0] == "reduced" && !u.Reduced, w[0] == "full" && u.Reduced:
			return true, fmt.Errorf("%s reduced = %v", u.ID, u.Reduced)
		}
	case "hand", "discarded":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		if w[0] == "hand" {
			got := slices.Sorted(slices.Values(s.Hand[sd]))
			want := slices.Sorted(slices.Values(w[2:]))
			if !slices.Equal(got, want) {
				return true, fmt.Errorf("hand %v", got)
			}
			return true, nil
		}
		for _, id := range w[2:] {
			if !slices.Contains(s.Discard[sd], id) {
				return true, fmt.Errorf("discard pile %v", s.Discard[sd])
			}
		}
	case "deck":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		if fmt.Sprint(len(s.Deck[sd])) != w[2] {
			return true, fmt.Errorf("deck holds %d", len(s.Deck[sd]))
		}
	case "exhausted":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		if s.Exhausted[sd] != (w[2] == "yes") {
			return true, fmt.Errorf("exhausted = %v", s.Exhausted[sd])
		}
	case "totals":
		var last *man.Resolved
		for _, e := range c.Events {
			if r, ok := e.(man.Resolved); ok {
				last = &r
			}
		}
		if last == nil {
			return true, fmt.Errorf("no combat resolved")
		}
		got := map[string]string{"A": fmt.Sprint(last.Attack), "D": fmt.Sprint(last.Defence), "row": last.Row, "result": last.Result}
		for _, kv := range w[1:] {
			k, v, _ := strings.Cut(kv, "=")
			if got[k] != v {
				return true, fmt.Errorf("%s = %s (%s)", k, got[k], game.Narrate("en", *last))
			}
		}
	case "redoubt", "no-redoubt":
		found := slices.ContainsFunc(s.Redoubts, func(c grid.Coord) bool { return s.Scenario().Map.Label(c) == w[1] })
		if found != (w[0] == "redoubt") {
			return true, fmt.Errorf("redoubt on %s: %v", w[1], found)
		}
	case "sight":
		var rng int
		fmt.Sscan(w[3], &rng)
		ok, err := s.Sight(w[1], w[2], rng)
		if err != nil {
			return true, err
		}
		if ok != (w[4] == "clear") {
			return true, fmt.Errorf("sight %s → %s clear = %v", w[1], w[2], ok)
		}
	case "controls", "not-controls":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		ok, err := s.Controls(sd, w[2])
		if err != nil {
			return true, err
		}
		if ok != (w[0] == "controls") {
			return true, fmt.Errorf("%s controls %s: %v", w[1], w[2], ok)
		}
	case "deadline", "no-auto", "standing":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		want := strings.Join(w[2:], " ")
		r := c.Game.Rules.(*man.Rules)
		switch w[0] {
		case "deadline":
			if got, why := r.DeadlineOrder(s, sd); got != want {
				return true, fmt.Errorf("deadline order %q (%s)", got, why)
			}
		case "no-auto":
			if got := r.AutoOrder(s, sd); got != "" {
				return true, fmt.Errorf("automatic order %q", got)
			}
		case "standing":
			if got := strings.Join(s.Standing[sd], " "); got != want {
				return true, fmt.Errorf("standing orders %q", got)
			}
		}
	case "terrain":
		got, err := s.TerrainAt(w[1])
		if err != nil {
			return true, err
		}
		if got != w[2] {
			return true, fmt.Errorf("%s is %s", w[1], got)
		}
	case "army":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		if s.Armies[sd] != w[2] || s.Army(sd) == nil || s.Army(sd).Code != w[2] {
			return true, fmt.Errorf("army %q", s.Armies[sd])
		}
	case "edge":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		if s.Edge[sd] != w[2] {
			return true, fmt.Errorf("edge %s", s.Edge[sd])
		}
	default:
		return false, nil
	}
	return true, nil
}
