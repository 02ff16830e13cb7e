package flg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Rules is the Frédéric le Grand ruleset.
type Rules struct{}

// New returns the ruleset.
func New() *Rules { return &Rules{} }

func (*Rules) Name() string    { return "flg" }
func (*Rules) Title() string   { return "Frédéric le Grand" }
func (*Rules) Version() string { return "1" }

var optionSpecs = []game.OptionSpec{
	{Name: "turn-cap", Default: "20", Rule: "FLG-P-1", Help: "full game turns before the game is adjudicated by FLG-P-30 (0: no cap, play until demoralisation)"},
	{Name: "reactions", Default: "standing", Values: []string{"standing", "prompt"}, Rule: "FLG-2.23", Help: "prompt: an attack on a unit without standing orders whose owner may break it off (FLG-2.23, C6) or put an officer in the first rank of its riposte (FLG-2.22) waits for the owner's answer (default: stand); standing: standing orders and their defaults answer at once (§9.2)"},
	{Name: "deployment", Default: "screen", Values: []string{"screen", "slips", "alternating"}, Rule: "FLG-P-35", Help: "private deployment behind a screen; slips of paper (the opponent sees where markers stand, with decoys, not what they are); or alternating, 3 units at a time, first player first (FLG-A1.6)"},
}

func (*Rules) OptionSpecs() []game.OptionSpec { return slices.Clone(optionSpecs) }

// Start builds the initial state. A scenario gives its units and officers
// as params (a test position or a set-up that already placed them):
//
//	units = """
//	A S1 INF_H_MUSKET 0508 [TRAINING] [MORALE] [TRAIT…] [mount=M] [stands=N] [activated] [moved=N] [carry=N] [nocombat] [fought] [moved-last]
//	"""
//	officers = """
//	A GC GC 0508 [B|F|M] [D|A|MS]
//	"""
//
// first (A or B, default A) is the first player; initial-A, initial-B and
// lost-A, lost-B override the counts of demoralisation (FLG-5.2); the
// scenario's [start] gives the turn and phase, else turn 1, command phase.
func (*Rules) Start(sc *game.Scenario, opts game.Options) (game.State, error) {
	o, err := game.MergeOptions(optionSpecs, sc.Options, opts)
	if err != nil {
		return nil, err
	}
	if _, ok := sc.Map.Grid.(*grid.Hex); !ok {
		return nil, fmt.Errorf("flg: scenario %s: the battlefield is a hex map", sc.ID)
	}
	if _, err := Catalogue(); err != nil {
		return nil, err
	}
	s := &State{sc: sc, opts: o, Turn: 1, Phase: PhaseCommand, Active: game.SideA}
	prot, err := protectedHexes(sc)
	if err != nil {
		return nil, fmt.Errorf("flg: scenario %s: %w", sc.ID, err)
	}
	s.prot = prot
	s.dm = newDense(sc.Map)
	if cap, err := strconv.Atoi(o.Value(optionSpecs, "turn-cap")); err != nil || cap < 0 {
		return nil, fmt.Errorf("flg: turn-cap %q: a whole number", o.Value(optionSpecs, "turn-cap"))
	} else {
		s.TurnCap = cap
	}
	s.Active = firstSide(sc)
	if sc.Start != nil {
		s.Turn = max(sc.Start.Turn, 1)
		if p := sc.Start.Phase; p != "" {
			if !slices.Contains([]string{PhaseCommand, PhaseMove, PhaseCombat}, p) {
				return nil, fmt.Errorf("flg: start phase %q", p)
			}
			s.Phase = p
		}
		if a := sc.Param("active", ""); a == "B" {
			s.Active = game.SideB
		}
	}
	if err := s.readUnits(sc.Param("units", "")); err != nil {
		return nil, fmt.Errorf("flg: scenario %s: %w", sc.ID, err)
	}
	if err := s.readOfficers(sc.Param("officers", "")); err != nil {
		return nil, fmt.Errorf("flg: scenario %s: %w", sc.ID, err)
	}
	for _, sd := range game.Sides {
		if sc.Param("army-"+sd.String(), "") == "budget" {
			s.Phase = PhaseBuild // FLG-P-34
		}
	}
	for _, u := range s.Units {
		s.Initial[u.Side]++
		if u.Reserve && s.Phase != PhaseBuild {
			s.Phase = PhaseDeploy // FLG-A1.5, FLG-P-35
		}
	}
	for _, o := range s.Officers {
		if o.Reserve && s.Phase != PhaseBuild {
			s.Phase = PhaseDeploy
		}
	}
	for _, sd := range game.Sides {
		for k, p := range map[string]*int{"initial-": &s.Initial[sd], "lost-": &s.Lost[sd]} {
			if v := sc.Param(k+sd.String(), ""); v != "" {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("flg: param %s%s: %q", k, sd, v)
				}
				*p = n
			}
		}
	}
	// Units activated in a test position share one activation of their
	// side's first officer.
	for i := range s.Units {
		if u := &s.Units[i]; u.Activated && u.Side == s.Active {
			if len(s.Acts) == 0 {
				id := ""
				for _, o := range s.Officers {
					if o.Side == s.Active {
						id = o.ID
						break
					}
				}
				s.Acts = append(s.Acts, Activation{Officer: id})
			}
			s.Acts[0].Units = append(s.Acts[0].Units, u.ID)
			s.Acts[0].Size = len(s.Acts[0].Units)
			u.By = s.Acts[0].Officer
			for _, o := range s.officersAt(u.At) {
				o.Activated = true
			}
			if o := s.Officer(u.By); o != nil {
				o.Activated = true
			}
		}
	}
	s.DeployTurn = s.first() // the alternating deployment begins with the first player (FLG-A1.6)
	if v := sc.Param("terrain-by", ""); v == "A" || v == "B" {
		s.Phase = PhaseChoose // FLG-A1.4
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("flg: scenario %s: %w", sc.ID, err)
	}
	return s, nil
}

func (s *State) readUnits(src string) error {
	g := s.board().Grid
	for _, line := range strings.Split(src, "\n") {
		w := strings.Fields(line)
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		if len(w) < 4 {
			return fmt.Errorf("unit line %q: SIDE ID TYPE HEX …", line)
		}
		side, err := game.ParseSide(w[0])
		if err != nil || !side.Valid() {
			return fmt.Errorf("unit line %q: side %q", line, w[0])
		}
		t := TypeOf(w[2])
		if t == nil {
			return fmt.Errorf("unit %s: no troop type %q (FLG-T2)", w[1], w[2])
		}
		var at grid.Coord
		reserve, off := w[3] == "-", w[3] == "off"
		if !reserve && !off {
			c, err := g.Parse(w[3])
			if err != nil {
				return fmt.Errorf("unit %s: %v", w[1], err)
			}
			at = c
		}
		u := Unit{ID: w[1], Side: side, Type: t.ID, At: at, Reserve: reserve, Off: off, Training: "trained", Morale: "normal", StillLast: true}
		stands := -1
		for _, x := range w[4:] {
			k, v, hasV := strings.Cut(x, "=")
			num := func() (int, error) {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					return 0, fmt.Errorf("unit %s: %s", u.ID, x)
				}
				return n, nil
			}
			switch {
			case !hasV && func() bool { _, ok := TrainingDice(k); return ok }():
				u.Training = k
			case !hasV && func() bool { _, ok := MoraleStands(k); return ok }():
				u.Morale = k
			case !hasV && len(k) == 2 && func() bool { t, _ := GameTables(); _, ok := t.Row("traits", k); return ok }():
				u.Traits = append(u.Traits, k)
			case k == "mount" && slices.Contains([]string{"horse", "camel", "elephant", "wagon"}, v):
				if t.Family != FamInf {
					return fmt.Errorf("unit %s: only infantry is mounted (FLG-A2.3)", u.ID)
				}
				u.Mount = v
			case k == "stands":
				n, err := num()
				if err != nil {
					return err
				}
				stands = n
			case k == "moved":
				n, err := num()
				if err != nil {
					return err
				}
				u.Moved, u.HasMoved = n, n > 0
			case k == "carry":
				n, err := num()
				if err != nil {
					return err
				}
				u.Carry = n
			case k == "sg" && v != "":
				u.SG = v
			case k == "enter" && off:
				// A reinforcement: enter=TURN@HEX (FLG-3.11).
				n, c, ok := parseEnter(g, v)
				if !ok {
					return fmt.Errorf("unit %s: %s: enter=TURN@HEX, a turn from 1 (FLG-3.11)", u.ID, x)
				}
				u.Enter, u.Entry, u.At = n, c, c
			case x == "activated":
				u.Activated = true
			case x == "nocombat":
				u.NoCombat = true
			case x == "fought":
				u.Fought = true
			case x == "moved-last":
				u.StillLast = false
			case x == "still":
				u.StillLast = true
			case x == "static":
				u.Static = true
			default:
				return fmt.Errorf("unit %s: unknown word %q", u.ID, x)
			}
		}
		u.Start = t.Stands
		if !t.Has("fixed") {
			n, _ := MoraleStands(u.Morale)
			u.Start = n
		}
		if t.Has("eletowed") || u.Mount == "elephant" {
			u.Elephant = true
			u.Start++
		}
		if u.Has("B3") {
			u.Static = true
		}
		u.Stands = u.Start
		if stands >= 0 {
			u.Stands = stands
		}
		if s.Unit(u.ID) != nil || s.Officer(u.ID) != nil {
			return fmt.Errorf("unit %s twice", u.ID)
		}
		s.Units = append(s.Units, u)
	}
	return nil
}

// parseEnter reads a reinforcement's enter=TURN@HEX (FLG-3.11): the
// turn it enters, from 1, and its entry hex; ok is false when v is not
// that.
func parseEnter(g grid.Grid, v string) (turn int, at grid.Coord, ok bool) {
	ts, hs, _ := strings.Cut(v, "@")
	n, err := strconv.Atoi(ts)
	c, err2 := g.Parse(hs)
	return n, c, err == nil && err2 == nil && n >= 1
}

func (s *State) readOfficers(src string) error {
	g := s.board().Grid
	for _, line := range strings.Split(src, "\n") {
		w := strings.Fields(line)
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		if len(w) < 4 {
			return fmt.Errorf("officer line %q: SIDE ID RANK HEX [LETTERS]", line)
		}
		side, err := game.ParseSide(w[0])
		if err != nil || !side.Valid() {
			return fmt.Errorf("officer line %q: side %q", line, w[0])
		}
		if !slices.Contains([]string{RankGC, RankSG, RankSO, RankADC}, w[2]) {
			return fmt.Errorf("officer %s: rank %q (GC, SG, SO or ADC, FLG-T5)", w[1], w[2])
		}
		var at grid.Coord
		reserve, off := w[3] == "-", w[3] == "off"
		if !reserve && !off {
			c, err := g.Parse(w[3])
			if err != nil {
				return fmt.Errorf("officer %s: %v", w[1], err)
			}
			at = c
		}
		o := Officer{ID: w[1], Side: side, Rank: w[2], At: at, Reserve: reserve, Off: off}
		for _, x := range w[4:] {
			if k, v, ok := strings.Cut(x, "="); ok && k == "sg" {
				o.SG = v
				continue
			}
			if k, v, ok := strings.Cut(x, "="); ok && k == "enter" && off {
				// Off the table with reinforcements: it activates them from
				// their entry hex and need not enter itself (FLG-3.11).
				n, c, ok := parseEnter(g, v)
				if !ok {
					return fmt.Errorf("officer %s: %s: enter=TURN@HEX, a turn from 1 (FLG-3.11)", o.ID, x)
				}
				o.Enter, o.At = n, c
				continue
			}
			switch x {
			case "B", "F", "M":
				o.Ability = x
			case "A", "D", "MS":
				o.Staff = x
			default:
				return fmt.Errorf("officer %s: letter %q (B F M, A D MS)", o.ID, x)
			}
		}
		if s.Unit(o.ID) != nil || s.Officer(o.ID) != nil {
			return fmt.Errorf("officer %s twice", o.ID)
		}
		s.Officers = append(s.Officers, o)
	}
	return nil
}

// Check verifies the invariants: one unit a hex, units and officers on
// the map, stands within bounds.
func (*Rules) Check(gs game.State) error { return gs.(*State).check() }

func (s *State) check() error {
	seen := map[grid.Coord]string{}
	g := s.board().Grid
	for _, u := range s.Units {
		if u.Gone || u.Reserve || u.Off {
			continue
		}
		if !g.Contains(u.At) {
			return fmt.Errorf("unit %s off the map", u.ID)
		}
		if o, dup := seen[u.At]; dup {
			return fmt.Errorf("units %s and %s share %s (FLG-1.6)", o, u.ID, s.label(u.At))
		}
		seen[u.At] = u.ID
		if u.Stands < 1 || u.Stands > u.Start {
			return fmt.Errorf("unit %s has %d stands of %d", u.ID, u.Stands, u.Start)
		}
	}
	gc := [2]int{}
	for _, o := range s.Officers {
		if o.Gone || o.Reserve || o.Off {
			continue
		}
		if !g.Contains(o.At) {
			return fmt.Errorf("officer %s off the map", o.ID)
		}
		if o.Rank == RankGC {
			gc[o.Side]++
		}
	}
	for _, sd := range game.Sides {
		if gc[sd] > 1 {
			return fmt.Errorf("side %s has %d Generals-in-Chief (FLG-T5)", sd, gc[sd])
		}
	}
	return nil
}

func (*Rules) DecodeState(sc *game.Scenario, opts game.Options, b []byte) (game.State, error) {
	o, err := game.MergeOptions(optionSpecs, sc.Options, opts)
	if err != nil {
		return nil, err
	}
	return decodeState(sc, o, b)
}

func (*Rules) Evolve(s game.State, e game.Event) game.State { return evolve(s.(*State), e) }

// decider runs one order on a working copy of the state and collects the
// events; touched units and officers go into the next event's Changes.
type decider struct {
	w           *State
	clearFollow bool
	clearReact  bool
	// answer is the defender's reaction for unit answerFor in the combat
	// being resolved (stand or breakoff, §9.2), in place of its standing
	// orders; firstRank its officer in the first rank of the riposte.
	answer, answerFor, firstRank string
	dice                         game.Dice
	evs                          []game.Event
	units                        []string
	officers                     []string
}

func (d *decider) touch(u *Unit) {
	if !slices.Contains(d.units, u.ID) {
		d.units = append(d.units, u.ID)
	}
}

func (d *decider) touchOfficer(o *Officer) {
	if !slices.Contains(d.officers, o.ID) {
		d.officers = append(d.officers, o.ID)
	}
}

// changes snapshots the touched units and officers.
func (d *decider) changes() Changes {
	var c Changes
	for _, id := range d.units {
		c.Units = append(c.Units, *d.w.unitByID(id))
	}
	for _, id := range d.officers {
		for _, o := range d.w.Officers {
			if o.ID == id {
				c.Officers = append(c.Officers, o)
			}
		}
	}
	d.units, d.officers = nil, nil
	lost, skip := d.w.Lost, d.w.Skip
	c.Lost, c.Skip = &lost, &skip
	if d.clearFollow {
		c.ClearFollow, d.clearFollow = true, false
	}
	if d.clearReact {
		c.ClearReact, d.clearReact = true, false
	}
	return c
}

func (*Rules) Decide(gs game.State, cmd game.Command, dc game.Dice) ([]game.Event, error) {
	s := gs.(*State)
	if s.Result != nil {
		return nil, game.Reject(game.CodeGameOver, "", "game.over")
	}
	d := &decider{w: s.clone(), dice: dc}
	if r := s.React; r != nil {
		t := s.Unit(r.Target)
		if cmd.Side != t.Side || cmd.Verb != "answer" {
			return nil, game.Reject(game.CodePending, "FLG-2.23", "flg.pending.react", "side", t.Side)
		}
	} else if s.Follow != nil {
		f := s.Follow
		u := s.Unit(f.Unit)
		if cmd.Side != u.Side {
			return nil, game.Reject(game.CodePending, "FLG-4.50", "flg.pending.follow", "side", u.Side)
		}
		switch cmd.Verb {
		case "advance", "stay", "pursue":
		default:
			return nil, game.Reject(game.CodePending, "FLG-4.50", "flg.pending.follow", "side", u.Side)
		}
	} else if cmd.Verb == "answer" {
		// Nothing waits for an answer (the attack was resolved, its
		// deadline played the default, or none was made): the same
		// refusal for either side, naming the rule, whatever the phase.
		return nil, game.Reject("no-reaction", "FLG-2.23", "flg.react.none")
	} else if s.Phase == PhaseChoose {
		if cmd.Verb != "edge" {
			return nil, game.Reject(game.CodeWrongPhase, "FLG-A1.4", "flg.edge.first")
		}
	} else if s.Phase == PhaseBuild {
		if !slices.Contains([]string{"recruit", "enlist", "dismiss", "done"}, cmd.Verb) {
			return nil, game.Reject(game.CodeWrongPhase, "FLG-P-34", "flg.build.only")
		}
	} else if s.Phase == PhaseDeploy {
		if cmd.Verb != "deploy" && cmd.Verb != "ready" && cmd.Verb != "decoy" {
			return nil, game.Reject(game.CodeWrongPhase, "FLG-A1.5", "flg.deploy.only")
		}
	} else if cmd.Side != s.Active && cmd.Verb != "standing" {
		return nil, game.Reject(game.CodeWrongSide, "", "flg.not-your-turn", "side", s.Active)
	}
	var err error
	switch cmd.Verb {
	case "activate":
		err = d.activate(cmd)
	case "move":
		err = d.move(cmd)
	case "attack":
		err = d.attackOrder(cmd)
	case "advance", "stay", "pursue":
		err = d.followOrder(cmd)
	case "place":
		err = d.place(cmd)
	case "rally":
		err = d.rally(cmd)
	case "messenger":
		err = d.dispatch(cmd)
	case "impetuous":
		err = d.impetuous(cmd)
	case "deploy":
		err = d.deploy(cmd)
	case "decoy":
		err = d.decoy(cmd)
	case "edge":
		err = d.chooseEdge(cmd)
	case "recruit", "enlist", "dismiss":
		err = d.build(cmd)
	case "done":
		err = d.buildDone(cmd)
	case "ready":
		err = d.ready(cmd)
	case "deliver":
		err = d.deliver(cmd)
	case "standing":
		err = d.standing(cmd)
	case "answer":
		err = d.answerAttack(cmd)
	case "end":
		err = d.end(cmd)
	default:
		return nil, game.Reject(game.CodeUnknownVerb, "", "flg.unknown-order", "verb", game.Plain(cmd.Verb))
	}
	if err != nil {
		return nil, err
	}
	return d.evs, nil
}

// phaseIs refuses an order given in another phase.
func (s *State) phaseIs(p, rule string) error {
	if s.Phase != p {
		return game.Reject(game.CodeWrongPhase, rule, "flg.wrong-phase", "phase", phaseMsg(s.Phase), "want", phaseMsg(p))
	}
	return nil
}

// ownUnit finds a unit of side by id.
func (s *State) ownUnit(side game.Side, id string) (*Unit, error) {
	u := s.Unit(id)
	if u == nil || u.Gone {
		return nil, game.Reject(game.CodeUnknownUnit, "", "flg.no-unit", "unit", game.Plain(id))
	}
	if u.Side != side {
		return nil, game.Reject(game.CodeNotYourUnit, "", "flg.not-your-unit", "unit", u.ID)
	}
	return u, nil
}

func (s *State) cell(w string) (grid.Coord, error) {
	c, err := s.board().Grid.Parse(w)
	if err != nil || !s.board().Grid.Contains(c) {
		return c, game.Reject(game.CodeBadCell, "", "flg.bad-cell", "cell", game.Plain(w))
	}
	return c, nil
}

// Legal lists the orders side may give now.
func (*Rules) Legal(gs game.State, side game.Side) []game.Option {
	s := gs.(*State)
	if s.Result != nil {
		return nil
	}
	s = s.indexed()
	if s.Phase == PhaseChoose {
		if side != s.chooser() {
			return nil
		}
		return s.edgeOptions()
	}
	if s.Phase == PhaseBuild {
		if s.BuildDone[side] {
			return nil
		}
		return s.buildOptions(side)
	}
	if s.Phase == PhaseDeploy {
		if s.Ready[side] {
			return nil
		}
		return s.deployOptions(side)
	}
	if s.React != nil {
		if d := s.reactionDecision(); d.Side == side {
			return d.Options
		}
		return nil
	}
	if s.Follow != nil {
		if u := s.Unit(s.Follow.Unit); u.Side == side {
			return s.followDecision().Options
		}
		return nil
	}
	if side != s.Active {
		return s.legalStanding(side)
	}
	var out []game.Option
	switch s.Phase {
	case PhaseCommand:
		out = append(s.legalActivations(), s.legalDispatches()...)
		out = append(out, s.legalImpetus()...)
	case PhaseMove:
		out = append(s.legalMoves(), s.legalMessengers()...)
	case PhaseCombat:
		if !s.Rallying {
			out = s.legalAttacks()
		}
		out = append(out, s.legalRallies()...)
	case PhaseReplace:
		return s.legalPlacements()
	}
	if s.Phase == PhaseCombat && len(s.impetuousDue()) > 0 {
		return out // C1: the adjacent enemy must be attacked first
	}
	return append(out, game.Option{Label: "end", Command: "end", LabelMsg: game.M("flg.opt.end", "phase", phaseMsg(s.Phase))})
}
