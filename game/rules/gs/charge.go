package gs

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// chargeAllowance is how far a cavalry unit may move and still charge, in
// half MP: 3 MP for light cavalry and 2 for heavy (GS-8.1); at night half
// the current MP (GS-P-17e).
func (s *State) chargeAllowance(u *Unit) int {
	a := s.currentMP(u) // half of the MP, in half MP
	if u.Has("heavy") && !s.night() {
		a = min(a, 4)
	}
	return a
}

// openStep reports whether a charging unit may take the step a→b: into a
// clear hex, across no stream, river or bridge (GS-8.2, GS-P-17a).
func (s *State) openStep(a, b grid.Coord) bool {
	if s.terrain(b) != Clear {
		return false
	}
	return s.flags(a, b)&(fStream|fRiver|fBridge) == 0
}

// chargePath finds the cheapest path to dest that a charge may use.
func (s *State) chargePath(u *Unit, dest grid.Coord) ([]grid.Coord, int, error) {
	base := s.moveCost(u)
	open := func(from, to grid.Coord, spent int) grid.StepCost {
		if !s.openStep(from, to) {
			return grid.StepCost{}
		}
		return base(from, to, spent)
	}
	r := grid.Reach(s.m().Grid, u.At, min(s.budget(u), s.chargeAllowance(u)), open)
	if x, ok := r[dest]; ok {
		return append([]grid.Coord{u.At}, grid.Path(r, dest)...), x.Cost, nil
	}
	if _, _, err := s.cheapest(u, dest); err != nil {
		return nil, 0, err
	}
	return nil, 0, game.Reject("no-charge", "GS-8.1", "gs.no-charge", "unit", u.ID, "hex", s.label(dest), "mp", mp(s.chargeAllowance(u)))
}

// checkCharge validates a charge declared at the end of a move (GS-8,
// GS-P-17).
// mayCharge checks what can be known before the move: the rule is in use,
// the unit is cavalry, it does not start in an enemy zone of control.
func (s *State) mayCharge(u *Unit) error {
	switch {
	case !s.on("charges"):
		return game.Reject("option-off", "GS-8", "gs.option-off.charges")
	case u.Arm != Cavalry:
		return game.Reject("not-cavalry", "GS-8.1", "gs.not-cavalry", "unit", u.ID, "arm", game.Term(u.Arm))
	case s.enemyControlled(u.Side, u.At):
		return game.Reject("charge-from-zoc", "GS-8.3", "gs.charge-from-zoc", "unit", u.ID)
	}
	return nil
}

func (s *State) checkCharge(u *Unit, path []grid.Coord, cost int, t *Unit) error {
	if err := s.mayCharge(u); err != nil {
		return err
	}
	switch {
	case len(path) < 2:
		return game.Reject("charge-no-move", "GS-P-17", "gs.charge-no-move", "unit", u.ID)
	case cost > s.chargeAllowance(u):
		return game.Reject("charge-too-far", "GS-8.1", "gs.charge-too-far", "unit", u.ID, "mp", mp(cost), "max", mp(s.chargeAllowance(u)))
	}
	for i := 1; i < len(path); i++ {
		if !s.openStep(path[i-1], path[i]) {
			return game.Reject("charge-terrain", "GS-8.2", "gs.charge-terrain", "unit", u.ID, "hex", s.label(path[i]))
		}
	}
	end := path[len(path)-1]
	switch {
	case !s.m().Grid.Adjacent(end, t.At):
		return game.Reject("charge-not-adjacent", "GS-8", "gs.charge-not-adjacent", "unit", u.ID, "hex", s.label(end), "target", t.ID)
	case s.terrain(t.At) != Clear:
		return game.Reject("charge-target-terrain", "GS-8.2", "gs.charge-target-terrain", "unit", t.ID, "terrain", game.Term(s.terrain(t.At)))
	case s.flags(end, t.At)&(fStream|fRiver|fBridge) != 0:
		return game.Reject("charge-across", "GS-8.2", "gs.charge-across")
	}
	return nil
}

// liveCharges lists the charging units that must still attack the unit
// they charged (GS-P-17d).
func (s *State) liveCharges() []*Unit {
	var out []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Charge == "" || u.Attacked || !u.OnMap() || u.Side != s.Active {
			continue
		}
		if t := s.Unit(u.Charge); t != nil && t.OnMap() && !t.Defended && s.canClose(u, t) {
			out = append(out, u)
		}
	}
	return out
}
