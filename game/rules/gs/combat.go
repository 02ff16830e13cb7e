package gs

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// Columns of the CRT from worst to best for the attacker, 1:4 to 6:1
// (GS-T2).
var columns = mech.OddsColumns(6, 4)

// Odds returns the CRT column for attack a against defence d, rounded in
// the defender's favour and capped at 1:4 and 6:1 (GS-4.16, 4.17).
func Odds(a, d int) string { return mech.Odds(a, d, 6, 4) }

// die is the CRT's rows: a modified score is read at 1 or 6 at most
// (GS-4.18, GS-P-06).
var die = mech.Axis{Lo: 1, Hi: 6}

func columnIndex(col string) int { return slices.Index(columns, col) }

// obligations lists, at the start of a combat phase, each phasing unit in
// an enemy zone of control with the enemy units controlling its hex, and
// every unit's hex (GS-4.2, GS-P-04).
func obligations(s *State) (map[string][]string, map[string]grid.Coord) {
	decideOnly("obligations")
	must := map[string][]string{}
	start := map[string]grid.Coord{}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() {
			continue
		}
		start[u.ID] = u.At
		if u.Side != s.Active || !s.combatCompulsory() {
			continue
		}
		for _, e := range s.controllers(u.Side.Other(), u.At) {
			must[u.ID] = append(must[u.ID], e.ID)
		}
	}
	return must, start
}

// combatCompulsory is false at night (GS-S6.special: zones of control
// remain, but combat is not compulsory).
func (s *State) combatCompulsory() bool { return !s.night() }

// inPlace reports a unit still on the hex it held when the combat phase
// began.
func (s *State) inPlace(u *Unit) bool {
	at, ok := s.StartAt[u.ID]
	return ok && u.OnMap() && u.At == at
}

// liveAttackers lists the must-attack units whose obligation still holds
// (GS-P-04 item 5).
func (s *State) liveAttackers() []*Unit {
	var out []*Unit
	for _, id := range sortedKeys(s.MustAttack) {
		u := s.Unit(id)
		if u.Attacked || !s.inPlace(u) {
			continue
		}
		for _, eid := range s.MustAttack[id] {
			if e := s.Unit(eid); s.inPlace(e) {
				out = append(out, u)
				break
			}
		}
	}
	return out
}

// liveDefenders lists the enemy units that must still be attacked.
func (s *State) liveDefenders() []*Unit {
	seen := map[string]bool{}
	var out []*Unit
	for _, id := range sortedKeys(s.MustAttack) {
		u := s.Unit(id)
		if !s.inPlace(u) {
			continue
		}
		for _, eid := range s.MustAttack[id] {
			e := s.Unit(eid)
			if seen[eid] || e.Defended || !s.inPlace(e) {
				continue
			}
			seen[eid] = true
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// mayAttack reports whether u can still take part in a combat as an
// attacker this phase.
func (s *State) mayAttack(u *Unit) bool {
	return u.OnMap() && u.Side == s.Active && !u.Attacked && !s.stuckOnForestRoad(u)
}

func (s *State) mayBeAttacked(d *Unit) bool {
	return d.OnMap() && d.Side != s.Active && !d.Defended
}

// infeasible explains why the remaining obligations can no longer all be
// met by disjoint combats, or returns "" (GS-P-04 item 6, §9.4).
func (s *State) infeasible() game.Msg {
	for _, u := range s.liveAttackers() {
		ok := false
		for i := range s.Units {
			d := &s.Units[i]
			if s.mayBeAttacked(d) && s.canClose(u, d) {
				ok = true
				break
			}
		}
		if !ok {
			return game.M("gs.infeasible.attacker", "unit", u.ID)
		}
	}
	// Defenders with a close-combat attacker available are covered (stars
	// around that attacker); the others need a bombarding artillery unit
	// each, and one bombarder fires at one hex only (GS-5.3).
	var need []*Unit
	for _, d := range s.liveDefenders() {
		covered := false
		for i := range s.Units {
			a := &s.Units[i]
			if s.mayAttack(a) && s.canClose(a, d) {
				covered = true
				break
			}
		}
		if !covered {
			need = append(need, d)
		}
	}
	if len(need) == 0 {
		return game.Msg{}
	}
	var arts []*Unit
	for i := range s.Units {
		a := &s.Units[i]
		if a.Arm == Artillery && s.mayAttack(a) {
			arts = append(arts, a)
		}
	}
	can := make([][]int, len(need)) // defender → the artillery that can fire at it
	for i, d := range need {
		for j, a := range arts {
			if _, err := s.fire(a, d.At); err == nil {
				can[i] = append(can[i], j)
			}
		}
	}
	if i, _ := mech.Assign(can); i >= 0 {
		return game.M("gs.infeasible.defender", "unit", need[i].ID)
	}
	return game.Msg{}
}

// openObligations reports whether the combat phase may not end yet: some
// obligation holds and can still be met (GS-4.2).
func (s *State) openObligations() []game.Msg {
	if !s.infeasible().IsZero() {
		return nil
	}
	var out []game.Msg
	for _, u := range s.liveCharges() {
		out = append(out, game.M("gs.must-attack.charged", "unit", u.ID, "target", u.Charge))
	}
	for _, u := range s.liveAttackers() {
		if u.Charge == "" {
			out = append(out, game.M("gs.must-attack", "unit", u.ID))
		}
	}
	for _, d := range s.liveDefenders() {
		out = append(out, game.M("gs.must-be-attacked", "unit", d.ID))
	}
	return out
}

// fire checks a bombardment of the hex at t by artillery a and returns the
// PC it brings (GS-5.1–5.11, GS-9).
func (s *State) fire(a *Unit, t grid.Coord) (Factor, error) {
	f := Factor{Unit: a.ID, PC: a.PC, Value: a.PC}
	if a.Arm != Artillery {
		return f, game.Reject("not-artillery", "GS-5.1", "gs.not-artillery", "unit", a.ID, "arm", game.Term(a.Arm))
	}
	if s.stuckOnForestRoad(a) {
		return f, game.Reject("artillery-stuck", "GS-5.13", "gs.artillery-stuck", "unit", a.ID, "terrain", game.Term(s.terrain(a.At)))
	}
	if s.night() {
		return f, game.Reject("night", "GS-S6.special", "gs.night.bombard")
	}
	if s.enemyControlled(a.Side, a.At) {
		return f, game.Reject("bombard-in-zoc", "GS-5.6", "gs.bombard-in-zoc", "unit", a.ID)
	}
	dist := s.m().Grid.Distance(a.At, t)
	if dist == 1 && !s.unbridged(a.At, t) {
		return f, game.Reject("bombard-adjacent", "GS-P-10", "gs.bombard-adjacent", "unit", a.ID, "hex", s.label(t))
	}
	rng := 2
	if s.high(a.At) && !s.high(t) {
		rng = 3
	}
	switch {
	case dist <= rng:
	case dist == rng+1 && s.on("long-range"):
		f.Value = a.PC / 2
		f.Why = "long range ½"
	default:
		return f, game.Reject("out-of-range", "GS-5.2", "gs.out-of-range", "hex", s.label(t), "dist", dist, "unit", a.ID, "range", rng)
	}
	if !s.lineOfFire(a.At, t) {
		return f, game.Reject("no-line-of-fire", "GS-5.7", "gs.no-line-of-fire", "unit", a.ID, "hex", s.label(t))
	}
	return f, nil
}

// lineOfFire implements GS-5.7–5.11 with the two-trace method of GS-P-12.
func (s *State) lineOfFire(from, to grid.Coord) bool {
	ok, _ := s.LineOfFire(from, to)
	return ok
}

func (s *State) traceClear(tr []grid.Coord, over bool) bool { return s.traceBlock(tr, over) < 0 }

// traceBlock is the index in tr of the cell that blocks the trace (the
// forest or village between, the ridge seen from below, the ridge crossed
// away from the firing hex), or -1 when the trace is clear.
func (s *State) traceBlock(tr []grid.Coord, over bool) int {
	for i := 1; i < len(tr); i++ {
		c := tr[i]
		if i < len(tr)-1 && !over {
			if t := s.terrain(c); t == Forest || t == Village {
				return i
			}
		}
		prev := tr[i-1]
		if !s.high(prev) && s.high(c) {
			return i // ridge seen from below
		}
		if s.high(prev) && !s.high(c) && i != 1 {
			return i // GS-5.8: the ridge crossed must be a side of the firing hex
		}
	}
	return -1
}

// LineOfFire reports whether artillery at from could see to, and the cells
// of the first clear trace (or of the first trace when blocked).
func (s *State) LineOfFire(from, to grid.Coord) (bool, []grid.Coord) {
	over := s.high(from) && !s.high(to)
	return mech.EitherTrace(s.m().Grid, from, to, func(tr []grid.Coord) bool { return s.traceClear(tr, over) })
}

// declaration is a parsed combat order.
type declaration struct {
	close   []*Unit
	bombard []*Unit
	targets map[string]*Unit // bombarder → defender
	defs    []*Unit
	column  string // a chosen lower column (GS-10), or ""
}

// parseAttack reads "attack A1 A2 -> B3 [B4] [at 2:1]" and "bombard A5 -> 1010".
func (s *State) parseAttack(cmd game.Command) (*declaration, error) {
	arrow := slices.Index(cmd.Args, "->")
	if arrow < 1 || arrow == len(cmd.Args)-1 {
		return nil, game.Reject(game.CodeSyntax, "GS-4", "gs.syntax.attack", "verb", cmd.Verb)
	}
	left, right := cmd.Args[:arrow], cmd.Args[arrow+1:]
	dec := &declaration{targets: map[string]*Unit{}}
	if i := slices.IndexFunc(right, func(w string) bool { return strings.EqualFold(w, "at") }); i >= 0 {
		if i != len(right)-2 {
			return nil, game.Reject(game.CodeSyntax, "GS-10.1", "gs.syntax.column-last")
		}
		dec.column = right[i+1]
		right = right[:i]
		if columnIndex(dec.column) < 0 {
			return nil, game.Reject(game.CodeSyntax, "GS-T2", "gs.syntax.column", "column", game.Plain(dec.column))
		}
	}
	seen := map[string]bool{}
	var atk []*Unit
	for _, w := range left {
		if w == "+" {
			continue
		}
		u, err := s.ownUnit(cmd.Side, w)
		if err != nil {
			return nil, err
		}
		if seen[u.ID] {
			return nil, game.Reject("duplicate", "GS-4.5", "gs.duplicate", "unit", u.ID)
		}
		seen[u.ID] = true
		atk = append(atk, u)
	}
	for _, w := range right {
		if w == "+" {
			continue
		}
		d, err := s.enemyUnit(cmd.Side, w)
		if err != nil {
			return nil, err
		}
		if seen[d.ID] {
			return nil, game.Reject("duplicate", "GS-4.6", "gs.duplicate", "unit", d.ID)
		}
		seen[d.ID] = true
		dec.defs = append(dec.defs, d)
	}
	if len(dec.defs) == 0 {
		return nil, game.Reject(game.CodeSyntax, "GS-4", "gs.syntax.no-target")
	}
	for _, a := range atk {
		adjacent := false
		for _, d := range dec.defs {
			if s.m().Grid.Adjacent(a.At, d.At) && !(a.Arm == Artillery && s.unbridged(a.At, d.At)) {
				adjacent = true
			}
		}
		if adjacent && cmd.Verb != "bombard" {
			dec.close = append(dec.close, a)
		} else {
			dec.bombard = append(dec.bombard, a)
		}
	}
	return dec, nil
}

// checkAttack validates a declaration against the rules (it changes
// nothing).
func (s *State) checkAttack(dec *declaration) error {
	for _, a := range append(slices.Clone(dec.close), dec.bombard...) {
		if !a.OnMap() {
			return game.Reject("not-on-map", "GS-4.3", "gs.not-on-map", "unit", a.ID)
		}
		if a.Attacked {
			return game.Reject("attacked-twice", "GS-4.5", "gs.attacked-twice", "unit", a.ID)
		}
		if s.stuckOnForestRoad(a) {
			return game.Reject("artillery-stuck", "GS-5.13", "gs.artillery-stuck", "unit", a.ID, "terrain", game.Term(s.terrain(a.At)))
		}
	}
	for _, d := range dec.defs {
		if !d.OnMap() {
			return game.Reject("not-on-map", "GS-4.3", "gs.not-on-map", "unit", d.ID)
		}
		if d.Defended {
			return game.Reject("defended-twice", "GS-4.6", "gs.defended-twice", "unit", d.ID)
		}
	}
	for _, a := range dec.close {
		for _, d := range dec.defs {
			if !s.m().Grid.Adjacent(a.At, d.At) {
				return game.Reject("not-adjacent", "GS-P-04", "gs.not-adjacent.combat", "unit", a.ID, "unit2", d.ID)
			}
			if s.unbridged(a.At, d.At) {
				return game.Reject("across-river", "GS-4.4", "gs.across-river", "unit", a.ID, "unit2", d.ID)
			}
		}
	}
	for _, b := range dec.bombard {
		if b.Arm != Artillery {
			d := dec.defs[0]
			if s.m().Grid.Adjacent(b.At, d.At) && s.unbridged(b.At, d.At) {
				return game.Reject("across-river", "GS-4.4", "gs.across-river", "unit", b.ID, "unit2", d.ID)
			}
			return game.Reject("not-adjacent", "GS-4.3", "gs.not-adjacent.target", "unit", b.ID)
		}
		var firstErr error
		for _, d := range dec.defs {
			if _, err := s.fire(b, d.At); err == nil {
				dec.targets[b.ID] = d
				break
			} else if firstErr == nil {
				firstErr = err
			}
		}
		if dec.targets[b.ID] == nil {
			return firstErr
		}
	}
	// A bombarding artillery unit fires at one hex only (GS-5.3): a combat
	// of bombardment alone has one target, which every gun fires at.
	if len(dec.close) == 0 && len(dec.defs) > 1 {
		return game.Reject("bombard-one-hex", "GS-5.3", "gs.bombard-one-hex")
	}
	for _, c := range s.liveCharges() {
		in := slices.Contains(dec.close, c)
		target := slices.ContainsFunc(dec.defs, func(d *Unit) bool { return d.ID == c.Charge })
		if in && !target {
			return game.Reject("charge-target", "GS-P-17", "gs.charge-target", "unit", c.ID, "unit2", c.Charge)
		}
		if target && !in {
			return game.Reject("charge-target", "GS-P-17", "gs.charge-target.join", "unit", c.ID, "unit2", c.Charge)
		}
	}
	if dec.column != "" {
		if !s.on("lower-odds") {
			return game.Reject("option-off", "GS-10.1", "gs.option-off.lower-odds")
		}
		// Only a column with lower odds than the one the attacker is
		// entitled to may be read; a higher one is refused here, before
		// any die is rolled.
		if ev, _ := s.strength(dec); columnIndex(dec.column) > columnIndex(ev.Odds) {
			return game.Reject("higher-column", "GS-10.1", "gs.higher-column", "odds", ev.Odds, "attack", ev.Attack, "defence", ev.Defence, "column", game.Plain(dec.column))
		}
	}
	// The obligations that remain must still be possible to meet.
	t := s.clone()
	for _, a := range append(slices.Clone(dec.close), dec.bombard...) {
		t.Unit(a.ID).Attacked = true
	}
	for _, d := range dec.defs {
		t.Unit(d.ID).Defended = true
	}
	if why := t.infeasible(); !why.IsZero() && s.infeasible().IsZero() {
		return game.Reject("obligation", "GS-4.2", "gs.obligation.after", "why", why)
	}
	return nil
}

// crt reads the combat results table (GS-T2).
func (s *State) crt(column string, score int) string {
	if t := s.sc.Tables["crt"]; t != nil {
		if v, err := t.Lookup(fmt.Sprint(score), column); err == nil {
			return v
		}
	}
	return ""
}

// strength computes both sides' totals, the factors, the column and the
// die modifiers of a declaration (GS-4.10–4.18).
func (s *State) strength(dec *declaration) (ev CombatResolved, stuck []*Unit) {
	for _, a := range dec.close {
		f := Factor{Unit: a.ID, PC: a.PC, Value: a.PC}
		if a.Charge != "" && slices.ContainsFunc(dec.defs, func(d *Unit) bool { return d.ID == a.Charge }) {
			f.Value, f.Why = 2*a.PC, "charge ×2"
		}
		ev.AttackF = append(ev.AttackF, f)
		ev.Attackers = append(ev.Attackers, a.ID)
	}
	ev.Targets = map[string]string{}
	for _, b := range dec.bombard {
		f, _ := s.fire(b, dec.targets[b.ID].At)
		f.Why = strings.TrimSpace("bombards " + f.Why)
		ev.AttackF = append(ev.AttackF, f)
		ev.Bombarders = append(ev.Bombarders, b.ID)
		ev.Targets[b.ID] = dec.targets[b.ID].ID
	}
	if len(ev.Targets) == 0 {
		ev.Targets = nil
	}
	bombarded := len(dec.bombard) > 0
	for _, d := range dec.defs {
		ev.Defenders = append(ev.Defenders, d.ID)
		f := Factor{Unit: d.ID, PC: d.PC}
		if s.stuckOnForestRoad(d) {
			f.Why = "artillery on a forest or marsh road (GS-5.13)"
			stuck = append(stuck, d)
			ev.DefenceF = append(ev.DefenceF, f)
			continue
		}
		mult := 1
		var why []string
		if t := s.sc.Tables["defence"]; t != nil {
			if v, err := t.Lookup(s.terrain(d.At), "multiplier"); err == nil && v == "2" {
				mult++
				why = append(why, s.terrain(d.At)+" ×2")
			}
		}
		if len(dec.close) > 0 && !bombarded {
			all := true
			for _, a := range dec.close {
				if !s.m().EdgeHas(a.At, d.At, Bridge) {
					all = false
				}
			}
			if all {
				mult++
				why = append(why, "bridge ×2")
			}
		}
		if mult == 3 {
			why = append(why, "= ×3 (GS-4.13)")
		}
		f.Value = d.PC * mult
		f.Why = strings.Join(why, ", ")
		ev.DefenceF = append(ev.DefenceF, f)
	}
	for _, f := range ev.AttackF {
		ev.Attack += f.Value
	}
	for _, f := range ev.DefenceF {
		ev.Defence += f.Value
	}
	ev.Odds = Odds(ev.Attack, ev.Defence)
	ev.Column = ev.Odds
	if dec.column != "" && columnIndex(dec.column) < columnIndex(ev.Odds) {
		ev.Column = dec.column // GS-10.1; a higher column is refused by checkAttack
	}
	// Hexside die modifiers count only if every close-combat pair crosses
	// the feature and no artillery bombards (GS-4.12, GS-P-05).
	if len(dec.close) > 0 && !bombarded {
		stream, uphill := true, true
		for _, a := range dec.close {
			for _, d := range dec.defs {
				if !s.m().EdgeHas(a.At, d.At, Stream) {
					stream = false
				}
				if !(s.m().EdgeHas(a.At, d.At, Ridge) && s.m().CellAt(d.At).Level > s.m().CellAt(a.At).Level) {
					uphill = false
				}
			}
		}
		if stream {
			ev.Mods = append(ev.Mods, Modifier{Value: -1, Why: "attack across a stream", Rule: "GS-4.11"})
		}
		if uphill {
			ev.Mods = append(ev.Mods, Modifier{Value: -1, Why: "attack uphill across a ridge", Rule: "GS-T1"})
		}
	}
	if s.on("combined-arms") {
		arms := map[string]bool{}
		for _, a := range dec.close {
			arms[a.Arm] = true
		}
		for _, b := range dec.bombard {
			arms[b.Arm] = true
		}
		if arms[Infantry] && arms[Cavalry] && arms[Artillery] {
			ev.Mods = append(ev.Mods, Modifier{Value: 1, Why: "combined arms", Rule: "GS-7.2"})
		}
	}
	return ev, stuck
}

// decideAttack resolves one combat declaration.
func (s *State) decideAttack(cmd game.Command, dice game.Dice) ([]game.Event, error) {
	dec, err := s.parseAttack(cmd)
	if err != nil {
		return nil, err
	}
	if err := s.checkAttack(dec); err != nil {
		return nil, err
	}
	ev, stuck := s.strength(dec)
	ev.ID = s.Combats + 1
	ev.Side = s.Active
	d := &decider{s: s}
	var shown []string
	for _, b := range dec.bombard {
		for _, u := range []*Unit{b, dec.targets[b.ID]} {
			if u.FaceDown && !slices.Contains(shown, u.ID) {
				shown = append(shown, u.ID)
			}
		}
	}
	if len(shown) > 0 {
		d.emit(FaceUp{Units: shown, Why: "bombardment", Msg: game.M("gs.event.face-up.bombardment", "units", s.describe(shown))})
	}
	pure := len(dec.close) == 0
	if len(stuck) == len(dec.defs) {
		// GS-P-13: no die when the only defenders cannot fight.
		ev.Result = "DE"
		ev.Msg = game.M("gs.event.combat.stuck", "attackers", joinIDs(ev.Attackers), "defenders", joinIDs(ev.Defenders))
		d.emit(ev)
	} else {
		ev.Roll = dice.Roll(6)
		ev.Score = ev.Roll
		for _, m := range ev.Mods {
			ev.Score += m.Value
		}
		ev.Score = die.Clamp(ev.Score) // GS-4.18, GS-P-06
		ev.Result = s.crt(ev.Column, ev.Score)
		ev.Msg = narrate(ev, pure && (ev.Result == "AE" || ev.Result == "AR"))
		d.emit(ev)
	}
	switch ev.Result {
	case "AE":
		if !pure {
			for _, id := range ev.Attackers {
				d.eliminate(id, game.M("gs.reason.attacker-eliminated"), "GS-4.19", false)
			}
		}
	case "DE", "E":
		for _, id := range ev.Defenders {
			d.eliminate(id, game.M("gs.reason.defender-eliminated", "result", ev.Result), "GS-4.19", false)
		}
	}
	for _, u := range stuck {
		if d.s.Unit(u.ID).OnMap() {
			d.eliminate(u.ID, game.M("gs.reason.stuck"), "GS-5.13", false)
		}
	}
	d.settle()
	return d.evs, nil
}

// narrate writes the one-line account of a combat; noEffect adds that a
// pure bombardment's AE or AR does nothing (GS-5.5).
func narrate(ev CombatResolved, noEffect bool) game.Msg {
	head := game.M("gs.combat.head", "attackers", joinIDs(ev.Attackers), "attack", sum(ev.AttackF, true), "defenders", joinIDs(ev.Defenders), "defence", ev.Defence)
	if len(ev.Bombarders) > 0 {
		atk := joinIDs(ev.Attackers)
		if atk != "" {
			atk += "+"
		}
		head = game.M("gs.combat.head-bombard", "attackers", atk+joinIDs(ev.Bombarders), "attack", ev.Attack, "defenders", joinIDs(ev.Defenders), "defence", ev.Defence)
	}
	var why []game.Msg
	for _, f := range ev.DefenceF {
		if f.Why != "" {
			why = append(why, game.M("gs.combat.factor", "unit", f.Unit, "why", whyMsg(f.Why)))
		}
	}
	for _, f := range ev.AttackF {
		if strings.Contains(f.Why, "½") || strings.Contains(f.Why, "charge") {
			why = append(why, game.M("gs.combat.factor", "unit", f.Unit, "why", whyMsg(f.Why)))
		}
	}
	var factors, column, mods, score, effect game.Msg
	if len(why) > 0 {
		factors = game.M("gs.combat.factors", "list", joinSemi(why))
	}
	if ev.Column != ev.Odds {
		column = game.M("gs.combat.column", "column", ev.Column)
	}
	var ms []game.Msg
	for _, m := range ev.Mods {
		ms = append(ms, game.M("gs.combat.mod", "value", fmt.Sprintf("%+d", m.Value), "why", whyMsg(m.Why), "rule", m.Rule))
	}
	if len(ms) > 0 {
		mods = joinWith("gs.join.none", ms)
		score = game.M("gs.combat.score", "score", ev.Score)
	}
	if noEffect {
		effect = game.M("gs.combat.no-effect")
	}
	return game.M("gs.combat", "head", head, "factors", factors, "odds", ev.Odds, "column", column,
		"roll", ev.Roll, "mods", mods, "score", score, "result", ev.Result, "effect", effect)
}

// whyMsg reads the explanation a Factor or Modifier stores ("village ×2,
// = ×3 (GS-4.13)", "combined arms") as messages; a part it does not know
// stays as it is.
func whyMsg(why string) []game.Msg {
	var out []game.Msg
	for _, p := range strings.Split(why, ", ") {
		out = append(out, whyPart(p))
	}
	return out
}

func whyPart(p string) game.Msg {
	switch p {
	case "charge ×2":
		return game.M("gs.why.charge")
	case "long range ½":
		return game.M("gs.why.long-range")
	case "bombards":
		return game.M("gs.why.bombards")
	case "artillery on a forest or marsh road (GS-5.13)":
		return game.M("gs.why.stuck")
	case "= ×3 (GS-4.13)":
		return game.M("gs.why.triple")
	case "attack across a stream":
		return game.M("gs.why.stream")
	case "attack uphill across a ridge":
		return game.M("gs.why.ridge")
	case "combined arms":
		return game.M("gs.why.combined-arms")
	}
	if rest, ok := strings.CutPrefix(p, "bombards "); ok {
		return game.M("gs.why.bombards-at", "why", whyPart(rest))
	}
	if what, ok := strings.CutSuffix(p, " ×2"); ok {
		return game.M("gs.why.double", "what", game.Term(what))
	}
	return game.M("game.word", "w", p)
}

func sum(fs []Factor, _ bool) int {
	t := 0
	for _, f := range fs {
		t += f.Value
	}
	return t
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortCoords(cs []grid.Coord) {
	slices.SortFunc(cs, func(a, b grid.Coord) int {
		if a.X != b.X {
			return a.X - b.X
		}
		return a.Y - b.Y
	})
}
