package ptg

import "github.com/grognard/grognard/game"

// DeadlineOrder is the order played for side when its deadline has passed
// (game.Defaulter): its pending decision's default; otherwise, in its own
// phase, "end"; when an obligation forbids ending — enemy hexes that must
// be attacked and units that must attack (PTG-7.0.1, force.go), or a hex
// over the stacking limit (PTG-5.0.1) — the legal order that serves the
// most of the units and hexes it binds.
func (r *Rules) DeadlineOrder(gs game.State, side game.Side) (string, string) {
	if order, why, ok := game.DecisionDefault(gs, side); ok {
		return order, why
	}
	s := gs.(*State)
	if s.Result != nil || s.Active != side {
		return "", "not side's phase"
	}
	return game.EndOrMostBound(r, s, side, func() []string { return s.bound() })
}

// bound lists the hexes and units the combat obligations bind.
func (s *State) bound() []string {
	if s.Phase != PhaseCombat {
		return nil
	}
	var out []string
	for _, c := range s.liveDefenderHexes() {
		out = append(out, s.label(c))
	}
	for _, a := range s.liveAttackers() {
		out = append(out, a.ID)
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
