package man

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Combat kinds (MAN-6.0.1).
const (
	KindAssault = "assault"
	KindAmbush  = "ambush"
	KindBombard = "bombard"
	KindVolley  = "volley"
	KindBattery = "battery"
)

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// clearSquare reports whether c lets a line of sight through: not Hill,
// Town or Woods, and no unit (MAN-6.2.2c).
func (s *State) clearSquare(c grid.Coord) bool {
	return !s.terrain(c).Blocks && s.UnitAt(c) == nil
}

// sight reports whether from sees to within rng squares (MAN-6.2.2,
// MAN-8.4): adjacent always; at two squares the intervening square must
// be clear, and for a diagonal target one of the two (MAN-P-35).
func (s *State) sight(from, to grid.Coord, rng int) bool {
	dx, dy := to.X-from.X, to.Y-from.Y
	dist := abs(dx) + abs(dy)
	switch {
	case dist == 0 || dist > rng:
		return false
	case dist == 1:
		return true
	case dist == 2 && (dx == 0 || dy == 0):
		return s.clearSquare(grid.Coord{X: from.X + dx/2, Y: from.Y + dy/2})
	case dist == 2:
		return s.clearSquare(grid.Coord{X: from.X + dx, Y: from.Y}) || s.clearSquare(grid.Coord{X: from.X, Y: from.Y + dy})
	}
	return false // ranges beyond 2 are not printed on any card
}

func (s *State) adjacent(a, b grid.Coord) bool { return abs(a.X-b.X)+abs(a.Y-b.Y) == 1 }

// startCombat begins the turn's one combat (MAN-6.0.2, MAN-6.1.1, MAN-6.2.1).
func (d *decider) startCombat(cmd game.Command) error {
	s := d.s
	if s.CombatDone {
		return game.Reject("combat-done", "MAN-6.0.2", "man.combat.one")
	}
	usage := map[string]string{"assault": "assault CARD TARGET", "volley": "volley CARD TARGET", "ambush": "ambush CARD TARGET", "bombard": "bombard CARD TARGET [FIRER]"}[cmd.Verb]
	if len(cmd.Args) < 2 || len(cmd.Args) > 3 || (len(cmd.Args) == 3 && cmd.Verb != "bombard") {
		return game.Reject(game.CodeSyntax, "MAN-6.1.1", "man.syntax", "usage", usage)
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if err := s.deadCard(cmd.Side, c); err != nil {
		return err
	}
	t := s.Unit(cmd.Args[1])
	if t == nil || t.Side == cmd.Side || !t.OnMap() {
		return game.Reject("no-target", "MAN-6.1.2", "man.combat.no-target", "unit", game.Plain(cmd.Args[1]))
	}
	cb := Combat{Kind: cmd.Verb, Side: cmd.Side, Defender: t.ID, Start: c.ID, From: t.At, Step: "defend", Chooser: game.Nobody}
	var firer *Unit
	rule := "MAN-6.1.1"
	switch cmd.Verb {
	case "ambush":
		if c.Type != CardAmbush {
			return game.Reject("wrong-card", "MAN-6.1.1", "man.card.wrong", "card", c.ID, "want", term(CardAmbush))
		}
		rule = "MAN-9.2.1"
	case "assault":
		if c.Type != CardUnit || c.Attack.N == 0 {
			return game.Reject("no-attack", "MAN-6.1.1", "man.combat.no-attack", "card", c.ID)
		}
		if firer, err = s.unitArg(cmd.Side, c.Unit); err != nil {
			return err
		}
		if !s.terrain(firer.At).AssaultFrom {
			return game.Reject("marsh", "MAN-6.1.1", "man.combat.marsh", "unit", firer.ID)
		}
		if !s.adjacent(firer.At, t.At) {
			return game.Reject("not-adjacent", "MAN-6.1.2", "man.combat.adjacent", "unit", firer.ID, "target", t.ID)
		}
	case "volley":
		if c.Type != CardUnit || c.Volley.N == 0 {
			return game.Reject("no-volley", "MAN-6.2.1", "man.combat.no-volley", "card", c.ID)
		}
		if firer, err = s.unitArg(cmd.Side, c.Unit); err != nil {
			return err
		}
		if !s.adjacent(firer.At, t.At) {
			return game.Reject("not-adjacent", "MAN-6.2.2", "man.combat.adjacent", "unit", firer.ID, "target", t.ID)
		}
		cb.Kind, rule = KindVolley, "MAN-6.2.1"
	case "bombard":
		rule = "MAN-6.2.1"
		rng := c.Range
		switch {
		case c.Type == CardLeader && c.Battery:
			if len(cmd.Args) != 3 {
				return game.Reject(game.CodeSyntax, "MAN-9.1.6", "man.syntax", "usage", "bombard "+c.ID+" TARGET FIRER")
			}
			if firer, err = s.unitArg(cmd.Side, cmd.Args[2]); err != nil {
				return err
			}
			cb.Kind, rng, rule = KindBattery, 2, "MAN-9.1.6"
		case c.Type == CardUnit && c.Bombard.N > 0:
			if len(cmd.Args) == 3 {
				return game.Reject(game.CodeSyntax, "MAN-6.2.1", "man.syntax", "usage", "bombard CARD TARGET")
			}
			if firer, err = s.unitArg(cmd.Side, c.Unit); err != nil {
				return err
			}
		default:
			return game.Reject("no-bombard", "MAN-6.2.1", "man.combat.no-bombard", "card", c.ID)
		}
		if !s.sight(firer.At, t.At, rng) {
			return game.Reject("no-sight", "MAN-6.2.2", "man.combat.sight", "unit", firer.ID, "target", t.ID, "n", rng)
		}
	}
	if firer != nil {
		cb.Attacker = firer.ID
	}
	unit := ""
	if c.Type == CardUnit {
		unit = c.Unit
		cb.AttCards = []Played{{c.ID, c.Unit}}
	}
	d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: cb.Kind, Unit: unit, Rule: rule}, CombatBegan{Combat: cb, Rule: rule})
	switch cb.Kind {
	case KindBombard, KindVolley, KindBattery:
		d.fire(c)
	default:
		if len(d.s.Hand[cmd.Side.Other()]) == 0 { // DP-12: public, the hand size is known
			d.emit(CombatStep{Step: "support", Chooser: game.Nobody})
		}
	}
	return nil
}

// attackBonus is the terrain bonus of a unit on from attacking a unit on
// to (T-3b, MAN-6.3.1, MAN-P-25): the Hill's +2 against a defender not
// on a Hill.
func (s *State) attackBonus(from, to grid.Coord) int {
	a, b := s.terrain(from), s.terrain(to)
	if a.Attack > 0 && a.Name != b.Name {
		return a.Attack
	}
	return 0
}

// defenceParts is the Defense Total's terrain and Redoubt (MAN-6.3, MAN-9.2.5).
func (s *State) defenceTerrain(u *Unit, sappers bool) (int, []string) {
	total := s.terrain(u.At).Defence
	parts := []string{}
	if total > 0 {
		parts = append(parts, fmt.Sprintf("%s %d", s.terrain(u.At).Name, total))
	}
	if s.hasRedoubt(u.At) {
		if sappers {
			parts = append(parts, "redoubt 0 (sappers)")
		} else {
			total += s.tb.Redoubt
			parts = append(parts, fmt.Sprintf("redoubt %d", s.tb.Redoubt))
		}
	}
	return total, parts
}

// fire resolves a Bombardment, Volley or Grand Battery (MAN-6.2.3,
// MAN-6.2.4, T-10, MAN-9.1.6).
func (d *decider) fire(c *Card) {
	s := d.s
	cb := s.Combat
	firer, def := s.Unit(cb.Attacker), s.Unit(cb.Defender)
	dice := c.Bombard
	switch cb.Kind {
	case KindVolley:
		dice = c.Volley
	case KindBattery:
		dice = Dice{2, 10}
	}
	rolls := d.roll(dice.N, dice.Sides)
	bonus := s.attackBonus(firer.At, def.At)
	a := sum(rolls) + bonus
	ter, tparts := s.defenceTerrain(def, false) // MAN-P-23: the Redoubt counts
	dd := def.Strength() + ter
	aparts := fmt.Sprintf("%s %v", dice, rolls)
	if bonus > 0 {
		aparts += fmt.Sprintf(" + %s %d", s.terrain(firer.At).Name, bonus)
	}
	dparts := strings.Join(append([]string{fmt.Sprintf("%s %d", def.ID, def.Strength())}, tparts...), " + ")
	row := s.tb.Fire[len(s.tb.Fire)-1]
	for _, r := range s.tb.Fire {
		if r.Matches(a, dd) {
			row = r
			break
		}
	}
	d.emit(Resolved{Combat: cb.Kind, Attack: a, Defence: dd, AParts: aparts, DParts: dparts, Rolls: rolls, Row: row.Test, Result: row.Result, Chooser: game.Nobody, Rule: "MAN-6.2.4"})
	if row.Result == "hit" {
		d.hit(def, "fire", "MAN-6.2.4")
	}
	d.finish()
}

// hit gives u one Hit (MAN-6.5.4) and reports whether it was eliminated.
func (d *decider) hit(u *Unit, why, rule string) bool {
	elim := u.Reduced
	d.emit(Lost{Unit: u.ID, Eliminated: elim, Why: why, Rule: rule})
	return elim
}

// combatOrder handles the orders given inside a combat.
func (d *decider) combatOrder(cmd game.Command) error {
	s := d.s
	cb := s.Combat
	if cb == nil || s.Window != nil {
		return game.Reject("no-combat", "MAN-6.0.2", "man.combat.none", "verb", game.Plain(cmd.Verb))
	}
	def := cb.Side.Other()
	who := map[string]game.Side{"defend": def, "support": cb.Side, "choose": cb.Chooser, "flank": def, "advance": cb.Side}[cb.Step]
	verbs := map[string][]string{"defend": {"withdraw", "defend"}, "support": {"play", "lead", "commit", "sappers", "skirmish", "fight"},
		"choose": {"hit", "retreat"}, "flank": {"retreat"}, "advance": {"advance", "stay"}}[cb.Step]
	if !slices.Contains(verbs, cmd.Verb) {
		return game.Reject(game.CodeWrongPhase, "MAN-6.1", "man.combat.step", "verb", game.Plain(cmd.Verb), "want", game.Or(verbs...))
	}
	if cmd.Side != who {
		return game.Reject(game.CodeWrongSide, "MAN-6.1", "man.combat.not-you", "side", who)
	}
	switch cmd.Verb {
	case "withdraw":
		return d.withdraw(cmd)
	case "defend":
		return d.defend(cmd)
	case "play", "lead", "commit", "sappers":
		return d.support(cmd)
	case "skirmish":
		return d.skirmish(cmd)
	case "fight":
		if len(cmd.Args) > 0 {
			return game.Reject(game.CodeSyntax, "MAN-6.1.6", "man.syntax", "usage", "fight")
		}
		d.resolve()
		return nil
	case "hit":
		d.emit(CombatStep{Step: "", Chooser: game.Nobody})
		u := s.Unit(cb.Defender)
		if d.hit(u, "result", "MAN-6.5.4") {
			d.emit(Vacated{})
		}
		d.afterDefender()
		return nil
	case "retreat":
		if cb.Step == "choose" {
			if len(cmd.Args) > 0 {
				return game.Reject(game.CodeSyntax, "MAN-6.5.5", "man.syntax", "usage", "retreat")
			}
			d.emit(CombatStep{Step: "", Chooser: game.Nobody})
			d.retreat(s.Unit(cb.Defender), false)
			return nil
		}
		if len(cmd.Args) != 1 || !slices.Contains(cb.Flanks, strings.ToLower(cmd.Args[0])) {
			return game.Reject(game.CodeNoSuchChoice, "MAN-6.5.5", "man.retreat.flank", "cells", game.Or(cb.Flanks...))
		}
		to, _ := s.cellArg(cmd.Args[0])
		withdraw := cb.Withdrawing
		d.emit(CombatStep{Step: "", Chooser: game.Nobody})
		d.retreatTo(s.Unit(cb.Defender), to, withdraw)
		return nil
	case "advance", "stay":
		return d.advanceOrder(cmd)
	}
	return nil
}

// retreatSquares lists where u may retreat, by the first priority of T-13
// that offers a square (MAN-6.5.5, MAN-P-28): back, then either flank,
// then forward.
func (s *State) retreatSquares(u *Unit) []grid.Coord {
	free := func(c grid.Coord) bool {
		return s.grid().Contains(c) && s.terrain(c).Enter && s.UnitAt(c) == nil
	}
	b := s.back(u.Side)
	if c := add(u.At, b); free(c) {
		return []grid.Coord{c}
	}
	var flanks []grid.Coord
	for _, f := range []grid.Coord{{X: b.Y, Y: b.X}, {X: -b.Y, Y: -b.X}} {
		if c := add(u.At, f); free(c) {
			flanks = append(flanks, c)
		}
	}
	if len(flanks) > 0 {
		slices.SortFunc(flanks, func(a, b grid.Coord) int { return strings.Compare(s.label(a), s.label(b)) })
		return flanks
	}
	if c := add(u.At, grid.Coord{X: -b.X, Y: -b.Y}); free(c) {
		return []grid.Coord{c}
	}
	return nil
}

// retreat moves the defender one square (MAN-6.5.5) or eliminates it.
func (d *decider) retreat(u *Unit, withdraw bool) {
	sq := d.s.retreatSquares(u)
	switch len(sq) {
	case 0:
		d.emit(Lost{Unit: u.ID, Eliminated: true, Why: "no-retreat", Rule: "MAN-6.5.5"}, Vacated{})
		d.afterDefender()
	case 1:
		d.retreatTo(u, sq[0], withdraw)
	default:
		var labels []string
		for _, c := range sq {
			labels = append(labels, d.s.label(c))
		}
		d.emit(CombatStep{Step: "flank", Chooser: u.Side, Flanks: labels, Withdraw: withdraw})
	}
}

func (d *decider) retreatTo(u *Unit, to grid.Coord, withdraw bool) {
	how, rule := "retreat", "MAN-6.5.5"
	if withdraw {
		how, rule = "withdraw", "MAN-6.5.6"
	}
	d.emit(Moved{Unit: u.ID, From: u.At, To: to, How: how, Rule: rule, FromL: d.s.label(u.At), ToL: d.s.label(to)},
		Vacated{Retreated: !withdraw, Withdrew: withdraw})
	d.afterDefender()
}

// withdraw is the defender's step 3 (MAN-6.1.3, MAN-8.7, MAN-9.2.11,
// MAN-P-20, MAN-P-36).
func (d *decider) withdraw(cmd game.Command) error {
	s := d.s
	cb := s.Combat
	if len(cmd.Args) != 1 {
		return game.Reject(game.CodeSyntax, "MAN-6.1.3", "man.syntax", "usage", "withdraw CARD")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if cb.USTried {
		return game.Reject("withdraw-tried", "MAN-P-36", "man.withdraw.tried")
	}
	def := s.Unit(cb.Defender)
	if len(s.retreatSquares(def)) == 0 {
		return game.Reject("no-square", "MAN-6.1.3", "man.withdraw.no-square", "unit", def.ID)
	}
	switch {
	case c.Type == CardWithdraw:
		d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "withdraw", Unit: def.ID, Rule: "MAN-9.2.11"})
		d.retreat(def, true)
	case c.Type == CardUnit && c.Unit == def.ID && c.Withdraw.Hi > 0:
		r := d.dice.Roll(6)
		if c.Withdraw.Has(r) {
			d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "withdraw", Unit: def.ID, Rule: fmt.Sprintf("MAN-8.7: roll %d in %s", r, c.Withdraw)})
			d.retreat(def, true)
		} else {
			d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "withdraw-try", Unit: def.ID, Rule: fmt.Sprintf("MAN-8.7: roll %d not in %s", r, c.Withdraw)})
		}
	default:
		return game.Reject("wrong-card", "MAN-6.1.3", "man.withdraw.card", "card", c.ID)
	}
	return nil
}

// defend plays the defender's cards (MAN-6.1.4, MAN-P-21, MAN-9.1.7).
func (d *decider) defend(cmd game.Command) error {
	s := d.s
	cb := s.Combat
	def := s.Unit(cb.Defender)
	seen := map[string]bool{}
	leaders := 0
	var evs []game.Event
	for _, id := range cmd.Args {
		c, err := s.handCard(cmd.Side, id)
		if err != nil {
			return err
		}
		if seen[id] {
			return game.Reject(game.CodeSyntax, "MAN-6.1.4", "man.card.twice", "card", id)
		}
		seen[id] = true
		switch {
		case c.Type == CardUnit && c.Unit == def.ID:
			evs = append(evs, CardPlayed{Side: cmd.Side, Card: id, Use: "defend", Unit: def.ID, Rule: "MAN-6.1.4"})
		case c.Type == CardLeader:
			leaders++
			if leaders > 1 || cb.DefLeader != "" {
				return game.Reject("two-leaders", "MAN-9.1.7", "man.leader.one")
			}
			evs = append(evs, CardPlayed{Side: cmd.Side, Card: id, Use: "leader-defend", Rule: "MAN-6.1.4"})
		default:
			return game.Reject("wrong-card", "MAN-6.1.4", "man.defend.card", "card", id, "unit", def.ID)
		}
	}
	d.emit(evs...)
	d.emit(CombatStep{Step: "support", Chooser: game.Nobody})
	return nil
}

// participants are the attacking unit and the supporting units.
func (cb *Combat) participants() []string {
	if cb.Attacker == "" {
		return slices.Clone(cb.Supporters) // an Ambush's (MAN-A-24)
	}
	return append([]string{cb.Attacker}, cb.Supporters...)
}

// eligibleSupporters lists side's units that may support (MAN-6.4.3):
// adjacent to the defender, not the attacking unit, not in a Marsh.
func (s *State) eligibleSupporters() []string {
	cb := s.Combat
	def := s.Unit(cb.Defender)
	var out []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == cb.Side && u.OnMap() && u.ID != cb.Attacker && s.adjacent(u.At, def.At) && s.terrain(u.At).AssaultFrom {
			out = append(out, u.ID)
		}
	}
	return out
}

// support plays the attacker's step 5 cards (MAN-6.1.5, MAN-6.4,
// MAN-9.2.1, MAN-9.2.2, MAN-9.2.7, MAN-P-22, MAN-P-26, MAN-P-40).
func (d *decider) support(cmd game.Command) error {
	s := d.s
	cb := s.Combat
	if len(cmd.Args) < 1 {
		return game.Reject(game.CodeSyntax, "MAN-6.1.5", "man.syntax", "usage", cmd.Verb+" CARD …")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if err := s.deadCard(cmd.Side, c); err != nil {
		return err
	}
	if cb.Kind == KindAmbush && cmd.Verb != "lead" && !s.ambushAll() {
		return game.Reject("ambush-leader-only", "MAN-9.2.1", "man.ambush.leader-only")
	}
	switch cmd.Verb {
	case "play":
		if len(cmd.Args) != 1 {
			return game.Reject(game.CodeSyntax, "MAN-6.1.5", "man.syntax", "usage", "play CARD")
		}
		if c.Type != CardUnit || c.Attack.N == 0 {
			return game.Reject("no-attack", "MAN-P-22", "man.combat.no-attack", "card", c.ID)
		}
		if !slices.Contains(cb.participants(), c.Unit) {
			return game.Reject("not-taking-part", "MAN-6.4.5", "man.support.not-in", "unit", c.Unit)
		}
		d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "attack", Unit: c.Unit, Rule: "MAN-6.1.5"})
	case "lead":
		if c.Type != CardLeader {
			return game.Reject("wrong-card", "MAN-9.1", "man.card.wrong", "card", c.ID, "want", term(CardLeader))
		}
		if cb.AttLeader != "" {
			return game.Reject("two-leaders", "MAN-9.1.7", "man.leader.one")
		}
		mode := "combat"
		if len(cmd.Args) > 1 {
			mode = cmd.Args[1]
		}
		switch {
		case mode == "combat" && len(cmd.Args) <= 2:
			d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "leader-combat", Rule: "MAN-9.1.2"})
		case mode == "command":
			if cb.Kind != KindAssault && !s.ambushAll() {
				return game.Reject("ambush-leader-only", "MAN-6.4.8", "man.ambush.leader-only")
			}
			if c.Command < 2 {
				return game.Reject("command-1", "MAN-9.1.3", "man.leader.command-1", "card", c.ID)
			}
			units := cmd.Args[2:]
			if len(units) == 0 || len(units) > c.Command-1 {
				return game.Reject("supporters", "MAN-6.4.2", "man.support.count", "card", c.ID, "n", c.Command-1)
			}
			ok := s.eligibleSupporters()
			seen := map[string]bool{}
			for _, id := range units {
				if !slices.Contains(ok, id) || seen[id] {
					return game.Reject("supporter", "MAN-6.4.3", "man.support.bad", "unit", game.Plain(id))
				}
				seen[id] = true
			}
			d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "leader-command", Rule: "MAN-6.4.1"}, Supported{Units: slices.Clone(units)})
		default:
			return game.Reject(game.CodeSyntax, "MAN-9.1.2", "man.syntax", "usage", "lead CARD [combat | command UNIT…]")
		}
	case "commit":
		if c.Type != CardCommitted {
			return game.Reject("wrong-card", "MAN-9.2.2", "man.card.wrong", "card", c.ID, "want", term(CardCommitted))
		}
		if len(cmd.Args) != 2 || !slices.Contains(cb.participants(), cmd.Args[1]) {
			return game.Reject("not-taking-part", "MAN-P-40", "man.commit.unit")
		}
		if slices.ContainsFunc(cb.Committed, func(p Played) bool { return p.Unit == cmd.Args[1] }) {
			return game.Reject("committed", "MAN-9.2.2", "man.commit.again", "unit", cmd.Args[1])
		}
		d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "committed", Unit: cmd.Args[1], Rule: "MAN-9.2.2"})
	case "sappers":
		if c.Type != CardSappers || len(cmd.Args) != 1 {
			return game.Reject("wrong-card", "MAN-9.2.7", "man.card.wrong", "card", c.ID, "want", term(CardSappers))
		}
		if cb.Sappers {
			return game.Reject("sappers", "MAN-9.2.7", "man.sappers.again")
		}
		d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "sappers", Rule: "MAN-9.2.7"})
	}
	return nil
}

// skirmishSquares lists where the attacking unit may go: 0 to 2
// orthogonal steps through empty squares, no Lake (MAN-P-43).
func (s *State) skirmishSquares(u *Unit) []grid.Coord {
	seen := map[grid.Coord]bool{u.At: true}
	out := []grid.Coord{u.At}
	frontier := []grid.Coord{u.At}
	for range 2 {
		var next []grid.Coord
		for _, c := range frontier {
			for _, n := range neighbors(c) {
				if !seen[n] && s.terrain(n).Enter && s.UnitAt(n) == nil {
					seen[n] = true
					out = append(out, n)
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return out
}

func (cb *Combat) step5Played() bool {
	return len(cb.AttCards) > 1 || cb.AttLeader != "" || len(cb.Committed) > 0 || cb.Sappers
}

// skirmish cancels the assault (MAN-9.2.8, MAN-P-43).
func (d *decider) skirmish(cmd game.Command) error {
	s := d.s
	cb := s.Combat
	if len(cmd.Args) != 2 {
		return game.Reject(game.CodeSyntax, "MAN-9.2.8", "man.syntax", "usage", "skirmish CARD CELL")
	}
	c, err := s.handCard(cmd.Side, cmd.Args[0])
	if err != nil {
		return err
	}
	if c.Type != CardSkirmish {
		return game.Reject("wrong-card", "MAN-9.2.8", "man.card.wrong", "card", c.ID, "want", term(CardSkirmish))
	}
	if cb.Kind != KindAssault {
		return game.Reject("skirmish-ambush", "MAN-P-43", "man.skirmish.assault")
	}
	if cb.step5Played() {
		return game.Reject("skirmish-alone", "MAN-P-43", "man.skirmish.alone")
	}
	u := s.Unit(cb.Attacker)
	to, err := s.cellArg(cmd.Args[1])
	if err != nil {
		return err
	}
	if !slices.Contains(s.skirmishSquares(u), to) {
		return game.Reject("unreachable", "MAN-9.2.8", "man.move.unreachable", "unit", u.ID, "cell", s.label(to), "n", 2)
	}
	d.emit(CardPlayed{Side: cmd.Side, Card: c.ID, Use: "skirmish", Unit: u.ID, Rule: "MAN-9.2.8"},
		Returned{Side: cmd.Side, Card: cb.Start})
	if to != u.At {
		d.emit(Moved{Unit: u.ID, From: u.At, To: to, How: "skirmish", Rule: "MAN-9.2.8", FromL: s.label(u.At), ToL: s.label(to)})
	}
	d.clearTables()
	d.emit(CombatEnded{Side: cmd.Side})
	d.emit(PhaseBegan{Turn: d.s.Turn, Side: d.s.Active, Phase: PhaseRestore})
	return nil
}

func (d *decider) clearTables() {
	for _, side := range game.Sides {
		if len(d.s.Table[side]) > 0 {
			d.emit(Cleared{Side: side, Cards: slices.Clone(d.s.Table[side])})
		}
	}
}

// resolve computes the totals and reads T-9 (MAN-6.1.6, MAN-6.1.7).
func (d *decider) resolve() {
	s := d.s
	cb := s.Combat
	def := s.Unit(cb.Defender)
	var rolls []int
	a := 0
	var ap []string
	dice := func(what string, dc Dice) {
		r := d.roll(dc.N, dc.Sides)
		rolls = append(rolls, r...)
		a += sum(r)
		ap = append(ap, fmt.Sprintf("%s %s %v", what, dc, r))
	}
	if cb.Kind == KindAmbush {
		dice("ambush", Dice{1, 10}) // MAN-P-39
	}
	{
		for _, id := range cb.participants() {
			if id != cb.Attacker && !cb.Command {
				continue
			}
			u := s.Unit(id)
			a += u.Strength()
			ap = append(ap, fmt.Sprintf("%s %d", id, u.Strength()))
			if b := s.attackBonus(u.At, def.At); b > 0 && cb.Kind != KindAmbush { // MAN-9.2.1: no attacker terrain in an Ambush
				a += b
				ap = append(ap, fmt.Sprintf("%s %d", s.terrain(u.At).Name, b))
			}
		}
		for _, p := range cb.AttCards {
			dice(p.Card, s.card(cb.Side, p.Card).Attack)
		}
	}
	if cb.AttLeader != "" && !cb.Command {
		l := s.card(cb.Side, cb.AttLeader)
		a += l.Combat
		ap = append(ap, fmt.Sprintf("%s %d", l.ID, l.Combat))
	}
	for _, p := range cb.Committed {
		dice(p.Card, Dice{2, 6})
	}
	dd := def.Strength()
	dp := []string{fmt.Sprintf("%s %d", def.ID, def.Strength())}
	for _, id := range cb.DefCards {
		c := s.card(def.Side, id)
		dd += c.Defense
		dp = append(dp, fmt.Sprintf("%s %d", id, c.Defense))
	}
	ter, tparts := s.defenceTerrain(def, cb.Sappers)
	dd += ter
	dp = append(dp, tparts...)
	if cb.DefLeader != "" {
		l := s.card(def.Side, cb.DefLeader)
		dd += l.Combat
		dp = append(dp, fmt.Sprintf("%s %d", l.ID, l.Combat))
	}
	row := s.tb.CRT[len(s.tb.CRT)-1]
	for _, r := range s.tb.CRT {
		if r.Matches(a, dd) {
			row = r
			break
		}
	}
	chooser := game.Nobody
	switch row.Chooser {
	case "attacker":
		chooser = cb.Side
	case "defender":
		chooser = def.Side
	}
	d.emit(CombatStep{Step: "", Chooser: game.Nobody},
		Resolved{Combat: cb.Kind, Attack: a, Defence: dd, AParts: strings.Join(ap, " + "), DParts: strings.Join(dp, " + "), Rolls: rolls, Row: row.Test, Result: row.Result, Chooser: chooser, Rule: "MAN-6.1.7"})
	switch row.Result {
	case "eliminate":
		d.emit(Lost{Unit: def.ID, Eliminated: true, Why: "result", Rule: "MAN-6.5.3"}, Vacated{})
		d.afterDefender()
	case "hit-retreat":
		if d.hit(def, "result", "MAN-6.5.4") {
			d.emit(Vacated{})
			d.afterDefender()
		} else {
			d.retreat(d.s.Unit(def.ID), false)
		}
	case "hit-or-retreat":
		d.emit(CombatStep{Step: "choose", Chooser: chooser})
	case "attackers-hit":
		for _, id := range cb.participants() {
			if u := d.s.Unit(id); u != nil && u.OnMap() {
				d.hit(u, "failed", "MAN-6.4.6")
			}
		}
		d.finish()
	default:
		d.finish()
	}
}

// advancers are the participants that may advance (MAN-6.5.7).
func (s *State) advancers() []string {
	var out []string
	for _, id := range s.Combat.participants() {
		if u := s.Unit(id); u != nil && u.OnMap() {
			out = append(out, id)
		}
	}
	return out
}

// hasNRA reports whether a card with "Not required to advance" was played
// for the unit (MAN-P-29).
func (s *State) hasNRA(id string) bool {
	cb := s.Combat
	for _, p := range cb.AttCards {
		if p.Unit == id && s.card(cb.Side, p.Card).NRA {
			return true
		}
	}
	return false
}

// advanceOptional: every participant has NRA (MAN-6.5.8).
func (s *State) advanceOptional() bool {
	as := s.advancers()
	for _, id := range as {
		if !s.hasNRA(id) {
			return false
		}
	}
	return len(as) > 0
}

// afterDefender goes on once the defender's fate is settled: the
// advance of an Assault into an emptied square (MAN-6.5.7, MAN-6.5.9).
func (d *decider) afterDefender() {
	s := d.s
	cb := s.Combat
	if cb.Kind != KindAssault || !cb.Vacated {
		d.finish()
		return
	}
	as := s.advancers()
	switch {
	case len(as) == 0:
		d.finish()
	case len(as) == 1 && !s.advanceOptional():
		d.advanceUnit(as[0])
	default:
		d.emit(CombatStep{Step: "advance", Chooser: cb.Side})
	}
}

func (d *decider) advanceOrder(cmd game.Command) error {
	s := d.s
	if cmd.Verb == "stay" {
		if !s.advanceOptional() {
			return game.Reject("must-advance", "MAN-6.5.8", "man.advance.compulsory")
		}
		d.emit(CombatStep{Step: "", Chooser: game.Nobody})
		d.finish()
		return nil
	}
	if len(cmd.Args) != 1 || !slices.Contains(s.advancers(), cmd.Args[0]) {
		return game.Reject(game.CodeNoSuchChoice, "MAN-6.5.7", "man.advance.who", "units", game.Or(s.advancers()...))
	}
	d.emit(CombatStep{Step: "", Chooser: game.Nobody})
	d.advanceUnit(cmd.Args[0])
	return nil
}

// advanceUnit moves a participant into the emptied square, then pursues
// (MAN-6.6).
func (d *decider) advanceUnit(id string) {
	s := d.s
	cb := s.Combat
	u := s.Unit(id)
	d.emit(Moved{Unit: id, From: u.At, To: cb.From, How: "advance", Rule: "MAN-6.5.7", FromL: s.label(u.At), ToL: s.label(cb.From)})
	if u.Type == Cavalry && (cb.Retreated || cb.Withdrew) {
		mod := 0
		if cb.AttLeader != "" {
			mod = s.card(cb.Side, cb.AttLeader).LPursuit // MAN-6.6.3, MAN-P-32
		}
		for _, p := range cb.AttCards {
			c := s.card(cb.Side, p.Card)
			if p.Unit != id || c.Pursuit.Hi == 0 {
				continue
			}
			def := d.s.Unit(cb.Defender)
			if !def.OnMap() {
				break
			}
			r := d.dice.Roll(6)
			hit := c.Pursuit.Has(max(1, r-mod))
			d.emit(Pursued{Unit: id, Card: c.ID, Roll: r, Mod: mod, Range: c.Pursuit.String(), Hit: hit})
			if hit {
				d.hit(def, "pursuit", "MAN-6.6.4")
			}
		}
	}
	d.finish()
}

// finish ends the combat: Committed Attack hits, the cards to the
// discard piles, the attrition check, then the Restoration Phase
// (MAN-P-30, MAN-2.1.3).
func (d *decider) finish() {
	cb := d.s.Combat
	for _, p := range cb.Committed {
		if u := d.s.Unit(p.Unit); u != nil && u.OnMap() {
			d.hit(u, "committed", "MAN-9.2.2")
		}
	}
	d.clearTables()
	d.emit(CombatEnded{Side: cb.Side})
	att, def := cb.Side, cb.Side.Other()
	aWins, dWins := d.s.eliminated(def) >= 5, d.s.eliminated(att) >= 5
	score := [2]int{d.s.eliminated(game.SideB), d.s.eliminated(game.SideA)}
	switch {
	case aWins && dWins:
		d.emit(GameOver{Result{Winner: def, Why: "committed", Score: score, Rule: "MAN-2.1.2"}})
	case aWins:
		d.emit(GameOver{Result{Winner: att, Why: "attrition", Score: score, Rule: "MAN-2.1.1"}})
	case dWins:
		d.emit(GameOver{Result{Winner: def, Why: "attrition", Score: score, Rule: "MAN-2.1.1"}})
	default:
		d.emit(PhaseBegan{Turn: d.s.Turn, Side: d.s.Active, Phase: PhaseRestore})
	}
}

// legalCombatStart lists the combats side may start (MAN-6).
func (s *State) legalCombatStart(side game.Side) []game.Option {
	if s.CombatDone {
		return nil
	}
	var out []game.Option
	var enemies, mine []*Unit
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() {
			continue
		}
		if u.Side == side {
			mine = append(mine, u)
		} else {
			enemies = append(enemies, u)
		}
	}
	for _, id := range s.Hand[side] {
		c := s.card(side, id)
		switch c.Type {
		case CardAmbush:
			for _, e := range enemies {
				out = append(out, leaf("ambush "+id+" "+e.ID))
			}
		case CardLeader:
			if c.Battery {
				for _, f := range mine {
					for _, e := range enemies {
						if s.sight(f.At, e.At, 2) {
							out = append(out, leaf(words("bombard", id, e.ID, f.ID)))
						}
					}
				}
			}
		case CardUnit:
			u := s.Unit(c.Unit)
			if u == nil || !u.OnMap() {
				continue
			}
			for _, e := range enemies {
				if c.Attack.N > 0 && s.terrain(u.At).AssaultFrom && s.adjacent(u.At, e.At) {
					out = append(out, leaf(words("assault", id, e.ID)))
				}
				if c.Volley.N > 0 && s.adjacent(u.At, e.At) {
					out = append(out, leaf(words("volley", id, e.ID)))
				}
				if c.Bombard.N > 0 && s.sight(u.At, e.At, c.Range) {
					out = append(out, leaf(words("bombard", id, e.ID)))
				}
			}
		}
	}
	return out
}

// legalCombat lists side's orders inside a combat.
func (s *State) legalCombat(side game.Side) []game.Option {
	cb := s.Combat
	def := cb.Side.Other()
	var out []game.Option
	switch cb.Step {
	case "defend":
		if side != def {
			return nil
		}
		du := s.Unit(cb.Defender)
		var units, leaders []string
		for _, id := range s.Hand[side] {
			c := s.card(side, id)
			switch {
			case c.Type == CardUnit && c.Unit == du.ID:
				units = append(units, id)
				if c.Withdraw.Hi > 0 && !cb.USTried && len(s.retreatSquares(du)) > 0 {
					out = append(out, leaf("withdraw "+id))
				}
			case c.Type == CardLeader && cb.DefLeader == "":
				leaders = append(leaders, id)
			case c.Type == CardWithdraw && !cb.USTried && len(s.retreatSquares(du)) > 0:
				out = append(out, leaf("withdraw "+id))
			}
		}
		units = units[:min(len(units), 5)]
		for mask := 0; mask < 1<<len(units); mask++ {
			var set []string
			for i, id := range units {
				if mask&(1<<i) != 0 {
					set = append(set, id)
				}
			}
			out = append(out, leaf(strings.TrimSpace("defend "+words(set...))))
			for _, l := range leaders {
				out = append(out, leaf(words(append([]string{"defend"}, append(set, l)...)...)))
			}
		}
	case "support":
		if side != cb.Side {
			return nil
		}
		out = append(out, leaf("fight"))
		for _, id := range s.Hand[side] {
			c := s.card(side, id)
			if s.deadCard(side, c) != nil {
				continue
			}
			switch c.Type {
			case CardLeader:
				if cb.AttLeader != "" {
					continue
				}
				out = append(out, leaf("lead "+id))
				if (cb.Kind == KindAssault || s.ambushAll()) && c.Command >= 2 {
					el := s.eligibleSupporters()
					for mask := 1; mask < 1<<len(el); mask++ {
						var set []string
						for i, u := range el {
							if mask&(1<<i) != 0 {
								set = append(set, u)
							}
						}
						if len(set) <= c.Command-1 {
							out = append(out, leaf(words(append([]string{"lead", id, "command"}, set...)...)))
						}
					}
				}
			}
			if cb.Kind != KindAssault && !s.ambushAll() {
				continue
			}
			switch c.Type {
			case CardUnit:
				if c.Attack.N > 0 && slices.Contains(cb.participants(), c.Unit) {
					out = append(out, leaf("play "+id))
				}
			case CardCommitted:
				for _, u := range cb.participants() {
					if !slices.ContainsFunc(cb.Committed, func(p Played) bool { return p.Unit == u }) {
						out = append(out, leaf(words("commit", id, u)))
					}
				}
			case CardSappers:
				if !cb.Sappers && s.hasRedoubt(s.Unit(cb.Defender).At) {
					out = append(out, leaf("sappers "+id))
				}
			case CardSkirmish:
				if cb.Kind == KindAssault && !cb.step5Played() {
					for _, c := range s.skirmishSquares(s.Unit(cb.Attacker)) {
						out = append(out, leaf(words("skirmish", id, s.label(c))))
					}
				}
			}
		}
	default:
		for _, dc := range s.Pending() {
			if dc.Side == side {
				out = append(out, dc.Options...)
			}
		}
	}
	return out
}

// Sight reports whether a unit on from could fire at to within rng
// squares (MAN-6.2.2), for tests and a future line-of-sight view.
func (s *State) Sight(from, to string, rng int) (bool, error) {
	a, err := s.cellArg(from)
	if err != nil {
		return false, err
	}
	b, err := s.cellArg(to)
	if err != nil {
		return false, err
	}
	return s.sight(a, b, rng), nil
}

// Controls reports whether side controls the square (MAN-2.2.2, MAN-2.2.3).
func (s *State) Controls(side game.Side, cell string) (bool, error) {
	c, err := s.cellArg(cell)
	if err != nil {
		return false, err
	}
	return s.controls(side, c), nil
}

// ambushAll reports whether the 2010 Ambush is played (MAN-A-24: every
// assault card but Skirmish may be added, a Leader's Command brings in
// units adjacent to the target, the Ambush card counting as the first).
func (s *State) ambushAll() bool {
	return s.option("ambush-cards") == "all-but-skirmish"
}
