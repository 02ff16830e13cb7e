package gs

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Phases of a Grands Stratèges turn (GS-1.1). Phase 5, the time phase, is
// instantaneous: it is the PhaseChanged event that starts the next turn.
const (
	PhaseSetup  = "setup"
	PhaseMove   = "move"
	PhaseCombat = "combat"
	PhaseOver   = "over"
)

// Arms.
const (
	Infantry  = "infantry"
	Cavalry   = "cavalry"
	Artillery = "artillery"
)

// Unit is one counter in play.
type Unit struct {
	ID     string     `json:"id"`
	Name   string     `json:"name,omitempty"`
	Side   game.Side  `json:"side"`
	Arm    string     `json:"arm"`
	PC     int        `json:"pc"`
	MP     int        `json:"mp"`
	Flags  []string   `json:"flags,omitempty"`
	At     grid.Coord `json:"at"`
	Status string     `json:"status"`
	// Per-phase marks, cleared when a phase starts.
	Moved    bool `json:"moved,omitempty"`
	Attacked bool `json:"attacked,omitempty"`
	Defended bool `json:"defended,omitempty"`
	// FaceDown hides the unit's identity from the opponent (GS-P-34).
	FaceDown bool `json:"face_down,omitempty"`
	// Placed is set during set-up once the owner has put the unit down.
	Placed bool `json:"placed,omitempty"`
	// Group is the reinforcement group of a unit that starts off the map;
	// EntryFrom and EntryCells say from which turn and where it may enter
	// (0 / empty: no entry open yet).
	Group      string       `json:"group,omitempty"`
	EntryFrom  int          `json:"entry_from,omitempty"`
	EntryCells []grid.Coord `json:"entry_cells,omitempty"`
	EntryUntil int          `json:"entry_until,omitempty"` // last turn it may enter (0: no limit)
	// Charge is the enemy unit this cavalry charged in the movement phase
	// just played; it must attack that unit at double PC (GS-8).
	Charge string `json:"charge,omitempty"`
}

// Has reports whether the unit carries a flag ("heavy", "guard" …).
func (u *Unit) Has(flag string) bool { return slices.Contains(u.Flags, flag) }

// OnMap reports whether the unit stands on the board.
func (u *Unit) OnMap() bool { return u.Status == game.StatusActive }

// State is a Grands Stratèges position.
type State struct {
	sc   *game.Scenario
	opts game.Options
	mi   *mapInfo

	Turn   int       `json:"turn"`
	Turns  int       `json:"turns"`
	Phase  string    `json:"phase"`
	Active game.Side `json:"active"`
	Units  []Unit    `json:"units"`
	// Ready marks the sides that finished their secret deployment.
	Ready [2]bool `json:"ready"`
	// Combat-phase bookkeeping (GS-P-04): the must-attack units with the
	// enemy units whose zone of control holds them, and every unit's hex
	// when the combat phase began (to tell displaced units).
	MustAttack map[string][]string   `json:"must_attack,omitempty"`
	StartAt    map[string]grid.Coord `json:"start_at,omitempty"`
	Combats    int                   `json:"combats"`
	Res        *Resolution           `json:"resolution,omitempty"`
	Losses     [2]int                `json:"losses"`
	// Army morale (GS-11): starting PC, threshold in percent (0: not in
	// use) and whether each army is demoralized.
	MoraleTotal [2]int  `json:"morale_total,omitempty"`
	MoralePct   [2]int  `json:"morale_pct,omitempty"`
	Demoralized [2]bool `json:"demoralized,omitempty"`
	// SlotsUsed lists the reinforcement slots each side has filled
	// (GS-S4 options 2 and 3).
	SlotsUsed [2][]int `json:"slots_used,omitempty"`
	// RoadDue names a group that has arrived and waits for its owner to
	// choose its road (GS-P-32).
	RoadDue [2]string `json:"road_due,omitempty"`
	// RoadsChosen marks the sides that wrote down their entry roads.
	RoadsChosen [2]bool `json:"roads_chosen,omitempty"`
	// DrawDone marks the sides that drew their random forces (GS-S9a).
	DrawDone [2]bool       `json:"draw_done,omitempty"`
	Result   *game.Outcome `json:"result,omitempty"`
	Recent   []game.Arrow  `json:"recent,omitempty"`
	Gone     []game.Mark   `json:"gone,omitempty"`
}

// Resolution is a combat whose consequences are still being carried out:
// retreats, the exchange loss set, advances (GS-4.19–4.24).
type Resolution struct {
	Combat    int          `json:"combat"`
	Result    string       `json:"result"`
	Winner    game.Side    `json:"winner"`
	Attackers []string     `json:"attackers"` // close-combat attackers
	Defenders []string     `json:"defenders"`
	Steps     []Step       `json:"steps"`
	Emptied   []grid.Coord `json:"emptied,omitempty"`
	Advanced  []string     `json:"advanced,omitempty"`
}

// Step is one consequence of a combat waiting to be carried out.
type Step struct {
	Kind string `json:"kind"` // "retreat", "exchange", "advance"
	// Unit is the unit that must move now: the retreating unit, or the
	// friend being pushed in a chain retreat.
	Unit string `json:"unit,omitempty"`
	// Chain holds the units already committed to a chain retreat, each
	// with the hex it will enter once the chain is complete (GS-4.23).
	Chain []Hop `json:"chain,omitempty"`
	// Need is the printed PC the attacker must lose in an exchange.
	Need int `json:"need,omitempty"`
}

// Hop is one unit's move in a retreat chain.
type Hop struct {
	Unit string     `json:"unit"`
	From grid.Coord `json:"from"`
	To   grid.Coord `json:"to"`
}

func (s *State) Clock() game.Clock {
	return game.Clock{Turn: s.Turn, Turns: s.Turns, Phase: s.Phase, Active: s.Active}
}

// Unit returns the unit with the given id, or nil.
func (s *State) Unit(id string) *Unit {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

// UnitAt returns the unit on the board at c, or nil.
func (s *State) UnitAt(c grid.Coord) *Unit {
	for i := range s.Units {
		if s.Units[i].OnMap() && s.Units[i].At == c {
			return &s.Units[i]
		}
	}
	return nil
}

func (s *State) clone() *State {
	n := *s
	n.Units = slices.Clone(s.Units)
	for i := range n.Units {
		n.Units[i].Flags = slices.Clone(s.Units[i].Flags)
		n.Units[i].EntryCells = slices.Clone(s.Units[i].EntryCells)
	}
	n.SlotsUsed = [2][]int{slices.Clone(s.SlotsUsed[0]), slices.Clone(s.SlotsUsed[1])}
	if s.MustAttack != nil {
		n.MustAttack = make(map[string][]string, len(s.MustAttack))
		for k, v := range s.MustAttack {
			n.MustAttack[k] = slices.Clone(v)
		}
	}
	if s.StartAt != nil {
		n.StartAt = make(map[string]grid.Coord, len(s.StartAt))
		for k, v := range s.StartAt {
			n.StartAt[k] = v
		}
	}
	if s.Res != nil {
		r := *s.Res
		r.Attackers = slices.Clone(r.Attackers)
		r.Defenders = slices.Clone(r.Defenders)
		r.Emptied = slices.Clone(r.Emptied)
		r.Advanced = slices.Clone(r.Advanced)
		r.Steps = slices.Clone(r.Steps)
		for i := range r.Steps {
			r.Steps[i].Chain = slices.Clone(r.Steps[i].Chain)
		}
		n.Res = &r
	}
	if s.Result != nil {
		o := *s.Result
		o.Lines = slices.Clone(o.Lines)
		n.Result = &o
	}
	n.Recent = slices.Clone(s.Recent)
	n.Gone = slices.Clone(s.Gone)
	return &n
}

// Scenario is the scenario the game started from.
func (s *State) Scenario() *game.Scenario { return s.sc }

func (s *State) opt(name string) string { return s.opts.Value(optionSpecs, name) }

func (s *State) on(name string) bool { return s.opt(name) == "on" }

func (s *State) label(c grid.Coord) string { return s.sc.Map.Grid.Label(c) }

func (s *State) Outcome() game.Outcome {
	if s.Result != nil {
		return *s.Result
	}
	return running(s)
}

// Pieces lists every unit.
func (s *State) Pieces() []game.Piece {
	out := make([]game.Piece, 0, len(s.Units))
	for i := range s.Units {
		u := &s.Units[i]
		p := game.Piece{ID: u.ID, Side: u.Side, Type: u.Arm, Name: u.Name,
			Values: fmt.Sprintf("%d-%d", u.PC, u.MP), Status: u.Status}
		if u.FaceDown && u.PC == 0 { // masked in this view
			p.Type, p.Values, p.Flags = "", "", []string{"face-down"}
		}
		if u.Status == game.StatusActive || u.Placed {
			at := u.At
			p.At = &at
			p.Hex = s.label(at)
		}
		if u.Status == game.StatusReserve && u.Placed {
			p.Status = game.StatusPlaced
		}
		if u.Status == StatusUnused {
			p.Hex, p.At = "", nil
		}
		out = append(out, p)
	}
	// Sorted by side and id, never in order-of-battle order: with face-down
	// units the position in the list would tell what a unit is.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Side != out[j].Side {
			return out[i].Side < out[j].Side
		}
		return naturalLess(out[i].ID, out[j].ID)
	})
	return out
}

// naturalLess orders ids with their numbers compared as numbers (A2 < A10).
func naturalLess(a, b string) bool {
	pa, na := splitNum(a)
	pb, nb := splitNum(b)
	if pa != pb || na < 0 || nb < 0 {
		if pa == pb {
			return a < b
		}
		return pa < pb
	}
	return na < nb
}

func splitNum(s string) (string, int) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || len(s)-i > 9 {
		return s, -1
	}
	n := 0
	for _, c := range s[i:] {
		n = n*10 + int(c-'0')
	}
	return s[:i], n
}

// decodeState reads a stored state back and attaches its scenario.
func decodeState(sc *game.Scenario, opts game.Options, b []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("gs: state: %w", err)
	}
	s.sc, s.opts = sc, opts
	return &s, nil
}

var zeroCoord = grid.Coord{}
