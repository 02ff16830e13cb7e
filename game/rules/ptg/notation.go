package ptg

import (
	"errors"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// cell reads a hex label of the map ("1533").
func (s *State) cell(w string) (grid.Coord, error) {
	c, err := s.grid().Parse(w)
	if err != nil {
		msg := err.Error()
		if errors.Is(err, grid.ErrLabel) {
			msg = strings.TrimSuffix(msg, ": "+grid.ErrLabel.Error())
		}
		return grid.Coord{}, game.Refuse(game.CodeBadCell, "PTG-1.1", "%s", msg)
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
		return nil, game.Refuse(game.CodeUnknownUnit, "", "no unit %q", w)
	}
	if u.Side != side {
		return nil, game.Refuse(game.CodeNotYourUnit, "PTG-3.3", "%s is not your unit", u.ID)
	}
	return u, nil
}
