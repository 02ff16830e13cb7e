package ptg

import (
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// cell reads a hex label of the map ("1533").
func (s *State) cell(w string) (grid.Coord, error) {
	c, err := s.grid().Parse(w)
	if err != nil {
		// The hex grid's errors, as messages: off the map, or not a label.
		if mi := s.info(); strings.Contains(err.Error(), " is off the map ") {
			return grid.Coord{}, game.Reject(game.CodeBadCell, "PTG-1.1", "ptg.cell.off-map", "word", game.Plain(w), "cols", mi.W, "rows", mi.H)
		}
		return grid.Coord{}, game.Reject(game.CodeBadCell, "PTG-1.1", "ptg.cell.bad", "word", game.Plain(w))
	}
	return c, nil
}

// sidePrefix is how a side's counter ids begin ("SW-I01", "RU-D07").
func sidePrefix(side game.Side) string {
	if side == Swedes {
		return "SW-"
	}
	return "RU-"
}

// findUnit resolves a unit reference: its id ("SW-I01"), its id without
// the side's prefix ("I01", looked up among side's units), or its name,
// case-insensitively.
func (s *State) findUnit(side game.Side, w string) *Unit {
	for i := range s.Units {
		if strings.EqualFold(s.Units[i].ID, w) {
			return &s.Units[i]
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && (strings.EqualFold(u.ID, sidePrefix(side)+w) || strings.EqualFold(u.Name, w)) {
			return u
		}
	}
	return nil
}

// ownUnit resolves a reference to one of side's units.
func (s *State) ownUnit(side game.Side, w string) (*Unit, error) {
	u := s.findUnit(side, w)
	if u == nil {
		return nil, game.Reject(game.CodeUnknownUnit, "", "ptg.no-unit", "word", game.Plain(w))
	}
	if u.Side != side {
		return nil, game.Reject(game.CodeNotYourUnit, "PTG-3.3", "ptg.not-yours", "unit", u.ID)
	}
	return u, nil
}
