package gs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Scenario V (GS-S5): before play each side splits its army into corps —
// six groups of at least three units with at most one artillery unit, kept
// secret (GS-P-26) — and on turns 1 and 3 brings three of them on by three
// different roads of its edge. The winner holds more zones.

// Formed records a corps a side has formed, secretly.
type Formed struct {
	Side  game.Side `json:"side"`
	Group string    `json:"group"`
	Units []string  `json:"units"`
	Msg   game.Msg  `json:"msg,omitzero"`
	Text  string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Formed) Kind() string        { return "formed" }
func (e Formed) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Formed) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e Formed) Owner() game.Side  { return e.Side }

// corpsRule reads "6 3 1": how many corps, their least size, their most
// artillery units; zero count when the scenario forms none.
func (s *State) corpsRule() (count, least, arts int) {
	f := strings.Fields(s.sc.Param("corps", ""))
	if len(f) != 3 {
		return 0, 0, 0
	}
	return atoi(f[0]), atoi(f[1]), atoi(f[2])
}

// corpsDue reports a side that has units not yet in a corps.
func (s *State) corpsDue(side game.Side) bool {
	if n, _, _ := s.corpsRule(); n == 0 {
		return false
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Group == "" {
			return true
		}
	}
	return false
}

func corpsName(k int) string { return fmt.Sprintf("K%d", k) }

// decideForm handles "form UNIT…" (the next corps) and "form auto" (the
// remaining units dealt into the remaining corps).
func (s *State) decideForm(cmd game.Command) ([]game.Event, error) {
	count, least, arts := s.corpsRule()
	if count == 0 || s.Phase != PhaseSetup || !s.corpsDue(cmd.Side) {
		return nil, game.Reject("no-corps", "GS-S5.deploy", "gs.no-corps")
	}
	formed := len(s.groups(cmd.Side))
	var left []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == cmd.Side && u.Group == "" {
			left = append(left, u)
		}
	}
	if len(cmd.Args) == 1 && strings.EqualFold(cmd.Args[0], "auto") {
		return s.formAuto(cmd.Side, left, count-formed, arts)
	}
	var units []string
	nart := 0
	for _, a := range cmd.Args {
		u, err := s.ownUnit(cmd.Side, a)
		if err != nil {
			return nil, err
		}
		if u.Group != "" {
			return nil, game.Reject("in-corps", "GS-S5.deploy", "gs.in-corps", "unit", u.ID, "group", u.Group)
		}
		if slices.Contains(units, u.ID) {
			return nil, game.Reject("duplicate", "GS-S5.deploy", "gs.duplicate", "unit", u.ID)
		}
		if u.Arm == Artillery {
			nart++
		}
		units = append(units, u.ID)
	}
	switch {
	case len(units) < least:
		return nil, game.Reject("corps-size", "GS-S5.deploy", "gs.corps-size", "n", least)
	case nart > arts:
		return nil, game.Reject("corps-artillery", "GS-S5.deploy", "gs.corps-artillery", "n", arts)
	case formed+1 == count && len(units) != len(left):
		return nil, game.Reject("corps-last", "GS-S5.deploy", "gs.corps-last", "n", len(left))
	case formed+1 < count && len(left)-len(units) < least*(count-formed-1):
		return nil, game.Reject("corps-size", "GS-S5.deploy", "gs.corps-size.keep", "n", least*(count-formed-1), "corps", count-formed-1)
	}
	g := corpsName(formed + 1)
	return []game.Event{Formed{Side: cmd.Side, Group: g, Units: units, Msg: game.M("gs.event.formed", "group", g, "units", strings.Join(units, " "))}}, nil
}

// formAuto deals the remaining units into n corps, spreading the artillery.
func (s *State) formAuto(side game.Side, left []*Unit, n, arts int) ([]game.Event, error) {
	groups := make([][]string, n)
	na := make([]int, n)
	k := 0
	for _, u := range left {
		if u.Arm != Artillery {
			continue
		}
		for tries := 0; tries < n && na[k%n] >= arts; tries++ {
			k++
		}
		if na[k%n] >= arts {
			return nil, game.Reject("corps-artillery", "GS-S5.deploy", "gs.corps-artillery.left", "n", n)
		}
		groups[k%n] = append(groups[k%n], u.ID)
		na[k%n]++
		k++
	}
	for _, u := range left {
		if u.Arm == Artillery {
			continue
		}
		small := 0
		for i := range groups {
			if len(groups[i]) < len(groups[small]) {
				small = i
			}
		}
		groups[small] = append(groups[small], u.ID)
	}
	formed := len(s.groups(side))
	var evs []game.Event
	for i, g := range groups {
		name := corpsName(formed + i + 1)
		evs = append(evs, Formed{Side: side, Group: name, Units: g, Msg: game.M("gs.event.formed", "group", name, "units", strings.Join(g, " "))})
	}
	return evs, nil
}

// corpsEntryDue reports whether side must send corps on this turn.
func (s *State) corpsEntryDue(side game.Side) bool {
	if s.Phase != PhaseMove || s.Active != side || s.Res != nil {
		return false
	}
	if !slices.Contains(s.intsParam("corps-turns"), s.Turn) || slices.Contains(s.SlotsUsed[side], s.Turn) {
		return false
	}
	return s.anyGroupLeft(side)
}

// corpsDecision asks which corps come on this turn, and by which roads.
func (s *State) corpsDecision(side game.Side) game.Decision {
	per := atoi(s.sc.Param("corps-per-turn", "3"))
	d := game.Decision{ID: fmt.Sprintf("t%d-corps-%s", s.Turn, side), Side: side, Kind: "reinforce", Rule: "GS-S5.deploy",
		Options: []game.Option{choice(game.M("gs.option.send-auto"), "send auto")}}
	ask(&d, game.M("gs.prompt.send", "n", per))
	return d
}

// decideSend handles "send K1=HEX K3=HEX K5=HEX" and "send auto".
func (s *State) decideSend(cmd game.Command) ([]game.Event, error) {
	if !s.corpsEntryDue(cmd.Side) {
		return nil, game.Reject("no-corps", "GS-S5.deploy", "gs.no-corps.send")
	}
	per := atoi(s.sc.Param("corps-per-turn", "3"))
	roads := s.roads(cmd.Side)
	var waiting []string
	for _, g := range s.groups(cmd.Side) {
		if !s.groupOpen(cmd.Side, g) {
			waiting = append(waiting, g)
		}
	}
	per = min(per, len(waiting))
	sent := map[string]grid.Coord{}
	var order []string
	if len(cmd.Args) == 1 && strings.EqualFold(cmd.Args[0], "auto") {
		for i := 0; i < per && i < len(roads); i++ {
			sent[waiting[i]] = roads[i]
			order = append(order, waiting[i])
		}
	} else {
		for _, a := range cmd.Args {
			g, h, ok := strings.Cut(a, "=")
			g = strings.ToUpper(g)
			if !ok || !slices.Contains(waiting, g) {
				return nil, game.Reject("bad-group", "GS-S5.deploy", "gs.bad-group.send", "list", strings.Join(waiting, ", "))
			}
			c, err := s.cell(h)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(roads, c) {
				return nil, game.Reject("bad-road", "GS-S5.deploy", "gs.bad-road", "hex", s.label(c), "hexes", s.labels(roads))
			}
			for _, other := range sent {
				if other == c {
					return nil, game.Reject("bad-roads", "GS-P-26", "gs.bad-roads.corps")
				}
			}
			if _, dup := sent[g]; dup {
				return nil, game.Reject("duplicate", "GS-S5.deploy", "gs.duplicate.corps", "group", g)
			}
			sent[g] = c
			order = append(order, g)
		}
	}
	if len(order) != per {
		return nil, game.Reject("corps-count", "GS-S5.deploy", "gs.corps-count", "n", per)
	}
	var evs []game.Event
	for _, g := range order {
		units := s.groupUnits(cmd.Side, g)
		evs = append(evs, EntryOpened{Side: cmd.Side, Group: g, Units: units, From: s.Turn, Cells: []grid.Coord{sent[g]},
			Msg: game.M("gs.event.corps-enters", "side", cmd.Side, "group", g, "units", strings.Join(units, " "), "hex", s.label(sent[g]))})
	}
	evs = append(evs, CorpsSent{Side: cmd.Side, Turn: s.Turn})
	return evs, nil
}

// CorpsSent marks the corps entries of a turn as done.
type CorpsSent struct {
	Side game.Side `json:"side"`
	Turn int       `json:"turn"`
}

func (CorpsSent) Kind() string { return "corps-sent" }

// Message is empty: the entries themselves are narrated (EntryOpened).
func (CorpsSent) Message() game.Msg { return game.Msg{} }

// zoneScore counts the zones side controls (GS-S5.victory): at least three
// units in the zone whose PC is at least twice the enemy's there; units on
// excluded hexes (fold, edge) do not count. One VP per zone, and one more
// for two adjacent zones (once, or per pair with option zone-pairs).
func (s *State) zoneScore(side game.Side) (vp int, lines []game.ScoreLine) {
	excluded := s.sc.Zones["no-count"]
	var held []string
	for _, z := range strings.Fields(s.sc.Param("vp-zones", "")) {
		n, mine, theirs := 0, 0, 0
		for i := range s.Units {
			u := &s.Units[i]
			if !u.OnMap() || !slices.Contains(s.sc.Zones[z], u.At) || slices.Contains(excluded, u.At) {
				continue
			}
			if u.Side == side {
				n++
				mine += u.PC
			} else {
				theirs += u.PC
			}
		}
		if n >= 3 && mine >= 2*theirs {
			held = append(held, z)
			vp++
			lines = append(lines, scoreLine(side, game.M("gs.score.zone", "zone", z), 1))
		}
	}
	pairs := 0
	for _, p := range strings.Fields(s.sc.Param("vp-adjacent", "")) {
		a, b, _ := strings.Cut(p, ":")
		if slices.Contains(held, a) && slices.Contains(held, b) {
			pairs++
		}
	}
	if pairs > 0 {
		if !s.on("zone-pairs") {
			pairs = 1
		}
		vp += pairs
		lines = append(lines, scoreLine(side, game.M("gs.score.adjacent-zones"), pairs))
	}
	return vp, lines
}
