package gs

import (
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Evolve applies what an event says and runs no rule (DESIGN "The rules
// kernel"): where applying an event needs a rule's outcome — the attacks
// a combat phase starts with, the steps a combat result leaves, when a
// reserve may enter — Decide works it out and records it in the event
// (record), and Evolve copies it. A later rules fix then never rewrites a
// finished game.
//
// Version 1 of these rules wrote events without those outcomes. For such
// an event, and only for it, Evolve works them out first as Decide would
// (legacyRecord): the one place a rule runs in Evolve. Logs of version 1
// are kept in testdata/v1logs and must replay to the states they reached.

// ReserveEntry is when and where a withdrawn reserve may enter, if the
// scenario lets it enter freely (GS-S6.deploy, GS-S10).
type ReserveEntry struct {
	Open  bool         `json:"open"`
	From  int          `json:"from,omitempty"`
	Until int          `json:"until,omitempty"`
	Cells []grid.Coord `json:"cells,omitempty"`
}

// unrecorded reports an event of a version-1 log that lacks the rule
// outcomes Evolve applies.
func unrecorded(ev game.Event) bool {
	switch e := ev.(type) {
	case PhaseChanged:
		return e.Phase == PhaseCombat && e.Must == nil
	case CombatResolved:
		return e.Steps == nil
	case Withdrawn:
		return e.Entry == nil
	}
	return false
}

// record returns e with the rule outcomes Evolve applies worked out on s,
// the state e applies to. Decide records every event it emits.
func (s *State) record(ev game.Event) game.Event {
	decideOnly("record")
	switch e := ev.(type) {
	case PhaseChanged:
		if e.Phase != PhaseCombat {
			return e
		}
		n := s.clone()
		n.startPhase(e)
		e.Must, _ = obligations(n)
		return e
	case CombatResolved:
		r := openResolution(s, e)
		e.Winner, e.Steps = r.Winner, cloneSteps(r.Steps)
		if e.Steps == nil {
			e.Steps = []Step{} // recorded: nothing to carry out
		}
		return e
	case Withdrawn:
		e.Entry = &ReserveEntry{}
		if from, until, zone, ok := s.reserveEntry(e.Side); ok {
			e.Entry = &ReserveEntry{Open: true, From: from, Until: until, Cells: slices.Clone(s.sc.Zones[zone])}
		}
		return e
	}
	return ev
}

// recordAll makes sure every event of an order is recorded: the decider
// records what it emits, and an event returned another way is recorded
// here against the state it applies to.
func recordAll(s *State, evs []game.Event) []game.Event {
	if !slices.ContainsFunc(evs, unrecorded) {
		return evs
	}
	for i, e := range evs {
		if unrecorded(e) {
			evs[i] = s.record(e)
		}
		s = evolve(s, evs[i])
	}
	return evs
}

// legacyRecord is record for an event of a version-1 log, inside Evolve.
func legacyRecord(s *State, ev game.Event) game.Event {
	defer purity.Legacy()()
	return s.record(ev)
}

// startPhase resets what a phase starts without (the marks of the phase
// before), the bookkeeping of PhaseChanged.
func (s *State) startPhase(e PhaseChanged) {
	s.Turn, s.Phase, s.Active = e.Turn, e.Phase, e.Active
	s.Recent, s.Gone = nil, nil
	for i := range s.Units {
		u := &s.Units[i]
		u.Moved, u.Attacked, u.Defended = false, false, false
		if e.Phase == PhaseMove {
			u.Charge = ""
		}
	}
	s.MustAttack, s.StartAt = nil, nil
}

func cloneSteps(steps []Step) []Step {
	out := slices.Clone(steps)
	for i := range out {
		out[i].Chain = slices.Clone(out[i].Chain)
	}
	return out
}

// purity lets a test prove that Evolve runs no rule (game.Purity).
var purity = game.Purity{Name: "gs"}

// decideOnly marks a helper that works out a rule's outcome: Decide may
// call it, Evolve only on a legacy path.
func decideOnly(what string) { purity.DecideOnly(what) }
