package ptg

import (
	"slices"

	"github.com/grognard/grognard/game"
)

// Evolve applies what an event says and runs no rule (DESIGN "The rules
// kernel"): where applying an event needs a rule's outcome — which units
// garrison a redoubt or stand outside the camp, the command status and
// the attacks a phase starts with, whether a fallen leader is replaced,
// what a dismount costs — Decide works it out and records it in the event
// (record), and Evolve copies it. A later rules fix then never rewrites a
// finished game.
//
// Version 1 of these rules wrote events without those outcomes. For such
// an event, and only for it, Evolve works them out first as Decide would
// (legacyRecord): the one place a rule runs in Evolve. Logs of version 1
// are kept in testdata/v1logs and must replay to the states they reached.

// unrecorded reports an event of a version-1 log that lacks the rule
// outcomes Evolve applies.
func unrecorded(ev game.Event) bool {
	switch e := ev.(type) {
	case Began:
		return e.Garrisons == nil && e.Free == nil
	case PhaseChanged:
		return (e.Phase == PhaseMove && e.Command == nil) || (e.Phase == PhaseCombat && e.Must == nil)
	case Moved:
		return e.Free == nil
	case Advanced:
		return e.Free == nil
	case LeaderLost:
		return e.Replaced == nil
	case AidePlaced:
		return !e.Hit && e.Command == nil
	case Mounted:
		return e.Cost == 0
	}
	return false
}

// record returns e with the rule outcomes Evolve applies worked out on s,
// the state e applies to. Decide records every event it emits.
func (s *State) record(ev game.Event) game.Event {
	decideOnly("record")
	switch e := ev.(type) {
	case Began:
		// PTG-7.7.2: units in redoubts are their immobile garrisons;
		// PTG-12.0.2: units outside the camp are free of the Alert.
		e.Garrisons, e.Free = []string{}, []string{}
		for i := range s.Units {
			u := &s.Units[i]
			if !u.OnMap() {
				continue
			}
			if s.RedoubtAt(u.At) != nil && u.Combat() {
				e.Garrisons = append(e.Garrisons, u.ID)
			}
			if !s.inCamp(u.At) {
				e.Free = append(e.Free, u.ID)
			}
		}
		return e
	case PhaseChanged:
		n := s.clone()
		n.Turn = e.Turn
		n.startPhase(e.Phase, e.Active)
		n.phaseSnapshots()
		switch e.Phase {
		case PhaseMove:
			e.Command = n.commandStatus()
		case PhaseCombat:
			e.Must = n.Must
		}
		return e
	case Moved:
		u := s.Unit(e.Unit)
		free := !s.inCamp(e.Path[len(e.Path)-1]) && u.Combat()
		e.Free = &free
		return e
	case Advanced:
		free := !s.inCamp(e.To)
		e.Free = &free
		return e
	case LeaderLost:
		u := s.Unit(e.Leader)
		replaced := !u.Replacement && !u.Aide() && u.RCmd > 0 // PTG-8.3, 8.3.1
		e.Replaced = &replaced
		return e
	case AidePlaced:
		if e.Hit {
			return e
		}
		n := s.clone()
		u := n.Unit(e.Aide)
		u.At, u.Status, u.Placed = e.At, game.StatusActive, true
		n.snapshotCommand()
		e.Command = n.commandStatus()
		return e
	case Mounted:
		e.Cost = 2 // PTG-14.12: 1 MP
		return e
	}
	return ev
}

// phaseSnapshots takes what a phase starts with: the command status
// (PTG-6.0) at the start of a movement phase, the obligations of
// PTG-7.0.1 at the start of a combat phase.
func (s *State) phaseSnapshots() {
	switch s.Phase {
	case PhaseMove:
		s.snapshotCommand()
	case PhaseCombat:
		s.Must = s.obligations()
	}
}

// commandStatus lists the units snapshotCommand marked.
func (s *State) commandStatus() *CommandStatus {
	c := &CommandStatus{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Commanded {
			c.Commanded = append(c.Commanded, u.ID)
		}
		if u := &s.Units[i]; u.StartZOC {
			c.StartZOC = append(c.StartZOC, u.ID)
		}
	}
	return c
}

// setCommand sets the command status an event recorded.
func (s *State) setCommand(c *CommandStatus) {
	for i := range s.Units {
		u := &s.Units[i]
		u.Commanded = slices.Contains(c.Commanded, u.ID)
		u.StartZOC = slices.Contains(c.StartZOC, u.ID)
	}
}

// legacyRecord is record for an event of a version-1 log, inside Evolve.
func legacyRecord(s *State, ev game.Event) game.Event {
	defer purity.Legacy()()
	return s.record(ev)
}

// purity lets a test prove that Evolve runs no rule (game.Purity).
var purity = game.Purity{Name: "ptg"}

// decideOnly marks a helper that works out a rule's outcome: Decide may
// call it, Evolve only on a legacy path.
func decideOnly(what string) { purity.DecideOnly(what) }
