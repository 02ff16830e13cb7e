package sdc

import (
	"fmt"
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Rules is the Le son du canon ! ruleset.
type Rules struct{}

// New returns the ruleset.
func New() *Rules { return &Rules{} }

func (*Rules) Name() string    { return "sdc" }
func (*Rules) Title() string   { return "Le son du canon !" }
func (*Rules) Version() string { return "1" }

var optionSpecs = []game.OptionSpec{
	{Name: "cumulative-support", Default: "off", Values: []string{"on", "off"}, Rule: "SDC-11.7", Help: "support is +1 per supporting element instead of +1 at most (SDC-Q.10)"},
	{Name: "square-reaction", Default: "brigade", Values: []string{"brigade", "contacted"}, Rule: "SDC-9.3", Help: "against a cavalry charge, the brigade's infantry not in contact may try a square too (brigade), or only the contacted elements (SDC-Q.50)"},
	{Name: "recoil-path", Default: "straightest", Values: []string{"straightest", "owner"}, Rule: "SDC-12.3", Help: "when a recoil may end in several hexes, the bot takes the straightest path (the digest's default), or the recoiling element's owner chooses"},
	{Name: "general-captured", Default: "off", Values: []string{"on", "off"}, Rule: "SDC-8.14", Help: "a contacted general who cannot reach safety is captured and his brigade routs (generalCapturedIfTrapped), instead of being placed on the nearest safe hex"},
	{Name: "swap-uses-exchange", Default: "off", Values: []string{"on", "off"}, Rule: "SDC-1.5", Help: "a general swap takes one of the exchange slots (generalSwapUsesExchange, SDC-Q.17)"},
	{Name: "light-cavalry", Default: "off", Values: []string{"on", "off"}, Rule: "SDC-1.11", Help: "the exchange 1 cavalry → 1 light cavalry is allowed at army building (SDC-Q.9)"},
	{Name: "rout", Default: "brigade", Values: []string{"brigade", "general"}, Rule: "SDC-7.3", Help: "a routing general takes his brigade off the table (brigade), or leaves its elements leaderless on it (general, routLeavesElements): they never activate again but defend; the brigade counts as destroyed either way"},
	{Name: "displace", Default: "default", Values: []string{"default", "owner"}, Rule: "SDC-8.14", Help: "a contacted general goes where the bot's default takes him (away from the enemy, toward his own edge), or his owner chooses among the safe hexes as near"},
	{Name: "rally-test", Default: "off", Values: []string{"on", "off"}, Rule: "SDC-14.2", Help: "rallying also needs a morale test with the element's quality"},
}

func (*Rules) OptionSpecs() []game.OptionSpec { return slices.Clone(optionSpecs) }

func (s *State) on(name string) bool { return s.opts.Value(optionSpecs, name) == "on" }

// on2 reports whether option name has the value v.
func (s *State) on2(name, v string) bool { return s.opts.Value(optionSpecs, name) == v }

// Start implements game.Ruleset.
func (*Rules) Start(sc *game.Scenario, opts game.Options) (game.State, error) {
	if _, err := game.MergeOptions(optionSpecs, nil, opts); err != nil {
		return nil, err
	}
	if _, err := LoadData(); err != nil {
		return nil, err
	}
	return start(sc, opts)
}

// Evolve implements game.Ruleset.
func (*Rules) Evolve(st game.State, e game.Event) game.State {
	s := st.(*State).clone()
	e = derefEvent(e)
	e.(event).apply(s)
	s.index()
	return s
}

func derefEvent(e game.Event) game.Event {
	switch x := e.(type) {
	case *InitiativeRolled:
		return *x
	case *FirstChosen:
		return *x
	case *Activated:
		return *x
	case *BrigadeDestroyed:
		return *x
	case *ForcedMarch:
		return *x
	case *Moved:
		return *x
	case *Faced:
		return *x
	case *Rallied:
		return *x
	case *Tested:
		return *x
	case *Fired:
		return *x
	case *Fought:
		return *x
	case *Disordered:
		return *x
	case *Recoiled:
		return *x
	case *Destroyed:
		return *x
	case *ReactionsOffered:
		return *x
	case *Reacted:
		return *x
	case *ActivationEnded:
		return *x
	case *TurnEnded:
		return *x
	case *FlankTried:
		return *x
	case *Asked:
		return *x
	case *RerollUsed:
		return *x
	case *SeniorMoved:
		return *x
	case *ArmyChosen:
		return *x
	case *DeployOrder:
		return *x
	case *Deployed:
		return *x
	case *ArmiesRevealed:
		return *x
	case *Entered:
		return *x
	}
	return e
}

// NewEvent implements game.Ruleset.
func (*Rules) NewEvent(kind string) (game.Event, bool) {
	f, ok := eventKinds[kind]
	if !ok {
		return nil, false
	}
	return f(), true
}

// DecodeState implements game.Ruleset.
func (*Rules) DecodeState(sc *game.Scenario, opts game.Options, b []byte) (game.State, error) {
	return (&State{}).decode(sc, opts, b)
}

// Check implements game.Checker: the stacking of TBL-25.
func (*Rules) Check(st game.State) error {
	s := st.(*State)
	seen := map[grid.Coord][]*Element{}
	for i := range s.Elements {
		e := &s.Elements[i]
		if e.Gone || e.Off {
			continue
		}
		if !s.m.g.Contains(e.At) || s.m.river(e.At) {
			return fmt.Errorf("%s stands off the map or in the river", e.ID)
		}
		seen[e.At] = append(seen[e.At], e)
	}
	for c, es := range seen {
		switch {
		case len(es) > 2:
			return fmt.Errorf("%d elements in %s", len(es), s.label(c))
		case len(es) == 2 && es[0].Head != es[1].ID && es[1].Head != es[0].ID:
			return fmt.Errorf("%s and %s share %s without forming an attack formation", es[0].ID, es[1].ID, s.label(c))
		}
	}
	for i := range s.Generals {
		g := &s.Generals[i]
		if g.Destroyed || g.Off {
			continue
		}
		if u := s.unitAt(g.At); u != nil && u.Side != g.Side {
			return fmt.Errorf("general %s shares %s with the enemy %s", g.ID, s.label(g.At), u.ID)
		}
	}
	return nil
}

// decider builds the events of one order on a scratch copy of the state.
type decider struct {
	t    *State
	d    *replayDice
	evs  []game.Event
	side game.Side
	// answers to senior generals' rerolls, by die index (SDC-16); rerolled:
	// the dice already rerolled, which no reroll may touch again.
	answers  map[string]string
	rerolled map[int]bool
	choice   int // choice points met so far (recoil paths)
}

func (x *decider) emit(e event) {
	e.apply(x.t)
	x.t.index()
	x.evs = append(x.evs, e)
}

// test rolls a morale test: 1d6 ≥ need, a natural 1 always failing
// (SDC-13.1, SDC-13.3); a failure may be rerolled by a senior general in
// range of the piece tested (SDC-16.2).
func (x *decider) test(need int, side game.Side, at grid.Coord, unit string) (int, bool) {
	die := x.d.Roll(6)
	if die == 1 || die < need {
		die = x.senior(side, at, unit, die)
	}
	return die, die != 1 && die >= need
}

// plainTest is a morale test no senior general may reroll.
func (x *decider) plainTest(need int) (int, bool) {
	die := x.d.Roll(6)
	return die, die != 1 && die >= need
}

func reject(code, rule, key string, kv ...any) error { return game.Reject(code, rule, key, kv...) }

// Decide implements game.Ruleset.
func (r *Rules) Decide(st game.State, cmd game.Command, d game.Dice) ([]game.Event, error) {
	s := st.(*State)
	if s.Result != nil {
		return nil, reject(game.CodeGameOver, "", "sdc.over")
	}
	if s.Ask != nil {
		return r.answer(s, cmd, d)
	}
	return r.run(s, cmd, &replayDice{base: d}, map[string]string{})
}

// run decides cmd, stopping at the first die whose owner must say
// whether a senior general rerolls it (an Asked event).
func (r *Rules) run(s *State, cmd game.Command, d *replayDice, answers map[string]string) (evs []game.Event, err error) {
	x := &decider{t: s.clone(), d: d, side: cmd.Side, answers: answers, rerolled: map[int]bool{}}
	defer func() {
		if p := recover(); p != nil {
			a, ok := p.(askPanic)
			if !ok {
				panic(p)
			}
			a.ask.Command, a.ask.Rolls, a.ask.Answers = cmd, d.rolled, answers
			evs, err = []game.Event{Asked{Ask: a.ask}}, nil
		}
	}()
	evs, err = r.decide(s, x, cmd)
	if err == nil && s.Ask == nil && len(evs) > 0 && len(answers) > 0 {
		evs = append(evs, Asked{}) // the question answered: nothing pending
	}
	return evs, err
}

func (r *Rules) decide(s *State, x *decider, cmd game.Command) ([]game.Event, error) {
	if len(s.Reactions) > 0 {
		r := s.Reactions[0]
		if cmd.Verb != "react" || cmd.Side != s.Element(r.Unit).Side {
			p := s.Pending()[0]
			return nil, reject(game.CodePending, "SDC-9.6", "sdc.decide-first", "side", p.Side, "prompt", p.PromptMsg)
		}
		return x.evs, x.react(cmd.Args)
	}
	var err error
	switch cmd.Verb {
	case "roll":
		err = x.roll()
	case "first", "second":
		err = x.first(cmd.Verb == "first")
	case "activate":
		err = x.activate(cmd.Args)
	case "march":
		err = x.march(cmd.Args)
	case "move":
		err = x.move(cmd.Args)
	case "face":
		err = x.face(cmd.Args)
	case "square":
		err = x.square(cmd.Args)
	case "line":
		err = x.line(cmd.Args)
	case "rally":
		err = x.rally(cmd.Args)
	case "fire":
		err = x.fire(cmd.Args)
	case "fight":
		err = x.fight(cmd.Args)
	case "end":
		err = x.end()
	case "enter":
		err = x.enter(cmd.Args)
	case "react":
		err = reject(game.CodeWrongPhase, "SDC-9.6", "sdc.react.none")
	case "army":
		err = x.army(cmd.Args)
	case "deploy":
		err = x.deployBrigade(cmd.Args)
	case "sector":
		err = x.sector()
	case "place":
		err = x.place(cmd.Args)
	case "reroll", "keep", "recoil", "displace":
		err = reject(game.CodeWrongPhase, "SDC-16.8", "sdc.reroll.none")
	default:
		return nil, reject(game.CodeUnknownVerb, "", "sdc.unknown-order", "verb", game.Plain(cmd.Verb))
	}
	if err != nil {
		return nil, err
	}
	return x.evs, nil
}

// roll: both players roll for the initiative (SDC-6.1, SDC-6.2).
func (x *decider) roll() error {
	s := x.t
	if s.Phase != PhaseInitiative {
		return reject(game.CodeWrongPhase, "SDC-6.1", "sdc.wrong-phase", "phase", term(s.Phase))
	}
	a, b := x.d.Roll(6), x.d.Roll(6)
	e := InitiativeRolled{Turn: s.Turn, A: a, B: b, Winner: game.SideA}
	switch {
	case b > a:
		e.Winner = game.SideB
	case a == b:
		e.Winner, e.TieRule = s.LastInit.Other(), true
	}
	x.emit(e)
	return nil
}

// first: the initiative winner starts or lets the other start (SDC-6.3).
func (x *decider) first(me bool) error {
	s := x.t
	if s.Phase == PhaseDeployOrder { // SDC-5.1
		if x.side != s.Active {
			return reject(game.CodeWrongSide, "SDC-5.1", "sdc.not-your-turn", "side", s.Active)
		}
		f := x.side
		if !me {
			f = f.Other()
		}
		if len(s.toDeploy(f)) == 0 {
			f = f.Other()
		}
		x.emit(DeployOrder{Side: x.side, First: f})
		return nil
	}
	if s.Phase != PhaseChoose {
		return reject(game.CodeWrongPhase, "SDC-6.3", "sdc.wrong-phase", "phase", term(s.Phase))
	}
	if x.side != s.Winner {
		return reject(game.CodeWrongSide, "SDC-6.3", "sdc.not-your-turn", "side", s.Winner)
	}
	f := x.side
	if !me {
		f = f.Other()
	}
	if !s.hasGenerals(f) {
		f = f.Other()
	}
	x.emit(FirstChosen{Side: x.side, First: f})
	return nil
}

// hasGenerals reports whether side has a general left to activate.
func (s *State) hasGenerals(side game.Side) bool {
	for i := range s.Generals {
		if g := &s.Generals[i]; g.Side == side && !g.Destroyed && !g.Activated {
			return true
		}
	}
	return false
}

// brigade lists the elements of a general's brigade, destroyed ones too.
func (s *State) brigade(g string) []*Element {
	var out []*Element
	for i := range s.Elements {
		if s.Elements[i].Brigade == g {
			out = append(out, &s.Elements[i])
		}
	}
	return out
}

// CommandCount is the command check's count (SDC-7.1): the elements of
// the brigade destroyed, disordered or beyond the command radius, each
// once, an attack formation as one; and the brigade's elements at the
// start of the game.
func (s *State) CommandCount(g *General) (affected, total int) {
	for _, e := range s.brigade(g.ID) {
		total++
		switch {
		case e.Gone:
			affected++
		case e.Head != "":
		case e.Disordered || grid.HexDistance(g.At, e.At) > CommandRadius:
			affected++
		}
	}
	return affected, total
}

// CommandRadius is 1 PT in hexes (SDC-7.4, SDC-G.24).
const CommandRadius = 4

// activate: the command check, then the activation phase (SDC-7.1 … 7.3).
func (x *decider) activate(args []string) error {
	s := x.t
	if s.Phase != PhaseActivate {
		return reject(game.CodeWrongPhase, "SDC-6.4", "sdc.wrong-phase", "phase", term(s.Phase))
	}
	if x.side != s.Active {
		return reject(game.CodeWrongSide, "SDC-6.4", "sdc.not-your-turn", "side", s.Active)
	}
	if len(args) != 1 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "activate GENERAL")
	}
	g := s.General(args[0])
	switch {
	case g == nil:
		return reject(game.CodeUnknownUnit, "", "sdc.no-general", "unit", game.Plain(args[0]))
	case g.Side != x.side:
		return reject(game.CodeNotYourUnit, "", "sdc.not-yours", "unit", g.ID)
	case g.Destroyed:
		return reject("gone", "SDC-18.1", "sdc.general.gone", "unit", g.ID)
	case g.Activated:
		return reject("activated", "SDC-6.4", "sdc.general.activated", "unit", g.ID)
	}
	if g.Off { // SDC-17.7: no command check off the table
		x.flankTry(g)
		return nil
	}
	aff, total := s.CommandCount(g)
	e := Activated{General: g.ID, Side: g.Side, Affected: aff, Total: total, Passed: true}
	if 2*aff >= total && total > 0 {
		e.Test, e.Need = true, g.Quality
		e.Die, e.Passed = x.test(g.Quality, g.Side, g.At, g.ID)
	}
	if e.Passed {
		for _, el := range s.brigade(g.ID) {
			if !el.Gone && grid.HexDistance(g.At, el.At) <= CommandRadius && !s.inContact(el) {
				e.Movers = append(e.Movers, el.ID)
			}
		}
	}
	x.emit(e)
	if !e.Passed { // SDC-7.3: the general and his brigade rout
		if s.on2("rout", "general") { // option routLeavesElements
			x.emit(BrigadeDestroyed{General: g.ID, Why: "rout"})
		} else {
			x.destroyBrigade(g, "rout")
		}
		x.endActivation()
	}
	return nil
}

// destroyBrigade removes a general and what is left of his brigade.
func (x *decider) destroyBrigade(g *General, why string) {
	var ids []string
	for _, e := range x.t.brigade(g.ID) {
		if !e.Gone {
			ids = append(ids, e.ID)
		}
	}
	x.emit(BrigadeDestroyed{General: g.ID, Why: why, Elements: ids})
}

// end: the general's activation is over (SDC-7.5 E), once every
// element in contact has fought (SDC-11.2).
func (x *decider) end() error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if a, t := s.mustFight(); a != nil {
		return reject("must-fight", "SDC-11.2", "sdc.fight.must", "unit", a.ID, "target", t.ID)
	}
	x.endActivation()
	return nil
}

// mustFight returns an eligible attacker of the active brigade in contact
// with an enemy element not yet targeted (SDC-11.2), if any.
func (s *State) mustFight() (*Element, *Element) {
	for _, e := range s.brigade(s.Current) {
		if !s.canAttack(e) {
			continue
		}
		for _, t := range s.enemiesAdjacent(e.Side, e.At) {
			if !slices.Contains(s.Targeted, t.ID) {
				return e, t
			}
		}
	}
	return nil, nil
}

// endActivation passes the hand (SDC-6.4), or ends the turn (SDC-6.5).
func (x *decider) endActivation() {
	s := x.t
	g := s.Current
	next := game.Nobody
	switch other := s.Active.Other(); {
	case s.hasGenerals(other):
		next = other
	case s.hasGenerals(s.Active):
		next = s.Active
	}
	x.emit(ActivationEnded{General: g, Next: next})
	if next == game.Nobody {
		x.endTurn()
	}
}

// endTurn: army morale (SDC-18.2), then the end of the game (SDC-18.6).
func (x *decider) endTurn() {
	s := x.t
	e := TurnEnded{Turn: s.Turn, Next: game.SideA}
	for _, side := range game.Sides {
		lost, all := s.brigadesLost(side)
		e.Broken[side] = all > 0 && 2*lost >= all
	}
	vp := s.victoryPoints()
	decide := func(why string) *Outcome {
		o := &Outcome{Why: "draw", VP: vp, Broken: e.Broken, Winner: game.Nobody}
		switch {
		case vp[0] > vp[1]:
			o.Winner, o.Why = game.SideA, why
		case vp[1] > vp[0]:
			o.Winner, o.Why = game.SideB, why
		}
		return o
	}
	switch {
	case e.Broken[0] && e.Broken[1]:
		e.Result = decide("both-broken")
	case e.Broken[0] || e.Broken[1]:
		w := game.SideA
		if e.Broken[0] {
			w = game.SideB
		}
		e.Result = &Outcome{Why: "broken", VP: vp, Broken: e.Broken, Winner: w}
	case s.Turn >= s.Turns:
		e.Result = decide("turns")
	}
	x.emit(e)
}

// brigadesLost counts a side's destroyed brigades and all its brigades
// (SDC-18.2).
func (s *State) brigadesLost(side game.Side) (lost, all int) {
	for i := range s.Generals {
		if g := &s.Generals[i]; g.Side == side {
			all++
			if g.Destroyed {
				lost++
			}
		}
	}
	return lost, all
}

// Controls tells who holds an objective centred on c (SDC-4.13,
// SDC-G.22): strictly more non-disordered elements within 1 PT (4 hexes),
// an attack formation counting once, generals not at all.
func (s *State) Controls(c grid.Coord) game.Side {
	var n [2]int
	for i := range s.Elements {
		e := &s.Elements[i]
		if !e.Gone && !e.Off && !e.Disordered && e.Head == "" && grid.HexDistance(c, e.At) <= 4 {
			n[e.Side]++
		}
	}
	switch {
	case n[0] > n[1]:
		return game.SideA
	case n[1] > n[0]:
		return game.SideB
	}
	return game.Nobody
}

// victoryPoints: the objectives held (SDC-4.12, SDC-18.5) and 1 per
// destroyed enemy brigade (SDC-18.4 [P]).
func (s *State) victoryPoints() [2]int {
	var vp [2]int
	if s.sc != nil {
		for _, o := range s.objectives() {
			if len(o.Cells) == 0 {
				continue
			}
			if w := s.Controls(o.Cells[0]); w.Valid() {
				vp[w] += max(o.Points, 1)
			}
		}
	}
	for i := range s.Generals {
		if g := &s.Generals[i]; g.Destroyed {
			vp[g.Side.Other()]++
		}
	}
	return vp
}

// inOrders checks that the side is giving the orders of an activation.
func (x *decider) inOrders() error {
	s := x.t
	if s.Current == "" {
		return reject(game.CodeWrongPhase, "SDC-7.5", "sdc.no-activation")
	}
	if x.side != s.Active {
		return reject(game.CodeWrongSide, "SDC-6.4", "sdc.not-your-turn", "side", s.Active)
	}
	return nil
}

// own finds an element of the activated brigade by id.
func (x *decider) own(id string) (*Element, error) {
	s := x.t
	e := s.Element(id)
	switch {
	case e == nil:
		return nil, reject(game.CodeUnknownUnit, "", "sdc.no-unit", "unit", game.Plain(id))
	case e.Side != x.side:
		return nil, reject(game.CodeNotYourUnit, "", "sdc.not-yours", "unit", e.ID)
	case e.Gone:
		return nil, reject("gone", "SDC-12.4", "sdc.unit.gone", "unit", e.ID)
	case e.Brigade != s.Current:
		return nil, reject("not-activated", "SDC-7.2", "sdc.unit.other-brigade", "unit", e.ID, "general", s.Current)
	}
	return e, nil
}
