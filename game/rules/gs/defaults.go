package gs

import "github.com/grognard/grognard/game"

// DeadlineOrder is the order played for side when its deadline has passed
// (game.Defaulter): its pending decision's default; otherwise, in its own
// phase, "end"; when an obligation forbids ending — units that must
// attack or be attacked (GS-4.2), reserves that must enter (GS-P-29) —
// the legal order that serves the most of the units it binds.
func (r *Rules) DeadlineOrder(gs game.State, side game.Side) (string, string) {
	if order, why, ok := game.DecisionDefault(gs, side); ok {
		return order, why
	}
	s := gs.(*State)
	if s.Result != nil || s.Active != side {
		return "", "not side's phase"
	}
	return game.EndOrMostBound(r, s, side, func() []string { return s.bound(side) })
}

// bound lists the units an obligation of side's phase binds.
func (s *State) bound(side game.Side) []string {
	if s.Phase == PhaseMove {
		return s.mustEnter(side)
	}
	var out []string
	for _, u := range s.liveCharges() {
		out = append(out, u.ID)
	}
	for _, u := range s.liveAttackers() {
		out = append(out, u.ID)
	}
	for _, u := range s.liveDefenders() {
		out = append(out, u.ID)
	}
	return out
}

// AutoOrder ends side's phase at once when it has nothing left to decide:
// no decision is pending and "end" is its only legal order. Both sides
// know it then (the phase's legal orders follow from the board they both
// see).
func (r *Rules) AutoOrder(gs game.State, side game.Side) string {
	s := gs.(*State)
	if s.Result != nil || len(s.Pending()) > 0 || s.Phase == PhaseSetup || s.Active != side {
		return ""
	}
	if game.OnlyEnd(r, s, side) {
		return "end"
	}
	return ""
}
