package man

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// shuffle orders cards with the game's dice (MAN-P-13): a Fisher–Yates
// shuffle, one die a card, so the audit of a finished game proves the
// order came from the committed dice stream.
func (d *decider) shuffle(cards []string) []string {
	out := slices.Clone(cards)
	for i := len(out) - 1; i > 0; i-- {
		j := d.dice.Roll(i+1) - 1
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// draw fills side's hand to 5 (MAN-4.4), shuffling the discard pile into a
// new deck when the deck runs out (MAN-2.3.2, MAN-P-11).
func (d *decider) draw(side game.Side, discarded int) {
	wasEx := d.s.Exhausted[side]
	need := 5 - len(d.s.Hand[side])
	drawn, reshuffled := 0, false
	for need > 0 {
		if len(d.s.Deck[side]) == 0 {
			if len(d.s.Discard[side]) == 0 {
				break
			}
			d.emit(Shuffled{Side: side, Deck: d.shuffle(d.s.Discard[side]), Reshuffle: true})
			reshuffled = true
		}
		n := min(need, len(d.s.Deck[side]))
		d.emit(Drew{Side: side, Cards: slices.Clone(d.s.Deck[side][:n])})
		need -= n
		drawn += n
	}
	d.emit(Counted{Side: side, Discarded: discarded, Drawn: drawn, Reshuffled: reshuffled, Exhausted: !wasEx && d.s.Exhausted[side]})
}

// sections lays out the battlefield (MAN-1.1.2, MAN-3.3): four sections
// with their rotations for the NW, NE, SW and SE places, or with no
// argument four at random from the game's dice (DP-01's default).
func (d *decider) sections(cmd game.Command) error {
	all, err := Sections()
	if err != nil {
		return err
	}
	picks := cmd.Args
	if len(picks) > 0 {
		seen := map[string]bool{}
		for _, p := range picks {
			id, _, _ := strings.Cut(p, ":")
			if seen[id] {
				return game.Reject(game.CodeSyntax, "MAN-3.3", "man.sections.bad", "why", game.Plain(id+" twice"))
			}
			seen[id] = true
		}
		if _, err := buildMap(all, picks); err != nil {
			return game.Reject(game.CodeSyntax, "MAN-3.3", "man.sections.bad", "why", game.Plain(err.Error()))
		}
	} else {
		used := map[int]bool{}
		for len(picks) < 4 {
			i := d.dice.Roll(len(all)) - 1
			if used[i] {
				continue
			}
			used[i] = true
			picks = append(picks, fmt.Sprintf("%s:%d", all[i].ID, 90*(d.dice.Roll(4)-1)))
		}
	}
	m, _ := buildMap(all, picks)
	d.emit(BoardLaid{Side: cmd.Side, Sections: slices.Clone(picks), Map: m})
	next, side := d.s.setupAfter(PhaseSections)
	d.emit(PhaseBegan{Turn: 1, Side: side, Phase: next})
	return nil
}

func (s *State) legalSections() []game.Option {
	out := []game.Option{leaf("sections")}
	all, _ := Sections()
	for i := 0; i+3 < len(all); i += 4 {
		for _, r := range []int{0, 90, 180, 270} {
			out = append(out, leaf(fmt.Sprintf("sections %s:%d %s:0 %s:0 %s:0", all[i].ID, r, all[i+1].ID, all[i+2].ID, all[i+3].ID)))
		}
	}
	return out
}

// edge gives the second player the edge he picks (MAN-3.5).
func (d *decider) edge(cmd game.Command) error {
	if len(cmd.Args) != 1 || opposite(strings.ToUpper(cmd.Args[0])) == "" {
		return game.Reject(game.CodeSyntax, "MAN-3.5", "man.edge.bad")
	}
	d.emit(EdgeChosen{Side: cmd.Side, Edge: strings.ToUpper(cmd.Args[0])}, PhaseBegan{Turn: 1, Side: d.s.First, Phase: PhaseDeal})
	return nil
}

// setupAfter is the set-up step that follows phase (MAN-3): the nations
// (MAN-3.4), the sections (MAN-3.3), the second player's edge (MAN-3.5),
// then the deal, each only when the scenario leaves it to the players.
func (s *State) setupAfter(phase string) (string, game.Side) {
	order := []string{PhaseNations, PhaseNation, PhaseSections, PhaseEdge, PhaseDeal}
	for _, p := range order[slices.Index(order, phase)+1:] {
		switch {
		case p == PhaseSections && s.sc.Param("sections", "") == "choose":
			return p, s.First
		case p == PhaseEdge && (s.sc.Param("edge-A", "") == "choose" || s.sc.Param("edge-B", "") == "choose"):
			return p, s.First.Other()
		case p == PhaseDeal:
			return p, s.First
		}
	}
	return PhaseDeal, s.First
}

// nations: the second player offers two different nations (MAN-3.4, MAN-P-10).
func (d *decider) nations(cmd game.Command) error {
	if len(cmd.Args) != 2 || cmd.Args[0] == cmd.Args[1] || !slices.Contains(ArmyCodes, cmd.Args[0]) || !slices.Contains(ArmyCodes, cmd.Args[1]) {
		return game.Reject(game.CodeSyntax, "MAN-3.4", "man.nations.bad", "armies", strings.Join(ArmyCodes, " "))
	}
	d.emit(NationsOffered{Side: cmd.Side, Armies: slices.Clone(cmd.Args)}, PhaseBegan{Turn: 1, Side: d.s.First, Phase: PhaseNation})
	return nil
}

// nation: the first player takes one of the two, the second player the
// other (MAN-3.2, MAN-3.4).
func (d *decider) nation(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 || !slices.Contains(s.Offer, cmd.Args[0]) {
		return game.Reject(game.CodeNoSuchChoice, "MAN-3.4", "man.nation.bad", "armies", game.Or(s.Offer...))
	}
	var armies [2]string
	armies[cmd.Side] = cmd.Args[0]
	armies[cmd.Side.Other()] = s.Offer[0]
	if s.Offer[0] == cmd.Args[0] {
		armies[cmd.Side.Other()] = s.Offer[1]
	}
	d.emit(NationsChosen{Armies: armies})
	next, side := d.s.setupAfter(PhaseNation)
	d.emit(PhaseBegan{Turn: 1, Side: side, Phase: next})
	return nil
}

// deal shuffles both decks and draws the opening hands (MAN-3.6, MAN-3.7).
func (d *decider) deal(cmd game.Command) error {
	if len(cmd.Args) > 0 {
		return game.Reject(game.CodeSyntax, "MAN-3.6", "man.syntax", "usage", "deal")
	}
	if d.s.opts.Value(optionSpecs, "opening-hand") == "chosen" {
		d.emit(PhaseBegan{Turn: 1, Side: d.s.First, Phase: PhaseHands}) // MAN-3.8
		return nil
	}
	for _, side := range game.Sides {
		d.emit(Shuffled{Side: side, Deck: d.shuffle(d.s.Deck[side])})
		d.draw(side, 0)
	}
	d.emit(PhaseBegan{Turn: 1, Side: d.s.First, Phase: PhaseDeploy})
	return nil
}

// hand: with option opening-hand = chosen each player picks his five
// opening cards from his deck, in secret and in either order, and the
// rest is shuffled (MAN-3.8); "hand" alone draws five at random (DP-04).
func (d *decider) hand(cmd game.Command) error {
	s := d.s
	if s.Phase != PhaseHands {
		return wrongPhase("MAN-3.8", s.Phase, PhaseHands)
	}
	if len(s.Hand[cmd.Side]) > 0 {
		return game.Reject("hand-chosen", "MAN-3.8", "man.hand.done")
	}
	if len(cmd.Args) == 0 {
		d.emit(Shuffled{Side: cmd.Side, Deck: d.shuffle(s.Deck[cmd.Side])})
		d.draw(cmd.Side, 0)
	} else {
		seen := map[string]bool{}
		for _, id := range cmd.Args {
			if !slices.Contains(s.Deck[cmd.Side], id) || seen[id] {
				return game.Reject(game.CodeSyntax, "MAN-3.8", "man.hand.bad", "card", game.Plain(id))
			}
			seen[id] = true
		}
		if len(cmd.Args) != 5 {
			return game.Reject(game.CodeSyntax, "MAN-3.8", "man.hand.five")
		}
		d.emit(Drew{Side: cmd.Side, Cards: slices.Clone(cmd.Args)})
		d.emit(Shuffled{Side: cmd.Side, Deck: d.shuffle(d.s.Deck[cmd.Side])})
		d.emit(Counted{Side: cmd.Side, Drawn: 5})
	}
	if len(d.s.Hand[cmd.Side.Other()]) > 0 {
		d.emit(PhaseBegan{Turn: 1, Side: s.First, Phase: PhaseDeploy})
	}
	return nil
}

// deploy places one unit (MAN-3.9, MAN-P-14).
func (d *decider) deploy(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "MAN-3.9", "man.syntax", "usage", "deploy UNIT CELL")
	}
	u := s.Unit(cmd.Args[0])
	if u == nil || u.Side != cmd.Side {
		return game.Reject(game.CodeUnknownUnit, "", "man.unit.unknown", "unit", game.Plain(cmd.Args[0]))
	}
	if u.Status != game.StatusReserve {
		return game.Reject("deployed", "MAN-3.9", "man.deploy.done", "unit", u.ID)
	}
	c, err := s.cellArg(cmd.Args[1])
	if err != nil {
		return err
	}
	if !s.deployZone(cmd.Side, c) {
		return game.Reject("deploy-zone", "MAN-3.9", "man.deploy.zone", "cell", s.label(c))
	}
	if s.UnitAt(c) != nil {
		return game.Reject("occupied", "MAN-3.9", "man.deploy.occupied", "cell", s.label(c))
	}
	if !s.terrain(c).Enter {
		return game.Reject("lake", "MAN-P-14", "man.deploy.lake", "cell", s.label(c))
	}
	d.emit(Moved{Unit: u.ID, From: c, To: c, How: "deploy", Rule: "MAN-3.9", ToL: s.label(c)})
	for i := range d.s.Units {
		if d.s.Units[i].Side == cmd.Side && d.s.Units[i].Status == game.StatusReserve {
			return nil
		}
	}
	if cmd.Side == s.First {
		d.emit(PhaseBegan{Turn: 1, Side: cmd.Side.Other(), Phase: PhaseDeploy})
	} else {
		d.emit(PhaseBegan{Turn: 1, Side: s.First, Phase: PhaseDiscard}) // MAN-3.10
	}
	return nil
}

func (s *State) legalDeploy(side game.Side) []game.Option {
	var out []game.Option
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || u.Status != game.StatusReserve {
			continue
		}
		node := game.Option{Label: u.ID}
		for _, c := range s.grid().Cells() {
			if s.deployZone(side, c) && s.UnitAt(c) == nil && s.terrain(c).Enter {
				node.Children = append(node.Children, leaf("deploy "+u.ID+" "+s.label(c)))
			}
		}
		out = append(out, node)
	}
	return out
}

// discard ends the Discard Phase (MAN-4.3) and draws (MAN-4.4).
func (d *decider) discard(cmd game.Command) error {
	seen := map[string]bool{}
	for _, id := range cmd.Args {
		if _, err := d.s.handCard(cmd.Side, id); err != nil {
			return err
		}
		if seen[id] {
			return game.Reject(game.CodeSyntax, "MAN-4.3", "man.card.twice", "card", id)
		}
		seen[id] = true
	}
	if len(cmd.Args) > 0 {
		d.emit(Discarded{Side: cmd.Side, Cards: slices.Clone(cmd.Args)})
	}
	d.draw(cmd.Side, len(cmd.Args))
	if d.s.Exhausted[0] && d.s.Exhausted[1] && d.s.opts.Value(optionSpecs, "day-end") == "immediate" {
		d.emit(GameOver{d.s.nightfall()}) // MAN-P-11, dayEnd = immediate
		return nil
	}
	d.emit(PhaseBegan{Turn: d.s.Turn, Side: cmd.Side, Phase: PhaseMove})
	return nil
}

// reach lists the squares u may move to (MAN-5.2 to MAN-5.4, MAN-P-16):
// orthogonal steps, infantry 1 and cavalry 2, never through or onto a
// unit, never onto a Lake, a Marsh ending the move.
func (s *State) reach(u *Unit, steps int) []grid.Coord {
	seen := map[grid.Coord]bool{u.At: true}
	frontier := []grid.Coord{u.At}
	var out []grid.Coord
	for range steps {
		var next []grid.Coord
		for _, c := range frontier {
			for _, n := range neighbors(c) {
				if seen[n] || !s.terrain(n).Enter || s.UnitAt(n) != nil {
					continue
				}
				seen[n] = true
				out = append(out, n)
				if !s.terrain(n).StopsMovement {
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return out
}

func (u *Unit) allowance() int {
	if u.Type == Cavalry {
		return 2
	}
	return 1
}

// canMoveAny reports whether side has a unit with a legal basic move left.
func (s *State) canMoveAny(side game.Side) bool {
	if s.Moves >= 1+s.ExtraMoves {
		return false
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.OnMap() && !slices.Contains(s.MovedUnits, u.ID) && len(s.reach(u, u.allowance())) > 0 {
			return true
		}
	}
	return false
}

// move is a unit's basic move (MAN-5).
func (d *decider) move(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "MAN-5.1", "man.syntax", "usage", "move UNIT CELL")
	}
	u, err := s.unitArg(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if slices.Contains(s.MovedUnits, u.ID) {
		return game.Reject("moved", "MAN-P-17", "man.move.again", "unit", u.ID)
	}
	if s.Moves >= 1+s.ExtraMoves {
		return game.Reject("no-move-left", "MAN-5.5", "man.move.no-more")
	}
	c, err := s.cellArg(cmd.Args[1])
	if err != nil {
		return err
	}
	if !slices.Contains(s.reach(u, u.allowance()), c) {
		return game.Reject("unreachable", "MAN-5.4", "man.move.unreachable", "unit", u.ID, "cell", s.label(c), "n", u.allowance())
	}
	d.emit(Moved{Unit: u.ID, From: u.At, To: c, How: "move", Rule: "MAN-5.2", FromL: s.label(u.At), ToL: s.label(c)})
	return nil
}

func (s *State) legalMove(side game.Side) []game.Option {
	var out []game.Option
	if s.Moves < 1+s.ExtraMoves {
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side != side || !u.OnMap() || slices.Contains(s.MovedUnits, u.ID) {
				continue
			}
			node := game.Option{Label: u.ID}
			for _, c := range s.reach(u, u.allowance()) {
				node.Children = append(node.Children, leaf("move "+u.ID+" "+s.label(c)))
			}
			if len(node.Children) > 0 {
				out = append(out, node)
			}
		}
	}
	if s.Moves > 0 || !s.canMoveAny(side) {
		out = append(out, leaf("end"))
	}
	for _, id := range s.Hand[side] {
		c := s.card(side, id)
		switch c.Type {
		case CardSupply:
			if !s.SupplyUsed {
				out = append(out, leaf("supply "+id))
			}
		case CardMarch:
			if u := s.Unit(s.LastMoved); u != nil && s.mayMarch(u) == nil {
				for _, n := range s.reach(u, 1) {
					out = append(out, leaf("march "+id+" "+u.ID+" "+s.label(n)))
				}
			}
		}
	}
	return out
}

// mayMarch checks a Forced March for u (MAN-5.5, MAN-5.6, MAN-9.2.3).
func (s *State) mayMarch(u *Unit) error {
	if u.ID != s.LastMoved || !u.OnMap() {
		return game.Reject("not-just-moved", "MAN-9.2.3", "man.march.not-just-moved", "unit", u.ID)
	}
	if slices.Contains(s.Marched, u.ID) {
		return game.Reject("marched", "MAN-5.6", "man.march.again", "unit", u.ID)
	}
	if !s.terrain(s.LastFrom).MarchFrom {
		return game.Reject("march-terrain", "MAN-9.2.3", "man.march.terrain", "unit", u.ID, "terrain", term(s.terrain(s.LastFrom).Name))
	}
	if s.on("fm-end-restriction") && !s.terrain(u.At).MarchFrom {
		return game.Reject("march-terrain", "MAN-A-25", "man.march.end-terrain", "unit", u.ID, "terrain", term(s.terrain(u.At).Name))
	}
	return nil
}

// guerrillaFrom reports whether side's army could cancel a card with a
// Guerrilla (MAN-9.2.4): public knowledge, the deck lists are known.
func (s *State) guerrillaFrom(side game.Side) bool { return s.army[side].Has(CardGuerrilla) }

// march plays a Forced March (MAN-9.2.3, MAN-P-19).
func (d *decider) march(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 3 {
		return game.Reject(game.CodeSyntax, "MAN-9.2.3", "man.syntax", "usage", "march CARD UNIT CELL")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if c.Type != CardMarch {
		return game.Reject("wrong-card", "MAN-9.2.3", "man.card.wrong", "card", c.ID, "want", term(CardMarch))
	}
	u, err := s.unitArg(cmd.Side, cmd.Args[1])
	if err != nil {
		return err
	}
	if err := s.mayMarch(u); err != nil {
		return err
	}
	to, err := s.cellArg(cmd.Args[2])
	if err != nil {
		return err
	}
	if !slices.Contains(s.reach(u, 1), to) {
		return game.Reject("unreachable", "MAN-5.4", "man.move.unreachable", "unit", u.ID, "cell", s.label(to), "n", 1)
	}
	d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "march", Unit: u.ID, Rule: "MAN-9.2.3"})
	if s.guerrillaFrom(cmd.Side.Other()) {
		d.emit(WindowOpened{Window{Side: cmd.Side.Other(), Card: c.ID, Use: "march", Unit: u.ID, To: to}})
		return nil
	}
	d.marchMove(u.ID, to)
	d.emit(Cleared{Side: cmd.Side, Cards: []string{c.ID}})
	return nil
}

func (d *decider) marchMove(id string, to grid.Coord) {
	u := d.s.Unit(id)
	d.emit(Moved{Unit: id, From: u.At, To: to, How: "march", Rule: "MAN-9.2.3", FromL: d.s.label(u.At), ToL: d.s.label(to)})
}

// supply plays Supply to move a second unit (MAN-5.5, MAN-9.2.10).
func (d *decider) supply(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "MAN-9.2.10", "man.syntax", "usage", "supply CARD")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if c.Type != CardSupply {
		return game.Reject("wrong-card", "MAN-9.2.10", "man.card.wrong", "card", c.ID, "want", term(CardSupply))
	}
	if s.SupplyUsed {
		return game.Reject("supply-used", "MAN-5.5", "man.supply.again")
	}
	d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "supply", Rule: "MAN-5.5"})
	if s.guerrillaFrom(cmd.Side.Other()) {
		d.emit(WindowOpened{Window{Side: cmd.Side.Other(), Card: c.ID, Use: "supply"}})
		return nil
	}
	d.emit(SupplyGranted{Side: cmd.Side}, Cleared{Side: cmd.Side, Cards: []string{c.ID}})
	return nil
}

// window answers a Guerrilla window (MAN-5.6, MAN-9.2.4, MAN-P-18, MAN-P-34).
func (d *decider) window(cmd game.Command) error {
	s := d.s
	w := s.Window
	if w == nil {
		if cmd.Verb == "guerrilla" {
			return game.Reject("no-window", "MAN-9.2.4", "man.guerrilla.nothing")
		}
		return game.Reject(game.CodeNoSuchChoice, "", "man.nothing-to-pass")
	}
	if cmd.Side != w.Side {
		return game.Reject(game.CodeWrongSide, "MAN-9.2.4", "man.guerrilla.not-yours", "side", w.Side)
	}
	owner := w.Side.Other()
	if cmd.Verb == "guerrilla" {
		if len(cmd.Args) != 1 {
			return game.Reject(game.CodeSyntax, "MAN-9.2.4", "man.syntax", "usage", "guerrilla CARD")
		}
		c, err := s.handCard(cmd.Side, cmd.Args[0])
		if err != nil {
			return err
		}
		if c.Type != CardGuerrilla {
			return game.Reject("wrong-card", "MAN-9.2.4", "man.card.wrong", "card", c.ID, "want", term(CardGuerrilla))
		}
		d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "guerrilla", Unit: w.Unit, Rule: "MAN-9.2.4"},
			WindowClosed{Side: cmd.Side, Card: w.Card, Cancelled: true},
			Cleared{Side: cmd.Side, Cards: []string{c.ID}}, Cleared{Side: owner, Cards: []string{w.Card}})
		return nil
	}
	if len(cmd.Args) > 0 {
		return game.Reject(game.CodeSyntax, "MAN-9.2.4", "man.syntax", "usage", "pass")
	}
	d.emit(WindowClosed{Side: cmd.Side, Card: w.Card})
	switch w.Use {
	case "march":
		d.marchMove(w.Unit, w.To)
	case "supply":
		d.emit(SupplyGranted{Side: owner})
	case "restore":
		d.emit(Restored{Unit: w.Unit, Card: w.Card, OK: true, Rule: "MAN-7.3"})
	}
	d.emit(Cleared{Side: owner, Cards: []string{w.Card}})
	return nil
}

// restore is the phase's one restoration attempt (MAN-7).
func (d *decider) restore(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) < 1 || len(cmd.Args) > 2 {
		return game.Reject(game.CodeSyntax, "MAN-7.2", "man.syntax", "usage", "restore CARD [UNIT]")
	}
	if s.RestoreUsed {
		return game.Reject("restore-used", "MAN-7.2", "man.restore.used")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if err := s.deadCard(cmd.Side, c); err != nil {
		return err
	}
	var target string
	switch c.Type {
	case CardUnit:
		target = c.Unit
		if len(cmd.Args) == 2 && cmd.Args[1] != c.Unit {
			return game.Reject("wrong-unit", "MAN-7.3", "man.restore.names", "card", c.ID, "unit", c.Unit)
		}
	case CardSupply, CardRegroup, CardLeader:
		if len(cmd.Args) != 2 {
			return game.Reject(game.CodeSyntax, "MAN-7.3", "man.syntax", "usage", "restore CARD UNIT")
		}
		target = cmd.Args[1]
	default:
		return game.Reject("wrong-card", "MAN-7.2", "man.restore.card", "card", c.ID)
	}
	u, err := s.unitArg(cmd.Side, target)
	if err != nil {
		return err
	}
	if !u.Reduced {
		return game.Reject("not-reduced", "MAN-7.1", "man.restore.full", "unit", u.ID)
	}
	if c.Type == CardLeader {
		d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "rally", Unit: u.ID, Rule: "MAN-7.4"})
		r := d.dice.Roll(6)
		d.emit(Restored{Unit: u.ID, Card: c.ID, Roll: r, OK: c.Rally.Has(r), Rule: "MAN-7.4"}, Cleared{Side: cmd.Side, Cards: []string{c.ID}})
		return nil
	}
	d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "restore", Unit: u.ID, Rule: "MAN-7.3"})
	if s.guerrillaFrom(cmd.Side.Other()) {
		d.emit(WindowOpened{Window{Side: cmd.Side.Other(), Card: c.ID, Use: "restore", Unit: u.ID}})
		return nil
	}
	d.emit(Restored{Unit: u.ID, Card: c.ID, OK: true, Rule: "MAN-7.3"}, Cleared{Side: cmd.Side, Cards: []string{c.ID}})
	return nil
}

// redoubt builds a Redoubt under an own unit (MAN-7.5, MAN-9.2.5, MAN-P-42).
func (d *decider) redoubt(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "MAN-9.2.5", "man.syntax", "usage", "redoubt CARD UNIT")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if c.Type != CardRedoubt {
		return game.Reject("wrong-card", "MAN-9.2.5", "man.card.wrong", "card", c.ID, "want", term(CardRedoubt))
	}
	if s.RedoubtUsed {
		return game.Reject("redoubt-used", "MAN-9.2.5", "man.redoubt.again")
	}
	u, err := s.unitArg(cmd.Side, cmd.Args[1])
	if err != nil {
		return err
	}
	if s.hasRedoubt(u.At) {
		return game.Reject("redoubt-there", "MAN-P-42", "man.redoubt.there", "cell", s.label(u.At))
	}
	d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "redoubt", Unit: u.ID, Rule: "MAN-9.2.5"},
		RedoubtBuilt{Unit: u.ID, At: u.At, AtL: s.label(u.At)}, Cleared{Side: cmd.Side, Cards: []string{c.ID}})
	return nil
}

func (s *State) legalRestore(side game.Side) []game.Option {
	var out []game.Option
	var reduced, mine []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.OnMap() {
			mine = append(mine, u)
			if u.Reduced {
				reduced = append(reduced, u)
			}
		}
	}
	for _, id := range s.Hand[side] {
		c := s.card(side, id)
		switch c.Type {
		case CardUnit:
			if u := s.Unit(c.Unit); !s.RestoreUsed && u != nil && u.OnMap() && u.Reduced {
				out = append(out, leaf("restore "+id))
			}
		case CardSupply, CardRegroup, CardLeader:
			if !s.RestoreUsed {
				for _, u := range reduced {
					out = append(out, leaf("restore "+id+" "+u.ID))
				}
			}
		case CardRedoubt:
			if !s.RedoubtUsed {
				for _, u := range mine {
					if !s.hasRedoubt(u.At) {
						out = append(out, leaf("redoubt "+id+" "+u.ID))
					}
				}
			}
		}
	}
	return out
}

// spy shows the opponent's hand to the active player (MAN-9.2.9).
func (d *decider) spy(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "MAN-9.2.9", "man.syntax", "usage", "spy CARD")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if c.Type != CardSpy {
		return game.Reject("wrong-card", "MAN-9.2.9", "man.card.wrong", "card", c.ID, "want", term(CardSpy))
	}
	drawing := s.Drawing
	d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "spy", Rule: "MAN-9.2.9"},
		Spied{Side: cmd.Side, Cards: slices.Clone(s.Hand[cmd.Side.Other()])},
		Cleared{Side: cmd.Side, Cards: []string{c.ID}})
	if drawing {
		// Played partway through the Draw Phase: draw back up to five
		// (MAN-P-44).
		d.draw(cmd.Side, 0)
		if d.s.Exhausted[0] && d.s.Exhausted[1] && d.s.opts.Value(optionSpecs, "day-end") == "immediate" {
			d.emit(GameOver{d.s.nightfall()}) // MAN-P-11, dayEnd = immediate
		}
	}
	return nil
}

// end ends the phase (MAN-4.2).
func (d *decider) end(cmd game.Command) error {
	s := d.s
	if len(cmd.Args) > 0 {
		return game.Reject(game.CodeSyntax, "MAN-4.2", "man.syntax", "usage", "end")
	}
	switch s.Phase {
	case PhaseSections, PhaseEdge, PhaseDeal, PhaseDeploy, PhaseDiscard:
		return wrongPhase("MAN-4.2", s.Phase, PhaseMove, PhaseCombat, PhaseRestore)
	case PhaseMove:
		if s.Moves == 0 && s.canMoveAny(cmd.Side) {
			return game.Reject("must-move", "MAN-5.1", "man.move.compulsory")
		}
		d.emit(PhaseBegan{Turn: s.Turn, Side: s.Active, Phase: PhaseCombat})
	case PhaseCombat:
		d.emit(PhaseBegan{Turn: s.Turn, Side: s.Active, Phase: PhaseRestore})
	case PhaseRestore:
		d.endTurn()
	}
	return nil
}

// endTurn passes to the other player, or ends the game turn: the day ends
// once both first decks are exhausted (MAN-2.3, MAN-P-11): at the end of
// the game turn by default, of the player turn with option day-end.
func (d *decider) endTurn() {
	s := d.s
	if s.Exhausted[0] && s.Exhausted[1] && s.opts.Value(optionSpecs, "day-end") == "end-of-player-turn" {
		d.emit(GameOver{s.nightfall()})
		return
	}
	if s.Active == s.First {
		d.emit(PhaseBegan{Turn: s.Turn, Side: s.First.Other(), Phase: PhaseDiscard})
		return
	}
	if s.Exhausted[0] && s.Exhausted[1] {
		d.emit(GameOver{s.nightfall()})
		return
	}
	d.emit(PhaseBegan{Turn: s.Turn + 1, Side: s.First, Phase: PhaseDiscard})
}

// nightfall scores the enemy half (MAN-2.2) with the tie-breaks of
// MAN-2.2.5 (T-15).
func (s *State) nightfall() Result {
	sc := s.control()
	r := Result{Why: "nightfall", Score: sc, Rule: "MAN-2.2.4"}
	a, b := game.SideA, game.SideB
	reduced := func(side game.Side) int {
		n := 0
		for i := range s.Units {
			if u := &s.Units[i]; u.Side == side && u.OnMap() && u.Reduced {
				n++
			}
		}
		return n
	}
	switch {
	case sc[a] != sc[b]:
		r.Winner = map[bool]game.Side{true: a, false: b}[sc[a] > sc[b]]
	case s.eliminated(b) != s.eliminated(a):
		r.Winner = map[bool]game.Side{true: a, false: b}[s.eliminated(b) > s.eliminated(a)]
		r.Why, r.Rule = "nightfall-elims", "MAN-2.2.5"
	case reduced(a) != reduced(b):
		r.Winner = map[bool]game.Side{true: a, false: b}[reduced(a) < reduced(b)]
		r.Why, r.Rule = "nightfall-reduced", "MAN-2.2.5"
	default:
		r.Winner = map[bool]game.Side{true: a, false: b}[s.army[a].Rank < s.army[b].Rank]
		r.Why, r.Rule = "nightfall-nation", "MAN-2.2.5"
	}
	return r
}

// words joins ids for an order.
func words(ids ...string) string { return strings.Join(ids, " ") }
