package flg

import (
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// officerRange is an officer's activation range, not counting its own
// hex (FLG-2.2, FLG-T5).
func officerRange(rank string) int {
	t, _ := GameTables()
	n, _ := t.Int("officers", rank)
	return n
}

// ActivationSizes lists the activations of an army of n units at the
// start, by their sizes (FLG-T3, FLG-P-6).
func ActivationSizes(n int) []int { return actSizes(n) }

// actSizes are the activations of an army of n units at the start and
// their sizes (FLG-T3, FLG-P-6): above 30 units, the extra activations
// take 3 units.
func actSizes(n int) []int {
	acts, units := Activations(n)
	base, _ := Activations(30)
	var out []int
	for i := range acts {
		if n > 30 && i >= base {
			out = append(out, 3)
		} else {
			out = append(out, units)
		}
	}
	return out
}

// actSize is the number of units officer o may activate (FLG-T3 with its
// ability letter, FLG-T12, FLG-P-28: never below 1).
func (s *State) actSize(o *Officer, k int) int {
	sizes := actSizes(s.Initial[o.Side])
	n := sizes[min(k, len(sizes)-1)]
	t, _ := GameTables()
	if o.Ability != "" {
		if r, ok := t.Row("ability", o.Ability); ok {
			v, _ := strconv.Atoi(r[0])
			n += v
		}
	}
	return max(n, 1)
}

// actOf returns the index of officer id's activation this turn (-1).
func (s *State) actOf(id string) int {
	return slices.IndexFunc(s.Acts, func(a Activation) bool { return a.Officer == id })
}

// canActivate checks "activate OFFICER UNIT" (FLG-2.1 … FLG-2.5).
func (s *State) canActivate(side game.Side, oid, uid string) (*Officer, *Unit, error) {
	if err := s.phaseIs(PhaseCommand, "FLG-2.1"); err != nil {
		return nil, nil, err
	}
	o := s.Officer(oid)
	if o == nil || o.Gone || o.Side != side || o.Rank == RankADC {
		return nil, nil, game.Reject("no-officer", "FLG-2.4", "flg.no-officer", "officer", game.Plain(oid))
	}
	if o.Off && s.Turn < o.Enter {
		return nil, nil, game.Reject("not-yet", "FLG-3.11", "flg.act.not-yet", "unit", o.ID, "turn", o.Enter)
	}
	u, err := s.ownUnit(side, uid)
	if err != nil {
		return nil, nil, err
	}
	k := s.actOf(o.ID)
	if k < 0 && len(s.Acts) >= len(actSizes(s.Initial[side])) {
		return nil, nil, game.Reject("no-activation", "FLG-2.3", "flg.act.none-left", "n", len(s.Acts))
	}
	if k >= 0 && len(s.Acts[k].Units) >= s.Acts[k].Size {
		return nil, nil, game.Reject("activation-full", "FLG-2.3", "flg.act.full", "officer", o.ID, "n", s.Acts[k].Size)
	}
	if u.Activated {
		return nil, nil, game.Reject("activated", "FLG-2.5", "flg.act.twice", "unit", u.ID)
	}
	if u.T().Family == FamPanic {
		return nil, nil, game.Reject("panicking", "FLG-4.71", "flg.act.panic", "unit", u.ID)
	}
	if u.Off && s.Turn < u.Enter {
		return nil, nil, game.Reject("not-yet", "FLG-3.11", "flg.act.not-yet", "unit", u.ID, "turn", u.Enter)
	}
	if dist := grid.HexDistance(o.At, u.At); dist > officerRange(o.Rank) {
		return nil, nil, game.Reject("out-of-range", "FLG-2.2", "flg.act.range", "officer", o.ID, "unit", u.ID, "dist", dist, "range", officerRange(o.Rank))
	}
	if o.Staff == "A" && u.SG != o.ID {
		return nil, nil, game.Reject("allied", "FLG-T13", "flg.act.allied-general", "officer", o.ID, "unit", u.ID)
	}
	if s.allied(u) && s.nearSG(u) && o.ID != u.SG && o.SG != u.SG {
		return nil, nil, game.Reject("allied", "FLG-T8", "flg.act.allied", "officer", o.ID, "unit", u.ID, "sg", u.SG)
	}
	return o, u, nil
}

// allied: an allied or feudal unit (A5, A6), or one attached to an allied
// general (FLG-T13 A), obeys only its own Sub-General and officers
// (AMB-10).
func (s *State) allied(u *Unit) bool {
	if u.Has("A5") || u.Has("A6") {
		return true
	}
	sg := s.Officer(u.SG)
	return sg != nil && sg.Staff == "A"
}

// nearSG: within 5 hexes of its own Sub-General; beyond, any officer may
// activate it, but only to withdraw toward its edge (AMB-10).
func (s *State) nearSG(u *Unit) bool {
	sg := s.Officer(u.SG)
	return sg != nil && !sg.Gone && grid.HexDistance(sg.At, u.At) <= 5
}

// activate: "activate OFFICER UNIT" adds a unit to the officer's
// activation; the first unit opens it, in the order of officers (FLG-2.5).
// The unit's post-activation dice are rolled at once (FLG-T8 B4, FLG-T13 D).
func (d *decider) activate(cmd game.Command) error {
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "FLG-2.4", "flg.syntax", "usage", game.Plain("activate OFFICER UNIT"))
	}
	w := d.w
	if x := w.Officer(cmd.Args[1]); x != nil {
		return d.activateOfficer(cmd, x)
	}
	o, u, err := w.canActivate(cmd.Side, cmd.Args[0], cmd.Args[1])
	if err != nil {
		return err
	}
	k := w.actOf(o.ID)
	if k < 0 {
		w.Acts = append(w.Acts, Activation{Officer: o.ID, Size: w.actSize(o, len(w.Acts))})
		k = len(w.Acts) - 1
	}
	w.Acts[k].Units = append(w.Acts[k].Units, u.ID)
	u.Activated, u.By = true, o.ID
	if w.allied(u) && !w.nearSG(u) {
		u.Withdraw, u.NoCombat = true, true
	}
	o.Activated = true
	d.touchOfficer(o)
	for _, x := range w.officersAt(u.At) {
		x.Activated = true // it follows its unit (FLG-2.15)
		d.touchOfficer(x)
	}
	e := Activated{Side: cmd.Side, Officer: o.ID, Unit: u.ID, Slot: len(w.Acts[k].Units), Size: w.Acts[k].Size}
	if u.Has("B4") {
		e.B4 = d.roll1()
		switch e.B4 {
		case FaceFlag:
			u.NoMove = true
		case FaceTA:
			u.Doubled = true
		}
	}
	if o.Staff == "D" {
		e.D = d.roll1()
		if e.D == FaceFlag {
			u.OneHex, u.NoCombat = true, true
		}
	}
	d.touch(u)
	e.Changes = d.changes()
	acts := slices.Clone(w.Acts)
	e.Acts = &acts
	d.evs = append(d.evs, e)
	return nil
}

// canActivateOfficer checks "activate OFFICER OTHER": an officer
// activated alone, anywhere on the battlefield, for one unit slot of the
// activating officer (FLG-2.15, FLG-P-10).
func (s *State) canActivateOfficer(side game.Side, oid string, x *Officer) (*Officer, error) {
	if err := s.phaseIs(PhaseCommand, "FLG-2.1"); err != nil {
		return nil, err
	}
	o := s.Officer(oid)
	if o == nil || o.Gone || o.Side != side || o.Rank == RankADC {
		return nil, game.Reject("no-officer", "FLG-2.4", "flg.no-officer", "officer", game.Plain(oid))
	}
	if x.Gone || x.Side != side || x.Rank == RankADC {
		return nil, game.Reject("no-officer", "FLG-2.15", "flg.no-officer", "officer", game.Plain(x.ID))
	}
	k := s.actOf(o.ID)
	if k < 0 && len(s.Acts) >= len(actSizes(s.Initial[side])) {
		return nil, game.Reject("no-activation", "FLG-2.3", "flg.act.none-left", "n", len(s.Acts))
	}
	if k >= 0 && len(s.Acts[k].Units) >= s.Acts[k].Size {
		return nil, game.Reject("activation-full", "FLG-2.3", "flg.act.full", "officer", o.ID, "n", s.Acts[k].Size)
	}
	if x.Alone || s.carrying(x.ID) {
		return nil, game.Reject("activated", "FLG-2.5", "flg.act.twice", "unit", x.ID)
	}
	return o, nil
}

func (d *decider) activateOfficer(cmd game.Command, x *Officer) error {
	w := d.w
	o, err := w.canActivateOfficer(cmd.Side, cmd.Args[0], x)
	if err != nil {
		return err
	}
	k := w.actOf(o.ID)
	if k < 0 {
		w.Acts = append(w.Acts, Activation{Officer: o.ID, Size: w.actSize(o, len(w.Acts))})
		k = len(w.Acts) - 1
	}
	w.Acts[k].Units = append(w.Acts[k].Units, x.ID)
	o.Activated = true
	x.Activated, x.Alone = true, true
	d.touchOfficer(o)
	d.touchOfficer(x)
	e := Activated{Side: cmd.Side, Officer: o.ID, Unit: x.ID, Slot: len(w.Acts[k].Units), Size: w.Acts[k].Size}
	e.Changes = d.changes()
	acts := slices.Clone(w.Acts)
	e.Acts = &acts
	d.evs = append(d.evs, e)
	return nil
}

// unitActivations lists the units officer o may activate now, as
// "activate OFFICER UNIT" options (FLG-2.2 … FLG-2.5).
func (s *State) unitActivations(o *Officer) []game.Option {
	var out []game.Option
	for j := range s.Units {
		u := &s.Units[j]
		if u.Gone || u.Side != s.Active || u.Activated || grid.HexDistance(o.At, u.At) > officerRange(o.Rank) {
			continue
		}
		if _, _, err := s.canActivate(s.Active, o.ID, u.ID); err != nil {
			continue
		}
		out = append(out, game.Option{Label: "activate " + o.ID + " " + u.ID, Command: "activate " + o.ID + " " + u.ID, LabelMsg: game.M("flg.opt.activate-unit", "officer", o.ID, "unit", u.ID, "type", game.M("arm."+u.Type))})
	}
	return out
}

// activationDecision is the command phase as a pending decision of the
// active side (FLG-2.4, §9.1): "end", the default (§9.2: at the deadline
// the phase ends; activations not made are forfeited), first, so that a
// front end that shows only the first options (Discord's menus hold 25)
// always offers it, then the units each officer may still activate,
// officer by officer. Its options are only
// what both sides may see: an officer activated alone and messengers
// (whose carriers are the active side's secret) stay typed orders, listed
// by Legal, so that the decision reads the same in every view.
func (s *State) activationDecision() game.Decision {
	m := game.M("flg.prompt.activate", "side", s.Active, "used", len(s.Acts), "acts", len(actSizes(s.Initial[s.Active])))
	d := game.Decision{ID: "activate", Side: s.Active, Kind: "activation", Rule: "FLG-2.4", Prompt: m.String(), PromptMsg: m}
	d.Options = []game.Option{{Label: "end", Command: "end", LabelMsg: game.M("flg.opt.end", "phase", phaseMsg(PhaseCommand))}}
	for i := range s.Officers {
		if o := &s.Officers[i]; !o.Gone && o.Side == s.Active {
			d.Options = append(d.Options, s.unitActivations(o)...)
		}
	}
	return d
}

func (s *State) legalActivations() []game.Option {
	var out []game.Option
	for i := range s.Officers {
		o := &s.Officers[i]
		if o.Gone || o.Side != s.Active {
			continue
		}
		node := game.Option{Label: o.ID, LabelMsg: game.M("flg.opt.officer", "officer", o.ID, "rank", rankMsg(o.Rank))}
		node.Children = s.unitActivations(o)
		for j := range s.Officers {
			x := &s.Officers[j]
			if x.Gone || x.Side != s.Active {
				continue
			}
			if _, err := s.canActivateOfficer(s.Active, o.ID, x); err != nil {
				continue
			}
			node.Children = append(node.Children, game.Option{Label: "activate " + o.ID + " " + x.ID, Command: "activate " + o.ID + " " + x.ID, LabelMsg: game.M("flg.opt.activate", "officer", o.ID, "unit", x.ID)})
		}
		if len(node.Children) > 0 {
			out = append(out, node)
		}
	}
	return out
}

// end ends the phase; the end of the combat phase ends the player turn
// (FLG-1.7).
func (d *decider) end(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) > 0 {
		return game.Reject(game.CodeSyntax, "FLG-1.7", "flg.syntax", "usage", game.Plain("end"))
	}
	if w.Phase == PhaseCombat {
		if due := w.impetuousDue(); len(due) > 0 {
			return game.Reject("impetuous", "FLG-T8", "flg.impetuous.must", "unit", due[0].ID)
		}
	}
	switch w.Phase {
	case PhaseCommand:
		zero := 0
		d.evs = append(d.evs, PhaseBegan{Turn: w.Turn, Phase: PhaseMove, Active: w.Active, Changes: Changes{Stage: &zero}})
		w.Phase, w.Stage = PhaseMove, 0
	case PhaseMove:
		zero := 0
		d.evs = append(d.evs, PhaseBegan{Turn: w.Turn, Phase: PhaseCombat, Active: w.Active, Changes: Changes{Stage: &zero}})
		w.Phase, w.Stage = PhaseCombat, 0
	case PhaseCombat:
		d.endTurn()
	default:
		return game.Reject(game.CodeWrongPhase, "FLG-4.83", "flg.place.first")
	}
	return nil
}

// first is the side that plays first in each game turn.
func (s *State) first() game.Side {
	if s.FirstSet {
		return s.First
	}
	return firstSide(s.sc)
}

// endTurn ends the active player's turn and begins the other's (FLG-1.7):
// per-turn marks are cleared, artillery retreat hexes are carried into
// its side's turn (FLG-4.41), a side whose General-in-Chief was lost only
// re-places it (FLG-4.83). The turn cap adjudicates (FLG-P-1, FLG-P-30).
func (d *decider) endTurn() {
	w := d.w
	if d.checkObjectives() {
		return
	}
	next := w.Active.Other()
	turn := w.Turn
	if next == w.first() {
		turn++
		if w.TurnCap > 0 && turn > w.TurnCap {
			d.adjudicate()
			return
		}
	}
	for i := range w.Units {
		u := &w.Units[i]
		if u.Side == w.Active {
			u.StillLast = !u.HasMoved
		}
		u.Activated, u.By, u.Moved, u.HasMoved, u.NoCombat, u.NoMove = false, "", 0, false, false, false
		u.OneHex, u.Doubled, u.UsedMount, u.Fought, u.Melee, u.Pursued = false, false, false, false, false, false
		u.Rallied, u.FirstRank, u.Withdraw, u.Impetus, u.Forced = false, "", false, "", false
		if u.Side == next && u.Extra {
			// A messenger reached it last turn: activated in addition to
			// the turn's activations (FLG-2.12).
			u.Activated, u.Extra = true, false
		}
		if u.Side == next {
			u.Carry, u.CarryNext = u.CarryNext, 0
		} else {
			u.Carry = 0
		}
	}
	for i := range w.Officers {
		o := &w.Officers[i]
		o.Activated, o.Alone, o.Moved, o.Melee, o.Rallied = false, false, false, false, false
	}
	for i := range w.Messengers {
		w.Messengers[i].Moved = false
	}
	c := Changes{Units: slices.Clone(w.Units), Officers: slices.Clone(w.Officers)}
	ms := append([]Messenger{}, w.Messengers...)
	c.Messengers = &ms
	none := []Activation{}
	zero := 0
	c.Acts, c.Stage = &none, &zero
	phase := PhaseCommand
	if w.Skip[next] {
		phase = PhaseReplace
	}
	w.Acts, w.Stage, w.Turn, w.Active, w.Phase, w.Rallying = nil, 0, turn, next, phase, false
	d.evs = append(d.evs, PhaseBegan{Turn: turn, Phase: phase, Active: next, Changes: c})
	// The side's panicking elephants flee (T0, FLG-4.71, FLG-P-23).
	for i := 0; i < len(w.Units); i++ {
		if u := &w.Units[i]; u.Side == next && !u.Gone && u.T().Family == FamPanic {
			id := u.ID
			d.flight(u)
			u = w.unitByID(id)
			e := Fled{Unit: id, To: w.label(u.At), Gone: u.Gone}
			e.Changes = d.changes()
			d.evs = append(d.evs, e)
			if d.checkVictory() {
				return
			}
		}
	}
}

// adjudicate ends a game that reached the turn cap (FLG-P-30): the lower
// ratio of losses to threshold wins; equal ratios draw.
func (d *decider) adjudicate() {
	w := d.w
	if v := w.sc.Param("victory", "demoralisation"); v == "objectives" || v == "both" {
		// The objectives' points decide first (FLG-P-36's vp, a judgement
		// call: docs/flg.md); equal points leave it to FLG-P-30.
		pts := [2]int{w.HeldPoints(game.SideA), w.HeldPoints(game.SideB)}
		if pts[0] != pts[1] {
			win := game.SideA
			if pts[1] > pts[0] {
				win = game.SideB
			}
			d.evs = append(d.evs, Ended{Winner: win, Level: "objectives", Lost: w.Lost, Reason: "points", Points: &pts})
			w.Result = &game.Outcome{Over: true}
			return
		}
	}
	ra := float64(w.Lost[game.SideA]) / float64(max(w.Threshold(game.SideA), 1))
	rb := float64(w.Lost[game.SideB]) / float64(max(w.Threshold(game.SideB), 1))
	e := Ended{Winner: game.Nobody, Level: "draw", Lost: w.Lost, Reason: "turn-cap"}
	if ra != rb {
		loser, lr, wr := game.SideA, ra, rb
		if rb > ra {
			loser, lr, wr = game.SideB, rb, ra
		}
		e.Winner = loser.Other()
		e.Level = VictoryLevel(int(100 * (lr - wr) / lr))
	}
	d.evs = append(d.evs, e)
	w.Result = &game.Outcome{Over: true}
}

// checkVictory ends the game at once when a side has lost a third of its
// units (FLG-5.1, FLG-5.2, FLG-P-25); the level is FLG-T15's.
func (d *decider) checkVictory() bool {
	w := d.w
	if w.Result != nil {
		return true
	}
	if w.sc.Param("victory", "demoralisation") == "objectives" {
		return false // objectives replace the enemy's losses (FLG-5.1, FLG-P-36)
	}
	for _, sd := range []game.Side{w.Active.Other(), w.Active} {
		if w.Lost[sd] >= w.Threshold(sd) && w.Initial[sd] > 0 {
			win := w.Lost[sd.Other()]
			diff := 100 * (w.Lost[sd] - win) / max(w.Lost[sd], 1)
			d.evs = append(d.evs, Ended{Winner: sd.Other(), Level: VictoryLevel(diff), Lost: w.Lost, Reason: "demoralised"})
			w.Result = &game.Outcome{Over: true}
			return true
		}
	}
	return false
}

// place re-places a lost General-in-Chief in a skipped turn (FLG-4.83,
// FLG-P-24): in a Sub-General's hex, that officer leaving play; failing
// one, a Senior Officer's; failing both, with any friendly unit. The turn
// then passes.
func (d *decider) place(cmd game.Command) error {
	w := d.w
	if err := w.phaseIs(PhaseReplace, "FLG-4.83"); err != nil {
		return err
	}
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "FLG-4.83", "flg.syntax", "usage", game.Plain("place OFFICER|HEX"))
	}
	opts := w.placements()
	i := slices.IndexFunc(opts, func(p placement) bool { return p.word == cmd.Args[0] })
	if i < 0 {
		return game.Reject("bad-placement", "FLG-4.83", "flg.place.bad", "where", game.Plain(cmd.Args[0]))
	}
	p := opts[i]
	gc := w.gc(cmd.Side)
	gc.Gone, gc.At = false, p.at
	d.touchOfficer(gc)
	e := Placed{Side: cmd.Side, Officer: gc.ID, Hex: w.label(p.at)}
	if p.officer != nil {
		p.officer.Gone = true
		e.Replaced = p.officer.ID
		d.touchOfficer(p.officer)
	}
	w.Skip[cmd.Side] = false
	skip := w.Skip
	e.Changes = d.changes()
	e.Skip = &skip
	d.evs = append(d.evs, e)
	d.endTurn()
	return nil
}

type placement struct {
	word    string
	at      grid.Coord
	officer *Officer
}

// gc returns side's General-in-Chief (nil if the army has none).
func (s *State) gc(side game.Side) *Officer {
	for i := range s.Officers {
		if o := &s.Officers[i]; o.Side == side && o.Rank == RankGC {
			return o
		}
	}
	return nil
}

func (s *State) placements() []placement {
	var out []placement
	for _, rank := range []string{RankSG, RankSO} {
		for i := range s.Officers {
			if o := &s.Officers[i]; o.Side == s.Active && o.Rank == rank && !o.Gone && !o.Off {
				out = append(out, placement{word: o.ID, at: o.At, officer: o})
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == s.Active && !u.Gone {
			out = append(out, placement{word: s.label(u.At), at: u.At})
		}
	}
	return out
}

func (s *State) legalPlacements() []game.Option {
	var out []game.Option
	for _, p := range s.placements() {
		out = append(out, game.Option{Label: "place " + p.word, Command: "place " + p.word, LabelMsg: game.M("flg.opt.place", "where", p.word)})
	}
	return out
}

// impetuous: "impetuous UNIT" after its activation rolls the C1 die: on a
// flag or a TA, a free forced march: one hex more, ending next to an
// enemy, keeping the right to fight (FLG-T8, FLG-P-27).
func (d *decider) impetuous(cmd game.Command) error {
	w := d.w
	if err := w.phaseIs(PhaseCommand, "FLG-P-27"); err != nil {
		return err
	}
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "FLG-P-27", "flg.syntax", "usage", game.Plain("impetuous UNIT"))
	}
	u, err := w.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if !u.Has("C1") || !u.Activated || u.Impetus != "" {
		return game.Reject("not-impetuous", "FLG-P-27", "flg.impetuous.no", "unit", u.ID)
	}
	u.Impetus = d.roll1()
	u.Forced = u.Impetus == FaceFlag || u.Impetus == FaceTA
	d.touch(u)
	e := Impetus{Unit: u.ID, Face: u.Impetus, Forced: u.Forced}
	e.Changes = d.changes()
	d.evs = append(d.evs, e)
	return nil
}

func (s *State) legalImpetus() []game.Option {
	var out []game.Option
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == s.Active && !u.Gone && u.Activated && u.Has("C1") && u.Impetus == "" {
			out = append(out, game.Option{Label: "impetuous " + u.ID, Command: "impetuous " + u.ID, LabelMsg: game.M("flg.opt.impetuous", "unit", u.ID)})
		}
	}
	return out
}

// impetuousDue lists the activated C1 units that must still attack an
// adjacent enemy (FLG-T8, AMB-36).
func (s *State) impetuousDue() []*Unit {
	if s.Rallying {
		return nil
	}
	var out []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != s.Active || u.Gone || !u.Activated || !u.Has("C1") || u.Fought {
			continue
		}
		for _, e := range s.enemiesAdjacent(u.Side, u.At) {
			if s.canFight(u, e, false) == nil {
				out = append(out, u)
				break
			}
		}
	}
	return out
}

// objectives are the hexes side must hold (scenario param objectives-A,
// objectives-B).
func (s *State) objectives(side game.Side) []grid.Coord {
	var out []grid.Coord
	for _, w := range strings.Fields(s.sc.Param("objectives-"+side.String(), "")) {
		label, _, _ := objectiveWord(w)
		if c, err := s.board().Grid.Parse(label); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// HeldPoints are the victory points of the objectives side holds now: a
// unit of its own stands in them (FLG-P-36's vp; "HEX:VP" in params
// objectives-A/-B, 1 a hex unless said).
func (s *State) HeldPoints(side game.Side) int {
	n := 0
	for _, w := range strings.Fields(s.sc.Param("objectives-"+side.String(), "")) {
		label, vp, err := objectiveWord(w)
		c, perr := s.board().Grid.Parse(label)
		if err != nil || perr != nil {
			continue
		}
		if u := s.UnitAt(c); u != nil && u.Side == side {
			n += vp
		}
	}
	return n
}

// checkObjectives, at the end of a player turn (FLG-5.1, FLG-P-36, with
// param victory = objectives or both): a side holds its objectives when
// a unit of its own stands in each at the end of its turn; holding them
// all at the end of two of its turns in a row (a full turn) wins.
func (d *decider) checkObjectives() bool {
	w := d.w
	if v := w.sc.Param("victory", "demoralisation"); v != "objectives" && v != "both" {
		return false
	}
	side := w.Active
	objs := w.objectives(side)
	if len(objs) == 0 {
		return false
	}
	held := true
	for _, c := range objs {
		if u := w.UnitAt(c); u == nil || u.Side != side {
			held = false
		}
	}
	if held && w.Holding[side] {
		d.evs = append(d.evs, Ended{Winner: side, Level: "objectives", Lost: w.Lost, Reason: "objectives"})
		w.Result = &game.Outcome{Over: true}
		return true
	}
	if held != w.Holding[side] {
		w.Holding[side] = held
		h := w.Holding
		d.evs = append(d.evs, Held{Side: side, Held: held, Holding: h})
	}
	return false
}
