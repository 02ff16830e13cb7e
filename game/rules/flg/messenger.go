package flg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Messengers (FLG-2.10 … FLG-2.14, FLG-P-8, FLG-P-9). In the command
// phase an officer spends one slot of its activation to send a messenger
// from its hex: an improvised one (a token), an aide-de-camp standing in
// its hex, or another officer standing there. In the movement phase the
// messenger moves (3 hexes, an ADC or an officer 5), terrain ignored but
// impassable hexes and enemy units, then rolls for its loss: 1 die, lost
// on a TA; an ADC, an officer, or any messenger of an officer with staff
// letter M (MS here) rolls 2 dice and is lost on 2 TA. Once it stands in
// or next to a friendly unit it may deliver its order: that unit is
// activated on its side's next turn, in addition to the turn's
// activations, and the token is gone; an officer-messenger activates the
// unit at once and joins it; an ADC walks back (5 hexes a movement
// phase, no activation needed) from the turn after. An enemy unit entering a messenger's hex
// captures it on a TA (2 TA for an ADC or officer); otherwise it recoils
// like a morale hit toward its own edge, testing again in an occupied hex.

func (s *State) speed(m *Messenger) int {
	if m.Kind == "improvised" {
		return 3
	}
	return 5
}

// lossDice: 2 dice, lost on 2 TA, for an ADC, an officer, or a sender
// with messenger ADCs (FLG-T13 M); else 1 die, lost on a TA.
func (s *State) lossDice(m *Messenger) int {
	if m.Kind != "improvised" {
		return 2
	}
	if o := s.Officer(m.Sender); o != nil && o.Staff == "MS" {
		return 2
	}
	return 1
}

// messengerKinds lists what officer o may send: improvised always, and
// each ADC or other officer in its hex.
func (s *State) messengerKinds(o *Officer) []string {
	out := []string{"improvised"}
	for _, x := range s.officersAt(o.At) {
		if x != o && x.Side == o.Side && !x.Alone && !s.carrying(x.ID) {
			out = append(out, x.ID)
		}
	}
	return out
}

func (s *State) carrying(officer string) bool {
	return slices.ContainsFunc(s.Messengers, func(m Messenger) bool { return !m.Gone && m.Officer == officer })
}

func (s *State) canDispatch(side game.Side, oid, kind string) (*Officer, error) {
	if err := s.phaseIs(PhaseCommand, "FLG-2.11"); err != nil {
		return nil, err
	}
	o := s.Officer(oid)
	if o == nil || o.Gone || o.Side != side || o.Rank == RankADC {
		return nil, game.Reject("no-officer", "FLG-2.11", "flg.no-officer", "officer", game.Plain(oid))
	}
	k := s.actOf(o.ID)
	if k < 0 && len(s.Acts) >= len(actSizes(s.Initial[side])) {
		return nil, game.Reject("no-activation", "FLG-2.3", "flg.act.none-left", "n", len(s.Acts))
	}
	if k >= 0 && len(s.Acts[k].Units) >= s.Acts[k].Size {
		return nil, game.Reject("activation-full", "FLG-2.3", "flg.act.full", "officer", o.ID, "n", s.Acts[k].Size)
	}
	if !slices.ContainsFunc(s.messengerKinds(o), func(x string) bool { return strings.EqualFold(x, kind) }) {
		return nil, game.Reject("no-messenger", "FLG-2.13", "flg.messenger.none", "officer", o.ID, "who", game.Plain(kind))
	}
	return o, nil
}

// dispatch: "messenger OFFICER [improvised|ADC|OFFICER]".
func (d *decider) dispatch(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) < 1 || len(cmd.Args) > 2 {
		return game.Reject(game.CodeSyntax, "FLG-2.11", "flg.syntax", "usage", game.Plain("messenger OFFICER [improvised|ADC|OFFICER]"))
	}
	kind := "improvised"
	if len(cmd.Args) == 2 {
		kind = cmd.Args[1]
	}
	o, err := w.canDispatch(cmd.Side, cmd.Args[0], kind)
	if err != nil {
		return err
	}
	k := w.actOf(o.ID)
	if k < 0 {
		w.Acts = append(w.Acts, Activation{Officer: o.ID, Size: w.actSize(o, len(w.Acts))})
		k = len(w.Acts) - 1
	}
	w.NextToken++
	m := Messenger{ID: fmt.Sprintf("M%d", w.NextToken), Side: o.Side, Kind: "improvised", Sender: o.ID, At: o.At}
	if x := w.Officer(kind); x != nil {
		m.Officer = x.ID
		m.Kind = "officer"
		if x.Rank == RankADC {
			m.Kind = "adc"
		}
		m.ID = x.ID
	}
	w.Acts[k].Units = append(w.Acts[k].Units, m.ID)
	o.Activated = true
	d.touchOfficer(o)
	w.Messengers = append(w.Messengers, m)
	e := Dispatched{Officer: o.ID, Messenger: m.ID, By: m.Kind, Side: o.Side}
	e.Changes = d.changes()
	acts := slices.Clone(w.Acts)
	e.Acts = &acts
	d.setMessengers(&e.Changes)
	d.evs = append(d.evs, e)
	return nil
}

func (d *decider) setMessengers(c *Changes) {
	ms := append([]Messenger{}, d.w.Messengers...)
	n := d.w.NextToken
	c.Messengers, c.NextToken = &ms, &n
}

// messengerMoves are the hexes a messenger may reach now.
func (s *State) messengerMoves(m *Messenger) map[grid.Coord][]grid.Coord {
	out := map[grid.Coord][]grid.Coord{}
	if m.Gone || m.Moved || s.Phase != PhaseMove || m.Side != s.Active {
		return out
	}
	r := flood(s.board().Grid, m.At, s.speed(m), func(a, b grid.Coord, _ int) grid.StepCost {
		if s.impassable(b) {
			return grid.StepCost{}
		}
		if x := s.UnitAt(b); x != nil && x.Side != m.Side {
			return grid.StepCost{}
		}
		return grid.StepCost{OK: true, Cost: 1}
	})
	for c := range r {
		if c != m.At {
			out[c] = append([]grid.Coord{m.At}, grid.Path(r, c)...)
		}
	}
	return out
}

// messengerCells appends the cells of messengerMoves in cell order, by
// the mover's flood.
func (s *State) messengerCells(mv *mover, m *Messenger, cells []int) []int {
	if m.Gone || m.Moved || s.Phase != PhaseMove || m.Side != s.Active || mv.index(m.At) < 0 {
		return cells
	}
	mv.used = 0
	w := walker{side: m.Side}
	r := mv.flood(&w, m.At, s.speed(m))
	for i, c := range r.cost {
		if c >= 0 && int32(i) != r.start {
			cells = append(cells, i)
		}
	}
	return cells
}

// carry: "move MESSENGER HEX", then the loss roll.
func (d *decider) carry(m *Messenger, where string) error {
	w := d.w
	if err := w.phaseIs(PhaseMove, "FLG-2.11"); err != nil {
		return err
	}
	if m.Moved {
		return game.Reject("moved", "FLG-2.11", "flg.move.twice", "unit", m.ID)
	}
	to, err := w.cell(where)
	if err != nil {
		return err
	}
	if _, ok := w.messengerMoves(m)[to]; !ok {
		return game.Reject("cannot-reach", "FLG-2.11", "flg.move.reach", "unit", m.ID, "cell", w.label(to), "ma", w.speed(m), "most", w.speed(m))
	}
	m.At, m.Moved = to, true
	e := Carried{Messenger: m.ID, To: w.label(to), Side: m.Side}
	ta := 0
	for range w.lossDice(m) {
		f := d.roll1()
		e.Faces = append(e.Faces, f)
		if f == FaceTA {
			ta++
		}
	}
	if ta == w.lossDice(m) {
		d.loseMessenger(m)
		e.Lost = true
	} else if m.Officer != "" {
		if o := w.Officer(m.Officer); o != nil {
			o.At = to
			d.touchOfficer(o)
		}
	}
	e.Changes = d.changes()
	d.setMessengers(&e.Changes)
	d.evs = append(d.evs, e)
	return nil
}

// loseMessenger: a lost ADC or officer leaves play with its message.
func (d *decider) loseMessenger(m *Messenger) {
	m.Gone = true
	if o := d.w.Officer(m.Officer); o != nil {
		o.Gone = true
		d.touchOfficer(o)
	}
}

// catch: an enemy unit enters a messenger's hex in its own turn
// (FLG-2.11): captured on a TA (2 for an ADC or officer), else it recoils
// toward its side's edge (AMB-29), testing again in an occupied hex.
func (d *decider) catch(m *Messenger) Carried {
	w := d.w
	e := Carried{Messenger: m.ID, Caught: true, Side: m.Side}
	for range 8 {
		ta := 0
		for range w.lossDice(m) {
			f := d.roll1()
			e.Faces = append(e.Faces, f)
			if f == FaceTA {
				ta++
			}
		}
		if ta == w.lossDice(m) {
			d.loseMessenger(m)
			e.Lost = true
			break
		}
		var next []grid.Coord
		for _, c := range w.rearwardSorted(m.Side, m.At) {
			if !w.impassable(c) {
				next = append(next, c)
			}
		}
		if len(next) == 0 {
			d.loseMessenger(m)
			e.Lost = true
			break
		}
		to := next[0]
		for _, c := range next {
			if w.UnitAt(c) == nil {
				to = c
				break
			}
		}
		m.At = to
		if o := w.Officer(m.Officer); o != nil {
			o.At = to
			d.touchOfficer(o)
		}
		if w.UnitAt(to) == nil {
			break
		}
	}
	e.To = w.label(m.At)
	return e
}

// deliver: "deliver MESSENGER UNIT" for a messenger in or next to a
// friendly unit (FLG-2.12, FLG-P-9).
func (d *decider) deliver(cmd game.Command) error {
	w := d.w
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "FLG-2.12", "flg.syntax", "usage", game.Plain("deliver MESSENGER UNIT"))
	}
	if err := w.phaseIs(PhaseMove, "FLG-2.12"); err != nil {
		return err
	}
	m := w.Messenger(cmd.Args[0])
	if m == nil || m.Gone || m.Side != cmd.Side {
		return game.Reject("no-messenger", "FLG-2.12", "flg.messenger.none", "officer", game.Plain(cmd.Args[0]), "who", game.Plain(cmd.Args[0]))
	}
	u, err := w.ownUnit(cmd.Side, cmd.Args[1])
	if err != nil {
		return err
	}
	if err := w.canDeliver(m, u); err != nil {
		return err
	}
	e := Carried{Messenger: m.ID, To: w.label(m.At), Delivered: u.ID, Side: m.Side}
	m.Gone = true
	if o := w.Officer(m.Officer); o != nil {
		// An officer-messenger activates the unit at once and joins it
		// (FLG-2.14); an ADC stays with it.
		o.At = u.At
		d.touchOfficer(o)
		if m.Kind == "officer" {
			u.Activated, u.By = true, ""
			e.Now = true
		} else {
			u.Extra = true
			o.Back = w.Turn // it may walk back from the next turn (FLG-2.13)
		}
	} else {
		u.Extra = true
	}
	d.touch(u)
	e.Changes = d.changes()
	d.setMessengers(&e.Changes)
	d.evs = append(d.evs, e)
	return nil
}

func (s *State) canDeliver(m *Messenger, u *Unit) error {
	if u.T().Family == FamPanic || u.Activated && m.Kind == "officer" || u.Extra {
		return game.Reject("activated", "FLG-2.12", "flg.act.twice", "unit", u.ID)
	}
	if grid.HexDistance(m.At, u.At) > 1 {
		return game.Reject("out-of-range", "FLG-2.12", "flg.messenger.far", "messenger", m.ID, "unit", u.ID)
	}
	return nil
}

func (s *State) legalMessengers() []game.Option {
	var out []game.Option
	for i := range s.Messengers {
		m := &s.Messengers[i]
		if m.Gone || m.Side != s.Active {
			continue
		}
		node := game.Option{Label: m.ID, LabelMsg: game.M("flg.opt.unit", "unit", m.ID)}
		mv := s.mover()
		mv.optionsTo(&node, m.ID, s.messengerCells(mv, m, nil), nil)
		for j := range s.Units {
			u := &s.Units[j]
			if u.Side == m.Side && !u.Gone && s.canDeliver(m, u) == nil {
				cmd := "deliver " + m.ID + " " + u.ID
				node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.deliver", "messenger", m.ID, "unit", u.ID)})
			}
		}
		if len(node.Children) > 0 {
			out = append(out, node)
		}
	}
	return out
}

func (s *State) legalDispatches() []game.Option {
	var out []game.Option
	for i := range s.Officers {
		o := &s.Officers[i]
		if o.Gone || o.Side != s.Active || o.Rank == RankADC {
			continue
		}
		for _, k := range s.messengerKinds(o) {
			if _, err := s.canDispatch(s.Active, o.ID, k); err == nil {
				cmd := "messenger " + o.ID + " " + k
				out = append(out, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.messenger", "officer", o.ID, "who", k)})
			}
		}
	}
	return out
}

// Owner: a messenger's dispatch is its side's secret (orders in transit
// are seen by their own side only).
func (e Dispatched) Owner() game.Side { return e.Side }

// Owner: a messenger's ride and delivery are its side's secret, its
// capture or recoil (an enemy entered its hex) is public.
func (e Carried) Owner() game.Side {
	if e.Caught {
		return game.Nobody
	}
	return e.Side
}
