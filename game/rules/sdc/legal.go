package sdc

import (
	"slices"
	"sync"

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
	case PhaseTerrain:
		if side != s.Active {
			return nil
		}
		if s.needsSector() {
			return []game.Option{leaf("sector", "sector")}
		}
		var out []game.Option
		for _, o := range s.placements() {
			out = append(out, leaf(o, o))
		}
		if len(out) == 0 { // nowhere left: the feature is dropped, as the generator does
			out = append(out, leaf("place none", "place none"))
		}
		return out
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
	// The orders of every group are written one after the other in one
	// buffer, made strings and leaves at the end in one allocation each:
	// legal lists run to hundreds of orders.
	pooled := orderBufs.Get().(*orderBuf)
	ob := *pooled // a local copy: appending to it needs no write barrier
	defer func() { pooled.buf, pooled.ends = ob.buf, ob.ends; pooled.release() }()
	type span struct {
		label    string // a unit id: the same in every language
		from, to int    // in orders
	}
	var groups []span
	group := func(label string, from int) {
		if ob.len() > from {
			groups = append(groups, span{label, from, ob.len()})
		}
	}
	try := func(verb string, args ...string) {
		if r.accepts(s, side, verb, args...) {
			ob.add(game.Command{Verb: verb, Args: args}.String())
		}
	}
	// Decide's checks of march and end, without deciding: the activation
	// is side's (inOrders) and no question is pending here.
	if s.marchCheck() == nil {
		ob.add("march")
	}
	g := s.General(s.Current)
	if !g.Moved && !s.Fighting { // the checks of moveGeneral
		r := s.generalReach(g)
		slices.Sort(r.cells) // coordinate order: the labels' too, mostly (sorted below)
		for _, i := range r.cells {
			if c := s.m.coord(int(i)); c != g.At && !s.enemyNearIndex(g.Side, int(i)) {
				ob.add("move ", g.ID, " ", s.label(c))
			}
		}
		r.release()
	}
	group(g.ID, 0)
	sorted := []span{{from: 0, to: ob.len()}} // the spans to sort
	// SDC-16.7: senior generals move during any of the side's activations.
	for i := range s.Seniors {
		sg := &s.Seniors[i]
		if sg.Side != side || sg.Moved {
			continue
		}
		from := ob.len()
		r := s.seniorReach(sg)
		slices.Sort(r.cells)
		for _, i := range r.cells {
			if c := s.m.coord(int(i)); c != sg.At && !s.enemyNearIndex(side, int(i)) {
				ob.add("move ", sg.ID, " ", s.label(c))
			}
		}
		r.release()
		sorted = append(sorted, span{from: from, to: ob.len()})
		group(sg.ID, from)
	}
	for _, e := range s.brigade(s.Current) {
		if e.Gone {
			continue
		}
		from := ob.len()
		if rule, _ := s.cannotMove(e); rule == "" {
			r := s.reach(e)
			slices.Sort(r.cells) // the index order is the coordinates' (grid.Coord.Less)
			for _, i := range r.cells {
				c := s.m.coord(int(i))
				if _, err := s.moveCheck(e, c, e.Facing, false, r, false); err == nil {
					ob.add("move ", e.ID, " ", s.label(c))
				}
			}
			r.release()
			if s.Forced != "marching" && !s.Fighting {
				for v := range 6 {
					if v != e.Facing && !e.Square {
						ob.add("face ", e.ID, " ", FacingName(v))
					}
				}
			}
		}
		// Probed only when the cheap conditions hold (Decide checks all).
		ready := e.CanMove && !e.Acted && !e.Fired && !s.Fighting
		if rule, _ := s.squareCheck(e); rule == "" {
			ob.add("square ", e.ID)
		}
		if ready && e.Square && !e.Locked {
			try("line", e.ID)
		}
		if ready && e.Disordered {
			try("rally", e.ID)
		}
		if s.kind(e).Class == Artillery && !e.Fired && !s.Fighting {
			if rule, _, _ := s.gunReady(e); rule == "" {
				var bat []string
				for _, b := range s.Batterie(e) {
					bat = append(bat, b.ID)
				}
				for i := range s.Elements {
					t := &s.Elements[i]
					if t.Gone || t.Off || t.Side == side || t.Head != "" {
						continue
					}
					if rule, _ := s.canFire(e, t); rule != "" {
						continue
					}
					ob.add("fire ", e.ID, " ", t.ID)
					if len(bat) > 1 && bat[0] == e.ID {
						try("fire", append(slices.Clone(bat), t.ID)...)
					}
				}
			}
		}
		if s.canAttack(e) {
			for _, t := range s.enemiesAdjacent(side, e.At) {
				if !slices.Contains(s.Targeted, t.ID) {
					ob.add("fight ", e.ID, " ", t.ID)
				}
			}
		}
		group(e.ID, from)
	}
	orders := ob.strings()
	for _, sp := range sorted {
		if os := orders[sp.from:sp.to]; !slices.IsSorted(os) {
			slices.Sort(os)
		}
	}
	leaves := make([]game.Option, len(orders))
	for i, o := range orders {
		leaves[i] = leaf(o, o)
	}
	out = make([]game.Option, 0, len(groups)+1)
	for _, sp := range groups {
		out = append(out, game.Option{Label: sp.label, Children: leaves[sp.from:sp.to:sp.to]})
	}
	if a, _ := s.mustFight(); a == nil {
		out = append(out, leaf("end", "end"))
	}
	return out
}

// orderBuf writes orders one after the other in one buffer, kept in a
// pool from one legal list to the next.
type orderBuf struct {
	buf  []byte
	ends []int
}

var orderBufs = sync.Pool{New: func() any {
	return &orderBuf{buf: make([]byte, 0, 8<<10), ends: make([]int, 0, 512)}
}}

func (b *orderBuf) release() {
	b.buf, b.ends = b.buf[:0], b.ends[:0]
	orderBufs.Put(b)
}

func (b *orderBuf) len() int { return len(b.ends) }

// add writes one order, the concatenation of parts.
func (b *orderBuf) add(parts ...string) {
	for _, p := range parts {
		b.buf = append(b.buf, p...)
	}
	b.ends = append(b.ends, len(b.buf))
}

// strings are the orders, substrings of one string.
func (b *orderBuf) strings() []string {
	all := string(b.buf)
	out := make([]string, len(b.ends))
	from := 0
	for i, to := range b.ends {
		out[i], from = all[from:to], to
	}
	return out
}
