package ptg

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// endPhase handles "end": the movement phase ends (stacking checked,
// the enemy's fire zones lifted, the camp event), the combat phase ends
// (obligations met, fire zones placed), the rally phase ends (routed
// units removed), and the player turn goes on to the next.
func (d *decider) endPhase() error {
	s := d.s
	switch s.Phase {
	case PhaseMove:
		if why := s.overStackedHex(s.Active); !why.IsZero() {
			return game.Reject("stacking", "PTG-5.0.1", "ptg.stack.fix", "why", why)
		}
		d.endMovement()
	case PhaseCombat:
		if open := s.openObligations(); len(open) > 0 {
			return game.Reject("obligation", "PTG-7.0.1", "ptg.combat.cannot-end", "open", open)
		}
		d.endCombat()
	case PhaseRally:
		d.endRally()
	}
	d.settle()
	return nil
}

// endMovement closes the movement phase and opens the combat phase.
func (d *decider) endMovement() {
	s := d.s
	other := s.Active.Other()
	if slices.ContainsFunc(s.FireZones, func(z FireZone) bool { return z.Side == other }) {
		d.emit(FireZonesCleared{Side: other, Msg: game.M("ptg.firezones.lifted", "owner", armyOf(other), "army", armyF(s.Active))})
	}
	if s.Active == Swedes && s.camp() && !s.CampEvent {
		n := 0
		for i := range s.Units {
			if u := &s.Units[i]; u.OnMap() && u.Combat() && u.Side == Swedes && s.inCamp(u.At) {
				n++
			}
		}
		if n >= 3 {
			d.emit(MoraleChanged{Side: Russians, Delta: -15, Msg: game.M("ptg.camp-event", "n", n, "dem", s.demoralizes(Russians, 15))})
		}
	}
	d.emit(PhaseChanged{Turn: s.Turn, Phase: PhaseCombat, Active: s.Active, Msg: game.M("ptg.phase.combat", "turn", s.Turn, "time", Time(s.Turn), "army", armyF(s.Active))})
	if d.checkCollapse() {
		return
	}
	if len(d.s.legalAttacks(true)) == 0 && len(d.s.zoneRedoubts()) == 0 && len(d.s.openObligations()) == 0 {
		d.endCombat()
	}
}

// endCombat places the phasing player's fire zones (PTG-7.6.1) and opens
// the rally phase, or ends the player turn when no unit is routed.
func (d *decider) endCombat() {
	s := d.s
	var zones []FireZone
	var parts []string // "FROM → TO"
	for _, r := range s.zoneRedoubts() {
		z := FireZone{Side: s.Active, From: r, To: s.defaultZone(r)}
		for _, p := range s.Planned {
			if p.From == r && p.Side == s.Active {
				z.To = p.To
			}
		}
		zones = append(zones, z)
		parts = append(parts, s.label(z.From)+" → "+s.label(z.To))
	}
	if len(zones) > 0 {
		d.emit(FireZonesPlaced{Zones: zones, Msg: game.M("ptg.firezones.placed", "owner", armyOf(s.Active), "zones", strings.Join(parts, ", "))})
	}
	if d.s.routedUnits(s.Active) > 0 {
		d.emit(PhaseChanged{Turn: s.Turn, Phase: PhaseRally, Active: s.Active, Msg: game.M("ptg.phase.rally", "turn", s.Turn, "time", Time(s.Turn), "army", armyF(s.Active))})
		return
	}
	d.endPlayerTurn()
}

// zoneRedoubts lists the completed redoubts that may project a fire zone
// for the phasing player: held by a non-routed combat unit other than a
// picket (PTG-7.6, 7.6.8, P-FZ-ELIG).
func (s *State) zoneRedoubts() []grid.Coord {
	var out []grid.Coord
	for _, r := range s.Redoubts {
		if r.Building {
			continue
		}
		for _, u := range s.combatAt(r.At) {
			if u.Side == s.Active && !u.Routed && u.Class() != ClassPicket {
				out = append(out, r.At)
				break
			}
		}
	}
	return out
}

// defaultZone is where a fire zone goes unless the player chose (§9.2):
// the adjacent hex nearest an enemy combat unit, ties to the lowest label.
func (s *State) defaultZone(r grid.Coord) grid.Coord {
	var best grid.Coord
	bestD := 1 << 30
	nb := s.grid().Neighbors(r)
	sortCoords(nb)
	for _, c := range nb {
		dd := 1 << 20
		for i := range s.Units {
			u := &s.Units[i]
			if u.OnMap() && u.Combat() && u.Side != s.Active {
				dd = min(dd, s.dist(c, u.At))
			}
		}
		if dd < bestD {
			best, bestD = c, dd
		}
	}
	return best
}

// planZone handles "zone REDOUBT HEX": the hex the redoubt's fire zone
// will cover from the end of this combat phase (PTG-7.6.1, 7.6.7).
func (d *decider) planZone(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "PTG-7.6.1", "ptg.zone.syntax")
	}
	r, err := s.cell(cmd.Args[0])
	if err != nil {
		return err
	}
	c, err := s.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	if !slices.Contains(s.zoneRedoubts(), r) {
		return game.Reject("no-redoubt", "PTG-7.6", "ptg.zone.no-redoubt", "hex", s.label(r))
	}
	if !s.adjacent(r, c) {
		return game.Reject("not-adjacent", "PTG-7.6.7", "ptg.zone.adjacent")
	}
	d.emit(ZonePlanned{Zone: FireZone{Side: s.Active, From: r, To: c}, Msg: game.M("ptg.zone.planned", "redoubt", s.label(r), "hex", s.label(c))})
	return nil
}

func (s *State) routedUnits(side game.Side) int {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && u.Side == side && u.Routed {
			n++
		}
	}
	return n
}

// rally handles "rally UNIT" and "rally all" (PTG-9.0).
func (d *decider) rally(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "PTG-9.0", "ptg.rally.syntax")
	}
	var ids []string
	if strings.EqualFold(cmd.Args[0], "all") {
		for i := range s.Units {
			if u := &s.Units[i]; u.OnMap() && u.Side == cmd.Side && u.Routed {
				ids = append(ids, u.ID)
			}
		}
		if len(ids) == 0 {
			return game.Reject("none-routed", "PTG-9.0", "ptg.rally.none")
		}
	} else {
		u, err := s.ownUnit(cmd.Side, cmd.Args[0])
		if err != nil {
			return err
		}
		if !u.OnMap() || !u.Routed {
			return game.Reject("not-routed", "PTG-9.0", "ptg.rally.not-routed", "unit", u.ID)
		}
		ids = []string{u.ID}
	}
	for _, id := range ids {
		d.rallyOne(id)
	}
	d.settle()
	return nil
}

// rallyOne rolls for one routed unit: d6, +1 in an enemy zone of control
// (PTG-9.0.3), against its morale plus one friendly leader within one hex
// (9.0.2; the same hex in bad visibility, 14.7.2); under it (10.0.3A)
// when demoralized. A failure removes it from the map (9.0.1).
func (d *decider) rallyOne(id string) {
	s := d.s
	u := s.Unit(id)
	need, lead := u.Morale, ""
	for i := range s.Units {
		l := &s.Units[i]
		if !l.OnMap() || !l.Leader() || l.Side != u.Side {
			continue
		}
		r := s.dist(l.At, u.At)
		if r > 1 || (r == 1 && s.Visibility == "bad") {
			continue
		}
		if c, _, _ := s.leaderValues(l); u.Morale+c > need {
			need, lead = u.Morale+c, l.ID
		}
	}
	roll := d.roll()
	mod := 0
	if s.enemyZOC(u.Side, u.At) {
		mod = 1
	}
	dem := s.demoralized(u.Side)
	ok := roll+mod <= need
	cmp := "≤"
	if dem {
		ok, cmp = roll+mod < need, "<"
	}
	var zoc, leadMsg game.Msg
	if mod > 0 {
		zoc = game.M("ptg.rally.zoc")
	}
	if lead != "" {
		leadMsg = game.M("ptg.rally.lead", "morale", u.Morale, "leader", lead)
	}
	key := "ptg.rally.fails"
	if ok {
		key = "ptg.rally.rallied"
	}
	d.emit(Rallied{Unit: id, Roll: roll, Need: need, Success: ok,
		Msg: game.M(key, "unit", id, "roll", roll, "zoc", zoc, "cmp", cmp, "need", need, "lead", leadMsg)})
	if !ok {
		d.remove(id, game.M("ptg.reason.rally-failed"), "PTG-9.0.1")
	}
}

// endRally removes every phasing unit still routed (PTG-9.0).
func (d *decider) endRally() {
	s := d.s
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && u.Side == s.Active && u.Routed {
			d.remove(u.ID, game.M("ptg.reason.still-routed"), "PTG-9.0.1")
		}
	}
	d.endPlayerTurn()
}

// endPlayerTurn removes the aide used this player turn (PTG-14.16.1) and
// asks for the replacement leaders of the leaders killed (8.3); the next
// player turn starts when they are placed.
func (d *decider) endPlayerTurn() {
	s := d.s
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && u.Aide() && u.Side == s.Active {
			d.emit(Removed{Unit: u.ID, At: u.At, Status: StatusRemoved, Rule: "PTG-14.16.1", Msg: game.M("ptg.aide.leaves", "unit", u.ID)})
		}
	}
	var steps []Step
	for i := range d.s.Units {
		if u := &d.s.Units[i]; u.Awaiting {
			at := grid.Coord{}
			for _, g := range d.s.Gone {
				if g.Label == u.ID {
					at = g.At
				}
			}
			steps = append(steps, Step{Kind: "replace", Side: u.Side, Unit: u.ID, At: at, Rule: "PTG-8.3"})
		}
	}
	if len(steps) > 0 {
		d.emit(PhaseChanged{Turn: s.Turn, Phase: PhaseEnd, Active: s.Active, Msg: game.M("ptg.phase.end", "army", army(s.Active))})
		d.queue(false, steps...)
		return
	}
	d.nextPlayerTurn()
}

// nextPlayerTurn starts the other player's turn, or the next game turn
// (the interphase, PTG-3.1.3, with the visibility roll of 14.7), or ends
// the game after the last turn (11.0).
func (d *decider) nextPlayerTurn() {
	s := d.s
	if s.Active == s.First {
		d.emit(PhaseChanged{Turn: s.Turn, Phase: PhaseMove, Active: s.First.Other(), Msg: game.M("ptg.phase.move", "turn", s.Turn, "time", Time(s.Turn), "army", armyF(s.First.Other()))})
		return
	}
	if s.Turn >= s.Turns {
		d.emit(GameEnded{Outcome: s.victory()})
		return
	}
	t := s.Turn + 1
	if s.on("visibility") {
		d.visibility(t)
	}
	d.emit(PhaseChanged{Turn: t, Phase: PhaseMove, Active: s.First, Msg: game.M("ptg.phase.move", "turn", t, "time", Time(t), "army", armyF(s.First))})
}

// visibility rolls for a turn from 3 on (PTG-14.7.1): 1-3 good, 4-5 bad,
// 6 as the turn before (good on turn 3). Turns 1 and 2 are good.
func (d *decider) visibility(t int) {
	s := d.s
	if t < 3 {
		return
	}
	roll := d.roll()
	bad := roll == 4 || roll == 5
	if roll == 6 {
		bad = t > 3 && s.Visibility == "bad"
	}
	key := "ptg.visibility.good"
	if bad {
		key = "ptg.visibility.bad"
	}
	var same game.Msg
	if roll == 6 {
		same = game.M("ptg.visibility.same")
	}
	d.emit(VisibilityRolled{Turn: t, Roll: roll, Bad: bad, Msg: game.M(key, "turn", t, "roll", roll, "same", same)})
}

// victory reads T-VICTORY at the end of turn 11 (PTG-11.0).
func (s *State) victory() game.Outcome {
	rd, sd := s.demoralized(Russians), s.demoralized(Swedes)
	held := 0
	for _, c := range s.zone("objectives") {
		for _, u := range s.combatAt(c) {
			if u.Side == Swedes && !u.Routed {
				held++
				break
			}
		}
	}
	exited := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == Russians && u.Status == game.StatusExited {
			exited++
		}
	}
	o := game.Outcome{Over: true, Score: s.NMA, Rule: "PTG-11.0"}
	o.Lines = []game.ScoreLine{
		scoreLine(Swedes, "ptg.score.morale", s.NMA[Swedes]),
		scoreLine(Russians, "ptg.score.morale", s.NMA[Russians]),
		scoreLine(Swedes, "ptg.score.objectives", held),
		scoreLine(Russians, "ptg.score.exited", exited),
	}
	key := "ptg.end.draw"
	switch {
	case rd:
		o.Winner = Swedes
		key = "ptg.end.swedish-marginal"
		if held >= 2 {
			key = "ptg.end.swedish-major"
		}
	case sd:
		o.Winner = Russians
		key = "ptg.end.russian-marginal"
		if exited >= 5 {
			key = "ptg.end.russian-major"
		}
	default:
		o.Winner = game.Nobody
	}
	msg := game.M("ptg.end.final", "result", game.M(key), "swedes", s.NMA[Swedes], "russians", s.NMA[Russians], "held", held, "exited", exited)
	o.Result, o.ResultMsg = game.Render(game.LangEN, msg), msg
	return o
}

// aide handles "aide": an aide joins the senior leader at the start of a
// friendly movement phase (PTG-14.16.2) and survives a roll (14.16.4).
func (d *decider) aide(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) > 0 {
		return game.Reject(game.CodeSyntax, "PTG-14.16", "ptg.aide.syntax")
	}
	a, senior, err := s.aideReady(cmd.Side)
	if err != nil {
		return err
	}
	roll := d.roll()
	hit := roll == 6
	key := "ptg.aide.joins"
	if hit {
		key = "ptg.aide.hit"
	}
	d.emit(AidePlaced{Aide: a.ID, At: senior.At, Roll: roll, Hit: hit,
		Msg: game.M(key, "unit", a.ID, "senior", senior.ID, "hex", s.label(senior.At), "roll", roll)})
	return nil
}

// aideReady finds the next aide and the senior leader, or explains why no
// aide may come now.
func (s *State) aideReady(side game.Side) (*Unit, *Unit, error) {
	if !s.on("aides") {
		return nil, nil, game.Reject("option-off", "PTG-14.16", "ptg.option-off.aides")
	}
	if s.AideUsed {
		return nil, nil, game.Reject("aide-used", "PTG-14.16.5", "ptg.aide.used")
	}
	if s.Mover != "" {
		return nil, nil, game.Reject("too-late", "PTG-14.16.2", "ptg.aide.too-late")
	}
	flag := "senior"
	if side == Swedes && s.on("charles-unwounded") {
		flag = "king"
	}
	var senior, aide *Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side {
			continue
		}
		if u.Leader() && !u.Aide() && u.Has(flag) {
			senior = u
		}
		if u.Aide() && u.Status == game.StatusReserve && aide == nil {
			aide = u
		}
	}
	switch {
	case senior == nil || senior.Replacement || !senior.OnMap():
		return nil, nil, game.Reject("no-senior", "PTG-14.16.3", "ptg.aide.no-senior")
	case aide == nil:
		return nil, nil, game.Reject("no-aide", "PTG-14.16", "ptg.aide.none")
	}
	return aide, senior, nil
}

// dismount handles "dismount UNIT" and "mount UNIT" (PTG-14.12).
func (d *decider) dismount(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "PTG-14.12", "ptg.dismount.syntax", "verb", game.Plain(cmd.Verb))
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if err := s.mayDismount(u, cmd.Verb == "dismount"); err != nil {
		return err
	}
	on := cmd.Verb == "dismount"
	key := "ptg.dismounted"
	if !on {
		key = "ptg.remounted"
	}
	d.emit(Mounted{Unit: u.ID, Dismounted: on, Msg: game.M(key, "unit", u.ID)})
	return nil
}

func (s *State) mayDismount(u *Unit, down bool) error {
	switch {
	case !s.on("dismount"):
		return game.Reject("option-off", "PTG-14.12", "ptg.option-off.dismount")
	case u.Type != "dragoons" || !u.OnMap():
		return game.Reject("not-dragoons", "PTG-14.12", "ptg.dismount.dragoons")
	case u.Dismounted == down:
		return game.Reject("already", "PTG-14.12", map[bool]string{true: "ptg.dismount.already-down", false: "ptg.dismount.already-up"}[down], "unit", u.ID)
	case u.Routed:
		return game.Reject("routed", "PTG-14.12", "ptg.dismount.routed")
	case s.Mover != "" || u.Moved:
		return game.Reject("too-late", "PTG-14.12.1", "ptg.dismount.too-late")
	case s.enemyZOC(u.Side, u.At):
		return game.Reject("in-zoc", "PTG-14.12.1", "ptg.dismount.zoc", "unit", u.ID)
	}
	return nil
}

// square handles "square UNIT" (form) and "square UNIT off" (leave), 1 MP
// each (PTG-14.11).
func (d *decider) square(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) < 1 || len(cmd.Args) > 2 || (len(cmd.Args) == 2 && !strings.EqualFold(cmd.Args[1], "off")) {
		return game.Reject(game.CodeSyntax, "PTG-14.11", "ptg.square.syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	form := len(cmd.Args) == 1
	if err := s.maySquare(u, form); err != nil {
		return err
	}
	key := "ptg.square.formed"
	if !form {
		key = "ptg.square.left"
	}
	d.emit(SquareChanged{Unit: u.ID, Square: form, Cost: 2, Msg: game.M(key, "unit", u.ID)})
	return nil
}

func (s *State) maySquare(u *Unit, form bool) error {
	switch {
	case !s.on("squares"):
		return game.Reject("option-off", "PTG-14.11", "ptg.option-off.squares")
	case !u.OnMap() || u.Class() != ClassInfantry || u.Routed:
		return game.Reject("not-infantry", "PTG-14.11", "ptg.square.infantry")
	case u.Square == form:
		return game.Reject("already", "PTG-14.11", map[bool]string{true: "ptg.square.already-in", false: "ptg.square.already-out"}[form], "unit", u.ID)
	case u.Done || (u.Moved && s.Mover != u.ID):
		return game.Reject("already-moved", "PTG-4.0", "ptg.square.moved", "unit", u.ID)
	case s.budget(u) < 2:
		return game.Reject("no-mp", "PTG-14.11", "ptg.square.no-mp", "unit", u.ID)
	case form && s.enemyZOC(u.Side, u.At):
		return game.Reject("in-zoc", "PTG-14.11.1", "ptg.square.zoc")
	case s.alertRules() && u.Side == Russians && s.Turn == 1:
		return game.Reject("alert", "PTG-12.0.1", "ptg.move.alert-turn1")
	}
	return nil
}

// release handles "release UNIT": one of the five camp units that may
// leave the camp from turn 4 (PTG-12.0.4, P-ALERT5: named at the start of
// the turn-4 Russian movement phase).
func (d *decider) release(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "PTG-12.0.4", "ptg.release.syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if err := s.mayRelease(u); err != nil {
		return err
	}
	d.emit(Released{Unit: u.ID, Msg: game.M("ptg.released", "unit", u.ID, "n", s.released()+1)})
	return nil
}

func (s *State) released() int {
	n := 0
	for i := range s.Units {
		if s.Units[i].Released {
			n++
		}
	}
	return n
}

func (s *State) mayRelease(u *Unit) error {
	switch {
	case !s.alertRules() || u.Side != Russians:
		return game.Reject("no-release", "PTG-12.0.4", "ptg.release.russians")
	case s.Turn != 4 || s.Mover != "":
		return game.Reject("no-release", "P-ALERT5", "ptg.release.when")
	case s.Alerted:
		return game.Reject("no-release", "PTG-12.0.7", "ptg.release.alerted")
	case !u.OnMap() || !u.Combat() || !s.inCamp(u.At) || u.Free:
		return game.Reject("no-release", "PTG-12.0.4", "ptg.release.not-held", "unit", u.ID)
	case u.Released:
		return game.Reject("no-release", "PTG-12.0.4", "ptg.release.already", "unit", u.ID)
	case s.released() >= 5:
		return game.Reject("no-release", "PTG-12.0.4", "ptg.release.five")
	}
	return nil
}

// legalMoves lists the movement-phase orders.
func (s *State) legalMoves() []game.Option {
	side := s.Active
	var out []game.Option
	if _, _, err := s.aideReady(side); err == nil {
		out = append(out, option("aide-de-camp", "ptg.opt.aide"))
	}
	stuck := s.stuckMover()
	fl := new(mech.Flooder) // one flood per unit, in the same buffers
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || stuck != nil && u != stuck {
			continue
		}
		node := game.Option{Label: u.ID}
		for _, down := range []bool{true, false} {
			if s.mayDismount(u, down) == nil {
				v := map[bool]string{true: "dismount", false: "mount"}[down]
				node.Children = append(node.Children, game.Option{Label: v, Command: v + " " + u.ID})
			}
		}
		for _, form := range []bool{true, false} {
			if s.maySquare(u, form) == nil {
				c := "square " + u.ID
				if !form {
					c += " off"
				}
				node.Children = append(node.Children, game.Option{Label: c, Command: c})
			}
		}
		if s.mayRelease(u) == nil {
			node.Children = append(node.Children, option("release "+u.ID, "ptg.opt.release"))
		}
		if s.canMove(side, u) == nil {
			node.Children = s.moveOptions(node.Children, u, fl)
		}
		if len(node.Children) > 0 {
			out = append(out, node)
		}
	}
	if !s.overStackedHex(side).IsZero() {
		return out // PTG-5.0.1: the stacks must be put right first
	}
	return append(out, option("end", "ptg.opt.end-move"))
}

// overStackedHex describes a hex of side over the stacking limits
// (PTG-5.0), or returns the zero message.
func (s *State) overStackedHex(side game.Side) game.Msg {
	for i := range s.Units {
		u := &s.Units[i]
		if u.OnMap() && u.Side == side {
			if why := s.overStacked(s.UnitsAt(u.At), nil); !why.IsZero() {
				return game.M("ptg.stack.hex", "hex", s.label(u.At), "why", why)
			}
		}
	}
	return game.Msg{}
}

// moveOption is the option of a move to c at cost (half MP), without
// its command; args is room for its message's two arguments. Legal lists
// hold thousands of moves: the English text of "ptg.opt.move" is written
// out rather than rendered, and the arguments are interface values made
// once (TestMoveLabels checks the text and the message agree).
func (s *State) moveOption(c grid.Coord, cost int, args []game.Arg) game.Option {
	mi := s.info()
	i := mi.At(c)
	var m string
	var mpArg any
	if cost >= 0 && cost < len(mpArgs) {
		m, mpArg = mpTexts[cost], mpArgs[cost]
	} else {
		m = mp(cost)
		mpArg = m
	}
	args[0], args[1] = game.Arg{Name: "hex", Value: mi.LabelArgs[i]}, game.Arg{Name: "mp", Value: mpArg}
	return game.Option{Label: mi.Labels[i] + " (" + m + " MP)", LabelMsg: game.Msg{Key: "ptg.opt.move", Args: args[:2:2]}}
}

// mpTexts and mpArgs are the costs in half MP as text and as message
// arguments.
var mpTexts, mpArgs = func() (ts [64]string, as [64]any) {
	for i := range ts {
		ts[i] = mp(i)
		as[i] = ts[i]
	}
	return ts, as
}()

// moveOptions appends u's destinations, charges and exits to out (the
// options are large: they are written once, in place), flooding in fl's
// buffers.
func (s *State) moveOptions(out []game.Option, u *Unit, fl *mech.Flooder) []game.Option {
	dests, costs, m, prev := s.destinationsIn(fl, u)
	out = slices.Grow(out, len(dests))
	charge := s.on("charges") && u.Side == Swedes && (u.Type == "cavalry" || u.Type == "dragoons") && !u.Dismounted && !u.StartZOC && !u.Moved
	exits := u.Side == Russians && u.Combat()
	args := make([]game.Arg, 2*len(dests))
	for i, c := range dests {
		o := s.moveOption(c, costs[i], args[2*i:])
		o.Command = "move " + u.ID + " " + s.label(c)
		out = append(out, o)
		if charge {
			if _, err := s.checkCharge(u, m.pathTo(prev, m.ix.mi.At(c))); err == nil {
				out = append(out, option("move "+u.ID+" "+s.label(c)+" charge", "ptg.opt.charge", "hex", s.label(c)))
			}
		}
		if exits && s.inZone("exits", c) && costs[i]+2 <= s.budget(u) {
			out = append(out, option("move "+u.ID+" "+s.label(c)+" off", "ptg.opt.exit-by", "hex", s.label(c)))
		}
	}
	if exits && u.OnMap() && s.inZone("exits", u.At) && s.budget(u) >= 2 {
		out = append(out, option("move "+u.ID+" off", "ptg.opt.exit"))
	}
	return out
}

// legalCombat lists combat-phase orders: a representative set of attack
// and bombardment declarations, the fire-zone choices, and end.
func (s *State) legalCombat() []game.Option {
	out := s.legalAttacks(false)
	for _, r := range s.zoneRedoubts() {
		node := option("", "ptg.opt.zone", "hex", s.label(r))
		for _, c := range s.grid().Neighbors(r) {
			cmd := "zone " + s.label(r) + " " + s.label(c)
			node.Children = append(node.Children, game.Option{Label: s.label(c), Command: cmd})
		}
		out = append(out, node)
	}
	if len(s.openObligations()) == 0 {
		out = append(out, option("end", "ptg.opt.end-combat"))
	}
	return out
}

// legalAttacks lists valid declarations grouped by target: each adjacent
// attacker alone, every adjacent attacker together (with the artillery
// that can support), every subset of up to four adjacent attackers, each
// attacker against all its neighbours, and bombardments. With first set
// it stops at the first one found.
func (s *State) legalAttacks(first bool) []game.Option {
	var atk []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; s.mayAttack(u) {
			atk = append(atk, u)
		}
	}
	if len(atk) == 0 {
		return nil
	}
	hexes := map[grid.Coord]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.OnMap() && u.Combat() && u.Side != s.Active && s.mayBeAttacked(u.At) {
			hexes[u.At] = true
		}
	}
	var targets []grid.Coord
	for c := range hexes {
		targets = append(targets, c)
	}
	sortCoords(targets)
	seen := map[string]bool{}
	groups := map[grid.Coord]*game.Option{}
	var order []grid.Coord
	found := false
	add := func(units []*Unit, hs []grid.Coord, bombard bool) {
		if found && first {
			return
		}
		verb := "attack"
		if bombard {
			verb = "bombard"
		}
		var ids []string
		for _, u := range units {
			ids = append(ids, u.ID)
		}
		text := verb + " " + strings.Join(ids, " ") + " -> " + s.labels(hs)
		if seen[text] {
			return
		}
		seen[text] = true
		if _, err := s.checkAttack(&attackWords{units: units, hexes: hs, bombard: bombard}); err != nil {
			return
		}
		found = true
		if groups[hs[0]] == nil {
			groups[hs[0]] = &game.Option{Label: "→ " + s.label(hs[0])}
			order = append(order, hs[0])
		}
		groups[hs[0]].Children = append(groups[hs[0]].Children, game.Option{Label: text, Command: text})
	}
	for _, c := range targets {
		var adj, arts, bombs []*Unit
		for _, a := range atk {
			switch {
			case s.closes(a, c):
				adj = append(adj, a)
			case a.Artillery() && !s.enemyZOC(a.Side, a.At):
				if att, _ := s.supportStrength(a, c); att != "" && !s.adjacent(a.At, c) {
					arts = append(arts, a)
				}
				if s.bombards(a, c) {
					bombs = append(bombs, a)
				}
			}
		}
		for _, a := range adj {
			add([]*Unit{a}, []grid.Coord{c}, false)
		}
		if len(adj) <= 4 {
			for mask := 3; mask < 1<<len(adj); mask++ {
				var set []*Unit
				for i := range adj {
					if mask&(1<<i) != 0 {
						set = append(set, adj[i])
					}
				}
				add(set, []grid.Coord{c}, false)
			}
		} else {
			add(adj, []grid.Coord{c}, false)
		}
		if len(adj) > 0 && len(arts) > 0 {
			add(append(slices.Clone(adj), arts...), []grid.Coord{c}, false)
		}
		for _, b := range bombs {
			add([]*Unit{b}, []grid.Coord{c}, true)
		}
		if len(bombs) > 1 {
			add(bombs, []grid.Coord{c}, true)
		}
	}
	for _, a := range atk {
		var hs []grid.Coord
		for _, c := range targets {
			if s.closes(a, c) {
				hs = append(hs, c)
			}
		}
		if len(hs) > 1 {
			add([]*Unit{a}, hs, false)
		}
	}
	// The combats of a best plan of obligations met (P-FORCE), so that
	// the listing always holds a declaration the obligations allow.
	for _, w := range s.forcePlan() {
		add(w.units, w.hexes, w.bombard)
	}
	var out []game.Option
	for _, c := range order {
		out = append(out, *groups[c])
	}
	return out
}

// legalRally lists the rally-phase orders.
func (s *State) legalRally() []game.Option {
	var out []game.Option
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && u.Side == s.Active && u.Routed {
			out = append(out, option("rally "+u.ID, "ptg.opt.rally", "unit", u.ID))
		}
	}
	if len(out) > 1 {
		out = append(out, option("rally all", "ptg.opt.rally-all"))
	}
	return append(out, option("end", "ptg.opt.end-rally"))
}
