package gs

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Withdrawn reserves (GS-S8 set-up, GS-S10 optional reinforcements): before
// play a side sets aside units of given arms as its reserve, group "R".

// reserveGroup names the group of withdrawn units.
const reserveGroup = "R"

// Withdrawn records a side's secret choice of reserve units.
type Withdrawn struct {
	Side  game.Side `json:"side"`
	Units []string  `json:"units"`
	Msg   game.Msg  `json:"msg,omitzero"`
	Text  string    `json:"text,omitempty"` // the English narration of logs written before Msg
	// Entry is when and where the reserve may enter, worked out by Decide
	// (record); nil in the logs of version 1.
	Entry *ReserveEntry `json:"entry,omitempty"`
}

func (Withdrawn) Kind() string        { return "withdrawn" }
func (e Withdrawn) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Withdrawn) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e Withdrawn) Owner() game.Side  { return e.Side }

// withdrawal is the composition a side must set aside, by arm, or nil.
func (s *State) withdrawal(side game.Side) (map[string]int, error) {
	v := s.sc.Param("withdraw-"+side.String(), "")
	if opt := s.sc.Param("withdraw-option", ""); v == "" || (opt != "" && s.opt(opt) == "off") {
		return nil, nil
	}
	out := map[string]int{}
	for _, w := range strings.Fields(v) {
		arm, n, ok := strings.Cut(w, ":")
		k, err := strconv.Atoi(n)
		if !ok || err != nil || (arm != Infantry && arm != Cavalry && arm != Artillery) {
			return nil, fmt.Errorf("withdraw-%s: %q is not ARM:COUNT", side, w)
		}
		out[arm] = k
	}
	return out, nil
}

// mustWithdraw reports a side that has not yet chosen its reserve.
func (s *State) mustWithdraw(side game.Side) bool {
	w, _ := s.withdrawal(side)
	return w != nil && len(s.groupUnitsAny(side, reserveGroup)) == 0
}

func (s *State) groupUnitsAny(side game.Side, group string) []string {
	var out []string
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Group == group {
			out = append(out, u.ID)
		}
	}
	return out
}

func describeWithdrawal(w map[string]int) []game.Msg {
	var parts []game.Msg
	for _, arm := range []string{Infantry, Cavalry, Artillery} {
		if w[arm] > 0 {
			parts = append(parts, game.M("gs.count."+arm, "n", w[arm]))
		}
	}
	return parts
}

// decideWithdraw handles "withdraw UNIT…" and "withdraw auto".
func (s *State) decideWithdraw(cmd game.Command) ([]game.Event, error) {
	w, err := s.withdrawal(cmd.Side)
	if err != nil {
		return nil, err
	}
	if w == nil || s.Phase != PhaseSetup {
		return nil, game.Reject("no-withdrawal", "GS-S8.deploy", "gs.no-withdrawal")
	}
	if !s.mustWithdraw(cmd.Side) || s.Ready[cmd.Side] {
		return nil, game.Reject("already-withdrawn", "GS-S8.deploy", "gs.already-withdrawn")
	}
	var ids []string
	if len(cmd.Args) == 1 && strings.EqualFold(cmd.Args[0], "auto") {
		ids = s.autoWithdraw(cmd.Side, w)
	} else {
		for _, a := range cmd.Args {
			u, err := s.ownUnit(cmd.Side, a)
			if err != nil {
				return nil, err
			}
			if slices.Contains(ids, u.ID) {
				return nil, game.Reject("duplicate", "GS-S8.deploy", "gs.duplicate", "unit", u.ID)
			}
			ids = append(ids, u.ID)
		}
	}
	got := map[string]int{}
	for _, id := range ids {
		got[s.Unit(id).Arm]++
	}
	for _, arm := range []string{Infantry, Cavalry, Artillery} {
		if got[arm] != w[arm] {
			return nil, game.Reject("bad-reserve", "GS-S8.deploy", "gs.bad-reserve", "forces", describeWithdrawal(w))
		}
	}
	return []game.Event{s.record(Withdrawn{Side: cmd.Side, Units: ids,
		Msg: game.M("gs.event.withdrawn", "side", cmd.Side, "units", strings.Join(ids, " "))})}, nil
}

// autoWithdraw picks the weakest units of each arm (the default).
func (s *State) autoWithdraw(side game.Side, w map[string]int) []string {
	var out []string
	for _, arm := range []string{Infantry, Cavalry, Artillery} {
		var us []*Unit
		for i := range s.Units {
			if u := &s.Units[i]; u.Side == side && u.Arm == arm && u.deploys() {
				us = append(us, u)
			}
		}
		sort.SliceStable(us, func(i, j int) bool { return us[i].PC < us[j].PC })
		for i := 0; i < w[arm] && i < len(us); i++ {
			out = append(out, us[i].ID)
		}
	}
	return out
}

// reserveEntry opens the entry of a withdrawn reserve that arrives freely
// (GS-S10: from turn 2 to turn 9 through any hex of its own edge):
// parameter "reserve-entry-A" = "2-9 edge-A".
func (s *State) reserveEntry(side game.Side) (from, until int, zone string, ok bool) {
	decideOnly("reserveEntry")
	f := strings.Fields(s.sc.Param("reserve-entry-"+side.String(), ""))
	if len(f) != 2 {
		return 0, 0, "", false
	}
	a, b, _ := strings.Cut(f[0], "-")
	from, err1 := strconv.Atoi(a)
	until, err2 := strconv.Atoi(b)
	return from, until, f[1], err1 == nil && err2 == nil
}

// reserveDie reads "TURN LOW-HIGH" (GS-S8 special rule 1: from turn 3, a
// 1 or 2 brings the reserve in).
func (s *State) reserveDie(side game.Side) (from, lo, hi int, ok bool) {
	f := strings.Fields(s.sc.Param("reserve-die-"+side.String(), ""))
	if len(f) != 2 {
		return 0, 0, 0, false
	}
	from, err1 := strconv.Atoi(f[0])
	a, b, _ := strings.Cut(f[1], "-")
	lo, err2 := strconv.Atoi(a)
	hi, err3 := strconv.Atoi(b)
	return from, lo, hi, err1 == nil && err2 == nil && err3 == nil
}

// RoadChoice asks a side to choose the road its reserve enters by.
type RoadChoice struct {
	Side  game.Side `json:"side"`
	Group string    `json:"group"`
	Msg   game.Msg  `json:"msg,omitzero"`
	Text  string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (RoadChoice) Kind() string        { return "road-choice" }
func (e RoadChoice) Message() game.Msg { return told(e.Msg, e.Text) }
func (e RoadChoice) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// rollReserve rolls for a withdrawn reserve at the start of its owner's
// movement phase (GS-S8 special rule 1, GS-P-32).
func (d *decider) rollReserve() {
	s := d.s
	side := s.Active
	from, lo, hi, ok := s.reserveDie(side)
	if !ok || s.Turn < from || s.groupOpen(side, reserveGroup) || s.RoadDue[side] != "" || len(s.groupUnits(side, reserveGroup)) == 0 {
		return
	}
	r := d.dice.Roll(6)
	hit := r >= lo && r <= hi

	if !hit {
		d.emit(ReinforcementRoll{Side: side, Rolls: []int{r}, Rule: "GS-S8.special", Msg: game.M("gs.event.reserve-roll.no", "side", side, "roll", r)})
		return
	}
	d.emit(ReinforcementRoll{Side: side, Rolls: []int{r}, Group: reserveGroup, Rule: "GS-S8.special", Msg: game.M("gs.event.reserve-roll.yes", "side", side, "roll", r)})
	d.emit(RoadChoice{Side: side, Group: reserveGroup, Msg: game.M("gs.event.road-choice", "side", side)})
}

// roadDecision asks for the road of a reserve that has just arrived.
func (s *State) roadDecision(side game.Side) game.Decision {
	d := game.Decision{ID: fmt.Sprintf("t%d-road-%s", s.Turn, side), Side: side, Kind: "reinforce", Rule: "GS-P-32"}
	ask(&d, game.M("gs.prompt.road"))
	for _, c := range s.roads(side) {
		d.Options = append(d.Options, game.Option{Label: s.label(c), Command: "reinforce " + s.RoadDue[side] + " " + s.label(c)})
	}
	return d
}

// decideRoad answers a road choice.
func (s *State) decideRoad(cmd game.Command) ([]game.Event, error) {
	g := s.RoadDue[cmd.Side]
	if len(cmd.Args) != 2 || !strings.EqualFold(cmd.Args[0], g) {
		return nil, game.Reject(game.CodeSyntax, "GS-P-32", "gs.syntax.reinforce-road", "group", g, "hexes", s.labels(s.roads(cmd.Side)))
	}
	c, err := s.cell(cmd.Args[1])
	if err != nil {
		return nil, err
	}
	if !slices.Contains(s.roads(cmd.Side), c) {
		return nil, game.Reject("bad-road", "GS-P-32", "gs.bad-road", "hex", s.label(c), "hexes", s.labels(s.roads(cmd.Side)))
	}
	units := s.groupUnits(cmd.Side, g)
	return []game.Event{EntryOpened{Side: cmd.Side, Group: g, Units: units, From: s.Turn, Cells: []grid.Coord{c},
		Msg: game.M("gs.event.reserve-enters", "side", cmd.Side, "units", strings.Join(units, " "), "hex", s.label(c))}}, nil
}
