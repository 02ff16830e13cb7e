package gs

import (
	"fmt"

	"github.com/grognard/grognard/game"
)

// Range lists the hexes unit can end its move in this phase, labelled with
// the MP it would spend (the `range` view). Outside its own movement phase
// it shows where the unit could go with its full allowance.
func (r *Rules) Range(gs game.State, side game.Side, unit string) ([]game.Mark, error) {
	s := gs.(*State)
	u := s.findUnit(side, unit)
	if u == nil {
		return nil, game.Reject(game.CodeUnknownUnit, "", "gs.unknown-unit", "word", game.Plain(unit))
	}
	if !u.OnMap() && u.Status != game.StatusReserve {
		return nil, game.Reject("not-on-map", "GS-2.1", "gs.not-on-map", "unit", u.ID)
	}
	if (u.Side == s.Active && s.Phase == PhaseMove) || !u.OnMap() {
		if err := s.canMove(u.Side, u); err != nil {
			return nil, err
		}
	}
	dest, cost := s.destinationCosts(u)
	var out []game.Mark
	for _, c := range dest {
		out = append(out, game.Mark{At: c, Kind: "reach", Label: mp(cost[c])})
	}
	return out, nil
}

// LineOfSight checks a line of fire between two hexes as artillery sees it
// (GS-5.7–5.11): clear or blocked, with the hexes of the line.
func (r *Rules) LineOfSight(gs game.State, from, to string) (bool, []game.Mark, error) {
	s := gs.(*State)
	a, err := s.cell(from)
	if err != nil {
		return false, nil, err
	}
	b, err := s.cell(to)
	if err != nil {
		return false, nil, err
	}
	clear, tr := s.LineOfFire(a, b)
	// A blocked line marks the cell that blocks it; the rest of the line
	// is drawn as a line.
	block := -1
	if !clear {
		block = s.traceBlock(tr, s.high(a) && !s.high(b))
	}
	var out []game.Mark
	for i, c := range tr {
		kind := "los"
		if i == block || (!clear && block < 0) {
			kind = "blocked"
		}
		out = append(out, game.Mark{At: c, Kind: kind, Label: fmt.Sprint(i)})
	}
	return clear, out, nil
}
