package man

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Rules is the Manœuvre ruleset.
type Rules struct{}

// New returns the ruleset.
func New() *Rules { return &Rules{} }

func (*Rules) Name() string    { return "man" }
func (*Rules) Title() string   { return "Manœuvre" }
func (*Rules) Version() string { return "2" } // 2: Spy partway through the Draw Phase (MAN-P-44)

var optionSpecs = []game.OptionSpec{
	{Name: "day-end", Default: "end-of-game-turn", Values: []string{"end-of-game-turn", "end-of-player-turn", "immediate"}, Rule: "MAN-P-11", Help: "when the day ends once both first decks are exhausted: at the end of the game turn, of the player turn, or at once"},
	{Name: "opening-hand", Default: "random", Values: []string{"random", "chosen"}, Rule: "MAN-3.8", Help: "opening hands drawn at random, or chosen by each player from his deck before it is shuffled"},
	{Name: "ambush-cards", Default: "leader-only", Values: []string{"leader-only", "all-but-skirmish"}, Rule: "MAN-A-24", Help: "what may be added to an Ambush: a Leader's Combat only (French rules), or every assault card but Skirmish, a Leader's Command bringing in units adjacent to the target (2010 rules)"},
	{Name: "fm-end-restriction", Default: "off", Values: []string{"on", "off"}, Rule: "MAN-A-25", Help: "a forced march is also refused when the move ended in a Field or Marsh (2010 rules)"},
	{Name: "rules", Default: "french", Values: []string{"french", "gmt2010"}, Rule: "MAN-A-24", Help: "the French text, or the GMT 2010 English rules where they differ (Appendix B): ambush-cards = all-but-skirmish and fm-end-restriction = on unless given; the other 2010 readings are played either way"},
}

// gmt2010 are the options the 2010 rules set (Appendix B: the two rows
// whose engine default is the French text).
var gmt2010 = map[string]string{"ambush-cards": "all-but-skirmish", "fm-end-restriction": "on"}

// option is an option's value: as given, else the 2010 rules' when
// rules = gmt2010, else its default.
func (s *State) option(name string) string {
	if _, given := s.opts[name]; !given && s.opts.Value(optionSpecs, "rules") == "gmt2010" {
		if v, ok := gmt2010[name]; ok {
			return v
		}
	}
	return s.opts.Value(optionSpecs, name)
}

func (*Rules) OptionSpecs() []game.OptionSpec { return slices.Clone(optionSpecs) }

func (s *State) on(name string) bool { return s.option(name) == "on" }

// SetUp builds the battlefield from four map sections (MAN-1.1.2,
// MAN-3.3): param sections lists "ID:ROTATION" for the NW, NE, SW and SE
// places, or is "random" (MAN-P-03: random sections and rotations from
// the set-up dice). It also settles the first player (MAN-3.1: 1d10 each,
// ties rolled again) when param first is "roll". A scenario with a map and
// neither param is returned as it is.
func (*Rules) SetUp(sc *game.Scenario, opts game.Options, d game.Dice) (*game.Scenario, error) {
	spec := sc.Param("sections", "")
	if spec == "choose" {
		spec = "" // laid out by the first player during play (MAN-3.3)
	}
	roll := sc.Param("first", "A") == "roll"
	if spec == "" && !roll {
		return sc, nil
	}
	out := *sc
	out.Params = map[string]string{}
	for k, v := range sc.Params {
		out.Params[k] = v
	}
	if roll {
		for {
			a, b := d.Roll(10), d.Roll(10)
			if a != b {
				out.Params["first"] = map[bool]string{true: "A", false: "B"}[a > b]
				out.Params["first-rolls"] = fmt.Sprintf("%d %d", a, b)
				break
			}
		}
	}
	if spec != "" {
		all, err := Sections()
		if err != nil {
			return nil, err
		}
		var picks []string
		if spec == "random" {
			used := map[int]bool{}
			for len(picks) < 4 {
				i := d.Roll(len(all)) - 1
				if used[i] {
					continue
				}
				used[i] = true
				picks = append(picks, fmt.Sprintf("%s:%d", all[i].ID, 90*(d.Roll(4)-1)))
			}
			out.Params["sections"] = strings.Join(picks, " ")
		} else {
			picks = strings.Fields(spec)
		}
		m, err := buildMap(all, picks)
		if err != nil {
			return nil, fmt.Errorf("man: scenario %s: %w", sc.ID, err)
		}
		out.Map = m
	}
	return &out, nil
}

// buildMap lays four sections out 2×2 (NW, NE, SW, SE).
func buildMap(all []Section, picks []string) (*game.Map, error) {
	if len(picks) != 4 {
		return nil, fmt.Errorf("sections: want 4 ID:ROTATION words, got %d (MAN-1.1.2)", len(picks))
	}
	m := &game.Map{Grid: grid.NewSquare(8, 8), Cells: map[grid.Coord]game.Cell{}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: "sections " + strings.Join(picks, " ")}
	for k, p := range picks {
		id, rot, _ := strings.Cut(p, ":")
		deg, err := strconv.Atoi(rot)
		if err != nil || deg%90 != 0 || deg < 0 || deg >= 360 {
			return nil, fmt.Errorf("section %q: rotation 0, 90, 180 or 270", p)
		}
		i := slices.IndexFunc(all, func(s Section) bool { return s.ID == id })
		if i < 0 {
			return nil, fmt.Errorf("no section %q", id)
		}
		sec := all[i].Rotate(deg)
		ox, oy := 4*(k%2), 4*(k/2)
		for y := range 4 {
			for x := range 4 {
				m.Cells[grid.Coord{X: ox + x, Y: oy + y}] = game.Cell{Terrain: sec.Terrain[y][x]}
			}
		}
	}
	return m, nil
}

func opposite(e string) string {
	return map[string]string{"N": "S", "S": "N", "E": "W", "W": "E"}[e]
}

// Start builds the opening position. A full game starts in the deal
// phase (the first player's "deal" shuffles both decks with the game's
// dice and draws the opening hands, MAN-3.6, MAN-3.7), then deployment.
// A test position ([start]) places units and cards from params:
// at-A "UNIT:CELL …", reduced-A, eliminated-A, hand-A, deck-A (top first;
// default the army's remaining cards in file order), discard-A,
// exhausted-A, redoubts.
func (*Rules) Start(sc *game.Scenario, opts game.Options) (game.State, error) {
	if sc.Map == nil {
		return nil, fmt.Errorf("man: scenario %s has no map (param sections, or a [map])", sc.ID)
	}
	if g, ok := sc.Map.Grid.(*grid.Square); !ok || g.W != 8 || g.H != 8 || g.Diagonal {
		return nil, fmt.Errorf("man: scenario %s: Manœuvre is played on 8×8 squares (MAN-1.1.2)", sc.ID)
	}
	o, err := game.MergeOptions(optionSpecs, sc.Options, opts)
	if err != nil {
		return nil, err
	}
	s := &State{Turn: 1}
	if err := s.bind(sc, o); err != nil {
		return nil, err
	}
	bad := func(f string, a ...any) error {
		return fmt.Errorf("man: scenario %s: "+f, append([]any{sc.ID}, a...)...)
	}
	choose := chooseNations(sc)
	if !choose {
		for _, side := range game.Sides {
			s.Armies[side] = s.army[side].Code
		}
		if s.army[0].Code == s.army[1].Code && sc.Params["fixture-A"] == "" {
			return nil, bad("both sides play %s (MAN-P-10)", s.army[0].Name)
		}
	}
	s.Edge[0] = sc.Param("edge-A", "S")
	s.Edge[1] = sc.Param("edge-B", opposite(s.Edge[0]))
	if s.Edge[0] == "choose" || s.Edge[1] == "choose" {
		s.Edge = [2]string{"S", "N"} // until the second player chooses
	}
	if opposite(s.Edge[0]) != s.Edge[1] {
		return nil, bad("edges %s and %s are not opposite (MAN-3.5)", s.Edge[0], s.Edge[1])
	}
	switch sc.Param("first", "A") {
	case "A":
		s.First = game.SideA
	case "B":
		s.First = game.SideB
	default:
		return nil, bad("param first: A, B or roll (settled at set-up)")
	}
	if choose {
		if sc.Start != nil {
			return nil, bad("a test position names its armies")
		}
		s.Phase, s.Active = PhaseNations, s.First.Other()
		if sc.Param("army-A", "") == "beginner" {
			s.Phase, s.Active, s.Offer = PhaseNation, s.First, []string{"gb", "fr"} // MAN-3.2
		}
		return s, nil
	}
	for _, side := range game.Sides {
		for _, ud := range s.army[side].Units {
			if s.Unit(ud.ID) != nil {
				return nil, bad("unit id %s in both armies", ud.ID)
			}
		}
		s.armyUnits(side)
	}
	if sc.Start == nil {
		s.Phase, s.Active = s.setupAfter(PhaseNation)
		return s, nil
	}
	// A test position.
	s.Turn = max(1, sc.Start.Turn)
	ph, sd, _ := strings.Cut(sc.Start.Phase, "-")
	side, err := game.ParseSide(sd)
	if err != nil || !side.Valid() || !slices.Contains([]string{PhaseDiscard, PhaseMove, PhaseCombat, PhaseRestore}, ph) {
		return nil, bad("start phase %q: discard-A, move-A, combat-A, restore-A (or -B)", sc.Start.Phase)
	}
	s.Phase, s.Active = ph, side
	defer s.index()
	placed := map[grid.Coord]string{}
	for _, side := range game.Sides {
		p := func(k string) []string { return strings.Fields(sc.Params[k+"-"+side.String()]) }
		for _, w := range p("at") {
			id, lab, _ := strings.Cut(w, ":")
			u := s.Unit(id)
			if u == nil || u.Side != side {
				return nil, bad("at-%s: no unit %s in army %s", side, id, s.army[side].Code)
			}
			c, err := s.grid().Parse(lab)
			if err != nil {
				return nil, bad("at-%s: %v", side, err)
			}
			if other, ok := placed[c]; ok {
				return nil, bad("%s and %s both on %s", other, id, lab)
			}
			placed[c] = id
			u.At, u.Status = c, game.StatusActive
			s.index()
		}
		for _, id := range p("reduced") {
			if u := s.Unit(id); u != nil && u.Side == side {
				u.Reduced = true
			} else {
				return nil, bad("reduced-%s: no unit %s", side, id)
			}
		}
		for _, id := range p("eliminated") {
			if u := s.Unit(id); u != nil && u.Side == side && !u.OnMap() {
				u.Status = game.StatusEliminated
			} else {
				return nil, bad("eliminated-%s: no unit %s off the map", side, id)
			}
		}
		used := map[string]bool{}
		take := func(k string) ([]string, error) {
			var out []string
			for _, id := range p(k) {
				if s.card(side, id) == nil || used[id] {
					return nil, bad("%s-%s: no card %s, or named twice", k, side, id)
				}
				used[id] = true
				out = append(out, id)
			}
			return out, nil
		}
		if s.Hand[side], err = take("hand"); err != nil {
			return nil, err
		}
		if s.Discard[side], err = take("discard"); err != nil {
			return nil, err
		}
		s.Deck[side] = nil
		if _, ok := sc.Params["deck-"+side.String()]; ok {
			if s.Deck[side], err = take("deck"); err != nil {
				return nil, err
			}
		} else {
			for _, c := range s.army[side].Cards {
				if !used[c.ID] {
					s.Deck[side] = append(s.Deck[side], c.ID)
				}
			}
		}
		if n := len(s.Hand[side]) + len(s.Deck[side]) + len(s.Discard[side]); n != len(s.army[side].Cards) {
			return nil, bad("side %s: hand, deck and discard pile hold %d of the army's %d cards", side, n, len(s.army[side].Cards))
		}
		s.Exhausted[side] = sc.Params["exhausted-"+side.String()] == "yes"
	}
	for _, w := range strings.Fields(sc.Param("redoubts", "")) {
		c, err := s.grid().Parse(w)
		if err != nil || s.UnitAt(c) == nil {
			return nil, bad("redoubts: %s holds no unit (MAN-P-42)", w)
		}
		s.Redoubts = append(s.Redoubts, c)
	}
	return s, nil
}

func (*Rules) NewEvent(kind string) (game.Event, bool) {
	f, ok := eventKinds[kind]
	if !ok {
		return nil, false
	}
	return f(), true
}

func (*Rules) DecodeState(sc *game.Scenario, opts game.Options, b []byte) (game.State, error) {
	o, err := game.MergeOptions(optionSpecs, sc.Options, opts)
	if err != nil {
		return nil, err
	}
	return decodeState(sc, o, b)
}

func (*Rules) Evolve(s game.State, e game.Event) game.State { return evolve(s.(*State), e) }

type decider struct {
	s    *State
	dice game.Dice
	evs  []game.Event
}

func (d *decider) emit(es ...game.Event) {
	for _, e := range es {
		d.evs = append(d.evs, e)
		d.s = evolve(d.s, e)
	}
}

func (d *decider) roll(n, sides int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = d.dice.Roll(sides)
	}
	return out
}

func sum(v []int) int {
	t := 0
	for _, x := range v {
		t += x
	}
	return t
}

// orders lists the verbs, for the unknown-order message.
const orders = "hand, nations, nation, sections, edge, deal, deploy, discard, move, march, supply, assault, bombard, volley, ambush, withdraw, defend, play, lead, commit, sappers, skirmish, fight, hit, retreat, advance, stay, restore, redoubt, guerrilla, pass, spy, end, standing"

// Decide validates an order and returns its events.
func (*Rules) Decide(gs game.State, cmd game.Command, dice game.Dice) ([]game.Event, error) {
	s := gs.(*State)
	if s.Result != nil {
		return nil, game.Reject(game.CodeGameOver, "", "man.over")
	}
	d := &decider{s: s, dice: dice}
	var err error
	switch cmd.Verb {
	case "hand":
		err = d.hand(cmd)
	case "standing":
		err = d.standing(cmd)
	case "guerrilla", "pass":
		err = d.window(cmd)
	case "withdraw", "defend", "play", "lead", "commit", "sappers", "skirmish", "fight", "hit", "retreat", "advance", "stay":
		err = d.combatOrder(cmd)
	case "nations", "nation", "sections", "edge", "deal", "deploy", "discard", "move", "march", "supply", "assault", "bombard", "volley", "ambush", "restore", "redoubt", "spy", "end":
		if err = s.mayAct(cmd); err == nil {
			err = d.phaseOrder(cmd)
		}
	default:
		return nil, game.Reject(game.CodeUnknownVerb, "", "man.unknown-order", "verb", game.Plain(cmd.Verb), "orders", orders)
	}
	if err != nil {
		return nil, err
	}
	return d.evs, nil
}

// mayAct checks that side may give a phase order now.
func (s *State) mayAct(cmd game.Command) error {
	if p := s.Pending(); len(p) > 0 {
		return game.Reject(game.CodePending, p[0].Rule, "man.decide-first", "side", p[0].Side, "prompt", p[0].PromptMsg)
	}
	if cmd.Side != s.Active {
		return game.Reject(game.CodeWrongSide, "MAN-4.1", "man.not-your-turn", "side", s.Active)
	}
	return nil
}

func wrongPhase(rule string, phase string, want ...string) error {
	return game.Reject(game.CodeWrongPhase, rule, "man.wrong-phase", "phase", term(phase), "want", game.Or(want...))
}

// phaseOrder dispatches an order of the active side.
func (d *decider) phaseOrder(cmd game.Command) error {
	s := d.s
	need := func(rule string, phases ...string) error {
		if !slices.Contains(phases, s.Phase) {
			return wrongPhase(rule, s.Phase, phases...)
		}
		return nil
	}
	var err error
	switch cmd.Verb {
	case "nations":
		if err = need("MAN-3.4", PhaseNations); err == nil {
			err = d.nations(cmd)
		}
	case "nation":
		if err = need("MAN-3.4", PhaseNation); err == nil {
			err = d.nation(cmd)
		}
	case "sections":
		if err = need("MAN-3.3", PhaseSections); err == nil {
			err = d.sections(cmd)
		}
	case "edge":
		if err = need("MAN-3.5", PhaseEdge); err == nil {
			err = d.edge(cmd)
		}
	case "deal":
		if err = need("MAN-3.6", PhaseDeal); err == nil {
			err = d.deal(cmd)
		}
	case "deploy":
		if err = need("MAN-3.9", PhaseDeploy); err == nil {
			err = d.deploy(cmd)
		}
	case "discard":
		if err = need("MAN-4.3", PhaseDiscard); err == nil {
			err = d.discard(cmd)
		}
	case "move":
		if err = need("MAN-4.5", PhaseMove); err == nil {
			err = d.move(cmd)
		}
	case "march":
		if err = need("MAN-9.2.3", PhaseMove); err == nil {
			err = d.march(cmd)
		}
	case "supply":
		if err = need("MAN-9.2.10", PhaseMove); err == nil {
			err = d.supply(cmd)
		}
	case "assault", "bombard", "volley", "ambush":
		if err = need("MAN-4.6", PhaseCombat); err == nil {
			err = d.startCombat(cmd)
		}
	case "restore":
		if err = need("MAN-7.2", PhaseRestore); err == nil {
			err = d.restore(cmd)
		}
	case "redoubt":
		if err = need("MAN-9.2.5", PhaseRestore); err == nil {
			err = d.redoubt(cmd)
		}
	case "spy":
		if err = need("MAN-9.2.9", PhaseDiscard, PhaseMove, PhaseCombat, PhaseRestore); err == nil {
			err = d.spy(cmd)
		}
	case "end":
		err = d.end(cmd)
	}
	return err
}

// handCard checks that card is in side's hand and returns it.
func (s *State) handCard(side game.Side, id string) (*Card, error) {
	if !slices.Contains(s.Hand[side], id) {
		return nil, game.Reject("not-in-hand", "MAN-1.4.2", "man.card.not-in-hand", "card", game.Plain(id))
	}
	return s.card(side, id), nil
}

// unitArg finds side's unit on the battlefield.
func (s *State) unitArg(side game.Side, id string) (*Unit, error) {
	u := s.Unit(id)
	if u == nil {
		return nil, game.Reject(game.CodeUnknownUnit, "", "man.unit.unknown", "unit", game.Plain(id))
	}
	if u.Side != side {
		return nil, game.Reject(game.CodeNotYourUnit, "", "man.unit.not-yours", "unit", id)
	}
	if !u.OnMap() {
		return nil, game.Reject("not-on-map", "MAN-6.5.3", "man.unit.gone", "unit", id)
	}
	return u, nil
}

func (s *State) cellArg(w string) (grid.Coord, error) {
	c, err := s.grid().Parse(w)
	if err != nil {
		return c, game.Reject(game.CodeBadCell, "MAN-P-02", "man.cell.bad", "cell", game.Plain(w))
	}
	return c, nil
}

// deadCard refuses a unit card whose unit is gone (MAN-A-19).
func (s *State) deadCard(side game.Side, c *Card) error {
	if c.Type != CardUnit {
		return nil
	}
	if u := s.Unit(c.Unit); u == nil || u.Status == game.StatusEliminated {
		return game.Reject("dead-card", "MAN-A-19", "man.card.dead", "card", c.ID, "unit", c.Unit)
	}
	return nil
}

// Pending lists the decisions waiting for a player. A decision that a
// card in hand could answer lists only the answer that needs no card
// (pass, defend with nothing): the cards are the owner's orders in Legal,
// so nothing here tells the other side what a hand holds.
func (s *State) Pending() []game.Decision {
	if s.Result != nil {
		return nil
	}
	if s.Phase == PhaseHands {
		var out []game.Decision
		for _, side := range game.Sides {
			if len(s.Hand[side]) == 0 {
				m := game.M("man.prompt.hand")
				out = append(out, game.Decision{ID: "hand-" + side.String(), Side: side, Kind: "hand", Rule: "MAN-3.8", Prompt: m.String(), PromptMsg: m,
					Options: []game.Option{opt("hand", game.M("man.opt.hand-random"))}})
			}
		}
		return out
	}
	if w := s.Window; w != nil {
		m := game.M("man.prompt.guerrilla", "card", w.Card, "use", term(w.Use))
		return []game.Decision{{ID: "guerrilla", Side: w.Side, Kind: "guerrilla", Rule: "MAN-9.2.4", Prompt: m.String(), PromptMsg: m,
			Options: []game.Option{opt("pass", game.M("man.opt.pass"))}}}
	}
	c := s.Combat
	if c == nil {
		return nil
	}
	def := c.Side.Other()
	switch c.Step {
	case "defend":
		m := game.M("man.prompt.defend", "unit", c.Defender, "kind", term(c.Kind))
		return []game.Decision{{ID: "defend", Side: def, Kind: "defend", Rule: "MAN-6.1.4", Prompt: m.String(), PromptMsg: m,
			Options: []game.Option{opt("defend", game.M("man.opt.defend-none"))}}}
	case "support":
		m := game.M("man.prompt.support", "unit", c.Defender)
		return []game.Decision{{ID: "support", Side: c.Side, Kind: "support", Rule: "MAN-6.1.5", Prompt: m.String(), PromptMsg: m,
			Options: []game.Option{opt("fight", game.M("man.opt.fight"))}}}
	case "choose":
		m := game.M("man.prompt.choose", "unit", c.Defender)
		dflt := 0
		if c.Chooser == def {
			// DP-14: the option that does not eliminate; if both survive, Retreat.
			u := s.Unit(c.Defender)
			if len(s.retreatSquares(u)) > 0 || u.Reduced {
				dflt = 1
			}
		}
		return []game.Decision{{ID: "choose", Side: c.Chooser, Kind: "hit-or-retreat", Rule: "MAN-6.5.2", Prompt: m.String(), PromptMsg: m,
			Options: []game.Option{opt("hit", game.M("man.opt.hit")), opt("retreat", game.M("man.opt.retreat"))}, Default: dflt}}
	case "flank":
		m := game.M("man.prompt.flank", "unit", c.Defender)
		var os []game.Option
		dflt, best := 0, [2]int{99, 99}
		for i, f := range c.Flanks {
			os = append(os, opt("retreat "+f, game.M("man.opt.retreat-to", "cell", f)))
			// DP-16: the flank with fewer adjacent enemy units; on a tie,
			// the one nearer the board's centre.
			at, _ := s.grid().Parse(f)
			enemies := 0
			for _, n := range neighbors(at) {
				if u := s.UnitAt(n); u != nil && u.Side != def {
					enemies++
				}
			}
			centre := abs(2*at.X-7) + abs(2*at.Y-7)
			if k := [2]int{enemies, centre}; k[0] < best[0] || k[0] == best[0] && k[1] < best[1] {
				dflt, best = i, k
			}
		}
		return []game.Decision{{ID: "flank", Side: def, Kind: "flank", Rule: "MAN-6.5.5", Prompt: m.String(), PromptMsg: m, Options: os, Default: dflt}}
	case "advance":
		m := game.M("man.prompt.advance", "cell", s.label(c.From))
		var os []game.Option
		for _, id := range s.advancers() {
			os = append(os, opt("advance "+id, game.M("man.opt.advance", "unit", id)))
		}
		dflt := 0 // DP-17: the attacking unit advances when it must, else no advance
		if s.advanceOptional() {
			os = append(os, opt("stay", game.M("man.opt.stay")))
			dflt = len(os) - 1
		}
		return []game.Decision{{ID: "advance", Side: c.Side, Kind: "advance", Rule: "MAN-6.5.7", Prompt: m.String(), PromptMsg: m, Options: os, Default: dflt}}
	}
	return nil
}

func opt(cmd string, m game.Msg) game.Option {
	return game.Option{Label: m.String(), LabelMsg: m, Command: cmd}
}

func leaf(cmd string) game.Option { return game.Option{Label: cmd, Command: cmd} }

// Legal lists the orders side may give now.
func (r *Rules) Legal(gs game.State, side game.Side) []game.Option {
	s := gs.(*State)
	if s.Result != nil {
		return nil
	}
	if s.Phase == PhaseHands {
		if len(s.Hand[side]) > 0 {
			return nil
		}
		out := []game.Option{leaf("hand")}
		if len(s.Deck[side]) >= 5 {
			out = append(out, leaf("hand "+strings.Join(s.Deck[side][:5], " ")))
		}
		return out
	}
	if w := s.Window; w != nil {
		if side != w.Side {
			return nil
		}
		out := []game.Option{leaf("pass")}
		for _, id := range s.Hand[side] {
			if s.card(side, id).Type == CardGuerrilla {
				out = append(out, leaf("guerrilla "+id))
			}
		}
		return out
	}
	if s.Combat != nil {
		return s.legalCombat(side)
	}
	if side != s.Active {
		return nil
	}
	var out []game.Option
	switch s.Phase {
	case PhaseNations:
		var out []game.Option
		for i, a := range ArmyCodes {
			for _, b := range ArmyCodes[i+1:] {
				out = append(out, leaf("nations "+a+" "+b))
			}
		}
		return out
	case PhaseNation:
		return []game.Option{leaf("nation " + s.Offer[0]), leaf("nation " + s.Offer[1])}
	case PhaseSections:
		return s.legalSections()
	case PhaseEdge:
		return []game.Option{leaf("edge N"), leaf("edge S"), leaf("edge E"), leaf("edge W")}
	case PhaseDeal:
		return []game.Option{leaf("deal")}
	case PhaseDeploy:
		return s.legalDeploy(side)
	case PhaseDiscard:
		out = append(out, leaf("discard"))
		for _, id := range s.Hand[side] {
			out = append(out, leaf("discard "+id))
		}
		if len(s.Hand[side]) > 1 {
			out = append(out, leaf("discard "+strings.Join(s.Hand[side], " ")))
		}
	case PhaseMove:
		out = s.legalMove(side)
	case PhaseCombat:
		out = s.legalCombatStart(side)
		out = append(out, leaf("end"))
	case PhaseRestore:
		out = s.legalRestore(side)
		out = append(out, leaf("end"))
	}
	for _, id := range s.Hand[side] {
		if s.card(side, id).Type == CardSpy {
			out = append(out, leaf("spy "+id))
		}
	}
	return out
}

// Check verifies a position's invariants: units on the board and one a
// square, no unit on a Lake, every card of each deck in exactly one
// place, Redoubts under units.
func (*Rules) Check(gs game.State) error {
	s := gs.(*State)
	seen := map[grid.Coord]string{}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() {
			continue
		}
		if !s.grid().Contains(u.At) {
			return fmt.Errorf("%s is off the board", u.ID)
		}
		if o, ok := seen[u.At]; ok {
			return fmt.Errorf("%s and %s share %s (MAN-5.4b)", o, u.ID, s.label(u.At))
		}
		seen[u.At] = u.ID
		if !s.terrain(u.At).Enter {
			return fmt.Errorf("%s stands on a Lake (MAN-2.2.6)", u.ID)
		}
	}
	for _, side := range game.Sides {
		if s.army[side] == nil {
			continue // nations not chosen yet
		}
		count := map[string]int{}
		for _, z := range [][]string{s.Hand[side], s.Deck[side], s.Discard[side], s.Table[side]} {
			for _, c := range z {
				count[c]++
			}
		}
		for _, c := range s.army[side].Cards {
			if count[c.ID] != 1 {
				return fmt.Errorf("side %s card %s is in %d places", side, c.ID, count[c.ID])
			}
			delete(count, c.ID)
		}
		if len(count) > 0 {
			return fmt.Errorf("side %s holds unknown cards %v", side, count)
		}
	}
	for _, c := range s.Redoubts {
		if s.UnitAt(c) == nil {
			return fmt.Errorf("a Redoubt on empty %s (MAN-9.2.5)", s.label(c))
		}
	}
	return nil
}
