package ptg

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Phases of a player turn (PTG-3.1). "end" is the end of a player turn,
// when replacement leaders are placed (PTG-8.3); the game-turn interphase
// is the PhaseChanged event that starts the next turn.
const (
	PhaseSetup  = "setup"
	PhaseMove   = "move"
	PhaseCombat = "combat"
	PhaseRally  = "rally"
	PhaseEnd    = "end"
	PhaseOver   = "over"
)

// Sides: the Swedish army is side A, the Russian army side B.
const (
	Swedes   = game.SideA
	Russians = game.SideB
)

// Unit classes (PTG-3.3): what the rules mean by infantry, cavalry and
// artillery. A unit's printed type maps to one class.
const (
	ClassLeader    = "leader"
	ClassInfantry  = "infantry"
	ClassCavalry   = "cavalry"
	ClassArtillery = "artillery"
	ClassPicket    = "picket"
)

// unitTypes lists every counter type of the game.
var unitTypes = []string{"leader", "aide", "infantry", "grenadiers", "garrison", "engineers", "cavalry",
	"irregular-cavalry", "dragoons", "horse-grenadiers", "picket", "light-artillery", "medium-artillery",
	"heavy-artillery", "mortar", "horse-artillery"}

// classOf maps a counter type to its class ("" for an unknown type).
func classOf(typ string) string {
	switch typ {
	case "leader", "aide":
		return ClassLeader
	case "infantry", "grenadiers", "garrison", "engineers":
		return ClassInfantry
	case "cavalry", "irregular-cavalry", "dragoons", "horse-grenadiers":
		return ClassCavalry
	case "picket":
		return ClassPicket
	case "light-artillery", "medium-artillery", "heavy-artillery", "mortar", "horse-artillery":
		return ClassArtillery
	}
	return ""
}

// Unit statuses beyond the kernel's: a unit removed from play without
// counting as eliminated (routed off the map, failed rally, PTG-9.0).
const StatusRemoved = "removed"

// Unit is one counter in play: a combat unit, a leader or an aide.
type Unit struct {
	ID    string    `json:"id"`
	Name  string    `json:"name,omitempty"`
	Side  game.Side `json:"side"`
	Type  string    `json:"type"`
	Flags []string  `json:"flags,omitempty"` // printed marks: r, c, R, king, senior, parenthesized …
	Group string    `json:"group,omitempty"`
	// Printed values: full and reduced strength (Red 0: one step),
	// morale, movement allowance; leaders: command value and radius, and
	// the replacement printed on the back (PTG-8.3).
	Str    int `json:"str,omitempty"`
	Red    int `json:"red,omitempty"`
	Morale int `json:"morale,omitempty"`
	MA     int `json:"ma"`
	Cmd    int `json:"cmd,omitempty"`
	Radius int `json:"radius,omitempty"`
	RCmd   int `json:"rcmd,omitempty"`
	RRad   int `json:"rradius,omitempty"`
	RMA    int `json:"rma,omitempty"`

	At     grid.Coord `json:"at"`
	Status string     `json:"status"`
	// Lasting state.
	Reduced     bool `json:"reduced,omitempty"`
	Routed      bool `json:"routed,omitempty"`
	Replacement bool `json:"replacement,omitempty"` // a leader on his replacement side
	Awaiting    bool `json:"awaiting,omitempty"`    // an eliminated leader whose replacement is not yet placed
	Immobile    bool `json:"immobile,omitempty"`    // started the game in a redoubt (PTG-7.7.2)
	Square      bool `json:"square,omitempty"`      // PTG-14.11
	Dismounted  bool `json:"dismounted,omitempty"`  // PTG-14.12
	Exhausted   bool `json:"exhausted,omitempty"`   // used rolling fire (PTG-14.13)
	Grenade     bool `json:"grenade,omitempty"`     // still has its hand-grenade marker (PTG-14.4)
	Assault     bool `json:"assault,omitempty"`     // assault equipment (PTG-14.3)
	Broken      bool `json:"broken,omitempty"`      // horse artillery carriages broken: MA 0 (PTG-14.17.3)
	Free        bool `json:"free,omitempty"`        // may leave the Russian camp (PTG-12.0)
	Released    bool `json:"released,omitempty"`    // one of the five of PTG-12.0.4
	Lost        int  `json:"lost,omitempty"`        // army morale points this unit has cost (PTG-10.0.1)
	Placed      bool `json:"placed,omitempty"`      // has a set-up hex (set-up, reinforcements)
	// Per-phase marks, cleared when a phase starts.
	Commanded bool       `json:"commanded,omitempty"` // snapshot at the start of the movement phase (PTG-6.0)
	StartZOC  bool       `json:"start_zoc,omitempty"`
	StartAt   grid.Coord `json:"start_at"`
	Moved     bool       `json:"moved,omitempty"`
	Done      bool       `json:"done,omitempty"`  // may not move again this phase
	Spent     int        `json:"spent,omitempty"` // half movement points spent this phase
	Attacked  bool       `json:"attacked,omitempty"`
	Defended  bool       `json:"defended,omitempty"`
	Charged   []string   `json:"charged,omitempty"` // enemy units charged this turn (PTG-14.9)
}

// Class is the unit's class for the rules (PTG-3.3): dismounted dragoons
// are infantry (PTG-14.12.2).
func (u *Unit) Class() string {
	if u.Dismounted {
		return ClassInfantry
	}
	return classOf(u.Type)
}

// Has reports a printed flag.
func (u *Unit) Has(flag string) bool { return slices.Contains(u.Flags, flag) }

// OnMap reports a unit on the board.
func (u *Unit) OnMap() bool { return u.Status == game.StatusActive }

// Leader reports a leader or an aide.
func (u *Unit) Leader() bool { return u.Type == "leader" || u.Type == "aide" }

// Aide reports an aide (PTG-14.16).
func (u *Unit) Aide() bool { return u.Type == "aide" }

// Combat reports a combat unit: anything with a strength (PTG-3.3).
func (u *Unit) Combat() bool { return !u.Leader() }

// Strength is the current printed strength of the face showing.
func (u *Unit) Strength() int {
	if u.Reduced && u.Red > 0 {
		return u.Red
	}
	return u.Str
}

// Steps reports whether the unit has a weaker face left to flip to.
func (u *Unit) CanFlip() bool { return !u.Reduced && u.Red > 0 }

// Artillery reports artillery of any kind, horse artillery included.
func (u *Unit) Artillery() bool { return u.Class() == ClassArtillery }

// Grenadiers reports a grenadier unit (PTG-14.4; horse grenadiers too, P-HGREN).
func (u *Unit) Grenadiers() bool { return u.Type == "grenadiers" || u.Type == "horse-grenadiers" }

// MovesAsCavalry is how terrain costs are read: cavalry and horse
// artillery pay the cavalry costs (TEC, PTG-14.17.2).
func (u *Unit) MovesAsCavalry() bool {
	return u.Class() == ClassCavalry || u.Type == "horse-artillery"
}

// Counts reports whether the unit counts for stacking (PTG-5.0.4).
func (u *Unit) Counts() bool { return u.Combat() && !u.Has("parenthesized") }

// Free stacker: artillery, pickets and engineers may stack with one
// other unit (PTG-5.0.3).
func (u *Unit) freeStacker() bool {
	return u.Artillery() || u.Class() == ClassPicket || u.Type == "engineers"
}

// Redoubt is a redoubt counter, completed or under construction (PTG-7.7).
type Redoubt struct {
	At       grid.Coord `json:"at"`
	Building bool       `json:"building,omitempty"` // under construction
}

// FireZone is a fire-zone marker projected by the units of a completed
// redoubt into an adjacent hex (PTG-7.6).
type FireZone struct {
	Side game.Side  `json:"side"`
	From grid.Coord `json:"from"`
	To   grid.Coord `json:"to"`
}

// State is a Peter the Great position.
type State struct {
	sc   *game.Scenario
	opts game.Options
	mi   *info
	ix   *index // occupancy index, built on demand; a state is never changed once built

	Turn   int       `json:"turn"`
	Turns  int       `json:"turns"`
	Phase  string    `json:"phase"`
	Active game.Side `json:"active"`
	First  game.Side `json:"first"` // the side whose player turn comes first (PTG-3.1, 13.4.2)
	Units  []Unit    `json:"units"`

	Redoubts  []Redoubt  `json:"redoubts,omitempty"`
	FireZones []FireZone `json:"fire_zones,omitempty"`
	// Planned are the fire zones the phasing player has chosen this combat
	// phase, placed when it ends (PTG-7.6.1).
	Planned []FireZone `json:"planned,omitempty"`

	NMA        [2]int  `json:"nma"`
	StartNMA   [2]int  `json:"start_nma"`
	DemAt      [2]int  `json:"demoralized_at"`
	CampEvent  bool    `json:"camp_event,omitempty"` // PTG-10.0.6 has happened
	Alerted    bool    `json:"alerted,omitempty"`    // PTG-12.0.7
	Visibility string  `json:"visibility,omitempty"` // "bad" under PTG-14.7; "" good
	Canister   [2]int  `json:"canister"`             // rounds left (PTG-14.8)
	AideUsed   bool    `json:"aide_used,omitempty"`  // an aide came in this player turn
	Ready      [2]bool `json:"ready"`
	// Mover is the unit moving now: it may go on with its remaining MP
	// until another unit moves (PTG-4.0).
	Mover   string `json:"mover,omitempty"`
	Combats int    `json:"combats"`
	// Obligations of this combat phase (PTG-7.0.1, P-FORCE): each
	// phasing unit in an enemy zone of control with the enemy units it
	// must fight.
	Must  map[string][]string `json:"must,omitempty"`
	Fight *Fight              `json:"fight,omitempty"`
	Queue []Step              `json:"queue,omitempty"`

	Result *game.Outcome `json:"result,omitempty"`
	Recent []game.Arrow  `json:"recent,omitempty"`
	Gone   []game.Mark   `json:"gone,omitempty"`
}

// Fight is the combat being resolved.
type Fight struct {
	ID        int          `json:"id"`
	Bombard   bool         `json:"bombard,omitempty"`
	Side      game.Side    `json:"side"` // the attacker
	Attackers []string     `json:"attackers"`
	Ranged    []string     `json:"ranged,omitempty"` // non-adjacent artillery (PTG-7.1.3)
	Defenders []string     `json:"defenders"`
	Hexes     []grid.Coord `json:"hexes"`
	Decl      Declaration  `json:"decl"`
	Result    string       `json:"result,omitempty"`
	// HexResult is the result each defending hex reads (PTG-7.7.1).
	HexResult []string `json:"hex_result,omitempty"`
	// Vacated lists hexes the combatants left, and which side may advance
	// into each (PTG-7.5).
	Vacated  []Vacated `json:"vacated,omitempty"`
	Advanced []string  `json:"advanced,omitempty"`
	// Ravine: every attacker is in a ravine or is non-adjacent artillery
	// (PTG-7.3.1B exemption for the defenders).
	Ravine bool `json:"ravine,omitempty"`
}

// Vacated is a hex emptied by a combat result.
type Vacated struct {
	At   grid.Coord `json:"at"`
	Side game.Side  `json:"side"` // the side whose units may advance into it
}

// Declaration is an attack as declared by the attacker, with the
// defender's response once given.
type Declaration struct {
	Morale    string `json:"morale,omitempty"`
	Cap       *int   `json:"cap,omitempty"` // PTG-7.0.9
	Grenade   string `json:"grenade,omitempty"`
	Canister  bool   `json:"canister,omitempty"`
	Rolling   string `json:"rolling,omitempty"`
	DMorale   string `json:"d_morale,omitempty"`
	DGrenade  string `json:"d_grenade,omitempty"`
	DCanister bool   `json:"d_canister,omitempty"`
	DRolling  string `json:"d_rolling,omitempty"`
}

// Step is one thing waiting to be done or decided, oldest first.
type Step struct {
	Kind string    `json:"kind"` // defence, loss, retreat, push, advance, firezone, displace, replace
	Side game.Side `json:"side"` // who decides
	Unit string    `json:"unit,omitempty"`
	// loss: the units that may take the step, and why.
	Units []string `json:"units,omitempty"`
	// retreat: length in hexes, rout, the ravine exemption, an attacker's
	// retreat; a chain of units waiting for this one to make room.
	N        int   `json:"n,omitempty"`
	Rout     bool  `json:"rout,omitempty"`
	Exempt   bool  `json:"exempt,omitempty"`
	Attacker bool  `json:"attacker,omitempty"`
	Chain    []Hop `json:"chain,omitempty"`
	// push: the retreat that needs room, whose final hex At is full.
	Path []grid.Coord `json:"path,omitempty"`
	At   grid.Coord   `json:"at"`
	// firezone: the hex the unit entered from, and the rest of its move.
	From grid.Coord   `json:"from"`
	Rest []grid.Coord `json:"rest,omitempty"`
	// displace / replace: the hexes the leader may be put in.
	Cells  []grid.Coord `json:"cells,omitempty"`
	Reason string       `json:"reason,omitempty"`
	Rule   string       `json:"rule,omitempty"`
}

// Hop is one unit's move in a retreat chain.
type Hop struct {
	Unit string       `json:"unit"`
	Path []grid.Coord `json:"path"` // start hex first
	Rout bool         `json:"rout,omitempty"`
}

func (s *State) Clock() game.Clock {
	return game.Clock{Turn: s.Turn, Turns: s.Turns, Phase: s.Phase, Active: s.Active}
}

// Scenario is the scenario the game started from.
func (s *State) Scenario() *game.Scenario { return s.sc }

// Unit returns the unit with the given id, or nil.
func (s *State) Unit(id string) *Unit {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

// UnitsAt lists the units on the board in c.
func (s *State) UnitsAt(c grid.Coord) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && u.At == c {
			out = append(out, u)
		}
	}
	return out
}

// combatAt lists the combat units on the board in c.
func (s *State) combatAt(c grid.Coord) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && u.At == c && u.Combat() {
			out = append(out, u)
		}
	}
	return out
}

// RedoubtAt returns the redoubt in c, or nil.
func (s *State) RedoubtAt(c grid.Coord) *Redoubt {
	for i := range s.Redoubts {
		if s.Redoubts[i].At == c {
			return &s.Redoubts[i]
		}
	}
	return nil
}

func (s *State) clone() *State {
	n := *s
	n.ix = nil
	n.Units = slices.Clone(s.Units)
	for i := range n.Units {
		n.Units[i].Charged = slices.Clone(s.Units[i].Charged)
	}
	n.Redoubts = slices.Clone(s.Redoubts)
	n.FireZones = slices.Clone(s.FireZones)
	n.Planned = slices.Clone(s.Planned)
	if s.Must != nil {
		n.Must = make(map[string][]string, len(s.Must))
		for k, v := range s.Must {
			n.Must[k] = slices.Clone(v)
		}
	}
	if s.Fight != nil {
		f := *s.Fight
		f.Attackers = slices.Clone(f.Attackers)
		f.Ranged = slices.Clone(f.Ranged)
		f.Defenders = slices.Clone(f.Defenders)
		f.Hexes = slices.Clone(f.Hexes)
		f.HexResult = slices.Clone(f.HexResult)
		f.Vacated = slices.Clone(f.Vacated)
		f.Advanced = slices.Clone(f.Advanced)
		if f.Decl.Cap != nil {
			c := *f.Decl.Cap
			f.Decl.Cap = &c
		}
		n.Fight = &f
	}
	n.Queue = slices.Clone(s.Queue)
	for i := range n.Queue {
		q := &n.Queue[i]
		q.Units = slices.Clone(q.Units)
		q.Chain = slices.Clone(q.Chain)
		for j := range q.Chain {
			q.Chain[j].Path = slices.Clone(q.Chain[j].Path)
		}
		q.Path = slices.Clone(q.Path)
		q.Rest = slices.Clone(q.Rest)
		q.Cells = slices.Clone(q.Cells)
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

func (s *State) opt(name string) string { return s.opts.Value(optionSpecs, name) }

// on reports an on/off option that is on.
func (s *State) on(name string) bool { return s.opt(name) == "on" }

func (s *State) label(c grid.Coord) string {
	mi := s.info()
	if c.X >= 0 && c.Y >= 0 && c.X < mi.W && c.Y < mi.H {
		return mi.Labels[mi.At(c)]
	}
	return s.sc.Map.Grid.Label(c)
}

func (s *State) labels(cs []grid.Coord) string {
	if len(cs) == 0 {
		return "none"
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = s.label(c)
	}
	return strings.Join(out, " ")
}

// demoralized reports an army at or below its demoralization level
// (PTG-10.0.3, P-DEM-THR).
func (s *State) demoralized(side game.Side) bool { return s.NMA[side] <= s.DemAt[side] }

// camp reports whether the Russian camp exists (not in 13.4, PTG-13.4.5).
func (s *State) camp() bool { return s.sc.Param("camp", "on") == "on" }

// alertRules reports whether the Russian Alert applies (PTG-12.0, 13.4.6).
func (s *State) alertRules() bool { return s.sc.Param("alert", "on") == "on" && s.camp() }

// Time is the clock time of a game turn (T-TURN): 04:00 + 45 min a turn.
func Time(turn int) string {
	m := 4*60 + 45*(turn-1)
	return fmt.Sprintf("%02d:%02d", m/60, m%60)
}

// sideName names an army.
func sideName(side game.Side) string {
	switch side {
	case Swedes:
		return "Swedish"
	case Russians:
		return "Russian"
	}
	return "nobody"
}

func (s *State) Outcome() game.Outcome {
	if s.Result != nil {
		return *s.Result
	}
	o := game.Outcome{Score: s.NMA}
	for _, side := range game.Sides {
		o.Lines = append(o.Lines, scoreLine(side, "ptg.score.morale", s.NMA[side]))
	}
	return o
}

// Pieces lists every unit as the state shows it.
func (s *State) Pieces() []game.Piece {
	out := make([]game.Piece, 0, len(s.Units))
	for i := range s.Units {
		u := &s.Units[i]
		p := game.Piece{ID: u.ID, Side: u.Side, Type: u.Type, Name: u.Name, Status: u.Status, Values: s.values(u)}
		if u.OnMap() || (u.Placed && u.Status == game.StatusReserve) {
			at := u.At
			p.At = &at
			p.Hex = s.label(at)
		}
		if u.Status == game.StatusReserve && u.Placed {
			p.Status = game.StatusPlaced
		}
		for _, f := range []struct {
			on   bool
			flag string
		}{{u.Routed, "routed"}, {u.Reduced, "reduced"}, {u.Square, "square"}, {u.Dismounted, "dismounted"},
			{u.Exhausted, "exhausted"}, {u.Broken, "broken"}, {u.Replacement, "replacement"}, {len(u.Charged) > 0, "charging"}} {
			if f.on {
				p.Flags = append(p.Flags, f.flag)
			}
		}
		out = append(out, p)
	}
	return out
}

// values prints a counter's values as on the counter: strength-morale-MA,
// "(2)-5-8" for a parenthesized strength, command-radius-MA for a leader.
func (s *State) values(u *Unit) string {
	if u.Leader() {
		c, r, m := s.leaderValues(u)
		return fmt.Sprintf("%d-%d-%d", c, r, m)
	}
	str := fmt.Sprint(u.Strength())
	if u.Has("parenthesized") {
		str = "(" + str + ")"
	}
	return fmt.Sprintf("%s-%d-%d", str, u.Morale, s.baseMA(u))
}

// decodeState reads a stored state back and attaches its scenario.
func decodeState(sc *game.Scenario, opts game.Options, b []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("ptg: state: %w", err)
	}
	s.sc, s.opts = sc, opts
	return &s, nil
}

var zeroCoord = grid.Coord{}
