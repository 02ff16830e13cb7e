package flg

import (
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Events carry what changed as data: the new values of the units and
// officers a rule touched (Changes), so Evolve only copies them into the
// state and never re-runs a rule. Each event narrates itself (Message).

// Changes are the new values an event sets.
type Changes struct {
	Units    []Unit        `json:"units,omitempty"`
	Officers []Officer     `json:"officers,omitempty"`
	Lost     *[2]int       `json:"lost,omitempty"`
	Acts     *[]Activation `json:"acts,omitempty"`
	Stage    *int          `json:"stage,omitempty"`
	Skip     *[2]bool      `json:"skip,omitempty"`
	// Follow is the follow-up or pursuit now pending; ClearFollow ends
	// the pending one.
	Follow      *Follow `json:"follow,omitempty"`
	ClearFollow bool    `json:"clear_follow,omitempty"`
	// React is the reaction now pending (§9.2); ClearReact ends it.
	React      *Reaction `json:"react,omitempty"`
	ClearReact bool      `json:"clear_react,omitempty"`
	// Messengers, when set, are every messenger's new values.
	Messengers *[]Messenger `json:"messengers,omitempty"`
	NextToken  *int         `json:"next_token,omitempty"`
}

// Activated: an officer activated a unit (FLG-2.4), with the
// post-activation dice of *Peu fiable* (B4) and staff letter D (FLG-T13).
type Activated struct {
	Side    game.Side `json:"side"`
	Officer string    `json:"officer"`
	Unit    string    `json:"unit"`
	Slot    int       `json:"slot"`
	Size    int       `json:"size"`
	B4      string    `json:"b4,omitempty"`
	D       string    `json:"d,omitempty"`
	Changes
}

// Moved: a unit moved (FLG-3), its officers with it.
type Moved struct {
	Unit     string       `json:"unit"`
	Path     []grid.Coord `json:"path"`
	From     string       `json:"from"`
	To       string       `json:"to"`
	NoCombat bool         `json:"no_combat,omitempty"`
	Road     bool         `json:"road,omitempty"`
	Mount    bool         `json:"mount,omitempty"`
	Changes
}

// Combat is one combat roll and everything it caused (FLG-4.20): the
// dice and their breakdown, the faces, hits and morale hits, ignores,
// the retreat, desertion dice, losses. A riposte is a Combat of its own.
type Combat struct {
	Attacker   string       `json:"attacker"`
	Target     string       `json:"target"`
	Ranged     bool         `json:"ranged,omitempty"`
	Riposte    bool         `json:"riposte,omitempty"`
	PreEmptive bool         `json:"pre_emptive,omitempty"`
	Pursuit    bool         `json:"pursuit,omitempty"`
	Dice       int          `json:"dice"`
	Breakdown  []string     `json:"breakdown,omitempty"`
	Faces      []string     `json:"faces"`
	Hits       int          `json:"hits"`
	TA         []string     `json:"ta,omitempty"` // how each TA face was read (FLG-T9)
	Morale     int          `json:"morale"`
	Ignored    int          `json:"ignored"`
	Retreat    int          `json:"retreat"`
	Path       []grid.Coord `json:"path,omitempty"`
	Losses     int          `json:"losses"` // stands lost in all, hits, unmade retreat hexes and desertion
	Desertion  []string     `json:"desertion,omitempty"`
	Destroyed  bool         `json:"destroyed,omitempty"`
	Panicked   string       `json:"panicked,omitempty"` // the panicking elephant created (FLG-4.70)
	Flight     []string     `json:"flight,omitempty"`   // officers that fled or were removed (FLG-4.81)
	Cancelled  bool         `json:"cancelled,omitempty"`
	BreakOff   bool         `json:"break_off,omitempty"` // the target broke off (FLG-2.23, C6)
	Dodged     bool         `json:"dodged,omitempty"`    // D3: a hit traded for three morale hits
	Sniped     string       `json:"sniped,omitempty"`    // C4: the officer who took the loss
	Changes
}

// Wounds: the wound tests of an officer who fought in the first rank
// (FLG-2.22).
type Wounds struct {
	Officer string   `json:"officer"`
	Unit    string   `json:"unit"`
	Faces   []string `json:"faces"`
	Removed bool     `json:"removed,omitempty"`
	Changes
}

// Rallied: an officer rallied its unit (FLG-2.24).
type Rallied struct {
	Officer  string   `json:"officer"`
	Unit     string   `json:"unit"`
	Faces    []string `json:"faces"`
	Restored int      `json:"restored"`
	Rallying *bool    `json:"rallying,omitempty"`
	Changes
}

// StandingSet: a side set a unit's standing orders for the enemy's turn.
type StandingSet struct {
	Unit  string   `json:"unit"`
	Words []string `json:"words,omitempty"`
	Changes
}

// FollowedUp: the attacker moved into the vacated hex (FLG-4.50), or
// declined.
type FollowedUp struct {
	Unit  string     `json:"unit"`
	Into  grid.Coord `json:"into"`
	To    string     `json:"to"`
	Stay  bool       `json:"stay,omitempty"`
	Must  bool       `json:"must,omitempty"`
	Offer bool       `json:"offer,omitempty"` // the follow-up is offered to the attacker
	Extra string     `json:"extra,omitempty"` // the pursuit hex moved into before its combat
	Changes
}

// Fled: a panicking elephant's flight at the start of its side's turn
// (FLG-4.71, FLG-P-23).
type Fled struct {
	Unit string `json:"unit"`
	To   string `json:"to"`
	Gone bool   `json:"gone,omitempty"`
	Changes
}

// PhaseBegan: a phase or a player turn began. A new player turn carries
// every unit's reset values.
type PhaseBegan struct {
	Turn   int       `json:"turn"`
	Phase  string    `json:"phase"`
	Active game.Side `json:"active"`
	Changes
}

// Placed: the General-in-Chief was put back on the battlefield in a
// skipped turn (FLG-4.83, FLG-P-24).
type Placed struct {
	Side     game.Side `json:"side"`
	Officer  string    `json:"officer"`
	Replaced string    `json:"replaced,omitempty"`
	Hex      string    `json:"hex"`
	Changes
}

// Dispatched: an officer sent a messenger, for one slot of its
// activation (FLG-2.11, FLG-2.13, FLG-2.14).
type Dispatched struct {
	Officer   string    `json:"officer"`
	Messenger string    `json:"messenger"`
	By        string    `json:"by"` // improvised, adc, officer
	Side      game.Side `json:"side"`
	Changes
}

// Carried: a messenger moved, then rolled for its loss (FLG-2.11), or was
// caught by an enemy entering its hex; or it delivered its order
// (FLG-2.12, FLG-2.14).
type Carried struct {
	Messenger string    `json:"messenger"`
	To        string    `json:"to"`
	Faces     []string  `json:"faces,omitempty"`
	Lost      bool      `json:"lost,omitempty"`
	Caught    bool      `json:"caught,omitempty"`
	Delivered string    `json:"delivered,omitempty"` // the unit that receives the order
	Now       bool      `json:"now,omitempty"`       // an officer-messenger: the unit is activated at once
	Side      game.Side `json:"side"`
	Changes
}

// Impetus: the C1 die of an impetuous unit (FLG-P-27).
type Impetus struct {
	Unit   string `json:"unit"`
	Face   string `json:"face"`
	Forced bool   `json:"forced,omitempty"`
	Changes
}

// Held: a side began, or stopped, holding all its objectives at the end
// of its turn (FLG-P-36).
type Held struct {
	Side    game.Side `json:"side"`
	Held    bool      `json:"held"`
	Holding [2]bool   `json:"holding"`
}

// Ended: the game is over (FLG-5.2, FLG-5.3, FLG-P-30).
type Ended struct {
	Winner game.Side `json:"winner"`
	Level  string    `json:"level"`
	Lost   [2]int    `json:"lost"`
	Reason string    `json:"reason"` // demoralised, turn-cap, objectives, points
	// Points are the objectives' victory points each side held when the
	// turn cap was reached (reason "points", FLG-P-36's vp).
	Points *[2]int `json:"points,omitempty"`
}

// Withdrew: a unit left the battlefield by its own edge (FLG-3.10, with
// scenario param exit-allowed = true): it is out of the battle but not
// counted as lost.
type Withdrew struct {
	Unit string `json:"unit"`
	From string `json:"from"`
	Changes
}

func (Activated) Kind() string   { return "activated" }
func (Moved) Kind() string       { return "moved" }
func (Combat) Kind() string      { return "combat" }
func (FollowedUp) Kind() string  { return "followed" }
func (PhaseBegan) Kind() string  { return "phase" }
func (Placed) Kind() string      { return "placed" }
func (Fled) Kind() string        { return "fled" }
func (Withdrew) Kind() string    { return "withdrew" }
func (Wounds) Kind() string      { return "wounds" }
func (Rallied) Kind() string     { return "rallied" }
func (StandingSet) Kind() string { return "standing" }
func (Ended) Kind() string       { return "ended" }
func (Dispatched) Kind() string  { return "dispatched" }
func (Carried) Kind() string     { return "carried" }
func (Impetus) Kind() string     { return "impetus" }
func (Held) Kind() string        { return "held" }

// NewEvent returns a zero event of a kind, for decoding the log.
func (*Rules) NewEvent(kind string) (game.Event, bool) {
	switch kind {
	case "activated":
		return &Activated{}, true
	case "moved":
		return &Moved{}, true
	case "combat":
		return &Combat{}, true
	case "followed":
		return &FollowedUp{}, true
	case "phase":
		return &PhaseBegan{}, true
	case "placed":
		return &Placed{}, true
	case "ended":
		return &Ended{}, true
	case "fled":
		return &Fled{}, true
	case "withdrew":
		return &Withdrew{}, true
	case "wounds":
		return &Wounds{}, true
	case "dispatched":
		return &Dispatched{}, true
	case "carried":
		return &Carried{}, true
	case "impetus":
		return &Impetus{}, true
	case "held":
		return &Held{}, true
	case "edge":
		return &EdgeChosen{}, true
	case "deployed":
		return &Deployed{}, true
	case "built":
		return &Built{}, true
	case "build-done":
		return &BuildDone{}, true
	case "readied":
		return &Readied{}, true
	case "rallied":
		return &Rallied{}, true
	case "standing":
		return &StandingSet{}, true
	case "declared":
		return &Declared{}, true
	}
	return nil, false
}

// apply copies the changes into s (a clone).
func (c *Changes) apply(s *State) {
	for _, u := range c.Units {
		if x := s.unitByID(u.ID); x != nil {
			*x = u
		} else {
			s.Units = append(s.Units, u)
		}
	}
	for _, o := range c.Officers {
		for i := range s.Officers {
			if s.Officers[i].ID == o.ID {
				s.Officers[i] = o
			}
		}
	}
	if c.Lost != nil {
		s.Lost = *c.Lost
	}
	if c.Acts != nil {
		s.Acts = *c.Acts
	}
	if c.Stage != nil {
		s.Stage = *c.Stage
	}
	if c.Skip != nil {
		s.Skip = *c.Skip
	}
	if c.ClearFollow {
		s.Follow = nil
	}
	if c.Messengers != nil {
		s.Messengers = slices.Clone(*c.Messengers)
	}
	if c.NextToken != nil {
		s.NextToken = *c.NextToken
	}
	if c.Follow != nil {
		f := *c.Follow
		s.Follow = &f
	}
	if c.ClearReact {
		s.React = nil
	}
	if c.React != nil {
		r := *c.React
		s.React = &r
	}
}

func (s *State) unitByID(id string) *Unit {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

func evolve(s *State, e game.Event) *State {
	n := s.clone()
	switch x := e.(type) {
	case Activated:
		x.Changes.apply(n)
	case Moved:
		x.Changes.apply(n)
	case Combat:
		x.Changes.apply(n)
		n.Rolls = rollsAfter(n, x)
	case FollowedUp:
		x.Changes.apply(n)
	case Placed:
		x.Changes.apply(n)
	case Fled:
		x.Changes.apply(n)
	case Withdrew:
		x.Changes.apply(n)
	case Wounds:
		x.Changes.apply(n)
	case Dispatched:
		x.Changes.apply(n)
	case Carried:
		x.Changes.apply(n)
	case Impetus:
		x.Changes.apply(n)
	case Held:
		n.Holding = x.Holding
	case EdgeChosen:
		n.Swapped, n.First, n.FirstSet, n.Phase = x.Swapped, x.First, true, x.Next
		n.Active, n.DeployTurn = x.First, x.First
	case Deployed:
		x.Changes.apply(n)
		if x.Turn != nil {
			n.DeployTurn = *x.Turn
		}
		if x.Run != nil {
			n.DeployRun = *x.Run
		}
		if x.Decoys != nil {
			n.Decoys = *x.Decoys
		}
	case Built:
		x.apply(n)
	case BuildDone:
		n.BuildDone = x.Done
		if x.Deploy {
			n.Initial = x.Initial
		}
	case Readied:
		x.Changes.apply(n)
		n.Ready = x.Ready
		if x.Revealed {
			n.Decoys = [2][]grid.Coord{}
		}
	case StandingSet:
		x.Changes.apply(n)
	case Declared:
		x.Changes.apply(n)
	case Rallied:
		x.Changes.apply(n)
		if x.Rallying != nil {
			n.Rallying = *x.Rallying
		}
	case PhaseBegan:
		x.Changes.apply(n)
		n.Turn, n.Phase, n.Active = x.Turn, x.Phase, x.Active
	case Ended:
		res := game.Outcome{Over: true, Winner: x.Winner, Score: x.Lost, Rule: "FLG-5.3"}
		res.ResultMsg = endMsg(x)
		res.Result = res.ResultMsg.String()
		n.Result = &res
		n.Follow, n.React = nil, nil
	}
	return n
}
