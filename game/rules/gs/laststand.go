package gs

import (
	"fmt"
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
	Text string    `json:"text"`
}

func (RoadsChosen) Kind() string       { return "roads-chosen" }
func (e RoadsChosen) Explain() string  { return e.Text }
func (e RoadsChosen) Owner() game.Side { return e.Side }

// decideRoads handles "roads I=A0623 II=A1423 III=B0423 IV=B1523" (or
// "roads auto"): the parameter "secret-roads-B" = "I:1 II:1 III:1 IV:4"
// gives each group's first turn; groups entering on the same turn need
// different roads.
func (s *State) decideRoads(cmd game.Command) ([]game.Event, error) {
	if s.Phase != PhaseSetup || !s.roadsDue(cmd.Side) {
		return nil, game.Refuse("no-roads", "GS-S7.deploy", "there are no entry roads to choose now")
	}
	if s.drawDue(cmd.Side) {
		return nil, game.Refuse("draw-due", "GS-S9a.forces", "first draw your forces (draw)")
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
				return nil, game.Refuse(game.CodeSyntax, "GS-S7.deploy", "write: roads %s=HEX … (one road of your edge per group: %s)", strings.Join(order, "=HEX "), s.labels(roads))
			}
			g = strings.ToUpper(g)
			if _, ok := plan[g]; !ok {
				return nil, game.Refuse("bad-group", "GS-S7.deploy", "no group %s (groups: %s)", g, strings.Join(order, ", "))
			}
			c, err := s.cell(h)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(roads, c) {
				return nil, game.Refuse("bad-road", "GS-S7.deploy", "%s is not one of your edge's roads (%s)", s.label(c), s.labels(roads))
			}
			chosen[g] = c
		}
	}
	for _, g := range order {
		if _, ok := chosen[g]; !ok {
			return nil, game.Refuse("bad-roads", "GS-S7.deploy", "choose a road for every group: %s", strings.Join(order, ", "))
		}
		for _, h := range order {
			if h < g && plan[h] == plan[g] && chosen[h] == chosen[g] {
				return nil, game.Refuse("bad-roads", "GS-S7.deploy", "groups %s and %s enter on the same turn and need different roads (GS-P-30)", h, g)
			}
		}
	}
	var evs []game.Event
	var parts []string
	for _, g := range order {
		units := s.groupUnits(cmd.Side, g)
		evs = append(evs, EntryOpened{Side: cmd.Side, Group: g, Units: units, From: plan[g], Cells: []grid.Coord{chosen[g]}, Secret: true,
			Text: fmt.Sprintf("group %s will enter at %s from turn %d", g, s.label(chosen[g]), plan[g])})
		parts = append(parts, fmt.Sprintf("%s at %s", g, s.label(chosen[g])))
	}
	evs = append(evs, RoadsChosen{Side: cmd.Side, Text: "entry roads written down: " + strings.Join(parts, ", ")})
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
