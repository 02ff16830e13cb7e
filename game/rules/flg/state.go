package flg

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Phases of a player turn (FLG-1.7).
const (
	PhaseCommand = "command"
	PhaseMove    = "move"
	PhaseCombat  = "combat"
	PhaseReplace = "replace" // the GC's re-placement in a skipped turn (FLG-4.83)
	PhaseDeploy  = "deploy"  // the private deployment (FLG-A1.5, FLG-P-35)
	PhaseBuild   = "build"   // armies built by budget, in secret (FLG-P-34)
	PhaseChoose  = "choose"  // the player who did not place the terrain chooses side and first player (FLG-A1.4)
)

// Officer ranks (FLG-T5).
const (
	RankGC = "GC"
	RankSG = "SG"
	RankSO = "SO"
	// RankADC is an aide-de-camp: a messenger only (FLG-2.13, FLG-T5).
	RankADC = "ADC"
)

// Unit is one unit on the battlefield. The per-turn fields are reset when
// its side's player turn begins.
type Unit struct {
	ID       string     `json:"id"`
	Side     game.Side  `json:"side"`
	Type     string     `json:"type"`
	At       grid.Coord `json:"at"`
	Stands   int        `json:"stands"`
	Start    int        `json:"start"`              // stands at the start, the rally ceiling
	Elephant bool       `json:"elephant,omitempty"` // still has its elephant stand (towing, carrying infantry)
	Training string     `json:"training"`
	Morale   string     `json:"morale"`
	Traits   []string   `json:"traits,omitempty"`
	Mount    string     `json:"mount,omitempty"` // mounted infantry: horse, camel, elephant, wagon
	Static   bool       `json:"static,omitempty"`
	Gone     bool       `json:"gone,omitempty"`
	Counted  bool       `json:"counted,omitempty"` // counts toward its side's losses (FLG-5.2)
	// Withdrawn: it left the battlefield by its own edge (FLG-3.10,
	// param exit-allowed), gone but not lost.
	Withdrawn bool `json:"withdrawn,omitempty"`

	Activated bool   `json:"activated,omitempty"`
	By        string `json:"by,omitempty"` // the activating officer
	Moved     int    `json:"moved,omitempty"`
	HasMoved  bool   `json:"has_moved,omitempty"`
	NoCombat  bool   `json:"no_combat,omitempty"`
	NoMove    bool   `json:"no_move,omitempty"` // B4 flag
	OneHex    bool   `json:"one_hex,omitempty"` // staff D flag
	Doubled   bool   `json:"doubled,omitempty"` // B4 TA
	UsedMount bool   `json:"used_mount,omitempty"`
	Fought    bool   `json:"fought,omitempty"`
	Melee     bool   `json:"melee,omitempty"`
	Pursued   bool   `json:"pursued,omitempty"`
	StillLast bool   `json:"still_last,omitempty"` // did not move in its last movement phase (wagons)
	Rallied   bool   `json:"rallied,omitempty"`
	FirstRank string `json:"first_rank,omitempty"` // the officer fighting in its first rank in the combat being resolved
	// Standing are the owner's standing orders for the enemy's turn
	// (§9.2): breakoff, evade (C6), dodge (D3), firstrank.
	Standing  []string   `json:"standing,omitempty"`
	Ordered   bool       `json:"ordered,omitempty"` // its owner gave standing orders (none included): never asked (§9.2)
	Extra     bool       `json:"extra,omitempty"`   // a messenger reached it: activated next turn (FLG-2.12)
	Reserve   bool       `json:"reserve,omitempty"` // not deployed yet
	Off       bool       `json:"off,omitempty"`     // a reinforcement not on the table yet (FLG-3.11)
	Enter     int        `json:"enter,omitempty"`   // … from this turn
	Entry     grid.Coord `json:"entry,omitempty"`   // … by this hex
	hidden    bool       // a view's: placed by the other side, not revealed
	slip      bool       // a view's: a slip of paper whose place is seen (FLG-A1.6)
	SG        string     `json:"sg,omitempty"`         // the Sub-General an allied or feudal unit is attached to (A5, A6)
	Withdraw  bool       `json:"withdraw,omitempty"`   // activated far from its SG: it may only withdraw (A5, A6)
	Impetus   string     `json:"impetus,omitempty"`    // the C1 die rolled this turn
	Forced    bool       `json:"forced,omitempty"`     // C1: a free forced march
	Carry     int        `json:"carry,omitempty"`      // artillery retreat hexes counted against this turn (FLG-4.41)
	CarryNext int        `json:"carry_next,omitempty"` // … and against the next
}

// T is the unit's catalogue type.
func (u *Unit) T() *Type { return TypeOf(u.Type) }

// Has reports whether the unit has a trait (FLG-T8 code).
func (u *Unit) Has(code string) bool { return slices.Contains(u.Traits, code) }

// Officer is a command character (FLG-A3).
type Officer struct {
	ID        string     `json:"id"`
	Side      game.Side  `json:"side"`
	Rank      string     `json:"rank"`
	At        grid.Coord `json:"at"`
	Ability   string     `json:"ability,omitempty"` // B, F, M (FLG-T12)
	Staff     string     `json:"staff,omitempty"`   // A, D, MS (FLG-T13)
	Gone      bool       `json:"gone,omitempty"`
	Activated bool       `json:"activated,omitempty"`
	Alone     bool       `json:"alone,omitempty"` // activated alone this turn (FLG-2.15)
	SG        string     `json:"sg,omitempty"`    // the allied Sub-General an officer belongs to (FLG-T13 A)
	Reserve   bool       `json:"reserve,omitempty"`
	Back      int        `json:"back,omitempty"` // an ADC that delivered its order in this turn: free to walk back after it
	Off       bool       `json:"off,omitempty"`  // off the table with reinforcements (FLG-3.11); At is their entry hex
	Enter     int        `json:"enter,omitempty"`
	hidden    bool
	Moved     bool `json:"moved,omitempty"`
	Melee     bool `json:"melee,omitempty"` // with a unit that fought a melee this turn
	Rallied   bool `json:"rallied,omitempty"`
}

// Messenger is an order in transit (FLG-2.10 … FLG-2.14): an improvised
// messenger's token, an aide-de-camp or an officer carrying it (Officer).
type Messenger struct {
	ID      string     `json:"id"`
	Side    game.Side  `json:"side"`
	Kind    string     `json:"kind"` // improvised, adc, officer
	Officer string     `json:"officer,omitempty"`
	Sender  string     `json:"sender"`
	At      grid.Coord `json:"at"`
	Moved   bool       `json:"moved,omitempty"` // moved this turn
	Gone    bool       `json:"gone,omitempty"`
}

// Activation is one officer's activation this turn (FLG-2.4).
type Activation struct {
	Officer string   `json:"officer"`
	Size    int      `json:"size"`
	Units   []string `json:"units,omitempty"`
}

// Follow is a pending follow-up or pursuit of the attacker (FLG-4.50,
// FLG-4.51).
type Follow struct {
	Unit    string     `json:"unit"`
	Into    grid.Coord `json:"into"`
	Pursuit bool       `json:"pursuit,omitempty"` // the follow-up is done; the pursuit is offered
	Extra   bool       `json:"extra,omitempty"`   // D5 infantry: one hex more, without combat
}

// State is a position of Frédéric le Grand.
type State struct {
	sc   *game.Scenario
	opts game.Options
	// occ indexes the units by hex (X*occH+Y) in a read-only copy made
	// for Legal (indexed); nil elsewhere, where UnitAt scans.
	occ  []*Unit
	occH int
	mv   *mover // the floods' arrays of an indexed copy (moveflood.go)
	// prot are the hexes the linear obstacles protect (FLG-P-26), read
	// from the scenario once.
	prot map[grid.Coord]bool
	dm   *denseMap
	// secret marks, in a view (Rules.View), the sides whose army building
	// and deployment the viewer may not see: their pending decisions are
	// left out, options and running cost alike (FLG-P-34, FLG-P-35).
	secret [2]bool

	Turn       int             `json:"turn"`
	Phase      string          `json:"phase"`
	Active     game.Side       `json:"active"`
	Units      []Unit          `json:"units"`
	Officers   []Officer       `json:"officers,omitempty"`
	Acts       []Activation    `json:"acts,omitempty"`
	Stage      int             `json:"stage"` // the officer (index in Acts) whose units act now (FLG-2.5)
	Initial    [2]int          `json:"initial"`
	Lost       [2]int          `json:"lost"`
	Skip       [2]bool         `json:"skip,omitempty"` // the GC was lost: the next turn is skipped (FLG-4.83)
	Follow     *Follow         `json:"follow,omitempty"`
	React      *Reaction       `json:"react,omitempty"` // an attack waiting for the defender's reaction (§9.2)
	Result     *game.Outcome   `json:"result,omitempty"`
	TurnCap    int             `json:"turn_cap,omitempty"`
	Rallying   bool            `json:"rallying,omitempty"` // a rally was made: the combat phase is ending (FLG-2.24)
	Messengers []Messenger     `json:"messengers,omitempty"`
	Ready      [2]bool         `json:"ready,omitempty"`   // deployment finished (FLG-P-35)
	Swapped    bool            `json:"swapped,omitempty"` // side A holds the east edge (FLG-A1.4)
	First      game.Side       `json:"first,omitempty"`   // the first player chosen (FLG-A1.4)
	FirstSet   bool            `json:"first_set,omitempty"`
	Decoys     [2][]grid.Coord `json:"decoys,omitempty"`      // slips of paper without a unit (FLG-A1.6)
	DeployTurn game.Side       `json:"deploy_turn,omitempty"` // alternating deployment: whose placements now
	DeployRun  int             `json:"deploy_run,omitempty"`  // … and how many it has made
	BuildDone  [2]bool         `json:"build_done,omitempty"`
	Holding    [2]bool         `json:"holding,omitempty"` // held all its objectives at the end of its last turn (FLG-P-36)
	NextToken  int             `json:"next_token,omitempty"`
	Rolls      []Roll          `json:"rolls,omitempty"` // the last combat's dice, for the board (Board.Dice)
}

func (s *State) clone() *State {
	c := *s
	c.occ, c.mv = nil, nil
	// Spare capacity: a decision may add panicking elephants, and the
	// rules hold pointers into Units while it runs.
	c.Units = append(make([]Unit, 0, len(s.Units)+16), s.Units...)
	c.Officers = slices.Clone(s.Officers)
	c.Acts = slices.Clone(s.Acts)
	c.Messengers = slices.Clone(s.Messengers)
	c.Decoys = [2][]grid.Coord{slices.Clone(s.Decoys[0]), slices.Clone(s.Decoys[1])}
	for i := range c.Acts {
		c.Acts[i].Units = slices.Clone(c.Acts[i].Units)
	}
	if s.Follow != nil {
		f := *s.Follow
		c.Follow = &f
	}
	if s.React != nil {
		r := *s.React
		c.React = &r
	}
	return &c
}

// Scenario returns the scenario the game plays.
func (s *State) Scenario() *game.Scenario { return s.sc }

func (s *State) board() *game.Map { return s.sc.Map }
func (s *State) label(c grid.Coord) string {
	return s.sc.Map.Label(c)
}

// Unit returns a unit by id (nil if there is none).
func (s *State) Unit(id string) *Unit {
	for i := range s.Units {
		if strings.EqualFold(s.Units[i].ID, id) {
			return &s.Units[i]
		}
	}
	return nil
}

// Officer returns an officer by id (nil if there is none).
func (s *State) Officer(id string) *Officer {
	for i := range s.Officers {
		if strings.EqualFold(s.Officers[i].ID, id) {
			return &s.Officers[i]
		}
	}
	return nil
}

// UnitAt returns the unit in a hex (nil if it is empty).
func (s *State) UnitAt(c grid.Coord) *Unit {
	if s.occ != nil && c.X >= 0 && c.Y >= 0 && c.Y < s.occH && c.X*s.occH+c.Y < len(s.occ) {
		return s.occ[c.X*s.occH+c.Y]
	}
	for i := range s.Units {
		if u := &s.Units[i]; !u.Gone && !u.Reserve && !u.Off && !u.hidden && u.At == c {
			return u
		}
	}
	return nil
}

// officersAt lists the officers in a hex.
func (s *State) officersAt(c grid.Coord) []*Officer {
	var out []*Officer
	for i := range s.Officers {
		if o := &s.Officers[i]; !o.Gone && !o.Reserve && !o.Off && !o.hidden && o.At == c {
			out = append(out, o)
		}
	}
	return out
}

func (s *State) Clock() game.Clock {
	turns := s.TurnCap
	return game.Clock{Turn: s.Turn, Turns: turns, Phase: s.Phase, Active: s.Active}
}

// Pieces lists the units and officers.
func (s *State) Pieces() []game.Piece {
	var out []game.Piece
	for i := range s.Units {
		u := &s.Units[i]
		at := u.At
		p := game.Piece{ID: u.ID, Side: u.Side, Hex: s.label(u.At), At: &at, Type: u.Type, Values: strconv.Itoa(u.Stands), Status: game.StatusActive}
		switch {
		case u.Gone:
			p.Status, p.At = game.StatusEliminated, nil
			if u.Withdrawn {
				p.Flags = append(p.Flags, "withdrawn")
			}
		case u.hidden && u.slip:
			p.ID, p.Status, p.Type, p.Values = "slip-"+s.label(u.At), game.StatusHidden, "", ""
		case u.hidden:
			p.Status, p.At, p.Hex, p.Type, p.Values = game.StatusHidden, nil, "", "", ""
		case u.Reserve, u.Off:
			p.Status, p.At, p.Hex = game.StatusReserve, nil, ""
		}
		if u.Activated {
			p.Flags = append(p.Flags, "activated")
		}
		out = append(out, p)
	}
	for i := range s.Messengers {
		m := &s.Messengers[i]
		if m.Officer != "" {
			continue
		}
		at := m.At
		p := game.Piece{ID: m.ID, Side: m.Side, Hex: s.label(m.At), At: &at, Type: "messenger", Status: game.StatusActive}
		if m.Gone {
			p.Status, p.At = game.StatusEliminated, nil
		}
		out = append(out, p)
	}
	for i := range s.Officers {
		o := &s.Officers[i]
		at := o.At
		p := game.Piece{ID: o.ID, Side: o.Side, Hex: s.label(o.At), At: &at, Type: "officer-" + o.Rank, Status: game.StatusActive}
		switch {
		case o.Gone:
			p.Status, p.At = game.StatusEliminated, nil
		case o.hidden:
			p.Status, p.At, p.Hex, p.Type = game.StatusHidden, nil, "", ""
		case o.Reserve, o.Off:
			p.Status, p.At, p.Hex = game.StatusReserve, nil, ""
		}
		out = append(out, p)
	}
	return out
}

// Zones: the eliminated box of each side.
func (s *State) Zones() []game.Zone {
	var out []game.Zone
	for _, sd := range game.Sides {
		z := game.Zone{Name: "eliminated", Side: sd, Sees: game.Everyone}
		off := game.Zone{Name: "withdrawn", Side: sd, Sees: game.Everyone}
		for i := range s.Units {
			switch u := &s.Units[i]; {
			case u.Side == sd && u.Withdrawn:
				off.Items = append(off.Items, u.ID)
			case u.Side == sd && u.Gone:
				z.Items = append(z.Items, u.ID)
			}
		}
		z.Count = len(z.Items)
		out = append(out, z)
		// Units that left by their own edge (FLG-3.10): a zone of their
		// own, only when there are some.
		if off.Count = len(off.Items); off.Count > 0 {
			out = append(out, off)
		}
	}
	return out
}

// Threshold is the losses that demoralise a side: a third of its units at
// the start, rounded up (FLG-5.2, FLG-P-25).
func (s *State) Threshold(side game.Side) int { return (s.Initial[side] + 2) / 3 }

func (s *State) Outcome() game.Outcome {
	if s.Result != nil {
		return *s.Result
	}
	o := game.Outcome{Score: s.Lost, Rule: "FLG-5.2"}
	for _, sd := range game.Sides {
		o.Lines = append(o.Lines, game.ScoreLine{Side: sd, Item: "units lost", Points: s.Lost[sd], ItemMsg: game.M("flg.score.lost", "lost", s.Lost[sd], "threshold", s.Threshold(sd))})
	}
	return o
}

func (s *State) Pending() []game.Decision {
	if s.Phase == PhaseDeploy {
		return s.deployDecisions()
	}
	if s.Phase == PhaseBuild {
		return s.buildDecisions()
	}
	if s.Phase == PhaseChoose {
		m := game.M("flg.prompt.edge", "side", s.chooser())
		return []game.Decision{{ID: "edge", Side: s.chooser(), Kind: "edge", Rule: "FLG-A1.4", Prompt: m.String(), PromptMsg: m, Options: s.edgeOptions()}}
	}
	if s.Result != nil {
		return nil
	}
	if s.React != nil {
		return []game.Decision{s.reactionDecision()}
	}
	if s.Follow == nil {
		if s.Phase == PhaseCommand {
			return []game.Decision{s.activationDecision()}
		}
		return nil
	}
	return []game.Decision{s.followDecision()}
}

// MarshalJSON writes the state; DecodeState reads it back with the
// scenario.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	return json.Marshal((*plain)(s))
}

func decodeState(sc *game.Scenario, opts game.Options, b []byte) (*State, error) {
	type plain State
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("flg: state: %w", err)
	}
	s := State(p)
	s.sc, s.opts = sc, opts
	prot, err := protectedHexes(sc)
	if err != nil {
		return nil, fmt.Errorf("flg: %w", err)
	}
	s.prot = prot
	s.dm = newDense(sc.Map)
	return &s, nil
}

// Supported reports whether a unit is supported in the plain sense of
// FLG-1.4 (at least two adjacent friendly combat units, FLG-P-5), without
// the combat exceptions.
func (s *State) adjacentSupport(u *Unit) bool {
	n := 0
	for _, c := range s.board().Grid.Neighbors(u.At) {
		f := s.UnitAt(c)
		if f == nil || f.Side != u.Side || !s.givesSupport(f) {
			continue
		}
		n++
	}
	return n >= 2 && !s.roadArtillery(u)
}

// givesSupport: panicking elephants and artillery on a road through rough
// terrain give none (FLG-P-5, FLG-1.4d).
func (s *State) givesSupport(u *Unit) bool {
	return u.T().Family != FamPanic && !s.roadArtillery(u)
}

// roadArtillery: artillery standing on a road in rough terrain (FLG-1.4d,
// FLG-4.21).
func (s *State) roadArtillery(u *Unit) bool {
	return u.T().Family == FamArt && s.rough(u.At)
}

// hasOwnEnemyAdjacent lists the enemy units adjacent to a hex.
func (s *State) enemiesAdjacent(side game.Side, c grid.Coord) []*Unit {
	var out []*Unit
	for _, n := range s.board().Grid.Neighbors(c) {
		if e := s.UnitAt(n); e != nil && e.Side != side {
			out = append(out, e)
		}
	}
	return out
}

// toward reports the hexes one step closer to side's own edge (FLG-P-20
// on this grid: side A's edge is the west edge, column 0, side B's the
// east edge; the two neighbours one column closer).
func (s *State) rearward(side game.Side, c grid.Coord) []grid.Coord {
	dx := -1
	if s.east(side) {
		dx = 1
	}
	var out []grid.Coord
	for _, n := range s.board().Grid.Neighbors(c) {
		if n.X-c.X == dx {
			out = append(out, n)
		}
	}
	return out
}

// atEdge reports whether a hex is on side's own edge.
func (s *State) atEdge(side game.Side, c grid.Coord) bool {
	w, _ := s.board().Grid.Size()
	if !s.east(side) {
		return c.X == 0
	}
	return c.X == w-1
}

// east reports whether side holds the east edge: side B, unless the
// sides were swapped when one player placed the terrain (FLG-A1.4).
func (s *State) east(side game.Side) bool { return (side == game.SideB) != s.Swapped }

// Messenger returns a messenger by id (nil if there is none).
// The live one first: an officer may carry orders more than once.
func (s *State) Messenger(id string) *Messenger {
	var gone *Messenger
	for i := range s.Messengers {
		if m := &s.Messengers[i]; strings.EqualFold(m.ID, id) {
			if !m.Gone {
				return m
			}
			gone = m
		}
	}
	return gone
}

// indexed returns a read-only shallow copy of s whose UnitAt looks units
// up in an index: for Legal, which asks it for every step of every flood.
func (s *State) indexed() *State {
	c := *s
	c.mv = nil
	w, h := s.board().Grid.Size()
	c.occ, c.occH = make([]*Unit, w*h), h
	for i := range c.Units {
		if u := &c.Units[i]; !u.Gone && !u.Reserve && !u.Off && !u.hidden && u.At.X >= 0 && u.At.Y >= 0 && u.At.X < w && u.At.Y < h {
			c.occ[u.At.X*h+u.At.Y] = u
		}
	}
	return &c
}
