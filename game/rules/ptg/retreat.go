package ptg

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// rpath is a retreat path: the start hex first, then every hex entered;
// off when it leaves the map after its last hex (PTG-7.3.6); push when its
// final hex is full and a unit there must be pushed back (7.3.3). a, b, c
// are the priorities of PTG-7.3.2: distance to the nearest enemy combat
// unit, enemy-controlled hexes entered, friendly-occupied hexes entered.
type rpath struct {
	hexes   []grid.Coord
	off     bool
	push    bool
	a, b, c int
}

func (p rpath) final() grid.Coord { return p.hexes[len(p.hexes)-1] }

// pathText prints the hexes entered ("1921 1820 1720", "0120 off").
func (s *State) pathText(p rpath) string {
	var w []string
	for _, c := range p.hexes[1:] {
		w = append(w, s.label(c))
	}
	if p.off {
		w = append(w, "off")
	}
	return strings.Join(w, " ")
}

// chainHexes are the hexes a retreat chain has claimed.
func chainHexes(chain []Hop) map[grid.Coord]bool {
	out := map[grid.Coord]bool{}
	for _, h := range chain {
		for _, c := range h.Path {
			out[c] = true
		}
	}
	return out
}

// retreatPaths lists every simple path of n hexes u may retreat along
// (P-RET-ALGO): never into or through enemy combat units, across a lake
// hexside, into a ravine (unless exempt) or, for cavalry, into a
// completed redoubt; off the map by the north, south or west edge only
// (PTG-7.3.1, 7.3.6).
func (s *State) retreatPaths(u *Unit, n int, exempt bool, reserved map[grid.Coord]bool) (normal, exits, push []rpath) {
	ix := s.newIndex()
	mi := ix.mi
	g := s.grid()
	w, _ := g.Size()
	side := u.Side
	var enemies []grid.Coord
	for i := range s.Units {
		e := &s.Units[i]
		if e.OnMap() && e.Combat() && e.Side != side {
			enemies = append(enemies, e.At)
		}
	}
	near := map[grid.Coord]int{}
	nearest := func(c grid.Coord) int {
		if v, ok := near[c]; ok {
			return v
		}
		best := 1 << 20
		for _, e := range enemies {
			best = min(best, s.dist(c, e))
		}
		near[c] = best
		return best
	}
	cav := u.MovesAsCavalry()
	outward := s.on("retreat-outward")
	start := u.At
	score := func(p *rpath) {
		for _, c := range p.hexes[1:] {
			hi := mi.At(c)
			if ix.zoc[side.Other()][hi] {
				p.b++
			}
			for j := ix.first[hi]; j >= 0; j = ix.next[j] {
				if o := &s.Units[j]; o.Side == side && o != u {
					p.c++
					break
				}
			}
		}
	}
	enter := func(cur, o grid.Coord) bool {
		hi := mi.At(o)
		switch {
		case reserved[o], ix.combat[side.Other()][hi] > 0, s.lakeSide(cur, o):
			return false
		case !exempt && mi.Terrain[hi] == Ravine:
			return false
		case cav && ix.red[hi] == 1:
			return false
		case outward && s.dist(start, o) <= s.dist(start, cur):
			return false
		}
		return true
	}
	found := func(path []grid.Coord) {
		o := path[len(path)-1]
		p := rpath{hexes: slices.Clone(path), a: nearest(o)}
		score(&p)
		if s.stackBlocked(ix, u, mi.At(o)) {
			p.push = true
			push = append(push, p)
		} else {
			normal = append(normal, p)
		}
	}
	offMap := func(path []grid.Coord, o grid.Coord) {
		if o.X >= w {
			return // never off the east edge (PTG-7.3.1C)
		}
		p := rpath{hexes: slices.Clone(path), off: true, a: 1 << 20}
		score(&p)
		exits = append(exits, p)
	}
	mech.Paths(g, start, n, enter, found, offMap)
	return normal, exits, push
}

// best keeps the paths with the greatest distance from the enemy, then
// the fewest enemy-controlled hexes, then the fewest friendly-occupied
// hexes (PTG-7.3.2 A, B, C).
func best(ps []rpath) []rpath {
	var out []rpath
	for _, p := range ps {
		if len(out) == 0 {
			out = append(out, p)
			continue
		}
		q := out[0]
		switch {
		case p.a > q.a || (p.a == q.a && (p.b < q.b || (p.b == q.b && p.c < q.c))):
			out = []rpath{p}
		case p.a == q.a && p.b == q.b && p.c == q.c:
			out = append(out, p)
		}
	}
	return out
}

// retreatChoices lists the paths the owner may choose for the head
// retreat step: the best paths (PTG-7.3.2), with any way off the map
// offered too (P-OFFMAP: the owner may refuse it); failing those, the
// best paths into a full hex where a unit can be pushed back (7.3.3).
func (s *State) retreatChoices(st Step) []rpath {
	u := s.Unit(st.Unit)
	if !u.OnMap() {
		return nil
	}
	normal, exits, push := s.retreatPaths(u, st.N, st.Exempt, chainHexes(st.Chain))
	if len(normal)+len(exits) > 0 {
		return s.sortPaths(append(best(exits), best(normal)...))
	}
	var ok []rpath
	for _, p := range push {
		res := chainHexes(st.Chain)
		for _, c := range p.hexes {
			res[c] = true
		}
		if len(s.pushable(u, p.final(), res)) > 0 {
			ok = append(ok, p)
		}
	}
	return s.sortPaths(best(ok))
}

// sortPaths orders tied paths by their hexes, so that the first (the
// default) is the engine's first path in hex order (§9.2).
func (s *State) sortPaths(ps []rpath) []rpath {
	slices.SortStableFunc(ps, func(a, b rpath) int { return strings.Compare(s.pathText(a), s.pathText(b)) })
	return ps
}

// pushable lists the units in c that can be pushed back one hex to make
// room for u (PTG-7.3.3–7.3.5): not MA 0, not a redoubt garrison, not a
// picket, not in an enemy zone of control with its combat still to come,
// and with somewhere to go, pushing others in turn if need be.
func (s *State) pushable(u *Unit, c grid.Coord, reserved map[grid.Coord]bool) []string {
	var out []string
	here := s.UnitsAt(c)
	for _, o := range here {
		if o.Side != u.Side || !o.Counts() || !s.mayBePushed(o) {
			continue
		}
		var rest []*Unit
		for _, x := range here {
			if x != o {
				rest = append(rest, x)
			}
		}
		if !s.overStacked(rest, u).IsZero() {
			continue
		}
		if s.canRetreat1(o, reserved, 0) {
			out = append(out, o.ID)
		}
	}
	return out
}

// mayBePushed: PTG-7.3.5, 7.7.2, 7.8.
func (s *State) mayBePushed(o *Unit) bool {
	switch {
	case s.baseMA(o) == 0, o.Immobile, o.Class() == ClassPicket:
		return false
	case s.enemyZOC(o.Side, o.At) && !o.Attacked && !o.Defended:
		return false // its combat has not been resolved yet
	}
	return true
}

// canRetreat1 reports whether o could be pushed one hex, itself pushing
// others if needed (the chain of PTG-7.3.4 is forbidden as a whole when
// any link cannot move, 7.3.5).
func (s *State) canRetreat1(o *Unit, reserved map[grid.Coord]bool, depth int) bool {
	if depth > 6 || s.terrain(o.At) == Ravine {
		return false
	}
	res := map[grid.Coord]bool{o.At: true}
	for k := range reserved {
		res[k] = true
	}
	normal, exits, push := s.retreatPaths(o, 1, false, res)
	if len(normal)+len(exits) > 0 {
		return true
	}
	for _, p := range push {
		r2 := map[grid.Coord]bool{p.final(): true}
		for k := range res {
			r2[k] = true
		}
		for _, id := range s.pushable(o, p.final(), r2) {
			if s.canRetreat1(s.Unit(id), r2, depth+1) {
				return true
			}
		}
	}
	return false
}

// pushCandidates lists the units the owner may push for a push step.
func (s *State) pushCandidates(st Step) []string {
	u := s.Unit(st.Unit)
	if !u.OnMap() {
		return nil
	}
	res := chainHexes(st.Chain)
	for _, c := range st.Path {
		res[c] = true
	}
	return s.pushable(u, st.At, res)
}

// autoRetreat carries out a retreat step that needs no choice.
func (d *decider) autoRetreat(st Step) bool {
	s := d.s
	u := s.Unit(st.Unit)
	what := game.Term("ptg.verb.retreat")
	if st.Rout {
		what = game.Term("ptg.verb.rout")
	}
	gone := func(why game.Msg, rule string) bool {
		d.pop()
		d.eliminate(st.Unit, why, rule)
		d.runChain(st.Chain)
		return true
	}
	switch {
	case u == nil || !u.OnMap():
		d.pop()
		d.runChain(st.Chain)
		return true
	case st.Rout && u.Artillery():
		return gone(game.M("ptg.gone.artillery"), "PTG-7.4.3")
	case st.Rout && u.Routed:
		return gone(game.M("ptg.gone.routed-again"), "PTG-7.4.1")
	case u.Class() == ClassPicket:
		return gone(game.M("ptg.gone.picket"), "PTG-7.8")
	case s.baseMA(u) == 0:
		return gone(game.M("ptg.gone.ma0", "what", what), "PTG-7.1.8")
	case u.Immobile:
		return gone(game.M("ptg.gone.garrison", "what", what), "PTG-7.7.2")
	case s.terrain(u.At) == Ravine && !st.Exempt:
		if st.Attacker && s.opt("ravine-attacker-retreat") == "none" {
			d.pop()
			d.emit(Popped{Msg: game.M("ptg.ravine.stays", "unit", st.Unit)})
			return true
		}
		return gone(game.M("ptg.gone.ravine", "what", what), "PTG-7.3.1B")
	}
	ps := s.retreatChoices(st)
	switch len(ps) {
	case 0:
		return gone(game.M("ptg.gone.no-path", "what", what), "PTG-7.3.1")
	case 1:
		d.pop()
		d.doRetreat(st, ps[0], true)
		return true
	}
	return false
}

// chooseRetreat handles "retreat UNIT HEX … [off]": the whole path, or
// just the final hex (or "off") when that picks one of the choices.
func (d *decider) chooseRetreat(st Step, cmd game.Command) error {
	s := d.s
	if len(cmd.Args) < 2 {
		return game.Reject(game.CodeSyntax, "PTG-7.3.1", "ptg.retreat.syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if u.ID != st.Unit {
		return game.Reject("not-this-unit", "PTG-7.3.1", "ptg.retreat.not-this", "unit", st.Unit, "other", u.ID)
	}
	text := strings.Join(cmd.Args[1:], " ")
	ps := s.retreatChoices(st)
	var opts []string
	for _, p := range ps {
		pt := s.pathText(p)
		opts = append(opts, pt)
		if strings.EqualFold(pt, text) {
			d.pop()
			d.doRetreat(st, p, false)
			return nil
		}
	}
	for _, p := range ps {
		last := s.label(p.final())
		if p.off {
			last = "off"
		}
		if len(cmd.Args) == 2 && strings.EqualFold(cmd.Args[1], last) {
			d.pop()
			d.doRetreat(st, p, false)
			return nil
		}
	}
	return game.Reject("bad-retreat", "PTG-7.3.2", "ptg.retreat.bad", "unit", u.ID, "path", game.Plain(text), "paths", strings.Join(opts, " | "))
}

// doRetreat carries out a chosen path: into a full hex it first asks for
// a unit to push back (PTG-7.3.3); otherwise the unit moves, then the
// chain of units that were waiting for it, each to its hex.
func (d *decider) doRetreat(st Step, p rpath, auto bool) {
	s := d.s
	if p.push {
		d.queue(true, Step{Kind: "push", Side: st.Side, Unit: st.Unit, At: p.final(), Path: p.hexes, N: st.N, Rout: st.Rout,
			Chain: st.Chain, Exempt: st.Exempt, Attacker: st.Attacker, Rule: "PTG-7.3.3"})
		return
	}
	moves := []Hop{{Unit: st.Unit, Path: p.hexes, Rout: st.Rout}}
	for i := len(st.Chain) - 1; i >= 0; i-- {
		moves = append(moves, st.Chain[i])
	}
	var parts []game.Msg
	for i, m := range moves {
		key := "ptg.retreat.retreats"
		switch {
		case m.Rout:
			key = "ptg.retreat.routs"
		case i == 0 && len(st.Chain) > 0, i > 0 && m.Unit != st.Chain[0].Unit:
			key = "ptg.retreat.pushed"
		}
		hexes := []string{}
		for _, c := range m.Path {
			hexes = append(hexes, s.label(c))
		}
		var off game.Msg
		if m.Unit == st.Unit && p.off {
			off = game.M("ptg.retreat.off")
		}
		parts = append(parts, game.M(key, "unit", m.Unit, "path", strings.Join(hexes, " → "), "off", off))
	}
	var only game.Msg
	if auto {
		only = game.M("ptg.retreat.only")
	}
	d.emit(Retreated{Moves: moves, Msg: game.M("ptg.retreat", "moves", semicolons(parts), "only", only)})
	if p.off {
		u := d.s.Unit(st.Unit)
		d.emit(Removed{Unit: st.Unit, At: u.At, Status: StatusRemoved, Rule: "PTG-7.3.6",
			Msg: game.M("ptg.retreat.left-map", "unit", st.Unit)})
	}
	for _, m := range moves {
		d.strayBulletsOnPath(m.Unit, m.Path)
		d.vacate(m.Unit, m.Path[0])
	}
}

// runChain moves the units waiting in a chain once the hex they need is
// free (the unit they pushed is gone).
func (d *decider) runChain(chain []Hop) {
	if len(chain) == 0 {
		return
	}
	last := chain[len(chain)-1]
	d.doRetreat(Step{Unit: last.Unit, Chain: chain[:len(chain)-1], Rout: last.Rout}, rpath{hexes: last.Path}, false)
}

// strayBulletsOnPath rolls for enemy leaders in the hexes a retreating or
// advancing unit enters (P-SB), and triggers the Alert (P-ALERT).
func (d *decider) strayBulletsOnPath(id string, path []grid.Coord) {
	for _, c := range path[1:] {
		u := d.s.Unit(id)
		if !u.OnMap() || !u.Combat() {
			return
		}
		if d.s.alertTrigger(u, c) {
			d.emit(Alerted{Unit: id, At: c, Msg: game.M("ptg.alerted", "unit", id, "hex", d.s.label(c))})
		}
		if len(d.s.enemyLeadersAt(u.Side, c)) > 0 {
			d.strayBullets(id, c)
		}
	}
}

// choosePush handles "push UNIT".
func (d *decider) choosePush(st Step, cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "PTG-7.3.3", "ptg.push.syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	c := s.pushCandidates(st)
	if !slices.Contains(c, u.ID) {
		return game.Reject("bad-push", "PTG-7.3.5", "ptg.push.bad", "unit", u.ID, "units", strings.Join(c, ", "))
	}
	d.pushChosen(st, u.ID)
	return nil
}

// pushChosen commits the retreating unit to the full hex and makes the
// chosen unit move first: one hex (PTG-7.3.3), or, pushed by a routing
// unit, after a morale test: pass, one hex; fail, it routs too, with no
// step loss (7.4.2, P-ROUTPUSH).
func (d *decider) pushChosen(st Step, id string) {
	s := d.s
	d.pop()
	chain := append(slices.Clone(st.Chain), Hop{Unit: st.Unit, Path: st.Path, Rout: st.Rout})
	f := s.Unit(id)
	if !st.Rout {
		d.queue(true, Step{Kind: "retreat", Side: f.Side, Unit: id, N: 1, Chain: chain, Rule: "PTG-7.3.3"})
		return
	}
	need, roll, pass := d.moraleTest(id, game.M("ptg.morale.pushed", "unit", st.Unit), "PTG-7.4.2")
	_ = need
	_ = roll
	if pass {
		d.queue(true, Step{Kind: "retreat", Side: f.Side, Unit: id, N: 1, Chain: chain, Rule: "PTG-7.4.2"})
		return
	}
	n := 3
	if f.Class() == ClassCavalry {
		n = 5
	}
	d.queue(true, Step{Kind: "retreat", Side: f.Side, Unit: id, N: n, Rout: true, Chain: chain, Rule: "PTG-7.4.2"})
}

// moraleTest rolls a morale test (PTG-3.3): the die must not exceed the
// morale value, plus one friendly leader in the same hex (P-MT1); a
// demoralized army must roll under it (10.0.3A).
func (d *decider) moraleTest(id string, why game.Msg, rule string) (need, roll int, pass bool) {
	s := d.s
	u := s.Unit(id)
	need = u.Morale
	lead := ""
	for _, l := range s.UnitsAt(u.At) {
		if l.Leader() && l.Side == u.Side {
			if c, _, _ := s.leaderValues(l); u.Morale+c > need {
				need, lead = u.Morale+c, l.ID
			}
		}
	}
	roll = d.roll()
	dem := s.demoralized(u.Side)
	pass = roll <= need
	cmp := "≤"
	if dem {
		pass, cmp = roll < need, "<"
	}
	var leadMsg, demMsg game.Msg
	if lead != "" {
		leadMsg = game.M("ptg.morale.lead", "morale", u.Morale, "leader", lead)
	}
	if dem {
		demMsg = game.M("ptg.morale.demoralized")
	}
	key := "ptg.morale.fails"
	if pass {
		key = "ptg.morale.passes"
	}
	d.emit(MoraleTested{Unit: id, Roll: roll, Need: need, Pass: pass,
		Msg: game.M(key, "unit", id, "why", why, "roll", roll, "cmp", cmp, "need", need, "lead", leadMsg, "dem", demMsg, "rule", rule)})
	return need, roll, pass
}

// advance is one possible advance after combat (PTG-7.5).
type advance struct {
	unit    string
	from    grid.Coord
	to      grid.Coord
	leaders []string
}

func (a advance) command(s *State) string {
	c := "advance " + a.unit + " " + s.label(a.to)
	if len(a.leaders) > 0 {
		c += " with " + strings.Join(a.leaders, " ")
	}
	return c
}

// option offers the advance, labelled "U FROM → TO [with L, …]".
func (a advance) option(s *State) game.Option {
	var with game.Msg
	if len(a.leaders) > 0 {
		with = game.M("ptg.opt.with", "leaders", strings.Join(a.leaders, ", "))
	}
	return option(a.command(s), "ptg.opt.advance", "unit", a.unit, "from", s.label(a.from), "to", s.label(a.to), "with", with)
}

// advanceOptions lists the possible advances into the hexes the combat
// emptied: one victorious unit of the combat per hex, adjacent to it, not
// artillery (PTG-7.5.2), not routed, within the stacking limits; the
// leaders in its hex may go along (8.2.2).
func (s *State) advanceOptions() []advance {
	f := s.Fight
	if f == nil {
		return nil
	}
	var out []advance
	for _, v := range f.Vacated {
		if s.combatAtSide(v.At, v.Side) > 0 || s.combatAtSide(v.At, v.Side.Other()) > 0 {
			continue // one unit per hex, and never into the enemy
		}
		parts := f.Defenders
		if v.Side == f.Side {
			parts = f.Attackers
		}
		for _, id := range parts {
			u := s.Unit(id)
			if !u.OnMap() || u.Side != v.Side || u.Artillery() || u.Routed || u.Immobile || s.baseMA(u) == 0 ||
				slices.Contains(f.Advanced, id) || slices.Contains(f.Ranged, id) || !s.adjacent(u.At, v.At) ||
				s.lakeSide(u.At, v.At) || (u.MovesAsCavalry() && s.completedRedoubt(v.At)) || !s.mayStop(u, v.At).IsZero() {
				continue
			}
			a := advance{unit: id, from: u.At, to: v.At}
			out = append(out, a)
			var ls []string
			for _, l := range s.UnitsAt(u.At) {
				if l.Leader() && l.Side == u.Side {
					ls = append(ls, l.ID)
				}
			}
			if len(ls) > 0 {
				a.leaders = ls
				out = append(out, a)
			}
		}
	}
	return out
}

func (s *State) completedRedoubt(c grid.Coord) bool {
	r := s.RedoubtAt(c)
	return r != nil && !r.Building
}

// chooseAdvance handles "advance UNIT HEX [with LEADER …]" and "advance none".
func (d *decider) chooseAdvance(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) == 1 && (strings.EqualFold(cmd.Args[0], "none") || strings.EqualFold(cmd.Args[0], "no")) {
		d.pop()
		return nil
	}
	for _, a := range s.advanceOptions() {
		if strings.EqualFold(a.command(s), cmd.String()) {
			d.emit(Advanced{Unit: a.unit, From: a.from, To: a.to, Leaders: a.leaders,
				Msg: game.M("ptg.advanced", "unit", a.unit, "from", s.label(a.from), "to", s.label(a.to), "leaders", withLeaders(a.leaders))})
			d.strayBulletsOnPath(a.unit, []grid.Coord{a.from, a.to})
			return nil
		}
	}
	var opts []string
	for _, a := range s.advanceOptions() {
		opts = append(opts, a.command(s))
	}
	return game.Reject("bad-advance", "PTG-7.5", "ptg.advance.bad", "orders", strings.Join(opts, " | "))
}

func withLeaders(ls []string) game.Msg {
	if len(ls) == 0 {
		return game.Msg{}
	}
	return game.M("ptg.advance.leaders", "leaders", strings.Join(ls, ", "))
}

// semicolons joins messages with "; ".
func semicolons(ms []game.Msg) game.Msg {
	switch len(ms) {
	case 0:
		return game.Msg{}
	case 1:
		return ms[0]
	}
	return game.M("ptg.then", "first", ms[0], "rest", semicolons(ms[1:]))
}
