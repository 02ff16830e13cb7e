package gs

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Scenario VII (GS-S7), and IXa on its theme: B's corps come in by the
// roads of the south edge — groups I, II and III on turn 1 by three
// different roads, group IV from turn 4 by one road — all the roads chosen
// secretly before play (GS-P-30). The result compares the losses of the
// two armies as percentages of their starting strength.

// roadsDue reports a side that must still choose its secret entry roads.
func (s *State) roadsDue(side game.Side) bool {
	return s.sc.Param("secret-roads-"+side.String(), "") != "" && !s.RoadsChosen[side]
}

// RoadsChosen records a side's secret entry roads (one event per group is
// folded into EntryOpened; this marks the choice made).
type RoadsChosen struct {
	Side game.Side `json:"side"`
	Msg  game.Msg  `json:"msg,omitzero"`
	Text string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (RoadsChosen) Kind() string        { return "roads-chosen" }
func (e RoadsChosen) Message() game.Msg { return told(e.Msg, e.Text) }
func (e RoadsChosen) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e RoadsChosen) Owner() game.Side  { return e.Side }

// decideRoads handles "roads I=A0623 II=A1423 III=B0423 IV=B1523" (or
// "roads auto"): the parameter "secret-roads-B" = "I:1 II:1 III:1 IV:4"
// gives each group's first turn; groups entering on the same turn need
// different roads.
func (s *State) decideRoads(cmd game.Command) ([]game.Event, error) {
	if s.Phase != PhaseSetup || !s.roadsDue(cmd.Side) {
		return nil, game.Reject("no-roads", "GS-S7.deploy", "gs.no-roads")
	}
	if s.drawDue(cmd.Side) {
		return nil, game.Reject("draw-due", "GS-S9a.forces", "gs.draw-due")
	}
	plan := map[string]int{}
	var order []string
	for _, w := range strings.Fields(s.sc.Param("secret-roads-"+cmd.Side.String(), "")) {
		g, t, _ := strings.Cut(w, ":")
		plan[g] = atoi(t)
		order = append(order, g)
	}
	roads := s.roads(cmd.Side)
	chosen := map[string]grid.Coord{}
	if len(cmd.Args) == 1 && strings.EqualFold(cmd.Args[0], "auto") {
		used := map[int][]grid.Coord{}
		for _, g := range order {
			for _, r := range roads {
				if !slices.Contains(used[plan[g]], r) {
					chosen[g] = r
					used[plan[g]] = append(used[plan[g]], r)
					break
				}
			}
		}
	} else {
		for _, a := range cmd.Args {
			g, h, ok := strings.Cut(a, "=")
			if !ok {
				return nil, game.Reject(game.CodeSyntax, "GS-S7.deploy", "gs.syntax.roads", "groups", strings.Join(order, "=HEX "), "hexes", s.labels(roads))
			}
			g = strings.ToUpper(g)
			if _, ok := plan[g]; !ok {
				return nil, game.Reject("bad-group", "GS-S7.deploy", "gs.bad-group.roads", "group", g, "groups", strings.Join(order, ", "))
			}
			c, err := s.cell(h)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(roads, c) {
				return nil, game.Reject("bad-road", "GS-S7.deploy", "gs.bad-road", "hex", s.label(c), "hexes", s.labels(roads))
			}
			chosen[g] = c
		}
	}
	for _, g := range order {
		if _, ok := chosen[g]; !ok {
			return nil, game.Reject("bad-roads", "GS-S7.deploy", "gs.bad-roads.missing", "groups", strings.Join(order, ", "))
		}
		for _, h := range order {
			if h < g && plan[h] == plan[g] && chosen[h] == chosen[g] {
				return nil, game.Reject("bad-roads", "GS-S7.deploy", "gs.bad-roads.same-turn", "group", h, "group2", g)
			}
		}
	}
	var evs []game.Event
	var parts []game.Msg
	for _, g := range order {
		units := s.groupUnits(cmd.Side, g)
		evs = append(evs, EntryOpened{Side: cmd.Side, Group: g, Units: units, From: plan[g], Cells: []grid.Coord{chosen[g]}, Secret: true,
			Msg: game.M("gs.event.entry-planned", "group", g, "hex", s.label(chosen[g]), "turn", plan[g])})
		parts = append(parts, game.M("gs.event.roads.group", "group", g, "hex", s.label(chosen[g])))
	}
	evs = append(evs, RoadsChosen{Side: cmd.Side, Msg: game.M("gs.event.roads", "groups", parts)})
	return evs, nil
}

// startTotal is the PC a side's army starts with, every group included
// (GS-P-31).
func (s *State) startTotal(side game.Side) int {
	t := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Status != StatusUnused {
			t += u.PC
		}
	}
	return t
}

// percentJudge compares losses as percentages of the starting totals:
// within margin points it is a draw, otherwise the lower percentage wins
// (GS-S7.victory, exact integers as GS-P-31).
func percentJudge(la, ta, lb, tb, margin int) game.Side {
	diff := la*tb - lb*ta // > 0: A lost a larger share
	if diff < 0 {
		diff = -diff
	}
	if 100*diff <= margin*ta*tb {
		return game.Nobody
	}
	if la*tb < lb*ta {
		return game.SideA
	}
	return game.SideB
}
