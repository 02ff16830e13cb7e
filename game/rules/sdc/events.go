package sdc

import (
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Every event applies itself to a copy of the state (Evolve): it copies
// what Decide worked out and never re-runs a rule.
type event interface {
	game.Event
	apply(s *State)
}

// Mod is one modifier of a roll, with its rule.
type Mod struct {
	Why  string `json:"why"`
	N    int    `json:"n"`
	Rule string `json:"rule"`
}

// InitiativeRolled: each player rolled 1d6 (SDC-6.1, SDC-6.2).
type InitiativeRolled struct {
	Turn    int       `json:"turn"`
	A       int       `json:"a"`
	B       int       `json:"b"`
	Winner  game.Side `json:"winner"`
	TieRule bool      `json:"tie,omitempty"`
}

func (InitiativeRolled) Kind() string { return "initiative" }
func (e InitiativeRolled) apply(s *State) {
	s.Rolls = [2]int{e.A, e.B}
	s.Winner, s.LastInit = e.Winner, e.Winner
	s.Phase, s.Active = PhaseChoose, e.Winner
}

// FirstChosen: the initiative winner says who activates first (SDC-6.3).
type FirstChosen struct {
	Side  game.Side `json:"side"`
	First game.Side `json:"first"`
}

func (FirstChosen) Kind() string     { return "first" }
func (e FirstChosen) apply(s *State) { s.Phase, s.Active = PhaseActivate, e.First }

// Activated: a general's command check (SDC-7.1); Movers are his
// elements that may move this activation (SDC-8.2).
type Activated struct {
	General  string    `json:"general"`
	Side     game.Side `json:"side"`
	Affected int       `json:"affected"`
	Total    int       `json:"total"`
	Test     bool      `json:"test,omitempty"`
	Die      int       `json:"die,omitempty"`
	Need     int       `json:"need,omitempty"`
	Passed   bool      `json:"passed"`
	Movers   []string  `json:"movers,omitempty"`
}

func (Activated) Kind() string { return "activated" }
func (e Activated) apply(s *State) {
	g := s.General(e.General)
	g.Activated = true
	s.Current, s.Forced, s.FormedAttack, s.Fighting, s.Targeted = e.General, "", false, false, nil
	s.Phase = PhaseOrders
	for i := range s.Elements {
		x := &s.Elements[i]
		if x.Brigade == e.General {
			x.CanMove, x.Moved, x.Steps, x.Acted, x.Detached, x.Attacked = false, false, 0, false, false, false
		}
	}
	for _, id := range e.Movers {
		s.Element(id).CanMove = true
	}
}

// BrigadeDestroyed: a general routed (SDC-7.3) or lost his last element
// (SDC-18.1): he and what is left of his brigade leave the table.
type BrigadeDestroyed struct {
	General  string   `json:"general"`
	Why      string   `json:"why"` // rout, lost
	Elements []string `json:"elements,omitempty"`
}

func (BrigadeDestroyed) Kind() string { return "brigade-destroyed" }
func (e BrigadeDestroyed) apply(s *State) {
	s.General(e.General).Destroyed = true
	for _, id := range e.Elements {
		x := s.Element(id)
		x.Gone, x.Head = true, ""
	}
}

// ForcedMarch: a forced march declared and tested (SDC-8.6, SDC-15.17).
type ForcedMarch struct {
	General  string   `json:"general"`
	Die      int      `json:"die"`
	Reroll   int      `json:"reroll,omitempty"`
	Need     int      `json:"need"`
	Passed   bool     `json:"passed"`
	Detached []string `json:"detached,omitempty"`
}

func (ForcedMarch) Kind() string { return "forced-march" }
func (e ForcedMarch) apply(s *State) {
	s.Forced = "failed"
	if e.Passed {
		s.Forced = "marching"
	}
	for _, id := range e.Detached {
		s.Element(id).Detached = true
	}
}

// Moved: an element (with the element behind it in an attack formation)
// or a general moved (SDC-8); Joined names the element whose hex it
// entered to form an attack formation (SDC-15.13); Left the head it left.
type Moved struct {
	Unit   string       `json:"unit"`
	Path   []grid.Coord `json:"path"`
	Facing int          `json:"facing"`
	Joined string       `json:"joined,omitempty"`
	Left   string       `json:"left,omitempty"`
	// General: a general's move; Displaced: pushed away by contact
	// (SDC-8.14).
	General   bool `json:"general,omitempty"`
	Displaced bool `json:"displaced,omitempty"`
	// Label of the last hex, for narration.
	To string `json:"to"`
}

func (Moved) Kind() string { return "moved" }
func (e Moved) apply(s *State) {
	to := e.Path[len(e.Path)-1]
	if e.General {
		g := s.General(e.Unit)
		g.At = to
		if !e.Displaced {
			g.Moved = true
		}
		return
	}
	x := s.Element(e.Unit)
	x.At, x.Facing, x.Moved, x.Acted = to, e.Facing, true, true
	x.Steps += len(e.Path) - 1
	if e.Left != "" {
		x.Head = ""
	}
	if e.Joined != "" {
		x.Head, x.Formed = e.Joined, true
		s.Element(e.Joined).Formed = true
		s.FormedAttack = true
		return
	}
	if b := s.second(x); b != nil {
		b.At, b.Facing, b.Moved, b.Acted = to, e.Facing, true, true
		b.Steps += len(e.Path) - 1
	}
}

// Faced: an element pivoted in place (SDC-8.11) or reacted by facing
// (SDC-9.1); Formed: it formed or left a square (SDC-15.5, SDC-15.7).
type Faced struct {
	Unit     string `json:"unit"`
	Facing   int    `json:"facing"`
	Square   bool   `json:"square,omitempty"`
	Line     bool   `json:"line,omitempty"`
	Reaction bool   `json:"reaction,omitempty"`
}

func (Faced) Kind() string { return "faced" }
func (e Faced) apply(s *State) {
	x := s.Element(e.Unit)
	x.Facing = e.Facing
	if b := s.second(x); b != nil {
		b.Facing = e.Facing
	}
	switch {
	case e.Square:
		x.Square = true
		x.Locked = e.Reaction
	case e.Line:
		x.Square = false
	}
	if !e.Reaction { // a pivot or a change of formation is the element's move
		x.Acted, x.Moved = true, true
	}
}

// Rallied: a disordered element gave up its move to rally (SDC-14.2).
type Rallied struct {
	Unit string `json:"unit"`
}

func (Rallied) Kind() string { return "rallied" }
func (e Rallied) apply(s *State) {
	x := s.Element(e.Unit)
	x.Disordered, x.Acted = false, true
}

// Tested: a morale test (SDC-13.1): Why names the trigger.
type Tested struct {
	Unit   string `json:"unit"`
	Why    string `json:"why"` // result, fire-after-move, square
	Die    int    `json:"die"`
	Need   int    `json:"need"`
	Passed bool   `json:"passed"`
	Rule   string `json:"rule"`
}

func (Tested) Kind() string     { return "tested" }
func (e Tested) apply(s *State) {}

// Fired: an artillery element's shot (SDC-10): its score to beat, die,
// modifiers and margin; the effects follow as their own events.
type Fired struct {
	Gun    string `json:"gun"`
	Target string `json:"target"`
	Range  int    `json:"range"`
	Score  int    `json:"score"`
	Die    int    `json:"die"`
	Reroll int    `json:"reroll,omitempty"` // grande batterie (SDC-15.22)
	Mods   []Mod  `json:"mods,omitempty"`
	Total  int    `json:"total"`
	Margin int    `json:"margin"`
	Lost   string `json:"lost,omitempty"` // a shot lost: its target destroyed, out of range or sight
}

func (Fired) Kind() string { return "fired" }
func (e Fired) apply(s *State) {
	x := s.Element(e.Gun)
	x.Fired, x.Acted = true, true
}

// Fought: one combat (SDC-11): each side's dice, rerolls, modifiers and
// totals; the loser's effects follow as their own events.
type Fought struct {
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
	Face     string `json:"face"`
	ADice    []int  `json:"a_dice"`
	DDice    []int  `json:"d_dice"`
	AReroll  int    `json:"a_reroll,omitempty"`
	DReroll  int    `json:"d_reroll,omitempty"`
	AMods    []Mod  `json:"a_mods,omitempty"`
	DMods    []Mod  `json:"d_mods,omitempty"`
	A        int    `json:"a"`
	D        int    `json:"d"`
	// Columns: the column supporters used, and whom they supported
	// (SDC-G.13: once per activation).
	Columns map[string]string `json:"columns,omitempty"`
}

func (Fought) Kind() string { return "fought" }
func (e Fought) apply(s *State) {
	s.Fighting = true
	for c, x := range e.Columns {
		if s.Column == nil {
			s.Column = map[string]string{}
		}
		s.Column[c] = x
	}
	s.Element(e.Attacker).Attacked = true
	s.Targeted = append(s.Targeted, e.Defender)
}

// Disordered: an element became disordered (SDC-12.1), leaving any
// square (SDC-12.6) or attack formation.
type Disordered struct {
	Unit string `json:"unit"`
	Rule string `json:"rule"`
}

func (Disordered) Kind() string { return "disordered" }
func (e Disordered) apply(s *State) {
	x := s.Element(e.Unit)
	x.Disordered, x.Square, x.Locked = true, false, false
	if b := s.second(x); b != nil {
		b.Head = ""
	}
	x.Head = ""
}

// Recoiled: an element recoiled along Path (SDC-12.3, SDC-G.12).
type Recoiled struct {
	Unit string       `json:"unit"`
	Path []grid.Coord `json:"path"`
	To   string       `json:"to"`
	Want int          `json:"want"`
}

func (Recoiled) Kind() string { return "recoiled" }
func (e Recoiled) apply(s *State) {
	x := s.Element(e.Unit)
	x.At = e.Path[len(e.Path)-1]
	x.Head = ""
}

// Destroyed: an element is removed for good (SDC-12.4).
type Destroyed struct {
	Unit string `json:"unit"`
	Rule string `json:"rule"`
}

func (Destroyed) Kind() string { return "destroyed" }
func (e Destroyed) apply(s *State) {
	x := s.Element(e.Unit)
	if b := s.second(x); b != nil {
		b.Head = ""
	}
	x.Gone, x.Head, x.Square = true, "", false
}

// ReactionsOffered: contact gives the contacted elements' owner a
// reaction each (SDC-9); Reacted answers one.
type ReactionsOffered struct {
	Reactions []Reaction `json:"reactions"`
}

func (ReactionsOffered) Kind() string { return "reactions" }
func (e ReactionsOffered) apply(s *State) {
	s.Reactions = append(s.Reactions, e.Reactions...)
	for _, r := range e.Reactions {
		if r.Square {
			if b := s.Element(r.Unit).Brigade; !slices.Contains(s.Charged, b) {
				s.Charged = append(s.Charged, b)
			}
		}
	}
}

// Reacted: the reaction chosen for an element (SDC-9.1, SDC-9.3).
type Reacted struct {
	Unit string `json:"unit"`
	How  string `json:"how"` // face, square, none
}

func (Reacted) Kind() string { return "reacted" }
func (e Reacted) apply(s *State) {
	for i, r := range s.Reactions {
		if r.Unit == e.Unit {
			s.Reactions = append(s.Reactions[:i:i], s.Reactions[i+1:]...)
			break
		}
	}
}

// ActivationEnded: a general's activation is over (SDC-7.5 E); Next is
// the side to activate next, or none at the end of the turn.
type ActivationEnded struct {
	General string    `json:"general"`
	Next    game.Side `json:"next"`
}

func (ActivationEnded) Kind() string { return "activation-ended" }
func (e ActivationEnded) apply(s *State) {
	for i := range s.Elements {
		x := &s.Elements[i]
		if x.Brigade == e.General {
			x.CanMove, x.Detached = false, false
			x.Locked = false // SDC-9.5: held through this activation only
		}
	}
	s.Current, s.Forced, s.FormedAttack, s.Fighting, s.Targeted = "", "", false, false, nil
	s.Last = e.General
	s.Charged, s.Column = nil, nil
	s.Entering = nil // SDC-17.6: not placed, the brigade stays off and tries again
	s.Phase, s.Active = PhaseActivate, e.Next
}

// TurnEnded: every general has been activated (SDC-6.5): army morale
// (SDC-18.2) and the end of the game (SDC-18.6).
type TurnEnded struct {
	Turn   int       `json:"turn"`
	Broken [2]bool   `json:"broken"`
	Result *Outcome  `json:"result,omitempty"`
	Next   game.Side `json:"next"`
}

func (TurnEnded) Kind() string { return "turn-ended" }
func (e TurnEnded) apply(s *State) {
	if e.Result != nil {
		r := *e.Result
		s.Result, s.Phase, s.Active = &r, PhaseOver, game.Nobody
		return
	}
	s.Turn++
	s.Phase, s.Active = PhaseInitiative, e.Next
	for i := range s.Generals {
		s.Generals[i].Activated, s.Generals[i].Moved = false, false
	}
	for i := range s.Seniors {
		s.Seniors[i].Moved = false
	}
	for i := range s.Elements {
		x := &s.Elements[i]
		x.Fired, x.Formed, x.Moved, x.Steps, x.Acted, x.Attacked = false, false, false, 0, false, false
	}
}

var eventKinds = map[string]func() game.Event{
	"initiative":        func() game.Event { return &InitiativeRolled{} },
	"first":             func() game.Event { return &FirstChosen{} },
	"activated":         func() game.Event { return &Activated{} },
	"brigade-destroyed": func() game.Event { return &BrigadeDestroyed{} },
	"forced-march":      func() game.Event { return &ForcedMarch{} },
	"moved":             func() game.Event { return &Moved{} },
	"faced":             func() game.Event { return &Faced{} },
	"rallied":           func() game.Event { return &Rallied{} },
	"tested":            func() game.Event { return &Tested{} },
	"fired":             func() game.Event { return &Fired{} },
	"fought":            func() game.Event { return &Fought{} },
	"disordered":        func() game.Event { return &Disordered{} },
	"recoiled":          func() game.Event { return &Recoiled{} },
	"destroyed":         func() game.Event { return &Destroyed{} },
	"reactions":         func() game.Event { return &ReactionsOffered{} },
	"reacted":           func() game.Event { return &Reacted{} },
	"activation-ended":  func() game.Event { return &ActivationEnded{} },
	"turn-ended":        func() game.Event { return &TurnEnded{} },
	"flank-tried":       func() game.Event { return &FlankTried{} },
	"asked":             func() game.Event { return &Asked{} },
	"reroll-used":       func() game.Event { return &RerollUsed{} },
	"senior-moved":      func() game.Event { return &SeniorMoved{} },
	"army-chosen":       func() game.Event { return &ArmyChosen{} },
	"deploy-order":      func() game.Event { return &DeployOrder{} },
	"deployed":          func() game.Event { return &Deployed{} },
	"sector-rolled":     func() game.Event { return &SectorRolled{} },
	"terrain-placed":    func() game.Event { return &TerrainPlaced{} },
	"armies-revealed":   func() game.Event { return &ArmiesRevealed{} },
	"entered":           func() game.Event { return &Entered{} },
}
