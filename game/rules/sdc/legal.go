package sdc

import (
	"slices"

	"github.com/grognard/grognard/game"
)

// probeDice answers every roll with 4: Legal asks Decide whether an order
// is accepted, which never depends on a die (dice are rolled only once an
// order is known to be legal).
type probeDice struct{}

func (probeDice) Roll(int) int { return 4 }

// accepts reports whether Decide accepts the order from side.
func (r *Rules) accepts(s *State, side game.Side, verb string, args ...string) bool {
	_, err := r.Decide(s, game.Command{Side: side, Verb: verb, Args: args}, probeDice{})
	return err == nil
}

// Legal implements game.Ruleset: the orders side may give now, grouped by
// element; every leaf is accepted by Decide.
func (r *Rules) Legal(st game.State, side game.Side) []game.Option {
	s := st.(*State)
	if s.Result != nil {
		return nil
	}
	if p := s.Pending(); len(p) > 0 {
		for _, d := range p {
			if d.Side == side {
				return d.Options
			}
		}
		return nil
	}
	leaf := func(label, order string) game.Option {
		// The label is the order itself, the same in every language: no
		// message to translate.
		return game.Option{Label: label, Command: order}
	}
	switch s.Phase {
	case PhaseInitiative:
		return []game.Option{leaf("roll", "roll")}
	case PhaseChoose:
		if side != s.Winner {
			return nil
		}
		return []game.Option{leaf("first", "first"), leaf("second", "second")}
	case PhaseDeployOrder:
		if side != s.Active {
			return nil
		}
		return []game.Option{leaf("first", "first"), leaf("second", "second")}
	case PhaseDeploy:
		if side != s.Active {
			return nil
		}
		var out []game.Option
		for _, id := range s.toDeploy(side) {
			if o := s.deployTemplate(s.General(id)); o != "" {
				out = append(out, leaf(o, o))
			}
		}
		return out
	}
	if side != s.Active {
		return nil
	}
	if s.Current == "" {
		var out []game.Option
		for i := range s.Generals {
			if g := &s.Generals[i]; g.Side == side && !g.Destroyed && !g.Activated {
				out = append(out, leaf("activate "+g.ID, "activate "+g.ID))
			}
		}
		return out
	}
	var out []game.Option
	if s.Entering != nil {
		for _, o := range s.enterOrders() {
			out = append(out, leaf(o, o))
		}
		return append(out, leaf("end", "end"))
	}
	group := func(label string, orders []string) {
		if len(orders) == 0 {
			return
		}
		o := game.Option{Label: label, Children: make([]game.Option, 0, len(orders))} // a unit id: the same in every language
		for _, ord := range orders {
			o.Children = append(o.Children, leaf(ord, ord))
		}
		out = append(out, o)
	}
	try := func(orders *[]string, verb string, args ...string) {
		if r.accepts(s, side, verb, args...) {
			*orders = append(*orders, game.Command{Verb: verb, Args: args}.String())
		}
	}
	var brigade []string
	// Decide's checks of march and end, without deciding: the activation
	// is side's (inOrders) and no question is pending here.
	if s.marchCheck() == nil {
		brigade = append(brigade, "march")
	}
	g := s.General(s.Current)
	if !g.Moved && !s.Fighting { // the checks of moveGeneral
		r := s.generalReach(g)
		slices.Sort(r.cells) // coordinate order: the labels' too, mostly (sorted below)
		for _, i := range r.cells {
			if c := s.m.coord(int(i)); c != g.At && !s.enemyNearIndex(g.Side, int(i)) {
				brigade = append(brigade, "move "+g.ID+" "+s.label(c))
			}
		}
		r.release()
	}
	if !slices.IsSorted(brigade) {
		slices.Sort(brigade)
	}
	group(g.ID, brigade)
	for i := range s.Seniors { // SDC-16.7: during any of the side's activations
		sg := &s.Seniors[i]
		if sg.Side != side || sg.Moved {
			continue
		}
		var os []string
		r := s.seniorReach(sg)
		for _, i := range r.cells {
			if c := s.m.coord(int(i)); c != sg.At && !s.enemyNearIndex(side, int(i)) {
				os = append(os, "move "+sg.ID+" "+s.label(c))
			}
		}
		r.release()
		slices.Sort(os)
		group(sg.ID, os)
	}
	for _, e := range s.brigade(s.Current) {
		if e.Gone {
			continue
		}
		var os []string
		if rule, _ := s.cannotMove(e); rule == "" {
			r := s.reach(e)
			slices.Sort(r.cells) // the index order is the coordinates' (grid.Coord.Less)
			for _, i := range r.cells {
				c := s.m.coord(int(i))
				if _, err := s.moveCheck(e, c, e.Facing, false, r, false); err == nil {
					os = append(os, "move "+e.ID+" "+s.label(c))
				}
			}
			r.release()
			if s.Forced != "marching" && !s.Fighting {
				for v := range 6 {
					if v != e.Facing && !e.Square {
						os = append(os, "face "+e.ID+" "+FacingName(v))
					}
				}
			}
		}
		// Probed only when the cheap conditions hold (Decide checks all).
		ready := e.CanMove && !e.Acted && !e.Fired && !s.Fighting
		if rule, _ := s.squareCheck(e); rule == "" {
			os = append(os, "square "+e.ID)
		}
		if ready && e.Square && !e.Locked {
			try(&os, "line", e.ID)
		}
		if ready && e.Disordered {
			try(&os, "rally", e.ID)
		}
		if s.kind(e).Class == Artillery && !e.Fired && !s.Fighting {
			var bat []string
			for _, b := range s.Batterie(e) {
				bat = append(bat, b.ID)
			}
			for i := range s.Elements {
				t := &s.Elements[i]
				if t.Gone || t.Off || t.Side == side || t.Head != "" {
					continue
				}
				if rule, _, _ := s.gunReady(e); rule != "" {
					break
				}
				if rule, _ := s.canFire(e, t); rule != "" {
					continue
				}
				os = append(os, "fire "+e.ID+" "+t.ID)
				if len(bat) > 1 && bat[0] == e.ID {
					try(&os, "fire", append(slices.Clone(bat), t.ID)...)
				}
			}
		}
		if s.canAttack(e) {
			for _, t := range s.enemiesAdjacent(side, e.At) {
				if !slices.Contains(s.Targeted, t.ID) {
					os = append(os, "fight "+e.ID+" "+t.ID)
				}
			}
		}
		group(e.ID, os)
	}
	if a, _ := s.mustFight(); a == nil {
		out = append(out, leaf("end", "end"))
	}
	return out
}
