package flg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// isArt, isInf: the unit's family.
func isArt(u *Unit) bool { return u.T().Family == FamArt }
func isInf(u *Unit) bool { return u.T().Family == FamInf }

// animal: the units the camel and elephant effects strike (FLG-P-17).
func animal(u *Unit) bool { return u.T().Has("animal") || u.UsedMount }

// elite: training Élite or Super-élite.
func elite(u *Unit) bool { return u.Training == "elite" || u.Training == "super-elite" }

// irregular: the A2 trait, on every traditional-weapons type (FLG-T8).
func irregular(u *Unit) bool { return u.T().Has("irregular") || u.Has("A2") }

// supported applies FLG-1.4 and its exceptions (a)–(d) to u in a combat
// against other. attacked says u is the unit the combat was declared
// against; riposte that u is riposting (the obstacles that count as
// support for the riposte, FLG-6.5).
func (s *State) supported(u, other *Unit, attacked, riposte bool) bool {
	rough := s.rough(u.At) || s.rough(other.At)
	if u.T().Mounted() && rough {
		return false // (b)
	}
	if attacked && isInf(u) {
		if s.terrain(u.At) == TTown {
			return true // (a)
		}
		if other.T().Mounted() && rough {
			return true // (c)
		}
	}
	if attacked && riposte && (isInf(u) || isArt(u)) {
		switch s.obstacleInto(other.At, u.At) {
		case ODitch, OFort, ORampart:
			return true
		}
	}
	return s.adjacentSupport(u)
}

// Supported is FLG-1.4 for u in a combat against other, attacked saying
// that other attacked u.
func (s *State) Supported(u, other *Unit, attacked bool) bool {
	return s.supported(u, other, attacked, false)
}

// entries are the hexes a combat enters the target's hex from: the
// attacker's for a melee; for a fire, the hexes before the target on the
// line of sight (either, along a vertex, FLG-P-26).
func (s *State) entries(a, t *Unit) []grid.Coord {
	if grid.HexDistance(a.At, t.At) == 1 {
		return []grid.Coord{a.At}
	}
	var out []grid.Coord
	for _, tr := range grid.HexLines(a.At, t.At) {
		if p := tr[len(tr)-2]; !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// obstacle is the linear obstacle a's combat crosses into t's hex ("").
func (s *State) obstacle(a, t *Unit) string {
	for _, p := range s.entries(a, t) {
		if o := s.obstacleInto(p, t.At); o != "" {
			return o
		}
	}
	return ""
}

// palisade: wagon-borne infantry that did not move in its last movement
// phase, in melee (FLG-4.22).
func (s *State) palisade(a, t *Unit) bool {
	return t.Mount == "wagon" && t.StillLast && grid.HexDistance(a.At, t.At) == 1
}

// effects reports whether u suffers the camel and the elephant effect
// (FLG-4.23, FLG-P-17, AMB-25: −1 each at most), t being its opponent.
func (s *State) effects(u, t *Unit) (camel, elephant bool) {
	if !animal(u) {
		return false, false
	}
	melee := grid.HexDistance(u.At, t.At) == 1
	for _, c := range s.board().Grid.Neighbors(u.At) {
		x := s.UnitAt(c)
		if x == nil {
			continue
		}
		if x.T().Has("camel") || x == t && melee && x.Mount == "camel" {
			camel = true
		}
		if tall(x) || x == t && melee && x.Mount == "elephant" && x.Elephant {
			elephant = true
		}
	}
	return camel && !camelKind(u), elephant && !elephantKind(u)
}

// gunStands are an artillery unit's stands other than its elephant.
func gunStands(u *Unit) int {
	if u.Elephant {
		return u.Stands - 1
	}
	return u.Stands
}

// Dice computes a's combat dice against t (FLG-4.23, FLG-P-15): the
// base, the training, the +1s, the −1s, then the caps, then the floor of
// 1 (FLG-6.2). The breakdown lists each step.
func (s *State) Dice(a, t *Unit, riposte bool) (int, []string) {
	ty := a.T()
	ranged := grid.HexDistance(a.At, t.At) > 1
	d := ty.Dice
	if ty.Family == FamArt && !ty.Has("full") && gunStands(a) == 1 {
		d = 2
	}
	why := []string{fmt.Sprintf("base %d", d)}
	add := func(n int, what string) {
		d += n
		why = append(why, fmt.Sprintf("%+d %s", n, what))
	}
	if tr, _ := TrainingDice(a.Training); tr != 0 {
		add(tr, a.Training)
	}
	if a.Has("C2") {
		add(1, "fanatics")
	}
	if a.FirstRank != "" {
		add(1, "officer in the first rank")
	}
	if a.Has("C3") && !riposte {
		add(1, "aggressive")
	}
	if a.Has("C5") && (riposte || ranged && ty.Has("rifle")) {
		add(1, "marksmen")
	}
	if ty.Has("lancer") && !riposte && (t.T().Mounted() || isArt(t)) {
		add(1, "lancers")
	}
	if !ranged && ty.Has("modern") && irregular(t) {
		add(1, "modern vs irregular")
	}
	if ty.Has("rifle") && !ranged {
		add(-1, "rifles in melee")
	}
	if moved := a.Moved + a.Carry; moved > 0 {
		if ty.Has("permove") {
			add(-moved, "moved")
		} else if ty.Has("flatmove") {
			add(-1, "moved")
		}
	}
	camel, eleph := s.effects(a, t)
	if camel {
		add(-1, "camel effect")
	}
	if eleph {
		add(-1, "elephant effect")
	}
	if t.T().Has("superheavy") {
		add(-1, "super-heavy opponent")
	}
	if s.terrain(t.At) == TRocks {
		add(-1, "into rocky ground")
	}
	obst := s.obstacle(a, t)
	if obst == ODitch {
		add(-1, "across a ditch")
	}
	limit := func(n int, what string) {
		if d > n {
			d = n
			why = append(why, fmt.Sprintf("max %d %s", n, what))
		}
	}
	for _, c := range []grid.Coord{a.At, t.At} {
		switch x := s.terrain(c); x {
		case TForest, TMarsh, TTown, TSand, TSnow:
			limit(2, x)
		}
	}
	switch s.terrain(a.At) {
	case TRocks:
		limit(2, "out of rocky ground")
	case TFord:
		limit(2, "out of a ford")
	}
	switch la, lt := s.level(a.At), s.level(t.At); {
	case la < lt:
		limit(2, "uphill")
	case la > lt:
		limit(3, "downhill")
	}
	switch obst {
	case OWall, OFort, ORampart:
		limit(2, obst)
	}
	if s.palisade(a, t) {
		limit(2, "wagons")
	}
	if d < 1 {
		d = 1
		why = append(why, "min 1")
	}
	return d, why
}

// canFight checks that a may initiate a combat against t (FLG-4.2,
// FLG-4.3, FLG-4.10 … FLG-4.21); pursuit allows a second combat.
func (s *State) canFight(a, t *Unit, pursuit bool) error {
	ty := a.T()
	switch {
	case !a.Activated || a.Off:
		return game.Reject("not-activated", "FLG-4.2", "flg.not-activated", "unit", a.ID)
	case a.Fought && !pursuit:
		return game.Reject("fought", "FLG-4.3", "flg.fight.twice", "unit", a.ID)
	case a.NoCombat:
		return game.Reject("no-combat", "FLG-4.21", "flg.fight.nc", "unit", a.ID)
	case s.roadArtillery(a):
		return game.Reject("no-combat", "FLG-4.21", "flg.fight.road-art", "unit", a.ID)
	}
	if ma, _ := s.allowance(a); a.Moved > ma && !(a.Forced && a.Moved == ma+1) {
		return game.Reject("no-combat", "FLG-4.21", "flg.fight.moved", "unit", a.ID)
	}
	if t.Gone || t.Side == a.Side {
		return game.Reject("bad-target", "FLG-4.17", "flg.fight.target", "unit", t.ID)
	}
	adj := s.enemiesAdjacent(a.Side, a.At)
	if ty.Has("rocket") && len(adj) > 0 {
		return game.Reject("rocket-adjacent", "FLG-4.21", "flg.fight.rocket", "unit", a.ID)
	}
	dist := grid.HexDistance(a.At, t.At)
	if dist == 1 {
		return nil
	}
	if len(adj) > 0 {
		return game.Reject("must-melee", "FLG-4.17", "flg.fight.must-melee", "unit", a.ID)
	}
	if ty.Range < dist {
		return game.Reject("out-of-range", "FLG-4.11", "flg.fight.range", "unit", a.ID, "range", ty.Range, "dist", dist)
	}
	if !s.Sight(a.At, t.At, isArt(a)) {
		return game.Reject("no-sight", "FLG-4.12", "flg.fight.sight", "unit", a.ID, "target", t.ID)
	}
	return nil
}

// canRiposte: a supported unit still adjacent to its attacker, after a
// melee, with its own factors (FLG-4.60, AMB-27: not rockets, and not
// artillery on a road in rough terrain).
func (s *State) canRiposte(r, a *Unit) bool {
	if r.Gone || a.Gone || grid.HexDistance(r.At, a.At) != 1 || r.T().Has("rocket") || s.roadArtillery(r) || r.T().Family == FamPanic {
		return false
	}
	return s.supported(r, a, true, true)
}

// attackOrder: "attack UNIT TARGET".
func (d *decider) attackOrder(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) != 2 && len(cmd.Args) != 3 {
		return game.Reject(game.CodeSyntax, "FLG-4.20", "flg.syntax", "usage", game.Plain("attack UNIT TARGET [OFFICER]"))
	}
	if err := w.phaseIs(PhaseCombat, "FLG-4.2"); err != nil {
		return err
	}
	if w.Rallying {
		return game.Reject("rally-begun", "FLG-2.24", "flg.fight.rally")
	}
	a, err := w.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	t := w.Unit(cmd.Args[1])
	if t == nil || t.Gone {
		return game.Reject(game.CodeUnknownUnit, "", "flg.no-unit", "unit", game.Plain(cmd.Args[1]))
	}
	if err := w.canFight(a, t, false); err != nil {
		return err
	}
	if len(cmd.Args) == 3 {
		o := w.Officer(cmd.Args[2])
		if o == nil || o.Gone || o.Side != a.Side || o.At != a.At {
			return game.Reject("no-officer", "FLG-2.22", "flg.first-rank.none", "officer", game.Plain(cmd.Args[2]), "unit", a.ID)
		}
		if o.Rank == RankGC {
			return game.Reject("gc-first-rank", "FLG-2.22", "flg.first-rank.gc", "officer", o.ID)
		}
		a.FirstRank = o.ID
	}
	if k := w.actOf(a.By); k >= 0 {
		if k < w.Stage {
			return game.Reject("officer-order", "FLG-2.5", "flg.order-of-officers", "unit", a.ID, "officer", a.By)
		}
		w.Stage = k
	}
	if r := w.reactionFor(a, t); r != nil {
		d.declare(a, r)
		return nil
	}
	d.combat(a, t, false)
	return nil
}

// combat resolves an attack and its consequences (FLG-4.20, FLG-P-14):
// the pre-emptive riposte against infantry without missile weapons
// (FLG-4.62), the roll, follow-up and pursuit, the riposte.
func (d *decider) combat(a, t *Unit, pursuit bool) {
	before := a.Stands
	d.combatCore(a, t, pursuit)
	// The first-rank officer's wound tests: a die for each loss of its
	// unit in this combat, removed on a TA (FLG-2.22, AMB-40).
	if oid := a.FirstRank; oid != "" {
		a.FirstRank = ""
		d.touch(a)
		o := d.w.Officer(oid)
		if n := before - a.Stands; n > 0 && o != nil && !o.Gone && d.w.Result == nil {
			e := Wounds{Officer: o.ID, Unit: a.ID}
			for range n {
				f := d.roll1()
				e.Faces = append(e.Faces, f)
				if f == FaceTA && !o.Gone {
					o.Gone, e.Removed = true, true
					d.touchOfficer(o)
				}
			}
			e.Changes = d.changes()
			d.evs = append(d.evs, e)
		}
	}
}

// breaksOff reports whether t breaks off instead of fighting: an officer
// of its side orders it (FLG-2.23) or it evades (C6, melee only), by its
// owner's standing order, when it has a way out (FLG-P-11).
// The defender's answer to a reaction (§9.2, react.go) replaces the
// standing orders.
func (d *decider) breaksOff(a, t *Unit) bool {
	s := d.w
	melee := grid.HexDistance(a.At, t.At) == 1
	officer := false
	for _, o := range s.officersAt(t.At) {
		if o.Side == t.Side {
			officer = true
		}
	}
	want := officer && slices.Contains(t.Standing, "breakoff") || melee && t.Has("C6") && slices.Contains(t.Standing, "evade")
	if d.answerFor == t.ID {
		want = d.answer == "breakoff" && (officer || melee && t.Has("C6"))
	}
	return want && s.canBreakOff(t)
}

// canBreakOff: t may withdraw (not static nor panicking, with a way out).
func (s *State) canBreakOff(t *Unit) bool {
	if t.Static || t.T().Family == FamPanic {
		return false
	}
	p := s.retreatPath(t, 1, false)
	return len(p) > 1
}

// breakOff resolves a break-off (FLG-2.23, C6, FLG-P-11): the enemy rolls,
// only the hits of the unit's own type count (no flags, no TA, no wound
// test), then the survivors withdraw up to their allowance toward their
// edge, with no desertion; the enemy may follow up.
func (d *decider) breakOff(a, t *Unit, from, tFrom grid.Coord) {
	w := d.w
	n, why := w.Dice(a, t, false)
	e := &Combat{Attacker: a.ID, Target: t.ID, BreakOff: true, Dice: n, Breakdown: why, Ranged: grid.HexDistance(a.At, t.At) > 1}
	for range n {
		f := d.roll1()
		e.Faces = append(e.Faces, f)
		if f == t.T().Hit {
			e.Hits++
		}
	}
	before := t.Stands
	d.lose(t, e.Hits, e)
	if !t.Gone {
		most := t.T().Max
		if t.Has("B1") {
			most--
		}
		if t.Has("B2") {
			most++
		}
		path := w.retreatPath(t, max(most, 1), false)
		e.Path = path
		if made := len(path) - 1; made > 0 {
			for _, o := range w.officersAt(t.At) {
				if o.Side == t.Side {
					o.At = path[made]
					d.touchOfficer(o)
				}
			}
			t.At = path[made]
			if isArt(t) {
				t.CarryNext += made
			}
			d.touch(t)
		}
	}
	e.Losses = before - t.Stands
	if t.Gone {
		e.Losses, e.Destroyed = before, true
	}
	d.emit(e)
	if d.checkVictory() {
		return
	}
	if !e.Ranged && (t.Gone || t.At != tFrom) && !a.Gone && a.At == from {
		d.followUp(a, tFrom, from)
	}
}

func (d *decider) combatCore(a, t *Unit, pursuit bool) {
	w := d.w
	a.Fought = true
	if pursuit {
		a.Pursued = true
	}
	ranged := grid.HexDistance(a.At, t.At) > 1
	if !ranged {
		a.Melee, t.Melee = true, true
		for _, c := range []grid.Coord{a.At, t.At} {
			for _, o := range w.officersAt(c) {
				o.Melee = true
				d.touchOfficer(o)
			}
		}
	}
	d.touch(a)
	d.touch(t)
	from, tFrom := a.At, t.At
	if d.breaksOff(a, t) {
		d.breakOff(a, t, from, tFrom)
		return
	}
	preempted := false
	if !ranged && a.T().Has("nomissile") && t.T().Has("modern") && w.canRiposte(t, a) {
		preempted = true
		e := d.riposte(t, a)
		e.PreEmptive = true
		if a.Gone || grid.HexDistance(a.At, t.At) != 1 {
			e.Cancelled = true
			d.emit(e)
			d.checkVictory()
			return
		}
		d.emit(e)
		if d.checkVictory() {
			return
		}
	}
	e := d.roll(a, t, false, pursuit)
	e.Ranged = ranged
	d.emit(e)
	if d.checkVictory() {
		return
	}
	if a.Gone || a.At != from {
		return
	}
	if !ranged && (t.Gone || t.At != tFrom) {
		d.followUp(a, tFrom, from)
		return
	}
	if !ranged && !preempted && t.At == tFrom && w.canRiposte(t, a) {
		r := d.riposte(t, a)
		d.emit(r)
		d.checkVictory()
	}
}

// riposte rolls r's riposte against a, with an officer of r's hex in the
// first rank when its owner's standing order says so (FLG-2.22: not the
// GC).
func (d *decider) riposte(r, a *Unit) *Combat {
	if d.answerFor == r.ID {
		if o := d.w.Officer(d.firstRank); o != nil && !o.Gone && o.At == r.At {
			r.FirstRank = o.ID
		}
	} else if slices.Contains(r.Standing, "firstrank") {
		for _, o := range d.w.officersAt(r.At) {
			if o.Side == r.Side && o.Rank != RankGC {
				r.FirstRank = o.ID
				break
			}
		}
	}
	e := d.roll(r, a, true, false)
	r.FirstRank = ""
	d.touch(r)
	return e
}

// emit appends a combat event with the changes so far.
func (d *decider) emit(e *Combat) {
	e.Changes = d.changes()
	d.evs = append(d.evs, *e)
}

// roll is one combat roll of a against t (a riposting when riposte): the
// dice, hits, tactical advantages, morale hits, losses, retreat and
// desertion (FLG-4.23 … FLG-4.42).
func (d *decider) roll(a, t *Unit, riposte, pursuit bool) *Combat {
	w := d.w
	n, why := w.Dice(a, t, riposte)
	e := &Combat{Attacker: a.ID, Target: t.ID, Riposte: riposte, Pursuit: pursuit, Dice: n, Breakdown: why}
	for range n {
		e.Faces = append(e.Faces, d.roll1())
	}
	hit := t.T().Hit
	noTA := slices.Contains([]string{OWall, ODitch, OFort, ORampart}, w.obstacle(a, t)) || w.palisade(a, t)
	for _, f := range e.Faces {
		switch f {
		case hit:
			e.Hits++
		case FaceFlag:
			e.Morale++
		case FaceTA:
			r := w.convertTA(a, t, riposte, noTA)
			e.TA = append(e.TA, r)
			switch r {
			case "hit":
				e.Hits++
			case "morale":
				e.Morale++
			case "double-morale":
				e.Morale += 2
			}
		}
	}
	// Tireur élite (C4, FLG-4.82): the first die is rolled apart; if it
	// hits, the attacker takes the loss on an officer of the target's
	// hex, the highest ranked.
	if a.Has("C4") && !riposte && len(e.Faces) > 0 && e.Faces[0] == hit {
		var best *Officer
		for _, o := range w.officersAt(t.At) {
			if o.Side == t.Side && (best == nil || rankOrder(o.Rank) < rankOrder(best.Rank)) {
				best = o
			}
		}
		if best != nil {
			best.Gone = true
			if best.Rank == RankGC {
				w.Skip[best.Side] = true
			}
			d.touchOfficer(best)
			e.Sniped = best.ID
			e.Hits--
		}
	}
	// Esquive (D3): the owner's standing order trades one hit for three
	// morale hits.
	if t.Has("D3") && slices.Contains(t.Standing, "dodge") && e.Hits > 0 {
		e.Hits--
		e.Morale += 3
		e.Dodged = true
	}
	// Ignores are counted at the roll (FLG-4.31, FLG-T16).
	e.Ignored = w.ignores(t, a, riposte)
	before := t.Stands
	d.lose(t, e.Hits, e)
	net := max(e.Morale-e.Ignored, 0)
	if !t.Gone && net > 0 {
		e.Retreat = w.retreatHexes(t, a, net)
		d.retreat(t, e)
	}
	e.Losses = before - t.Stands
	if t.Gone {
		e.Losses = before
		e.Destroyed = true
	}
	return e
}

func (d *decider) roll1() string { return RollFace(d.dice) }

// convertTA reads one tactical-advantage face (FLG-T9, FLG-P-19): a is
// the unit rolling (the riposting unit in a riposte, FLG-4.34).
func (s *State) convertTA(a, t *Unit, riposte, noTA bool) string {
	if noTA {
		return "miss"
	}
	ty := a.T()
	ranged := grid.HexDistance(a.At, t.At) > 1
	res := "miss"
	switch {
	case ty.Mounted() && (s.rough(a.At) || s.rough(t.At)):
		return "miss"
	case ranged && ty.Family != FamArt && (s.terrain(t.At) == TForest || s.terrain(t.At) == TTown || s.obstacle(a, t) == OFort):
		return "miss"
	case t.Has("C2"):
		res = "hit"
	case ty.Family == FamInf:
		if ranged {
			break // the infantry row is melee only (AMB-3)
		}
		if !isInf(t) {
			res = "hit"
			break
		}
		as, ds := s.supported(a, t, riposte, riposte), s.supported(t, a, !riposte, false)
		switch {
		case as && !ds || s.nextToFriendOf(t, a, func(x *Unit) bool { return isArt(x) || x.T().Mounted() }):
			res = "hit"
		case as:
			res = "morale"
		}
	case ty.Family == FamCav:
		if !isInf(t) || s.supported(a, t, riposte, riposte) || t.Has("D4") ||
			s.nextToFriendOf(t, a, func(x *Unit) bool { return isInf(x) || isArt(x) }) {
			res = "hit"
		}
	case ty.Family == FamArt && ty.Has("rocket"):
		res = "morale"
	case ty.Family == FamArt:
		switch {
		case grid.HexDistance(a.At, t.At) <= 2:
			res = "hit"
		case elite(a):
			res = "morale"
		}
	case ty.Family == FamEle || ty.Family == FamPanic:
		res = "hit"
	}
	if res == "miss" && t.Has("D4") {
		res = "morale"
	}
	if res == "hit" && a.Has("D2") {
		res = "double-morale"
	}
	return res
}

// nextToFriendOf reports whether t is adjacent to a unit friendly to a
// (other than a) that passes the test (combined arms, FLG-T9).
func (s *State) nextToFriendOf(t, a *Unit, ok func(*Unit) bool) bool {
	for _, c := range s.board().Grid.Neighbors(t.At) {
		if x := s.UnitAt(c); x != nil && x != a && x.Side == a.Side && x.T().Family != FamPanic && ok(x) {
			return true
		}
	}
	return false
}

// ignores counts the flags t ignores when hit by a (FLG-4.31, FLG-T16):
// supported, each officer in the hex, artillery, the obstacle crossed,
// the wagons.
func (s *State) ignores(t, a *Unit, riposte bool) int {
	n := 0
	if s.supported(t, a, !riposte, false) {
		n++
	}
	n += len(s.officersAt(t.At))
	if isArt(t) {
		n++
	}
	if isInf(t) || isArt(t) {
		switch s.obstacle(a, t) {
		case OWall, ODitch:
			n++
		case OFort, ORampart:
			n += 2
		}
	}
	if s.palisade(a, t) {
		n++
	}
	return n
}

// retreatHexes is the retreat for net flags (FLG-4.32, FLG-T17,
// FLG-P-18): hexes per flag, the largest multiplier, then −1 on the first
// flag for Tenace (mounted) or Entêtés (infantry, artillery).
func (s *State) retreatHexes(t, a *Unit, net int) int {
	per := t.T().Retreat
	mult := 1
	if t.Has("A3") || t.Has("D5") {
		mult = 2
	}
	if t.Has("A4") {
		mult = 3
	}
	if a.T().Has("rocket") && animal(t) {
		mult = max(mult, 2)
	}
	n := net * per * mult
	if t.Has("A7") && t.T().Mounted() || t.Has("D1") && (isInf(t) || isArt(t)) {
		n--
	}
	return max(n, 0)
}

// lose removes n stands from u, with the elephants' rules (FLG-4.70).
func (d *decider) lose(u *Unit, n int, e *Combat) {
	for i := 0; i < n && !u.Gone; i++ {
		d.loseOne(u, e)
	}
}

func (d *decider) loseOne(u *Unit, e *Combat) {
	w := d.w
	ty := u.T()
	d.touch(u)
	switch {
	case ty.Family == FamPanic:
		u.Gone = true // a new loss: it disappears (FLG-4.71)
	case ty.Family == FamEle || ty.Has("eleborne"):
		at := u.At
		d.eliminate(u, e)
		d.panic(u, at, e)
	case u.Elephant:
		u.Elephant = false
		u.Stands--
		u.Start--
		if ty.Has("eletowed") {
			u.Static = true
		}
		// FLG-P-37: the panicking elephant goes to a free hex toward its
		// own edge, if there is one.
		for _, c := range w.rearwardSorted(u.Side, u.At) {
			if !w.impassable(c) && w.UnitAt(c) == nil {
				d.panic(u, c, e)
				break
			}
		}
		if u.Stands <= 0 {
			d.eliminate(u, e)
		}
	default:
		u.Stands--
		if u.Stands <= 0 {
			d.eliminate(u, e)
		}
	}
}

// eliminate removes a unit: it counts as lost (FLG-5.2) and its officers
// flee (FLG-4.81).
func (d *decider) eliminate(u *Unit, e *Combat) {
	w := d.w
	u.Gone, u.Stands, u.Counted = true, 0, true
	w.Lost[u.Side]++
	d.touch(u)
	for _, o := range w.officersAt(u.At) {
		e.Flight = append(e.Flight, d.flee(o, u.At))
	}
}

// panic puts a panicking elephant in a hex and makes its first flight
// (FLG-4.70, FLG-4.71, FLG-P-23).
func (d *decider) panic(from *Unit, at grid.Coord, e *Combat) {
	w := d.w
	p := Unit{ID: from.ID + "-PE", Side: from.Side, Type: "PANIC_ELE", At: at, Stands: 1, Start: 1, Training: "trained", Morale: "normal"}
	if w.unitByID(p.ID) != nil {
		return
	}
	w.Units = append(w.Units, p)
	e.Panicked = p.ID
	pe := w.unitByID(p.ID)
	d.touch(pe)
	d.flight(pe)
}

// flight: a panicking elephant rolls 3 dice; each flag or TA is a hex
// toward its own edge. At the edge it disappears; before impassable
// terrain the hex it cannot make is a loss, so it disappears; a unit in
// its way is attacked (the blocking unit may riposte) and, if it gives
// way, the flight goes on; if not, the elephant disappears (FLG-P-37).
func (d *decider) flight(u *Unit) {
	w := d.w
	n := 0
	for range 3 {
		if f := d.roll1(); f == FaceFlag || f == FaceTA {
			n++
		}
	}
	for ; n > 0 && !u.Gone; n-- {
		if w.atEdge(u.Side, u.At) {
			u.Gone = true
			break
		}
		var free, blocked []grid.Coord
		for _, c := range w.rearwardSorted(u.Side, u.At) {
			switch {
			case w.impassable(c):
			case w.UnitAt(c) != nil:
				blocked = append(blocked, c)
			default:
				free = append(free, c)
			}
		}
		if len(free) > 0 {
			u.At = free[0]
			continue
		}
		if len(blocked) == 0 {
			u.Gone = true
			break
		}
		// The enemy first, then the fewest stands (§9.2 default).
		slices.SortStableFunc(blocked, func(a, b grid.Coord) int {
			x, y := w.UnitAt(a), w.UnitAt(b)
			if (x.Side != u.Side) != (y.Side != u.Side) {
				if x.Side != u.Side {
					return -1
				}
				return 1
			}
			return x.Stands - y.Stands
		})
		c := blocked[0]
		t := w.UnitAt(c)
		ce := d.roll(u, t, false, false)
		d.emit(ce)
		if !u.Gone && t.At == c && !t.Gone && w.canRiposte(t, u) {
			d.emit(d.roll(t, u, true, false))
		}
		if u.Gone {
			break
		}
		if w.UnitAt(c) == nil {
			u.At = c
			continue
		}
		u.Gone = true
	}
	d.touch(u)
}

// rearwardSorted is rearward in label order: the owner's choice of a
// panicking elephant's hex falls, by default, on the first.
func (s *State) rearwardSorted(side game.Side, c grid.Coord) []grid.Coord {
	out := s.rearward(side, c)
	slices.SortFunc(out, func(a, b grid.Coord) int {
		if a.Less(b) {
			return -1
		}
		return 1
	})
	return out
}

// flee moves an officer whose unit was destroyed, or whose hex an enemy
// enters (FLG-4.81): a Senior Officer to an adjacent hex with a friendly
// unit; the others up to two hexes, not through an enemy, into a hex with
// a friendly unit (the nearest, then the most stands); if none, it is
// removed, and a removed General-in-Chief costs its side's next turn
// (FLG-4.83).
func (d *decider) flee(o *Officer, from grid.Coord) string {
	w := d.w
	d.touchOfficer(o)
	friend := func(c grid.Coord) *Unit {
		if u := w.UnitAt(c); u != nil && u.Side == o.Side && u.T().Family != FamPanic {
			return u
		}
		return nil
	}
	reach := 2
	if o.Rank == RankSO || o.Rank == RankADC {
		reach = 1
	}
	var best *Unit
	bestD := 99
	seen := map[grid.Coord]int{from: 0}
	queue := []grid.Coord{from}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		dist := seen[c]
		if dist >= reach {
			continue
		}
		for _, n := range w.board().Grid.Neighbors(c) {
			if _, ok := seen[n]; ok || w.impassable(n) {
				continue
			}
			u := w.UnitAt(n)
			if u != nil && u.Side != o.Side {
				continue
			}
			seen[n] = dist + 1
			queue = append(queue, n)
			if f := friend(n); f != nil && (dist+1 < bestD || dist+1 == bestD && f.Stands > best.Stands) {
				best, bestD = f, dist+1
			}
		}
	}
	if best == nil {
		o.Gone = true
		if o.Rank == RankGC {
			w.Skip[o.Side] = true
		}
		return o.ID + " removed"
	}
	o.At = best.At
	return o.ID + " " + w.label(best.At)
}

// retreat moves t step by step toward its own edge (FLG-4.40, FLG-4.41):
// each hex it cannot make is a stand lost; then the desertion dice
// (FLG-4.42).
func (d *decider) retreat(t *Unit, e *Combat) {
	w := d.w
	n := e.Retreat
	limit := n
	if isArt(t) {
		_, most := t.T().MA, t.T().Max
		if t.Has("B1") {
			most--
		}
		if t.Has("B2") {
			most++
		}
		if t.Static {
			most = 0
		}
		limit = min(n, max(most, 0))
		if !t.Static && !t.T().Has("cap1") && limit < n {
			// The road carries one more hex (FLG-4.41).
			if p := w.retreatPath(t, most+1, true); len(p)-1 > limit {
				limit = min(n, most+1)
			}
		}
	}
	path := w.retreatPath(t, limit, false)
	if isArt(t) && len(path)-1 < limit {
		if p := w.retreatPath(t, limit, true); len(p) > len(path) {
			path = p
		}
	}
	made := len(path) - 1
	e.Path = path
	if made > 0 {
		from := t.At
		t.At = path[made]
		for _, o := range w.officersAt(from) {
			if o.Side == t.Side {
				o.At = t.At
				d.touchOfficer(o)
			}
		}
		if isArt(t) {
			t.CarryNext += made
		}
		d.touch(t)
	}
	d.lose(t, n-made, e)
	if made > 0 && !t.Gone && (t.Has("A1") || isArt(t)) {
		for range made {
			f := d.roll1()
			e.Desertion = append(e.Desertion, f)
			if f == t.T().Hit && !t.Gone {
				d.loseOne(t, e)
			}
		}
	}
}

// retreatPath is the longest retreat of at most n hexes that ends in a
// free hex (FLG-4.40): toward the own edge (any adjacent hex for
// Insaisissable, D4), terrain ignored but not impassable hexes, through
// friendly artillery but never ending there, never through the enemy;
// artillery only where it may go (FLG-4.41), on the road when roadOnly.
// Ties go to the end hex with the most friendly neighbours, then the
// first in label order.
func (s *State) retreatPath(u *Unit, n int, roadOnly bool) []grid.Coord {
	type key struct {
		c   grid.Coord
		rem int
	}
	memo := map[key][]grid.Coord{}
	g := s.board().Grid
	var best func(c grid.Coord, rem int) []grid.Coord // nil: no valid end from here
	free := func(c grid.Coord) bool { x := s.UnitAt(c); return x == nil || x == u }
	best = func(c grid.Coord, rem int) []grid.Coord {
		k := key{c, rem}
		if p, ok := memo[k]; ok {
			return p
		}
		var out []grid.Coord
		if free(c) {
			out = []grid.Coord{c}
		}
		if rem > 0 {
			next := s.rearward(u.Side, c)
			if u.Has("D4") {
				next = g.Neighbors(c)
			}
			for _, nx := range next {
				if s.impassable(nx) {
					continue
				}
				if x := s.UnitAt(nx); x != nil && x != u && (x.Side != u.Side || !isArt(x)) {
					continue
				}
				if isArt(u) && (s.artilleryBarred(c, nx) || roadOnly && !s.road(c, nx)) {
					continue
				}
				sub := best(nx, rem-1)
				if sub == nil {
					continue
				}
				cand := append([]grid.Coord{c}, sub...)
				if out == nil || len(cand) > len(out) || len(cand) == len(out) && s.betterEnd(u, cand[len(cand)-1], out[len(out)-1]) {
					out = cand
				}
			}
		}
		memo[k] = out
		return out
	}
	p := best(u.At, n)
	if p == nil {
		return []grid.Coord{u.At}
	}
	return p
}

func (s *State) betterEnd(u *Unit, a, b grid.Coord) bool {
	count := func(c grid.Coord) int {
		n := 0
		for _, x := range s.board().Grid.Neighbors(c) {
			if f := s.UnitAt(x); f != nil && f != u && f.Side == u.Side {
				n++
			}
		}
		return n
	}
	if ca, cb := count(a), count(b); ca != cb {
		return ca > cb
	}
	return a.Less(b)
}

// followRule says whether the attacker must, may or may not follow up
// into the vacated hex (FLG-4.50, FLG-T11, FLG-P-21).
func (s *State) followRule(a *Unit, vacated, from grid.Coord) string {
	ty := a.T()
	if ty.Family == FamArt || ty.Family == FamPanic || a.Mount == "wagon" {
		return "no"
	}
	if a.Has("C2") || a.Has("C3") || a.Has("D5") || ty.Family == FamEle {
		return "must"
	}
	below := s.level(from) >= 1 && s.level(vacated) == 0
	switch {
	case below && !elite(a):
		return "must"
	case ty.Mounted(), elite(a):
		return "may"
	}
	return "no"
}

// followUp applies the follow-up after a melee that vacated the target's
// hex, and offers the pursuit.
func (d *decider) followUp(a *Unit, vacated, from grid.Coord) {
	w := d.w
	if w.UnitAt(vacated) != nil {
		return
	}
	switch w.followRule(a, vacated, from) {
	case "must":
		d.advance(a, vacated, true)
	case "may":
		f := Follow{Unit: a.ID, Into: vacated}
		d.evs = append(d.evs, FollowedUp{Unit: a.ID, Into: vacated, To: w.label(vacated), Offer: true, Changes: Changes{Follow: &f}})
		w.Follow = &f
	}
}

// advance moves the attacker into the vacated hex with its officers
// (FLG-4.80) and offers the pursuit to mounted troops (FLG-4.51).
func (d *decider) advance(a *Unit, into grid.Coord, must bool) {
	w := d.w
	for _, o := range w.officersAt(a.At) {
		if o.Side == a.Side {
			o.At = into
			d.touchOfficer(o)
		}
	}
	a.At = into
	d.touch(a)
	e := FollowedUp{Unit: a.ID, Into: into, To: w.label(into), Must: must}
	e.Changes = d.changes()
	e.ClearFollow = true
	w.Follow = nil
	if a.T().Mounted() && !a.Pursued && len(w.pursuits(a)) > 0 {
		f := Follow{Unit: a.ID, Into: into, Pursuit: true}
		e.Follow = &f
		w.Follow = &f
	} else if isInf(a) && a.Has("D5") && len(w.extraHexes(a)) > 0 {
		// Changeants infantry that wins may go one hex more, without
		// combat (FLG-T8).
		f := Follow{Unit: a.ID, Into: into, Extra: true}
		e.Follow = &f
		w.Follow = &f
	}
	d.evs = append(d.evs, e)
}

// extraHexes are the free hexes a Changeants infantry unit may step into
// after its follow-up.
func (s *State) extraHexes(a *Unit) []grid.Coord {
	var out []grid.Coord
	for _, c := range s.board().Grid.Neighbors(a.At) {
		if s.UnitAt(c) == nil && s.step(a, a.At, c, false).OK {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(x, y grid.Coord) int {
		if x.Less(y) {
			return -1
		}
		return 1
	})
	return out
}

// pursuit is one way to pursue: a target, from the follow-up hex or from
// one hex further (FLG-4.51).
type pursuit struct {
	via    grid.Coord
	target *Unit
}

func (s *State) pursuits(a *Unit) []pursuit {
	var out []pursuit
	vias := []grid.Coord{a.At}
	n := 1
	if a.Has("D5") {
		n = 2 // Changeants cavalry pursues 2 hexes (FLG-T8)
	}
	r := flood(s.board().Grid, a.At, n, func(x, y grid.Coord, _ int) grid.StepCost {
		c := s.step(a, x, y, false)
		c.Cost = 1
		return c
	})
	cells := make([]grid.Coord, 0, len(r))
	for c := range r {
		if c != a.At && s.UnitAt(c) == nil {
			cells = append(cells, c)
		}
	}
	slices.SortFunc(cells, func(x, y grid.Coord) int {
		if x.Less(y) {
			return -1
		}
		return 1
	})
	vias = append(vias, cells...)
	for _, v := range vias {
		for _, c := range s.board().Grid.Neighbors(v) {
			if t := s.UnitAt(c); t != nil && t.Side != a.Side && t != a {
				out = append(out, pursuit{via: v, target: t})
			}
		}
	}
	return out
}

func (s *State) followDecision() game.Decision {
	f := s.Follow
	u := s.Unit(f.Unit)
	d := game.Decision{ID: "follow-" + u.ID, Side: u.Side, Kind: "follow-up", Rule: "FLG-4.50"}
	if f.Extra {
		d.Kind = "extra-hex"
		d.PromptMsg = game.M("flg.prompt.extra", "unit", u.ID)
		for _, c := range s.extraHexes(u) {
			cmd := "advance " + u.ID + " " + s.label(c)
			d.Options = append(d.Options, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.advance", "unit", u.ID, "cell", s.label(c))})
		}
		d.Options = append(d.Options, game.Option{Label: "stay " + u.ID, Command: "stay " + u.ID, LabelMsg: game.M("flg.opt.stay", "unit", u.ID)})
		d.Default = len(d.Options) - 1
	} else if !f.Pursuit {
		d.PromptMsg = game.M("flg.prompt.follow", "unit", u.ID, "cell", s.label(f.Into))
		d.Options = []game.Option{
			{Label: "advance " + u.ID, Command: "advance " + u.ID, LabelMsg: game.M("flg.opt.advance", "unit", u.ID, "cell", s.label(f.Into))},
			{Label: "stay " + u.ID, Command: "stay " + u.ID, LabelMsg: game.M("flg.opt.stay", "unit", u.ID)},
		}
		d.Default = 1
		d.Cells = []grid.Coord{f.Into}
	} else {
		d.Kind, d.Rule = "pursuit", "FLG-4.51"
		d.PromptMsg = game.M("flg.prompt.pursue", "unit", u.ID)
		for _, p := range s.pursuits(u) {
			cmd := fmt.Sprintf("pursue %s %s %s", u.ID, s.label(p.via), p.target.ID)
			d.Options = append(d.Options, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.pursue", "unit", u.ID, "cell", s.label(p.via), "target", p.target.ID)})
		}
		d.Options = append(d.Options, game.Option{Label: "stay " + u.ID, Command: "stay " + u.ID, LabelMsg: game.M("flg.opt.stay", "unit", u.ID)})
		d.Default = len(d.Options) - 1
	}
	d.Prompt = d.PromptMsg.String()
	return d
}

// followOrder answers a pending follow-up or pursuit: advance, stay,
// pursue UNIT HEX TARGET.
func (d *decider) followOrder(cmd game.Command) error {
	w := d.w
	f := w.Follow
	if f == nil {
		return game.Reject("nothing-pending", "FLG-4.50", "flg.follow.none")
	}
	if len(cmd.Args) == 0 || !strings.EqualFold(cmd.Args[0], f.Unit) {
		return game.Reject(game.CodeSyntax, "FLG-4.50", "flg.follow.unit", "unit", f.Unit)
	}
	a := w.unitByID(f.Unit)
	switch {
	case cmd.Verb == "stay" && len(cmd.Args) == 1:
		w.Follow = nil
		d.evs = append(d.evs, FollowedUp{Unit: a.ID, Into: f.Into, To: w.label(a.At), Stay: true, Changes: Changes{ClearFollow: true}})
	case cmd.Verb == "advance" && len(cmd.Args) == 1 && !f.Pursuit && !f.Extra:
		d.advance(a, f.Into, false)
	case cmd.Verb == "advance" && len(cmd.Args) == 2 && f.Extra:
		to, err := w.cell(cmd.Args[1])
		if err != nil {
			return err
		}
		if !slices.Contains(w.extraHexes(a), to) {
			return game.Reject("cannot-reach", "FLG-T8", "flg.move.reach", "unit", a.ID, "cell", w.label(to), "ma", 1, "most", 1)
		}
		w.Follow = nil
		d.clearFollow = true
		for _, o := range w.officersAt(a.At) {
			if o.Side == a.Side {
				o.At = to
				d.touchOfficer(o)
			}
		}
		a.At = to
		d.touch(a)
		d.evs = append(d.evs, FollowedUp{Unit: a.ID, Into: to, To: w.label(to), Extra: w.label(to), Changes: d.changes()})
	case cmd.Verb == "pursue" && len(cmd.Args) == 3 && f.Pursuit:
		via, err := w.cell(cmd.Args[1])
		if err != nil {
			return err
		}
		i := slices.IndexFunc(w.pursuits(a), func(p pursuit) bool { return p.via == via && strings.EqualFold(p.target.ID, cmd.Args[2]) })
		if i < 0 {
			return game.Reject("bad-pursuit", "FLG-4.51", "flg.pursue.bad", "unit", a.ID)
		}
		t := w.pursuits(a)[i].target
		w.Follow = nil
		d.clearFollow = true
		if via != a.At {
			for _, o := range w.officersAt(a.At) {
				if o.Side == a.Side {
					o.At = via
					d.touchOfficer(o)
				}
			}
			a.At = via
			d.touch(a)
			d.evs = append(d.evs, FollowedUp{Unit: a.ID, Into: via, To: w.label(via), Extra: w.label(via), Changes: d.changes()})
		}
		d.clearFollow = true
		if r := w.reactionFor(a, t); r != nil {
			r.Pursuit = true
			d.declare(a, r)
			return nil
		}
		d.combat(a, t, true)
	default:
		return game.Reject(game.CodeSyntax, "FLG-4.50", "flg.follow.unit", "unit", f.Unit)
	}
	return nil
}

func (s *State) legalAttacks() []game.Option {
	var out []game.Option
	for i := range s.Units {
		a := &s.Units[i]
		if a.Gone || a.Side != s.Active || !a.Activated || a.Fought {
			continue
		}
		if k := s.actOf(a.By); k >= 0 && k < s.Stage {
			continue
		}
		node := game.Option{Label: a.ID, LabelMsg: game.M("flg.opt.unit", "unit", a.ID)}
		for j := range s.Units {
			t := &s.Units[j]
			if t.Gone || t.Side == a.Side || grid.HexDistance(a.At, t.At) > max(a.T().Range, 1) {
				continue
			}
			if s.canFight(a, t, false) != nil {
				continue
			}
			cmd := "attack " + a.ID + " " + t.ID
			node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.attack", "unit", a.ID, "target", t.ID)})
		}
		if len(node.Children) > 0 {
			out = append(out, node)
		}
	}
	return out
}

func rankOrder(r string) int { return strings.Index("GCSGSO", r) }

// rally: "rally OFFICER" at the end of the combat phase (FLG-2.24): an
// activated officer with a unit that has lost stands, neither of them in
// a melee this turn and no enemy adjacent, rolls a die a loss; each face
// of the unit's type restores a stand (the GC's TA faces too), never
// above its starting stands. Once per unit and per officer; attacks end.
func (s *State) canRally(side game.Side, oid string) (*Officer, *Unit, error) {
	if err := s.phaseIs(PhaseCombat, "FLG-2.24"); err != nil {
		return nil, nil, err
	}
	o := s.Officer(oid)
	if o == nil || o.Gone || o.Side != side {
		return nil, nil, game.Reject("no-officer", "FLG-2.24", "flg.no-officer", "officer", game.Plain(oid))
	}
	u := s.UnitAt(o.At)
	switch {
	case !o.Activated:
		return nil, nil, game.Reject("not-activated", "FLG-2.24", "flg.not-activated", "unit", o.ID)
	case u == nil || u.Side != side || u.Stands >= u.Start || u.T().Family == FamPanic:
		return nil, nil, game.Reject("nothing-to-rally", "FLG-2.24", "flg.rally.none", "officer", o.ID)
	case u.Melee || o.Melee:
		return nil, nil, game.Reject("in-melee", "FLG-2.24", "flg.rally.melee", "unit", u.ID)
	case len(s.enemiesAdjacent(side, u.At)) > 0:
		return nil, nil, game.Reject("enemy-adjacent", "FLG-2.24", "flg.rally.enemy", "unit", u.ID)
	case u.Rallied || o.Rallied:
		return nil, nil, game.Reject("rallied", "FLG-2.24", "flg.rally.twice", "unit", u.ID)
	}
	return o, u, nil
}

func (d *decider) rally(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "FLG-2.24", "flg.syntax", "usage", game.Plain("rally OFFICER"))
	}
	o, u, err := w.canRally(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	e := Rallied{Officer: o.ID, Unit: u.ID}
	for range u.Start - u.Stands {
		f := d.roll1()
		e.Faces = append(e.Faces, f)
		if f == u.T().Hit || f == FaceTA && o.Rank == RankGC {
			e.Restored++
		}
	}
	e.Restored = min(e.Restored, u.Start-u.Stands)
	u.Stands += e.Restored
	u.Rallied, o.Rallied = true, true
	w.Rallying = true
	d.touch(u)
	d.touchOfficer(o)
	e.Changes = d.changes()
	r := true
	e.Rallying = &r
	d.evs = append(d.evs, e)
	return nil
}

func (s *State) legalRallies() []game.Option {
	var out []game.Option
	for i := range s.Officers {
		o := &s.Officers[i]
		if o.Side != s.Active || o.Gone {
			continue
		}
		if _, _, err := s.canRally(s.Active, o.ID); err == nil {
			out = append(out, game.Option{Label: "rally " + o.ID, Command: "rally " + o.ID, LabelMsg: game.M("flg.opt.rally", "officer", o.ID)})
		}
	}
	return out
}

// standingWords are the standing orders a side may give its units for
// the enemy's turn (§9.2).
var standingWords = []string{"breakoff", "evade", "dodge", "firstrank"}

// standing: "standing UNIT [WORD…]" replaces a unit's standing orders
// (none: clears them); either side, at any time.
func (d *decider) standing(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) < 1 {
		return game.Reject(game.CodeSyntax, "FLG-2.23", "flg.syntax", "usage", game.Plain("standing UNIT [breakoff|evade|dodge|firstrank…]"))
	}
	u, err := w.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	var words []string
	for _, x := range cmd.Args[1:] {
		x = strings.ToLower(x)
		if !slices.Contains(standingWords, x) {
			return game.Reject(game.CodeSyntax, "FLG-2.23", "flg.standing.word", "word", game.Plain(x))
		}
		if !slices.Contains(words, x) {
			words = append(words, x)
		}
	}
	u.Standing, u.Ordered = words, true
	d.touch(u)
	e := StandingSet{Unit: u.ID, Words: words}
	e.Changes = d.changes()
	e.Changes.Lost, e.Changes.Skip = nil, nil
	d.evs = append(d.evs, e)
	return nil
}

func (s *State) legalStanding(side game.Side) []game.Option {
	var out []game.Option
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || u.Gone || u.T().Family == FamPanic {
			continue
		}
		node := game.Option{Label: u.ID, LabelMsg: game.M("flg.opt.unit", "unit", u.ID)}
		for _, wd := range standingWords {
			if wd == "evade" && !u.Has("C6") || wd == "dodge" && !u.Has("D3") {
				continue
			}
			cmd := "standing " + u.ID + " " + wd
			node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.standing", "unit", u.ID, "word", wd)})
		}
		node.Children = append(node.Children, game.Option{Label: "standing " + u.ID, Command: "standing " + u.ID, LabelMsg: game.M("flg.opt.standing-none", "unit", u.ID)})
		out = append(out, node)
	}
	return out
}
