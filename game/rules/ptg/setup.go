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
		return game.Reject(game.CodeWrongPhase, "PTG-13.0", "ptg.setup.over")
	}
	if cmd.Side != s.Active {
		return game.Reject(game.CodeWrongSide, "PTG-13.0", "ptg.setup.other", "army", army(s.Active))
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
		return game.Reject(game.CodeSyntax, "PTG-13.0", "ptg.setup.ready-syntax")
	}
	if ps := s.setupProblems(cmd.Side); len(ps) > 0 {
		return game.Reject("setup", "PTG-13.0", "ptg.setup.not-legal", "problems", semicolons(ps))
	}
	d.emit(SetupDone{Side: cmd.Side, Msg: game.M("ptg.setup.done", "army", armyF(cmd.Side))})
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
	d.emit(Began{Msg: game.M("ptg.began")})
	if s.on("initial-fire-zones") {
		n := s.clone()
		n.Active = Russians
		var zones []FireZone
		for _, r := range n.zoneRedoubts() {
			zones = append(zones, FireZone{Side: Russians, From: r, To: n.defaultZone(r)})
		}
		if len(zones) > 0 {
			d.emit(FireZonesPlaced{Zones: zones, Msg: game.M("ptg.firezones.initial", "n", len(zones))})
		}
	}
	d.emit(PhaseChanged{Turn: 1, Phase: PhaseMove, Active: s.First, Msg: game.M("ptg.phase.move", "turn", 1, "time", Time(1), "army", armyF(s.First))})
}

// place handles "place UNIT HEX".
func (d *decider) place(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "PTG-13.0", "ptg.setup.place-syntax")
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
	d.emit(Placed{Side: cmd.Side, Unit: u.ID, At: c, Msg: game.M("ptg.setup.placed", "unit", u.ID, "hex", s.label(c))})
	return nil
}

// mayPlace checks one unit's set-up hex: the hex rules of its scenario and
// the stacking limits (PTG-13.0.4).
func (s *State) mayPlace(u *Unit, c grid.Coord) error {
	if u.Group == "zone-a" {
		return game.Reject("reinforcement", "PTG-13.2.4", "ptg.setup.reinforcement", "unit", u.ID)
	}
	if u.Aide() {
		return game.Reject("aide", "PTG-14.16.2", "ptg.setup.aide")
	}
	if slices.Contains(strings.Fields(s.sc.Param("fixed", "")), u.ID) {
		return game.Reject("fixed", "PTG-13.2", "ptg.setup.fixed", "unit", u.ID)
	}
	if u.OnMap() && u.At == c {
		return game.Reject("no-move", "PTG-13.0", "ptg.already-in", "unit", u.ID, "hex", s.label(c))
	}
	if why := s.hexRule(u, c); !why.IsZero() {
		return game.Reject("setup-hex", "PTG-13.0", "ptg.setup.hex", "unit", u.ID, "hex", s.label(c), "why", why)
	}
	for _, o := range s.UnitsAt(c) {
		if o.Side != u.Side {
			return game.Reject("enemy-hex", "PTG-4.1.1", "ptg.setup.enemy-hex", "hex", s.label(c))
		}
	}
	if u.Combat() {
		if why := s.mayStop(u, c); !why.IsZero() {
			return game.Reject("stacking", "PTG-13.0.4", "ptg.stack.hex", "hex", s.label(c), "why", why)
		}
	}
	return nil
}

// hexRule explains why u may not set up in c, or is zero (PTG-13.1.3, 13.1.4,
// 13.2.3, 13.2.4, 13.4.3, 13.4.4, 14.17.1).
func (s *State) hexRule(u *Unit, c grid.Coord) game.Msg {
	class := u.Class()
	if u.Has("r") && len(s.Redoubts) > 0 {
		if s.RedoubtAt(c) == nil {
			return game.M("ptg.setup.rule.redoubt")
		}
		return game.Msg{}
	}
	if u.Type == "horse-artillery" {
		for _, o := range s.combatAt(c) {
			if o.Side == u.Side && o.Class() == ClassCavalry {
				return game.Msg{}
			}
		}
		return game.M("ptg.setup.rule.horse-artillery")
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
			return game.M("ptg.setup.rule.historical", "zone", zone, "hexes", s.labels(s.zone(zone)))
		}
		if (zone == "hist-russian-picket" || zone == "hist-irregular" || zone == "hist-swedish-picket") && s.sameType(u, c) {
			return game.M("ptg.setup.rule.one-per-hex")
		}
		return game.Msg{}
	}
	switch t := s.terrain(c); {
	case t != Clear && t != Woods && t != Building:
		return game.M("ptg.setup.rule.terrain")
	}
	if u.Side == Russians {
		if u.Has("c") && s.camp() {
			if !s.inCamp(c) {
				return game.M("ptg.setup.rule.camp")
			}
			return game.Msg{}
		}
		if !s.inZone("russian-setup", c) {
			return game.M("ptg.setup.rule.russian-line")
		}
		return game.Msg{}
	}
	if !s.inZone("swedish-setup", c) {
		return game.M("ptg.setup.rule.swedish-line")
	}
	return game.Msg{}
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
func (s *State) leaderRule(u *Unit, c grid.Coord) game.Msg {
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
				return game.Msg{}
			}
		}
		if want == ClassInfantry {
			return game.M("ptg.setup.rule.with-infantry", "unit", u.ID)
		}
		return game.M("ptg.setup.rule.with-cavalry", "unit", u.ID)
	}
	return game.Msg{}
}

// setupProblems lists what keeps side's set-up from being legal.
func (s *State) setupProblems(side game.Side) []game.Msg {
	var out []game.Msg
	stacks := map[grid.Coord]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side {
			continue
		}
		if !u.OnMap() {
			if u.Status == game.StatusReserve && u.Group != "zone-a" && !u.Aide() {
				out = append(out, game.M("ptg.setup.no-hex", "unit", u.ID))
			}
			continue
		}
		if why := s.hexRule(u, u.At); !why.IsZero() {
			out = append(out, game.M("ptg.setup.unit-in", "unit", u.ID, "hex", s.label(u.At), "why", why))
		}
		if !stacks[u.At] {
			stacks[u.At] = true
			if why := s.overStacked(s.UnitsAt(u.At), nil); !why.IsZero() {
				out = append(out, game.M("ptg.stack.hex", "hex", s.label(u.At), "why", why))
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
				out = append(out, game.M("ptg.setup.camp-ten", "n", n))
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
			out = append(out, game.M("ptg.setup.four-equipment"))
		}
	}
	return out
}

// redoubtProblems checks the redoubts: in the set-up-lines scenarios, in
// clear hexes between the lines, none adjacent to another (PTG-13.1.3);
// the number under construction (13.2.3: two; A-09 elsewhere).
func (s *State) redoubtProblems() []game.Msg {
	if len(s.Redoubts) == 0 {
		return nil
	}
	var out []game.Msg
	building := 0
	for i, r := range s.Redoubts {
		if r.Building {
			building++
		}
		if s.sc.Param("redoubt-setup", "fixed") == "free" {
			if s.terrain(r.At) != Clear || !s.inZone("between-lines", r.At) {
				out = append(out, game.M("ptg.setup.redoubt-hex", "hex", s.label(r.At)))
			}
			for _, q := range s.Redoubts[i+1:] {
				if s.adjacent(r.At, q.At) {
					out = append(out, game.M("ptg.setup.redoubts-adjacent", "hex", s.label(r.At), "other", s.label(q.At)))
				}
			}
		}
	}
	want := 2
	if s.sc.Param("redoubt-setup", "fixed") == "free" {
		fmt.Sscan(s.opt("under-construction"), &want)
	}
	if building != want {
		out = append(out, game.M("ptg.setup.building-count", "want", want, "have", building))
	}
	return out
}

// redoubtOrder handles "redoubt HEX building|complete" and, with the set-up
// lines, "redoubt FROM TO".
func (d *decider) redoubtOrder(cmd game.Command) error {
	s := d.s
	if cmd.Side != Russians || len(s.Redoubts) == 0 {
		return game.Reject("no-redoubts", "PTG-13.1.3", "ptg.redoubt.russians")
	}
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "PTG-13.1.3", "ptg.redoubt.syntax")
	}
	from, err := s.cell(cmd.Args[0])
	if err != nil {
		return err
	}
	r := s.RedoubtAt(from)
	if r == nil {
		return game.Reject("no-redoubt", "PTG-13.1.3", "ptg.redoubt.none", "hex", s.label(from))
	}
	switch strings.ToLower(cmd.Args[1]) {
	case "building", "complete":
		b := strings.EqualFold(cmd.Args[1], "building")
		if r.Building == b {
			return game.Reject("no-change", "PTG-13.2.3", "ptg.redoubt.already", "hex", s.label(from), "state", game.Term("ptg.redoubt."+strings.ToLower(cmd.Args[1])))
		}
		key := "ptg.redoubt.completed"
		if b {
			key = "ptg.redoubt.under-construction"
		}
		d.emit(RedoubtSet{Side: cmd.Side, From: from, At: from, Building: b, Msg: game.M(key, "hex", s.label(from))})
		return nil
	}
	if s.sc.Param("redoubt-setup", "fixed") != "free" {
		return game.Reject("fixed", "PTG-13.2.3", "ptg.redoubt.fixed")
	}
	to, err := s.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	switch {
	case s.RedoubtAt(to) != nil:
		return game.Reject("occupied", "PTG-13.1.3", "ptg.redoubt.occupied", "hex", s.label(to))
	case s.terrain(to) != Clear || !s.inZone("between-lines", to):
		return game.Reject("setup-hex", "PTG-13.1.3", "ptg.redoubt.where")
	}
	for _, q := range s.Redoubts {
		if q.At != from && s.adjacent(q.At, to) {
			return game.Reject("adjacent", "PTG-13.1.3", "ptg.redoubt.adjacent", "hex", s.label(q.At))
		}
	}
	for _, u := range s.UnitsAt(to) {
		if u.Side != Russians {
			return game.Reject("enemy-hex", "PTG-13.1.3", "ptg.setup.enemy-hex", "hex", s.label(to))
		}
	}
	d.emit(RedoubtSet{Side: cmd.Side, From: from, At: to, Building: r.Building, Msg: game.M("ptg.redoubt.moved", "hex", s.label(from), "to", s.label(to))})
	return nil
}

// equip handles "equip UNIT [off]": assault equipment (PTG-14.3.1).
func (d *decider) equip(cmd game.Command) error {
	s := d.s
	if !s.on("assault-equipment") {
		return game.Reject("option-off", "PTG-14.3", "ptg.option-off.assault-equipment")
	}
	if len(cmd.Args) < 1 || len(cmd.Args) > 2 || (len(cmd.Args) == 2 && !strings.EqualFold(cmd.Args[1], "off")) {
		return game.Reject(game.CodeSyntax, "PTG-14.3.1", "ptg.equip.syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	on := len(cmd.Args) == 1
	switch {
	case u.Side != Swedes || u.Class() != ClassInfantry:
		return game.Reject("not-infantry", "PTG-14.3.1", "ptg.equip.infantry")
	case u.Assault == on:
		return game.Reject("no-change", "PTG-14.3.1", "ptg.equip.no-change", "unit", u.ID)
	case on && s.equipped() >= 4:
		return game.Reject("four", "PTG-14.3.1", "ptg.equip.four")
	}
	key := "ptg.equip.on"
	if !on {
		key = "ptg.equip.off"
	}
	d.emit(Equipped{Side: cmd.Side, Unit: u.ID, On: on, Msg: game.M(key, "unit", u.ID)})
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
	dec := game.Decision{ID: "setup-" + s.Active.String(), Side: s.Active, Kind: "setup", Rule: "PTG-13.0"}
	var redoubt, free, equip, fix game.Msg
	if s.Active == Russians && len(s.Redoubts) > 0 {
		redoubt = game.M("ptg.prompt.setup.redoubt")
		if s.sc.Param("redoubt-setup", "fixed") == "free" {
			free = game.M("ptg.prompt.setup.redoubt-move")
		}
	}
	if s.Active == Swedes && s.on("assault-equipment") {
		equip = game.M("ptg.prompt.setup.equip")
	}
	if ps := s.setupProblems(s.Active); len(ps) > 0 {
		fix = game.M("ptg.prompt.setup.fix", "problems", semicolons(ps))
	} else {
		dec.Options = []game.Option{option("ready", "ptg.opt.ready")}
	}
	dec.PromptMsg = game.M("ptg.prompt.setup", "army", armyF(s.Active), "redoubt", redoubt, "free", free, "equip", equip, "fix", fix)
	dec.Prompt = game.Render(game.LangEN, dec.PromptMsg)
	return dec
}

// legalSetup lists set-up orders: ready when legal, the redoubt and
// equipment orders, and for each unit a few legal hexes near it (not all:
// with the set-up lines a unit may go to hundreds of hexes).
func (s *State) legalSetup() []game.Option {
	var out []game.Option
	if len(s.setupProblems(s.Active)) == 0 {
		out = append(out, option("ready", "ptg.opt.ready"))
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
				node.Children = append(node.Children, option("equip "+u.ID+" off", "ptg.opt.equip-off"))
			} else if s.equipped() < 4 {
				node.Children = append(node.Children, option("equip "+u.ID, "ptg.opt.equip"))
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
