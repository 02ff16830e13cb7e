package ptg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The set-up (PTG-13.0): the side that sets up first adjusts the
// scenario's default deployment with place, redoubt and equip orders and
// declares ready; then the other side. A side's units are hidden from
// the other until it is ready (View). The scenario param "setup" says
// which rules apply: "historical" (13.2: the printed set-up marks) or
// "lines" (13.1, 13.3, 13.4: the set-up lines).

// setupOrder handles place, redoubt, equip and ready.
func (d *decider) setupOrder(cmd game.Command) error {
	s := d.s
	if s.Phase != PhaseSetup {
		return game.Refuse(game.CodeWrongPhase, "PTG-13.0", "the set-up is over")
	}
	if cmd.Side != s.Active {
		return game.Refuse(game.CodeWrongSide, "PTG-13.0", "the %s player sets up now", sideName(s.Active))
	}
	switch cmd.Verb {
	case "place":
		return d.place(cmd)
	case "redoubt":
		return d.redoubtOrder(cmd)
	case "equip":
		return d.equip(cmd)
	}
	if len(cmd.Args) > 0 {
		return game.Refuse(game.CodeSyntax, "PTG-13.0", "ready takes no words")
	}
	if ps := s.setupProblems(cmd.Side); len(ps) > 0 {
		return game.Refuse("setup", "PTG-13.0", "the set-up is not legal yet: %s", strings.Join(ps, "; "))
	}
	d.emit(SetupDone{Side: cmd.Side, Text: fmt.Sprintf("the %s army has set up", sideName(cmd.Side))})
	if d.s.Ready[cmd.Side.Other()] {
		d.begin()
	}
	return nil
}

// begin starts the battle on turn 1, the first side moving (PTG-3.1,
// 13.4.2); with initial-fire-zones the Russian redoubts project theirs
// (P-FZ-INIT).
func (d *decider) begin() {
	s := d.s
	d.emit(Began{Text: "the armies are deployed: units in redoubts are their immobile garrisons (PTG-7.7.2)"})
	if s.on("initial-fire-zones") {
		n := s.clone()
		n.Active = Russians
		var zones []FireZone
		for _, r := range n.zoneRedoubts() {
			zones = append(zones, FireZone{Side: Russians, From: r, To: n.defaultZone(r)})
		}
		if len(zones) > 0 {
			d.emit(FireZonesPlaced{Zones: zones, Text: fmt.Sprintf("the Russian redoubts project %d fire zones from the start (P-FZ-INIT)", len(zones))})
		}
	}
	d.emit(PhaseChanged{Turn: 1, Phase: PhaseMove, Active: s.First, Text: fmt.Sprintf("turn 1 (%s): %s movement phase", Time(1), sideName(s.First))})
}

// place handles "place UNIT HEX".
func (d *decider) place(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 2 {
		return game.Refuse(game.CodeSyntax, "PTG-13.0", "write: place UNIT HEX")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	c, err := s.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	if err := s.mayPlace(u, c); err != nil {
		return err
	}
	d.emit(Placed{Side: cmd.Side, Unit: u.ID, At: c, Text: fmt.Sprintf("%s sets up in %s", u.ID, s.label(c))})
	return nil
}

// mayPlace checks one unit's set-up hex: the hex rules of its scenario and
// the stacking limits (PTG-13.0.4).
func (s *State) mayPlace(u *Unit, c grid.Coord) error {
	if u.Group == "zone-a" {
		return game.Refuse("reinforcement", "PTG-13.2.4", "%s enters the map on turn 1 through zone A; it does not set up", u.ID)
	}
	if u.Aide() {
		return game.Refuse("aide", "PTG-14.16.2", "aides do not start on the map")
	}
	if slices.Contains(strings.Fields(s.sc.Param("fixed", "")), u.ID) {
		return game.Refuse("fixed", "PTG-13.2", "%s sets up where the scenario puts it", u.ID)
	}
	if u.OnMap() && u.At == c {
		return game.Refuse("no-move", "PTG-13.0", "%s is already in %s", u.ID, s.label(c))
	}
	if why := s.hexRule(u, c); why != "" {
		return game.Refuse("setup-hex", "PTG-13.0", "%s cannot set up in %s: %s", u.ID, s.label(c), why)
	}
	for _, o := range s.UnitsAt(c) {
		if o.Side != u.Side {
			return game.Refuse("enemy-hex", "PTG-4.1.1", "%s holds enemy units", s.label(c))
		}
	}
	if u.Combat() {
		if why := s.mayStop(u, c); why != "" {
			return game.Refuse("stacking", "PTG-13.0.4", "%s: %s", s.label(c), why)
		}
	}
	return nil
}

// hexRule explains why u may not set up in c, or "" (PTG-13.1.3, 13.1.4,
// 13.2.3, 13.2.4, 13.4.3, 13.4.4, 14.17.1).
func (s *State) hexRule(u *Unit, c grid.Coord) string {
	class := u.Class()
	if u.Has("r") && len(s.Redoubts) > 0 {
		if s.RedoubtAt(c) == nil {
			return "units marked r set up in a redoubt"
		}
		return ""
	}
	if u.Type == "horse-artillery" {
		for _, o := range s.combatAt(c) {
			if o.Side == u.Side && o.Class() == ClassCavalry {
				return ""
			}
		}
		return "horse artillery sets up with a Russian cavalry unit (PTG-14.17.1)"
	}
	if s.sc.Param("setup", "lines") == "historical" {
		zone := ""
		switch {
		case u.Has("c") && u.Side == Russians:
			zone = "camp"
		case u.Leader():
			return s.leaderRule(u, c)
		case u.Side == Russians && class == ClassPicket:
			zone = "hist-russian-picket"
		case u.Side == Russians && class == ClassCavalry:
			zone = "hist-cavalry"
		case u.Side == Russians && class == ClassInfantry:
			zone = "hist-infantry"
		case u.Side == Swedes && u.Type == "irregular-cavalry":
			zone = "hist-irregular"
		case u.Side == Swedes && class == ClassPicket:
			zone = "hist-swedish-picket"
		case u.Side == Swedes && class == ClassInfantry:
			zone = "hist-swedish-infantry"
		}
		if zone != "" && !s.inZone(zone, c) {
			return "the historical set-up puts it in " + zone + " (" + s.labels(s.zone(zone)) + ")"
		}
		if (zone == "hist-russian-picket" || zone == "hist-irregular" || zone == "hist-swedish-picket") && s.sameType(u, c) {
			return "one such unit per set-up hex"
		}
		return ""
	}
	switch t := s.terrain(c); {
	case t != Clear && t != Woods && t != Building:
		return "units set up in clear, woods or building hexes"
	}
	if u.Side == Russians {
		if u.Has("c") && s.camp() {
			if !s.inCamp(c) {
				return "artillery marked c sets up in the Russian camp"
			}
			return ""
		}
		if !s.inZone("russian-setup", c) {
			return "Russian units set up north of the Russian set-up line"
		}
		return ""
	}
	if !s.inZone("swedish-setup", c) {
		return "Swedish units set up south of the Swedish set-up line"
	}
	return ""
}

// sameType reports another unit of u's type already in c.
func (s *State) sameType(u *Unit, c grid.Coord) bool {
	for _, o := range s.UnitsAt(c) {
		if o != u && o.Type == u.Type && o.Side == u.Side {
			return true
		}
	}
	return false
}

// leaderRule applies the historical leader placement (PTG-13.2.3): with a
// cavalry or an infantry unit as the scenario params say.
func (s *State) leaderRule(u *Unit, c grid.Coord) string {
	for _, k := range []string{"with-cavalry", "with-infantry"} {
		if !slices.Contains(strings.Fields(s.sc.Param(k, "")), u.ID) {
			continue
		}
		want := ClassCavalry
		if k == "with-infantry" {
			want = ClassInfantry
		}
		for _, o := range s.combatAt(c) {
			if o.Side == u.Side && o.Class() == want {
				return ""
			}
		}
		return u.ID + " sets up with a friendly " + want + " unit"
	}
	return ""
}

// setupProblems lists what keeps side's set-up from being legal.
func (s *State) setupProblems(side game.Side) []string {
	var out []string
	stacks := map[grid.Coord]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side {
			continue
		}
		if !u.OnMap() {
			if u.Status == game.StatusReserve && u.Group != "zone-a" && !u.Aide() {
				out = append(out, u.ID+" has no set-up hex")
			}
			continue
		}
		if why := s.hexRule(u, u.At); why != "" {
			out = append(out, fmt.Sprintf("%s in %s: %s", u.ID, s.label(u.At), why))
		}
		if !stacks[u.At] {
			stacks[u.At] = true
			if why := s.overStacked(s.UnitsAt(u.At), nil); why != "" {
				out = append(out, fmt.Sprintf("%s: %s", s.label(u.At), why))
			}
		}
	}
	if side == Russians {
		out = append(out, s.redoubtProblems()...)
		if s.sc.Param("setup", "lines") == "lines" && s.camp() && len(s.Redoubts) > 0 {
			n := 0
			for i := range s.Units {
				u := &s.Units[i]
				if u.Side == Russians && u.OnMap() && u.Class() == ClassInfantry && !u.Has("r") && s.inCamp(u.At) {
					n++
				}
			}
			if n < 10 {
				out = append(out, fmt.Sprintf("ten infantry units (not marked r) set up in the camp; there are %d (PTG-13.1.3)", n))
			}
		}
	}
	if side == Swedes && s.on("assault-equipment") {
		n := 0
		for i := range s.Units {
			if s.Units[i].Side == Swedes && s.Units[i].Assault {
				n++
			}
		}
		if n > 4 {
			out = append(out, "at most four assault equipment markers (PTG-14.3.1)")
		}
	}
	return out
}

// redoubtProblems checks the redoubts: in the set-up-lines scenarios, in
// clear hexes between the lines, none adjacent to another (PTG-13.1.3);
// the number under construction (13.2.3: two; A-09 elsewhere).
func (s *State) redoubtProblems() []string {
	if len(s.Redoubts) == 0 {
		return nil
	}
	var out []string
	building := 0
	for i, r := range s.Redoubts {
		if r.Building {
			building++
		}
		if s.sc.Param("redoubt-setup", "fixed") == "free" {
			if s.terrain(r.At) != Clear || !s.inZone("between-lines", r.At) {
				out = append(out, fmt.Sprintf("the redoubt in %s must be in a clear hex between the set-up lines", s.label(r.At)))
			}
			for _, q := range s.Redoubts[i+1:] {
				if s.adjacent(r.At, q.At) {
					out = append(out, fmt.Sprintf("redoubts %s and %s are adjacent", s.label(r.At), s.label(q.At)))
				}
			}
		}
	}
	want := 2
	if s.sc.Param("redoubt-setup", "fixed") == "free" {
		fmt.Sscan(s.opt("under-construction"), &want)
	}
	if building != want {
		out = append(out, fmt.Sprintf("%d redoubts must be under construction, not %d", want, building))
	}
	return out
}

// redoubtOrder handles "redoubt HEX building|complete" and, with the set-up
// lines, "redoubt FROM TO".
func (d *decider) redoubtOrder(cmd game.Command) error {
	s := d.s
	if cmd.Side != Russians || len(s.Redoubts) == 0 {
		return game.Refuse("no-redoubts", "PTG-13.1.3", "only the Russian player sets up redoubts, in scenarios that have them")
	}
	if len(cmd.Args) != 2 {
		return game.Refuse(game.CodeSyntax, "PTG-13.1.3", "write: redoubt HEX building, redoubt HEX complete, or redoubt FROM TO")
	}
	from, err := s.cell(cmd.Args[0])
	if err != nil {
		return err
	}
	r := s.RedoubtAt(from)
	if r == nil {
		return game.Refuse("no-redoubt", "PTG-13.1.3", "there is no redoubt in %s", s.label(from))
	}
	switch strings.ToLower(cmd.Args[1]) {
	case "building", "complete":
		b := strings.EqualFold(cmd.Args[1], "building")
		if r.Building == b {
			return game.Refuse("no-change", "PTG-13.2.3", "the redoubt in %s is already %s", s.label(from), cmd.Args[1])
		}
		state := "completed"
		if b {
			state = "under construction"
		}
		d.emit(RedoubtSet{Side: cmd.Side, From: from, At: from, Building: b, Text: fmt.Sprintf("the redoubt in %s is %s", s.label(from), state)})
		return nil
	}
	if s.sc.Param("redoubt-setup", "fixed") != "free" {
		return game.Refuse("fixed", "PTG-13.2.3", "in this scenario the redoubts stand on the R hexes")
	}
	to, err := s.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	switch {
	case s.RedoubtAt(to) != nil:
		return game.Refuse("occupied", "PTG-13.1.3", "there is already a redoubt in %s", s.label(to))
	case s.terrain(to) != Clear || !s.inZone("between-lines", to):
		return game.Refuse("setup-hex", "PTG-13.1.3", "redoubts go in clear hexes between the set-up lines")
	}
	for _, q := range s.Redoubts {
		if q.At != from && s.adjacent(q.At, to) {
			return game.Refuse("adjacent", "PTG-13.1.3", "no redoubt may be adjacent to another (%s)", s.label(q.At))
		}
	}
	for _, u := range s.UnitsAt(to) {
		if u.Side != Russians {
			return game.Refuse("enemy-hex", "PTG-13.1.3", "%s holds enemy units", s.label(to))
		}
	}
	d.emit(RedoubtSet{Side: cmd.Side, From: from, At: to, Building: r.Building, Text: fmt.Sprintf("the redoubt in %s moves to %s", s.label(from), s.label(to))})
	return nil
}

// equip handles "equip UNIT [off]": assault equipment (PTG-14.3.1).
func (d *decider) equip(cmd game.Command) error {
	s := d.s
	if !s.on("assault-equipment") {
		return game.Refuse("option-off", "PTG-14.3", "assault equipment is an optional rule not in use (option assault-equipment)")
	}
	if len(cmd.Args) < 1 || len(cmd.Args) > 2 || (len(cmd.Args) == 2 && !strings.EqualFold(cmd.Args[1], "off")) {
		return game.Refuse(game.CodeSyntax, "PTG-14.3.1", "write: equip UNIT, or equip UNIT off")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	on := len(cmd.Args) == 1
	switch {
	case u.Side != Swedes || u.Class() != ClassInfantry:
		return game.Refuse("not-infantry", "PTG-14.3.1", "assault equipment goes to Swedish infantry")
	case u.Assault == on:
		return game.Refuse("no-change", "PTG-14.3.1", "%s already has it that way", u.ID)
	case on && s.equipped() >= 4:
		return game.Refuse("four", "PTG-14.3.1", "the Swedes have four assault equipment markers")
	}
	text := fmt.Sprintf("%s receives assault equipment (PTG-14.3.1)", u.ID)
	if !on {
		text = fmt.Sprintf("%s gives back its assault equipment", u.ID)
	}
	d.emit(Equipped{Side: cmd.Side, Unit: u.ID, On: on, Text: text})
	return nil
}

func (s *State) equipped() int {
	n := 0
	for i := range s.Units {
		if s.Units[i].Assault {
			n++
		}
	}
	return n
}

// setupDecision is the pending set-up of the side setting up now.
func (s *State) setupDecision() game.Decision {
	dec := game.Decision{ID: "setup-" + s.Active.String(), Side: s.Active, Kind: "setup", Rule: "PTG-13.0",
		Prompt: fmt.Sprintf("set up the %s army: adjust the default deployment (place UNIT HEX", sideName(s.Active))}
	if s.Active == Russians && len(s.Redoubts) > 0 {
		dec.Prompt += ", redoubt HEX building|complete"
		if s.sc.Param("redoubt-setup", "fixed") == "free" {
			dec.Prompt += ", redoubt FROM TO"
		}
	}
	if s.Active == Swedes && s.on("assault-equipment") {
		dec.Prompt += ", equip UNIT"
	}
	dec.Prompt += "), then ready"
	if ps := s.setupProblems(s.Active); len(ps) > 0 {
		dec.Prompt += "; to fix first: " + strings.Join(ps, "; ")
	} else {
		dec.Options = []game.Option{{Label: "ready", Command: "ready"}}
	}
	return dec
}

// legalSetup lists set-up orders: ready when legal, the redoubt and
// equipment orders, and for each unit a few legal hexes near it (not all:
// with the set-up lines a unit may go to hundreds of hexes).
func (s *State) legalSetup() []game.Option {
	var out []game.Option
	if len(s.setupProblems(s.Active)) == 0 {
		out = append(out, game.Option{Label: "ready", Command: "ready"})
	}
	if s.Active == Russians {
		for _, r := range s.Redoubts {
			state := "building"
			if r.Building {
				state = "complete"
			}
			c := "redoubt " + s.label(r.At) + " " + state
			out = append(out, game.Option{Label: c, Command: c})
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != s.Active {
			continue
		}
		node := game.Option{Label: u.ID}
		if s.on("assault-equipment") && u.Side == Swedes && u.Class() == ClassInfantry {
			if u.Assault {
				node.Children = append(node.Children, game.Option{Label: "equip off", Command: "equip " + u.ID + " off"})
			} else if s.equipped() < 4 {
				node.Children = append(node.Children, game.Option{Label: "equip", Command: "equip " + u.ID})
			}
		}
		if u.OnMap() {
			cand := s.grid().Cells()
			slices.SortFunc(cand, func(a, b grid.Coord) int {
				if d := s.dist(u.At, a) - s.dist(u.At, b); d != 0 {
					return d
				}
				if a.Less(b) {
					return -1
				}
				return 1
			})
			n := 0
			for _, c := range cand {
				if n >= 8 || s.dist(u.At, c) > 6 {
					break
				}
				if s.mayPlace(u, c) == nil {
					node.Children = append(node.Children, game.Option{Label: s.label(c), Command: "place " + u.ID + " " + s.label(c)})
					n++
				}
			}
		}
		if len(node.Children) > 0 {
			out = append(out, node)
		}
	}
	return out
}
