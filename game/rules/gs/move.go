package gs

import (
	"fmt"
	"math"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// mp prints half movement points as "1½".
func mp(half int) string {
	s := fmt.Sprint(half / 2)
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
	return u.OnMap() && !u.Moved && s.enemyControlled(u.Side, u.At) && s.zocExit(u) == ""
}

// zocExit explains why u may not leave the enemy zone of control it is in,
// or returns "" (GS-12.1, 12.2, and Ex. XXXIX C: every controlling unit
// must be of a type it may leave).
func (s *State) zocExit(u *Unit) string {
	if !s.on("zoc-exit") {
		return "it may leave only by combat"
	}
	for _, e := range s.controllers(u.Side.Other(), u.At) {
		switch {
		case u.Arm == Artillery:
			return "artillery never leaves an enemy zone of control (GS-12)"
		case u.Arm == Infantry && e.Arm != Artillery:
			arm := e.Arm
			if e.FaceDown {
				arm = "face down" // its identity is not for the mover (GS-P-34)
			}
			return fmt.Sprintf("infantry leaves only the zone of control of artillery, and %s is %s (GS-12.2)", e.ID, arm)
		case u.Arm == Cavalry && e.Arm == Cavalry:
			return fmt.Sprintf("cavalry cannot leave the zone of control of enemy cavalry (%s) (GS-12.1)", e.ID)
		}
	}
	return ""
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
	cost := map[grid.Coord]int{}
	for _, st := range s.starts(u) {
		for c, r := range s.reachIn(ix, u, st) {
			if (c == u.At && !st.entry) || ix.unit(c) != nil {
				continue
			}
			if old, ok := cost[c]; !ok || st.spent+r.Cost < old {
				cost[c] = st.spent + r.Cost
			}
		}
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
		return game.Refuse(game.CodeNotYourUnit, "GS-2.1", "%s is not your unit: a unit is never moved by the opponent", u.ID)
	}
	if u.Status == game.StatusReserve && !u.Moved {
		return s.canEnter(u)
	}
	if !u.OnMap() {
		return game.Refuse("not-on-map", "GS-2.1", "%s is not on the map", u.ID)
	}
	if u.Moved {
		return game.Refuse("already-moved", "GS-2.3", "%s has already moved this phase", u.ID)
	}
	if s.enemyControlled(u.Side, u.At) {
		if why := s.zocExit(u); why != "" {
			return game.Refuse("in-zoc", "GS-3.6", "%s starts in an enemy zone of control: %s", u.ID, why)
		}
	}
	return nil
}

// decideMove handles "move UNIT HEX [HEX…] [off]".
func (s *State) decideMove(cmd game.Command) ([]game.Event, error) {
	if len(cmd.Args) < 2 {
		return nil, game.Refuse(game.CodeSyntax, "GS-2", "write: move UNIT HEX (or move UNIT HEX HEX … for a path, ending with \"off\" to leave the map)")
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
			return nil, game.Refuse(game.CodeSyntax, "GS-8", "write: move UNIT HEX charge TARGET")
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
			return nil, game.Refuse("not-on-map", "GS-6.1", "%s is not on the map", u.ID)
		}
		path = []grid.Coord{u.At}
	case len(cells) == 0:
		return nil, game.Refuse(game.CodeSyntax, "GS-2", "write: move UNIT HEX")
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
		return nil, game.Refuse("stacking", "GS-2.6", "%s may not stop in %s: %s is there (no stacking)", u.ID, s.label(end), o.ID)
	}
	if end == u.At && !entering {
		return nil, game.Refuse("no-move", "GS-2.4", "%s is already in %s", u.ID, s.label(end))
	}
	text := fmt.Sprintf("%s %s → %s (%s MP of %s)", u.ID, s.label(path[0]), s.label(end), mp(cost), mp(s.budget(u)))
	if entering {
		text = fmt.Sprintf("%s enters at %s and moves to %s (%s MP of %s) (GS-P-21)", u.ID, s.label(path[0]), s.label(end), mp(cost), mp(s.budget(u)))
	}
	if s.leavingZOC(u) {
		text = fmt.Sprintf("%s leaves the enemy zone of control for %s MP (GS-12.3); %s", u.ID, mp(s.currentMP(u)), text)
	}
	if s.enemyControlled(u.Side, end) {
		text += ", stops in an enemy zone of control (GS-3.4)"
	}
	ev := Moved{Unit: u.ID, Path: path, Cost: cost, Entered: entering, Text: text}
	if charge != "" {
		t, err := s.enemyUnit(u.Side, charge)
		if err != nil {
			return nil, err
		}
		if err := s.checkCharge(u, path, cost, t); err != nil {
			return nil, err
		}
		ev.Charge = t.ID
		ev.Text += fmt.Sprintf("; charges %s (GS-8)", t.ID)
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
		return nil, 0, game.Refuse("enemy-hex", "GS-2.6", "%s may not enter %s: an enemy unit is there", u.ID, s.label(dest))
	}
	if s.leavingZOC(u) && s.enemyControlled(u.Side, dest) {
		return nil, 0, game.Refuse("zoc-reenter", "GS-12.4", "%s is leaving an enemy zone of control and may not enter %s, which an enemy controls", u.ID, s.label(dest))
	}
	if s.forbiddenTerrain(u, dest) {
		return nil, 0, game.Refuse("artillery-terrain", "GS-5.12", "%s may enter %s (%s) only along a road or path", u.ID, s.label(dest), s.terrain(dest))
	}
	for _, st := range s.starts(u) {
		far := grid.Reach(s.m().Grid, st.at, math.MaxInt/4, s.moveCost(u))
		if x, ok := far[dest]; ok {
			return nil, 0, game.Refuse("too-far", "GS-2.9", "%s cannot reach %s: it needs %s MP and has %s", u.ID, s.label(dest), mp(st.spent+x.Cost), mp(s.budget(u)))
		}
	}
	return nil, 0, game.Refuse("no-path", "GS-3.4", "%s has no legal path to %s (terrain, rivers, enemy units or zones of control are in the way)", u.ID, s.label(dest))
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
			return nil, 0, game.Refuse("not-entry", "GS-P-21", "%s cannot enter the map at %s now", u.ID, s.label(cells[0]))
		}
		cells = cells[1:]
	}
	path := []grid.Coord{st.at}
	cost, budget := st.spent, s.budget(u)
	costf := s.moveCost(u)
	for i, c := range cells {
		from := path[len(path)-1]
		if (i > 0 || st.entry) && s.enemyControlled(u.Side, from) {
			return nil, 0, game.Refuse("zoc-stop", "GS-3.4", "%s must stop in %s: it is in an enemy zone of control", u.ID, s.label(from))
		}
		if !s.m().Grid.Adjacent(from, c) {
			return nil, 0, game.Refuse("not-adjacent", "GS-2.4", "%s is not adjacent to %s: move hex by hex", s.label(c), s.label(from))
		}
		sc := costf(from, c, cost)
		if !sc.OK {
			return nil, 0, s.whyNot(u, from, c)
		}
		if cost+sc.Cost > budget {
			return nil, 0, game.Refuse("too-far", "GS-2.9", "%s has %s MP left and entering %s costs %s", u.ID, mp(budget-cost), s.label(c), mp(sc.Cost))
		}
		cost += sc.Cost
		path = append(path, c)
	}
	return path, cost, nil
}

// whyNot explains a refused step.
func (s *State) whyNot(u *Unit, from, to grid.Coord) error {
	if s.leavingZOC(u) && s.enemyControlled(u.Side, to) {
		return game.Refuse("zoc-reenter", "GS-12.4", "%s is leaving an enemy zone of control and may not enter %s, which an enemy controls", u.ID, s.label(to))
	}
	if o := s.UnitAt(to); o != nil {
		if o.Side != u.Side {
			return game.Refuse("enemy-hex", "GS-2.6", "%s may not enter %s: an enemy unit is there", u.ID, s.label(to))
		}
		return game.Refuse("zoc-friend", "GS-3.8", "%s may not pass through %s: the friendly unit there is in an enemy zone of control", u.ID, s.label(to))
	}
	if s.unbridged(from, to) {
		return game.Refuse("river", "GS-T1", "%s cannot cross the river between %s and %s (no bridge)", u.ID, s.label(from), s.label(to))
	}
	if u.Arm == Artillery {
		return game.Refuse("artillery-terrain", "GS-5.12", "artillery may enter %s (%s) only along a road or path", s.label(to), s.terrain(to))
	}
	return game.Refuse("terrain", "GS-T1", "%s cannot enter %s (%s)", u.ID, s.label(to), s.terrain(to))
}

// decideExit handles leaving the map by movement (GS-6, GS-P-15).
func (s *State) decideExit(u *Unit, path []grid.Coord, cost int) ([]game.Event, error) {
	end := path[len(path)-1]
	if o := s.UnitAt(end); o != nil && o != u {
		return nil, game.Refuse("stacking", "GS-6.1", "%s cannot leave from %s: another unit is there", u.ID, s.label(end))
	}
	if !s.onEdge(end) {
		return nil, game.Refuse("not-edge", "GS-P-15", "%s is not on the map edge: a unit leaves the map from an edge hex", s.label(end))
	}
	if s.night() {
		return nil, game.Refuse("night", "GS-S6.special", "no unit leaves the map during a night turn")
	}
	if s.enemyControlled(u.Side, end) {
		return nil, game.Refuse("zoc-exit", "GS-P-15", "%s cannot leave the map from %s: it is in an enemy zone of control", u.ID, s.label(end))
	}
	need := 2
	if s.roadOffEdge(end) && (len(path) == 1 || s.linkKind(path[len(path)-2], end) == Road) {
		need = 1
	}
	if cost+need > s.budget(u) {
		return nil, game.Refuse("too-far", "GS-P-15", "%s needs %s MP left to leave the map and has %s", u.ID, mp(need), mp(s.budget(u)-cost))
	}
	text := fmt.Sprintf("%s leaves the map from %s and is eliminated (GS-6.1)", u.ID, s.label(end))
	scored := s.scoresExit(u.Side, end)
	if scored {
		text = fmt.Sprintf("%s leaves the map from %s and scores its %d PC (GS-S6.victory)", u.ID, s.label(end), u.PC)
	}
	d := &decider{s: s}
	if len(path) > 1 {
		d.emit(Moved{Unit: u.ID, Path: path, Cost: cost, Text: fmt.Sprintf("%s %s → %s (%s MP)", u.ID, s.label(path[0]), s.label(end), mp(cost))})
	}
	d.emit(Exited{Unit: u.ID, From: end, Scored: scored, Text: text})
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
