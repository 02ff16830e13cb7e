package flg

// The movement code as it stood before the dense floods (move.go): the
// reference the faster Legal is compared with (TestLegalMovesReference).

import (
	"slices"
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

type refOpt struct {
	reach    map[grid.Coord]grid.Reached
	noCombat bool
	road     bool
	mount    bool
}

// moveOptions lists where a unit may move: on its own allowance keeping
// its combat or not, by road march (+1, FLG-3.8) and with its mounts
// (+1, FLG-3.9); the first way that reaches a hex wins.
func (s *State) refMoveOptions(u *Unit) map[grid.Coord]refOpt {
	ma, most := s.allowance(u)
	out := map[grid.Coord]refOpt{}
	if most <= 0 {
		return out
	}
	g := s.board().Grid
	if u.Off {
		// A reinforcement's first hex is its entry hex (FLG-3.11): it is
		// entered from outside the table, then the move goes on.
		if s.UnitAt(u.Entry) != nil || s.impassable(u.Entry) || isArt(u) && s.rough(u.Entry) {
			return out
		}
		first := 1
		if s.terrain(u.Entry) == TRocks {
			first++
		}
		if first > most {
			return out
		}
		r := map[grid.Coord]grid.Reached{u.Entry: {Prev: u.Entry}}
		out[u.Entry] = refOpt{reach: r, noCombat: first > ma}
		if s.step(u, u.Entry, u.Entry, false).Stop {
			return out
		}
		fl := flood(g, u.Entry, most-first, func(a, b grid.Coord, _ int) grid.StepCost { return s.step(u, a, b, false) })
		for c, x := range fl {
			if c != u.Entry && s.UnitAt(c) == nil {
				out[c] = refOpt{reach: fl, noCombat: x.Cost+first > ma}
			}
		}
		return out
	}
	add := func(budget int, roadOnly bool, mount bool) {
		r := flood(g, u.At, budget, func(a, b grid.Coord, _ int) grid.StepCost { return s.step(u, a, b, roadOnly) })
		cells := make([]grid.Coord, 0, len(r))
		for c := range r {
			cells = append(cells, c)
		}
		slices.SortFunc(cells, func(a, b grid.Coord) int {
			if a.Less(b) {
				return -1
			}
			if b.Less(a) {
				return 1
			}
			return 0
		})
		for _, c := range cells {
			if c == u.At || s.UnitAt(c) != nil {
				continue
			}
			if _, done := out[c]; done {
				continue
			}
			nc := roadOnly || mount || r[c].Cost > ma
			out[c] = refOpt{reach: r, noCombat: nc, road: roadOnly, mount: mount}
		}
	}
	add(most, false, false)
	if u.Forced {
		// C1's forced march: one hex more, ending next to an enemy, with
		// the right to fight kept (FLG-P-27).
		r := flood(g, u.At, most+1, func(a, b grid.Coord, _ int) grid.StepCost { return s.step(u, a, b, false) })
		for c, x := range r {
			if c == u.At || s.UnitAt(c) != nil || len(s.enemiesAdjacent(u.Side, c)) == 0 {
				continue
			}
			if o, done := out[c]; done && !o.noCombat {
				continue
			}
			out[c] = refOpt{reach: r, noCombat: x.Cost > ma+1}
		}
	}
	cap1 := u.T().Has("cap1") || u.OneHex
	if !cap1 && s.onRoad(u.At) {
		add(most+1, true, false)
	}
	if u.Mount != "" && !cap1 && (u.Mount != "elephant" || u.Elephant) {
		add(most+1, false, true)
		if s.onRoad(u.At) {
			add(most+2, true, true)
		}
	}
	if u.Withdraw {
		// Far from its Sub-General an allied unit only withdraws toward
		// its own edge (A5, A6, AMB-10).
		for c := range out {
			if !s.east(u.Side) && c.X >= u.At.X || s.east(u.Side) && c.X <= u.At.X {
				delete(out, c)
			}
		}
	}
	return out
}

func (s *State) refLegalMoves() []game.Option {
	var out []game.Option
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gone || u.Side != s.Active || !u.Activated || u.HasMoved || s.canMove(u) != nil {
			continue
		}
		opts := s.refMoveOptions(u)
		if len(opts) == 0 {
			continue
		}
		cells := make([]grid.Coord, 0, len(opts))
		for c := range opts {
			cells = append(cells, c)
		}
		slices.SortFunc(cells, func(a, b grid.Coord) int {
			if a.Less(b) {
				return -1
			}
			return 1
		})
		node := game.Option{Label: u.ID, LabelMsg: game.M("flg.opt.unit", "unit", u.ID)}
		for _, c := range cells {
			cmd := "move " + u.ID + " " + s.label(c)
			node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: moveLabel(u.ID, s.label(c), opts[c].noCombat)})
		}
		out = append(out, node)
	}
	for i := range s.Officers {
		o := &s.Officers[i]
		if o.Side != s.Active {
			continue
		}
		opts := s.refOfficerMoves(o)
		if len(opts) == 0 {
			continue
		}
		cells := make([]grid.Coord, 0, len(opts))
		for c := range opts {
			cells = append(cells, c)
		}
		slices.SortFunc(cells, func(a, b grid.Coord) int {
			if a.Less(b) {
				return -1
			}
			return 1
		})
		node := game.Option{Label: o.ID, LabelMsg: game.M("flg.opt.unit", "unit", o.ID)}
		for _, c := range cells {
			cmd := "move " + o.ID + " " + s.label(c)
			node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: moveLabel(o.ID, s.label(c), false)})
		}
		out = append(out, node)
	}
	return out
}

// officerMoves are the hexes an officer activated alone may reach: 3
// hexes, terrain ignored but impassable hexes and enemy units (FLG-2.15,
// FLG-3.6, FLG-T5).
func (s *State) refOfficerMoves(o *Officer) map[grid.Coord][]grid.Coord {
	out := map[grid.Coord][]grid.Coord{}
	// An aide-de-camp that delivered its order walks back from the turn
	// after (FLG-2.13), without an activation.
	back := o.Rank == RankADC && o.Back > 0 && s.Turn > o.Back && o.Side == s.Active && !s.carrying(o.ID)
	if !o.Alone && !back || o.Moved || o.Gone || s.Phase != PhaseMove {
		return out
	}
	t, _ := GameTables()
	r, _ := t.Row("officers", o.Rank)
	most, _ := strconv.Atoi(r[1])
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

func (s *State) refLegalMessengers() []game.Option {
	var out []game.Option
	for i := range s.Messengers {
		m := &s.Messengers[i]
		if m.Gone || m.Side != s.Active {
			continue
		}
		node := game.Option{Label: m.ID, LabelMsg: game.M("flg.opt.unit", "unit", m.ID)}
		moves := s.messengerMoves(m)
		cells := make([]grid.Coord, 0, len(moves))
		for c := range moves {
			cells = append(cells, c)
		}
		slices.SortFunc(cells, func(a, b grid.Coord) int {
			if a.Less(b) {
				return -1
			}
			return 1
		})
		for _, c := range cells {
			cmd := "move " + m.ID + " " + s.label(c)
			node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: moveLabel(m.ID, s.label(c), false)})
		}
		for j := range s.Units {
			u := &s.Units[j]
			if u.Side == m.Side && !u.Gone && s.canDeliver(m, u) == nil {
				cmd := "deliver " + m.ID + " " + u.ID
				node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.deliver", "messenger", m.ID, "unit", u.ID)})
			}
		}
		if len(node.Children) > 0 {
			out = append(out, node)
		}
	}
	return out
}
