package ptg

import (
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// obligations lists, at the start of a combat phase, each phasing unit
// that must attack with the enemy units it is in mutual zone of control
// with (PTG-7.0.1, 4.3.5), less the exemptions: pickets and routed units
// (7.8, 4.3.2), cavalry against woods, ravines and completed redoubts, and
// phasing units in completed redoubts (TEC, 7.6).
func (s *State) obligations() map[string][]string {
	decideOnly("obligations")
	must := map[string][]string{}
	for i := range s.Units {
		a := &s.Units[i]
		if a.Side != s.Active || !s.exertsZOC(a) {
			continue
		}
		if r := s.RedoubtAt(a.At); r != nil && !r.Building {
			continue
		}
		for _, e := range s.zocOf(a.Side, a.At) {
			if s.terrainBars(a, e.At).IsZero() && !s.lakeSide(a.At, e.At) {
				must[a.ID] = append(must[a.ID], e.ID)
			}
		}
	}
	return must
}

// terrainBars explains why a may not attack into hex c, or is zero (TEC:
// cavalry against woods, ravines and completed redoubts; PTG-14.9.1: a
// unit that charged, against anything but clear terrain).
func (s *State) terrainBars(a *Unit, c grid.Coord) game.Msg {
	if len(a.Charged) > 0 && !s.clearHex(c) {
		return game.M("ptg.attack.bar.charged")
	}
	if a.Class() != ClassCavalry {
		return game.Msg{}
	}
	switch s.terrain(c) {
	case Woods:
		return game.M("ptg.attack.bar.woods")
	case Ravine:
		return game.M("ptg.attack.bar.ravine")
	}
	if r := s.RedoubtAt(c); r != nil && !r.Building {
		return game.M("ptg.attack.bar.redoubt")
	}
	return game.Msg{}
}

// inPlace reports a unit still where it stood when the combat phase began.
func (s *State) inPlace(u *Unit) bool { return u.OnMap() && u.At == u.StartAt }

// mayAttack reports a phasing unit that can still attack this phase.
func (s *State) mayAttack(u *Unit) bool {
	return u.OnMap() && u.Side == s.Active && u.Combat() && !u.Routed && !u.Attacked && u.Class() != ClassPicket
}

// mayBeAttacked reports a hex of enemy combat units not yet attacked
// this phase (PTG-7.0.4, 7.0.6).
func (s *State) mayBeAttacked(c grid.Coord) bool {
	us := s.combatAt(c)
	if len(us) == 0 || us[0].Side == s.Active {
		return false
	}
	for _, u := range us {
		if u.Defended {
			return false
		}
	}
	return true
}

// closes reports whether a may attack hex c as an adjacent attacker.
func (s *State) closes(a *Unit, c grid.Coord) bool {
	return s.mayAttack(a) && s.adjacent(a.At, c) && !s.lakeSide(a.At, c) && s.terrainBars(a, c).IsZero() && s.mayBeAttacked(c)
}

// bombards reports whether artillery a may bombard hex c (PTG-7.1C,
// 7.1.2: not from an enemy zone of control, not adjacent).
func (s *State) bombards(a *Unit, c grid.Coord) bool {
	if !s.mayAttack(a) || !a.Artillery() || s.adjacent(a.At, c) || s.enemyZOC(a.Side, a.At) || !s.mayBeAttacked(c) {
		return false
	}
	att, _ := s.fireStrength(a, c)
	return att != ""
}

// liveDefenderHexes lists the enemy hexes that must still be attacked:
// an obligation partner in place and not yet attacked (PTG-7.0.1, P-FORCE).
func (s *State) liveDefenderHexes() []grid.Coord {
	var out []grid.Coord
	for _, id := range sortedKeys(s.Must) {
		if !s.inPlace(s.Unit(id)) {
			continue
		}
		for _, eid := range s.Must[id] {
			e := s.Unit(eid)
			if s.inPlace(e) && !e.Defended && !slices.Contains(out, e.At) && s.mayBeAttacked(e.At) {
				out = append(out, e.At)
			}
		}
	}
	return out
}

// liveAttackers lists the phasing units that must still attack: in place,
// not yet attacked, with an obligation partner still attackable.
func (s *State) liveAttackers() []*Unit {
	var out []*Unit
	for _, id := range sortedKeys(s.Must) {
		a := s.Unit(id)
		if !s.inPlace(a) || !s.mayAttack(a) {
			continue
		}
		for _, eid := range s.Must[id] {
			e := s.Unit(eid)
			if s.inPlace(e) && s.closes(a, e.At) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// covered reports whether hex c can still be attacked by someone: an
// adjacent phasing unit, or artillery able to bombard it.
func (s *State) coverers(c grid.Coord) (close bool, arts []*Unit) {
	for i := range s.Units {
		a := &s.Units[i]
		if a.Side != s.Active || !s.mayAttack(a) {
			continue
		}
		if s.closes(a, c) {
			return true, nil
		}
		if a.Artillery() && s.bombards(a, c) {
			arts = append(arts, a)
		}
	}
	return false, arts
}

// feasible reports whether every live defender obligation can still be
// met by disjoint combats: hexes with an adjacent attacker are covered
// (one attacker may fight all its neighbours at once); the others need
// one bombarding artillery unit each (a bipartite matching).
func (s *State) feasible() bool {
	var need [][]int // hex → the artillery (unit indices) that can bombard it
	for _, c := range s.liveDefenderHexes() {
		close, arts := s.coverers(c)
		if close {
			continue
		}
		if len(arts) == 0 {
			return false
		}
		var idx []int
		for j := range s.Units {
			if slices.Contains(arts, &s.Units[j]) {
				idx = append(idx, j)
			}
		}
		need = append(need, idx)
	}
	unmet, _ := mech.Assign(need)
	return unmet < 0
}

// openObligations lists what keeps the combat phase from ending: an
// enemy hex that must be attacked and still can be, a phasing unit that
// must attack and still can (PTG-7.0.1, P-FORCE).
func (s *State) openObligations() []game.Msg {
	var out []game.Msg
	for _, c := range s.liveDefenderHexes() {
		if close, arts := s.coverers(c); close || len(arts) > 0 {
			out = append(out, game.M("ptg.combat.must-be-attacked", "hex", s.label(c)))
		}
	}
	for _, a := range s.liveAttackers() {
		out = append(out, game.M("ptg.combat.must-attack", "unit", a.ID))
	}
	return out
}

// attackWords are the options of an attack declaration.
type attackWords struct {
	units   []*Unit
	hexes   []grid.Coord
	decl    Declaration
	bombard bool
}

// parseAttack reads "attack U … -> HEX … [morale U] [at N] [grenade U]
// [canister] [rolling U]" and "bombard U … -> HEX".
func (s *State) parseAttack(cmd game.Command) (*attackWords, error) {
	rule := "PTG-7.0.2"
	syntax := game.Reject(game.CodeSyntax, rule, "ptg.attack.syntax")
	arrow := slices.Index(cmd.Args, "->")
	if arrow < 1 || arrow == len(cmd.Args)-1 {
		return nil, syntax
	}
	w := &attackWords{bombard: cmd.Verb == "bombard"}
	seen := map[string]bool{}
	for _, a := range cmd.Args[:arrow] {
		if a == "+" {
			continue
		}
		u, err := s.ownUnit(cmd.Side, a)
		if err != nil {
			return nil, err
		}
		if seen[u.ID] {
			return nil, game.Reject(game.CodeSyntax, rule, "ptg.attack.twice", "unit", u.ID)
		}
		seen[u.ID] = true
		w.units = append(w.units, u)
	}
	rest := cmd.Args[arrow+1:]
	i := 0
	for ; i < len(rest); i++ {
		if isKeyword(rest[i]) {
			break
		}
		if rest[i] == "+" {
			continue
		}
		c, err := s.target(cmd.Side, rest[i])
		if err != nil {
			return nil, err
		}
		if !slices.Contains(w.hexes, c) {
			w.hexes = append(w.hexes, c)
		}
	}
	if len(w.hexes) == 0 {
		return nil, syntax
	}
	for ; i < len(rest); i++ {
		k := strings.ToLower(rest[i])
		arg := func() (string, error) {
			if i+1 >= len(rest) {
				return "", syntax
			}
			i++
			return rest[i], nil
		}
		if w.bombard {
			return nil, game.Reject(game.CodeSyntax, "PTG-7.1C", "ptg.bombard.no-options")
		}
		switch k {
		case "morale", "grenade", "rolling":
			a, err := arg()
			if err != nil {
				return nil, err
			}
			u, err := s.ownUnit(cmd.Side, a)
			if err != nil {
				return nil, err
			}
			switch {
			case k == "morale":
				w.decl.Morale = u.ID
			case k == "grenade" && w.decl.Grenade != "":
				return nil, game.Reject("grenade", "PTG-14.4.2", "ptg.attack.one-grenade")
			case k == "grenade":
				w.decl.Grenade = u.ID
			case w.decl.Rolling != "":
				return nil, game.Reject("rolling-fire", "PTG-14.13.1", "ptg.attack.one-rolling")
			default:
				w.decl.Rolling = u.ID
			}
		case "at":
			a, err := arg()
			if err != nil {
				return nil, err
			}
			if a == "+" { // "at +3" arrives as at, +, 3 (game.Words)
				if a, err = arg(); err != nil {
					return nil, err
				}
			}
			n, err := strconv.Atoi(strings.TrimPrefix(a, "+"))
			if err != nil {
				return nil, game.Reject(game.CodeSyntax, "PTG-7.0.9", "ptg.attack.at-syntax")
			}
			w.decl.Cap = &n
		case "canister":
			w.decl.Canister = true
		default:
			return nil, syntax
		}
	}
	return w, nil
}

func isKeyword(w string) bool {
	switch strings.ToLower(w) {
	case "morale", "at", "grenade", "canister", "rolling":
		return true
	}
	return false
}

// target reads a defending hex: a label, or an enemy unit's id.
func (s *State) target(side game.Side, w string) (grid.Coord, error) {
	if c, err := s.grid().Parse(w); err == nil {
		return c, nil
	}
	u := s.findUnit(side.Other(), w)
	if u == nil || u.Side == side || !u.OnMap() {
		return grid.Coord{}, game.Reject(game.CodeUnknownUnit, "PTG-7.0", "ptg.attack.no-target", "word", game.Plain(w))
	}
	return u.At, nil
}

// checkAttack validates a declaration and builds its fight.
func (s *State) checkAttack(w *attackWords) (*Fight, error) {
	f := &Fight{ID: s.Combats + 1, Side: s.Active, Bombard: w.bombard, Hexes: w.hexes, Decl: w.decl}
	for _, c := range w.hexes {
		us := s.combatAt(c)
		if len(us) == 0 {
			return nil, game.Reject("empty-hex", "PTG-7.0", "ptg.attack.empty-hex", "hex", s.label(c))
		}
		if us[0].Side == s.Active {
			return nil, game.Reject("own-unit", "PTG-7.0", "ptg.attack.own-hex", "hex", s.label(c))
		}
		if !s.mayBeAttacked(c) {
			return nil, game.Reject("already-attacked", "PTG-7.0.4", "ptg.attack.hex-attacked", "hex", s.label(c))
		}
		for _, u := range us {
			f.Defenders = append(f.Defenders, u.ID)
		}
	}
	if w.bombard && len(w.hexes) != 1 {
		return nil, game.Reject("bombard-one-hex", "P-BOMB", "ptg.bombard.one-hex")
	}
	adjacent := 0
	for _, a := range w.units {
		switch {
		case !a.OnMap() || !a.Combat():
			return nil, game.Reject("not-combat", "PTG-3.3", "ptg.attack.not-combat", "unit", a.ID)
		case a.Routed:
			return nil, game.Reject("routed", "PTG-7.4.1", "ptg.attack.routed", "unit", a.ID)
		case a.Class() == ClassPicket:
			return nil, game.Reject("picket", "PTG-7.8", "ptg.attack.picket")
		case a.Attacked:
			return nil, game.Reject("already-attacked", "PTG-7.0.4", "ptg.attack.unit-attacked", "unit", a.ID)
		}
		f.Attackers = append(f.Attackers, a.ID)
		adjAll, adjAny := true, false
		for _, c := range w.hexes {
			if s.adjacent(a.At, c) {
				adjAny = true
				if s.lakeSide(a.At, c) {
					return nil, game.Reject("lake", "TEC", "ptg.attack.lake")
				}
				if why := s.terrainBars(a, c); !why.IsZero() {
					rule := "TEC"
					if len(a.Charged) > 0 && !s.clearHex(c) {
						rule = "PTG-14.9.1"
					}
					return nil, game.Reject("terrain", rule, "ptg.attack.terrain", "unit", a.ID, "why", why)
				}
			} else {
				adjAll = false
			}
		}
		if len(a.Charged) > 0 {
			for _, c := range w.hexes {
				if !s.clearHex(c) {
					return nil, game.Reject("charge", "PTG-14.9.1", "ptg.attack.charged", "unit", a.ID)
				}
			}
		}
		if !a.Artillery() {
			if !adjAll {
				return nil, game.Reject("not-adjacent", "PTG-7.0.3", "ptg.attack.not-adjacent", "unit", a.ID)
			}
			adjacent++
			continue
		}
		if w.bombard {
			switch {
			case adjAny:
				return nil, game.Reject("bombard-adjacent", "PTG-7.1C", "ptg.bombard.adjacent", "unit", a.ID)
			case s.enemyZOC(a.Side, a.At):
				return nil, game.Reject("bombard-zoc", "PTG-7.1.2", "ptg.bombard.zoc", "unit", a.ID)
			}
			if att, why := s.fireStrength(a, w.hexes[0]); att == "" {
				return nil, game.Reject("no-fire", "PTG-7.1.1", "ptg.bombard.no-fire", "unit", a.ID, "hex", s.label(w.hexes[0]), "why", why)
			}
			f.Ranged = append(f.Ranged, a.ID)
			continue
		}
		if adjAny {
			adjacent++
			continue
		}
		if s.enemyZOC(a.Side, a.At) {
			return nil, game.Reject("art-zoc", "P-ART-ZOC", "ptg.attack.art-zoc", "unit", a.ID)
		}
		ok, why := false, game.Msg{}
		for _, c := range w.hexes {
			if att, y := s.supportStrength(a, c); att != "" {
				ok = true
			} else {
				why = y
			}
		}
		if !ok {
			return nil, game.Reject("no-fire", "PTG-7.1.1", "ptg.attack.no-support", "unit", a.ID, "hexes", s.labels(w.hexes), "why", why)
		}
		f.Ranged = append(f.Ranged, a.ID)
	}
	if len(w.units) == 0 {
		return nil, game.Reject(game.CodeSyntax, "PTG-7.0.2", "ptg.attack.no-attackers")
	}
	if !w.bombard && adjacent == 0 {
		return nil, game.Reject("no-adjacent", "PTG-7.1C", "ptg.attack.bombard-instead")
	}
	if err := s.checkBonuses(f, false); err != nil {
		return nil, err
	}
	if c := f.Decl.Cap; c != nil && !f.Bombard {
		nf := *f
		nf.Decl.Cap = nil
		att, def := s.factors(&nf)
		diff := 0
		for _, a := range att {
			diff += a.Final
		}
		for _, x := range def {
			diff -= x.Final
		}
		col, _, _ := s.column(&nf, diff)
		tb := s.info().tables
		switch {
		case !tb.crtCols.Contains(*c):
			return nil, game.Reject("lower-column", "PTG-7.0.9", "ptg.attack.no-column", "column", signed(*c), "lo", signed(tb.crtCols.Lo), "hi", signed(tb.crtCols.Hi))
		case *c >= col:
			return nil, game.Reject("lower-column", "PTG-7.0.9", "ptg.attack.lower-only", "column", signed(col))
		case s.opt("lower-column") == "one" && *c < col-1:
			return nil, game.Reject("lower-column", "P-VOLSHIFT", "ptg.attack.one-lower", "column", signed(col), "lower", signed(col-1))
		}
	}
	// P-FORCE: the declaration may not lower the best score of
	// obligations met still reachable, defenders first, then attackers.
	if before, ok := s.bestForce(); ok {
		n := s.clone()
		for _, id := range f.Attackers {
			n.Unit(id).Attacked = true
		}
		for _, id := range f.Defenders {
			n.Unit(id).Defended = true
		}
		if after, ok := n.bestForce(); ok {
			after = after.plus(s.declScore(f))
			switch {
			case after.def < before.def:
				return nil, game.Reject("obligation", "PTG-7.0.1", "ptg.attack.force-defender")
			case after.less(before):
				return nil, game.Reject("obligation", "PTG-7.0.1", "ptg.attack.force-attacker")
			}
			return f, nil
		}
	}
	// Too large to search: the defenders' obligations alone.
	if s.feasible() {
		n := s.clone()
		for _, id := range f.Attackers {
			n.Unit(id).Attacked = true
		}
		for _, id := range f.Defenders {
			n.Unit(id).Defended = true
		}
		if !n.feasible() {
			return nil, game.Reject("obligation", "PTG-7.0.1", "ptg.attack.force-defender")
		}
	}
	return f, nil
}

// supportStrength is fireStrength with the P-LOS-SUP option: without it,
// supporting artillery needs range only.
func (s *State) supportStrength(a *Unit, c grid.Coord) (string, game.Msg) {
	if s.on("support-needs-los") {
		return s.fireStrength(a, c)
	}
	r := s.dist(a.At, c)
	if s.Visibility == "bad" && r > 3 {
		return "", game.M("ptg.fire.visibility")
	}
	if att := s.info().tables.attenuation(a.Type, r); att != "." {
		return att, game.Msg{}
	}
	return "", game.M("ptg.fire.range")
}

// checkBonuses validates the optional-rule bonuses of a declaration or a
// defence (PTG-14.4, 14.8, 14.13) and the morale unit (7.0.2).
func (s *State) checkBonuses(f *Fight, defence bool) error {
	units, side := f.Attackers, f.Side
	morale, gren, can, roll := f.Decl.Morale, f.Decl.Grenade, f.Decl.Canister, f.Decl.Rolling
	if defence {
		units, side = f.Defenders, f.Side.Other()
		morale, gren, can, roll = f.Decl.DMorale, f.Decl.DGrenade, f.Decl.DCanister, f.Decl.DRolling
	}
	if morale != "" && !slices.Contains(units, morale) {
		return game.Reject("bad-morale", "PTG-7.0.2", "ptg.attack.bad-morale", "unit", morale)
	}
	if gren != "" {
		u := s.Unit(gren)
		switch {
		case !s.on("grenades"):
			return game.Reject("option-off", "PTG-14.4", "ptg.option-off.grenades")
		case !slices.Contains(units, gren) || !u.Grenadiers():
			return game.Reject("grenade", "PTG-14.4.1", "ptg.attack.grenadiers-only")
		case !u.Grenade:
			return game.Reject("grenade", "PTG-14.4.1", "ptg.attack.grenades-used", "unit", gren)
		}
	}
	if can {
		switch {
		case !s.on("canister"):
			return game.Reject("option-off", "PTG-14.8", "ptg.option-off.canister")
		case s.Canister[side] <= 0:
			return game.Reject("no-canister", "PTG-14.8.3", "ptg.attack.no-canister")
		case s.canisterGun(f, defence) == "":
			return game.Reject("canister", "PTG-14.8", "ptg.attack.canister-gun")
		}
	}
	if roll != "" {
		u := s.Unit(roll)
		switch {
		case !s.on("rolling-fire"):
			return game.Reject("option-off", "PTG-14.13", "ptg.option-off.rolling-fire")
		case s.Turn >= 9:
			return game.Reject("rolling-fire", "PTG-14.13.3", "ptg.attack.rolling-late")
		case !slices.Contains(units, roll) || u.Class() != ClassInfantry:
			return game.Reject("rolling-fire", "PTG-14.13.1", "ptg.attack.rolling-infantry")
		case u.Exhausted:
			return game.Reject("rolling-fire", "PTG-14.13.1", "ptg.attack.rolling-used", "unit", roll)
		}
	}
	return nil
}

// canisterGun returns an artillery unit of the side fighting adjacent
// enemy units in the combat, or "" (PTG-14.8).
func (s *State) canisterGun(f *Fight, defence bool) string {
	if f.Bombard {
		return ""
	}
	if !defence {
		for _, id := range f.Attackers {
			if u := s.Unit(id); u.Artillery() && !slices.Contains(f.Ranged, id) {
				return id
			}
		}
		return ""
	}
	for _, id := range f.Defenders {
		u := s.Unit(id)
		if !u.Artillery() {
			continue
		}
		for _, a := range f.Attackers {
			if !slices.Contains(f.Ranged, a) && s.adjacent(s.Unit(a).At, u.At) {
				return id
			}
		}
	}
	return ""
}

// attack handles "attack …" and "bombard …".
func (d *decider) attack(cmd game.Command) error {
	s := d.s
	w, err := s.parseAttack(cmd)
	if err != nil {
		return err
	}
	f, err := s.checkAttack(w)
	if err != nil {
		return err
	}
	key := "ptg.combat.declared"
	if f.Bombard {
		key = "ptg.combat.declared-bombard"
	}
	d.emit(CombatDeclared{Fight: *f, Msg: game.M(key, "id", f.ID, "units", strings.Join(f.Attackers, "+"), "hexes", s.labels(f.Hexes))})
	if !f.Bombard && len(d.s.defenceOptions()) > 1 {
		d.queue(false, Step{Kind: "defence", Side: f.Side.Other(), Rule: "PTG-7.0.2"})
		return nil
	}
	d.resolve()
	d.settle()
	return nil
}

// defenceOptions lists the defender's answers to a declared attack: defend
// (with the optional-rule bonuses it may use), surrender (PTG-14.6),
// cavalry evasion (14.14). The first is the default: defend, no bonuses.
func (s *State) defenceOptions() []string {
	f := s.Fight
	side := f.Side.Other()
	out := []string{"defend"}
	var grens, rolls []string
	for _, id := range f.Defenders {
		u := s.Unit(id)
		if s.on("grenades") && u.Grenadiers() && u.Grenade {
			grens = append(grens, id)
		}
		if s.on("rolling-fire") && s.Turn < 9 && u.Class() == ClassInfantry && !u.Exhausted {
			rolls = append(rolls, id)
		}
	}
	cans := []bool{false}
	if s.on("canister") && s.Canister[side] > 0 && s.canisterGun(f, true) != "" {
		cans = append(cans, true)
	}
	for _, g := range append([]string{""}, grens...) {
		for _, c := range cans {
			for _, r := range append([]string{""}, rolls...) {
				o := "defend"
				if g != "" {
					o += " grenade " + g
				}
				if c {
					o += " canister"
				}
				if r != "" {
					o += " rolling " + r
				}
				if o != "defend" {
					out = append(out, o)
				}
			}
		}
	}
	if s.maySurrender() {
		out = append(out, "surrender")
	}
	for _, e := range s.evasions() {
		out = append(out, e)
	}
	return out
}

// maySurrender: a demoralized army may surrender the units about to be
// attacked, but not routed units nor garrisons that started in a redoubt
// (PTG-14.6, 14.6.3, 7.7.2).
func (s *State) maySurrender() bool {
	f := s.Fight
	if !s.on("prisoners") || f.Bombard || !s.demoralized(f.Side.Other()) {
		return false
	}
	for _, id := range f.Defenders {
		if u := s.Unit(id); u.Routed || u.Immobile {
			return false
		}
	}
	return true
}

// evasions lists "evade UNIT HEX" for defending cavalry attacked only by
// infantry and artillery (PTG-14.14), to its legal retreat hexes (7.3).
func (s *State) evasions() []string {
	f := s.Fight
	if !s.on("cavalry-evasion") || f.Bombard {
		return nil
	}
	for _, id := range f.Attackers {
		if s.Unit(id).Class() == ClassCavalry {
			return nil
		}
	}
	var out []string
	for _, id := range f.Defenders {
		u := s.Unit(id)
		if u.Class() != ClassCavalry || u.Routed || u.Immobile || s.baseMA(u) == 0 || (s.terrain(u.At) == Ravine) {
			continue
		}
		for _, p := range s.retreatChoices(Step{Kind: "retreat", Unit: id, N: 1}) {
			if !p.push && !p.off {
				out = append(out, "evade "+id+" "+s.label(p.final()))
			}
		}
	}
	return out
}

// defence handles the defender's answer.
func (d *decider) defence(cmd game.Command) error {
	s := d.s
	f := s.Fight
	switch cmd.Verb {
	case "surrender":
		if !s.maySurrender() {
			return game.Reject("no-surrender", "PTG-14.6", "ptg.defend.no-surrender")
		}
		d.pop()
		d.surrender()
		return nil
	case "evade":
		if len(cmd.Args) != 2 {
			return game.Reject(game.CodeSyntax, "PTG-14.14", "ptg.defend.evade-syntax")
		}
		u, err := s.ownUnit(cmd.Side, cmd.Args[0])
		if err != nil {
			return err
		}
		c, err := s.cell(cmd.Args[1])
		if err != nil {
			return err
		}
		order := "evade " + u.ID + " " + s.label(c)
		if !slices.Contains(s.evasions(), order) {
			return game.Reject("no-evasion", "PTG-14.14", "ptg.defend.no-evasion", "unit", u.ID, "hex", s.label(c))
		}
		d.evade(u, c)
		return nil
	}
	dec := f.Decl
	for i := 0; i < len(cmd.Args); i++ {
		k := strings.ToLower(cmd.Args[i])
		arg := func() (string, error) {
			if i+1 >= len(cmd.Args) {
				return "", game.Reject(game.CodeSyntax, "PTG-7.0.2", "ptg.defend.needs-unit", "word", game.Plain(k))
			}
			i++
			u, err := s.ownUnit(cmd.Side, cmd.Args[i])
			if err != nil {
				return "", err
			}
			return u.ID, nil
		}
		var err error
		switch k {
		case "morale":
			dec.DMorale, err = arg()
		case "grenade":
			dec.DGrenade, err = arg()
		case "rolling":
			dec.DRolling, err = arg()
		case "canister":
			dec.DCanister = true
		default:
			return game.Reject(game.CodeSyntax, "PTG-7.0.2", "ptg.defend.syntax")
		}
		if err != nil {
			return err
		}
	}
	nf := *f
	nf.Decl = dec
	if err := s.checkBonuses(&nf, true); err != nil {
		return err
	}
	d.pop()
	nf.Defenders = slices.Clone(f.Defenders)
	d.emit(CombatDeclared{Fight: nf, Msg: game.M("ptg.combat.defence", "id", f.ID, "order", game.Plain(cmd.String()))})
	d.resolve()
	return nil
}

// surrender removes every defending unit for half its army-morale cost,
// rounded up (PTG-14.6.1); the attackers may not attack elsewhere, one may
// advance into the hex (P-POW-ADV).
func (d *decider) surrender() {
	s := d.s
	f := s.Fight
	d.emit(CombatResolved{ID: f.ID, Result: "surrender", HexResult: repeat("surrender", len(f.Hexes)), Msg: game.M("ptg.combat.surrender", "id", f.ID, "hexes", s.labels(f.Hexes))})
	for _, id := range f.Defenders {
		u := d.s.Unit(id)
		pts := (elimPoints(u) + 1) / 2
		at := u.At
		d.emit(Removed{Unit: id, At: at, Status: StatusRemoved, Points: pts, Rule: "PTG-14.6.1",
			Msg: game.M("ptg.surrendered", "unit", id, "points", pts, "full", elimPoints(u))})
		d.vacate(id, at)
	}
	d.queue(false, Step{Kind: "advance", Side: f.Side, Rule: "PTG-7.5"}, Step{Kind: "close"})
}

// evade steps a defending cavalry unit back one hex before the roll
// (PTG-14.14); the others in the hex are still attacked. When nobody is
// left, the attackers are free to advance or to attack elsewhere.
func (d *decider) evade(u *Unit, c grid.Coord) {
	s := d.s
	from := u.At
	d.emit(Retreated{Moves: []Hop{{Unit: u.ID, Path: []grid.Coord{from, c}}}, Msg: game.M("ptg.evaded", "unit", u.ID, "from", s.label(from), "to", s.label(c))})
	d.strayBulletsOnPath(u.ID, []grid.Coord{from, c})
	f := d.s.Fight
	var left []string
	for _, id := range f.Defenders {
		if x := d.s.Unit(id); x.OnMap() && slices.Contains(f.Hexes, x.At) {
			left = append(left, id)
		}
	}
	if len(left) > 0 {
		nf := *f
		nf.Defenders = left
		d.emit(CombatDeclared{Fight: nf, Msg: game.M("ptg.combat.goes-on", "id", f.ID, "units", strings.Join(left, "+"))})
		return // the defence decision stays at the head of the queue
	}
	d.pop()
	d.emit(CombatResolved{ID: f.ID, Result: "evade", HexResult: repeat("evade", len(f.Hexes)), Msg: game.M("ptg.combat.all-evaded", "id", f.ID, "hexes", s.labels(f.Hexes))})
	if d.s.combatAtSide(from, u.Side) == 0 {
		d.emit(Vacancy{At: from, Side: f.Side})
	}
	d.queue(false, Step{Kind: "advance", Side: f.Side, Rule: "PTG-14.14"}, Step{Kind: "close"})
}

func (s *State) combatAtSide(c grid.Coord, side game.Side) int {
	n := 0
	for _, u := range s.combatAt(c) {
		if u.Side == side {
			n++
		}
	}
	return n
}

func repeat(v string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// strength is one unit's strength in a combat as a power-of-two multiplier
// (PTG-7.2: halvings and doublings are cumulative) before rounding up.
type strength struct {
	k   int
	why []game.Msg
}

// half and double take the key of the reason's message.
func (st *strength) half(why string) {
	st.k--
	st.why = append(st.why, game.M("ptg.factor.half", "why", game.M(why)))
}

func (st *strength) double(why string) {
	st.k++
	st.why = append(st.why, game.M("ptg.factor.double", "why", game.M(why)))
}

// factor is a unit's line in a combat with the multipliers of st.
func (st *strength) factor(id string, printed int) Factor {
	f := Factor{Unit: id, Printed: printed, Final: st.final(printed), WhyMsg: st.why}
	if len(st.why) > 0 {
		f.Why = game.Render(game.LangEN, game.M("ptg.list", "items", st.why))
	}
	return f
}

// final rounds up once, after every multiplier (PTG-7.2.1).
func (st *strength) final(printed int) int {
	if st.k >= 0 {
		return printed << st.k
	}
	d := 1 << -st.k
	return (printed + d - 1) / d
}

// factors computes the attack and defence factors of the fight.
func (s *State) factors(f *Fight) (att, def []Factor) {
	anyHex := func(ok func(grid.Coord) bool) bool {
		for _, c := range f.Hexes {
			if ok(c) {
				return true
			}
		}
		return false
	}
	building := anyHex(func(c grid.Coord) bool { return s.terrain(c) == Building })
	redoubt := anyHex(func(c grid.Coord) bool { r := s.RedoubtAt(c); return r != nil && !r.Building })
	square, allRoutedInf := false, true
	for _, id := range f.Defenders {
		u := s.Unit(id)
		square = square || u.Square
		allRoutedInf = allRoutedInf && u.Routed && u.Class() == ClassInfantry
	}
	flank := !f.Bombard && s.on("flank-attacks") && s.flanked(f)
	used := map[string]bool{}
	lead := func(u *Unit) (string, int) {
		best, bestV := "", 0
		for i := range s.Units {
			l := &s.Units[i]
			if !l.OnMap() || !l.Leader() || l.Side != u.Side || l.At != u.At || used[l.ID] {
				continue
			}
			if c, _, _ := s.leaderValues(l); c > bestV {
				best, bestV = l.ID, c
			}
		}
		if best != "" {
			used[best] = true
		}
		return best, bestV
	}
	for _, id := range f.Attackers {
		u := s.Unit(id)
		var st strength
		ranged := slices.Contains(f.Ranged, id)
		if u.Exhausted {
			st.half("ptg.why.exhausted")
		}
		if f.Decl.Rolling == id {
			st.double("ptg.why.rolling")
		}
		if s.terrain(u.At) == Ravine {
			st.half("ptg.why.ravine")
		}
		if s.terrain(u.At) == Marsh && s.on("marsh-attackers") {
			st.half("ptg.why.marsh-attacker")
		}
		if building {
			st.half("ptg.why.building")
		}
		if redoubt && !(u.Assault && u.Class() == ClassInfantry) {
			st.half("ptg.why.redoubt-attack")
		}
		if square && u.Class() == ClassCavalry {
			st.half("ptg.why.square")
		}
		if allRoutedInf && u.Class() == ClassCavalry && s.on("cavalry-vs-routed") {
			st.double("ptg.why.routed-infantry")
		}
		if ranged {
			best := ""
			for _, c := range f.Hexes {
				a := ""
				if f.Bombard {
					a, _ = s.fireStrength(u, c)
				} else {
					a, _ = s.supportStrength(u, c)
				}
				if a == "N" || (a == "½" && best == "") {
					best = a
				}
			}
			if best == "½" {
				st.half("ptg.why.range")
			}
		}
		fa := st.factor(id, u.Strength())
		if !ranged {
			if l, v := lead(u); l != "" {
				fa.Leader, fa.Bonus = l, v
				fa.Final += v
			}
		}
		att = append(att, fa)
	}
	if f.Bombard {
		return att, nil
	}
	for _, id := range f.Defenders {
		u := s.Unit(id)
		var st strength
		if u.Exhausted {
			st.half("ptg.why.exhausted")
		}
		if f.Decl.DRolling == id {
			st.double("ptg.why.rolling")
		}
		if s.terrain(u.At) == Ravine {
			st.half("ptg.why.ravine")
		}
		if s.terrain(u.At) == Marsh {
			st.half("ptg.why.marsh")
		}
		if s.RedoubtAt(u.At) != nil {
			st.double("ptg.why.redoubt")
		}
		if flank {
			st.half("ptg.why.flank")
		}
		fa := st.factor(id, u.Strength())
		if l, v := lead(u); l != "" {
			fa.Leader, fa.Bonus = l, v
			fa.Final += v
		}
		def = append(def, fa)
	}
	return att, def
}

// flanked reports a flank attack (PTG-14.10, P-FLANK): one defending unit,
// not in a redoubt or square, whose six neighbours each hold or touch an
// adjacent attacking unit of the combat.
func (s *State) flanked(f *Fight) bool {
	if len(f.Defenders) != 1 || len(f.Hexes) != 1 {
		return false
	}
	d := s.Unit(f.Defenders[0])
	if s.RedoubtAt(d.At) != nil || d.Square {
		return false
	}
	nb := s.grid().Neighbors(d.At)
	if len(nb) < 6 {
		return false
	}
	var adj []grid.Coord
	for _, id := range f.Attackers {
		if !slices.Contains(f.Ranged, id) {
			adj = append(adj, s.Unit(id).At)
		}
	}
	for _, n := range nb {
		ok := false
		for _, a := range adj {
			if a == n || s.adjacent(a, n) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// shifts lists the column shifts of a CRT combat (PTG-7.2.2, 14.0 and the
// optional rules).
func (s *State) shifts(f *Fight) []Shift {
	var out []Shift
	var adj []*Unit
	for _, id := range f.Attackers {
		if !slices.Contains(f.Ranged, id) {
			adj = append(adj, s.Unit(id))
		}
	}
	all := func(ok func(a, c grid.Coord) bool) bool {
		n := 0
		for _, a := range adj {
			for _, c := range f.Hexes {
				if !s.adjacent(a.At, c) {
					continue
				}
				n++
				if !ok(a.At, c) {
					return false
				}
			}
		}
		return n > 0
	}
	if all(s.riverSide) {
		out = append(out, shift(-1, "PTG-7.2.2", "ptg.shift.river"))
	}
	if s.camp() && all(func(a, c grid.Coord) bool { return s.entrenchSide(a, c) && !s.inCamp(a) }) {
		out = append(out, shift(-1, "PTG-7.2.2", "ptg.shift.entrenchments"))
	}
	if s.on("surprise") && s.Turn == 1 && f.Side == Swedes {
		out = append(out, shift(+1, "PTG-14.1.1", "ptg.shift.surprise"))
	}
	if s.on("charges") {
		for _, a := range adj {
			if len(a.Charged) > 0 && slices.ContainsFunc(f.Defenders, func(id string) bool { return slices.Contains(a.Charged, id) }) {
				out = append(out, shift(+1, "PTG-14.9.2", "ptg.shift.charge", "unit", a.ID))
				break
			}
		}
	}
	if f.Decl.Grenade != "" {
		out = append(out, shift(+1, "PTG-14.4.2", "ptg.shift.grenades", "unit", f.Decl.Grenade))
	}
	if f.Decl.DGrenade != "" {
		out = append(out, shift(-1, "PTG-14.4.2", "ptg.shift.grenades", "unit", f.Decl.DGrenade))
	}
	if f.Decl.Canister {
		out = append(out, shift(+1, "PTG-14.8", "ptg.shift.canister"))
	}
	if f.Decl.DCanister {
		out = append(out, shift(-1, "PTG-14.8", "ptg.shift.dcanister"))
	}
	return out
}

// resolve rolls the declared combat and lays out its consequences.
func (d *decider) resolve() {
	s := d.s
	f := s.Fight
	tb := s.info().tables
	att, def := s.factors(f)
	ev := CombatResolved{ID: f.ID, Bombard: f.Bombard, AttackF: att, DefenceF: def}
	for _, a := range att {
		ev.Attack += a.Final
	}
	for _, x := range def {
		ev.Defence += x.Final
	}
	if f.Bombard {
		roll := d.roll()
		res, col := tb.bombResult(ev.Attack, roll)
		ev.Roll, ev.Column, ev.Result = roll, col, res
		ev.HexResult = []string{res}
		if s.RedoubtAt(f.Hexes[0]) != nil {
			switch res {
			case "r":
				ev.HexResult[0] = "."
			case "1":
				ev.HexResult[0] = "step" // P-RDT-BOMB: a step loss only
			}
		}
		var redoubt game.Msg
		if ev.HexResult[0] != res {
			redoubt = game.M("ptg.combat.bombard-redoubt", "result", ev.HexResult[0])
		}
		ev.Msg = game.M("ptg.combat.bombard", "id", f.ID, "units", strings.Join(f.Attackers, "+"), "hex", s.label(f.Hexes[0]),
			"strength", ev.Attack, "factors", factorMsgs(att), "column", col, "roll", roll, "result", res, "redoubt", redoubt)
		d.emit(ev)
		d.consequences()
		return
	}
	diff := ev.Attack - ev.Defence
	ev.Diff = diff
	col, shifts, notes := s.column(f, diff)
	ev.Shifts = shifts
	am, dm := s.moraleUnit(f.Attackers, f.Decl.Morale), s.moraleUnit(f.Defenders, f.Decl.DMorale)
	ev.MoraleDiff = s.Unit(am).Morale - s.Unit(dm).Morale
	roll := d.roll()
	row := tb.crtRows.Clamp(roll + ev.MoraleDiff)
	ev.Roll, ev.Column, ev.Row = roll, signed(col), signed(row)
	ev.Result = tb.crtResult(col, row)
	for _, c := range f.Hexes {
		ev.HexResult = append(ev.HexResult, readRedoubt(ev.Result, s.RedoubtAt(c) != nil))
	}
	if f.Decl.Grenade != "" {
		ev.Grenades = append(ev.Grenades, f.Decl.Grenade)
	}
	if f.Decl.DGrenade != "" {
		ev.Grenades = append(ev.Grenades, f.Decl.DGrenade)
	}
	if f.Decl.Rolling != "" {
		ev.Rolling = append(ev.Rolling, f.Decl.Rolling)
	}
	if f.Decl.DRolling != "" {
		ev.Rolling = append(ev.Rolling, f.Decl.DRolling)
	}
	ev.Canister[f.Side] = f.Decl.Canister
	ev.Canister[f.Side.Other()] = f.Decl.DCanister
	var mods, reds []game.Msg
	for _, sh := range ev.Shifts {
		mods = append(mods, game.M("ptg.combat.shift", "value", signed(sh.Value), "why", sh.WhyMsg, "rule", sh.Rule))
	}
	mods = append(mods, notes...)
	for i, r := range ev.HexResult {
		if r != ev.Result {
			reds = append(reds, game.M("ptg.combat.redoubt-reads", "hex", s.label(f.Hexes[i]), "result", r))
		}
	}
	ev.Msg = game.M("ptg.combat.crt", "id", f.ID,
		"attackers", strings.Join(f.Attackers, "+"), "afactors", factorMsgs(att), "attack", ev.Attack,
		"defenders", strings.Join(f.Defenders, "+"), "dfactors", factorMsgs(def), "defence", ev.Defence,
		"hexes", s.labels(f.Hexes), "diff", signed(diff), "mods", tail("ptg.combat.mods", mods),
		"column", signed(col), "amu", am, "am", s.Unit(am).Morale, "dmu", dm, "dm", s.Unit(dm).Morale,
		"morale", signed(ev.MoraleDiff), "roll", roll, "row", signed(row), "result", ev.Result,
		"redoubts", tail("ptg.combat.redoubts", reds))
	d.emit(ev)
	d.consequences()
}

// column reads the CRT column for a differential: two columns left for a
// demoralized attacker (P-CRT-DEM), clamped, shifted, clamped again
// (P-CLAMP), then the attacker's lower column if he chose one (PTG-7.0.9).
func (s *State) column(f *Fight, diff int) (int, []Shift, []game.Msg) {
	tb := s.info().tables
	col := diff
	var notes []game.Msg
	if s.demoralized(f.Side) {
		off, _ := strconv.Atoi(s.opt("demoralized-offset"))
		col -= off
		notes = append(notes, game.M("ptg.combat.demoralized", "n", off))
	}
	col = tb.crtCols.Clamp(col)
	shifts := s.shifts(f)
	by := 0
	for _, sh := range shifts {
		by += sh.Value
	}
	col = tb.crtCols.Shift(col, by)
	if f.Decl.Cap != nil && *f.Decl.Cap < col {
		col = tb.crtCols.Clamp(*f.Decl.Cap)
		notes = append(notes, game.M("ptg.combat.reads", "column", signed(col)))
	}
	return col, shifts, notes
}

// readRedoubt converts a result for defenders in a redoubt (PTG-7.7.1,
// T-RED): Br → Ar, Dr → no effect, Ex → D1 (the attacker still loses its
// step), DR → D1.
func readRedoubt(r string, redoubt bool) string {
	if !redoubt {
		return r
	}
	switch r {
	case "Br":
		return "Ar"
	case "Dr":
		return "."
	case "Ex":
		return "Ex>D1"
	case "DR":
		return "D1"
	}
	return r
}

// moraleUnit is the unit whose morale counts: the one chosen, else the
// highest (always the best choice with a monotone CRT, PTG-7.0.2).
func (s *State) moraleUnit(ids []string, chosen string) string {
	if chosen != "" {
		return chosen
	}
	best := ids[0]
	for _, id := range ids {
		if s.Unit(id).Morale > s.Unit(best).Morale {
			best = id
		}
	}
	return best
}

// factorMsgs narrates the factors of one side of a combat, one message
// per unit: its printed strength, the multipliers, the leader, the final
// strength.
func factorMsgs(fs []Factor) []game.Msg {
	var out []game.Msg
	for _, f := range fs {
		var why any = game.Plain(f.Why)
		if len(f.WhyMsg) > 0 {
			why = game.M("ptg.list", "items", f.WhyMsg)
		}
		key := "ptg.factor"
		switch {
		case f.Why != "" && f.Leader != "":
			key = "ptg.factor.why-leader"
		case f.Why != "":
			key = "ptg.factor.why"
		case f.Leader != "":
			key = "ptg.factor.leader"
		}
		out = append(out, game.M(key, "unit", f.Unit, "printed", f.Printed, "why", why, "bonus", f.Bonus, "leader", f.Leader, "final", f.Final))
	}
	return out
}

// tail is the message key (whose template starts with its separator)
// over the items, or nothing when there are none.
func tail(key string, items []game.Msg) game.Msg {
	if len(items) == 0 {
		return game.Msg{}
	}
	return game.M(key, "items", items)
}

// consequences queues the steps a result causes, in order: the defender's
// step loss, the defenders' retreats and routs, the attacker's step loss,
// the attackers' retreats and routs, the advance, the end of the combat.
func (d *decider) consequences() {
	s := d.s
	f := s.Fight
	var steps []Step
	side := f.Side
	var adj []string
	for _, id := range f.Attackers {
		if !slices.Contains(f.Ranged, id) {
			adj = append(adj, id)
		}
	}
	// PTG-7.3.1B: defenders attacked only by units in ravines, or only by
	// artillery at a distance, may retreat from and into ravines.
	exempt := true
	for _, id := range f.Attackers {
		if s.terrain(s.Unit(id).At) != Ravine {
			exempt = false
		}
	}
	defStep := func(rout bool, why string) {
		steps = append(steps, Step{Kind: "loss", Side: side.Other(), Units: slices.Clone(f.Defenders), Rout: rout, Reason: why, Rule: "PTG-7.0.2"})
	}
	attStep := func(rout bool, why string) {
		if len(adj) > 0 {
			steps = append(steps, Step{Kind: "loss", Side: side, Units: slices.Clone(adj), Rout: rout, Attacker: true, Reason: why, Rule: "PTG-7.1.3"})
		}
	}
	move := func(ids []string, n int, rout, attacker bool, ex bool) {
		for _, id := range ids {
			u := s.Unit(id)
			nn := n
			if rout {
				nn = 3
				if u.Class() == ClassCavalry {
					nn = 5 // PTG-7.4
				}
			}
			steps = append(steps, Step{Kind: "retreat", Side: u.Side, Unit: id, N: nn, Rout: rout, Attacker: attacker, Exempt: ex, Rule: "PTG-7.3"})
		}
	}
	defsIn := func(r string) []string {
		var out []string
		for i, c := range f.Hexes {
			if f.HexResult[i] == r {
				for _, u := range s.combatAt(c) {
					if slices.Contains(f.Defenders, u.ID) {
						out = append(out, u.ID)
					}
				}
			}
		}
		return out
	}
	res := f.Result
	if f.Bombard {
		if f.HexResult[0] == "1" || f.HexResult[0] == "step" {
			defStep(false, "bombardment 1")
		}
		if f.HexResult[0] == "1" || f.HexResult[0] == "r" {
			move(slices.Clone(f.Defenders), 1, false, false, true)
		}
		steps = append(steps, Step{Kind: "advance", Side: side, Rule: "PTG-7.5"}, Step{Kind: "close"})
		d.queue(false, steps...)
		return
	}
	// Step losses first, then the defenders' retreats and routs (the
	// defender first on Br), then the attackers'.
	switch res {
	case "D1", "Ex", "DR":
		defStep(res != "D1" && len(defsIn(res)) > 0, res)
	}
	switch res {
	case "A1", "Ex", "Ee":
		attStep(false, res)
	case "AR":
		attStep(true, res)
	}
	switch res {
	case "Ee", "De":
		for _, id := range f.Defenders {
			steps = append(steps, Step{Kind: "eliminate", Side: side.Other(), Unit: id, Reason: res, Rule: "PTG-7.0.2"})
		}
	case "Dr", "Br":
		move(defsIn(res), 1, false, false, exempt)
	case "Ex", "DR":
		move(defsIn(res), 0, true, false, exempt)
	}
	switch res {
	case "Ar", "Br":
		move(adj, 1, false, true, false)
	case "AR":
		move(adj, 0, true, true, false)
	}
	steps = append(steps, Step{Kind: "advance", Side: side, Rule: "PTG-7.5"}, Step{Kind: "close"})
	d.queue(false, steps...)
}

// closeFight ends the combat: assault equipment is checked after a
// redoubt attack (PTG-14.3.3), attackers freed by an evasion may attack
// elsewhere (14.14).
func (d *decider) closeFight() {
	s := d.s
	f := s.Fight
	if f == nil {
		return
	}
	if s.on("assault-equipment") && !f.Bombard {
		target := false
		for _, c := range f.Hexes {
			if r := s.RedoubtAt(c); r != nil && (!r.Building || s.on("assault-check-building")) {
				target = true
			}
		}
		if target && f.Result != "evade" {
			for _, id := range f.Attackers {
				u := d.s.Unit(id)
				if !u.Assault || !u.OnMap() {
					continue
				}
				roll := d.roll()
				kept := roll >= 3
				key := "ptg.equipment.used-up"
				if kept {
					key = "ptg.equipment.kept"
				}
				d.emit(EquipmentChecked{Unit: id, Roll: roll, Kept: kept, Msg: game.M(key, "unit", id, "roll", roll)})
			}
		}
	}
	key := "ptg.combat.over"
	if f.Result == "evade" {
		key = "ptg.combat.over-evaded"
	}
	d.emit(FightEnded{Msg: game.M(key, "id", f.ID)})
	if f.Result == "evade" {
		for _, id := range f.Attackers {
			if !slices.Contains(f.Advanced, id) {
				d.emit(Freed{Unit: id})
			}
		}
	}
}

// Freed lets an attacker whose target evaded attack again (PTG-14.14).
type Freed struct {
	Unit string `json:"unit"`
}

func (Freed) Kind() string        { return "freed" }
func (e Freed) Message() game.Msg { return game.M("ptg.freed", "unit", e.Unit) }
func (e Freed) Explain() string   { return game.Render(game.LangEN, e.Message()) }

func init() {
	eventKinds["freed"] = func() game.Event { return &Freed{} }
}

func sortedKeys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
