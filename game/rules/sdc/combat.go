package sdc

import (
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Artillery in contact counts as line infantry (SDC-10.13, SDC-11.12).
func (s *State) foot(e *Element) bool  { return s.kind(e).Class != Cavalry }
func (s *State) horse(e *Element) bool { return s.kind(e).Class == Cavalry }

// canAttack: an element of the active brigade that may still attack
// (SDC-11.2, SDC-11.5, SDC-15.9).
func (s *State) canAttack(e *Element) bool {
	return !e.Gone && !e.Off && e.Head == "" && !e.Disordered && !e.Square && !e.Attacked
}

// fight declares and resolves one combat (SDC-11): "fight UNIT TARGET".
func (x *decider) fight(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if len(args) != 2 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "fight UNIT TARGET")
	}
	a, err := x.own(args[0])
	if err != nil {
		return err
	}
	t := s.Element(args[1])
	switch {
	case t == nil:
		return reject(game.CodeUnknownUnit, "", "sdc.no-unit", "unit", game.Plain(args[1]))
	case t.Head != "":
		t = s.Element(t.Head)
	}
	switch {
	case a.Head != "":
		return reject("cannot-attack", "SDC-15.12", "sdc.fight.second", "unit", a.ID, "head", a.Head)
	case a.Disordered:
		return reject("cannot-attack", "SDC-11.5", "sdc.fight.disordered", "unit", a.ID)
	case a.Square:
		return reject("cannot-attack", "SDC-15.9", "sdc.fight.square", "unit", a.ID)
	case a.Attacked:
		return reject("cannot-attack", "SDC-11.2", "sdc.fight.again", "unit", a.ID)
	case t.Side == a.Side || t.Gone || grid.HexDistance(a.At, t.At) != 1:
		return reject("not-in-contact", "SDC-11.1", "sdc.fight.contact", "unit", a.ID, "target", t.ID)
	case slices.Contains(s.Targeted, t.ID):
		return reject("targeted", "SDC-11.2", "sdc.fight.targeted", "target", t.ID)
	}
	x.combat(a, t)
	return nil
}

// supported tells whether a friendly element supports x against y
// (SDC-11.7, SDC-G.13), and how many do.
//
// A column supporter gives its support to one element per activation,
// the first it is used for (SDC-G.13): cols lists the column supporters
// this combat uses (the only source of the support, or every one with
// cumulative support).
func (s *State) supported(x, y *Element) (n int, cols []string) {
	other := 0
	front := x.Square || faceTouched(x.At, x.Facing, y.At) == Front
	for i := range s.Elements {
		e := &s.Elements[i]
		if e.Gone || e.Off || e.Side != x.Side || e.Head != "" || e.At == x.At || e.At == y.At || e.Disordered {
			continue
		}
		if e.Square && !s.horse(y) { // SDC-15.9
			continue
		}
		d := grid.DirTo(s.m.g, x.At, e.At)
		switch {
		case grid.HexDistance(e.At, y.At) == 1: // (a) contact
			other++
		case d >= 0 && !x.Square && s.kind(x).Class == Infantry && s.kind(e).Class == Infantry && !e.Square &&
			e.Facing == x.Facing && slices.Contains(rearDirs(x.Facing), d): // (b) column
			if u, ok := s.Column[e.ID]; !ok || u == x.ID {
				cols = append(cols, e.ID)
			}
		case d >= 0 && !x.Square && front && slices.Contains(flankDirs(x.Facing), d): // (c) lateral
			other++
		}
	}
	n = other + len(cols)
	if other > 0 && !s.on("cumulative-support") {
		cols = nil // not needed: the +1 comes from elsewhere
	}
	if len(cols) > 1 && !s.on("cumulative-support") {
		cols = cols[:1]
	}
	return n, cols
}

// CombatMods are both sides' dice and modifiers of TBL-12 for a attacking
// t; face is the face of t touched.
func (s *State) CombatMods(a, t *Element) (aDice, dDice int, am, dm []Mod, face string, cols map[string]string) {
	cols = map[string]string{}
	face = Front
	if !t.Square {
		face = faceTouched(t.At, t.Facing, a.At)
	}
	aDice, dDice = 1, 1
	if s.kind(t).Class == Infantry && s.m.terrain(t.At) == BuiltUp {
		dDice++ // SDC-11.6
	}
	if t.Square && s.horse(a) {
		dDice++ // SDC-15.8
	}
	support := func(x, y *Element) []Mod {
		n, cs := s.supported(x, y)
		for _, c := range cs {
			cols[c] = x.ID
		}
		if n > 0 && !s.on("cumulative-support") {
			n = 1
		}
		if n == 0 {
			return nil
		}
		return []Mod{{"support", n, "SDC-11.7"}}
	}
	if s.kind(a).CavBonus && s.foot(t) && !t.Square {
		am = append(am, Mod{"cavalry", 1, "SDC-11.6"})
	}
	switch face {
	case Flank:
		am = append(am, Mod{"flank", 1, "SDC-11.6"})
	case Rear:
		am = append(am, Mod{"rear", 2, "SDC-11.6"})
	}
	am = append(am, support(a, t)...)
	if s.second(a) != nil {
		am = append(am, Mod{"attack-formation", 1, "SDC-15.16"})
	}
	if t.Square && s.horse(a) { // SDC-15.8: the square cancels every cavalry bonus
		am = nil
	}
	if s.kind(t).CavBonus && s.foot(a) {
		dm = append(dm, Mod{"cavalry", 1, "SDC-11.6"})
	}
	dm = append(dm, support(t, a)...)
	if s.second(t) != nil {
		dm = append(dm, Mod{"attack-formation", 1, "SDC-15.16"})
	}
	if t.Disordered {
		switch face {
		case Flank:
			dm = append(dm, Mod{"disordered-flank", -1, "SDC-14.1"})
		case Rear:
			dm = append(dm, Mod{"disordered-rear", -2, "SDC-14.1"})
		}
	}
	if t.Square && s.horse(a) {
		for c, x := range cols {
			if x == a.ID {
				delete(cols, c) // cancelled with the cavalry's other bonuses
			}
		}
	}
	return aDice, dDice, am, dm, face, cols
}

func best(ds []int) int { return slices.Max(ds) }

func lowest(ds []int) int { return slices.Index(ds, slices.Min(ds)) }

// combat resolves one combat completely (SDC-11.4 … 11.13): the dice,
// the rerolls (the defender first, SDC-11.8; each side rerolls its
// lowest die when it is losing), the result on the loser.
func (x *decider) combat(a, t *Element) {
	s := x.t
	na, nd, am, dm, face, cols := s.CombatMods(a, t)
	e := Fought{Attacker: a.ID, Defender: t.ID, Face: face, AMods: am, DMods: dm}
	if len(cols) > 0 {
		e.Columns = cols
	}
	var aIdx, dIdx []int
	for range na {
		e.ADice = append(e.ADice, x.d.Roll(6))
		aIdx = append(aIdx, x.d.pos-1)
	}
	for range nd {
		e.DDice = append(e.DDice, x.d.Roll(6))
		dIdx = append(dIdx, x.d.pos-1)
	}
	tot := func() {
		e.A, e.D = best(e.ADice)+sum(am), best(e.DDice)+sum(dm)
	}
	tot()
	// SDC-11.8: the defender's rerolls first, then the attacker's: elite
	// infantry and heavy cavalry reroll their lowest die when losing, then
	// a senior general may reroll a die not yet rerolled (SDC-16.2).
	rerolls := func(u *Element, dice []int, idx []int, own *int, losing func() bool) {
		if s.kind(u).Reroll && losing() {
			i := lowest(dice)
			*own = x.d.Roll(6)
			dice[i], idx[i] = *own, x.d.pos-1
			x.rerolled[idx[i]] = true
			tot()
		}
		if !losing() {
			return
		}
		i := -1
		for k := range dice {
			if !x.rerolled[idx[k]] && (i < 0 || dice[k] < dice[i]) {
				i = k
			}
		}
		if i >= 0 {
			if v := x.seniorAt(idx[i], u.Side, u.At, u.ID, dice[i]); x.rerolled[x.d.pos-1] && x.d.pos-1 != idx[i] {
				dice[i], idx[i] = v, x.d.pos-1
				tot()
			}
		}
	}
	rerolls(t, e.DDice, dIdx, &e.DReroll, func() bool { return e.D < e.A })
	rerolls(a, e.ADice, aIdx, &e.AReroll, func() bool { return e.A < e.D })
	x.emit(e)
	switch {
	case e.A == e.D: // SDC-11.9: a disordered element recoils anyway
		for _, p := range [][2]*Element{{t, a}, {a, t}} {
			if p[0].Disordered && !p[0].Gone {
				x.recoil(p[0], 3, p[1].At)
			}
		}
	case e.A > e.D:
		x.lose(t, a, e.A-e.D)
	default:
		x.lose(a, t, e.D-e.A)
	}
}

// lose applies TBL-13 to the loser; an attack formation loses its head
// and its second recoils by the result's distance, then is disordered
// (SDC-15.19).
func (x *decider) lose(l, w *Element, diff int) {
	s := x.t
	if b := s.second(l); b != nil {
		x.destroy(l, "SDC-15.19")
		if n := mustData().ResultOf(diff).Recoil; n > 0 && !mustData().ResultOf(diff).Destroy {
			x.recoil(b, n, w.At)
		}
		if b := s.Element(b.ID); !b.Gone {
			x.emit(Disordered{Unit: b.ID, Rule: "SDC-15.19"})
		}
		return
	}
	x.result(l, diff, w.At, "TBL-13")
}
