package sdc

import (
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Senior generals (SDC-16): division and corps generals, each with a pool
// of rerolls for the game. They command no brigade and are not activated.
type Senior struct {
	ID      string     `json:"id"`
	Side    game.Side  `json:"side"`
	Corps   bool       `json:"corps,omitempty"`
	At      grid.Coord `json:"at"`
	Rerolls int        `json:"rerolls"`
	Moved   bool       `json:"moved,omitempty"` // this turn (SDC-16.7)
}

// SeniorMove is a senior general's move, 2 PM once a turn (SDC-16.7).
const SeniorMove = 6

func (s *State) senior(id string) *Senior {
	for i := range s.Seniors {
		if s.Seniors[i].ID == id {
			return &s.Seniors[i]
		}
	}
	return nil
}

// moveSenior moves a division or corps general during one of his side's
// activations, once a turn, 2 PM, not into contact nor through the
// enemy, never into the river (SDC-16.7 [P]).
func (x *decider) moveSenior(g *Senior, args []string) error {
	s := x.t
	switch {
	case g.Side != x.side:
		return reject(game.CodeNotYourUnit, "", "sdc.not-yours", "unit", g.ID)
	case g.Moved:
		return reject("moved", "SDC-16.7", "sdc.general.moved", "unit", g.ID)
	case len(args) != 2:
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "move GENERAL HEX")
	}
	to, err := s.m.g.Parse(args[1])
	if err != nil {
		return reject(game.CodeBadCell, "", "sdc.bad-cell", "cell", game.Plain(args[1]))
	}
	r := s.seniorReach(g)
	defer r.release()
	if !r.has(to) || to == g.At || s.enemyNear(g.Side, to) {
		return reject("unreachable", "SDC-16.7", "sdc.general.unreachable", "unit", g.ID, "cell", s.label(to))
	}
	x.emit(SeniorMoved{Senior: g.ID, To: to, Label: s.label(to)})
	return nil
}

func (s *State) seniorReach(g *Senior) *area {
	return s.plainReach(g.At, g.Side, SeniorMove)
}

// SeniorMoved: a division or corps general moved (SDC-16.7), or was
// pushed away by a contact (Displaced, SDC-8.14).
type SeniorMoved struct {
	Senior    string     `json:"senior"`
	To        grid.Coord `json:"to"`
	Label     string     `json:"label"`
	Displaced bool       `json:"displaced,omitempty"`
}

func (SeniorMoved) Kind() string { return "senior-moved" }
func (e SeniorMoved) apply(s *State) {
	g := s.senior(e.Senior)
	g.At = e.To
	if !e.Displaced {
		g.Moved = true
	}
}

func (e SeniorMoved) Message() game.Msg {
	if e.Displaced {
		return game.M("sdc.ev.displaced", "unit", e.Senior, "to", e.Label)
	}
	return game.M("sdc.ev.senior-moved", "senior", e.Senior, "to", e.Label)
}

// Reroll radii in hexes (SDC-16.3 … 16.5, TBL-20): a division general
// within 6 PM of the piece whose die is rerolled; a corps general within
// 6 PT, or less than 6 PT from a division general who is less than 6 PM
// from the piece (the relay).
const DivisionRange, CorpsRange = 18, 24

// Pools lists the senior generals of side who may reroll a die of a
// piece standing in c (SDC-16.3 … 16.5).
func (s *State) Pools(side game.Side, c grid.Coord) []string {
	var out []string
	for i := range s.Seniors {
		g := &s.Seniors[i]
		if g.Side != side || g.Rerolls <= 0 {
			continue
		}
		d := grid.HexDistance(g.At, c)
		switch {
		case !g.Corps && d <= DivisionRange, g.Corps && d <= CorpsRange:
			out = append(out, g.ID)
		case g.Corps:
			for j := range s.Seniors {
				r := &s.Seniors[j]
				if r.Side == side && !r.Corps && grid.HexDistance(g.At, r.At) < CorpsRange && grid.HexDistance(r.At, c) < DivisionRange {
					out = append(out, g.ID)
					break
				}
			}
		}
	}
	return out
}

// Ask is a senior general's reroll offered to the owner of a die that
// failed (SDC-16.2, SDC-16.8): the order being resolved waits, with the
// dice it has rolled, until he answers "reroll GENERAL" or "keep"; then
// it is decided again from the start with the same dice and his answers.
type Ask struct {
	// Kind: "" a senior general's reroll (Pools: the generals able to),
	// "recoil" the choice of a recoil's end (Pools: the end hexes, the
	// default first); Key is the answer's key ("" for a reroll: Index).
	Kind    string            `json:"kind,omitempty"`
	Key     string            `json:"key,omitempty"`
	Command game.Command      `json:"command"`
	Rolls   []int             `json:"rolls"`
	Answers map[string]string `json:"answers,omitempty"` // die index → senior general, or "keep"
	Index   int               `json:"index"`
	Side    game.Side         `json:"side"`
	Unit    string            `json:"unit"`
	Die     int               `json:"die"`
	Pools   []string          `json:"pools"`
}

// Asked: an order waits for a reroll decision (SDC-16.8).
type Asked struct {
	Ask Ask `json:"ask"`
}

func (Asked) Kind() string { return "asked" }
func (e Asked) apply(s *State) {
	if e.Ask.Command.Verb == "" { // the question answered
		s.Ask = nil
		return
	}
	a := e.Ask
	s.Ask = &a
}

func (e Asked) Message() game.Msg {
	if e.Ask.Command.Verb == "" {
		return game.M("sdc.ev.answered")
	}
	if e.Ask.Kind != "" {
		return game.M("sdc.ev.asked-"+e.Ask.Kind, "side", e.Ask.Side, "unit", e.Ask.Unit)
	}
	return game.M("sdc.ev.asked", "side", e.Ask.Side, "unit", e.Ask.Unit, "die", e.Ask.Die)
}

// RerollUsed: a senior general's reroll is spent on a die (SDC-16.1).
type RerollUsed struct {
	Senior string `json:"senior"`
	Unit   string `json:"unit"`
	Old    int    `json:"old"`
	New    int    `json:"new"`
}

func (RerollUsed) Kind() string { return "reroll-used" }
func (e RerollUsed) apply(s *State) {
	for i := range s.Seniors {
		if s.Seniors[i].ID == e.Senior {
			s.Seniors[i].Rerolls--
		}
	}
}

func (e RerollUsed) Message() game.Msg {
	return game.M("sdc.ev.reroll-used", "senior", e.Senior, "unit", e.Unit, "old", e.Old, "new", e.New)
}

// askPanic stops a decision run at a die its owner may have rerolled.
type askPanic struct{ ask Ask }

// replayDice gives an order's dice already rolled before an Ask, then
// rolls new ones, remembering every value.
type replayDice struct {
	base   game.Dice
	stored []int
	pos    int
	rolled []int
}

func (d *replayDice) Roll(n int) int {
	var v int
	if d.pos < len(d.stored) {
		v = d.stored[d.pos]
	} else {
		v = d.base.Roll(n)
	}
	d.pos++
	d.rolled = append(d.rolled, v)
	return v
}

// senior offers the reroll of the die just rolled (its value die) to
// side, whose piece unit stands in at, when the roll failed: it returns
// the die to keep, the old one or a new one.
func (x *decider) senior(side game.Side, at grid.Coord, unit string, die int) int {
	return x.seniorAt(x.d.pos-1, side, at, unit, die)
}

// seniorAt is senior for the die of index idx among the order's dice.
func (x *decider) seniorAt(idx int, side game.Side, at grid.Coord, unit string, die int) int {
	if x.rerolled[idx] {
		return die // SDC-16.2: a die already rerolled
	}
	pools := x.t.Pools(side, at)
	if len(pools) == 0 {
		return die
	}
	ans, ok := x.answers[strconv.Itoa(idx)]
	if !ok {
		panic(askPanic{Ask{Index: idx, Side: side, Unit: unit, Die: die, Pools: pools}})
	}
	if ans == "keep" {
		return die
	}
	v := x.d.Roll(6)
	x.rerolled[x.d.pos-1] = true
	x.emit(RerollUsed{Senior: ans, Unit: unit, Old: die, New: v})
	return v
}

// answer resolves the pending Ask with "reroll GENERAL" or "keep".
func (r *Rules) answer(s *State, cmd game.Command, d game.Dice) ([]game.Event, error) {
	a := s.Ask
	if a.Kind == "recoil" || a.Kind == "displace" {
		if cmd.Side != a.Side || cmd.Verb != a.Kind {
			p := s.Pending()[0]
			return nil, reject(game.CodePending, "SDC-12.3", "sdc.decide-first", "side", p.Side, "prompt", p.PromptMsg)
		}
		if len(cmd.Args) != 2 || cmd.Args[0] != a.Unit || !contains(a.Pools, cmd.Args[1]) {
			if a.Kind == "displace" {
				return nil, reject("no-displace", "SDC-8.14", "sdc.displace.to", "unit", a.Unit, "hexes", joinWords(a.Pools))
			}
			return nil, reject("no-recoil", "SDC-12.3", "sdc.recoil.to", "unit", a.Unit, "hexes", joinWords(a.Pools))
		}
		answers := map[string]string{}
		for k, v := range a.Answers {
			answers[k] = v
		}
		answers[a.Key] = cmd.Args[1]
		base := s.clone()
		base.Ask = nil
		return r.run(base, a.Command, &replayDice{base: d, stored: a.Rolls}, answers)
	}
	if cmd.Side != a.Side || cmd.Verb != "reroll" && cmd.Verb != "keep" {
		p := s.Pending()[0]
		return nil, reject(game.CodePending, "SDC-16.8", "sdc.decide-first", "side", p.Side, "prompt", p.PromptMsg)
	}
	ans := "keep"
	if cmd.Verb == "reroll" {
		if len(cmd.Args) != 1 || !contains(a.Pools, cmd.Args[0]) {
			return nil, reject("no-reroll", "SDC-16.3", "sdc.reroll.pool", "pools", joinWords(a.Pools))
		}
		ans = cmd.Args[0]
	}
	answers := map[string]string{}
	for k, v := range a.Answers {
		answers[k] = v
	}
	answers[strconv.Itoa(a.Index)] = ans
	base := s.clone()
	base.Ask = nil
	return r.run(base, a.Command, &replayDice{base: d, stored: a.Rolls}, answers)
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func joinWords(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

// askDecision is the pending reroll question.
func (s *State) askDecision() game.Decision {
	a := s.Ask
	var opts []game.Option
	if a.Kind == "recoil" || a.Kind == "displace" {
		for _, h := range a.Pools {
			o := a.Kind + " " + a.Unit + " " + h
			opts = append(opts, game.Option{Label: o, Command: o})
		}
		p := game.M("sdc.prompt."+a.Kind, "unit", a.Unit)
		rule := map[string]string{"recoil": "SDC-12.3", "displace": "SDC-8.14"}[a.Kind]
		return game.Decision{ID: a.Key, Side: a.Side, Kind: a.Kind, Rule: rule, Prompt: game.Render(game.LangEN, p), PromptMsg: p, Options: opts, Default: 0}
	}
	for _, p := range a.Pools {
		opts = append(opts, game.Option{Label: "reroll " + p, Command: "reroll " + p, LabelMsg: game.M("sdc.opt.reroll", "senior", p)})
	}
	opts = append(opts, game.Option{Label: "keep", Command: "keep", LabelMsg: game.M("sdc.opt.keep", "die", a.Die)})
	p := game.M("sdc.prompt.reroll", "unit", a.Unit, "die", a.Die)
	return game.Decision{ID: "reroll-" + strconv.Itoa(a.Index), Side: a.Side, Kind: "reroll", Rule: "SDC-16.2", Prompt: game.Render(game.LangEN, p), PromptMsg: p, Options: opts, Default: len(opts) - 1}
}
