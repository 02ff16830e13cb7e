package gs

import (
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// mp prints half movement points as "1½" (from a table up to 31½: a
// legal-destination list prints one per hex).
func mp(half int) string {
	if half >= 0 && half < len(mpTexts) {
		return mpTexts[half]
	}
	return mpText(half)
}

var mpTexts = func() (ts [64]string) {
	for i := range ts {
		ts[i] = mpText(i)
	}
	return ts
}()

func mpText(half int) string {
	s := strconv.Itoa(half / 2)
	if half%2 == 1 {
		if half == 1 {
			return "½"
		}
		s += "½"
	}
	return s
}

// currentMP is the unit's movement allowance this turn in whole MP.
func (s *State) currentMP(u *Unit) int {
	m := u.MP
	if u.FaceDown {
		m = 3 // face down, as artillery (GS-S9a.special)
	}
	if u.Arm == Cavalry && u.Has("guard") {
		if v := s.opt("guard-cavalry-mp"); v == "6" {
			m = 6
		}
	}
	return m - s.nightPenalty()
}

// nightPenalty is the MP lost at night (GS-S6.special); scenarios without
// night turns have none.
func (s *State) nightPenalty() int {
	if s.night() {
		return 1
	}
	return 0
}

// budget is the unit's movement allowance in half MP, less the cost of
// leaving an enemy zone of control when it does (GS-12.3: half its MP).
func (s *State) budget(u *Unit) int {
	b := 2 * s.currentMP(u)
	if s.leavingZOC(u) {
		b -= s.currentMP(u)
	}
	return b
}

// leavingZOC reports a unit that starts its move in an enemy zone of
// control and may leave it without combat (GS-12).
func (s *State) leavingZOC(u *Unit) bool {
	return u.OnMap() && !u.Moved && s.enemyControlled(u.Side, u.At) && s.zocExit(u).IsZero()
}

// zocExit explains why u may not leave the enemy zone of control it is in,
// or returns the zero message (GS-12.1, 12.2, and Ex. XXXIX C: every controlling unit
// must be of a type it may leave).
func (s *State) zocExit(u *Unit) game.Msg {
	if !s.on("zoc-exit") {
		return game.M("gs.zoc-exit.combat")
	}
	for _, e := range s.controllers(u.Side.Other(), u.At) {
		switch {
		case u.Arm == Artillery:
			return game.M("gs.zoc-exit.artillery")
		case u.Arm == Infantry && e.Arm != Artillery:
			arm := game.Term(e.Arm)
			if e.FaceDown {
				arm = "face-down" // its identity is not for the mover (GS-P-34)
			}
			return game.M("gs.zoc-exit.infantry", "unit", e.ID, "arm", arm)
		case u.Arm == Cavalry && e.Arm == Cavalry:
			return game.M("gs.zoc-exit.cavalry", "unit", e.ID)
		}
	}
	return game.Msg{}
}

// moveCost is the Reach cost function for u's move this phase.
func (s *State) moveCost(u *Unit) grid.CostFunc {
	return s.moveCostIn(s.newIndex(), u)
}

func (s *State) moveCostIn(ix *index, u *Unit) grid.CostFunc {
	leaving := s.leavingZOC(u)
	costs := s.armCosts(u.moveArm())
	return func(from, to grid.Coord, _ int) grid.StepCost {
		zoc := ix.enemyControlled(u.Side, to)
		if zoc && leaving {
			return grid.StepCost{} // GS-12.4
		}
		if o := ix.unit(to); o != nil {
			if o.Side != u.Side {
				return grid.StepCost{} // GS-2.6: never into an enemy hex
			}
			if zoc {
				return grid.StepCost{} // GS-3.8
			}
		}
		c, ok := s.stepCostWith(costs, u, from, to)
		if !ok {
			return grid.StepCost{}
		}
		return grid.StepCost{OK: true, Cost: c, Stop: zoc}
	}
}

// start is where a move begins: the unit's hex, or, for a unit entering
// the map, an entry hex already paid for (GS-P-21).
type start struct {
	at    grid.Coord
	spent int  // half MP paid to be there (the entry step)
	entry bool // the unit comes from off the map
}

// starts lists where u's move may begin this phase.
func (s *State) starts(u *Unit) []start {
	if u.OnMap() {
		return []start{{at: u.At}}
	}
	return s.entryStarts(u)
}

// reachFrom floods u's move from one start.
func (s *State) reachFrom(u *Unit, st start) map[grid.Coord]grid.Reached {
	return s.reachIn(s.newIndex(), u, st)
}

func (s *State) reachIn(ix *index, u *Unit, st start) map[grid.Coord]grid.Reached {
	if st.entry && ix.enemyControlled(u.Side, st.at) {
		return map[grid.Coord]grid.Reached{st.at: {Prev: st.at, Stop: true}} // GS-3.4 on entry
	}
	return grid.Reach(s.m().Grid, st.at, s.budget(u)-st.spent, s.moveCostIn(ix, u))
}

// reach returns every hex an on-map unit can reach this movement phase.
func (s *State) reach(u *Unit) map[grid.Coord]grid.Reached {
	return s.reachFrom(u, start{at: u.At})
}

// destinations lists the hexes where u may end its move, in label order,
// with the cost of the cheapest way there.
func (s *State) destinations(u *Unit) []grid.Coord {
	d, _ := s.destinationCosts(u)
	return d
}

func (s *State) destinationCosts(u *Unit) ([]grid.Coord, map[grid.Coord]int) {
	ix := s.newIndex()
	var cost map[grid.Coord]int
	for _, st := range s.starts(u) {
		reached := s.reachIn(ix, u, st)
		if cost == nil {
			cost = make(map[grid.Coord]int, len(reached))
		}
		for c, r := range reached {
			if (c == u.At && !st.entry) || ix.unit(c) != nil {
				continue
			}
			if old, ok := cost[c]; !ok || st.spent+r.Cost < old {
				cost[c] = st.spent + r.Cost
			}
		}
	}
	if cost == nil {
		cost = map[grid.Coord]int{}
	}
	out := make([]grid.Coord, 0, len(cost))
	for c := range cost {
		out = append(out, c)
	}
	sortCoords(out)
	return out, cost
}

// canMove checks that u may move at all now.
func (s *State) canMove(side game.Side, u *Unit) error {
	if u.Side != side {
		return game.Reject(game.CodeNotYourUnit, "GS-2.1", "gs.not-your-unit.move", "unit", u.ID)
	}
	if u.Status == game.StatusReserve && !u.Moved {
		return s.canEnter(u)
	}
	if !u.OnMap() {
		return game.Reject("not-on-map", "GS-2.1", "gs.not-on-map", "unit", u.ID)
	}
	if u.Moved {
		return game.Reject("already-moved", "GS-2.3", "gs.already-moved", "unit", u.ID)
	}
	if s.enemyControlled(u.Side, u.At) {
		if why := s.zocExit(u); !why.IsZero() {
			return game.Reject("in-zoc", "GS-3.6", "gs.in-zoc", "unit", u.ID, "why", why)
		}
	}
	return nil
}

// decideMove handles "move UNIT HEX [HEX…] [off]".
func (s *State) decideMove(cmd game.Command) ([]game.Event, error) {
	if len(cmd.Args) < 2 {
		return nil, game.Reject(game.CodeSyntax, "GS-2", "gs.syntax.move")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return nil, err
	}
	if err := s.canMove(cmd.Side, u); err != nil {
		return nil, err
	}
	words := cmd.Args[1:]
	charge := ""
	if n := len(words); n >= 2 && strings.EqualFold(words[n-2], "charge") {
		charge, words = words[n-1], words[:n-2]
		if len(words) == 0 {
			return nil, game.Reject(game.CodeSyntax, "GS-8", "gs.syntax.charge")
		}
	}
	if charge != "" {
		if err := s.mayCharge(u); err != nil {
			return nil, err
		}
	}
	exit := strings.EqualFold(words[len(words)-1], "off")
	if exit {
		words = words[:len(words)-1]
	}
	var cells []grid.Coord
	for _, w := range words {
		c, err := s.cell(w)
		if err != nil {
			return nil, err
		}
		cells = append(cells, c)
	}
	if len(cells) > 0 && u.OnMap() && cells[0] == u.At {
		cells = cells[1:]
	}
	var path []grid.Coord
	var cost int
	switch {
	case len(cells) == 0 && exit:
		if !u.OnMap() {
			return nil, game.Reject("not-on-map", "GS-6.1", "gs.not-on-map", "unit", u.ID)
		}
		path = []grid.Coord{u.At}
	case len(cells) == 0:
		return nil, game.Reject(game.CodeSyntax, "GS-2", "gs.syntax.move-short")
	case len(cells) == 1 && charge != "":
		path, cost, err = s.chargePath(u, cells[0])
	case len(cells) == 1:
		path, cost, err = s.cheapest(u, cells[0])
	default:
		path, cost, err = s.walk(u, cells)
	}
	if err != nil {
		return nil, err
	}
	entering := !u.OnMap()
	end := path[len(path)-1]
	if exit {
		return s.decideExit(u, path, cost)
	}
	if o := s.UnitAt(end); o != nil && o != u {
		return nil, game.Reject("stacking", "GS-2.6", "gs.stacking", "unit", u.ID, "hex", s.label(end), "unit2", o.ID)
	}
	if end == u.At && !entering {
		return nil, game.Reject("no-move", "GS-2.4", "gs.no-move", "unit", u.ID, "hex", s.label(end))
	}
	key := "gs.event.moved"
	if entering {
		key = "gs.event.entered"
	}
	var stop, leave game.Msg
	if s.enemyControlled(u.Side, end) {
		stop = game.M("gs.event.moved.zoc-stop")
	}
	if s.leavingZOC(u) {
		leave = game.M("gs.event.moved.leaves-zoc", "unit", u.ID, "mp", mp(s.currentMP(u)))
	}
	text := game.M(key, "leave", leave, "unit", u.ID, "from", s.label(path[0]), "to", s.label(end), "mp", mp(cost), "of", mp(s.budget(u)), "stop", stop)
	ev := Moved{Unit: u.ID, Path: path, Cost: cost, Entered: entering, Msg: text}
	if charge != "" {
		t, err := s.enemyUnit(u.Side, charge)
		if err != nil {
			return nil, err
		}
		if err := s.checkCharge(u, path, cost, t); err != nil {
			return nil, err
		}
		ev.Charge = t.ID
		ev.Msg = game.M("gs.event.moved.charge", "move", text, "target", t.ID)
	}
	d := &decider{s: s}
	d.emit(ev)
	d.autoReveal()
	return d.evs, nil
}

// cheapest finds the cheapest legal path to dest.
func (s *State) cheapest(u *Unit, dest grid.Coord) ([]grid.Coord, int, error) {
	var best []grid.Coord
	bestCost := -1
	for _, st := range s.starts(u) {
		r := s.reachFrom(u, st)
		if x, ok := r[dest]; ok && (bestCost < 0 || st.spent+x.Cost < bestCost) {
			best, bestCost = append([]grid.Coord{st.at}, grid.Path(r, dest)...), st.spent+x.Cost
		}
	}
	if bestCost >= 0 {
		return best, bestCost, nil
	}
	if o := s.UnitAt(dest); o != nil && o.Side != u.Side {
		return nil, 0, game.Reject("enemy-hex", "GS-2.6", "gs.enemy-hex", "unit", u.ID, "hex", s.label(dest))
	}
	if s.leavingZOC(u) && s.enemyControlled(u.Side, dest) {
		return nil, 0, game.Reject("zoc-reenter", "GS-12.4", "gs.zoc-reenter", "unit", u.ID, "hex", s.label(dest))
	}
	if s.forbiddenTerrain(u, dest) {
		return nil, 0, game.Reject("artillery-terrain", "GS-5.12", "gs.artillery-terrain", "unit", u.ID, "hex", s.label(dest), "terrain", game.Term(s.terrain(dest)))
	}
	for _, st := range s.starts(u) {
		far := grid.Reach(s.m().Grid, st.at, math.MaxInt/4, s.moveCost(u))
		if x, ok := far[dest]; ok {
			return nil, 0, game.Reject("too-far", "GS-2.9", "gs.too-far", "unit", u.ID, "hex", s.label(dest), "need", mp(st.spent+x.Cost), "mp", mp(s.budget(u)))
		}
	}
	return nil, 0, game.Reject("no-path", "GS-3.4", "gs.no-path", "unit", u.ID, "hex", s.label(dest))
}

// walk checks an explicit path step by step. For a unit entering the map
// the first hex is its entry hex.
func (s *State) walk(u *Unit, cells []grid.Coord) ([]grid.Coord, int, error) {
	st := start{at: u.At}
	if !u.OnMap() {
		found := false
		for _, e := range s.starts(u) {
			if e.at == cells[0] {
				st, found = e, true
			}
		}
		if !found {
			return nil, 0, game.Reject("not-entry", "GS-P-21", "gs.not-entry", "unit", u.ID, "hex", s.label(cells[0]))
		}
		cells = cells[1:]
	}
	path := []grid.Coord{st.at}
	cost, budget := st.spent, s.budget(u)
	costf := s.moveCost(u)
	for i, c := range cells {
		from := path[len(path)-1]
		if (i > 0 || st.entry) && s.enemyControlled(u.Side, from) {
			return nil, 0, game.Reject("zoc-stop", "GS-3.4", "gs.zoc-stop", "unit", u.ID, "hex", s.label(from))
		}
		if !s.m().Grid.Adjacent(from, c) {
			return nil, 0, game.Reject("not-adjacent", "GS-2.4", "gs.not-adjacent.move", "hex", s.label(c), "from", s.label(from))
		}
		sc := costf(from, c, cost)
		if !sc.OK {
			return nil, 0, s.whyNot(u, from, c)
		}
		if cost+sc.Cost > budget {
			return nil, 0, game.Reject("too-far", "GS-2.9", "gs.too-far.step", "unit", u.ID, "mp", mp(budget-cost), "hex", s.label(c), "cost", mp(sc.Cost))
		}
		cost += sc.Cost
		path = append(path, c)
	}
	return path, cost, nil
}

// whyNot explains a refused step.
func (s *State) whyNot(u *Unit, from, to grid.Coord) error {
	if s.leavingZOC(u) && s.enemyControlled(u.Side, to) {
		return game.Reject("zoc-reenter", "GS-12.4", "gs.zoc-reenter", "unit", u.ID, "hex", s.label(to))
	}
	if o := s.UnitAt(to); o != nil {
		if o.Side != u.Side {
			return game.Reject("enemy-hex", "GS-2.6", "gs.enemy-hex", "unit", u.ID, "hex", s.label(to))
		}
		return game.Reject("zoc-friend", "GS-3.8", "gs.zoc-friend", "unit", u.ID, "hex", s.label(to))
	}
	if s.unbridged(from, to) {
		return game.Reject("river", "GS-T1", "gs.river", "unit", u.ID, "hex", s.label(from), "hex2", s.label(to))
	}
	if u.Arm == Artillery {
		return game.Reject("artillery-terrain", "GS-5.12", "gs.artillery-terrain.hex", "hex", s.label(to), "terrain", game.Term(s.terrain(to)))
	}
	return game.Reject("terrain", "GS-T1", "gs.terrain", "unit", u.ID, "hex", s.label(to), "terrain", game.Term(s.terrain(to)))
}

// decideExit handles leaving the map by movement (GS-6, GS-P-15).
func (s *State) decideExit(u *Unit, path []grid.Coord, cost int) ([]game.Event, error) {
	end := path[len(path)-1]
	if o := s.UnitAt(end); o != nil && o != u {
		return nil, game.Reject("stacking", "GS-6.1", "gs.stacking.exit", "unit", u.ID, "hex", s.label(end))
	}
	if !s.onEdge(end) {
		return nil, game.Reject("not-edge", "GS-P-15", "gs.not-edge", "hex", s.label(end))
	}
	if s.night() {
		return nil, game.Reject("night", "GS-S6.special", "gs.night.exit")
	}
	if s.enemyControlled(u.Side, end) {
		return nil, game.Reject("zoc-exit", "GS-P-15", "gs.zoc-exit", "unit", u.ID, "hex", s.label(end))
	}
	need := 2
	if s.roadOffEdge(end) && (len(path) == 1 || s.linkKind(path[len(path)-2], end) == Road) {
		need = 1
	}
	if cost+need > s.budget(u) {
		return nil, game.Reject("too-far", "GS-P-15", "gs.too-far.exit", "unit", u.ID, "need", mp(need), "mp", mp(s.budget(u)-cost))
	}
	text := game.M("gs.event.exited", "unit", u.ID, "hex", s.label(end))
	scored := s.scoresExit(u.Side, end)
	if scored {
		text = game.M("gs.event.exited.scored", "unit", u.ID, "hex", s.label(end), "pc", u.PC)
	}
	d := &decider{s: s}
	if len(path) > 1 {
		d.emit(Moved{Unit: u.ID, Path: path, Cost: cost, Msg: game.M("gs.event.moved.to-exit", "unit", u.ID, "from", s.label(path[0]), "to", s.label(end), "mp", mp(cost))})
	}
	d.emit(Exited{Unit: u.ID, From: end, Scored: scored, Msg: text})
	d.morale()
	d.checkEnd()
	return d.evs, nil
}

func (s *State) onEdge(c grid.Coord) bool {
	return len(s.m().Grid.Neighbors(c)) < s.m().Grid.Dirs()
}

// roadOffEdge reports a road that runs off the map at edge hex c: a road
// hex on the edge with a single road link.
func (s *State) roadOffEdge(c grid.Coord) bool {
	if !s.onEdge(c) {
		return false
	}
	n := 0
	for _, x := range s.m().Grid.Neighbors(c) {
		if s.m().Linked(c, x, Road) {
			n++
		}
	}
	return n == 1
}
