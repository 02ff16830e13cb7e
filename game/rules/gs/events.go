package gs

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Placement is one unit put down during set-up.
type Placement struct {
	Unit string     `json:"unit"`
	At   grid.Coord `json:"at"`
}

// Deployed records a side's private placements during simultaneous set-up
// (GS-P-20). Only the owner sees it until Revealed.
type Deployed struct {
	Side       game.Side   `json:"side"`
	Placements []Placement `json:"placements"`
}

func (Deployed) Kind() string       { return "deployed" }
func (e Deployed) Owner() game.Side { return e.Side }
func (e Deployed) Message() game.Msg {
	return game.M("gs.event.deployed", "side", e.Side, "n", len(e.Placements))
}
func (e Deployed) Explain() string { return game.Render(game.LangEN, e.Message()) }

// Ready says a side has finished deploying (public: it reveals nothing).
type Ready struct {
	Side game.Side `json:"side"`
}

func (Ready) Kind() string        { return "ready" }
func (e Ready) Message() game.Msg { return game.M("gs.event.ready", "side", e.Side) }
func (e Ready) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Revealed lifts the screens: every placement becomes public (GS-S1.deploy).
type Revealed struct {
	Placements []Placement `json:"placements"`
}

func (Revealed) Kind() string        { return "revealed" }
func (e Revealed) Message() game.Msg { return game.M("gs.event.revealed") }
func (e Revealed) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Moved is a unit's move (GS-2). Cost is in half movement points.
type Moved struct {
	Unit string       `json:"unit"`
	Path []grid.Coord `json:"path"` // start hex first
	Cost int          `json:"cost"`
	// Charge is the enemy unit a cavalry unit charges (GS-8).
	Charge string `json:"charge,omitempty"`
	// Entered is set when the unit came onto the map with this move; Path
	// then starts at its entry hex (GS-P-21).
	Entered bool     `json:"entered,omitempty"`
	Msg     game.Msg `json:"msg,omitzero"`
	Text    string   `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Moved) Kind() string        { return "moved" }
func (e Moved) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Moved) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Exited is a unit leaving the map by movement (GS-6.1): it is eliminated.
type Exited struct {
	Unit string     `json:"unit"`
	From grid.Coord `json:"from"`
	// Scored is set for a unit leaving through the edge its scenario scores
	// (GS-S6): it is not eliminated.
	Scored bool     `json:"scored,omitempty"`
	Msg    game.Msg `json:"msg,omitzero"`
	Text   string   `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Exited) Kind() string        { return "exited" }
func (e Exited) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Exited) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// PhaseChanged starts a phase (and, after the last combat phase of a turn,
// the time phase moves the marker: Turn increases).
type PhaseChanged struct {
	Turn    int       `json:"turn"`
	Phase   string    `json:"phase"`
	Active  game.Side `json:"active"`
	Skipped string    `json:"skipped,omitempty"`
	// Must is what each unit of the active side must attack as a combat
	// phase starts (GS-4.2), worked out by Decide (record); nil in the logs
	// of version 1 and for other phases.
	Must map[string][]string `json:"must,omitzero"`
}

func (PhaseChanged) Kind() string { return "phase" }
func (e PhaseChanged) Message() game.Msg {
	m := game.M("gs.event.phase", "turn", e.Turn, "phase", game.Term(e.Phase), "side", e.Active)
	if e.Skipped != "" {
		// Skipped is the English of "the side that had the combat phase
		// has no combat to fight"; that side is the other one.
		m = game.M("gs.join.semi", "a", game.M("gs.event.no-combat", "side", e.Active.Other()), "b", m)
	}
	return m
}
func (e PhaseChanged) Explain() string { return game.Render(game.LangEN, e.Message()) }

// Factor is one line of a combat's arithmetic.
type Factor struct {
	Unit  string `json:"unit"`
	PC    int    `json:"pc"`
	Value int    `json:"value"`
	Why   string `json:"why,omitempty"`
}

// Modifier is a die modifier with its rule.
type Modifier struct {
	Value int    `json:"value"`
	Why   string `json:"why"`
	Rule  string `json:"rule"`
}

// CombatResolved is one combat: who fought whom, the arithmetic, the roll
// and the result (GS-4.14–4.19). Roll is 0 when no die was rolled
// (GS-P-13: artillery caught on a forest road).
type CombatResolved struct {
	ID         int               `json:"id"`
	Side       game.Side         `json:"side"`
	Attackers  []string          `json:"attackers"`
	Bombarders []string          `json:"bombarders,omitempty"`
	Targets    map[string]string `json:"targets,omitempty"` // bombarder → defender
	Defenders  []string          `json:"defenders"`
	AttackF    []Factor          `json:"attack_factors"`
	DefenceF   []Factor          `json:"defence_factors"`
	Attack     int               `json:"attack"`
	Defence    int               `json:"defence"`
	Odds       string            `json:"odds"`
	Column     string            `json:"column"`
	Mods       []Modifier        `json:"mods,omitempty"`
	Roll       int               `json:"roll"`
	Score      int               `json:"score"`
	Result     string            `json:"result"`
	Msg        game.Msg          `json:"msg,omitzero"`
	Text       string            `json:"text,omitempty"` // the English narration of logs written before Msg
	// Winner (omitted for side A) and Steps are the consequences the
	// result leaves to carry out, in order (GS-4.19–4.24), worked out by
	// Decide (record); Steps is nil in the logs of version 1.
	Winner game.Side `json:"winner,omitempty"`
	Steps  []Step    `json:"steps,omitzero"`
}

func (CombatResolved) Kind() string        { return "combat" }
func (e CombatResolved) Message() game.Msg { return told(e.Msg, e.Text) }
func (e CombatResolved) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Eliminated removes a unit (combat result, no retreat, exchange loss).
type Eliminated struct {
	Unit   string     `json:"unit"`
	At     grid.Coord `json:"at"`
	Reason string     `json:"reason"`
	Rule   string     `json:"rule"`
	// Step is set when the elimination completes the head step of the
	// combat being resolved (a failed retreat, an exchange loss set).
	Step bool     `json:"step,omitempty"`
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Eliminated) Kind() string        { return "eliminated" }
func (e Eliminated) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Eliminated) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// PushChosen commits a unit to retreat into a friend's hex; the friend must
// now be pushed (GS-4.23).
type PushChosen struct {
	Unit string     `json:"unit"`
	From grid.Coord `json:"from"`
	Into grid.Coord `json:"into"`
	Push string     `json:"push"`
	Msg  game.Msg   `json:"msg,omitzero"`
	Text string     `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (PushChosen) Kind() string        { return "push" }
func (e PushChosen) Message() game.Msg { return told(e.Msg, e.Text) }
func (e PushChosen) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Retreated carries out a retreat, with the chain of pushed friends moved
// first (GS-4.20–4.23).
type Retreated struct {
	Moves []Hop    `json:"moves"` // in the order they happen
	Auto  bool     `json:"auto,omitempty"`
	Msg   game.Msg `json:"msg,omitzero"`
	Text  string   `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Retreated) Kind() string        { return "retreated" }
func (e Retreated) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Retreated) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Advanced is an advance after combat into an emptied hex (GS-4.24).
type Advanced struct {
	Unit string     `json:"unit"`
	From grid.Coord `json:"from"`
	To   grid.Coord `json:"to"`
	Msg  game.Msg   `json:"msg,omitzero"`
	Text string     `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Advanced) Kind() string        { return "advanced" }
func (e Advanced) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Advanced) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// AdvanceEnded closes the advance step: the winner takes no (more)
// advances.
type AdvanceEnded struct {
	Side game.Side `json:"side"`
	Msg  game.Msg  `json:"msg,omitzero"`
	Text string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (AdvanceEnded) Kind() string        { return "advance-ended" }
func (e AdvanceEnded) Message() game.Msg { return told(e.Msg, e.Text) }
func (e AdvanceEnded) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// GameEnded records the final result.
type GameEnded struct {
	Outcome game.Outcome `json:"outcome"`
}

func (GameEnded) Kind() string { return "game-ended" }
func (e GameEnded) Message() game.Msg {
	r := e.Outcome.ResultMsg
	if r.IsZero() {
		r = game.M("gs.text", "text", game.Plain(e.Outcome.Result))
	}
	return game.M("gs.event.game-over", "result", r)
}
func (e GameEnded) Explain() string { return game.Render(game.LangEN, e.Message()) }

var eventKinds = map[string]func() game.Event{
	"deployed":           func() game.Event { return &Deployed{} },
	"ready":              func() game.Event { return &Ready{} },
	"revealed":           func() game.Event { return &Revealed{} },
	"moved":              func() game.Event { return &Moved{} },
	"exited":             func() game.Event { return &Exited{} },
	"phase":              func() game.Event { return &PhaseChanged{} },
	"combat":             func() game.Event { return &CombatResolved{} },
	"eliminated":         func() game.Event { return &Eliminated{} },
	"push":               func() game.Event { return &PushChosen{} },
	"retreated":          func() game.Event { return &Retreated{} },
	"advanced":           func() game.Event { return &Advanced{} },
	"advance-ended":      func() game.Event { return &AdvanceEnded{} },
	"game-ended":         func() game.Event { return &GameEnded{} },
	"demoralized":        func() game.Event { return &Demoralized{} },
	"entry":              func() game.Event { return &EntryOpened{} },
	"withdrawn":          func() game.Event { return &Withdrawn{} },
	"drawn":              func() game.Event { return &Drawn{} },
	"formed":             func() game.Event { return &Formed{} },
	"corps-sent":         func() game.Event { return &CorpsSent{} },
	"roads-chosen":       func() game.Event { return &RoadsChosen{} },
	"relabelled":         func() game.Event { return &Relabelled{} },
	"face-up":            func() game.Event { return &FaceUp{} },
	"reserve-turn":       func() game.Event { return &ReserveTurn{} },
	"morale-roll":        func() game.Event { return &MoraleRolled{} },
	"road-choice":        func() game.Event { return &RoadChoice{} },
	"reinforcement-roll": func() game.Event { return &ReinforcementRoll{} },
}

// evolve applies one event to a copy of s.
func evolve(s *State, ev game.Event) *State {
	defer purity.Evolving()()
	if unrecorded(ev) {
		ev = legacyRecord(s, ev)
	}
	n := s.clone()
	switch e := ev.(type) {
	case Deployed:
		for _, p := range e.Placements {
			if u := n.Unit(p.Unit); u != nil {
				u.At, u.Placed = p.At, true
			}
		}
	case Ready:
		n.Ready[e.Side] = true
	case Revealed:
		for _, p := range e.Placements {
			if u := n.Unit(p.Unit); u != nil {
				u.At, u.Placed, u.Status = p.At, true, game.StatusActive
			}
		}
	case Moved:
		u := n.Unit(e.Unit)
		u.At, u.Moved, u.Charge = e.Path[len(e.Path)-1], true, e.Charge
		kind := "move"
		if e.Entered {
			u.Status, kind = game.StatusActive, "enter"
		}
		n.Recent = append(n.Recent, game.Arrow{From: e.Path[0], To: u.At, Kind: kind, Side: u.Side})
	case Exited:
		u := n.Unit(e.Unit)
		u.Moved = true
		if e.Scored {
			u.Status = game.StatusExited
			break
		}
		u.Status = game.StatusEliminated
		n.Losses[u.Side] += u.PC
		n.Gone = append(n.Gone, game.Mark{At: e.From, Kind: "eliminated", Label: u.ID})
	case PhaseChanged:
		n.startPhase(e)
		if e.Phase == PhaseCombat {
			n.MustAttack = make(map[string][]string, len(e.Must))
			for id, targets := range e.Must {
				n.MustAttack[id] = slices.Clone(targets)
			}
			n.StartAt = map[string]grid.Coord{}
			for i := range n.Units {
				if u := &n.Units[i]; u.OnMap() {
					n.StartAt[u.ID] = u.At
				}
			}
		}
	case CombatResolved:
		n.Combats = e.ID
		for _, id := range append(append([]string{}, e.Attackers...), e.Bombarders...) {
			n.Unit(id).Attacked = true
		}
		for _, id := range e.Defenders {
			n.Unit(id).Defended = true
		}
		n.Res = &Resolution{Combat: e.ID, Result: e.Result, Winner: e.Winner, Attackers: e.Attackers, Defenders: e.Defenders, Steps: cloneSteps(e.Steps)}
		for _, a := range e.Attackers {
			n.Recent = append(n.Recent, game.Arrow{From: n.Unit(a).At, To: n.Unit(e.Defenders[0]).At, Kind: "combat", Side: e.Side, Label: e.Column + " " + e.Result})
		}
		for _, b := range e.Bombarders {
			n.Recent = append(n.Recent, game.Arrow{From: n.Unit(b).At, To: n.Unit(e.Targets[b]).At, Kind: "fire", Side: e.Side, Label: e.Column + " " + e.Result})
		}
	case Eliminated:
		u := n.Unit(e.Unit)
		u.Status = game.StatusEliminated
		n.Losses[u.Side] += u.PC
		n.Gone = append(n.Gone, game.Mark{At: e.At, Kind: "eliminated", Label: u.ID})
		if n.Res != nil {
			if u.Side != n.Res.Winner {
				n.Res.noteEmptied(n, e.At)
			}
			if e.Step {
				n.Res.pop()
			}
		}
	case PushChosen:
		st := &n.Res.Steps[0]
		st.Chain = append(st.Chain, Hop{Unit: e.Unit, From: e.From, To: e.Into})
		st.Unit = e.Push
	case Retreated:
		for _, h := range e.Moves {
			n.Unit(h.Unit).At = h.To
			n.Recent = append(n.Recent, game.Arrow{From: h.From, To: h.To, Kind: "retreat", Side: n.Unit(h.Unit).Side})
		}
		if n.Res != nil {
			for _, h := range e.Moves {
				n.Res.noteEmptied(n, h.From)
			}
			n.Res.pop()
		}
	case Advanced:
		u := n.Unit(e.Unit)
		u.At = e.To
		n.Res.Advanced = append(n.Res.Advanced, e.Unit)
		n.Recent = append(n.Recent, game.Arrow{From: e.From, To: e.To, Kind: "advance", Side: u.Side})
	case AdvanceEnded:
		n.Res.pop()
	case Withdrawn:
		for _, id := range e.Units {
			u := n.Unit(id)
			u.Group, u.Placed = reserveGroup, false
			if e.Entry.Open {
				u.EntryFrom, u.EntryUntil, u.EntryCells = e.Entry.From, e.Entry.Until, slices.Clone(e.Entry.Cells)
			}
		}
	case ReserveTurn:
		for i := range n.Units {
			if u := &n.Units[i]; u.Side == e.Side && u.Group == reserveGroup {
				u.EntryFrom, u.EntryUntil = e.Turn, e.Turn
			}
		}
	case Drawn:
		n.DrawDone[e.Side] = true
		for g, ids := range e.Groups {
			for _, id := range ids {
				u := n.Unit(id)
				u.Group = g
				if g == "main" {
					u.Group = ""
				}
			}
		}
		for _, id := range e.Unused {
			u := n.Unit(id)
			u.Status, u.Group = StatusUnused, ""
			n.MoraleTotal[u.Side] -= u.PC // counters not drawn are not in the army
		}
	case Formed:
		for _, id := range e.Units {
			u := n.Unit(id)
			u.Group, u.Placed = e.Group, false
		}
	case CorpsSent:
		n.SlotsUsed[e.Side] = append(n.SlotsUsed[e.Side], e.Turn)
	case RoadsChosen:
		n.RoadsChosen[e.Side] = true
	case Relabelled:
		for i := range n.Units {
			if u := &n.Units[i]; u.Side == e.Side {
				if k := slices.Index(e.From, u.ID); k >= 0 {
					u.ID, u.FaceDown = e.To[k], true
				}
			}
		}
	case FaceUp:
		for _, id := range e.Units {
			n.Unit(id).FaceDown = false
		}
	case MoraleRolled:
		n.MoralePct[e.Side] = e.Pct
	case RoadChoice:
		n.RoadDue[e.Side] = e.Group
	case EntryOpened:
		if n.RoadDue[e.Side] == e.Group {
			n.RoadDue[e.Side] = ""
		}
		for _, id := range e.Units {
			u := n.Unit(id)
			u.EntryFrom, u.EntryCells = e.From, slices.Clone(e.Cells)
		}
		if e.Slot > 0 {
			n.SlotsUsed[e.Side] = append(n.SlotsUsed[e.Side], e.Slot-1)
		}
	case ReinforcementRoll:
	case Demoralized:
		n.Demoralized[e.Side] = true
	case GameEnded:
		o := e.Outcome
		n.Result = &o
		n.Phase = PhaseOver
		n.Active = game.Nobody
	}
	if n.Res != nil && len(n.Res.Steps) == 0 {
		n.Res = nil
	}
	return n
}

// openResolution lays out the steps that follow a combat result.
func openResolution(s *State, e CombatResolved) *Resolution {
	decideOnly("openResolution")
	r := &Resolution{Combat: e.ID, Result: e.Result, Attackers: e.Attackers, Defenders: e.Defenders}
	switch e.Result {
	case "DR", "DE", "E":
		r.Winner = e.Side
	default:
		r.Winner = e.Side.Other()
	}
	if len(e.Attackers) == 0 && (e.Result == "AE" || e.Result == "AR") {
		return r // GS-5.5: a pure bombardment's AE or AR has no effect
	}
	switch e.Result {
	case "DR":
		for _, d := range e.Defenders {
			if !s.stuckOnForestRoad(s.Unit(d)) { // eliminated anyway (GS-5.13)
				r.Steps = append(r.Steps, Step{Kind: "retreat", Unit: d})
			}
		}
	case "AR":
		for _, a := range e.Attackers {
			r.Steps = append(r.Steps, Step{Kind: "retreat", Unit: a})
		}
	case "E":
		if len(e.Attackers) > 0 {
			need := 0
			for _, d := range e.Defenders {
				need += s.Unit(d).PC
			}
			r.Steps = append(r.Steps, Step{Kind: "exchange", Need: need})
		}
	}
	r.Steps = append(r.Steps, Step{Kind: "advance"})
	return r
}

// noteEmptied records a hex left empty by the losing side of the combat.
func (r *Resolution) noteEmptied(s *State, at grid.Coord) {
	if s.UnitAt(at) != nil {
		return
	}
	for _, c := range r.Emptied {
		if c == at {
			return
		}
	}
	r.Emptied = append(r.Emptied, at)
}

func (r *Resolution) pop() { r.Steps = r.Steps[1:] }

func joinIDs(ids []string) string { return strings.Join(ids, "+") }
