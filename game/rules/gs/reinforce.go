package gs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Reinforcements (GS-S4 … GS-S10, GS-P-21). A unit of a scenario with a
// group and no starting hex waits off the map. It may enter during its
// owner's movement phase once an entry is open for it: from a turn on,
// through given entry hexes. Its first step is into the entry hex (½ MP
// when the hex is on a road running off the edge, the terrain cost
// otherwise); entering is that unit's move for the phase. Units that cannot
// enter are delayed, not lost.

// EntryOpened opens entry for units: from turn From on, through Cells.
type EntryOpened struct {
	Side   game.Side    `json:"side"`
	Group  string       `json:"group,omitempty"`
	Units  []string     `json:"units"`
	From   int          `json:"from"`
	Cells  []grid.Coord `json:"cells"`
	Slot   int          `json:"slot,omitempty"` // the schedule slot used (GS-S4 options 2, 3)
	Secret bool         `json:"secret,omitempty"`
	Msg    game.Msg     `json:"msg,omitzero"`
	Text   string       `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (EntryOpened) Kind() string        { return "entry" }
func (e EntryOpened) Message() game.Msg { return told(e.Msg, e.Text) }
func (e EntryOpened) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Owner hides a secret entry (chosen roads) from the opponent.
func (e EntryOpened) Owner() game.Side {
	if e.Secret {
		return e.Side
	}
	return game.Nobody
}

// ReinforcementRoll is a die rolled for reinforcements (GS-T5, GS-S8).
type ReinforcementRoll struct {
	Side  game.Side `json:"side"`
	Rolls []int     `json:"rolls"`
	Group string    `json:"group,omitempty"`
	Rule  string    `json:"rule"`
	Msg   game.Msg  `json:"msg,omitzero"`
	Text  string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (ReinforcementRoll) Kind() string        { return "reinforcement-roll" }
func (e ReinforcementRoll) Message() game.Msg { return told(e.Msg, e.Text) }
func (e ReinforcementRoll) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// groupUnits lists side's units of a reinforcement group still off the map.
func (s *State) groupUnits(side game.Side, group string) []string {
	var out []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.Group == group && u.Status == game.StatusReserve {
			out = append(out, u.ID)
		}
	}
	return out
}

// groups lists side's reinforcement groups in scenario order, with
// whether each has already been given an entry.
func (s *State) groups(side game.Side) (names []string) {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.Group != "" && !slices.Contains(names, u.Group) {
			names = append(names, u.Group)
		}
	}
	return names
}

// groupOpen reports whether a group already has an entry.
func (s *State) groupOpen(side game.Side, group string) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.Group == group && (u.EntryFrom > 0 || u.Status != game.StatusReserve) {
			return true
		}
	}
	return false
}

// entryStarts lists the entry hexes where a reserve unit may come on now.
func (s *State) entryStarts(u *Unit) []start {
	if s.canEnter(u) != nil {
		return nil
	}
	var out []start
	for _, c := range u.EntryCells {
		o := s.UnitAt(c)
		if o != nil && (o.Side != u.Side || s.enemyControlled(u.Side, c)) {
			continue // enemy there, or a friend in an enemy ZOC (GS-3.8)
		}
		cost := 1
		if !s.roadOffEdge(c) {
			cost = s.hexCost(u.Arm, c)
			if cost < 0 {
				continue
			}
		}
		if cost > s.budget(u) {
			continue
		}
		out = append(out, start{at: c, spent: cost, entry: true})
	}
	return out
}

// canEnter checks that a reserve unit may come onto the map this phase.
func (s *State) canEnter(u *Unit) error {
	switch {
	case u.EntryFrom == 0 || len(u.EntryCells) == 0:
		return game.Reject("not-on-map", "GS-P-21", "gs.not-on-map.entry", "unit", u.ID)
	case s.Turn < u.EntryFrom:
		return game.Reject("too-early", "GS-P-21", "gs.too-early", "unit", u.ID, "turn", u.EntryFrom)
	case u.EntryUntil > 0 && s.Turn > u.EntryUntil:
		return game.Reject("too-late", "GS-S10.special", "gs.too-late", "unit", u.ID, "turn", u.EntryUntil)
	case s.night() && s.sc.Param("night-no-entry", "no") == "yes":
		return game.Reject("night", "GS-S6.special", "gs.night.enter")
	}
	if q := s.quota(u.Side); q > 0 && s.enteredThisTurn(u.Side) >= q {
		return game.Reject("entry-quota", "GS-S6.deploy", "gs.entry-quota", "n", q)
	}
	return nil
}

// quota is the number of units side may bring on per turn (GS-S6: five).
func (s *State) quota(side game.Side) int {
	v, _ := strconv.Atoi(s.sc.Param("entry-quota-"+side.String(), "0"))
	return v
}

func (s *State) enteredThisTurn(side game.Side) int {
	n := 0
	for _, a := range s.Recent {
		if a.Kind == "enter" && a.Side == side {
			n++
		}
	}
	return n
}

// schedule is one side's reinforcement slots (GS-S4 option 1): for group
// number k, the turn and entry hex.
type slot struct {
	turn int
	cell grid.Coord
}

func (s *State) schedule(side game.Side) ([]slot, error) {
	var out []slot
	for _, w := range strings.Fields(s.sc.Param("slots-"+side.String(), "")) {
		t, c, ok := strings.Cut(w, ":")
		turn, err := strconv.Atoi(t)
		if !ok || err != nil {
			return nil, fmt.Errorf("slots-%s: %q is not TURN:HEX", side, w)
		}
		cell, err := s.m().Grid.Parse(c)
		if err != nil {
			return nil, fmt.Errorf("slots-%s: %v", side, err)
		}
		out = append(out, slot{turn, cell})
	}
	return out, nil
}

// roads lists the entry hexes of side's map-edge roads (GS-S4 option 3).
func (s *State) roads(side game.Side) []grid.Coord {
	return s.sc.Zones["roads-"+side.String()]
}

// openScheduled gives every group of a fixed schedule its entry at Start
// (GS-S4 option 1; also the reinforcements of later scenarios that enter
// at a set turn).
func (s *State) openScheduled() error {
	for _, side := range game.Sides {
		slots, err := s.schedule(side)
		if err != nil {
			return err
		}
		if len(slots) == 0 || s.opt("reinforcements") != "fixed" {
			continue
		}
		for k, g := range s.groups(side) {
			if k >= len(slots) {
				return fmt.Errorf("slots-%s: no slot for group %s", side, g)
			}
			for i := range s.Units {
				if u := &s.Units[i]; u.Side == side && u.Group == g {
					u.EntryFrom, u.EntryCells = slots[k].turn, []grid.Coord{slots[k].cell}
				}
			}
		}
	}
	return nil
}

// slotDue returns the schedule slot of this turn that side must still fill
// with a group of its choice (GS-S4 options 2 and 3), or -1.
func (s *State) slotDue(side game.Side) int {
	mode := s.opt("reinforcements")
	if (mode != "free-order" && mode != "free-road") || s.Phase != PhaseMove || s.Active != side || s.Res != nil {
		return -1
	}
	slots, _ := s.schedule(side)
	for k, sl := range slots {
		if sl.turn == s.Turn && !slices.Contains(s.SlotsUsed[side], k) && s.anyGroupLeft(side) {
			return k
		}
	}
	return -1
}

func (s *State) anyGroupLeft(side game.Side) bool {
	for _, g := range s.groups(side) {
		if !s.groupOpen(side, g) {
			return true
		}
	}
	return false
}

// reinforceDecision asks which group enters at a slot.
func (s *State) reinforceDecision(side game.Side, k int) game.Decision {
	slots, _ := s.schedule(side)
	d := game.Decision{ID: fmt.Sprintf("t%d-reinforce-%s-%d", s.Turn, side, k), Side: side, Kind: "reinforce", Rule: "GS-S4.special"}
	ask(&d, game.M("gs.prompt.reinforce", "hex", s.label(slots[k].cell)))
	cells := []grid.Coord{slots[k].cell}
	if s.opt("reinforcements") == "free-road" {
		cells = s.roads(side)
		ask(&d, game.M("gs.prompt.reinforce-road"))
	}
	for _, g := range s.groups(side) {
		if s.groupOpen(side, g) {
			continue
		}
		for _, c := range cells {
			cmd := "reinforce " + g
			if len(cells) > 1 {
				cmd += " " + s.label(c)
			}
			d.Options = append(d.Options, choice(game.M("gs.option.group-at", "group", g, "hex", s.label(c)), cmd))
		}
	}
	return d
}

// decideReinforce handles "reinforce GROUP [HEX]" (GS-S4 options 2, 3).
func (s *State) decideReinforce(cmd game.Command) ([]game.Event, error) {
	if s.RoadDue[cmd.Side] != "" {
		return s.decideRoad(cmd)
	}
	if s.sc.Param("free-reserve-"+cmd.Side.String(), "") != "" && len(cmd.Args) == 2 {
		return s.decideFreeReserve(cmd)
	}
	k := s.slotDue(cmd.Side)
	if k < 0 {
		return nil, game.Reject("no-slot", "GS-S4.special", "gs.no-slot")
	}
	slots, _ := s.schedule(cmd.Side)
	if len(cmd.Args) < 1 {
		return nil, game.Reject(game.CodeSyntax, "GS-S4.special", "gs.syntax.reinforce")
	}
	g := strings.ToUpper(cmd.Args[0])
	if !slices.Contains(s.groups(cmd.Side), g) || s.groupOpen(cmd.Side, g) {
		return nil, game.Reject("bad-group", "GS-S4.special", "gs.bad-group", "group", g)
	}
	cell := slots[k].cell
	if s.opt("reinforcements") == "free-road" {
		if len(cmd.Args) != 2 {
			return nil, game.Reject(game.CodeSyntax, "GS-S4.special", "gs.syntax.reinforce-hex", "hexes", s.labels(s.roads(cmd.Side)))
		}
		c, err := s.cell(cmd.Args[1])
		if err != nil {
			return nil, err
		}
		if !slices.Contains(s.roads(cmd.Side), c) {
			return nil, game.Reject("bad-road", "GS-S4.special", "gs.bad-road", "hex", s.label(c), "hexes", s.labels(s.roads(cmd.Side)))
		}
		cell = c
	}
	units := s.groupUnits(cmd.Side, g)
	return []game.Event{EntryOpened{Side: cmd.Side, Group: g, Units: units, From: s.Turn, Cells: []grid.Coord{cell}, Slot: k + 1,
		Msg: game.M("gs.event.group-enters.chosen", "side", cmd.Side, "group", g, "units", strings.Join(units, " "), "hex", s.label(cell))}}, nil
}

// phaseStart rolls the dice a scenario calls for at the start of a
// movement phase: GS-S4 option 4 (GS-T5) and GS-S8 special rule 1.
func (d *decider) phaseStart() {
	s := d.s
	if s.Phase != PhaseMove || s.Result != nil || d.dice == nil {
		return
	}
	side := s.Active
	d.rollReserve()
	if s.opt("reinforcements") == "die" && s.Turn >= 2 && s.anyGroupLeft(side) {
		groups := s.groups(side)
		left := 0
		for _, g := range groups {
			if !s.groupOpen(side, g) {
				left++
			}
		}
		n := 1
		if left == 1 {
			n = 2 // GS-T5: two rolls for the last group
		}
		var rolls []int
		hit := ""
		for i := 0; i < n && hit == ""; i++ {
			r := d.dice.Roll(6)
			rolls = append(rolls, r)
			if r <= len(groups) && r <= 4 && !s.groupOpen(side, groups[r-1]) {
				hit = groups[r-1]
			}
		}
		text := game.M("gs.event.reinforcement-roll.none", "side", side, "rolls", joinInts(rolls))
		if hit != "" {
			text = game.M("gs.event.reinforcement-roll", "side", side, "rolls", joinInts(rolls), "group", hit)
		}
		d.emit(ReinforcementRoll{Side: side, Rolls: rolls, Group: hit, Rule: "GS-T5", Msg: text})
		if hit != "" {
			slots, _ := s.schedule(side)
			k := slices.Index(groups, hit)
			units := d.s.groupUnits(side, hit)
			d.emit(EntryOpened{Side: side, Group: hit, Units: units, From: s.Turn, Cells: []grid.Coord{slots[k].cell},
				Msg: game.M("gs.event.group-enters", "side", side, "group", hit, "units", strings.Join(units, " "), "hex", s.label(slots[k].cell))})
		}
	}
}

func joinInts(v []int) string {
	var out []string
	for _, x := range v {
		out = append(out, strconv.Itoa(x))
	}
	return strings.Join(out, " and ")
}
