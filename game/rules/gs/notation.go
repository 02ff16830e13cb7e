package gs

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// cell reads a hex label of the map ("0512", "A0712").
func (s *State) cell(w string) (grid.Coord, error) {
	c, err := s.m().Grid.Parse(w)
	if err != nil {
		return grid.Coord{}, badCell(w, err)
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
		return nil, game.Reject(game.CodeUnknownUnit, "", "gs.unknown-unit", "word", game.Plain(w))
	}
	if u.Side != side {
		return nil, game.Reject(game.CodeNotYourUnit, "GS-2.1", "gs.not-your-unit", "unit", u.ID)
	}
	return u, nil
}

// enemyUnit resolves a target: a unit of the other side, or the hex it
// stands in.
func (s *State) enemyUnit(side game.Side, w string) (*Unit, error) {
	if c, err := s.m().Grid.Parse(w); err == nil {
		u := s.UnitAt(c)
		if u == nil {
			return nil, game.Reject("empty-hex", "GS-4.3", "gs.empty-hex", "hex", s.label(c))
		}
		if u.Side == side {
			return nil, game.Reject("own-unit", "GS-4.3", "gs.own-unit.hex", "unit", u.ID, "hex", s.label(c))
		}
		return u, nil
	}
	u := s.findUnit(side.Other(), w)
	if u == nil {
		return nil, game.Reject(game.CodeUnknownUnit, "", "gs.unknown-unit.or-hex", "word", game.Plain(w))
	}
	if u.Side == side {
		return nil, game.Reject("own-unit", "GS-4.3", "gs.own-unit", "unit", u.ID)
	}
	return u, nil
}

// badCell is the refusal of a word that is not a hex of the map: the
// grid's reason, in the reader's language for the reasons a hex map gives.
func badCell(w string, err error) *game.RuleError {
	msg := strings.TrimSuffix(err.Error(), ": "+grid.ErrLabel.Error())
	var cols, rows int
	switch {
	case strings.HasSuffix(msg, ": want four digits CCRR"):
		return game.Reject(game.CodeBadCell, "GS-0.5", "gs.bad-cell.digits", "word", game.Plain(w))
	case strings.Contains(msg, " is off the map ("):
		if _, e := fmt.Sscanf(msg[strings.Index(msg, " is off"):], " is off the map (%d columns × %d rows)", &cols, &rows); e == nil {
			return game.Reject(game.CodeBadCell, "GS-0.5", "gs.bad-cell.off-map", "word", game.Plain(w), "cols", cols, "rows", rows)
		}
	}
	return game.Reject(game.CodeBadCell, "GS-0.5", "gs.bad-cell", "why", game.Plain(msg))
}
