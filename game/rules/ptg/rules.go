package ptg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Rules is the Peter the Great ruleset.
type Rules struct{}

// New returns the ruleset.
func New() *Rules { return &Rules{} }

func (*Rules) Name() string  { return "ptg" }
func (*Rules) Title() string { return "Peter the Great (Poltava 1709)" }

// Version 2: events carry the rule outcomes Evolve applies (record.go);
// the logs of version 1 replay through Evolve's legacy path.
func (*Rules) Version() string { return "2" }

var onOff = []string{"on", "off"}

// optionSpecs are the optional rules of PTG-14 (all off, as printed) and
// the digest's proposals where the rules are silent (defaults as proposed).
var optionSpecs = []game.OptionSpec{
	{Name: "surprise", Default: "off", Values: onOff, Rule: "PTG-14.1", Help: "Russians surprised: on turn 1 Swedish MA doubled and Swedish attacks one column right"},
	{Name: "charles-unwounded", Default: "off", Values: onOff, Rule: "PTG-14.2", Help: "Charles XII unwounded (3-3-12); Swedish army morale starts 5 higher (75, or 90 in 13.3)"},
	{Name: "assault-equipment", Default: "off", Values: onOff, Rule: "PTG-14.3", Help: "four Swedish infantry units get assault equipment at set-up (equip UNIT): not halved attacking redoubts"},
	{Name: "grenades", Default: "off", Values: onOff, Rule: "PTG-14.4", Help: "each grenadier unit may shift one combat one column in its favour, once"},
	{Name: "fatigue", Default: "off", Values: onOff, Rule: "PTG-14.5", Help: "turns 10 and 11: combat units pay 2 MP for clear and 1 MP a road hex"},
	{Name: "prisoners", Default: "off", Values: onOff, Rule: "PTG-14.6", Help: "a demoralized army may surrender units about to be attacked, for half their army-morale cost"},
	{Name: "visibility", Default: "off", Values: onOff, Rule: "PTG-14.7", Help: "from turn 3 a die decides visibility; bad visibility halves MA, limits artillery to 3 hexes and rally help to the same hex"},
	{Name: "canister", Default: "off", Values: onOff, Rule: "PTG-14.8", Help: "artillery fighting adjacent enemies may fire canister for one column (Russians 32 rounds, Swedes 4)"},
	{Name: "charges", Default: "off", Values: onOff, Rule: "PTG-14.9", Help: "Swedish regular cavalry and dragoons may charge (move UNIT HEX charge) for one column right"},
	{Name: "flank-attacks", Default: "off", Values: onOff, Rule: "PTG-14.10", Help: "a single defender whose six neighbours are all covered by the attackers is halved"},
	{Name: "squares", Default: "off", Values: onOff, Rule: "PTG-14.11", Help: "infantry may form square (1 MP): cavalry attacking it is halved, it cannot be flanked or move"},
	{Name: "dismount", Default: "off", Values: onOff, Rule: "PTG-14.12", Help: "dragoons may dismount or remount at the start of the movement phase (1 MP): infantry with MA 5"},
	{Name: "rolling-fire", Default: "off", Values: onOff, Rule: "PTG-14.13", Help: "once per unit, infantry doubles its strength in a combat and is halved for the rest of the game"},
	{Name: "cavalry-evasion", Default: "off", Values: onOff, Rule: "PTG-14.14", Help: "cavalry attacked only by infantry and artillery may step back one hex before the roll"},
	{Name: "cavalry-vs-routed", Default: "off", Values: onOff, Rule: "PTG-14.15", Help: "cavalry attacking routed infantry is doubled"},
	{Name: "aides", Default: "off", Values: onOff, Rule: "PTG-14.16", Help: "aides (Russians 3, Swedes 2) act as leaders for one player turn"},
	{Name: "horse-artillery", Default: "off", Values: onOff, Rule: "PTG-14.17", Help: "the two Russian horse artillery units, which may break down after a full move"},
	{Name: "demoralized-offset", Default: "2", Values: []string{"0", "1", "2", "3", "4"}, Rule: "P-CRT-DEM", Help: "a demoralized attacker reads the CRT this many columns further left (the printed line was lost)"},
	{Name: "lower-column", Default: "any", Values: []string{"any", "one"}, Rule: "P-VOLSHIFT", Help: "how far left the attacker may choose to read the CRT (PTG-7.0.9): any column, or one"},
	{Name: "advance-after-d1", Default: "off", Values: onOff, Rule: "P-ADV-D1", Help: "allow an advance when an A1 or D1 empties a hex (the CRT legend says no advance)"},
	{Name: "russian-pickets", Default: "3", Values: []string{"3", "1"}, Rule: "A-07", Help: "Russian pickets in the historical set-up: one in each P hex, or a single one in a P hex of choice"},
	{Name: "under-construction", Default: "2", Values: []string{"0", "1", "2", "3", "4", "5"}, Rule: "A-09", Help: "redoubts under construction when the Russians place them with the set-up lines (13.1, 13.3)"},
	{Name: "zoc-across-lake", Default: "off", Values: onOff, Rule: "P-ZOC-LAKE", Help: "zones of control extend across lake hexsides"},
	{Name: "ravine-attacker-retreat", Default: "eliminate", Values: []string{"eliminate", "none"}, Rule: "A-14", Help: "an attacker in a ravine that must retreat is eliminated (as written), or the retreat has no effect"},
	{Name: "retreat-outward", Default: "off", Values: onOff, Rule: "P-RET-ALGO", Help: "each retreat step must take the unit farther from its starting hex"},
	{Name: "assault-check-building", Default: "off", Values: onOff, Rule: "A-19", Help: "assault equipment is also checked after attacking a redoubt under construction"},
	{Name: "charge-clear-hexes", Default: "2", Values: []string{"2", "3"}, Rule: "P-CHARGE", Help: "clear hexes a charge must end with, the final hex included"},
	{Name: "initial-fire-zones", Default: "off", Values: onOff, Rule: "P-FZ-INIT", Help: "the Russians place fire zones at set-up, live in the first Swedish movement phase"},
	{Name: "rout-step-from-router", Default: "on", Values: onOff, Rule: "P-ROUT-STEP", Help: "a rout's step loss comes from a unit that will actually rout, not artillery eliminated anyway"},
	{Name: "marsh-attackers", Default: "on", Values: onOff, Rule: "P-MARSH", Help: "units attacking from a marsh are halved too, not only defenders"},
	{Name: "los-units-along-hexside", Default: "on", Values: onOff, Rule: "P-LOS-UNITS", Help: "a hex with combat units blocks when a line of sight runs along its side"},
	{Name: "support-needs-los", Default: "on", Values: onOff, Rule: "P-LOS-SUP", Help: "supporting artillery needs a line of sight to a defending hex in range"},
}

func (*Rules) OptionSpecs() []game.OptionSpec { return slices.Clone(optionSpecs) }

// checkOptions merges the scenario's option defaults and the game's
// options and refuses unknown names and values.
func checkOptions(sc *game.Scenario, opts game.Options) (game.Options, error) {
	return game.MergeOptions(optionSpecs, sc.Options, opts)
}

// Start builds the opening position. A full scenario starts with the
// sequential set-up (PTG-13.0): the side that sets up first adjusts the
// scenario's default deployment and declares ready, then the other side;
// a test position ([start]) starts at its turn and phase.
func (*Rules) Start(sc *game.Scenario, opts game.Options) (game.State, error) {
	if sc.Map == nil || sc.Map.Grid == nil {
		return nil, fmt.Errorf("ptg: scenario %s has no map", sc.ID)
	}
	if _, ok := sc.Map.Grid.(*grid.Hex); !ok {
		return nil, fmt.Errorf("ptg: scenario %s: Peter the Great is played on a hex map", sc.ID)
	}
	mi, err := buildInfo(sc)
	if err != nil {
		return nil, err
	}
	o, err := checkOptions(sc, opts)
	if err != nil {
		return nil, err
	}
	s := &State{sc: sc, opts: o, mi: mi, Turns: sc.Turns, Turn: 1, First: Swedes}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("ptg: scenario %s: "+format, append([]any{sc.ID}, a...)...)
	}
	if sc.Turns < 1 {
		return nil, bad("turns = %d: a Peter the Great scenario has a set number of turns", sc.Turns)
	}
	if f := sc.Param("first", "A"); f != "A" && f != "B" {
		return nil, bad("param first = %q: want A or B", f)
	} else if f == "B" {
		s.First = Russians
	}
	for _, side := range game.Sides {
		def := func(col string) int {
			v, _ := mi.tables.morale.Lookup(side.String(), col)
			n, _ := strconv.Atoi(v)
			return n
		}
		start, dem := def("start"), def("demoralized")
		for _, p := range []struct {
			key string
			v   *int
		}{{"nma-" + side.String(), &start}, {"demoralized-" + side.String(), &dem}} {
			if v, ok := sc.Params[p.key]; ok {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					return nil, bad("param %s = %q: want a number", p.key, v)
				}
				*p.v = n
			}
		}
		if side == Swedes && s.on("charles-unwounded") {
			start += 5 // PTG-14.2.1: 75, or 90 in 13.3
		}
		s.StartNMA[side], s.NMA[side], s.DemAt[side] = start, start, dem
		s.Canister[side] = map[game.Side]int{Swedes: 4, Russians: 32}[side] // PTG-14.8.2
		if v, ok := sc.Params["canister-"+side.String()]; ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return nil, bad("param canister-%s = %q: want a number", side, v)
			}
			s.Canister[side] = n
		}
	}
	for _, us := range sc.Units {
		u, keep, err := s.newUnit(us)
		if err != nil {
			return nil, bad("%v", err)
		}
		if keep {
			s.Units = append(s.Units, u)
		}
	}
	if s.opt("russian-pickets") == "1" && sc.Param("setup", "") == "historical" {
		// a single Russian picket, in a P hex of the player's choice.
		first := true
		s.Units = slices.DeleteFunc(s.Units, func(u Unit) bool {
			if u.Side != Russians || u.Class() != ClassPicket {
				return false
			}
			keep := first
			first = false
			return !keep
		})
	}
	if err := s.readRedoubts(sc.Param("redoubts", "")); err != nil {
		return nil, bad("%v", err)
	}
	if err := s.readFireZones(sc.Param("fire-zones", "")); err != nil {
		return nil, bad("%v", err)
	}
	s.Alerted = sc.Param("alerted", "") == "on"
	if s.CampEvent = sc.Param("camp-event", "") == "done"; s.CampEvent {
		s.StartNMA[Russians] += 15 // the event has already cost what nma-B says
	}
	if v := sc.Param("visibility", "good"); v == "bad" {
		s.Visibility = "bad"
	} else if v != "good" {
		return nil, bad("param visibility = %q: want good or bad", v)
	}
	if sc.Start != nil {
		side, phase, err := parseStartPhase(sc.Start.Phase)
		if err != nil {
			return nil, bad("%v", err)
		}
		s.Turn = max(1, sc.Start.Turn)
		for i := range s.Units {
			u := &s.Units[i]
			if !u.OnMap() || !u.Combat() {
				continue
			}
			if s.RedoubtAt(u.At) != nil && !slices.Contains(sc.Units[s.specIndex(u.ID)].Flags, "mobile") {
				u.Immobile = true
			}
			if !s.inCamp(u.At) {
				u.Free = true
			}
		}
		s.startPhase(phase, side)
		s.phaseSnapshots()
		return s, nil
	}
	setupFirst := Russians
	if sc.Param("setup-first", "B") == "A" {
		setupFirst = Swedes
	}
	s.Phase, s.Active = PhaseSetup, setupFirst
	return s, nil
}

// specIndex finds a unit's scenario entry.
func (s *State) specIndex(id string) int {
	return slices.IndexFunc(s.sc.Units, func(u game.UnitSpec) bool { return u.ID == id })
}

// newUnit builds a unit from its scenario entry; keep is false for units
// of an optional rule not in use (aides, horse artillery).
func (s *State) newUnit(us game.UnitSpec) (Unit, bool, error) {
	u := Unit{ID: us.ID, Name: us.Name, Side: us.Side, Type: us.Type, Group: us.Group}
	class := classOf(u.Type)
	if class == "" {
		return u, false, fmt.Errorf("unit %s has type %q (want one of leader, aide, infantry, grenadiers, garrison, engineers, cavalry, irregular-cavalry, dragoons, horse-grenadiers, picket, light-artillery, medium-artillery, heavy-artillery, mortar, horse-artillery)", u.ID, u.Type)
	}
	if u.Type == "aide" && !s.on("aides") || u.Type == "horse-artillery" && !s.on("horse-artillery") {
		return u, false, nil
	}
	v := us.Values
	u.MA = v["ma"]
	if class == ClassLeader {
		u.Cmd, u.Radius, u.RCmd, u.RRad, u.RMA = v["cmd"], v["radius"], v["rcmd"], v["rradius"], v["rma"]
		if u.Cmd <= 0 || u.MA <= 0 {
			return u, false, fmt.Errorf("leader %s needs cmd and ma values", u.ID)
		}
		if s.on("charles-unwounded") {
			if r, ok := v["unwounded-radius"]; ok {
				u.Radius = r
			}
			if m, ok := v["unwounded-ma"]; ok {
				u.MA = m
			}
		}
	} else {
		u.Str, u.Red, u.Morale = v["str"], v["red"], v["morale"]
		if u.Str <= 0 || u.Morale <= 0 || u.MA < 0 {
			return u, false, fmt.Errorf("unit %s needs str, morale and ma values", u.ID)
		}
		if u.Red >= u.Str {
			return u, false, fmt.Errorf("unit %s: reduced strength %d is not below %d", u.ID, u.Red, u.Str)
		}
	}
	for _, f := range us.Flags {
		switch f {
		case "routed":
			u.Routed = true
		case "reduced":
			u.Reduced = u.Red > 0
		case "square":
			u.Square = true
		case "dismounted":
			u.Dismounted = true
		case "exhausted":
			u.Exhausted = true
		case "assault":
			u.Assault = true
		case "broken":
			u.Broken = true
		case "free":
			u.Free = true
		case "released":
			u.Released, u.Free = true, true
		case "replacement":
			u.Replacement = true
		case "immobile":
			u.Immobile = true
		case "mobile", "no-grenade", "exited":
		default:
			u.Flags = append(u.Flags, f)
		}
	}
	if s.on("grenades") && u.Grenadiers() && !slices.Contains(us.Flags, "no-grenade") {
		u.Grenade = true
	}
	if slices.Contains(us.Flags, "exited") {
		u.Status = game.StatusExited
		return u, true, nil
	}
	if us.At != nil {
		if !s.grid().Contains(*us.At) {
			return u, false, fmt.Errorf("unit %s is off the map", u.ID)
		}
		u.At, u.Status, u.Placed = *us.At, game.StatusActive, true
	} else {
		u.Status = game.StatusReserve
	}
	return u, true, nil
}

// readRedoubts reads "1533:building 1727 …" (param redoubts).
func (s *State) readRedoubts(p string) error {
	for _, w := range strings.Fields(p) {
		lab, kind, _ := strings.Cut(w, ":")
		c, err := s.grid().Parse(lab)
		if err != nil {
			return fmt.Errorf("param redoubts: %v", err)
		}
		if kind != "" && kind != "building" {
			return fmt.Errorf("param redoubts: %q: want HEX or HEX:building", w)
		}
		if s.RedoubtAt(c) != nil {
			return fmt.Errorf("param redoubts: two redoubts in %s", lab)
		}
		s.Redoubts = append(s.Redoubts, Redoubt{At: c, Building: kind == "building"})
	}
	return nil
}

// readFireZones reads "B:2020>2021 …" (param fire-zones, test positions).
func (s *State) readFireZones(p string) error {
	for _, w := range strings.Fields(p) {
		side, rest, ok1 := strings.Cut(w, ":")
		from, to, ok2 := strings.Cut(rest, ">")
		sd, err := game.ParseSide(side)
		if !ok1 || !ok2 || err != nil || !sd.Valid() {
			return fmt.Errorf("param fire-zones: %q: want SIDE:REDOUBT>HEX", w)
		}
		a, err1 := s.grid().Parse(from)
		b, err2 := s.grid().Parse(to)
		if err1 != nil || err2 != nil || !s.adjacent(a, b) {
			return fmt.Errorf("param fire-zones: %q: two adjacent hexes", w)
		}
		s.FireZones = append(s.FireZones, FireZone{Side: sd, From: a, To: b})
	}
	return nil
}

func parseStartPhase(p string) (game.Side, string, error) {
	ph, sd, ok := strings.Cut(p, "-")
	if ok && (ph == PhaseMove || ph == PhaseCombat || ph == PhaseRally) {
		if side, err := game.ParseSide(sd); err == nil && side.Valid() {
			return side, ph, nil
		}
	}
	return game.Nobody, "", fmt.Errorf("start phase %q: want move-A, combat-A, rally-A, move-B, combat-B or rally-B", p)
}

func (*Rules) NewEvent(kind string) (game.Event, bool) {
	f, ok := eventKinds[kind]
	if !ok {
		return nil, false
	}
	return f(), true
}

func (*Rules) DecodeState(sc *game.Scenario, opts game.Options, b []byte) (game.State, error) {
	o, err := checkOptions(sc, opts)
	if err != nil {
		return nil, err
	}
	if _, err := buildInfo(sc); err != nil {
		return nil, err
	}
	return decodeState(sc, o, b)
}

func (*Rules) Evolve(s game.State, e game.Event) game.State { return evolve(s.(*State), e) }

// Decide validates an order and returns its events.
func (*Rules) Decide(gs game.State, cmd game.Command, dice game.Dice) ([]game.Event, error) {
	s := gs.(*State)
	if s.Result != nil {
		return nil, game.Reject(game.CodeGameOver, "", "ptg.game-is-over")
	}
	if !cmd.Side.Valid() {
		return nil, game.Reject(game.CodeWrongSide, "", "ptg.side-a-or-b")
	}
	if cmd.Verb == "aide" {
		cmd.Verb = "aide-de-camp" // its name in logs written before Verbs
	}
	d := &decider{s: s, dice: dice}
	var err error
	switch cmd.Verb {
	case "defend", "surrender", "evade", "lose", "retreat", "push", "advance", "repulse", "displace", "replace":
		err = d.answer(cmd)
	case "place", "redoubt", "equip", "ready":
		err = d.setupOrder(cmd)
	case "move", "aide-de-camp", "dismount", "mount", "square", "release", "attack", "bombard", "zone", "rally", "end":
		if err = s.mayAct(cmd); err == nil {
			err = d.phaseOrder(cmd)
		}
	default:
		return nil, game.Reject(game.CodeUnknownVerb, "", "ptg.unknown-order", "verb", game.Plain(cmd.Verb), "orders", orders)
	}
	if err != nil {
		return nil, err
	}
	return d.evs, nil
}

// mayAct checks that side may give a phase order now.
func (s *State) mayAct(cmd game.Command) error {
	if s.Phase == PhaseSetup {
		return game.Reject(game.CodeWrongPhase, "PTG-13.0", "ptg.setup.still")
	}
	if len(s.Queue) > 0 {
		dec := s.decision()
		return game.Reject(game.CodePending, dec.Rule, "ptg.decide.first", "side", dec.Side, "prompt", dec.PromptMsg)
	}
	if cmd.Side != s.Active {
		return game.Reject(game.CodeWrongSide, "PTG-3.1", "ptg.other-phase", "army", armyF(s.Active), "phase", phaseTerm(s.Phase))
	}
	return nil
}

// phaseOrder dispatches an order of the active side.
func (d *decider) phaseOrder(cmd game.Command) error {
	s := d.s
	wrong := func(rule, key string) error {
		return game.Reject(game.CodeWrongPhase, rule, "ptg.wrong-phase", "what", game.M(key), "phase", phaseTerm(s.Phase))
	}
	switch cmd.Verb {
	case "move", "aide-de-camp", "dismount", "mount", "square", "release":
		if s.Phase != PhaseMove {
			return wrong("PTG-4.1.2", "ptg.wrong-phase.move")
		}
		var err error
		switch cmd.Verb {
		case "move":
			err = d.move(cmd)
		case "aide-de-camp":
			err = d.aide(cmd)
		case "dismount", "mount":
			err = d.dismount(cmd)
		case "square":
			err = d.square(cmd)
		default:
			err = d.release(cmd)
		}
		if err != nil {
			return err
		}
		// Stacking limits apply only at the end of the movement phase
		// (PTG-5.0.1): a hex may be over them while units move, as long
		// as a unit in it can still move and put it right.
		if why := d.s.stuckStack(cmd.Side); !why.IsZero() {
			return game.Reject("stacking", "PTG-5.0.1", "ptg.stack.stuck", "why", why)
		}
		return nil
	case "attack", "bombard", "zone":
		if s.Phase != PhaseCombat {
			return wrong("PTG-4.1.4", "ptg.wrong-phase.combat")
		}
		if cmd.Verb == "zone" {
			return d.planZone(cmd)
		}
		return d.attack(cmd)
	case "rally":
		if s.Phase != PhaseRally {
			return wrong("PTG-9.0", "ptg.wrong-phase.rally")
		}
		return d.rally(cmd)
	}
	if len(cmd.Args) > 0 {
		return game.Reject(game.CodeSyntax, "PTG-3.1", "ptg.end-syntax")
	}
	return d.endPhase()
}

// Pending lists the decisions waiting for a player.
func (s *State) Pending() []game.Decision {
	if s.Result != nil {
		return nil
	}
	if s.Phase == PhaseSetup {
		return []game.Decision{s.setupDecision()}
	}
	if len(s.Queue) > 0 {
		return []game.Decision{s.decision()}
	}
	return nil
}

// Legal lists orders side may give now. Every listed order is accepted by
// Decide; in the combat phase the list holds a representative set of
// declarations (every attacker set up to a size, not every combination).
func (r *Rules) Legal(gs game.State, side game.Side) []game.Option {
	s := gs.(*State)
	if s.Result != nil {
		return nil
	}
	if s.Phase == PhaseSetup {
		if side != s.Active {
			return nil
		}
		return s.legalSetup()
	}
	if len(s.Queue) > 0 {
		dec := s.decision()
		if dec.Side != side {
			return nil
		}
		return dec.Options
	}
	if side != s.Active {
		return nil
	}
	switch s.Phase {
	case PhaseMove:
		return s.legalMoves()
	case PhaseCombat:
		return s.legalCombat()
	case PhaseRally:
		return s.legalRally()
	}
	return nil
}

// Check verifies the invariants of a position: units on the map, stacking
// once nothing is moving or retreating (the phasing side's stacks are
// checked when its movement phase ends, PTG-5.0.1), army morale equal to its start
// less the recorded losses, and no routed unit of the side that just
// finished rallying.
func (*Rules) Check(gs game.State) error {
	s := gs.(*State)
	var lost [2]int
	for i := range s.Units {
		u := &s.Units[i]
		lost[u.Side] += u.Lost
		if u.OnMap() && !s.grid().Contains(u.At) {
			return fmt.Errorf("%s is off the map at %v", u.ID, u.At)
		}
		if u.OnMap() && u.Leader() && u.Routed {
			return fmt.Errorf("leader %s is routed", u.ID)
		}
		if u.Status == game.StatusEliminated && u.Combat() && u.Lost == 0 {
			return fmt.Errorf("%s was eliminated without costing army morale", u.ID)
		}
	}
	for _, side := range game.Sides {
		want := s.StartNMA[side] - lost[side]
		if side == Russians && s.CampEvent && s.camp() {
			want -= 15
		}
		if want < 0 {
			want = 0
		}
		if s.NMA[side] != want {
			return fmt.Errorf("%s army morale %d, but start %d less losses %d gives %d", sideName(side), s.NMA[side], s.StartNMA[side], lost[side], want)
		}
	}
	if s.Phase != PhaseSetup && len(s.Queue) == 0 && s.Fight == nil && s.Result == nil {
		seen := map[grid.Coord]bool{}
		for i := range s.Units {
			u := &s.Units[i]
			if !u.OnMap() || seen[u.At] || (s.Phase == PhaseMove && u.ID == s.Mover) {
				continue
			}
			seen[u.At] = true
			if why := s.overStacked(s.UnitsAt(u.At), nil); !why.IsZero() && !(s.Phase == PhaseMove && u.Side == s.Active) {
				return fmt.Errorf("%s: %s (PTG-5.0)", s.label(u.At), why)
			}
		}
	}
	return nil
}

func (s *State) hasUnit(c grid.Coord, id string) bool {
	if id == "" {
		return false
	}
	u := s.Unit(id)
	return u != nil && u.OnMap() && u.At == c
}
