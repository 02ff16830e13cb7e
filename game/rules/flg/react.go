package flg

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The defender's choices before a roll (§9.2): break off (FLG-2.23, or
// evade, C6, in a melee) and an officer in the first rank of its riposte
// (FLG-2.22). With option reactions = prompt, an attack on a unit whose
// owner has given it no standing order and has such a choice waits for
// the owner's answer, a pending decision ("answer UNIT stand|firstrank|
// breakoff", default stand: §9.2's "Stand" and "No"); the choices are
// batched in one decision, as §9.2 asks, for an attack and for a
// pursuit's attack alike. Standing orders are the pre-set answer: a unit
// that has them (even "standing UNIT", none) is never asked. The D3
// dodge after the roll, the riposte itself (always made), retreat paths
// and flights keep their standing orders and defaults.

// Reaction is an attack waiting for the defender's answer.
type Reaction struct {
	Attacker  string `json:"attacker"`
	Target    string `json:"target"`
	FirstRank string `json:"first_rank,omitempty"` // the attacker's officer in its first rank
	Officer   string `json:"officer,omitempty"`    // the target's officer who may fight in the first rank of the riposte
	BreakOff  bool   `json:"break_off,omitempty"`  // the target may break off
	Pursuit   bool   `json:"pursuit,omitempty"`    // the attack is a pursuit (FLG-4.51)
}

// Declared: an attack was declared and waits for the defender's reaction.
type Declared struct {
	Side     game.Side `json:"side"` // the defender
	Reaction Reaction  `json:"reaction"`
	Changes
}

func (Declared) Kind() string { return "declared" }

func (e Declared) Message() game.Msg {
	return game.M("flg.ev.declared", "unit", e.Reaction.Attacker, "target", e.Reaction.Target, "side", e.Side)
}

// reactionFor is the reaction t's owner must be asked for before a's
// attack on it, or nil (§9.2): with option reactions = prompt, when t has
// no standing orders and a choice to make.
func (s *State) reactionFor(a, t *Unit) *Reaction {
	if s.opts.Value(optionSpecs, "reactions") != "prompt" || t.Ordered || len(t.Standing) > 0 {
		return nil
	}
	melee := grid.HexDistance(a.At, t.At) == 1
	r := &Reaction{Attacker: a.ID, Target: t.ID, FirstRank: a.FirstRank}
	officer := false
	for _, o := range s.officersAt(t.At) {
		if o.Side != t.Side {
			continue
		}
		officer = true
		if r.Officer == "" && o.Rank != RankGC && melee && s.canRiposte(t, a) {
			r.Officer = o.ID
		}
	}
	r.BreakOff = (officer || melee && t.Has("C6")) && s.canBreakOff(t)
	if !r.BreakOff && r.Officer == "" {
		return nil
	}
	return r
}

// reactionDecision is the pending reaction as a decision of the
// defender.
func (s *State) reactionDecision() game.Decision {
	r := s.React
	t := s.Unit(r.Target)
	m := game.M("flg.prompt.react", "unit", r.Attacker, "target", r.Target)
	d := game.Decision{ID: "react-" + r.Target, Side: t.Side, Kind: "reaction", Rule: "FLG-2.23", Prompt: m.String(), PromptMsg: m}
	opt := func(word string, label game.Msg) {
		cmd := "answer " + r.Target + " " + word
		d.Options = append(d.Options, game.Option{Label: cmd, Command: cmd, LabelMsg: label})
	}
	opt("stand", game.M("flg.opt.react-stand", "unit", r.Target))
	if r.Officer != "" {
		opt("firstrank", game.M("flg.opt.react-firstrank", "unit", r.Target, "officer", r.Officer))
	}
	if r.BreakOff {
		opt("breakoff", game.M("flg.opt.react-breakoff", "unit", r.Target))
	}
	d.Cells = []grid.Coord{t.At}
	return d
}

// declare holds an attack for the defender's reaction.
func (d *decider) declare(a *Unit, r *Reaction) {
	w := d.w
	w.React = r
	d.touch(a)
	e := Declared{Side: a.Side.Other(), Reaction: *r}
	e.Changes = d.changes()
	e.Changes.Lost, e.Changes.Skip = nil, nil
	stage := w.Stage
	e.Changes.Stage = &stage
	e.Changes.React = r
	d.evs = append(d.evs, e)
}

// answerAttack answers the pending reaction: "answer UNIT stand|firstrank|breakoff".
// The attack is then resolved with that answer in place of standing
// orders.
func (d *decider) answerAttack(cmd game.Command) error {
	w := d.w
	r := w.React
	if r == nil {
		return game.Reject("no-reaction", "FLG-2.23", "flg.react.none")
	}
	if len(cmd.Args) != 2 || !slices.Contains([]string{"stand", "firstrank", "breakoff"}, cmd.Args[1]) {
		return game.Reject(game.CodeSyntax, "FLG-2.23", "flg.syntax", "usage", game.Plain("answer UNIT stand|firstrank|breakoff"))
	}
	t := w.Unit(r.Target)
	if !strings.EqualFold(cmd.Args[0], r.Target) || (cmd.Args[1] == "firstrank" && r.Officer == "") || (cmd.Args[1] == "breakoff" && !r.BreakOff) {
		return game.Reject("bad-reaction", "FLG-2.23", "flg.react.bad", "unit", t.ID)
	}
	a := w.Unit(r.Attacker)
	a.FirstRank = r.FirstRank
	w.React, d.clearReact = nil, true
	d.answer, d.answerFor = cmd.Args[1], t.ID
	if d.answer == "firstrank" {
		d.answer = "stand"
		d.firstRank = r.Officer
	}
	d.combat(a, t, r.Pursuit)
	return nil
}
