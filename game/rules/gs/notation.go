package gs

import (
	"errors"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// cell reads a hex label of the map ("0512", "A0712").
func (s *State) cell(w string) (grid.Coord, error) {
	c, err := s.m().Grid.Parse(w)
	if err != nil {
		msg := err.Error()
		if errors.Is(err, grid.ErrLabel) {
			msg = strings.TrimSuffix(msg, ": "+grid.ErrLabel.Error())
		}
		return grid.Coord{}, game.Refuse(game.CodeBadCell, "GS-0.5", "%s", msg)
	}
	return c, nil
}

// findUnit resolves a unit reference: its id ("A3"), or its counter name
// ("I6a") among side's units, case-insensitively.
func (s *State) findUnit(side game.Side, w string) *Unit {
	for i := range s.Units {
		if strings.EqualFold(s.Units[i].ID, w) {
			return &s.Units[i]
		}
	}
	for i := range s.Units {
		if s.Units[i].Side == side && strings.EqualFold(s.Units[i].Name, w) {
			return &s.Units[i]
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
		return nil, game.Refuse(game.CodeNotYourUnit, "GS-2.1", "%s is not your unit", u.ID)
	}
	return u, nil
}

// enemyUnit resolves a target: a unit of the other side, or the hex it
// stands in.
func (s *State) enemyUnit(side game.Side, w string) (*Unit, error) {
	if c, err := s.m().Grid.Parse(w); err == nil {
		u := s.UnitAt(c)
		if u == nil {
			return nil, game.Refuse("empty-hex", "GS-4.3", "there is no unit in %s", s.label(c))
		}
		if u.Side == side {
			return nil, game.Refuse("own-unit", "GS-4.3", "%s in %s is your own unit", u.ID, s.label(c))
		}
		return u, nil
	}
	u := s.findUnit(side.Other(), w)
	if u == nil {
		return nil, game.Refuse(game.CodeUnknownUnit, "", "no unit or hex %q", w)
	}
	if u.Side == side {
		return nil, game.Refuse("own-unit", "GS-4.3", "%s is your own unit", u.ID)
	}
	return u, nil
}
