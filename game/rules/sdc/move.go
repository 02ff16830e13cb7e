package sdc

import (
	"errors"
	"slices"
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// march declares a forced march for the activated brigade (SDC-8.6 …
// 8.10), detaching any of its artillery first (SDC-10.8).
func (x *decider) march(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	g := s.General(s.Current)
	if len(args) > 0 && args[0] != "detach" {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "march [detach GUN …]")
	}
	var detached []string
	for _, id := range args[min(1, len(args)):] {
		e, err := x.own(id)
		if err != nil {
			return err
		}
		if s.kind(e).Class != Artillery {
			return reject("not-artillery", "SDC-10.8", "sdc.march.detach", "unit", e.ID)
		}
		detached = append(detached, e.ID)
	}
	if err := s.marchCheck(); err != nil {
		return err
	}
	all := true
	for _, e := range s.brigade(g.ID) {
		if !e.Gone && e.Head == "" && s.second(e) == nil {
			all = false
		}
	}
	ev := ForcedMarch{General: g.ID, Need: g.Quality, Detached: detached}
	if all { // SDC-15.17: a brigade all in attack formation rerolls a failure
		ev.Die, ev.Passed = x.plainTest(g.Quality)
		if !ev.Passed {
			ev.Reroll, ev.Passed = x.plainTest(g.Quality)
		}
	} else {
		ev.Die, ev.Passed = x.test(g.Quality, g.Side, g.At, g.ID)
	}
	x.emit(ev)
	return nil
}

// marchCheck says why the activated brigade may not march now, or nil
// (SDC-8.6, 8.8, 15.14, SDC-7.5).
func (s *State) marchCheck() error {
	switch {
	case s.Forced != "":
		return reject("marched", "SDC-8.8", "sdc.march.again")
	case s.FormedAttack:
		return reject("formed", "SDC-15.14", "sdc.march.formed")
	case s.Fighting:
		return reject(game.CodeWrongPhase, "SDC-7.5", "sdc.fighting")
	}
	for _, e := range s.brigade(s.Current) {
		if e.Gone {
			continue
		}
		if e.Acted {
			return reject("moved", "SDC-7.5", "sdc.march.moved", "unit", e.ID)
		}
		if e.Disordered {
			return reject("disordered", "SDC-8.6", "sdc.march.disordered", "unit", e.ID)
		}
	}
	return nil
}

// members are the elements that move with e: e and the element behind it.
func (s *State) members(e *Element) []*Element {
	if b := s.second(e); b != nil {
		return []*Element{e, b}
	}
	return []*Element{e}
}

// allowance is what e may still move this activation in hexes (TBL-8,
// SDC-8.6, SDC-15.12: a formation at its slower element's pace, SDC-15.15:
// within each element's allowance for the turn).
func (s *State) allowance(e *Element) int {
	left := 1 << 20
	for _, m := range s.members(e) {
		k := s.kind(m)
		a := k.Move
		if s.Forced == "marching" {
			a = k.Forced
		}
		left = min(left, a-m.Steps)
	}
	return max(left, 0)
}

// moveReason says why e may not move now, or "".
func (s *State) cannotMove(e *Element) (rule, key string) {
	switch {
	case s.Fighting:
		return "SDC-7.5", "sdc.fighting"
	case e.Disordered:
		return "SDC-14.1", "sdc.move.disordered"
	case !e.CanMove:
		return "SDC-8.2", "sdc.move.command"
	case e.Square:
		return "SDC-15.11", "sdc.move.square"
	case e.Detached:
		return "SDC-10.8", "sdc.move.detached"
	case e.Fired:
		return "SDC-10.16", "sdc.move.fired"
	case s.inContact(e):
		return "SDC-8.2", "sdc.move.contact"
	}
	if e.Acted {
		// Each element moves once (SDC-7.5); a formation whose head has not
		// moved may still move on with its joined element, within that
		// element's allowance (SDC-15.15: see allowance).
		return "SDC-7.5", "sdc.move.again"
	}
	return "", ""
}

func (s *State) enemyGeneralAt(side game.Side, c grid.Coord) bool {
	for i := range s.Generals {
		if g := &s.Generals[i]; !g.Destroyed && !g.Off && g.Side != side && g.At == c {
			return true
		}
	}
	return false
}

// frontEnemy reports whether an enemy unit touches e's front hexsides
// when e stands in c facing v.
func (s *State) frontEnemy(side game.Side, c grid.Coord, v int) bool {
	for _, d := range frontDirs(v) {
		if u := s.unitAt(s.m.g.Step(c, d)); u != nil && u.Side != side {
			return true
		}
	}
	return false
}

// facingToward is the facing nearest to v whose front touches the
// adjacent cell t.
func facingToward(c grid.Coord, v int, t grid.Coord) int {
	d := grid.DirTo(hexGrid, c, t)
	for _, k := range []int{0, -1, 1, -2, 2, 3} {
		w := ((v+k)%6 + 6) % 6
		if d == w || d == (w+1)%6 {
			return w
		}
	}
	return v
}

// move moves an element (or the activated general) to a hex, by the
// shortest legal way (SDC-8.3, 8.4, 8.5, 8.12,
// 8.13, 15.13, 15.15), offering the contacted enemies their reactions.
func (x *decider) move(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if len(args) < 2 || len(args) > 3 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "move UNIT HEX [FACING]")
	}
	if s.General(args[0]) != nil {
		return x.moveGeneral(args)
	}
	if g := s.senior(args[0]); g != nil {
		return x.moveSenior(g, args)
	}
	e, err := x.own(args[0])
	if err != nil {
		return err
	}
	to, err := s.m.g.Parse(args[1])
	if err != nil {
		return reject(game.CodeBadCell, "", "sdc.bad-cell", "cell", game.Plain(args[1]))
	}
	facing, given := e.Facing, len(args) == 3
	if given {
		f, ok := ParseFacing(args[2])
		if !ok {
			return reject(game.CodeSyntax, "SDC-G.7", "sdc.bad-facing", "facing", game.Plain(args[2]))
		}
		facing = f
	}
	if rule, key := s.cannotMove(e); rule != "" {
		return reject("cannot-move", rule, key, "unit", e.ID)
	}
	r := s.reach(e)
	ev, err := s.moveCheck(e, to, facing, given, r, true)
	r.release()
	if err != nil {
		return err
	}
	// Reactions: the enemy elements this move contacts (SDC-9).
	before := map[string]bool{}
	for _, t := range s.enemiesAdjacent(e.Side, to) {
		before[t.ID] = s.inContact(t)
	}
	x.emit(ev)
	if ev.Joined == "" {
		x.contacted(e, before)
	}
	x.displace(e.Side.Other())
	return nil
}

// contacted offers the reactions of SDC-9.1 and SDC-9.3 to the enemy
// elements that mover has just contacted.
func (x *decider) contacted(mover *Element, wasInContact map[string]bool) {
	s := x.t
	var rs []Reaction
	for _, t := range s.enemiesAdjacent(mover.Side, mover.At) {
		g := s.General(t.Brigade)
		if wasInContact[t.ID] || t.Disordered || g.Activated || s.second(t) != nil {
			continue // SDC-9.1, SDC-9.2, SDC-15.18
		}
		sq := s.kind(mover).Class == Cavalry && s.kind(t).Class == Infantry && !t.Square && s.squareGround(t.At)
		if faceTouched(t.At, t.Facing, mover.At) == Front && !sq || t.Square {
			continue // already facing it: nothing to react
		}
		rs = append(rs, Reaction{Unit: t.ID, By: mover.ID, Square: sq})
	}
	// SDC-9.3, SDC-Q.50: the first cavalry contact on a brigade lets any of
	// its infantry not in contact try a square too (option square-reaction).
	if s.kind(mover).Class == Cavalry && !s.on2("square-reaction", "contacted") {
		for _, r := range slices.Clone(rs) {
			t := s.Element(r.Unit)
			if !r.Square || slices.Contains(s.Charged, t.Brigade) {
				continue
			}
			for _, o := range s.brigade(t.Brigade) {
				if o.Gone || o.Off || o.Disordered || o.Square || o.Head != "" || s.second(o) != nil ||
					s.kind(o).Class != Infantry || !s.squareGround(o.At) || s.inContact(o) ||
					slices.ContainsFunc(rs, func(x Reaction) bool { return x.Unit == o.ID }) {
					continue
				}
				rs = append(rs, Reaction{Unit: o.ID, By: mover.ID, Square: true, Distant: true})
			}
		}
	}
	if len(rs) > 0 {
		x.emit(ReactionsOffered{Reactions: rs})
	}
}

// squareGround: a square forms only in open terrain or on a hill
// (SDC-15.5).
func (s *State) squareGround(c grid.Coord) bool {
	switch s.m.terrain(c) {
	case Open, Hill:
		return true
	}
	return false
}

// react answers a reaction (SDC-9.1, SDC-9.3, SDC-9.4).
func (x *decider) react(args []string) error {
	s := x.t
	r := s.Reactions[0]
	if len(args) != 2 || args[0] != r.Unit {
		return reject(game.CodeSyntax, "SDC-9.6", "sdc.syntax", "usage", "react "+r.Unit+" face|square|none")
	}
	t, by := s.Element(r.Unit), s.Element(r.By)
	face := func() {
		if r.Distant {
			return // not in contact: nothing to face
		}
		if faceTouched(t.At, t.Facing, by.At) != Front {
			x.emit(Faced{Unit: t.ID, Facing: facingToward(t.At, t.Facing, by.At), Reaction: true})
		}
	}
	switch args[1] {
	case "face":
		if r.Distant {
			return reject("no-face", "SDC-9.1", "sdc.react.distant", "unit", t.ID)
		}
		x.emit(Reacted{Unit: t.ID, How: "face"})
		face()
	case "square":
		if !r.Square {
			return reject("no-square", "SDC-9.3", "sdc.react.square", "unit", t.ID)
		}
		x.emit(Reacted{Unit: t.ID, How: "square"})
		need := s.kind(t).Quality
		die, ok := x.test(need, t.Side, t.At, t.ID)
		x.emit(Tested{Unit: t.ID, Why: "square", Die: die, Need: need, Passed: ok, Rule: "SDC-9.3"})
		if ok {
			x.emit(Faced{Unit: t.ID, Facing: t.Facing, Square: true, Reaction: true})
		} else {
			face() // SDC-9.4: the facing reaction is still allowed
		}
	case "none":
		x.emit(Reacted{Unit: t.ID, How: "none"})
	default:
		return reject(game.CodeSyntax, "SDC-9.6", "sdc.syntax", "usage", "react "+r.Unit+" face|square|none")
	}
	return nil
}

// face pivots an element in place; the pivot is its move (SDC-8.11).
func (x *decider) face(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if len(args) != 2 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "face UNIT FACING")
	}
	e, err := x.own(args[0])
	if err != nil {
		return err
	}
	f, ok := ParseFacing(args[1])
	if !ok {
		return reject(game.CodeSyntax, "SDC-G.7", "sdc.bad-facing", "facing", game.Plain(args[1]))
	}
	if rule, key := s.cannotMove(e); rule != "" {
		return reject("cannot-move", rule, key, "unit", e.ID)
	}
	if s.Forced == "marching" && !e.Detached {
		return reject("march-facing", "SDC-8.7", "sdc.march.facing", "unit", e.ID)
	}
	if f == e.Facing {
		return reject("no-move", "SDC-8.11", "sdc.face.same", "unit", e.ID)
	}
	x.emit(Faced{Unit: e.ID, Facing: f})
	return nil
}

// formable says why e may not change formation now, or "".
func (s *State) formable(e *Element) (rule, key string) {
	switch {
	case s.Forced != "":
		return "SDC-15.2", "sdc.form.marched"
	case e.Disordered:
		return "SDC-15.1", "sdc.form.disordered"
	case s.inContact(e):
		return "SDC-15.1", "sdc.form.contact"
	case !e.CanMove:
		return "SDC-8.2", "sdc.move.command"
	case e.Acted || e.Fired:
		return "SDC-7.5", "sdc.move.again"
	case s.Fighting:
		return "SDC-7.5", "sdc.fighting"
	}
	return "", ""
}

// square forms a square, sacrificing the element's move (SDC-15.5).
func (x *decider) square(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if len(args) != 1 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "square UNIT")
	}
	e, err := x.own(args[0])
	if err != nil {
		return err
	}
	if rule, key := s.squareCheck(e); rule != "" {
		return reject("cannot-form", rule, key, "unit", e.ID, "terrain", term(s.m.terrain(e.At)))
	}
	x.emit(Faced{Unit: e.ID, Facing: e.Facing, Square: true})
	return nil
}

// squareCheck says why e may not form square now, or "" (SDC-15.5).
func (s *State) squareCheck(e *Element) (rule, key string) {
	if rule, key := s.formable(e); rule != "" {
		return rule, key
	}
	switch {
	case s.kind(e).Class != Infantry:
		return "SDC-15.5", "sdc.square.infantry"
	case e.Square || e.Head != "" || s.second(e) != nil:
		return "SDC-15.5", "sdc.square.line"
	case !s.squareGround(e.At):
		return "SDC-15.5", "sdc.square.terrain"
	}
	return "", ""
}

// line leaves a square, facing any way (SDC-15.7), unless it is a
// reaction square held this activation (SDC-9.5).
func (x *decider) line(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if len(args) < 1 || len(args) > 2 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "line UNIT [FACING]")
	}
	e, err := x.own(args[0])
	if err != nil {
		return err
	}
	f := e.Facing
	if len(args) == 2 {
		var ok bool
		if f, ok = ParseFacing(args[1]); !ok {
			return reject(game.CodeSyntax, "SDC-G.7", "sdc.bad-facing", "facing", game.Plain(args[1]))
		}
	}
	if !e.Square {
		return reject("not-square", "SDC-15.7", "sdc.line.not-square", "unit", e.ID)
	}
	if e.Locked {
		return reject("square-held", "SDC-9.5", "sdc.line.locked", "unit", e.ID)
	}
	if rule, key := s.formable(e); rule != "" && rule != "SDC-15.2" {
		return reject("cannot-form", rule, key, "unit", e.ID)
	}
	x.emit(Faced{Unit: e.ID, Facing: f, Line: true})
	return nil
}

// rally removes an element's disorder for its whole move (SDC-14.2 [P]).
func (x *decider) rally(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if len(args) != 1 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "rally UNIT")
	}
	e, err := x.own(args[0])
	if err != nil {
		return err
	}
	switch {
	case !e.Disordered:
		return reject("not-disordered", "SDC-14.2", "sdc.rally.not-disordered", "unit", e.ID)
	case !e.CanMove:
		return reject("cannot-rally", "SDC-14.2", "sdc.move.command", "unit", e.ID)
	case s.inContact(e):
		return reject("cannot-rally", "SDC-14.2", "sdc.move.contact", "unit", e.ID)
	case e.Acted:
		return reject("cannot-rally", "SDC-14.2", "sdc.move.again", "unit", e.ID)
	case s.Fighting:
		return reject(game.CodeWrongPhase, "SDC-7.5", "sdc.fighting")
	}
	if s.on("rally-test") {
		need := s.kind(e).Quality
		die, ok := x.test(need, e.Side, e.At, e.ID)
		x.emit(Tested{Unit: e.ID, Why: "rally", Die: die, Need: need, Passed: ok, Rule: "SDC-14.2"})
		if !ok {
			return nil
		}
	}
	x.emit(Rallied{Unit: e.ID})
	return nil
}

// GeneralMove is a brigade general's allowance (TBL-8: État-major 2 PM,
// 4 PM in a forced march, SDC-8.15, SDC-Q.46).
const GeneralMove, GeneralForced = 6, 12

// moveGeneral moves the activated general once (SDC-8.15).
func (x *decider) moveGeneral(args []string) error {
	s := x.t
	g := s.General(args[0])
	switch {
	case g.Side != x.side:
		return reject(game.CodeNotYourUnit, "", "sdc.not-yours", "unit", g.ID)
	case g.ID != s.Current:
		return reject("not-activated", "SDC-8.15", "sdc.general.other", "unit", g.ID)
	case g.Moved:
		return reject("moved", "SDC-8.15", "sdc.general.moved", "unit", g.ID)
	case s.Fighting:
		return reject(game.CodeWrongPhase, "SDC-7.5", "sdc.fighting")
	case len(args) != 2:
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "move GENERAL HEX")
	}
	to, err := s.m.g.Parse(args[1])
	if err != nil {
		return reject(game.CodeBadCell, "", "sdc.bad-cell", "cell", game.Plain(args[1]))
	}
	r := s.generalReach(g)
	defer r.release()
	if !r.has(to) || to == g.At || len(s.enemiesAdjacent(g.Side, to)) > 0 {
		return reject("unreachable", "SDC-8.15", "sdc.general.unreachable", "unit", g.ID, "cell", s.label(to))
	}
	x.emit(Moved{Unit: g.ID, General: true, Path: append([]grid.Coord{g.At}, r.path(to)...), To: s.label(to)})
	return nil
}

// displace pushes side's generals away from enemy elements, one hex at a
// time, as the bot's default chooses (SDC-8.14, SDC-G.23).
func (x *decider) displace(side game.Side) {
	s := x.t
	for i := range s.Generals {
		g := &s.Generals[i]
		if g.Destroyed || g.Off || g.Side != side || s.safe(side, g.At) {
			continue
		}
		path := []grid.Coord{g.At}
		at := g.At
		for k := 0; k < 10 && !s.safe(side, at); k++ {
			best, bestD := at, -1
			for _, n := range s.m.g.Neighbors(at) {
				if s.m.river(n) || slices.Contains(path, n) {
					continue
				}
				if u := s.unitAt(n); u != nil && u.Side != side {
					continue
				}
				d := s.nearestEnemy(side, n)*1000 + s.homeward(side, n)
				if d > bestD {
					best, bestD = n, d
				}
			}
			if bestD < 0 {
				break
			}
			at = best
			path = append(path, at)
		}
		if !s.safe(side, at) {
			if s.on("general-captured") { // SDC-8.14 option: captured, his brigade routs
				x.destroyBrigade(g, "rout")
				continue
			}
			at = s.nearestSafe(side, g.At)
			path = []grid.Coord{g.At, at}
		}
		if at != g.At && s.on2("displace", "owner") { // SDC-8.14: the owner chooses
			// Among the safe hexes as near as the default's, the owner picks.
			var opts []string
			for _, c := range s.m.g.Cells() {
				if s.safe(side, c) && !s.m.river(c) && grid.HexDistance(g.At, c) <= grid.HexDistance(g.At, at) {
					opts = append(opts, s.label(c))
				}
			}
			if i := slices.Index(opts, s.label(at)); i > 0 {
				opts[0], opts[i] = opts[i], opts[0] // the default first
			}
			if len(opts) > 1 {
				key := "displace" + strconv.Itoa(x.choice)
				x.choice++
				ans, ok := x.answers[key]
				if !ok {
					panic(askPanic{Ask{Kind: "displace", Key: key, Side: side, Unit: g.ID, Pools: opts}})
				}
				if c, err := s.m.g.Parse(ans); err == nil {
					at, path = c, []grid.Coord{g.At, c}
				}
			}
		}
		if at != g.At {
			x.emit(Moved{Unit: g.ID, General: true, Displaced: true, Path: path, To: s.label(at)})
		}
	}
	for i := range s.Seniors { // division and corps generals likewise (SDC-16.7)
		g := &s.Seniors[i]
		if g.Side != side || s.safe(side, g.At) {
			continue
		}
		x.emit(SeniorMoved{Senior: g.ID, To: s.nearestSafe(side, g.At), Label: s.label(s.nearestSafe(side, g.At)), Displaced: true})
	}
}

func (s *State) safe(side game.Side, c grid.Coord) bool {
	if u := s.unitAt(c); u != nil && u.Side != side {
		return false
	}
	return len(s.enemiesAdjacent(side, c)) == 0
}

func (s *State) nearestEnemy(side game.Side, c grid.Coord) int {
	best := 1 << 20
	for i := range s.Elements {
		if e := &s.Elements[i]; !e.Gone && !e.Off && e.Side != side {
			best = min(best, grid.HexDistance(c, e.At))
		}
	}
	return min(best, 1<<10)
}

// homeward prefers hexes toward the side's own edge: west for A, east
// for B.
func (s *State) homeward(side game.Side, c grid.Coord) int {
	w, _ := s.m.g.Size()
	if side == game.SideA {
		return w - c.X
	}
	return c.X
}

func (s *State) nearestSafe(side game.Side, from grid.Coord) grid.Coord {
	best, bestD := from, 1<<20
	for _, c := range s.m.g.Cells() {
		if s.m.river(c) || !s.safe(side, c) {
			continue
		}
		if d := grid.HexDistance(from, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// errRefused is moveCheck's refusal for Legal, which needs no message.
var errRefused = errors.New("sdc: refused")

// moveCheck is the destination check of a move of e to c (SDC-8.3,
// 8.12, 8.13, 15.13, 15.15), over the hexes e may reach; it returns the
// move's event.
// Legal passes full false: the event then has no path, and a refusal is
// errRefused, without its message.
func (s *State) moveCheck(e *Element, to grid.Coord, facing int, given bool, r *area, full bool) (Moved, error) {
	reject := func(code, rule, key string, kv ...any) error {
		if !full {
			return errRefused
		}
		return reject(code, rule, key, kv...)
	}
	if to == e.At {
		return Moved{}, reject("no-move", "SDC-8.4", "sdc.move.same", "unit", e.ID)
	}
	if !r.has(to) {
		return Moved{}, reject("unreachable", "SDC-8.4", "sdc.move.unreachable", "unit", e.ID, "cell", s.label(to), "n", s.allowance(e))
	}
	i := s.m.at(to)
	ev := Moved{Unit: e.ID, Facing: facing}
	if full {
		ev.To = s.label(to)
	}
	if e.Head != "" {
		ev.Left = e.Head
	}
	for j, m := range r.members { // e's, as reach found them
		if k := r.kinds[j]; !s.m.enterableIndex(k, i) || terrains[s.m.ter[i]] == BuiltUp && !k.StopBuiltUp { // board.stoppable
			return Moved{}, reject("cannot-stop", "SDC-8.13", "sdc.move.stop", "unit", m.ID, "terrain", term(s.m.terrain(to)))
		}
	}
	if h := s.unitAtIndex(i); h != nil && h.ID != e.ID {
		// Only an attack formation shares a hex (SDC-8.3, SDC-15.12, 15.13).
		ok := h.Side == e.Side && h.Brigade == e.Brigade && s.second(h) == nil && s.second(e) == nil &&
			s.kind(h).Class == r.kinds[0].Class && r.kinds[0].Class != Artillery &&
			!h.Disordered && !h.Square && !e.Square
		if !ok {
			return Moved{}, reject("occupied", "SDC-15.13", "sdc.move.occupied", "cell", s.label(to), "unit", h.ID)
		}
		if s.Forced != "" {
			return Moved{}, reject("marched", "SDC-15.2", "sdc.form.marched")
		}
		ev.Joined, ev.Facing = h.ID, h.Facing
	}
	contact := s.enemyNearIndex(e.Side, i)
	if contact && ev.Joined == "" {
		if e.Formed || slices.ContainsFunc(r.members, func(m *Element) bool { return m.Formed }) {
			return Moved{}, reject("formation-contact", "SDC-15.15", "sdc.move.formation-contact", "unit", e.ID)
		}
		if !s.frontEnemy(e.Side, to, ev.Facing) { // SDC-8.12: the enemy against its front
			if given {
				return Moved{}, reject("contact-front", "SDC-8.12", "sdc.move.front", "unit", e.ID)
			}
			ev.Facing = facingToward(to, ev.Facing, s.enemiesAdjacent(e.Side, to)[0].At)
		}
	}
	if s.Forced == "marching" && ev.Joined == "" && ev.Facing != e.Facing && !r.onRoad(to) && !contact && given {
		return Moved{}, reject("march-facing", "SDC-8.7", "sdc.march.facing", "unit", e.ID)
	}
	if full {
		ev.Path = append([]grid.Coord{e.At}, r.path(to)...)
	}
	return ev, nil
}
