package sdc

// The reference of the legal list: Legal and the movement floods as they
// were written first, over maps (grid.Reached), before the flat version
// (flat.go). TestLegalReference compares the two on random positions.

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
)

// LegalReference is the straightforward legal list, for the external tests.
func LegalReference(r *Rules, st game.State, side game.Side) []game.Option {
	return r.legalRef(st, side)
}

func (r *Rules) legalRef(st game.State, side game.Side) []game.Option {
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
		o := game.Option{Label: label} // a unit id: the same in every language
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
	try(&brigade, "march")
	g := s.General(s.Current)
	if !g.Moved && !s.Fighting { // the checks of moveGeneral
		for c := range s.generalReachRef(g) {
			if c != g.At && !s.enemyNear(g.Side, c) {
				brigade = append(brigade, "move "+g.ID+" "+s.label(c))
			}
		}
	}
	slices.Sort(brigade)
	group(g.ID, brigade)
	for i := range s.Seniors { // SDC-16.7: during any of the side's activations
		sg := &s.Seniors[i]
		if sg.Side != side || sg.Moved {
			continue
		}
		var os []string
		for c := range s.seniorReachRef(sg) {
			if c != sg.At && !s.enemyNear(side, c) {
				os = append(os, "move "+sg.ID+" "+s.label(c))
			}
		}
		slices.Sort(os)
		group(sg.ID, os)
	}
	for _, e := range s.brigade(s.Current) {
		if e.Gone {
			continue
		}
		var os []string
		if rule, _ := s.cannotMove(e); rule == "" {
			r2, road := s.reachRef(e)
			cells := make([]grid.Coord, 0, len(r2))
			for c := range r2 {
				cells = append(cells, c)
			}
			slices.SortFunc(cells, func(a, b grid.Coord) int {
				if a.Less(b) {
					return -1
				}
				return 1
			})
			for _, c := range cells {
				if _, err := s.moveCheckRef(e, c, e.Facing, false, r2, road, false); err == nil {
					os = append(os, "move "+e.ID+" "+s.label(c))
				}
			}
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
	if r.accepts(s, side, "end") {
		out = append(out, leaf("end", "end"))
	}
	return out
}

func (s *State) reachRef(e *Element) (map[grid.Coord]grid.Reached, map[grid.Coord]bool) {
	budget := s.allowance(e)
	ms := s.members(e)
	forced := s.Forced == "marching"
	step := func(road bool) func(from, to grid.Coord) grid.StepCost {
		return func(from, to grid.Coord) grid.StepCost {
			if road && !s.m.road(from, to) {
				return grid.StepCost{}
			}
			for _, m := range ms {
				if !s.m.enterable(s.kind(m), to) {
					return grid.StepCost{}
				}
			}
			if u := s.unitAt(to); u != nil && u.Side != e.Side {
				return grid.StepCost{}
			}
			if s.enemyGeneralAt(e.Side, to) {
				return grid.StepCost{}
			}
			if forced && !s.m.road(from, to) { // SDC-8.7, SDC-G.9
				d := grid.DirTo(s.m.g, from, to)
				if !slices.Contains(frontDirs(e.Facing), d) || !s.m.open(to) {
					return grid.StepCost{}
				}
			}
			return grid.StepCost{OK: true, Cost: 1, Stop: s.enemyNear(e.Side, to)}
		}
	}
	r := s.floodRef(e.At, budget, step(false))
	onRoad := map[grid.Coord]bool{}
	if s.m.onRoad(e.At) {
		for c, v := range s.floodRef(e.At, budget+3, step(true)) {
			if _, ok := r[c]; !ok {
				r[c] = v
				onRoad[c] = true
			}
		}
	}
	return r, onRoad
}

func (s *State) floodRef(start grid.Coord, budget int, step func(from, to grid.Coord) grid.StepCost) map[grid.Coord]grid.Reached {
	out := map[grid.Coord]grid.Reached{start: {Prev: start}}
	frontier := []grid.Coord{start}
	for d := 1; d <= budget && len(frontier) > 0; d++ {
		var next []grid.Coord
		for _, from := range frontier {
			if out[from].Stop {
				continue
			}
			for k := 0; k < 6; k++ {
				to := s.m.g.Step(from, k)
				if _, seen := out[to]; seen || !s.m.g.Contains(to) {
					continue
				}
				c := step(from, to)
				if !c.OK {
					continue
				}
				out[to] = grid.Reached{Cost: d, Prev: from, Stop: c.Stop}
				next = append(next, to)
			}
		}
		frontier = next
	}
	return out
}

func (s *State) generalReachRef(g *General) map[grid.Coord]grid.Reached {
	budget := GeneralMove
	if s.Forced == "marching" {
		budget = GeneralForced
	}
	return s.floodRef(g.At, budget, func(_, to grid.Coord) grid.StepCost {
		if s.m.river(to) {
			return grid.StepCost{}
		}
		if u := s.unitAt(to); u != nil && u.Side != g.Side {
			return grid.StepCost{}
		}
		return grid.StepCost{OK: true, Cost: 1}
	})
}

func (s *State) seniorReachRef(g *Senior) map[grid.Coord]grid.Reached {
	return s.floodRef(g.At, SeniorMove, func(_, to grid.Coord) grid.StepCost {
		if s.m.river(to) {
			return grid.StepCost{}
		}
		if u := s.unitAt(to); u != nil && u.Side != g.Side {
			return grid.StepCost{}
		}
		return grid.StepCost{OK: true, Cost: 1}
	})
}

func (s *State) moveCheckRef(e *Element, to grid.Coord, facing int, given bool, r map[grid.Coord]grid.Reached, road map[grid.Coord]bool, withPath bool) (Moved, error) {
	if to == e.At {
		return Moved{}, reject("no-move", "SDC-8.4", "sdc.move.same", "unit", e.ID)
	}
	if _, ok := r[to]; !ok {
		return Moved{}, reject("unreachable", "SDC-8.4", "sdc.move.unreachable", "unit", e.ID, "cell", s.label(to), "n", s.allowance(e))
	}
	ev := Moved{Unit: e.ID, Facing: facing, To: s.label(to)}
	if e.Head != "" {
		ev.Left = e.Head
	}
	for _, m := range s.members(e) {
		if !s.m.stoppable(s.kind(m), to) {
			return Moved{}, reject("cannot-stop", "SDC-8.13", "sdc.move.stop", "unit", m.ID, "terrain", term(s.m.terrain(to)))
		}
	}
	if h := s.unitAt(to); h != nil && h.ID != e.ID {
		// Only an attack formation shares a hex (SDC-8.3, SDC-15.12, 15.13).
		ok := h.Side == e.Side && h.Brigade == e.Brigade && s.second(h) == nil && s.second(e) == nil &&
			s.kind(h).Class == s.kind(e).Class && s.kind(e).Class != Artillery &&
			!h.Disordered && !h.Square && !e.Square
		if !ok {
			return Moved{}, reject("occupied", "SDC-15.13", "sdc.move.occupied", "cell", s.label(to), "unit", h.ID)
		}
		if s.Forced != "" {
			return Moved{}, reject("marched", "SDC-15.2", "sdc.form.marched")
		}
		ev.Joined, ev.Facing = h.ID, h.Facing
	}
	contact := s.enemyNear(e.Side, to)
	if contact && ev.Joined == "" {
		if e.Formed || slices.ContainsFunc(s.members(e), func(m *Element) bool { return m.Formed }) {
			return Moved{}, reject("formation-contact", "SDC-15.15", "sdc.move.formation-contact", "unit", e.ID)
		}
		if !s.frontEnemy(e.Side, to, ev.Facing) { // SDC-8.12: the enemy against its front
			if given {
				return Moved{}, reject("contact-front", "SDC-8.12", "sdc.move.front", "unit", e.ID)
			}
			ev.Facing = facingToward(to, ev.Facing, s.enemiesAdjacent(e.Side, to)[0].At)
		}
	}
	if s.Forced == "marching" && ev.Joined == "" && ev.Facing != e.Facing && !road[to] && !contact && given {
		return Moved{}, reject("march-facing", "SDC-8.7", "sdc.march.facing", "unit", e.ID)
	}
	if withPath {
		ev.Path = append([]grid.Coord{e.At}, grid.Path(r, to)...)
	}
	return ev, nil
}

// ReachAgrees compares the flat floods with the reference floods for
// every element, general and senior general of side: the same hexes,
// back-pointers (so the same paths) and road flags.
func ReachAgrees(st game.State, side game.Side) error {
	s := st.(*State)
	same := func(what string, got, want map[grid.Coord]grid.Reached) error {
		if len(got) != len(want) {
			return fmt.Errorf("%s: %d hexes, want %d", what, len(got), len(want))
		}
		for c, w := range want {
			if g, ok := got[c]; !ok || g.Prev != w.Prev || g.Cost != w.Cost {
				return fmt.Errorf("%s: %s %+v, want %+v", what, s.label(c), g, w)
			}
		}
		return nil
	}
	for i := range s.Elements {
		e := &s.Elements[i]
		if e.Gone || e.Off || e.Side != side {
			continue
		}
		r, road := s.reachRef(e)
		a := s.reach(e)
		if err := same(e.ID, a.reachedMap(), r); err != nil {
			return err
		}
		for c := range r {
			if a.onRoad(c) != road[c] {
				return fmt.Errorf("%s: road %s %v, want %v", e.ID, s.label(c), a.onRoad(c), road[c])
			}
		}
		a.release()
	}
	for i := range s.Generals {
		if g := &s.Generals[i]; g.Side == side && !g.Off && !g.Destroyed {
			a := s.generalReach(g)
			err := same(g.ID, a.reachedMap(), s.generalReachRef(g))
			a.release()
			if err != nil {
				return err
			}
		}
	}
	for i := range s.Seniors {
		if g := &s.Seniors[i]; g.Side == side {
			a := s.seniorReach(g)
			err := same(g.ID, a.reachedMap(), s.seniorReachRef(g))
			a.release()
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// TestBoardFlat: the flat board answers as the map it was made from, on
// a generated battlefield of the largest size (rivers, woods, villages,
// hills, roads).
func TestBoardFlat(t *testing.T) {
	m := Generate(8, &dice.Seeded{Seed: dice.SeedFromInt(7)}).Map()
	b, err := newBoard(m)
	if err != nil {
		t.Fatal(err)
	}
	roads := 0
	for x := -1; x <= b.g.W; x++ {
		for y := -1; y <= b.g.H; y++ {
			c := grid.Coord{X: x, Y: y}
			want := Open
			if cell, ok := m.Cells[c]; ok {
				want = terrainOf[cell.Terrain]
				if cell.Level > 0 && want == Open {
					want = Hill
				}
			}
			if got := b.terrain(c); got != want {
				t.Errorf("%v: terrain %s, want %s", c, got, want)
			}
			on := false
			for d := range 6 {
				n := b.g.Step(c, d)
				want := m.Linked(c, n, "road")
				on = on || want && b.g.Contains(n)
				if got := b.road(c, n); got != want {
					t.Errorf("%v→%v: road %v, want %v", c, n, got, want)
				}
				if want {
					roads++
				}
			}
			if b.onRoad(c) != on {
				t.Errorf("%v: on road %v, want %v", c, b.onRoad(c), on)
			}
			if b.g.Contains(c) && b.label(c) != b.g.Label(c) {
				t.Errorf("%v: label %s, want %s", c, b.label(c), b.g.Label(c))
			}
		}
	}
	if roads == 0 {
		t.Error("no road on the battlefield")
	}
}

// TestHexTraces: the cached traces, moved to their start, are
// grid.HexLines's from every hex of the largest table to every hex within
// the longest range (and on to the far corners), from even and odd
// columns alike.
func TestHexTraces(t *testing.T) {
	g := grid.NewHex(88, 35)
	n := 0
	for _, a := range []grid.Coord{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 44, Y: 17}, {X: 45, Y: 17}, {X: 87, Y: 34}, {X: 30, Y: 5}, {X: 31, Y: 29}} {
		for _, b := range g.Cells() {
			want := grid.HexLines(a, b)
			got := hexTraces(a, b)
			aq, ar, _ := grid.Cube(a)
			for k := range 2 {
				if len(got[k]) != len(want[k]) {
					t.Fatalf("%v→%v trace %d: %d hexes, want %d", a, b, k, len(got[k]), len(want[k]))
				}
				for i, o := range got[k] {
					if c := grid.FromCube(aq+int(o.q), ar+int(o.r)); c != want[k][i] {
						t.Fatalf("%v→%v trace %d: hex %d %v, want %v", a, b, k, i, c, want[k][i])
					}
				}
			}
			n++
		}
	}
	t.Logf("%d lines", n)
}
