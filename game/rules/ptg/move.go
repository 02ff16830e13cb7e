package ptg

import (
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// mp prints half movement points as "1½".
func mp(half int) string {
	s := strconv.Itoa(half / 2)
	if half%2 != 0 {
		if half == 1 {
			return "½"
		}
		s += "½"
	}
	return s
}

// leaderValues are a leader's command value, radius and MA on the face
// showing (PTG-8.3).
func (s *State) leaderValues(u *Unit) (cmd, radius, ma int) {
	if u.Replacement {
		return u.RCmd, u.RRad, u.RMA
	}
	return u.Cmd, u.Radius, u.MA
}

// baseMA is the printed movement allowance as modified for good:
// dismounted dragoons 5 (PTG-14.12.2), broken horse artillery 0 (14.17.3).
func (s *State) baseMA(u *Unit) int {
	switch {
	case u.Leader():
		_, _, m := s.leaderValues(u)
		return m
	case u.Broken:
		return 0
	case u.Dismounted:
		return 5
	}
	return u.MA
}

// currentMA is this turn's allowance: doubled for the surprised Russians'
// enemy on turn 1 (PTG-14.1.1), halved rounded up in bad visibility
// (PTG-14.7.2).
func (s *State) currentMA(u *Unit) int {
	m := s.baseMA(u)
	if s.on("surprise") && s.Turn == 1 && u.Side == Swedes {
		m *= 2
	}
	if s.Visibility == "bad" {
		m = (m + 1) / 2
	}
	return m
}

// budget is what u may still spend this phase, in half MP.
func (s *State) budget(u *Unit) int { return 2*s.currentMA(u) - u.Spent }

// fatigued reports combat units on the last two turns under PTG-14.5.
func (s *State) fatigued(u *Unit) bool {
	return s.on("fatigue") && s.Turn >= 10 && u.Combat()
}

// snapshotCommand fixes, at the start of a movement phase, which of the
// phasing player's combat units are commanded: within the radius of a
// friendly leader on the map (PTG-6.0, P-CMD: hex distance).
func (s *State) snapshotCommand() {
	decideOnly("snapshotCommand")
	for i := range s.Units {
		u := &s.Units[i]
		u.Commanded, u.StartZOC = false, false
		if u.Side != s.Active || !u.Combat() {
			continue
		}
		if u.OnMap() {
			u.StartZOC = s.enemyZOC(u.Side, u.At)
		}
		for j := range s.Units {
			l := &s.Units[j]
			if !l.OnMap() || !l.Leader() || l.Side != u.Side {
				continue
			}
			_, r, _ := s.leaderValues(l)
			if u.OnMap() && s.dist(u.At, l.At) <= r {
				u.Commanded = true
				break
			}
			if !u.OnMap() && u.Group == "zone-a" && s.nearZoneA(l.At, r) {
				u.Commanded = true
				break
			}
		}
		if !u.OnMap() && u.Group == "zone-a" && s.Turn == 1 {
			u.Commanded = true // PTG-13.2.4: the cavalry entering on turn 1 is commanded
		}
	}
}

// nearZoneA reports a leader within radius of the hex an entering unit
// comes from (P-ENTRY: off the map next to zone A).
func (s *State) nearZoneA(at grid.Coord, r int) bool {
	for _, c := range s.zone("zone-a") {
		if s.dist(at, c)+1 <= r {
			return true
		}
	}
	return false
}

// mayLeaveCamp reports whether a Russian combat unit inside the camp may
// leave it now (PTG-12.0.3–12.0.7).
func (s *State) mayLeaveCamp(u *Unit) bool {
	if !s.alertRules() || u.Side != Russians || u.Leader() || u.Free {
		return true
	}
	switch {
	case s.Alerted:
		return true // PTG-12.0.7
	case s.Turn >= 6:
		return true // PTG-12.0.5
	case s.Turn >= 4 && u.Released:
		return true // PTG-12.0.4
	}
	return false
}

// canMove explains why u may not move now, or returns nil.
func (s *State) canMove(side game.Side, u *Unit) error {
	if err := s.canMoveBase(side, u); err != nil {
		return err
	}
	if m := s.stuckMover(); m != nil && m != u {
		return game.Reject("stacking", "PTG-5.0.1", "ptg.move.stuck", "unit", m.ID, "hex", s.label(m.At), "why", s.overStacked(s.UnitsAt(m.At), nil))
	}
	return nil
}

// stuckMover returns the unit moving now when it stands in a stack over
// the limits that only it can still put right (PTG-5.0.1): no other unit
// may start moving, which would end its move, until it has moved on.
func (s *State) stuckMover() *Unit {
	if s.Phase != PhaseMove || s.Mover == "" {
		return nil
	}
	m := s.Unit(s.Mover)
	if m == nil || !m.OnMap() || m.Done || !m.Counts() {
		return nil
	}
	if s.overStacked(s.UnitsAt(m.At), nil).IsZero() || s.anotherMayLeave(m, m.At) {
		return nil
	}
	return m
}

// canMoveBase is canMove without the stacking of the unit moving now.
func (s *State) canMoveBase(side game.Side, u *Unit) error {
	switch {
	case u.Side != side:
		return game.Reject(game.CodeNotYourUnit, "PTG-4.1.2", "ptg.not-yours", "unit", u.ID)
	case u.Status == game.StatusReserve && (u.Group != "zone-a" || u.Leader() && u.Awaiting):
		return game.Reject("not-on-map", "PTG-13.2.4", "ptg.not-on-map", "unit", u.ID)
	case u.Status != game.StatusReserve && !u.OnMap():
		return game.Reject("not-on-map", "PTG-4.0", "ptg.not-on-map", "unit", u.ID)
	case u.Status == game.StatusReserve && u.Side != Swedes:
		return game.Reject("not-on-map", "PTG-13.2.4", "ptg.not-on-map", "unit", u.ID)
	case s.alertRules() && side == Russians && s.Turn == 1:
		return game.Reject("alert", "PTG-12.0.1", "ptg.move.alert-turn1")
	case u.Done || (u.Moved && s.Mover != u.ID):
		return game.Reject("already-moved", "PTG-4.0", "ptg.move.finished", "unit", u.ID)
	case u.Routed:
		return game.Reject("routed", "PTG-7.4.1", "ptg.move.routed", "unit", u.ID)
	case u.Immobile:
		return game.Reject("garrison", "PTG-7.7.2", "ptg.move.garrison", "unit", u.ID)
	case u.Square:
		return game.Reject("square", "PTG-14.11.3", "ptg.move.square", "unit", u.ID)
	case s.baseMA(u) == 0:
		return game.Reject("ma-0", "PTG-7.1.8", "ptg.move.ma0", "unit", u.ID)
	case s.budget(u) <= 0:
		return game.Reject("no-mp", "PTG-4.1", "ptg.move.no-mp", "unit", u.ID)
	}
	return nil
}

// mover is a prepared movement search for one unit.
type mover struct {
	s        *State
	u        *Unit
	ix       *index
	col      int // 0 infantry & artillery & leaders, 1 cavalry
	budget   int
	fat      bool
	camp     bool // may leave the camp
	leader   bool
	uncmd    bool // an uncommanded combat unit (PTG-6.0.2)
	side     int
	hexBrid  int
	hexRiver int
	hexEnt   int
	fl       *mech.Flooder // reach's buffers when set (a legal-move list floods once per unit)
}

func (s *State) newMover(u *Unit) *mover {
	return s.moverWith(u, s.newIndex())
}

func (s *State) moverWith(u *Unit, ix *index) *mover {
	m := &mover{s: s, u: u, ix: ix, budget: s.budget(u), fat: s.fatigued(u), camp: s.mayLeaveCamp(u),
		leader: u.Leader(), uncmd: u.Combat() && !u.Commanded, side: int(u.Side)}
	if u.MovesAsCavalry() {
		m.col = 1
	}
	m.hexBrid, m.hexRiver, m.hexEnt = ix.mi.hexMP[eBridge], ix.mi.hexMP[eRiver], ix.mi.hexMP[eEntrench]
	return m
}

// enterCost is the cost of entering hex index h from hex index f across
// direction d (f < 0: from off the map), in half MP, or -1 if forbidden.
// hazard counts what a player would rather avoid on the way: enemy fire
// zones and enemy leaders (stray bullets).
func (m *mover) enterCost(f int, d int, h int) (cost int, hazard int) {
	mi, ix := m.ix.mi, m.ix
	other := 1 - m.side
	var ef mech.EdgeSet
	if f >= 0 {
		ef = mi.EdgeDir(f, d)
		if ef&eLake != 0 {
			return -1, 0 // PTG-4.1.5
		}
	}
	if ix.combat[other][h] > 0 {
		return -1, 0 // PTG-4.1.1
	}
	if ix.leaders[other][h] > 0 {
		if m.leader {
			return -1, 0 // PTG-8.2.1
		}
		hazard++
	}
	row := mi.tcode[h]
	switch ix.red[h] {
	case 1:
		row = 5
	case 2:
		row = 6
	}
	c := mi.costc[m.col][row]
	if c < 0 {
		return -1, 0 // cavalry and completed redoubts (PTG-4.1.5)
	}
	if m.fat && row == 0 {
		c = 4 // PTG-14.5
	}
	if ef&eRoad != 0 && !ix.zoc[other][h] {
		c = 1 // PTG-4.2.1, 4.2.2
		if m.fat {
			c = 2
		}
	}
	switch {
	case ef&eBridge != 0:
		c += m.hexBrid // PTG-4.2.3
	case ef&eRiver != 0:
		c += m.hexRiver
	}
	if ef&eEntrench != 0 {
		c += m.hexEnt
	}
	if m.uncmd && ix.zoc[other][h] {
		return -1, 0 // PTG-6.0.2, 6.0.3
	}
	if f >= 0 && !m.camp && mi.camp[f] && !mi.camp[h] {
		return -1, 0 // PTG-12.0.3
	}
	if !m.leader && ix.fz[other][h] {
		hazard++
	}
	return c, hazard
}

// reach floods from the unit's hex (or, for a unit entering the map, from
// off the map next to zone A: P-ENTRY) and returns each hex's cheapest
// cost (half MP) with the fewest hazards, or -1, and back-pointers
// (mech.OffMap: entered from off the map).
func (m *mover) reach() (cost []int, prev []int32) {
	mi := m.ix.mi
	var starts []mech.Start
	if m.u.OnMap() {
		st := mi.At(m.u.At)
		starts = append(starts, mech.Start{Cell: st, Prev: int32(st)})
	} else {
		for _, c := range m.s.zone("zone-a") {
			i := mi.At(c)
			cst, hz := m.enterCost(-1, 0, i)
			if cst < 0 || cst > m.budget {
				continue
			}
			starts = append(starts, mech.Start{Cell: i, Key: cst<<8 | hz, Prev: mech.OffMap})
		}
	}
	fl := m.fl
	if fl == nil {
		fl = new(mech.Flooder)
	}
	key, prev := fl.Flood(mi.Flat, starts, func(i, d, o, k int) int {
		cst, hz := m.enterCost(i, d, o)
		if cst < 0 {
			return -1
		}
		total := k>>8 + cst
		if total > m.budget {
			return -1
		}
		return total<<8 | min(255, k&255+hz)
	})
	cost = key
	for i, k := range key {
		if k >= 0 {
			cost[i] = k >> 8
		}
	}
	return cost, prev
}

// pathTo rebuilds the path to hex index t: the start hex first for a unit
// on the map; for an entering unit the first hex entered first.
func (m *mover) pathTo(prev []int32, t int) []grid.Coord {
	mi := m.ix.mi
	var out []grid.Coord
	for i := int32(t); ; {
		out = append(out, mi.Coord(int(i)))
		p := prev[i]
		if p == mech.OffMap || p == i {
			break
		}
		i = p
	}
	slices.Reverse(out)
	return out
}

// mayStop reports whether u may end its move in c (stacking, PTG-5.0).
func (s *State) mayStop(u *Unit, c grid.Coord) game.Msg {
	var here []*Unit
	for _, o := range s.UnitsAt(c) {
		if o.Side == u.Side && o != u {
			here = append(here, o)
		}
	}
	return s.overStacked(here, u)
}

// destinations lists where u may end its move now, with the cost.
func (s *State) destinations(u *Unit) ([]grid.Coord, []int, *mover, []int32) {
	return s.destinationsIn(nil, u)
}

// destinationsIn is destinations flooding in fl's buffers (nil: its own);
// the back-pointers it returns are fl's, valid until fl floods again.
func (s *State) destinationsIn(fl *mech.Flooder, u *Unit) ([]grid.Coord, []int, *mover, []int32) {
	m := s.newMover(u)
	m.fl = fl
	cost, prev := m.reach()
	n := 0
	for _, c := range cost {
		if c >= 0 {
			n++
		}
	}
	out := make([]grid.Coord, 0, n)
	costs := make([]int, 0, n)
	for i, c := range cost {
		if c < 0 {
			continue
		}
		at := m.ix.mi.Coord(i)
		if u.OnMap() && at == u.At {
			continue
		}
		// The listing offers only hexes within the stacking limits; a
		// move order may also stop in a full stack while a unit there can
		// still leave (PTG-5.0.1, checked by phaseOrder).
		if u.Combat() && s.stackBlocked(m.ix, u, i) {
			continue
		}
		out = append(out, at)
		costs = append(costs, c)
	}
	return out, costs, m, prev
}

// anotherMayLeave reports whether a friendly unit in c other than u that
// counts for stacking may still move this phase (PTG-5.0.1).
func (s *State) anotherMayLeave(u *Unit, c grid.Coord) bool {
	for _, o := range s.UnitsAt(c) {
		if o != u && o.Side == u.Side && o.Counts() && !o.Moved && s.canMoveBase(o.Side, o) == nil {
			return true
		}
	}
	return false
}

// stuckStack describes a hex of side over the stacking limits that no
// unit in it can leave any more this movement phase, or returns "".
// During the movement phase stacks may be over the limits (PTG-5.0.1);
// they are checked when it ends.
func (s *State) stuckStack(side game.Side) game.Msg {
	seen := map[grid.Coord]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() || u.Side != side || seen[u.At] {
			continue
		}
		seen[u.At] = true
		here := s.UnitsAt(u.At)
		why := s.overStacked(here, nil)
		if why.IsZero() {
			continue
		}
		if !slices.ContainsFunc(here, func(o *Unit) bool { return o.Side == side && o.Counts() && s.mayFix(o) }) {
			return game.M("ptg.stack.hex", "hex", s.label(u.At), "why", why)
		}
	}
	return game.Msg{}
}

// mayFix reports whether o may still move out of its stack: a unit that
// has not moved yet, or the unit moving now if it has somewhere to go.
func (s *State) mayFix(o *Unit) bool {
	if s.canMoveBase(o.Side, o) != nil {
		return false
	}
	if o.ID != s.Mover {
		return true
	}
	dests, _, _, _ := s.destinations(o)
	return len(dests) > 0
}

// stackBlocked is mayStop with the index.
func (s *State) stackBlocked(ix *index, u *Unit, h int) bool {
	if ix.combat[u.Side][h] == 0 {
		return false
	}
	// overStacked(friends here, u), without a list or a message: this
	// runs for every hex a unit reaches.
	var st stack
	for i := ix.first[h]; i >= 0; i = ix.next[i] {
		if o := &s.Units[i]; o.Side == u.Side && o != u {
			st.add(o)
		}
	}
	st.add(u)
	return st.over()
}

// move handles "move UNIT HEX [HEX …] [charge] [off]".
func (d *decider) move(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) < 2 {
		return game.Reject(game.CodeSyntax, "PTG-4.0", "ptg.move.syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if err := s.canMove(cmd.Side, u); err != nil {
		return err
	}
	words := cmd.Args[1:]
	charge, exit := false, false
	for len(words) > 0 {
		switch last := strings.ToLower(words[len(words)-1]); last {
		case "charge":
			charge = true
		case "off":
			exit = true
		default:
			goto parsed
		}
		words = words[:len(words)-1]
	}
parsed:
	var cells []grid.Coord
	for _, w := range words {
		c, err := s.cell(w)
		if err != nil {
			return err
		}
		cells = append(cells, c)
	}
	explicit := len(cells) > 1
	if len(cells) > 0 && u.OnMap() && cells[0] == u.At {
		cells = cells[1:] // "move U FROM TO": an explicit path
	}
	m := s.newMover(u)
	var path []grid.Coord
	var cost int
	switch {
	case len(cells) == 0 && exit:
		if !u.OnMap() {
			return game.Reject(game.CodeSyntax, "PTG-11.0", "ptg.not-on-map", "unit", u.ID)
		}
		path = []grid.Coord{u.At}
	case len(cells) == 0:
		return game.Reject(game.CodeSyntax, "PTG-4.0", "ptg.move.syntax-short")
	case len(cells) == 1 && !explicit:
		path, cost, err = d.cheapest(m, cells[0])
	default:
		path, cost, err = d.walk(m, cells)
	}
	if err != nil {
		return err
	}
	if exit {
		return d.exitMap(u, path, cost)
	}
	// No stacking limit while units move (PTG-5.0.1): phaseOrder checks
	// that every stack over the limits can still be put right.
	var charged []string
	if charge {
		if charged, err = s.checkCharge(u, path); err != nil {
			return err
		}
	}
	d.runMove(u, path, cost, !u.OnMap(), charged)
	return nil
}

// cheapest finds the cheapest path to dest, with the fewest fire zones
// and enemy leaders on the way.
func (d *decider) cheapest(m *mover, dest grid.Coord) ([]grid.Coord, int, error) {
	s, u := d.s, m.u
	cost, prev := m.reach()
	i := m.ix.mi.At(dest)
	if cost[i] >= 0 && !(u.OnMap() && dest == u.At) {
		return m.pathTo(prev, i), cost[i], nil
	}
	if u.OnMap() && dest == u.At {
		return nil, 0, game.Reject("no-move", "PTG-4.0", "ptg.already-in", "unit", u.ID, "hex", s.label(dest))
	}
	if m.ix.enemyCombat(u.Side, dest) {
		return nil, 0, game.Reject("enemy-hex", "PTG-4.1.1", "ptg.move.enemy-hex", "unit", u.ID, "hex", s.label(dest))
	}
	if u.OnMap() && s.adjacent(u.At, dest) {
		if st, _ := m.enterCost(m.ix.mi.At(u.At), grid.DirTo(s.grid(), u.At, dest), i); st < 0 {
			return nil, 0, d.whyNot(m, m.ix.mi.At(u.At), dest)
		}
	}
	// Explain with an unlimited budget.
	far := *m
	far.budget = 1 << 20
	fc, _ := far.reach()
	if fc[i] >= 0 {
		return nil, 0, game.Reject("too-far", "PTG-4.1", "ptg.move.too-far", "unit", u.ID, "hex", s.label(dest), "need", mp(fc[i]), "have", mp(m.budget))
	}
	return nil, 0, game.Reject("no-path", "PTG-4.1", "ptg.move.no-path", "unit", u.ID, "hex", s.label(dest), "why", s.blockers(u))
}

// blockers lists what may stand in a unit's way, for refusals.
func (s *State) blockers(u *Unit) game.Msg {
	var why []game.Msg
	if u.Combat() && !u.Commanded {
		why = append(why, game.M("ptg.block.uncommanded"))
	}
	if !s.mayLeaveCamp(u) && u.OnMap() && s.inCamp(u.At) {
		why = append(why, game.M("ptg.block.camp"))
	}
	if u.MovesAsCavalry() {
		why = append(why, game.M("ptg.block.cavalry"))
	}
	why = append(why, game.M("ptg.block.enemy"))
	return semicolons(why)
}

// walk checks an explicit path step by step.
func (d *decider) walk(m *mover, cells []grid.Coord) ([]grid.Coord, int, error) {
	s, u := d.s, m.u
	mi := m.ix.mi
	var path []grid.Coord
	cost := 0
	prev := -1
	if u.OnMap() {
		path = []grid.Coord{u.At}
		prev = mi.At(u.At)
	} else if !s.inZone("zone-a", cells[0]) {
		return nil, 0, game.Reject("entry", "PTG-13.2.4", "ptg.move.entry", "unit", u.ID, "hexes", s.labels(s.zone("zone-a")))
	}
	for _, c := range cells {
		h := mi.At(c)
		dir := 0
		if prev >= 0 {
			dir = grid.DirTo(s.grid(), mi.Coord(prev), c)
			if dir < 0 {
				return nil, 0, game.Reject("not-adjacent", "PTG-4.0", "ptg.move.not-adjacent", "hex", s.label(c), "from", s.label(mi.Coord(prev)))
			}
		}
		st, _ := m.enterCost(prev, dir, h)
		if st < 0 {
			return nil, 0, d.whyNot(m, prev, c)
		}
		if cost+st > m.budget {
			return nil, 0, game.Reject("too-far", "PTG-4.1", "ptg.move.step-cost", "unit", u.ID, "have", mp(m.budget-cost), "hex", s.label(c), "cost", mp(st))
		}
		cost += st
		path = append(path, c)
		prev = h
	}
	return path, cost, nil
}

// whyNot explains a refused step into c.
func (d *decider) whyNot(m *mover, prev int, c grid.Coord) error {
	s, u := d.s, m.u
	mi := m.ix.mi
	h := mi.At(c)
	switch {
	case prev >= 0 && s.lakeSide(mi.Coord(prev), c):
		return game.Reject("lake", "PTG-4.1.5", "ptg.move.lake")
	case m.ix.enemyCombat(u.Side, c):
		return game.Reject("enemy-hex", "PTG-4.1.1", "ptg.move.enemy-hex", "unit", u.ID, "hex", s.label(c))
	case u.Leader() && m.ix.leaders[u.Side.Other()][h] > 0:
		return game.Reject("leader-hex", "PTG-8.2.1", "ptg.move.leader-hex")
	case m.ix.red[h] == 1 && u.MovesAsCavalry():
		return game.Reject("redoubt", "PTG-4.1.5", "ptg.move.redoubt")
	case u.Combat() && !u.Commanded && m.ix.zoc[u.Side.Other()][h]:
		return game.Reject("uncommanded", "PTG-6.0.2", "ptg.move.uncommanded", "unit", u.ID, "hex", s.label(c))
	case prev >= 0 && !m.camp && mi.camp[prev] && !mi.camp[h]:
		return game.Reject("alert", "PTG-12.0.3", "ptg.move.camp", "unit", u.ID)
	}
	return game.Reject("terrain", "T-TEC", "ptg.move.terrain", "unit", u.ID, "hex", s.label(c))
}

// runMove carries out a move along path hex by hex: the Alert (PTG-12.0.7),
// stray bullets (8.2) and fire zones (7.6.2) happen as the unit enters
// each hex; a repulse decision stops it (the rest of the path waits in
// the step).
func (d *decider) runMove(u *Unit, path []grid.Coord, cost int, entry bool, charged []string) {
	id := u.ID
	start := 0
	if !entry {
		start = 1
	}
	seg := []grid.Coord{}
	if !entry {
		seg = append(seg, path[0])
	}
	segCost := 0
	m := d.s.newMover(u)
	mi := m.ix.mi
	flush := func(final bool) {
		if len(seg) == 0 || (len(seg) == 1 && !entry) {
			return
		}
		u := d.s.Unit(id)
		key := "ptg.moved"
		if entry {
			key = "ptg.moved.entry"
		}
		ev := Moved{Unit: id, Path: slices.Clone(seg), Cost: segCost, Entry: entry}
		var charges game.Msg
		if final && charged != nil {
			ev.Charged = charged
			charges = game.M("ptg.moved.charges", "units", strings.Join(charged, ", "))
		}
		ev.Msg = game.M(key, "unit", id, "from", d.s.label(seg[0]), "to", d.s.label(seg[len(seg)-1]),
			"mp", mp(segCost), "left", mp(d.s.budget(u)-segCost), "charges", charges)
		d.emit(ev)
		entry = false
		seg = []grid.Coord{seg[len(seg)-1]}
		segCost = 0
	}
	prev := -1
	if !entry {
		prev = mi.At(path[0])
	}
	for i := start; i < len(path); i++ {
		c := path[i]
		h := mi.At(c)
		dir := 0
		if prev >= 0 {
			dir = grid.DirTo(d.s.grid(), mi.Coord(prev), c)
		}
		st, _ := m.enterCost(prev, dir, h)
		seg = append(seg, c)
		segCost += st
		prev = h
		cur := d.s.Unit(id)
		if !cur.Combat() {
			continue
		}
		events := d.s.alertTrigger(cur, c) || len(d.s.enemyLeadersAt(cur.Side, c)) > 0 || d.s.fireZoneOn(cur.Side, c)
		if !events {
			continue
		}
		flush(false)
		if d.s.alertTrigger(cur, c) {
			d.emit(Alerted{Unit: id, At: c, Msg: game.M("ptg.alerted", "unit", id, "hex", d.s.label(c))})
		}
		d.strayBullets(id, c)
		if d.s.fireZoneOn(cur.Side, c) {
			var from *grid.Coord
			if i > 0 {
				f := path[i-1]
				from = &f
			}
			if !d.fireZone(id, c, from, path[i+1:]) {
				return // eliminated, or waiting for the repulse decision
			}
		}
	}
	flush(true)
	u = d.s.Unit(id)
	if u.Type == "horse-artillery" && d.s.on("horse-artillery") && d.s.budget(u) <= 0 && u.OnMap() {
		roll := d.roll()
		broken := roll >= 5
		key := "ptg.broke.no"
		if broken {
			key = "ptg.broke.yes"
		}
		d.emit(Broke{Unit: id, Roll: roll, Broken: broken, Msg: game.M(key, "unit", id, "roll", roll)})
	}
	d.settle()
}

// alertTrigger reports a Swedish combat unit entering a hex within five
// hexes of the camp before the Alert (PTG-12.0.7, P-ALERT).
func (s *State) alertTrigger(u *Unit, c grid.Coord) bool {
	return s.alertRules() && !s.Alerted && u.Side == Swedes && u.Combat() && s.info().near[s.info().At(c)]
}

// enemyLeadersAt lists the leaders of side's enemy in c.
func (s *State) enemyLeadersAt(side game.Side, c grid.Coord) []*Unit {
	var out []*Unit
	for _, o := range s.UnitsAt(c) {
		if o.Side != side && o.Leader() {
			out = append(out, o)
		}
	}
	return out
}

// fireZoneOn reports an enemy fire zone on c.
func (s *State) fireZoneOn(side game.Side, c grid.Coord) bool {
	for _, z := range s.FireZones {
		if z.Side != side && z.To == c {
			return true
		}
	}
	return false
}

// exitMap handles "move UNIT [path] off" by a Russian exit hex (PTG-11.0D,
// P-EXIT): 1 MP from the exit hex in the Russian movement phase.
func (d *decider) exitMap(u *Unit, path []grid.Coord, cost int) error {
	s := d.s
	end := path[len(path)-1]
	if u.Side != Russians || !u.Combat() {
		return game.Reject("no-exit", "PTG-11.0D", "ptg.exit.russians")
	}
	if !s.inZone("exits", end) {
		return game.Reject("no-exit", "PTG-11.0D", "ptg.exit.hexes", "hexes", s.labels(s.zone("exits")))
	}
	if cost+2 > s.budget(u) {
		return game.Reject("too-far", "P-EXIT", "ptg.exit.mp", "unit", u.ID, "hex", s.label(end))
	}
	if len(path) > 1 {
		d.runMove(u, path, cost, false, nil)
		if x := d.s.Unit(u.ID); !x.OnMap() || x.At != end || len(d.s.Queue) > 0 {
			return nil // stopped on the way
		}
	}
	d.emit(Moved{Unit: u.ID, Path: []grid.Coord{end, end}, Cost: 2, Stop: true, Msg: game.M("ptg.exit.pays", "unit", u.ID)})
	d.emit(Removed{Unit: u.ID, At: end, Status: game.StatusExited, Rule: "PTG-11.0D",
		Msg: game.M("ptg.exit.left", "unit", u.ID, "hex", s.label(end))})
	d.settle()
	return nil
}

// checkCharge validates a cavalry charge (PTG-14.9.1, P-CHARGE) and lists
// the enemy units charged.
func (s *State) checkCharge(u *Unit, path []grid.Coord) ([]string, error) {
	if !s.on("charges") {
		return nil, game.Reject("option-off", "PTG-14.9", "ptg.option-off.charges")
	}
	if u.Side != Swedes || (u.Type != "cavalry" && u.Type != "dragoons") || u.Dismounted {
		return nil, game.Reject("no-charge", "PTG-14.9", "ptg.charge.who")
	}
	if u.StartZOC || u.Moved {
		return nil, game.Reject("no-charge", "PTG-14.9.1", "ptg.charge.start")
	}
	need := 2
	if s.opt("charge-clear-hexes") == "3" {
		need = 3
	}
	entered := path
	if u.OnMap() {
		entered = path[1:]
	}
	if len(entered) < need {
		return nil, game.Reject("no-charge", "P-CHARGE", "ptg.charge.clear-run", "n", need)
	}
	last := entered[len(entered)-need:]
	for i, c := range last {
		if !s.clearHex(c) {
			return nil, game.Reject("no-charge", "P-CHARGE", "ptg.charge.not-clear", "hex", s.label(c))
		}
		if i > 0 && s.flags(last[i-1], c)&(eRiver|eBridge|eEntrench) != 0 {
			return nil, game.Reject("no-charge", "P-CHARGE", "ptg.charge.hexside")
		}
	}
	// The charge ends adjacent to enemy units in clear terrain; other
	// adjacent enemy units (in woods, say) do not spoil it, but the
	// charge attacks only the ones in clear terrain (PTG-14.9.1).
	end := path[len(path)-1]
	var out []string
	for _, o := range s.grid().Neighbors(end) {
		if !s.clearHex(o) {
			continue
		}
		for _, e := range s.combatAt(o) {
			if e.Side != u.Side {
				out = append(out, e.ID)
			}
		}
	}
	if len(out) == 0 {
		return nil, game.Reject("no-charge", "PTG-14.9.1", "ptg.charge.end")
	}
	slices.Sort(out)
	return out, nil
}

// clearHex is clear terrain with no redoubt (a road hex counts as the
// terrain under it).
func (s *State) clearHex(c grid.Coord) bool {
	return s.terrain(c) == Clear && s.RedoubtAt(c) == nil
}
