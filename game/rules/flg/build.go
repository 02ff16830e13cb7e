package flg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// Armies built by budget (FLG-A1.3, FLG-P-34): with param army-A (or
// army-B) = "budget", that side starts with its General-in-Chief only and
// builds its army in secret in the build phase, within param budget
// (default 100 points, the provisional costs of data/tables.txt):
//
//	recruit TYPE [TRAINING] [MORALE] [TRAIT…] [mount=M]   a unit
//	enlist SG|SO|ADC [LETTERS]                            an officer
//	dismiss ID                                            undo one
//	done                                                  the army is complete
//
// Each order is a secret event of its side with the running cost; when
// both sides are done the deployment begins (FLG-P-35), the other side's
// units still hidden until both have deployed.

// UnitCost is a unit's price (FLG-P-34).
func UnitCost(u *Unit) int {
	t, _ := GameTables()
	cost, _ := t.Int("costs", u.Type)
	step, _ := t.Int("other-costs", "training-step")
	stand, _ := t.Int("other-costs", "stand")
	tr, _ := TrainingDice(u.Training)
	cost += step * tr
	if !u.T().Has("fixed") {
		n, _ := MoraleStands(u.Morale)
		cost += stand * (n - 3)
	}
	if u.Mount != "" {
		m, _ := t.Int("other-costs", "mount")
		cost += m
	}
	for _, c := range u.Traits {
		v, _ := t.Int("trait-costs", c)
		cost += v
	}
	return cost
}

// OfficerCost is an officer's price (FLG-P-34).
func OfficerCost(o *Officer) int {
	t, _ := GameTables()
	cost, _ := t.Int("other-costs", o.Rank)
	for _, l := range []string{o.Ability, o.Staff} {
		if l != "" {
			v, _ := t.Int("other-costs", l)
			cost += v
		}
	}
	return cost
}

// Spent is what side's army costs.
func (s *State) Spent(side game.Side) int {
	n := 0
	for i := range s.Units {
		if s.Units[i].Side == side {
			n += UnitCost(&s.Units[i])
		}
	}
	for i := range s.Officers {
		if s.Officers[i].Side == side {
			n += OfficerCost(&s.Officers[i])
		}
	}
	return n
}

func (s *State) budget() int {
	t, _ := GameTables()
	def, _ := t.Int("other-costs", "budget")
	if v, err := strconv.Atoi(s.sc.Param("budget", "")); err == nil && v > 0 {
		return v
	}
	return def
}

// Built: a side changed its army (secret to it).
type Built struct {
	Side  game.Side  `json:"side"`
	What  string     `json:"what"` // recruit, enlist, dismiss
	ID    string     `json:"id"`
	Type  string     `json:"type"`
	Cost  int        `json:"cost"`
	Spent int        `json:"spent"`
	Units *[]Unit    `json:"all_units,omitempty"`
	Offs  *[]Officer `json:"all_officers,omitempty"`
	Next  int        `json:"next"`
}

// BuildDone: a side's army is complete; when both are, the deployment
// begins and the armies' sizes (not their contents) are public.
type BuildDone struct {
	Side    game.Side `json:"side"`
	Done    [2]bool   `json:"done"`
	Deploy  bool      `json:"deploy,omitempty"`
	Initial [2]int    `json:"initial"`
}

func (Built) Kind() string     { return "built" }
func (BuildDone) Kind() string { return "build-done" }

// Owner makes an army change secret to its side.
func (e Built) Owner() game.Side { return e.Side }

func (e Built) Message() game.Msg {
	return game.M("flg.ev.built-"+e.What, "id", e.ID, "type", e.Type, "cost", e.Cost, "spent", e.Spent)
}

func (e BuildDone) Message() game.Msg {
	if e.Deploy {
		return game.M("flg.ev.build-all", "side", e.Side, "a", e.Initial[game.SideA], "b", e.Initial[game.SideB])
	}
	return game.M("flg.ev.build-done", "side", e.Side)
}

func (d *decider) build(cmd game.Command) error {
	w := d.w
	side := cmd.Side
	if w.BuildDone[side] {
		return game.Reject("ready", "FLG-P-34", "flg.build.done")
	}
	e := Built{Side: side, What: cmd.Verb}
	switch cmd.Verb {
	case "recruit":
		if len(cmd.Args) < 1 {
			return game.Reject(game.CodeSyntax, "FLG-P-34", "flg.syntax", "usage", game.Plain("recruit TYPE [TRAINING] [MORALE] [TRAIT…] [mount=M]"))
		}
		id := w.freeID(side, "")
		line := fmt.Sprintf("%s %s %s - %s", side, id, strings.ToUpper(cmd.Args[0]), strings.Join(cmd.Args[1:], " "))
		before := len(w.Units)
		if err := w.readUnits(line); err != nil || len(w.Units) != before+1 {
			return game.Reject("bad-unit", "FLG-P-34", "flg.build.bad", "what", game.Plain(strings.Join(cmd.Args, " ")))
		}
		u := &w.Units[len(w.Units)-1]
		if u.T().Family == FamPanic {
			w.Units = w.Units[:before]
			return game.Reject("bad-unit", "FLG-P-34", "flg.build.bad", "what", game.Plain(cmd.Args[0]))
		}
		if u.T().Has("fixed") && u.Morale != "normal" {
			w.Units = w.Units[:before]
			return game.Reject("bad-unit", "FLG-T7", "flg.build.fixed", "type", u.Type)
		}
		e.ID, e.Type, e.Cost = u.ID, u.Type, UnitCost(u)
	case "enlist":
		if len(cmd.Args) < 1 || !slices.Contains([]string{RankSG, RankSO, RankADC}, strings.ToUpper(cmd.Args[0])) {
			return game.Reject(game.CodeSyntax, "FLG-P-34", "flg.syntax", "usage", game.Plain("enlist SG|SO|ADC [B|F|M] [D|A|MS]"))
		}
		rank := strings.ToUpper(cmd.Args[0])
		id := w.freeID(side, rank)
		if err := w.readOfficers(fmt.Sprintf("%s %s %s - %s", side, id, rank, strings.ToUpper(strings.Join(cmd.Args[1:], " ")))); err != nil {
			return game.Reject("bad-officer", "FLG-P-34", "flg.build.bad", "what", game.Plain(strings.Join(cmd.Args, " ")))
		}
		o := &w.Officers[len(w.Officers)-1]
		e.ID, e.Type, e.Cost = o.ID, o.Rank, OfficerCost(o)
	case "dismiss":
		if len(cmd.Args) != 1 {
			return game.Reject(game.CodeSyntax, "FLG-P-34", "flg.syntax", "usage", game.Plain("dismiss ID"))
		}
		if i := slices.IndexFunc(w.Units, func(u Unit) bool { return u.Side == side && strings.EqualFold(u.ID, cmd.Args[0]) }); i >= 0 {
			e.ID, e.Type, e.Cost = w.Units[i].ID, w.Units[i].Type, -UnitCost(&w.Units[i])
			w.Units = slices.Delete(w.Units, i, i+1)
		} else if i := slices.IndexFunc(w.Officers, func(o Officer) bool {
			return o.Side == side && o.Rank != RankGC && strings.EqualFold(o.ID, cmd.Args[0])
		}); i >= 0 {
			e.ID, e.Type, e.Cost = w.Officers[i].ID, w.Officers[i].Rank, -OfficerCost(&w.Officers[i])
			w.Officers = slices.Delete(w.Officers, i, i+1)
		} else {
			return game.Reject(game.CodeUnknownUnit, "FLG-P-34", "flg.no-unit", "unit", game.Plain(cmd.Args[0]))
		}
	}
	if spent := w.Spent(side); spent > w.budget() {
		return game.Reject("over-budget", "FLG-P-34", "flg.build.over", "spent", spent, "budget", w.budget())
	}
	e.Spent = w.Spent(side)
	// The event carries the side's own army only: it is secret to it.
	units, offs := []Unit{}, []Officer{}
	for _, u := range w.Units {
		if u.Side == side {
			units = append(units, u)
		}
	}
	for _, o := range w.Officers {
		if o.Side == side {
			offs = append(offs, o)
		}
	}
	e.Units, e.Offs = &units, &offs
	d.evs = append(d.evs, e)
	return nil
}

func (d *decider) buildDone(cmd game.Command) error {
	w := d.w
	if w.BuildDone[cmd.Side] {
		return game.Reject("ready", "FLG-P-34", "flg.build.done")
	}
	n := 0
	for _, u := range w.Units {
		if u.Side == cmd.Side {
			n++
		}
	}
	if n == 0 {
		return game.Reject("empty-army", "FLG-P-34", "flg.build.empty")
	}
	w.BuildDone[cmd.Side] = true
	e := BuildDone{Side: cmd.Side, Done: w.BuildDone}
	if w.BuildDone[game.SideA] && w.BuildDone[game.SideB] {
		e.Deploy = true
		for _, u := range w.Units {
			e.Initial[u.Side]++
		}
		w.Initial, w.Phase = e.Initial, PhaseDeploy
	}
	d.evs = append(d.evs, e)
	if e.Deploy {
		d.evs = append(d.evs, PhaseBegan{Turn: w.Turn, Phase: PhaseDeploy, Active: w.Active})
	}
	return nil
}

// buildOptions: each affordable troop type as it comes, and done.
func (s *State) buildOptions(side game.Side) []game.Option {
	var out []game.Option
	left := s.budget() - s.Spent(side)
	types, _ := Catalogue()
	for _, t := range types {
		if t.Family == FamPanic {
			continue
		}
		u := Unit{Type: t.ID, Training: "trained", Morale: "normal"}
		if UnitCost(&u) <= left {
			cmd := "recruit " + t.ID
			out = append(out, game.Option{Label: cmd, Command: cmd, LabelMsg: game.M("flg.opt.recruit", "type", t.ID, "name", game.M("arm."+t.ID), "cost", UnitCost(&u))})
		}
	}
	if slices.ContainsFunc(s.Units, func(u Unit) bool { return u.Side == side }) {
		out = append([]game.Option{{Label: "done", Command: "done", LabelMsg: game.M("flg.opt.build-done")}}, out...)
	}
	return out
}

func (s *State) buildDecisions() []game.Decision {
	var out []game.Decision
	for _, sd := range game.Sides {
		if s.BuildDone[sd] || s.secret[sd] {
			continue
		}
		m := game.M("flg.prompt.build", "side", sd, "spent", s.Spent(sd), "budget", s.budget())
		out = append(out, game.Decision{ID: "build-" + sd.String(), Side: sd, Kind: "build", Rule: "FLG-P-34", Prompt: m.String(), PromptMsg: m, Options: s.buildOptions(sd)})
	}
	return out
}

// applyBuilt replaces side's units and officers with the event's.
func (e Built) apply(n *State) {
	units := []Unit{}
	for _, u := range n.Units {
		if u.Side != e.Side {
			units = append(units, u)
		}
	}
	offs := []Officer{}
	for _, o := range n.Officers {
		if o.Side != e.Side {
			offs = append(offs, o)
		}
	}
	n.Units = append(units, *e.Units...)
	n.Officers = append(offs, *e.Offs...)
}

// freeID is the first unused id of side's new units ("A7") or officers
// ("ASO2"): numbered within the side, so they tell nothing of the other.
func (s *State) freeID(side game.Side, rank string) string {
	for k := 1; ; k++ {
		id := fmt.Sprintf("%s%s%d", side, rank, k)
		if s.Unit(id) == nil && s.Officer(id) == nil {
			return id
		}
	}
}
