package gs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Rules is the Grands Stratèges ruleset.
type Rules struct{}

// New returns the ruleset.
func New() *Rules { return &Rules{} }

func (*Rules) Name() string  { return "gs" }
func (*Rules) Title() string { return "Grands Stratèges" }

// Version 2: events carry the rule outcomes Evolve applies (record.go);
// the logs of version 1 replay through Evolve's legacy path.
func (*Rules) Version() string { return "2" }

var optionSpecs = []game.OptionSpec{
	{Name: "guard-cavalry-mp", Default: "5", Values: []string{"5", "6"}, Rule: "GS-P-02", Help: "movement points of the Guard cavalry, which the rulebook does not state"},
	{Name: "combined-arms", Default: "off", Values: []string{"on", "off"}, Rule: "GS-7", Help: "advanced rule: +1 to the die when infantry, cavalry and artillery attack together"},
	{Name: "long-range", Default: "off", Values: []string{"on", "off"}, Rule: "GS-9", Help: "advanced rule: artillery may fire one hex farther at half strength"},
	{Name: "lower-odds", Default: "off", Values: []string{"on", "off"}, Rule: "GS-10", Help: "advanced rule: the attacker may read a lower odds column (attack … at 2:1)"},
	{Name: "charges", Default: "off", Values: []string{"on", "off"}, Rule: "GS-8", Help: "advanced rule: cavalry charges at double PC (move … charge TARGET)"},
	{Name: "zoc-exit", Default: "off", Values: []string{"on", "off"}, Rule: "GS-12", Help: "advanced rule: cavalry may leave the zone of control of infantry or artillery, and infantry that of artillery, for half their MP"},
	{Name: "reinforcements", Default: "fixed", Values: []string{"fixed", "free-order", "free-road", "die"}, Rule: "GS-S4.special", Help: "how reinforcement groups arrive where a scenario schedules them: fixed turns and roads (option 1), the group of your choice in each slot (2), also on the road of your choice (3), or by die roll (4)"},
	{Name: "face-down", Default: "off", Values: []string{"on", "off"}, Rule: "GS-P-34", Help: "units move face down as 3-MP artillery until revealed (scenarios IX and X)"},
	{Name: "reserves", Default: "off", Values: []string{"off", "on", "dice"}, Rule: "GS-S10.special", Help: "scenario X: each side withdraws 3 infantry, 1 cavalry and 1 artillery that enter from turn 2 to 9 (on), or as a group on a turn rolled d6+2 (dice)"},
	{Name: "reserve-turn-hidden", Default: "on", Values: []string{"on", "off"}, Rule: "GS-S10.special", Help: "keep the rolled entry turn of the reserve secret"},
	{Name: "random-morale", Default: "off", Values: []string{"on", "off"}, Rule: "GS-T4", Help: "each side rolls its demoralization threshold secretly before play (scenarios IXb and X)"},
	{Name: "morale-hidden", Default: "on", Values: []string{"on", "off"}, Rule: "GS-S10.special", Help: "keep the rolled thresholds secret (otherwise they are announced)"},
	{Name: "deploy-literal", Default: "on", Values: []string{"on", "off"}, Rule: "GS-S7.deploy", Help: "scenario VII: A sets up within 12 hexes of the south edge, as the rulebook says; off: at least 12 hexes away (the digest's GS-P-30)"},
	{Name: "zone-pairs", Default: "off", Values: []string{"on", "off"}, Rule: "GS-P-28", Help: "scenario V: one extra point per pair of adjacent zones held (default: one extra point at most)"},
	{Name: "count-units", Default: "on", Values: []string{"on", "off"}, Rule: "GS-S8.victory", Help: "scenarios VIII and X: each side scores the number of its units on the map plus their PC, as the rulebook says; off: PC only (the digest's GS-P-33)"},
	{Name: "morale", Default: "off", Values: []string{"on", "off"}, Rule: "GS-11", Help: "advanced rule: an army that has lost its morale value is demoralized and no longer advances after combat"},
	{Name: "morale-threshold", Default: "50", Rule: "GS-11.1", Help: "losses (percent of the starting PC) that demoralize an army: one number, or A/B such as 40/60 (scenario VIII option b)"},
	{Name: "morale-exclusive", Default: "off", Values: []string{"on", "off"}, Rule: "GS-S8.special", Help: "once one army is demoralized the other can no longer be (scenario VIII option c)"},
}

func (*Rules) OptionSpecs() []game.OptionSpec { return slices.Clone(optionSpecs) }

// checkOptions merges the scenario's defaults with the game's options.
func checkOptions(sc *game.Scenario, opts game.Options) (game.Options, error) {
	return game.MergeOptions(optionSpecs, sc.Options, opts)
}

// Start builds the opening position: units placed by the scenario are on
// the map; the others wait for the simultaneous secret set-up
// (GS-S1.deploy, GS-P-20), or the game starts at the scenario's test
// position.
func (*Rules) Start(sc *game.Scenario, opts game.Options) (game.State, error) {
	if sc.Map == nil || sc.Map.Grid == nil {
		return nil, fmt.Errorf("gs: scenario %s has no map", sc.ID)
	}
	for _, t := range []string{"crt", "move-cost", "defence"} {
		if sc.Tables[t] == nil {
			return nil, fmt.Errorf("gs: scenario %s has no %s table", sc.ID, t)
		}
	}
	if sc.Turns < 1 {
		return nil, fmt.Errorf("gs: scenario %s: turns = %d: a Grands Stratèges battle ends after its last turn, so it needs a number of turns", sc.ID, sc.Turns)
	}
	o, err := checkOptions(sc, opts)
	if err != nil {
		return nil, err
	}
	s := &State{sc: sc, opts: o, Turns: sc.Turns, Turn: 1}
	needSetup := false
	for _, us := range sc.Units {
		u := Unit{ID: us.ID, Name: us.Name, Side: us.Side, Arm: us.Type, PC: us.Values["pc"], MP: us.Values["mp"], Flags: slices.Clone(us.Flags)}
		switch u.Arm {
		case Infantry, Cavalry, Artillery:
		default:
			return nil, fmt.Errorf("gs: scenario %s: unit %s has type %q (want infantry, cavalry or artillery)", sc.ID, u.ID, u.Arm)
		}
		if u.PC <= 0 || u.MP <= 0 {
			return nil, fmt.Errorf("gs: scenario %s: unit %s needs pc and mp values", sc.ID, u.ID)
		}
		u.Group = us.Group
		switch {
		case us.At != nil:
			u.At, u.Status, u.Placed = *us.At, game.StatusActive, true
		case us.Group != "":
			u.Status = game.StatusReserve // a reinforcement
		default:
			u.Status = game.StatusReserve
			needSetup = true
		}
		s.Units = append(s.Units, u)
	}
	if err := s.setupMorale(); err != nil {
		return nil, err
	}
	if err := s.openScheduled(); err != nil {
		return nil, fmt.Errorf("gs: scenario %s: %w", sc.ID, err)
	}
	if err := s.groupEntries(); err != nil {
		return nil, fmt.Errorf("gs: scenario %s: %w", sc.ID, err)
	}
	switch {
	case sc.Start != nil:
		side, phase, err := parseStartPhase(sc.Start.Phase)
		if err != nil {
			return nil, fmt.Errorf("gs: scenario %s: %w", sc.ID, err)
		}
		s.Turn, s.Phase, s.Active = max(1, sc.Start.Turn), phase, side
		if s.on("face-down") {
			for i := range s.Units {
				s.Units[i].FaceDown = true // a test position keeps its own ids
			}
		}
		if phase == PhaseCombat {
			s.MustAttack, s.StartAt = obligations(s)
		}
	case needSetup:
		s.Phase, s.Active = PhaseSetup, game.Nobody
		for _, side := range game.Sides {
			if _, ok := sc.Zones["deploy-"+side.String()]; !ok && s.hasUnplaced(side) {
				return nil, fmt.Errorf("gs: scenario %s: side %s has units to deploy but no zone deploy-%s", sc.ID, side, side)
			}
			s.Ready[side] = !s.hasUnplaced(side) && !s.roadsDue(side) && !s.corpsDue(side) && !s.drawDue(side)
		}
	default:
		s.Phase, s.Active = PhaseMove, game.SideA
	}
	return s, nil
}

func parseStartPhase(p string) (game.Side, string, error) {
	parts := strings.SplitN(p, "-", 2)
	if len(parts) == 2 && (parts[0] == PhaseMove || parts[0] == PhaseCombat) {
		if side, err := game.ParseSide(parts[1]); err == nil && side.Valid() {
			return side, parts[0], nil
		}
	}
	return game.Nobody, "", fmt.Errorf("start phase %q: want move-A, combat-A, move-B or combat-B", p)
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
	return decodeState(sc, o, b)
}

func (*Rules) Evolve(s game.State, e game.Event) game.State {
	return evolve(s.(*State), e)
}

// Decide validates an order and returns its events, each with the rule
// outcomes Evolve applies recorded in it (record).
func (*Rules) Decide(gs game.State, cmd game.Command, dice game.Dice) ([]game.Event, error) {
	evs, err := decide(gs, cmd, dice)
	if err != nil {
		return nil, err
	}
	return recordAll(gs.(*State), evs), nil
}

func decide(gs game.State, cmd game.Command, dice game.Dice) ([]game.Event, error) {
	s := gs.(*State)
	if s.Result != nil {
		return nil, game.Reject(game.CodeGameOver, "", "game.over")
	}
	if !cmd.Side.Valid() {
		return nil, game.Reject(game.CodeWrongSide, "", "game.order.no-side")
	}
	switch cmd.Verb {
	case "deploy", "ready":
		return s.decideSetup(cmd, dice)
	case "retreat":
		return s.decideRetreat(cmd)
	case "lose":
		return s.decideLose(cmd)
	case "advance":
		return s.decideAdvance(cmd)
	case "reinforce":
		return s.decideReinforce(cmd)
	case "withdraw":
		return s.decideWithdraw(cmd)
	case "roads":
		return s.decideRoads(cmd)
	case "form":
		return s.decideForm(cmd)
	case "draw-forces", "draw": // "draw" in logs written before draw-forces
		return s.decideDraw(cmd, dice)
	case "send":
		return s.decideSend(cmd)
	case "reveal":
		if s.Phase != PhaseMove || cmd.Side != s.Active {
			return nil, game.Reject(game.CodeWrongPhase, "GS-S9a.special", "gs.wrong-phase.reveal")
		}
		return s.decideReveal(cmd)
	case "move", "attack", "bombard", "end":
	default:
		return nil, game.Reject(game.CodeUnknownVerb, "", "gs.unknown-order", "verb", game.Plain(cmd.Verb), "orders", verbList)
	}
	if s.Phase == PhaseSetup {
		return nil, game.Reject(game.CodeWrongPhase, "GS-S1.deploy", "gs.wrong-phase.setup")
	}
	if s.Res != nil {
		d := s.pendingDecision()
		return nil, game.Reject(game.CodePending, d.Rule, "game.decision.first", "side", d.Side, "prompt", d.PromptMsg)
	}
	if cmd.Side != s.Active {
		return nil, game.Reject(game.CodeWrongSide, "GS-1.1", "gs.not-your-turn", "side", s.Active, "phase", game.Term(s.Phase))
	}
	if p := s.Pending(); len(p) > 0 {
		return nil, game.Reject(game.CodePending, p[0].Rule, "gs.decision-pending.first", "prompt", p[0].PromptMsg)
	}
	switch cmd.Verb {
	case "move":
		if s.Phase != PhaseMove {
			return nil, game.Reject(game.CodeWrongPhase, "GS-2.7", "gs.wrong-phase.move")
		}
		return s.decideMove(cmd)
	case "attack", "bombard":
		if s.Phase != PhaseCombat {
			return nil, game.Reject(game.CodeWrongPhase, "GS-2.7", "gs.wrong-phase.combat")
		}
		return s.decideAttack(cmd, dice)
	default:
		return s.decideEnd(cmd, dice)
	}
}

// decideEnd ends the active side's phase.
func (s *State) decideEnd(cmd game.Command, dice game.Dice) ([]game.Event, error) {
	if len(cmd.Args) > 0 {
		return nil, game.Reject(game.CodeSyntax, "GS-1.1", "gs.syntax.end")
	}
	d := &decider{s: s, dice: dice}
	if s.Phase == PhaseMove {
		if must := s.mustEnter(s.Active); len(must) > 0 {
			return nil, game.Reject("must-enter", "GS-P-29", "gs.must-enter", "n", s.quota(s.Active)-s.enteredThisTurn(s.Active), "units", strings.Join(must, " "))
		}
	}
	if s.Phase == PhaseCombat {
		if open := s.openObligations(); len(open) > 0 {
			return nil, game.Reject("obligation", "GS-4.2", "gs.obligation.end", "open", open)
		}
	}
	d.nextPhase()
	return d.evs, nil
}

// nextPhase moves the clock on, skipping a combat phase in which the
// active side can fight nobody, and ends the game after the last turn.
func (d *decider) nextPhase() {
	s := d.s
	switch {
	case s.Phase == PhaseMove:
		d.emit(PhaseChanged{Turn: s.Turn, Phase: PhaseCombat, Active: s.Active})
		if !d.s.anyCombat() {
			d.emitSkip(en(game.M("gs.event.no-combat", "side", s.Active)))
		}
	default:
		d.emitSkip("")
	}
}

// emitSkip ends the current combat phase.
func (d *decider) emitSkip(why string) {
	s := d.s
	switch {
	case s.Active == game.SideA:
		d.emit(PhaseChanged{Turn: s.Turn, Phase: PhaseMove, Active: game.SideB, Skipped: why})
	case s.Turn >= s.Turns:
		d.emit(GameEnded{Outcome: finalOutcome(s)})
		return
	default:
		d.emit(PhaseChanged{Turn: s.Turn + 1, Phase: PhaseMove, Active: game.SideA, Skipped: why})
	}
	d.phaseStart()
}

// anyCombat reports whether the active side could declare any combat.
func (s *State) anyCombat() bool {
	for i := range s.Units {
		a := &s.Units[i]
		if a.Side != s.Active || !s.mayAttack(a) {
			continue
		}
		for j := range s.Units {
			d := &s.Units[j]
			if !s.mayBeAttacked(d) {
				continue
			}
			if s.canClose(a, d) {
				return true
			}
			if a.Arm == Artillery {
				if _, err := s.fire(a, d.At); err == nil {
					return true
				}
			}
		}
	}
	return false
}

// Pending lists the decisions waiting for a player.
func (s *State) Pending() []game.Decision {
	if s.Result != nil {
		return nil
	}
	if s.Phase == PhaseSetup {
		var out []game.Decision
		for _, side := range game.Sides {
			if s.Ready[side] {
				continue
			}
			d := game.Decision{ID: "setup-" + side.String(), Side: side, Kind: "deploy", Rule: "GS-P-20"}
			ask(&d, game.M("gs.prompt.deploy", "side", side))
			if s.drawDue(side) {
				d.Kind, d.Rule = "draw", "GS-S9a.forces"
				ask(&d, game.M("gs.prompt.draw"))
				d.Options = append(d.Options, choice(game.M("gs.option.draw"), "draw-forces"))
			} else if s.corpsDue(side) {
				d.Kind, d.Rule = "corps", "GS-S5.deploy"
				ask(&d, game.M("gs.prompt.form"))
				d.Options = append(d.Options, choice(game.M("gs.option.form-auto"), "form auto"))
			} else if s.roadsDue(side) {
				d.Kind, d.Rule = "roads", "GS-S7.deploy"
				ask(&d, game.M("gs.prompt.roads"))
				d.Options = append(d.Options, choice(game.M("gs.option.roads-auto"), "roads auto"))
			} else if w, _ := s.withdrawal(side); w != nil && s.mustWithdraw(side) {
				d.Kind, d.Rule = "withdraw", "GS-S8.deploy"
				ask(&d, game.M("gs.prompt.withdraw", "forces", describeWithdrawal(w)))
				d.Options = append(d.Options, choice(game.M("gs.option.withdraw-auto"), "withdraw auto"))
			} else if s.canAutoDeploy(side) {
				d.Options = append(d.Options, choice(game.M("gs.option.deploy-auto"), "deploy auto"))
			} else if s.mayBeReady(side) {
				d.Options = append(d.Options, choice(game.M("gs.option.ready"), "ready"))
			}
			out = append(out, d)
		}
		return out
	}
	if s.Res != nil {
		return []game.Decision{s.pendingDecision()}
	}
	if s.Active.Valid() && s.RoadDue[s.Active] != "" {
		return []game.Decision{s.roadDecision(s.Active)}
	}
	if k := s.slotDue(s.Active); k >= 0 {
		return []game.Decision{s.reinforceDecision(s.Active, k)}
	}
	if s.Active.Valid() && s.corpsEntryDue(s.Active) {
		return []game.Decision{s.corpsDecision(s.Active)}
	}
	return nil
}

// Legal lists every order side may give now.
func (r *Rules) Legal(gs game.State, side game.Side) []game.Option {
	s := gs.(*State)
	if s.Result != nil {
		return nil
	}
	if s.Phase == PhaseSetup {
		return s.legalSetup(side)
	}
	if p := s.Pending(); len(p) > 0 {
		if p[0].Side != side {
			return nil
		}
		return p[0].Options
	}
	if side != s.Active {
		return nil
	}
	var out []game.Option
	if s.Phase == PhaseMove {
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side != side || s.canMove(side, u) != nil {
				continue
			}
			node := game.Option{Label: u.ID}
			for _, c := range s.destinations(u) {
				node.Children = append(node.Children, game.Option{Label: s.label(c), Command: "move " + u.ID + " " + s.label(c)})
			}
			if u.OnMap() && s.onEdge(u.At) {
				if _, err := s.decideExit(u, []grid.Coord{u.At}, 0); err == nil {
					node.Children = append(node.Children, choice(game.M("gs.option.leave-map"), "move "+u.ID+" off"))
				}
			}
			if len(node.Children) > 0 {
				out = append(out, node)
			}
		}
		if len(s.mustEnter(side)) == 0 {
			out = append(out, choice(game.M("gs.option.end-move"), "end"))
		}
		return out
	}
	out = s.legalCombats()
	if len(s.openObligations()) == 0 {
		out = append(out, choice(game.M("gs.option.end-combat"), "end"))
	}
	return out
}

// legalCombats lists valid combat declarations, grouped by first target.
func (s *State) legalCombats() []game.Option {
	var atk, def []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == s.Active && s.mayAttack(u) {
			atk = append(atk, u)
		}
		if s.mayBeAttacked(u) {
			def = append(def, u)
		}
	}
	seen := map[string]bool{}
	groups := map[string]*game.Option{}
	var order []string
	add := func(attackers, bomb, defenders []*Unit) {
		if len(attackers)+len(bomb) == 0 || len(defenders) == 0 {
			return
		}
		dec := &declaration{close: attackers, bombard: bomb, defs: defenders, targets: map[string]*Unit{}}
		text := "attack " + ids(append(slices.Clone(attackers), bomb...)) + " -> " + ids(defenders)
		if len(attackers) == 0 {
			text = "bombard " + ids(bomb) + " -> " + ids(defenders)
		}
		if seen[text] {
			return
		}
		seen[text] = true
		if s.checkAttack(dec) != nil {
			return
		}
		key := defenders[0].ID
		if groups[key] == nil {
			groups[key] = &game.Option{Label: "→ " + key}
			order = append(order, key)
		}
		groups[key].Children = append(groups[key].Children, game.Option{Label: text, Command: text})
	}
	for _, d := range def {
		var adj, arts []*Unit
		for _, a := range atk {
			if s.canClose(a, d) {
				adj = append(adj, a)
			} else if a.Arm == Artillery {
				if _, err := s.fire(a, d.At); err == nil {
					arts = append(arts, a)
				}
			}
		}
		for mask := 1; mask < 1<<len(adj); mask++ {
			var set []*Unit
			for i := range adj {
				if mask&(1<<i) != 0 {
					set = append(set, adj[i])
				}
			}
			add(set, nil, []*Unit{d})
		}
		if len(arts) > 0 {
			add(adj, arts, []*Unit{d})
			for _, b := range arts {
				add(nil, []*Unit{b}, []*Unit{d})
			}
		}
	}
	for _, a := range atk {
		var adj []*Unit
		for _, d := range def {
			if s.canClose(a, d) {
				adj = append(adj, d)
			}
		}
		for mask := 3; mask < 1<<len(adj); mask++ {
			var set []*Unit
			for i := range adj {
				if mask&(1<<i) != 0 {
					set = append(set, adj[i])
				}
			}
			if len(set) > 1 {
				add([]*Unit{a}, nil, set)
			}
		}
	}
	var out []game.Option
	for _, k := range order {
		out = append(out, *groups[k])
	}
	return out
}

func ids(us []*Unit) string {
	var out []string
	for _, u := range us {
		out = append(out, u.ID)
	}
	return strings.Join(out, " ")
}

// Check verifies the invariants of a position: no two units in one hex,
// every unit on the map, losses equal to the eliminated PC.
func (*Rules) Check(gs game.State) error {
	s := gs.(*State)
	seen := map[grid.Coord]string{}
	var losses [2]int
	for i := range s.Units {
		u := &s.Units[i]
		if u.Status == game.StatusEliminated {
			losses[u.Side] += u.PC
		}
		if !u.OnMap() {
			continue
		}
		if !s.m().Grid.Contains(u.At) {
			return fmt.Errorf("%s is off the map at %v", u.ID, u.At)
		}
		if o, ok := seen[u.At]; ok {
			return fmt.Errorf("%s and %s share %s (GS-2.6)", o, u.ID, s.label(u.At))
		}
		seen[u.At] = u.ID
	}
	if losses != s.Losses {
		return fmt.Errorf("losses %v do not match eliminated PC %v", s.Losses, losses)
	}
	return nil
}
