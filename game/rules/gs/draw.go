package gs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
)

// Random forces (GS-S9a, GS-S9b): a side draws its units face down from
// piles by arm, without looking. The parameter "draw-A" says what to draw:
// "main:infantry:9,cavalry:4,artillery:3 R:infantry:1,cavalry:1" — groups
// (main is the army on the map at the start) with their counts by arm. When
// a main group is drawn the counters not drawn stay out of the game; when
// it is not, they form the main army.

// StatusUnused marks a counter not drawn into the army.
const StatusUnused = "unused"

// Drawn records a side's secret draw.
type Drawn struct {
	Side   game.Side           `json:"side"`
	Groups map[string][]string `json:"groups"`
	Unused []string            `json:"unused,omitempty"`
	Msg    game.Msg            `json:"msg,omitzero"`
	Text   string              `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Drawn) Kind() string        { return "drawn" }
func (e Drawn) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Drawn) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e Drawn) Owner() game.Side  { return e.Side }

type drawPart struct {
	group string
	arms  map[string]int
}

func (s *State) drawSpec(side game.Side) ([]drawPart, error) {
	var out []drawPart
	for _, w := range strings.Fields(s.sc.Param("draw-"+side.String(), "")) {
		g, rest, ok := strings.Cut(w, ":")
		if !ok {
			return nil, fmt.Errorf("draw-%s: %q is not GROUP:ARM:N,…", side, w)
		}
		p := drawPart{group: g, arms: map[string]int{}}
		for _, a := range strings.Split(rest, ",") {
			arm, n, ok := strings.Cut(a, ":")
			if !ok || atoi(n) <= 0 {
				return nil, fmt.Errorf("draw-%s: %q is not ARM:N", side, a)
			}
			p.arms[arm] = atoi(n)
		}
		out = append(out, p)
	}
	return out, nil
}

// drawDue reports a side that must still draw its forces.
func (s *State) drawDue(side game.Side) bool {
	return s.sc.Param("draw-"+side.String(), "") != "" && !s.DrawDone[side]
}

// decideDraw draws side's forces with the dice.
func (s *State) decideDraw(cmd game.Command, dice game.Dice) ([]game.Event, error) {
	if s.Phase != PhaseSetup || !s.drawDue(cmd.Side) {
		return nil, game.Reject("no-draw", "GS-S9a.forces", "gs.no-draw")
	}
	spec, err := s.drawSpec(cmd.Side)
	if err != nil {
		return nil, err
	}
	pile := map[string][]string{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == cmd.Side {
			pile[u.Arm] = append(pile[u.Arm], u.ID)
		}
	}
	for _, arm := range []string{Infantry, Cavalry, Artillery} { // shuffle each pile
		p := pile[arm]
		for i := len(p) - 1; i > 0; i-- {
			j := dice.Roll(i+1) - 1
			p[i], p[j] = p[j], p[i]
		}
	}
	groups := map[string][]string{}
	main := false
	for _, part := range spec {
		if part.group == "main" {
			main = true
		}
		for _, arm := range []string{Infantry, Cavalry, Artillery} {
			n := part.arms[arm]
			if n > len(pile[arm]) {
				return nil, fmt.Errorf("gs: scenario %s: draw-%s asks for more %s than the side has", s.sc.ID, cmd.Side, arm)
			}
			groups[part.group] = append(groups[part.group], pile[arm][:n]...)
			pile[arm] = pile[arm][n:]
		}
	}
	var rest []string
	for _, arm := range []string{Infantry, Cavalry, Artillery} {
		rest = append(rest, pile[arm]...)
	}
	var unused []string
	if main {
		unused = rest
	} else {
		groups["main"] = append(groups["main"], rest...)
	}
	var parts []game.Msg
	for _, g := range slices.Sorted(mapsKeys(groups)) {
		parts = append(parts, game.M("gs.event.drawn.group", "group", game.Term(g), "units", s.describe(groups[g])))
	}
	return []game.Event{Drawn{Side: cmd.Side, Groups: groups, Unused: unused,
		Msg: game.M("gs.event.drawn", "side", cmd.Side, "groups", joinSemi(parts))}}, nil
}

func mapsKeys(m map[string][]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// freeReserve lets a side bring a group on when it wishes, from a turn on,
// by a road of its edge (GS-S9a: A's two reinforcements from turn 4).
func (s *State) decideFreeReserve(cmd game.Command) ([]game.Event, error) {
	from := atoi(s.sc.Param("free-reserve-"+cmd.Side.String(), "0"))
	g := strings.ToUpper(cmd.Args[0])
	switch {
	case from == 0 || s.Phase != PhaseMove || cmd.Side != s.Active:
		return nil, game.Reject("no-slot", "GS-S9a.deploy", "gs.no-slot.call")
	case s.Turn < from:
		return nil, game.Reject("too-early", "GS-S9a.deploy", "gs.too-early.call", "turn", from)
	case len(s.groupUnits(cmd.Side, g)) == 0 || s.groupOpen(cmd.Side, g):
		return nil, game.Reject("bad-group", "GS-S9a.deploy", "gs.bad-group", "group", g)
	}
	saved := s.RoadDue[cmd.Side]
	n := s.clone()
	n.RoadDue[cmd.Side] = g
	evs, err := n.decideRoad(cmd)
	n.RoadDue[cmd.Side] = saved
	return evs, err
}
