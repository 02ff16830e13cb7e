package flg

import (
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// moveOpt is one destination of a unit's move.
type moveOpt struct {
	reach    *reach // the flood that reached it: its path is built on demand
	noCombat bool
	road     bool
	mount    bool
}

// allowance returns the hexes a unit may move keeping its combat, and at
// most (FLG-T2/T4 with the traits B1, B2, B4, the artillery carry-over of
// FLG-4.41 and staff letter D).
func (s *State) allowance(u *Unit) (ma, most int) {
	t := u.T()
	ma, most = t.MA, t.Max
	if u.Doubled {
		ma, most = 2*ma, 2*most
	}
	if u.Has("B1") {
		ma, most = ma-1, most-1
	}
	if u.Has("B2") {
		ma, most = ma+1, most+1
	}
	ma, most = ma-u.Carry, most-u.Carry
	if t.Has("cap1") {
		most = min(most, 1)
	}
	if u.OneHex {
		most = min(most, 1)
	}
	if u.Static || u.NoMove {
		most = 0
	}
	return ma, max(most, 0)
}

// camelKind: camels do not stop in sand (FLG-T10) and are spared the
// camel effect.
func camelKind(u *Unit) bool { return u.T().Has("camel") || u.Mount == "camel" }

// elephantKind is spared the elephant effect.
func elephantKind(u *Unit) bool { return u.T().Has("elephant") || u.Mount == "elephant" && u.Elephant }

// step prices one step of a unit's move (FLG-P-12); roadOnly keeps to the
// road (FLG-3.8).
func (s *State) step(u *Unit, from, to grid.Coord, roadOnly bool) grid.StepCost {
	if s.impassable(to) {
		return grid.StepCost{}
	}
	if x := s.UnitAt(to); x != nil && x != u {
		// Only through friendly artillery, by infantry, cavalry and camels
		// (FLG-3.2, AMB-16); never ending there (the caller's filter).
		if x.Side != u.Side || x.T().Family != FamArt || (u.T().Family != FamInf && u.T().Family != FamCav) {
			return grid.StepCost{}
		}
	}
	t := u.T()
	onRoad := s.road(from, to)
	if roadOnly {
		if !onRoad {
			return grid.StepCost{}
		}
		return grid.StepCost{OK: true, Cost: 1}
	}
	if t.Family == FamArt && s.artilleryBarred(from, to) {
		return grid.StepCost{}
	}
	if s.obstacleInto(from, to) == ORampart {
		return grid.StepCost{}
	}
	if onRoad {
		return grid.StepCost{OK: true, Cost: 1}
	}
	c := grid.StepCost{OK: true, Cost: 1}
	if s.terrain(to) == TRocks {
		c.Cost++
	}
	if s.terrain(from) == TRocks {
		c.Cost++
	}
	switch s.obstacleInto(from, to) {
	case OWall, ODitch, OFort:
		c.Cost++
	}
	switch s.terrain(to) {
	case TForest, TMarsh, TTown, TFord, TSnow:
		c.Stop = true
	case TSand:
		c.Stop = !camelKind(u)
	}
	switch s.obstacleOutOf(from, to) {
	case OWall, OFort:
		c.Stop = true
	}
	return c
}

// moveOptions lists where a unit may move: on its own allowance keeping
// its combat or not, by road march (+1, FLG-3.8) and with its mounts
// (+1, FLG-3.9); the first way that reaches a hex wins (mover.destinations).
func (s *State) moveOptions(u *Unit) map[grid.Coord]moveOpt {
	m := s.mover()
	out := map[grid.Coord]moveOpt{}
	for _, d := range m.destinations(u, nil) {
		out[d.at] = d.moveOpt
	}
	return out
}

// canMove checks that a unit may move now (FLG-2.1, FLG-3.1, FLG-2.5).
func (s *State) canMove(u *Unit) error {
	if err := s.phaseIs(PhaseMove, "FLG-3.1"); err != nil {
		return err
	}
	if !u.Activated {
		return game.Reject("not-activated", "FLG-2.1", "flg.not-activated", "unit", u.ID)
	}
	if u.HasMoved {
		return game.Reject("moved", "FLG-3.1", "flg.move.twice", "unit", u.ID)
	}
	if k := s.actOf(u.By); k >= 0 && k < s.Stage {
		return game.Reject("officer-order", "FLG-2.5", "flg.order-of-officers", "unit", u.ID, "officer", u.By)
	}
	return nil
}

// move: "move UNIT HEX".
func (d *decider) move(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "FLG-3.1", "flg.syntax", "usage", game.Plain("move UNIT HEX"))
	}
	if cmd.Args[1] == "off" {
		return d.withdraw(cmd)
	}
	if m := w.Messenger(cmd.Args[0]); m != nil && m.Side == cmd.Side && !m.Gone {
		return d.carry(m, cmd.Args[1])
	}
	if o := w.Officer(cmd.Args[0]); o != nil && o.Side == cmd.Side {
		return d.moveOfficer(o, cmd.Args[1])
	}
	u, err := w.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if err := w.canMove(u); err != nil {
		return err
	}
	to, err := w.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	opt, ok := w.moveOptions(u)[to]
	if !ok {
		ma, most := w.allowance(u)
		return game.Reject("cannot-reach", "FLG-3.5", "flg.move.reach", "unit", u.ID, "cell", w.label(to), "ma", ma, "most", most)
	}
	from := u.At
	path := append([]grid.Coord{u.At}, opt.reach.path(to)...)
	wasOff := u.Off
	if u.Off {
		// From outside the table: the entry hex is the first hex moved.
		path = append([]grid.Coord{{X: -1, Y: -1}, u.Entry}, opt.reach.path(to)...)
		u.Off = false
	}
	if k := w.actOf(u.By); k >= 0 {
		w.Stage = k
	}
	// A lone enemy officer in a hex entered flees first (FLG-4.81).
	var fled []string
	var caught []Carried
	for _, c := range path[1:] {
		if !w.board().Grid.Contains(c) {
			continue
		}
		for i := range w.Messengers {
			if m := &w.Messengers[i]; !m.Gone && m.Side != u.Side && m.At == c {
				caught = append(caught, d.catch(m))
			}
		}
		for _, o := range w.officersAt(c) {
			if o.Side != u.Side && !w.carrying(o.ID) {
				fled = append(fled, d.flee(o, c))
			}
		}
	}
	for _, e := range caught {
		e.Changes = d.changes()
		d.setMessengers(&e.Changes)
		d.evs = append(d.evs, e)
	}
	for _, o := range w.officersAt(from) {
		if o.Side == u.Side && !wasOff {
			o.At = to
			d.touchOfficer(o)
		}
	}
	u.At, u.Moved, u.HasMoved = to, len(path)-1, true
	u.NoCombat = u.NoCombat || opt.noCombat
	u.UsedMount = opt.mount
	d.touch(u)
	e := Moved{Unit: u.ID, Path: path, From: w.label(from), To: w.label(to), NoCombat: opt.noCombat, Road: opt.road, Mount: opt.mount}
	e.Changes = d.changes()
	stage := w.Stage
	e.Stage = &stage
	_ = fled
	d.evs = append(d.evs, e)
	return nil
}

func (s *State) legalMoves() []game.Option {
	var out []game.Option
	exits := s.sc.Param(paramExit, "false") == "true"
	m := s.mover()
	var dests []moveDest
	var cells []int
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gone || u.Side != s.Active || !u.Activated || u.HasMoved || s.canMove(u) != nil {
			continue
		}
		dests = m.destinations(u, dests[:0])
		exit := exits && s.canWithdraw(u) == nil
		if len(dests) == 0 && !exit {
			continue
		}
		cells = cells[:0]
		for _, d := range dests {
			cells = append(cells, d.i)
		}
		node := game.Option{Label: u.ID, LabelMsg: game.M("flg.opt.unit", "unit", u.ID)}
		m.optionsTo(&node, u.ID, cells, func(k int) bool { return dests[k].noCombat })
		if exit {
			cmd := "move " + u.ID + " off"
			node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.withdraw", "unit", u.ID)})
		}
		out = append(out, node)
	}
	for i := range s.Officers {
		o := &s.Officers[i]
		if o.Side != s.Active {
			continue
		}
		cells = s.officerCells(m, o, cells[:0])
		if len(cells) == 0 {
			continue
		}
		node := game.Option{Label: o.ID, LabelMsg: game.M("flg.opt.unit", "unit", o.ID)}
		m.optionsTo(&node, o.ID, cells, nil)
		out = append(out, node)
	}
	return out
}

// officerMoves are the hexes an officer activated alone may reach: 3
// hexes, terrain ignored but impassable hexes and enemy units (FLG-2.15,
// FLG-3.6, FLG-T5).
func (s *State) officerMoves(o *Officer) map[grid.Coord][]grid.Coord {
	out := map[grid.Coord][]grid.Coord{}
	most, ok := s.officerWalk(o)
	if !ok {
		return out
	}
	reach := flood(s.board().Grid, o.At, most, func(a, b grid.Coord, _ int) grid.StepCost {
		if s.impassable(b) {
			return grid.StepCost{}
		}
		if x := s.UnitAt(b); x != nil && x.Side != o.Side {
			return grid.StepCost{}
		}
		return grid.StepCost{OK: true, Cost: 1}
	})
	for c := range reach {
		if c != o.At {
			out[c] = append([]grid.Coord{o.At}, grid.Path(reach, c)...)
		}
	}
	if o.Off {
		// From off the table: the entry hex is the first of the 3.
		out = map[grid.Coord][]grid.Coord{}
		if s.Turn < o.Enter {
			return out
		}
		out[o.At] = []grid.Coord{{X: -1, Y: -1}, o.At}
		inner := flood(s.board().Grid, o.At, most-1, func(a, b grid.Coord, _ int) grid.StepCost {
			if s.impassable(b) {
				return grid.StepCost{}
			}
			if x := s.UnitAt(b); x != nil && x.Side != o.Side {
				return grid.StepCost{}
			}
			return grid.StepCost{OK: true, Cost: 1}
		})
		for c := range inner {
			if c != o.At {
				out[c] = append([]grid.Coord{{X: -1, Y: -1}, o.At}, grid.Path(inner, c)...)
			}
		}
	}
	return out
}

// officerWalk says whether an officer may walk now, and how far.
func (s *State) officerWalk(o *Officer) (int, bool) {
	// An aide-de-camp that delivered its order walks back from the turn
	// after (FLG-2.13), without an activation.
	back := o.Rank == RankADC && o.Back > 0 && s.Turn > o.Back && o.Side == s.Active && !s.carrying(o.ID)
	if !o.Alone && !back || o.Moved || o.Gone || s.Phase != PhaseMove {
		return 0, false
	}
	t, _ := GameTables()
	r, _ := t.Row("officers", o.Rank)
	most, _ := strconv.Atoi(r[1])
	return most, true
}

// officerCells appends the cells of officerMoves in cell order, by the
// mover's flood.
func (s *State) officerCells(m *mover, o *Officer, cells []int) []int {
	most, ok := s.officerWalk(o)
	if !ok {
		return cells
	}
	if m.index(o.At) < 0 {
		return cells // not on the map: check refuses such a position
	}
	m.used = 0
	w := walker{side: o.Side}
	if o.Off {
		// From off the table: the entry hex is the first of the 3.
		if s.Turn < o.Enter {
			return cells
		}
		most--
	}
	r := m.flood(&w, o.At, most)
	for i, c := range r.cost {
		if c >= 0 && (o.Off || int32(i) != r.start) {
			cells = append(cells, i)
		}
	}
	return cells
}

// moveOfficer: "move OFFICER HEX" for an officer activated alone.
func (d *decider) moveOfficer(o *Officer, where string) error {
	w := d.w
	if err := w.phaseIs(PhaseMove, "FLG-3.1"); err != nil {
		return err
	}
	if !o.Alone && len(w.officerMoves(o)) == 0 {
		return game.Reject("not-activated", "FLG-2.15", "flg.not-activated", "unit", o.ID)
	}
	if o.Moved {
		return game.Reject("moved", "FLG-3.1", "flg.move.twice", "unit", o.ID)
	}
	to, err := w.cell(where)
	if err != nil {
		return err
	}
	path, ok := w.officerMoves(o)[to]
	if !ok {
		return game.Reject("cannot-reach", "FLG-2.15", "flg.move.reach", "unit", o.ID, "cell", w.label(to), "ma", 3, "most", 3)
	}
	from := o.At
	o.At, o.Moved, o.Off = to, true, false
	d.touchOfficer(o)
	e := Moved{Unit: o.ID, Path: path, From: w.label(from), To: w.label(to)}
	e.Changes = d.changes()
	d.evs = append(d.evs, e)
	return nil
}

// flood is grid.Reach for the small allowances of this game: a Dijkstra
// over a map of the few hexes reached (grid.Reach clears arrays the size
// of the board at each call, which dominated Legal). Ties keep the
// lower predecessor, as grid.Reach does.
func flood(g grid.Grid, start grid.Coord, budget int, cost grid.CostFunc) map[grid.Coord]grid.Reached {
	out := map[grid.Coord]grid.Reached{start: {Prev: start}}
	done := map[grid.Coord]bool{}
	buckets := make([][]grid.Coord, budget+1)
	buckets[0] = append(buckets[0], start)
	for k := 0; k <= budget; k++ {
		for len(buckets[k]) > 0 {
			c := buckets[k][0]
			buckets[k] = buckets[k][1:]
			if done[c] || out[c].Cost != k {
				continue
			}
			done[c] = true
			if out[c].Stop {
				continue
			}
			for d := range g.Dirs() {
				n := g.Step(c, d)
				if !g.Contains(n) || done[n] {
					continue
				}
				sc := cost(c, n, k)
				if !sc.OK || sc.Cost < 0 {
					continue
				}
				total := k + sc.Cost
				if total > budget {
					continue
				}
				if old, seen := out[n]; seen && (old.Cost < total || old.Cost == total && !c.Less(old.Prev)) {
					continue
				}
				out[n] = grid.Reached{Cost: total, Prev: c, Stop: sc.Stop}
				buckets[total] = append(buckets[total], n)
			}
		}
	}
	return out
}

// withdraw: "move UNIT off", a unit leaving the battlefield by its own
// edge (FLG-3.10, FLG-P-36's exitAllowed). Only when the scenario allows
// it (param exit-allowed = true; otherwise the seed forbids it), for an
// activated unit that has not moved yet, standing on its own edge, able
// to move, and not its side's last unit on the battlefield. It leaves at
// once, is not counted as lost (FLG-5.2, FLG-P-30) and never comes back;
// the officers in its hex stay.
func (d *decider) withdraw(cmd game.Command) error {
	w := d.w
	if w.Officer(cmd.Args[0]) != nil || w.Messenger(cmd.Args[0]) != nil {
		return game.Reject("no-exit", "FLG-3.10", "flg.exit.units", "id", game.Plain(cmd.Args[0]))
	}
	u, err := w.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if w.sc.Param(paramExit, "false") != "true" {
		return game.Reject("no-exit", "FLG-3.10", "flg.exit.forbidden", "unit", u.ID)
	}
	if err := w.canMove(u); err != nil {
		return err
	}
	if err := w.canWithdraw(u); err != nil {
		return err
	}
	if k := w.actOf(u.By); k >= 0 {
		w.Stage = k
	}
	from := w.label(u.At)
	u.Gone, u.Withdrawn, u.HasMoved = true, true, true
	d.touch(u)
	e := Withdrew{Unit: u.ID, From: from}
	e.Changes = d.changes()
	stage := w.Stage
	e.Stage = &stage
	d.evs = append(d.evs, e)
	return nil
}

// canWithdraw checks what a withdrawal needs beyond a move's (canMove):
// the unit stands on its own edge and may move; another unit of its side
// stays on the battlefield (the army cannot leave the field entirely, a
// judgement call: docs/flg.md).
func (s *State) canWithdraw(u *Unit) error {
	if u.Off || u.Reserve || !s.atEdge(u.Side, u.At) {
		return game.Reject("no-exit", "FLG-3.10", "flg.exit.edge", "unit", u.ID)
	}
	if ma, _ := s.allowance(u); ma < 1 || u.NoMove || u.Static {
		return game.Reject("no-exit", "FLG-3.10", "flg.exit.still", "unit", u.ID)
	}
	for i := range s.Units {
		if o := &s.Units[i]; o.Side == u.Side && o.ID != u.ID && !o.Gone {
			return nil
		}
	}
	return game.Reject("no-exit", "FLG-3.10", "flg.exit.last", "unit", u.ID)
}
