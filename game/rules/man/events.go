package man

import (
	"slices"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Events. Each carries what Evolve applies and narrates itself as a
// message (game.Narrator) citing its rule ids. Hidden facts are secret
// events: a deck's order is seen by nobody, cards drawn or discarded by
// their owner only; a public event tells everyone the counts.

// Shuffled sets side's deck order (MAN-3.6, MAN-P-13; a reshuffle of the
// discard pile, MAN-2.3.2). Nobody sees it, not even the owner.
type Shuffled struct {
	Side      game.Side `json:"side"`
	Deck      []string  `json:"deck"`
	Reshuffle bool      `json:"reshuffle,omitempty"`
}

// Drew moves cards from the top of side's deck to his hand (MAN-4.4).
type Drew struct {
	Side  game.Side `json:"side"`
	Cards []string  `json:"cards"`
}

// Discarded moves cards from side's hand to his discard pile (MAN-4.3).
type Discarded struct {
	Side  game.Side `json:"side"`
	Cards []string  `json:"cards"`
}

// Counted is the public side of a discard and draw: how many cards
// (MAN-P-08). Evolve has nothing to apply.
type Counted struct {
	Side       game.Side `json:"side"`
	Discarded  int       `json:"discarded"`
	Drawn      int       `json:"drawn"`
	Reshuffled bool      `json:"reshuffled,omitempty"`
	Exhausted  bool      `json:"exhausted,omitempty"` // the first deck ran out now
}

// CardPlayed puts a card of side's hand face up in play (MAN-P-08).
type CardPlayed struct {
	Side game.Side `json:"side"`
	Card string    `json:"card"`
	Use  string    `json:"use"`
	Unit string    `json:"unit,omitempty"`
	Rule string    `json:"rule"`
}

// Cleared moves side's cards in play to his discard pile.
type Cleared struct {
	Side  game.Side `json:"side"`
	Cards []string  `json:"cards"`
}

// Returned takes a card in play back into side's hand (Skirmish, MAN-9.2.8).
type Returned struct {
	Side game.Side `json:"side"`
	Card string    `json:"card"`
}

// PhaseBegan starts a phase.
type PhaseBegan struct {
	Turn  int       `json:"turn"`
	Side  game.Side `json:"side"`
	Phase string    `json:"phase"`
}

// Moved moves a unit: a move, forced march, retreat, withdrawal, advance,
// skirmish move or deployment (How).
type Moved struct {
	Unit string     `json:"unit"`
	From grid.Coord `json:"from"`
	To   grid.Coord `json:"to"`
	How  string     `json:"how"`
	Rule string     `json:"rule"`
	// Labels for narration.
	FromL string `json:"from_label,omitempty"`
	ToL   string `json:"to_label"`
}

// SupplyGranted lets a second unit move (MAN-5.5, MAN-9.2.10).
type SupplyGranted struct {
	Side game.Side `json:"side"`
}

// WindowOpened opens a Guerrilla window (MAN-9.2.4).
type WindowOpened struct {
	Window Window `json:"window"`
}

// WindowClosed closes it; Cancelled when a Guerrilla card was played.
type WindowClosed struct {
	Side      game.Side `json:"side"`
	Card      string    `json:"card"`
	Cancelled bool      `json:"cancelled,omitempty"`
}

// CombatBegan starts a combat (MAN-6.1.1, MAN-6.2.1).
type CombatBegan struct {
	Combat Combat `json:"combat"`
	Rule   string `json:"rule"`
}

// CombatStep sets who the combat waits for.
type CombatStep struct {
	Step    string    `json:"step"`
	Chooser game.Side `json:"chooser"`
	Flanks  []string  `json:"flanks,omitempty"`
	// Withdraw: the flank choice is a withdrawal's (MAN-6.1.3c).
	Withdraw bool `json:"withdraw,omitempty"`
}

// Supported names the supporting units of a Leader used for Command (MAN-6.4).
type Supported struct {
	Units []string `json:"units"`
}

// Resolved is a combat's totals and result (MAN-6.1.6, MAN-6.1.7, T-9,
// MAN-6.2.3, T-10).
type Resolved struct {
	Combat  string    `json:"kind"`
	Attack  int       `json:"attack"`
	Defence int       `json:"defence"`
	AParts  string    `json:"a_parts"`
	DParts  string    `json:"d_parts"`
	Rolls   []int     `json:"rolls,omitempty"`
	Row     string    `json:"row"`
	Result  string    `json:"result"`
	Chooser game.Side `json:"chooser"`
	Rule    string    `json:"rule"`
}

// Lost is a Hit on a unit, or its elimination (MAN-6.5.3, MAN-6.5.4).
type Lost struct {
	Unit       string `json:"unit"`
	Eliminated bool   `json:"eliminated"` // after this event
	Why        string `json:"why"`
	Rule       string `json:"rule"`
}

// Pursued is one pursuit roll (MAN-6.6).
type Pursued struct {
	Unit  string `json:"unit"`
	Card  string `json:"card"`
	Roll  int    `json:"roll"`
	Mod   int    `json:"mod"`
	Range string `json:"range"`
	Hit   bool   `json:"hit"`
}

// Vacated records that the defender's square was emptied (MAN-6.5.7).
type Vacated struct {
	Retreated bool `json:"retreated,omitempty"`
	Withdrew  bool `json:"withdrew,omitempty"`
}

// CombatEnded ends the combat (the turn's one combat, MAN-6.0.2).
type CombatEnded struct {
	Side game.Side `json:"side"`
}

// Restored flips a reduced unit (MAN-7), or records a failed rally.
type Restored struct {
	Unit string `json:"unit"`
	Card string `json:"card"`
	Roll int    `json:"roll,omitempty"`
	OK   bool   `json:"ok"`
	Rule string `json:"rule"`
}

// RestoreUsed records the phase's one attempt (MAN-7.2, MAN-P-34).
type RestoreUsed struct{}

// RedoubtBuilt places a Redoubt under a unit (MAN-9.2.5).
type RedoubtBuilt struct {
	Unit string     `json:"unit"`
	At   grid.Coord `json:"at"`
	AtL  string     `json:"at_label"`
}

// Spied shows the opponent's hand to side (MAN-9.2.9); only side sees it.
type Spied struct {
	Side  game.Side `json:"side"`
	Cards []string  `json:"cards"`
}

// NationsOffered is the pair of nations the second player offers (MAN-3.4).
type NationsOffered struct {
	Side   game.Side `json:"side"`
	Armies []string  `json:"armies"`
}

// NationsChosen gives each side its army, units and deck (MAN-3.4).
type NationsChosen struct {
	Armies [2]string `json:"armies"`
}

// BoardLaid is the battlefield the first player laid out (MAN-3.3): the
// sections with their rotations (NW, NE, SW, SE) and the map they make.
type BoardLaid struct {
	Side     game.Side `json:"side"`
	Sections []string  `json:"sections"`
	Map      *game.Map `json:"map"`
}

// EdgeChosen gives side its starting edge, the other side the opposite
// one (MAN-3.5).
type EdgeChosen struct {
	Side game.Side `json:"side"`
	Edge string    `json:"edge"`
}

// GameOver ends the game (MAN-2.1, MAN-2.2).
type GameOver struct {
	Result Result `json:"result"`
}

func (Shuffled) Kind() string       { return "shuffled" }
func (Drew) Kind() string           { return "drew" }
func (Discarded) Kind() string      { return "discarded" }
func (Counted) Kind() string        { return "counted" }
func (CardPlayed) Kind() string     { return "played" }
func (Cleared) Kind() string        { return "cleared" }
func (Returned) Kind() string       { return "returned" }
func (PhaseBegan) Kind() string     { return "phase" }
func (Moved) Kind() string          { return "moved" }
func (SupplyGranted) Kind() string  { return "supply" }
func (WindowOpened) Kind() string   { return "window" }
func (WindowClosed) Kind() string   { return "window-closed" }
func (CombatBegan) Kind() string    { return "combat" }
func (CombatStep) Kind() string     { return "combat-step" }
func (Supported) Kind() string      { return "supported" }
func (Resolved) Kind() string       { return "resolved" }
func (Lost) Kind() string           { return "lost" }
func (Pursued) Kind() string        { return "pursued" }
func (Vacated) Kind() string        { return "vacated" }
func (CombatEnded) Kind() string    { return "combat-ended" }
func (Restored) Kind() string       { return "restored" }
func (RestoreUsed) Kind() string    { return "restore-used" }
func (RedoubtBuilt) Kind() string   { return "redoubt" }
func (Spied) Kind() string          { return "spied" }
func (GameOver) Kind() string       { return "game-over" }
func (BoardLaid) Kind() string      { return "board-laid" }
func (NationsOffered) Kind() string { return "nations-offered" }
func (NationsChosen) Kind() string  { return "nations-chosen" }
func (EdgeChosen) Kind() string     { return "edge-chosen" }

// Audiences of the hidden events.
func (Shuffled) Audience() game.Audience { return 0 }
func (e Drew) Owner() game.Side          { return e.Side }
func (e Discarded) Owner() game.Side     { return e.Side }
func (e Spied) Owner() game.Side         { return e.Side }

var eventKinds = map[string]func() game.Event{}

func init() {
	for _, f := range []func() game.Event{
		func() game.Event { return &Shuffled{} },
		func() game.Event { return &Drew{} },
		func() game.Event { return &Discarded{} },
		func() game.Event { return &Counted{} },
		func() game.Event { return &CardPlayed{} },
		func() game.Event { return &Cleared{} },
		func() game.Event { return &Returned{} },
		func() game.Event { return &PhaseBegan{} },
		func() game.Event { return &Moved{} },
		func() game.Event { return &SupplyGranted{} },
		func() game.Event { return &WindowOpened{} },
		func() game.Event { return &WindowClosed{} },
		func() game.Event { return &CombatBegan{} },
		func() game.Event { return &CombatStep{} },
		func() game.Event { return &Supported{} },
		func() game.Event { return &Resolved{} },
		func() game.Event { return &Lost{} },
		func() game.Event { return &Pursued{} },
		func() game.Event { return &Vacated{} },
		func() game.Event { return &CombatEnded{} },
		func() game.Event { return &Restored{} },
		func() game.Event { return &RestoreUsed{} },
		func() game.Event { return &RedoubtBuilt{} },
		func() game.Event { return &Spied{} },
		func() game.Event { return &GameOver{} },
		func() game.Event { return &BoardLaid{} },
		func() game.Event { return &NationsOffered{} },
		func() game.Event { return &NationsChosen{} },
		func() game.Event { return &EdgeChosen{} },
		func() game.Event { return &StandingSet{} },
	} {
		eventKinds[f().Kind()] = f
	}
}

func remove(list []string, id string) []string {
	if i := slices.Index(list, id); i >= 0 {
		return slices.Delete(slices.Clone(list), i, i+1)
	}
	return list
}

// evolve applies one event to a copy of s.
func evolve(old *State, e game.Event) *State {
	s := old.clone()
	s.Drawing = false // until the Movement Phase begins after a draw
	switch e := e.(type) {
	case Shuffled:
		s.Deck[e.Side] = slices.Clone(e.Deck)
		if e.Reshuffle {
			s.Discard[e.Side] = nil
		}
	case Drew:
		for _, c := range e.Cards {
			s.Deck[e.Side] = remove(s.Deck[e.Side], c)
			s.Hand[e.Side] = append(s.Hand[e.Side], c)
		}
		if len(s.Deck[e.Side]) == 0 {
			s.Exhausted[e.Side] = true // MAN-P-11
		}
	case Discarded:
		for _, c := range e.Cards {
			s.Hand[e.Side] = remove(s.Hand[e.Side], c)
			s.Discard[e.Side] = append(s.Discard[e.Side], c)
		}
	case CardPlayed:
		s.Hand[e.Side] = remove(s.Hand[e.Side], e.Card)
		s.Table[e.Side] = append(s.Table[e.Side], e.Card)
		s.played(e)
	case Cleared:
		for _, c := range e.Cards {
			s.Table[e.Side] = remove(s.Table[e.Side], c)
			s.Discard[e.Side] = append(s.Discard[e.Side], c)
		}
	case Returned:
		s.Table[e.Side] = remove(s.Table[e.Side], e.Card)
		s.Hand[e.Side] = append(s.Hand[e.Side], e.Card)
	case PhaseBegan:
		s.Turn, s.Active, s.Phase = e.Turn, e.Side, e.Phase
		s.Drawing = e.Phase == PhaseMove // MAN-P-44
		if e.Phase == PhaseDiscard {
			s.Moves, s.ExtraMoves, s.SupplyUsed, s.MovedUnits, s.LastMoved, s.Marched = 0, 0, false, nil, "", nil
			s.CombatDone, s.RestoreUsed, s.RedoubtUsed = false, false, false
		}
	case Moved:
		u := s.Unit(e.Unit)
		if e.How == "deploy" {
			u.Status = game.StatusActive
		} else if i := slices.Index(s.Redoubts, e.From); i >= 0 && e.From != e.To {
			s.Redoubts = slices.Delete(s.Redoubts, i, i+1) // MAN-9.2.5
		}
		u.At = e.To
		switch e.How {
		case "move":
			s.Moves++
			s.MovedUnits = append(s.MovedUnits, e.Unit)
			s.LastMoved, s.LastFrom = e.Unit, e.From
		case "advance":
			if s.Combat != nil {
				s.Combat.Advanced = e.Unit
			}
		}
	case SupplyGranted:
		s.ExtraMoves++
	case WindowOpened:
		w := e.Window
		s.Window = &w
	case WindowClosed:
		s.Window = nil
	case CombatBegan:
		c := e.Combat
		s.Combat = &c
	case CombatStep:
		s.Combat.Step, s.Combat.Chooser, s.Combat.Flanks, s.Combat.Withdrawing = e.Step, e.Chooser, slices.Clone(e.Flanks), e.Withdraw
	case Supported:
		s.Combat.Supporters = slices.Clone(e.Units)
	case Resolved:
		s.Combat.Chooser = e.Chooser
	case Lost:
		u := s.Unit(e.Unit)
		if e.Eliminated {
			u.Status = game.StatusEliminated
			if i := slices.Index(s.Redoubts, u.At); i >= 0 {
				s.Redoubts = slices.Delete(s.Redoubts, i, i+1) // MAN-P-42
			}
		} else {
			u.Reduced = true
		}
	case Vacated:
		s.Combat.Vacated = true
		s.Combat.Retreated = s.Combat.Retreated || e.Retreated
		s.Combat.Withdrew = s.Combat.Withdrew || e.Withdrew
	case CombatEnded:
		s.Combat = nil
		s.CombatDone = true
	case Restored:
		if e.OK {
			s.Unit(e.Unit).Reduced = false
		}
		s.RestoreUsed = true
	case RestoreUsed:
		s.RestoreUsed = true
	case RedoubtBuilt:
		s.Redoubts = append(s.Redoubts, e.At)
		s.RedoubtUsed, s.RestoreUsed = true, true
	case NationsOffered:
		s.Offer = slices.Clone(e.Armies)
	case NationsChosen:
		s.Armies, s.Offer = e.Armies, nil
		for _, side := range game.Sides {
			a, err := ShippedArmy(e.Armies[side])
			if err != nil {
				panic(err) // the shipped armies are checked by their tests
			}
			s.army[side] = a
			s.armyUnits(side)
		}
	case BoardLaid:
		s.Board, s.Sections = e.Map, slices.Clone(e.Sections)
	case StandingSet:
		s.Standing[e.Side] = slices.Clone(e.Orders)
	case EdgeChosen:
		s.Edge[e.Side], s.Edge[e.Side.Other()] = e.Edge, opposite(e.Edge)
	case GameOver:
		r := e.Result
		s.Result = &r
	}
	s.index()
	return s
}

// played records what a card's play changes besides its place.
func (s *State) played(e CardPlayed) {
	switch e.Use {
	case "supply":
		s.SupplyUsed = true
	case "march":
		s.Marched = append(s.Marched, e.Unit)
	case "restore", "rally":
		s.RestoreUsed = true
	}
	c := s.Combat
	if c == nil {
		return
	}
	switch e.Use {
	case "attack":
		c.AttCards = append(c.AttCards, Played{e.Card, e.Unit})
	case "defend", "withdraw-try":
		c.DefCards = append(c.DefCards, e.Card)
		if e.Use == "withdraw-try" {
			c.USTried = true
		}
	case "leader-defend":
		c.DefLeader = e.Card
	case "leader-combat":
		c.AttLeader = e.Card
	case "leader-command":
		c.AttLeader, c.Command = e.Card, true
	case "committed":
		c.Committed = append(c.Committed, Played{e.Card, e.Unit})
	case "sappers":
		c.Sappers = true
	}
}
