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

// decider accumulates the events of one order, folding each into a
// working copy of the state so later steps see earlier results.
type decider struct {
	s    *State
	evs  []game.Event
	dice game.Dice // for rolls made as a phase starts; nil where none may happen
}

func (d *decider) emit(e game.Event) {
	if unrecorded(e) {
		e = d.s.record(e)
	}
	d.evs = append(d.evs, e)
	d.s = evolve(d.s, e)
}

func (d *decider) eliminate(id string, reason game.Msg, rule string, step bool) {
	u := d.s.Unit(id)
	d.emit(Eliminated{Unit: id, At: u.At, Reason: en(reason), Rule: rule, Step: step,
		Msg: game.M("gs.event.eliminated", "unit", id, "hex", d.s.label(u.At), "reason", reason, "rule", rule)})
	d.morale()
}

// settle carries out every consequence that needs no choice (no legal
// retreat, a single retreat hex, a single loss set, nothing to advance),
// then checks whether the game is over.
func (d *decider) settle() {
	for d.s.Res != nil {
		if d.s.Res.Steps[0].Kind == "advance" {
			// The result itself is carried out (exchange losses included);
			// a side left with no unit then loses at once (GS-P-24), with
			// no advance to decide.
			if d.checkEnd(); d.s.Result != nil {
				return
			}
		}
		st := d.s.Res.Steps[0]
		switch st.Kind {
		case "retreat":
			opts := d.s.retreatOptions(st)
			switch {
			case !d.s.Unit(st.Unit).OnMap() && len(st.Chain) == 0:
				d.emit(Retreated{Msg: game.M("gs.event.gone", "unit", st.Unit)})
			case len(opts) == 0:
				first := st.Unit
				if len(st.Chain) > 0 {
					first = st.Chain[0].Unit // GS-4.23: the first unit pays
				}
				d.eliminate(first, game.M("gs.reason.no-retreat"), "GS-4.21", true)
			case len(opts) == 1:
				d.retreat(st, opts[0], true)
			default:
				return
			}
		case "exchange":
			sets, all := d.s.lossSets(st.Need)
			switch {
			case all != nil:
				for i, id := range all {
					d.eliminate(id, game.M("gs.reason.exchange", "need", st.Need), "GS-P-07", i == len(all)-1)
				}
			case len(sets) == 1:
				for i, id := range sets[0] {
					d.eliminate(id, game.M("gs.reason.exchange", "need", st.Need), "GS-4.19", i == len(sets[0])-1)
				}
			default:
				return
			}
		case "advance":
			if len(d.s.advanceOptions()) == 0 {
				d.emit(AdvanceEnded{Side: d.s.Res.Winner})
				continue
			}
			return
		}
	}
	d.autoReveal()
	d.checkEnd()
}

// checkEnd ends the game at once when a side has no unit left (GS-P-24).
func (d *decider) checkEnd() {
	if d.s.Result != nil || d.s.Phase == PhaseSetup {
		return
	}
	if o, over := suddenDeath(d.s); over {
		d.emit(GameEnded{Outcome: o})
		return
	}
	if d.s.exitOver() {
		d.emit(GameEnded{Outcome: finalOutcome(d.s)})
	}
}

// retreatOptions lists the hexes the step's unit may retreat (or be
// pushed) into: empty hexes if there are any, else friendly-occupied hexes
// whose occupant can itself be pushed (GS-4.21–4.23).
func (s *State) retreatOptions(st Step) []grid.Coord {
	u := s.Unit(st.Unit)
	if !u.OnMap() {
		return nil
	}
	busy := map[grid.Coord]bool{}
	for _, h := range st.Chain {
		busy[h.From], busy[h.To] = true, true
	}
	empty, pushes := s.retreatHexes(u, busy)
	if len(empty) > 0 {
		return empty
	}
	return pushes
}

// retreatHexes splits u's legal retreat hexes into empty ones and
// friendly-occupied ones whose occupant can make room.
func (s *State) retreatHexes(u *Unit, busy map[grid.Coord]bool) (empty, pushes []grid.Coord) {
	enter := func(from, h grid.Coord) bool {
		return !busy[h] && s.mayEnter(u, from, h) && !s.enemyControlled(u.Side, h)
	}
	found := func(path []grid.Coord) {
		h := path[1]
		o := s.UnitAt(h)
		switch {
		case o == nil:
			empty = append(empty, h)
		case o.Side == u.Side:
			nb := map[grid.Coord]bool{u.At: true, h: true}
			for k := range busy {
				nb[k] = true
			}
			if s.canPush(o, nb) {
				pushes = append(pushes, h)
			}
		}
	}
	mech.Paths(s.m().Grid, u.At, 1, enter, found, nil)
	return empty, pushes
}

func (s *State) canPush(u *Unit, busy map[grid.Coord]bool) bool {
	empty, pushes := s.retreatHexes(u, busy)
	return len(empty) > 0 || len(pushes) > 0
}

// retreat carries out the choice of hex h for the head retreat step.
func (d *decider) retreat(st Step, h grid.Coord, auto bool) {
	u := d.s.Unit(st.Unit)
	if o := d.s.UnitAt(h); o != nil {
		d.emit(PushChosen{Unit: u.ID, From: u.At, Into: h, Push: o.ID,
			Msg: game.M("gs.event.push", "unit", u.ID, "hex", d.s.label(h), "push", o.ID)})
		return
	}
	moves := []Hop{{Unit: u.ID, From: u.At, To: h}}
	for i := len(st.Chain) - 1; i >= 0; i-- {
		moves = append(moves, st.Chain[i])
	}
	var parts []game.Msg
	for _, m := range moves {
		parts = append(parts, game.M("gs.event.retreated.hop", "unit", m.Unit, "from", d.s.label(m.From), "to", d.s.label(m.To)))
	}
	key := "gs.event.retreated"
	if auto {
		key = "gs.event.retreated.only"
	}
	d.emit(Retreated{Moves: moves, Auto: auto, Msg: game.M(key, "moves", parts)})
}

// lossSets lists the minimal sets of close-combat attackers whose printed
// PC reaches need (GS-4.19 E, GS-P-07), or all of them when even all
// together fall short.
func (s *State) lossSets(need int) (sets [][]string, all []string) {
	var atk []*Unit
	total := 0
	for _, id := range s.Res.Attackers {
		if u := s.Unit(id); u.OnMap() {
			atk = append(atk, u)
			total += u.PC
		}
	}
	if len(atk) == 0 {
		return nil, nil
	}
	if total < need {
		for _, u := range atk {
			all = append(all, u.ID)
		}
		return nil, all
	}
	n := len(atk)
	for mask := 1; mask < 1<<n; mask++ {
		sum, minimal := 0, true
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				sum += atk[i].PC
			}
		}
		if sum < need {
			continue
		}
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 && sum-atk[i].PC >= need {
				minimal = false
			}
		}
		if !minimal {
			continue
		}
		var set []string
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				set = append(set, atk[i].ID)
			}
		}
		sets = append(sets, set)
	}
	// Default order: lowest total first, then lowest PC units first (§9.3).
	pcs := func(set []string) (int, []int) {
		t, v := 0, []int{}
		for _, id := range set {
			t += s.Unit(id).PC
			v = append(v, s.Unit(id).PC)
		}
		sort.Ints(v)
		return t, v
	}
	sort.SliceStable(sets, func(i, j int) bool {
		ti, vi := pcs(sets[i])
		tj, vj := pcs(sets[j])
		if ti != tj {
			return ti < tj
		}
		return slices.Compare(vi, vj) < 0
	})
	return sets, nil
}

// advance is one possible advance after combat.
type advance struct {
	unit string
	from grid.Coord
	to   grid.Coord
}

// advanceOptions lists the winner's possible advances into emptied hexes
// (GS-4.24, GS-P-09).
func (s *State) advanceOptions() []advance {
	r := s.Res
	if r == nil || s.demoralized(r.Winner) {
		return nil
	}
	parts := r.Attackers
	if r.Winner != s.Active {
		parts = r.Defenders
	}
	var out []advance
	for _, c := range r.Emptied {
		if s.UnitAt(c) != nil {
			continue
		}
		for _, id := range parts {
			u := s.Unit(id)
			if !u.OnMap() || slices.Contains(r.Advanced, id) || !s.m().Grid.Adjacent(u.At, c) || !s.mayEnter(u, u.At, c) {
				continue
			}
			out = append(out, advance{unit: id, from: u.At, to: c})
		}
	}
	return out
}

// decideRetreat handles "retreat UNIT HEX" for the pending retreat.
func (s *State) decideRetreat(cmd game.Command) ([]game.Event, error) {
	st, err := s.headStep(cmd.Side, "retreat")
	if err != nil {
		return nil, err
	}
	if len(cmd.Args) != 2 {
		return nil, game.Reject(game.CodeSyntax, "GS-4.20", "gs.syntax.retreat")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return nil, err
	}
	if u.ID != st.Unit {
		return nil, game.Reject("not-this-unit", "GS-4.20", "gs.not-this-unit", "want", st.Unit, "unit", u.ID)
	}
	h, err := s.cell(cmd.Args[1])
	if err != nil {
		return nil, err
	}
	opts := s.retreatOptions(st)
	if !slices.Contains(opts, h) {
		return nil, game.Reject("bad-retreat", "GS-4.21", "gs.bad-retreat", "unit", u.ID, "hex", s.label(h), "hexes", s.labels(opts))
	}
	d := &decider{s: s}
	d.retreat(st, h, false)
	d.settle()
	return d.evs, nil
}

// decideLose handles "lose UNIT…" for an exchange.
func (s *State) decideLose(cmd game.Command) ([]game.Event, error) {
	st, err := s.headStep(cmd.Side, "exchange")
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, w := range cmd.Args {
		if w == "+" {
			continue
		}
		u, err := s.ownUnit(cmd.Side, w)
		if err != nil {
			return nil, err
		}
		ids = append(ids, u.ID)
	}
	sets, _ := s.lossSets(st.Need)
	for _, set := range sets {
		if sameSet(set, ids) {
			d := &decider{s: s}
			for i, id := range set {
				d.eliminate(id, game.M("gs.reason.exchange", "need", st.Need), "GS-4.19", i == len(set)-1)
			}
			d.settle()
			return d.evs, nil
		}
	}
	var alts []string
	for _, set := range sets {
		alts = append(alts, strings.Join(set, "+"))
	}
	return nil, game.Reject("bad-loss-set", "GS-P-07", "gs.bad-loss-set", "need", st.Need, "sets", strings.Join(alts, ", "))
}

// decideAdvance handles "advance UNIT HEX" and "advance none".
func (s *State) decideAdvance(cmd game.Command) ([]game.Event, error) {
	if _, err := s.headStep(cmd.Side, "advance"); err != nil {
		return nil, err
	}
	d := &decider{s: s}
	if len(cmd.Args) == 1 && (strings.EqualFold(cmd.Args[0], "none") || strings.EqualFold(cmd.Args[0], "no")) {
		d.emit(AdvanceEnded{Side: cmd.Side, Msg: game.M("gs.event.no-advance", "side", cmd.Side)})
		d.settle()
		return d.evs, nil
	}
	if len(cmd.Args) != 2 {
		return nil, game.Reject(game.CodeSyntax, "GS-4.24", "gs.syntax.advance")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return nil, err
	}
	h, err := s.cell(cmd.Args[1])
	if err != nil {
		return nil, err
	}
	for _, a := range s.advanceOptions() {
		if a.unit == u.ID && a.to == h {
			d.emit(Advanced{Unit: u.ID, From: a.from, To: h, Msg: game.M("gs.event.advanced", "unit", u.ID, "from", s.label(a.from), "to", s.label(h))})
			d.settle()
			return d.evs, nil
		}
	}
	return nil, game.Reject("bad-advance", "GS-4.24", "gs.bad-advance", "unit", u.ID, "hex", s.label(h))
}

// headStep returns the pending step if it is of the kind and belongs to
// side.
func (s *State) headStep(side game.Side, kind string) (Step, error) {
	if s.Res == nil {
		return Step{}, game.Reject("nothing-pending", "GS-4.20", "gs.nothing-pending", "kind", game.Term(kind))
	}
	st := s.Res.Steps[0]
	if st.Kind != kind {
		return Step{}, game.Reject(game.CodePending, "GS-4.19", "gs.decision-pending.kind", "kind", game.Term(st.Kind), "want", game.Term(kind))
	}
	if who := s.stepSide(st); who != side {
		return Step{}, game.Reject(game.CodeWrongSide, "GS-4.20", "gs.not-your-turn.decision", "kind", game.Term(kind), "side", who)
	}
	return st, nil
}

// stepSide is who decides a step: the owner retreats (GS-4.20), the
// attacker picks exchange losses, the winner advances.
func (s *State) stepSide(st Step) game.Side {
	switch st.Kind {
	case "retreat":
		return s.Unit(st.Unit).Side
	case "exchange":
		return s.Active
	}
	return s.Res.Winner
}

// pendingDecision describes the head step as a Decision.
func (s *State) pendingDecision() game.Decision {
	st := s.Res.Steps[0]
	d := game.Decision{Side: s.stepSide(st), Kind: st.Kind}
	switch st.Kind {
	case "retreat":
		opts := s.retreatOptions(st)
		d.ID = fmt.Sprintf("c%d-retreat-%s", s.Res.Combat, st.Unit)
		d.Rule = "GS-4.21"
		ask(&d, game.M("gs.prompt.retreat", "unit", st.Unit, "hex", s.label(s.Unit(st.Unit).At)))
		if len(st.Chain) > 0 {
			d.Rule = "GS-4.23"
			ask(&d, game.M("gs.prompt.make-room", "unit", st.Unit, "for", st.Chain[len(st.Chain)-1].Unit))
		}
		best, bestN := 0, 99
		for i, h := range opts {
			d.Options = append(d.Options, game.Option{Label: s.label(h), Command: "retreat " + st.Unit + " " + s.label(h)})
			d.Cells = append(d.Cells, h)
			n := len(s.controllers(d.Side.Other(), h)) + s.adjacentEnemies(d.Side, h)
			if n < bestN {
				best, bestN = i, n
			}
		}
		d.Default = best
	case "exchange":
		sets, _ := s.lossSets(st.Need)
		d.ID = fmt.Sprintf("c%d-exchange", s.Res.Combat)
		d.Rule = "GS-4.19"
		ask(&d, game.M("gs.prompt.exchange", "need", st.Need))
		for _, set := range sets {
			d.Options = append(d.Options, game.Option{Label: strings.Join(set, "+"), Command: "lose " + strings.Join(set, " ")})
		}
	case "advance":
		d.ID = fmt.Sprintf("c%d-advance-%d", s.Res.Combat, len(s.Res.Advanced))
		d.Rule = "GS-4.24"
		ask(&d, game.M("gs.prompt.advance"))
		for _, a := range s.advanceOptions() {
			d.Options = append(d.Options, game.Option{Label: a.unit + " → " + s.label(a.to), Command: "advance " + a.unit + " " + s.label(a.to)})
			d.Cells = append(d.Cells, a.to)
		}
		d.Options = append(d.Options, choice(game.M("gs.option.no-advance"), "advance none"))
		d.Default = len(d.Options) - 1
	}
	return d
}

func (s *State) adjacentEnemies(side game.Side, c grid.Coord) int {
	n := 0
	for _, x := range s.m().Grid.Neighbors(c) {
		if o := s.UnitAt(x); o != nil && o.Side != side {
			n++
		}
	}
	return n
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	sort.Strings(x)
	sort.Strings(y)
	return slices.Equal(x, y)
}

func (s *State) labels(cs []grid.Coord) string {
	if len(cs) == 0 {
		return "none"
	}
	var out []string
	for _, c := range cs {
		out = append(out, s.label(c))
	}
	return strings.Join(out, ", ")
}
