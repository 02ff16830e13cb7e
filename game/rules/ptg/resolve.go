package ptg

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// decider accumulates the events of one order, folding each into a
// working copy of the state so that later steps see earlier results.
type decider struct {
	s    *State
	dice game.Dice
	evs  []game.Event
}

func (d *decider) emit(e game.Event) {
	if unrecorded(e) {
		e = d.s.record(e)
	}
	d.evs = append(d.evs, e)
	d.s = evolve(d.s, e)
}

// roll rolls the one die of the game (PTG-2.0).
func (d *decider) roll() int {
	if d.dice == nil {
		panic(game.ErrDiceExhausted)
	}
	return d.dice.Roll(6)
}

func (d *decider) queue(front bool, steps ...Step) {
	d.emit(Queued{Steps: steps, Front: front})
}

func (d *decider) pop() { d.emit(Popped{}) }

// elimPoints is the army morale a unit costs when eliminated (PTG-10.0.1):
// one for artillery, its current strength for others.
func elimPoints(u *Unit) int {
	if u.Artillery() {
		return 1
	}
	return u.Strength()
}

// loseStep takes one step from u (PTG-3.3): it flips, or is eliminated.
// why is the reason: a result code (string) or a message.
func (d *decider) loseStep(id string, why any, rule string) {
	u := d.s.Unit(id)
	if !u.OnMap() {
		return
	}
	at := u.At
	if u.CanFlip() {
		pts := u.Str - u.Red
		d.emit(StepLost{Unit: id, At: at, Points: pts, Rule: rule,
			Msg: game.M("ptg.step-lost", "unit", id, "why", reasonArg(why), "from", u.Str, "to", u.Red, "points", pts, "rule", rule, "dem", d.s.demoralizes(u.Side, pts))})
	} else {
		pts := elimPoints(u)
		d.emit(StepLost{Unit: id, At: at, Eliminated: true, Points: pts, Rule: rule,
			Msg: game.M("ptg.last-step", "unit", id, "why", reasonArg(why), "points", pts, "rule", rule, "dem", d.s.demoralizes(u.Side, pts))})
		d.vacate(id, at)
	}
}

// eliminate removes a whole unit.
func (d *decider) eliminate(id string, why any, rule string) {
	u := d.s.Unit(id)
	if !u.OnMap() {
		return
	}
	at := u.At
	pts := elimPoints(u)
	d.emit(Eliminated{Unit: id, At: at, Points: pts, Rule: rule,
		Msg: game.M("ptg.eliminated", "unit", id, "hex", d.s.label(at), "why", reasonArg(why), "points", pts, "rule", rule, "dem", d.s.demoralizes(u.Side, pts))})
	d.vacate(id, at)
}

// remove takes a unit off the map without loss (PTG-7.3.6, 9.0).
func (d *decider) remove(id string, why any, rule string) {
	u := d.s.Unit(id)
	if !u.OnMap() {
		return
	}
	at := u.At
	d.emit(Removed{Unit: id, At: at, Status: StatusRemoved, Rule: rule,
		Msg: game.M("ptg.removed", "unit", id, "why", reasonArg(why), "rule", rule)})
	d.vacate(id, at)
}

// demoralizes narrates an army reaching its demoralization level with
// this loss (PTG-10.0.3: it takes effect at once).
func (s *State) demoralizes(side game.Side, pts int) game.Msg {
	n := max(0, s.NMA[side]-pts)
	if s.NMA[side] > s.DemAt[side] && n <= s.DemAt[side] {
		return game.M("ptg.demoralized", "army", armyF(side), "n", n)
	}
	return game.Msg{}
}

// reasonArg is a loss's reason as a message argument: the result codes
// (D1, Ex …) read the same in every language.
func reasonArg(why any) any {
	if why == "bombardment 1" {
		return game.M("ptg.reason.bombardment")
	}
	return why
}

// vacate notes a hex emptied by a combatant of the losing side (PTG-7.5).
func (d *decider) vacate(id string, from grid.Coord) {
	s := d.s
	f := s.Fight
	if f == nil || f.Result == "" {
		return
	}
	u := s.Unit(id)
	for _, o := range s.combatAt(from) {
		if o.Side == u.Side {
			return
		}
	}
	for _, v := range f.Vacated {
		if v.At == from {
			return
		}
	}
	if !slices.Contains(f.Attackers, id) && !slices.Contains(f.Defenders, id) {
		return // pushed units do not open a hex (P-ADV)
	}
	if side, ok := s.advanceSide(from, u.Side); ok {
		d.emit(Vacancy{At: from, Side: side})
	}
}

// advanceSide says which side may advance into a hex its enemy left in
// the current combat: the attacker after Dr, DR, Ex, Ee, De (read per
// hex), the defender after Ar, AR; nobody after Br, A1, D1 (PTG-7.5.3,
// CRT legend, P-ADV-D1).
func (s *State) advanceSide(from grid.Coord, loser game.Side) (game.Side, bool) {
	f := s.Fight
	d1 := s.on("advance-after-d1")
	if f.Result == "surrender" || f.Result == "evade" {
		return f.Side, loser != f.Side
	}
	if loser != f.Side {
		i := slices.Index(f.Hexes, from)
		if i < 0 {
			return 0, false
		}
		r := f.HexResult[i]
		if slices.Contains([]string{"Dr", "DR", "Ex", "Ee", "De", "r", "1"}, r) || (d1 && r == "D1") {
			return f.Side, true
		}
		return 0, false
	}
	for _, r := range f.HexResult {
		if r == "Ar" || r == "AR" || (d1 && r == "A1") {
			return f.Side.Other(), true
		}
	}
	return 0, false
}

// settle carries out every step that needs no choice, then closes the
// combat, checks for a collapsed army and moves the clock on when a
// player turn has nothing left to do.
func (d *decider) settle() {
	for d.s.Result == nil && len(d.s.Queue) > 0 {
		if !d.auto(d.s.Queue[0]) {
			break
		}
	}
	if d.s.Result != nil {
		return
	}
	if d.checkCollapse() {
		return
	}
	if d.s.Phase == PhaseEnd && len(d.s.Queue) == 0 {
		d.nextPlayerTurn()
	}
}

// auto carries out the head step if it needs no choice, and reports
// whether it did.
func (d *decider) auto(st Step) bool {
	s := d.s
	switch st.Kind {
	case "loss":
		c := s.lossCandidates(st)
		switch len(c) {
		case 0:
			d.pop()
		case 1:
			d.pop()
			d.loseStep(c[0], st.Reason, st.Rule)
		default:
			return false
		}
	case "retreat":
		return d.autoRetreat(st)
	case "push":
		c := s.pushCandidates(st)
		switch len(c) {
		case 0:
			d.pop()
			d.eliminate(st.Unit, game.M("ptg.reason.blocked"), "PTG-7.3.5")
		case 1:
			d.pushChosen(st, c[0])
		default:
			return false
		}
	case "advance":
		if len(s.advanceOptions()) == 0 {
			d.pop()
		} else {
			return false
		}
	case "close":
		d.pop()
		d.closeFight()
	case "firezone":
		return false
	case "displace":
		if len(st.Cells) == 1 {
			d.pop()
			d.emit(LeaderDisplaced{Leader: st.Unit, From: s.Unit(st.Unit).At, To: st.Cells[0],
				Msg: game.M("ptg.leader.carried", "unit", st.Unit, "hex", s.label(st.Cells[0]))})
		} else {
			return false
		}
	case "replace":
		cells := s.replaceCells(st.Unit)
		switch len(cells) {
		case 0:
			d.pop()
			u := s.Unit(st.Unit)
			d.emit(Removed{Unit: st.Unit, At: u.At, Status: game.StatusEliminated, Rule: "PTG-8.3",
				Msg: game.M("ptg.leader.no-unit", "unit", st.Unit)})
		case 1:
			d.pop()
			d.emit(LeaderPlaced{Leader: st.Unit, At: cells[0], Msg: game.M("ptg.leader.replaced", "unit", st.Unit, "hex", s.label(cells[0]))})
		default:
			return false
		}
	case "eliminate":
		d.pop()
		d.eliminate(st.Unit, game.M("ptg.reason.all-eliminated", "result", st.Reason), st.Rule)
	case "defence":
		return false
	default:
		d.pop()
	}
	return true
}

// checkCollapse ends the game when an army's morale reaches 0 (PTG-10.0.4).
// It waits until every loss of the current result has been taken (the
// step losses, retreats, routs and pushes), so the losses of one combat
// result count together: if both armies collapse, the phasing player wins.
func (d *decider) checkCollapse() bool {
	s := d.s
	if s.Result != nil || s.Phase == PhaseSetup {
		return false
	}
	for _, st := range s.Queue {
		switch st.Kind {
		case "defence", "loss", "retreat", "push", "eliminate":
			return false
		}
	}
	a, b := s.NMA[Swedes] == 0, s.NMA[Russians] == 0
	if !a && !b {
		return false
	}
	o := game.Outcome{Over: true, Score: s.NMA, Rule: "PTG-10.0.4"}
	var msg game.Msg
	switch {
	case a && b:
		o.Winner = s.Active
		msg = game.M("ptg.end.both-collapse", "army", armyF(s.Active))
	case a:
		o.Winner = Russians
		msg = game.M("ptg.end.swedes-collapse")
	default:
		o.Winner = Swedes
		msg = game.M("ptg.end.russians-collapse")
	}
	o.Result, o.ResultMsg = game.Render(game.LangEN, msg), msg
	d.emit(GameEnded{Outcome: o})
	return true
}

// lossCandidates lists the units that may take a step loss: attackers
// (adjacent ones: non-adjacent artillery is immune, PTG-7.1.3; artillery
// only as a last resort on Ex and Ee) or defenders; for a rout, units
// that will actually rout first (P-ROUT-STEP).
func (s *State) lossCandidates(st Step) []string {
	var all []string
	for _, id := range st.Units {
		if u := s.Unit(id); u.OnMap() {
			all = append(all, id)
		}
	}
	prefer := func(ok func(u *Unit) bool) {
		var keep []string
		for _, id := range all {
			if ok(s.Unit(id)) {
				keep = append(keep, id)
			}
		}
		if len(keep) > 0 {
			all = keep
		}
	}
	if st.Reason == "Ex" || st.Reason == "Ee" {
		if st.Attacker {
			prefer(func(u *Unit) bool { return !u.Artillery() }) // PTG-7.1.3
		}
	}
	if st.Rout && s.on("rout-step-from-router") {
		prefer(func(u *Unit) bool { return s.willRout(u) })
	}
	return all
}

// willRout reports a unit that would rout rather than be eliminated by
// the rout itself (P-ROUT-STEP).
func (s *State) willRout(u *Unit) bool {
	return !u.Artillery() && !u.Routed && u.Class() != ClassPicket && !u.Immobile && s.baseMA(u) > 0
}

// defaultLoss is the unit a loss step falls on when its owner does not
// choose (§9.2): the fewest army morale points, never artillery while a
// non-artillery unit can take it, ties to the highest current strength.
func (s *State) defaultLoss(ids []string) int {
	best := 0
	score := func(id string) (int, int, int) {
		u := s.Unit(id)
		art := 0
		if u.Artillery() {
			art = 1
		}
		pts := elimPoints(u)
		if u.CanFlip() {
			pts = u.Str - u.Red
		}
		return art, pts, -u.Strength()
	}
	for i := range ids {
		a1, p1, s1 := score(ids[i])
		a0, p0, s0 := score(ids[best])
		if a1 < a0 || (a1 == a0 && (p1 < p0 || (p1 == p0 && s1 < s0))) {
			best = i
		}
	}
	return best
}

// decision describes the head step as a Decision.
func (s *State) decision() game.Decision {
	st := s.Queue[0]
	dec := game.Decision{Side: st.Side, Kind: st.Kind, Rule: st.Rule}
	dec.ID = fmt.Sprintf("t%d-%s-%s-c%d-%s-%s-%s%s-%d", s.Turn, s.Phase, s.Active, s.Combats, st.Kind, st.Side, st.Unit, strings.Join(st.Units, "+"), len(st.Chain))
	switch st.Kind {
	case "defence":
		dec.Rule = "PTG-7.0.2"
		dec.PromptMsg = game.M("ptg.prompt.defence", "id", s.Fight.ID, "hexes", s.labels(s.Fight.Hexes))
		for _, o := range s.defenceOptions() {
			dec.Options = append(dec.Options, game.Option{Label: o, Command: o})
		}
	case "loss":
		c := s.lossCandidates(st)
		dec.PromptMsg = game.M("ptg.prompt.loss", "why", reasonArg(st.Reason))
		for _, u := range c {
			dec.Options = append(dec.Options, game.Option{Label: u, Command: "lose " + u})
			dec.Cells = append(dec.Cells, s.Unit(u).At)
		}
		dec.Default = s.defaultLoss(c)
	case "retreat":
		u := s.Unit(st.Unit)
		paths := s.retreatChoices(st)
		key := "ptg.prompt.retreat"
		if st.Rout {
			key = "ptg.prompt.rout"
		}
		dec.PromptMsg = game.M(key, "unit", st.Unit, "n", st.N, "hex", s.label(u.At))
		for _, p := range paths {
			cmd := "retreat " + st.Unit + " " + s.pathText(p)
			dec.Options = append(dec.Options, game.Option{Label: s.pathText(p), Command: cmd})
			dec.Cells = append(dec.Cells, p.final())
		}
	case "push":
		dec.PromptMsg = game.M("ptg.prompt.push", "unit", st.Unit, "hex", s.label(st.At))
		for _, u := range s.pushCandidates(st) {
			dec.Options = append(dec.Options, game.Option{Label: u, Command: "push " + u})
			dec.Cells = append(dec.Cells, st.At)
		}
	case "advance":
		dec.PromptMsg = game.M("ptg.prompt.advance")
		if opts := s.advanceOptions(); len(opts) > 0 {
			dec.Side = s.Unit(opts[0].unit).Side // the victorious side (PTG-7.5)
		}
		for _, a := range s.advanceOptions() {
			dec.Options = append(dec.Options, a.option(s))
			dec.Cells = append(dec.Cells, a.to)
		}
		dec.Options = append(dec.Options, option("advance none", "ptg.opt.no-advance"))
		dec.Default = len(dec.Options) - 1
	case "firezone":
		dec.PromptMsg = game.M("ptg.prompt.repulse", "unit", st.Unit, "hex", s.label(st.From))
		dec.Options = []game.Option{
			option("repulse "+st.Unit, "ptg.opt.repulse", "hex", s.label(st.From)),
			option("lose "+st.Unit, "ptg.opt.lose-go-on"),
		}
		dec.Cells = []grid.Coord{st.From}
	case "displace":
		dec.PromptMsg = game.M("ptg.prompt.displace", "unit", st.Unit)
		for _, c := range st.Cells {
			dec.Options = append(dec.Options, game.Option{Label: s.label(c), Command: "displace " + st.Unit + " " + s.label(c)})
		}
		dec.Cells = st.Cells
		dec.Default = s.defaultDisplace(st.Cells)
	case "replace":
		cells := s.replaceCells(st.Unit)
		dec.PromptMsg = game.M("ptg.prompt.replace", "unit", st.Unit)
		for _, c := range cells {
			dec.Options = append(dec.Options, game.Option{Label: s.label(c), Command: "replace " + st.Unit + " " + s.label(c)})
		}
		dec.Cells = cells
		dec.Default = s.defaultReplace(st, cells)
	}
	dec.Prompt = game.Render(game.LangEN, dec.PromptMsg)
	return dec
}

// defaultDisplace is the tied hex with the strongest friendly unit, then
// the lowest label (§9.2).
func (s *State) defaultDisplace(cells []grid.Coord) int {
	best, bestStr := 0, -1
	for i, c := range cells {
		str := 0
		for _, u := range s.combatAt(c) {
			str = max(str, u.Strength())
		}
		if str > bestStr {
			best, bestStr = i, str
		}
	}
	return best
}

// defaultReplace is the friendly combat unit nearest where the leader
// fell, ties to the highest strength (§9.2).
func (s *State) defaultReplace(st Step, cells []grid.Coord) int {
	best := 0
	bestD, bestS := 1<<30, -1
	for i, c := range cells {
		dd := s.dist(c, st.At)
		str := 0
		for _, u := range s.combatAt(c) {
			str = max(str, u.Strength())
		}
		if dd < bestD || (dd == bestD && str > bestS) {
			best, bestD, bestS = i, dd, str
		}
	}
	return best
}

// answer handles the orders that answer the pending decision.
func (d *decider) answer(cmd game.Command) error {
	s := d.s
	if s.Phase == PhaseSetup {
		return game.Reject(game.CodeWrongPhase, "PTG-13.0", "ptg.decide.setting-up")
	}
	if len(s.Queue) == 0 {
		return game.Reject("nothing-pending", "PTG-3.1", "ptg.decide.nothing", "verb", game.Plain(cmd.Verb), "phase", phaseTerm(s.Phase))
	}
	st := s.Queue[0]
	dec := s.decision()
	if dec.Side != cmd.Side {
		return game.Reject(game.CodeWrongSide, dec.Rule, "ptg.decide.other-first", "army", army(dec.Side), "prompt", dec.PromptMsg)
	}
	want := map[string][]string{
		"defence": {"defend", "surrender", "evade"}, "loss": {"lose"}, "retreat": {"retreat"}, "push": {"push"},
		"advance": {"advance"}, "firezone": {"repulse", "lose"}, "displace": {"displace"}, "replace": {"replace"},
	}[st.Kind]
	if !slices.Contains(want, cmd.Verb) {
		return game.Reject(game.CodePending, dec.Rule, "ptg.decide.pending", "kind", game.Term("ptg.step."+st.Kind), "prompt", dec.PromptMsg, "orders", strings.Join(game.Leaves(dec.Options), " | "))
	}
	var err error
	switch st.Kind {
	case "defence":
		err = d.defence(cmd)
	case "loss":
		err = d.chooseLoss(st, cmd)
	case "retreat":
		err = d.chooseRetreat(st, cmd)
	case "push":
		err = d.choosePush(st, cmd)
	case "advance":
		err = d.chooseAdvance(cmd)
	case "firezone":
		err = d.chooseRepulse(st, cmd)
	case "displace", "replace":
		err = d.chooseLeaderHex(st, cmd)
	}
	if err != nil {
		return err
	}
	d.settle()
	return nil
}

func (d *decider) chooseLoss(st Step, cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, st.Rule, "ptg.decide.lose-syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	c := s.lossCandidates(st)
	if !slices.Contains(c, u.ID) {
		return game.Reject("bad-loss", st.Rule, "ptg.decide.bad-loss", "unit", u.ID, "units", strings.Join(c, ", "))
	}
	d.pop()
	d.loseStep(u.ID, st.Reason, st.Rule)
	return nil
}

func (d *decider) chooseLeaderHex(st Step, cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "PTG-8.2", "ptg.decide.leader-syntax", "verb", game.Plain(cmd.Verb))
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if u.ID != st.Unit {
		return game.Reject("not-this-unit", "PTG-8.2", "ptg.decide.not-this", "unit", st.Unit, "other", u.ID)
	}
	c, err := s.cell(cmd.Args[1])
	if err != nil {
		return err
	}
	cells := st.Cells
	if st.Kind == "replace" {
		cells = s.replaceCells(st.Unit)
	}
	if !slices.Contains(cells, c) {
		return game.Reject("bad-hex", "PTG-8.2", "ptg.decide.bad-hex", "unit", u.ID, "hexes", s.labels(cells))
	}
	d.pop()
	if st.Kind == "replace" {
		d.emit(LeaderPlaced{Leader: u.ID, At: c, Msg: game.M("ptg.leader.replaced", "unit", u.ID, "hex", s.label(c))})
	} else {
		d.emit(LeaderDisplaced{Leader: u.ID, From: u.At, To: c, Msg: game.M("ptg.leader.carried", "unit", u.ID, "hex", s.label(c))})
	}
	return nil
}

// replaceCells lists the hexes of a side's combat units, where a
// replacement leader may be placed (PTG-8.3).
func (s *State) replaceCells(id string) []grid.Coord {
	u := s.Unit(id)
	seen := map[grid.Coord]bool{}
	var out []grid.Coord
	for i := range s.Units {
		o := &s.Units[i]
		if o.OnMap() && o.Combat() && o.Side == u.Side && !seen[o.At] {
			seen[o.At] = true
			out = append(out, o.At)
		}
	}
	sortCoords(out)
	return out
}

// strayBullets rolls for every enemy leader in the hex a combat unit has
// just entered (PTG-8.2): 1-2 the leader falls, 3-6 he is carried to the
// nearest friendly combat unit (his owner chooses among ties, P-SB).
func (d *decider) strayBullets(unit string, c grid.Coord) {
	mover := d.s.Unit(unit)
	for _, l := range d.s.enemyLeadersAt(mover.Side, c) {
		roll := d.roll()
		killed := roll <= 2
		key := "ptg.stray.survives"
		if killed {
			key = "ptg.stray.falls"
		}
		d.emit(StrayBullet{Leader: l.ID, Unit: unit, At: c, Roll: roll, Killed: killed,
			Msg: game.M(key, "unit", unit, "hex", d.s.label(c), "leader", l.ID, "roll", roll)})
		if killed {
			d.leaderLost(l.ID)
			continue
		}
		cells := d.s.nearestFriends(l)
		switch len(cells) {
		case 0:
			d.leaderLost(l.ID) // P-SB: no friendly combat unit left on the map
		case 1:
			d.emit(LeaderDisplaced{Leader: l.ID, From: c, To: cells[0], Msg: game.M("ptg.leader.carried", "unit", l.ID, "hex", d.s.label(cells[0]))})
		default:
			d.queue(true, Step{Kind: "displace", Side: l.Side, Unit: l.ID, Cells: cells, Rule: "PTG-8.2"})
		}
	}
}

// leaderLost eliminates a leader: army morale loses his command value
// (PTG-10.0.1C); an original leader's replacement waits for the end of
// the player turn (8.3).
func (d *decider) leaderLost(id string) {
	l := d.s.Unit(id)
	c, _, _ := d.s.leaderValues(l)
	key := "ptg.leader.killed-gone"
	switch {
	case l.Aide():
		key = "ptg.leader.killed-aide"
	case !l.Replacement && l.RCmd > 0:
		key = "ptg.leader.killed-replaced"
	}
	d.emit(LeaderLost{Leader: id, At: l.At, Points: c, Msg: game.M(key, "unit", id, "points", c)})
}

// nearestFriends lists the hexes of the combat units friendly to leader
// l nearest to him (PTG-8.2).
func (s *State) nearestFriends(l *Unit) []grid.Coord {
	best := 1 << 30
	var out []grid.Coord
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() || !u.Combat() || u.Side != l.Side {
			continue
		}
		dd := s.dist(u.At, l.At)
		switch {
		case dd < best:
			best, out = dd, []grid.Coord{u.At}
		case dd == best && !slices.Contains(out, u.At):
			out = append(out, u.At)
		}
	}
	sortCoords(out)
	return out
}

// fireZone attacks a unit entering an enemy fire zone (PTG-7.6.2, 7.6.3)
// and reports whether it may go on moving.
func (d *decider) fireZone(id string, c grid.Coord, from *grid.Coord, rest []grid.Coord) bool {
	s := d.s
	u := s.Unit(id)
	str, reds := s.fireZoneStrength(u.Side, c)
	roll := d.roll()
	res, col := s.info().tables.fzResult(str, roll)
	back := from != nil && s.mayRepulse(u, *from)
	key := "ptg.firezone.attack"
	if res == "Rp" && !back {
		key = "ptg.firezone.attack-no-back"
	}
	d.emit(FireZoneAttack{Unit: id, At: c, Redoubts: reds, Strength: str, Column: col, Roll: roll, Result: res,
		Msg: game.M(key, "redoubts", s.labels(reds), "hex", s.label(c), "strength", str, "column", col, "roll", roll, "result", res)})
	switch {
	case res == "Rp" && back:
		d.queue(true, Step{Kind: "firezone", Side: u.Side, Unit: id, From: *from, At: c, Rest: slices.Clone(rest), Rule: "PTG-7.6.2"})
		return false
	case res == "Rp", res == "1":
		d.loseStep(id, game.M("ptg.reason.firezone"), "PTG-7.6.2")
		return d.s.Unit(id).OnMap()
	}
	return true
}

// fireZoneStrength totals the current strength of the units in the
// redoubts projecting a fire zone of side's enemy onto c (P-FZ-STR:
// printed strengths, rolling-fire exhaustion halving each unit, no
// redoubt doubling, no leader).
func (s *State) fireZoneStrength(side game.Side, c grid.Coord) (int, []grid.Coord) {
	total := 0
	var reds []grid.Coord
	for _, z := range s.FireZones {
		if z.Side == side || z.To != c {
			continue
		}
		reds = append(reds, z.From)
		for _, u := range s.combatAt(z.From) {
			if u.Side == z.Side && !u.Routed && u.Class() != ClassPicket {
				v := u.Strength()
				if u.Exhausted {
					v = (v + 1) / 2
				}
				total += v
			}
		}
	}
	return total, reds
}

// mayRepulse reports whether a repulsed unit can go back to the hex it
// came from (PTG-7.6.5, A-43): on the map, no ravine (7.3.1B), room or a
// unit there that can be pushed back.
func (s *State) mayRepulse(u *Unit, from grid.Coord) bool {
	if s.terrain(from) == Ravine {
		return false
	}
	for _, o := range s.UnitsAt(from) {
		if o.Side != u.Side && o.Combat() {
			return false
		}
	}
	if s.mayStop(u, from).IsZero() {
		return true
	}
	st := Step{Kind: "push", Unit: u.ID, At: from, Path: []grid.Coord{u.At, from}, N: 1}
	return len(s.pushCandidates(st)) > 0
}

// chooseRepulse answers a fire zone's Rp: go back and stop, or take the
// step loss and go on (PTG-7.6.2, T-FZ).
func (d *decider) chooseRepulse(st Step, cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "PTG-7.6.2", "ptg.decide.repulse-syntax")
	}
	u, err := s.ownUnit(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if u.ID != st.Unit {
		return game.Reject("not-this-unit", "PTG-7.6.2", "ptg.decide.about", "unit", st.Unit)
	}
	d.pop()
	if cmd.Verb == "lose" {
		d.loseStep(u.ID, game.M("ptg.reason.firezone-repulse"), "PTG-7.6.2")
		if u = d.s.Unit(u.ID); u.OnMap() && len(st.Rest) > 0 {
			path := append([]grid.Coord{u.At}, st.Rest...)
			d.runMove(u, path, 0, false, nil)
		}
		return nil
	}
	path := []grid.Coord{u.At, st.From}
	if why := s.mayStop(u, st.From); !why.IsZero() {
		d.queue(true, Step{Kind: "push", Side: u.Side, Unit: u.ID, At: st.From, Path: path, N: 1, Rule: "PTG-7.6.5"})
		d.emit(Moved{Unit: u.ID, Path: []grid.Coord{u.At, u.At}, Stop: true, Msg: game.M("ptg.firezone.repulsed", "unit", u.ID, "hex", s.label(st.From))})
		return nil
	}
	d.emit(Retreated{Moves: []Hop{{Unit: u.ID, Path: path}}, Msg: game.M("ptg.firezone.repulsed", "unit", u.ID, "hex", s.label(st.From))})
	d.emit(Moved{Unit: u.ID, Path: []grid.Coord{st.From, st.From}, Stop: true, Msg: game.M("ptg.firezone.stopped", "unit", u.ID)})
	return nil
}

func sortCoords(cs []grid.Coord) {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Less(cs[j]) })
}
