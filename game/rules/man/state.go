package man

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Phases of the turn sequence (MAN-4.1) and of the set-up (MAN-3).
const (
	PhaseNations  = "nations"  // the second player offers two nations (MAN-3.4)
	PhaseNation   = "nation"   // the first player takes one (MAN-3.2, MAN-3.4)
	PhaseSections = "sections" // the first player lays out the map (MAN-3.3)
	PhaseEdge     = "edge"     // the second player picks his edge (MAN-3.5)
	PhaseHands    = "hands"    // opening hands chosen (MAN-3.8)
	PhaseDeal     = "deal"     // decks shuffled, opening hands drawn (MAN-3.6, MAN-3.7)
	PhaseDeploy   = "deploy"   // MAN-3.9
	PhaseDiscard  = "discard"  // MAN-4.3, the draw (MAN-4.4) follows at once
	PhaseMove     = "move"     // MAN-4.5
	PhaseCombat   = "combat"   // MAN-4.6
	PhaseRestore  = "restore"  // MAN-4.7
)

// Unit is a unit on the battlefield.
type Unit struct {
	ID      string     `json:"id"`
	Side    game.Side  `json:"side"`
	Type    string     `json:"type"`
	Name    string     `json:"name"`
	Full    int        `json:"full"`
	Red     int        `json:"red"`
	At      grid.Coord `json:"at"`
	Status  string     `json:"status"`
	Reduced bool       `json:"reduced,omitempty"`
}

// Strength is the unit's current printed strength (MAN-P-07).
func (u *Unit) Strength() int {
	if u.Reduced {
		return u.Red
	}
	return u.Full
}

// OnMap reports whether the unit stands on the battlefield.
func (u *Unit) OnMap() bool { return u.Status == game.StatusActive }

// Played is a card played for a unit in a combat.
type Played struct {
	Card string `json:"card"`
	Unit string `json:"unit,omitempty"`
}

// Combat is the combat under way (MAN-6.1, MAN-6.2).
type Combat struct {
	Kind     string    `json:"kind"` // assault, ambush, bombard, volley, battery
	Side     game.Side `json:"side"` // the attacker
	Attacker string    `json:"attacker,omitempty"`
	Defender string    `json:"defender"`
	Start    string    `json:"start"`
	// Step is who is awaited: defend (steps 3-4), support (step 5),
	// choose (hit or retreat), flank, advance.
	Step       string     `json:"step"`
	AttCards   []Played   `json:"att_cards,omitempty"`
	DefCards   []string   `json:"def_cards,omitempty"`
	AttLeader  string     `json:"att_leader,omitempty"`
	Command    bool       `json:"command,omitempty"`
	Supporters []string   `json:"supporters,omitempty"`
	DefLeader  string     `json:"def_leader,omitempty"`
	Committed  []Played   `json:"committed,omitempty"`
	Sappers    bool       `json:"sappers,omitempty"`
	USTried    bool       `json:"us_tried,omitempty"`
	Chooser    game.Side  `json:"chooser"`
	From       grid.Coord `json:"from"` // the defender's square
	Vacated    bool       `json:"vacated,omitempty"`
	Retreated  bool       `json:"retreated,omitempty"`
	Withdrew   bool       `json:"withdrew,omitempty"`
	// Withdrawing: the flank choice awaited is a withdrawal's.
	Withdrawing bool     `json:"withdrawing,omitempty"`
	Flanks      []string `json:"flanks,omitempty"` // labels offered for a flank choice
	Advanced    string   `json:"advanced,omitempty"`
}

// Window is a Guerrilla window (MAN-9.2.4): Side may cancel Card, played
// by the other side for Use (march, supply, restore) on Unit.
type Window struct {
	Side game.Side  `json:"side"`
	Card string     `json:"card"`
	Use  string     `json:"use"`
	Unit string     `json:"unit,omitempty"`
	To   grid.Coord `json:"to"` // a forced march's square
}

// Result is the end of the game.
type Result struct {
	Winner game.Side `json:"winner"`
	Why    string    `json:"why"` // attrition, committed, nightfall
	Score  [2]int    `json:"score"`
	Rule   string    `json:"rule"`
}

// State is a Manœuvre position.
type State struct {
	// occ indexes the units on the board by square (index+1), rebuilt by
	// index after every change.
	occ  [8][8]int8
	sc   *game.Scenario
	opts game.Options
	tb   *Tables
	army [2]*Army

	Armies [2]string `json:"armies"`
	// Board is the battlefield laid out during play (MAN-3.3); nil: the
	// scenario's map.
	Board    *game.Map `json:"board,omitempty"`
	Sections []string  `json:"sections,omitempty"`
	// Offer is the pair of nations the first player picks from (MAN-3.4).
	Offer   []string    `json:"offer,omitempty"`
	Edge    [2]string   `json:"edge"` // N, S, E or W (MAN-P-02)
	First   game.Side   `json:"first"`
	Turn    int         `json:"turn"`
	Phase   string      `json:"phase"`
	Active  game.Side   `json:"active"`
	Units   []Unit      `json:"units"`
	Hand    [2][]string `json:"hand"`
	Deck    [2][]string `json:"deck"`
	Discard [2][]string `json:"discard"`
	Table   [2][]string `json:"table"` // cards face up in play
	// Sizes kept by a view that hides the items (MAN-P-08).
	HandSize    [2]int `json:"hand_size,omitzero"`
	DeckSize    [2]int `json:"deck_size,omitzero"`
	DiscardSize [2]int `json:"discard_size,omitzero"`
	// DiscardTop is a hidden discard pile's top card, which a view keeps
	// (MAN-0.5).
	DiscardTop [2]string    `json:"discard_top,omitzero"`
	Exhausted  [2]bool      `json:"exhausted"`
	Redoubts   []grid.Coord `json:"redoubts,omitempty"`

	// The active player's turn so far.
	Moves       int        `json:"moves,omitempty"`       // basic moves made
	ExtraMoves  int        `json:"extra_moves,omitempty"` // granted by Supply
	SupplyUsed  bool       `json:"supply_used,omitempty"`
	MovedUnits  []string   `json:"moved_units,omitempty"`
	LastMoved   string     `json:"last_moved,omitempty"`
	LastFrom    grid.Coord `json:"last_from"`
	Marched     []string   `json:"marched,omitempty"`
	CombatDone  bool       `json:"combat_done,omitempty"`
	RestoreUsed bool       `json:"restore_used,omitempty"`
	RedoubtUsed bool       `json:"redoubt_used,omitempty"`
	// Drawing: the Movement Phase has just begun after the draw and
	// nothing has happened since, so a Spy played now is played partway
	// through the Draw Phase and the hand is drawn back to five after it
	// (MAN-P-44).
	Drawing bool `json:"drawing,omitempty"`

	Combat *Combat `json:"combat,omitempty"`
	Window *Window `json:"window,omitempty"`
	// Standing are each side's standing orders (MAN-P-46); a view keeps
	// only the viewer's own.
	Standing [2][]string `json:"standing,omitzero"`
	Result   *Result     `json:"result,omitempty"`
}

func (s *State) clone() *State {
	c := *s
	c.Units = slices.Clone(s.Units)
	for i := range 2 {
		c.Hand[i] = slices.Clone(s.Hand[i])
		c.Deck[i] = slices.Clone(s.Deck[i])
		c.Discard[i] = slices.Clone(s.Discard[i])
		c.Table[i] = slices.Clone(s.Table[i])
		c.Standing[i] = slices.Clone(s.Standing[i])
	}
	c.Redoubts = slices.Clone(s.Redoubts)
	c.MovedUnits = slices.Clone(s.MovedUnits)
	c.Marched = slices.Clone(s.Marched)
	if s.Combat != nil {
		cb := *s.Combat
		cb.AttCards = slices.Clone(cb.AttCards)
		cb.DefCards = slices.Clone(cb.DefCards)
		cb.Supporters = slices.Clone(cb.Supporters)
		cb.Committed = slices.Clone(cb.Committed)
		cb.Flanks = slices.Clone(cb.Flanks)
		c.Combat = &cb
	}
	if s.Window != nil {
		w := *s.Window
		c.Window = &w
	}
	if s.Result != nil {
		r := *s.Result
		c.Result = &r
	}
	return &c
}

// Scenario is the scenario the game plays.
func (s *State) Scenario() *game.Scenario { return s.sc }

// Army returns side's army.
func (s *State) Army(side game.Side) *Army { return s.army[side] }

// board is the battlefield's map.
func (s *State) board() *game.Map {
	if s.Board != nil {
		return s.Board
	}
	return s.sc.Map
}

func (s *State) grid() grid.Grid { return s.board().Grid }

func (s *State) label(c grid.Coord) string { return s.board().Label(c) }

// Unit returns the unit with the id, or nil.
func (s *State) Unit(id string) *Unit {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

// UnitAt returns the unit on c, or nil.
func (s *State) UnitAt(c grid.Coord) *Unit {
	if c.X < 0 || c.Y < 0 || c.X > 7 || c.Y > 7 {
		return nil
	}
	if i := s.occ[c.X][c.Y]; i > 0 {
		return &s.Units[i-1]
	}
	return nil
}

// index rebuilds the occupancy of the squares.
func (s *State) index() {
	s.occ = [8][8]int8{}
	for i := range s.Units {
		if u := &s.Units[i]; u.OnMap() && u.At.X >= 0 && u.At.Y >= 0 && u.At.X < 8 && u.At.Y < 8 {
			s.occ[u.At.X][u.At.Y] = int8(i + 1)
		}
	}
}

var dirs4 = [4]grid.Coord{{X: 0, Y: -1}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: -1, Y: 0}}

// neighbors lists the squares orthogonally adjacent to c (MAN-1.1.3).
func neighbors(c grid.Coord) []grid.Coord {
	out := make([]grid.Coord, 0, 4)
	for _, d := range dirs4 {
		if n := add(c, d); n.X >= 0 && n.Y >= 0 && n.X < 8 && n.Y < 8 {
			out = append(out, n)
		}
	}
	return out
}

// terrain returns the terrain effects of a square.
func (s *State) terrain(c grid.Coord) Terrain {
	t, ok := s.tb.Terrain[s.board().CellAt(c).Terrain]
	if !ok {
		return s.tb.Terrain["clear"]
	}
	return t
}

func (s *State) hasRedoubt(c grid.Coord) bool { return slices.Contains(s.Redoubts, c) }

// card returns side's card with the id.
func (s *State) card(side game.Side, id string) *Card { return s.army[side].Card(id) }

// back is the step toward side's own edge (MAN-P-02).
func (s *State) back(side game.Side) grid.Coord {
	switch s.Edge[side] {
	case "N":
		return grid.Coord{X: 0, Y: -1}
	case "W":
		return grid.Coord{X: -1, Y: 0}
	case "E":
		return grid.Coord{X: 1, Y: 0}
	}
	return grid.Coord{X: 0, Y: 1}
}

// ownHalf reports whether c is in side's own half (MAN-P-02).
func (s *State) ownHalf(side game.Side, c grid.Coord) bool {
	switch s.Edge[side] {
	case "N":
		return c.Y < 4
	case "W":
		return c.X < 4
	case "E":
		return c.X >= 4
	}
	return c.Y >= 4
}

// deployZone reports whether c is in the two rows nearest side's edge (MAN-3.9).
func (s *State) deployZone(side game.Side, c grid.Coord) bool {
	switch s.Edge[side] {
	case "N":
		return c.Y <= 1
	case "W":
		return c.X <= 1
	case "E":
		return c.X >= 6
	}
	return c.Y >= 6
}

func add(a, b grid.Coord) grid.Coord { return grid.Coord{X: a.X + b.X, Y: a.Y + b.Y} }

// eliminated counts side's units eliminated.
func (s *State) eliminated(side game.Side) int {
	n := 0
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Status == game.StatusEliminated {
			n++
		}
	}
	return n
}

func (s *State) Clock() game.Clock {
	return game.Clock{Turn: s.Turn, Phase: s.Phase, Active: s.Active}
}

func (s *State) Pieces() []game.Piece {
	out := make([]game.Piece, 0, len(s.Units))
	for i := range s.Units {
		u := &s.Units[i]
		p := game.Piece{ID: u.ID, Side: u.Side, Type: map[string]string{Infantry: "infantry", Cavalry: "cavalry"}[u.Type], Name: u.Name, Status: u.Status, Values: strconv.Itoa(u.Strength())}
		if u.OnMap() {
			at := u.At
			p.At, p.Hex = &at, s.label(u.At)
		}
		if u.Reduced {
			p.Flags = append(p.Flags, "reduced")
		}
		out = append(out, p)
	}
	return out
}

// Zones are the hands, decks, discard piles and the cards in play. A hand
// and a discard pile are seen by their owner, the top card of a discard
// pile by everyone (MAN-0.5); nobody sees a deck's order; cards in play
// are public (MAN-P-08).
func (s *State) Zones() []game.Zone {
	var out []game.Zone
	for _, side := range game.Sides {
		out = append(out,
			game.Zone{Name: "hand", Side: side, Sees: game.Only(side), Items: slices.Clone(s.Hand[side]), Labels: s.cardLabels(side, s.Hand[side]), Count: max(len(s.Hand[side]), s.HandSize[side])},
			game.Zone{Name: "deck", Side: side, Ordered: true, Sees: 0, Items: slices.Clone(s.Deck[side]), Count: max(len(s.Deck[side]), s.DeckSize[side])},
			game.Zone{Name: "discard", Side: side, Sees: game.Only(side), Items: slices.Clone(s.Discard[side]), Labels: s.cardLabels(side, s.Discard[side]), Count: max(len(s.Discard[side]), s.DiscardSize[side])},
			game.Zone{Name: "table", Side: side, Sees: game.Everyone, Items: slices.Clone(s.Table[side]), Labels: s.cardLabels(side, s.Table[side]), Count: len(s.Table[side])},
		)
		top := s.DiscardTop[side]
		if n := len(s.Discard[side]); n > 0 {
			top = s.Discard[side][n-1]
		}
		if top != "" {
			out = append(out, game.Zone{Name: "discard-top", Side: side, Sees: game.Everyone, Items: []string{top}, Labels: s.cardLabels(side, []string{top}), Count: 1})
		}
	}
	return out
}

// cardLabels are the values of side's cards ids, for display ("A2d8 D7",
// a Leader's "cmd 4 cbt 5 rally 1-5"; none for an HQ card, whose id
// names it); nil when none has any.
func (s *State) cardLabels(side game.Side, ids []string) []string {
	if len(ids) == 0 || s.army[side] == nil {
		return nil
	}
	out := make([]string, len(ids))
	some := false
	for i, id := range ids {
		if c := s.card(side, id); c != nil {
			out[i] = c.Values()
			some = some || out[i] != ""
		}
	}
	if !some {
		return nil
	}
	return out
}

// View is what viewer may see: the other side's hand and discard pile
// and every deck's order are left out, their sizes kept (MAN-P-08).
func (r *Rules) View(gs game.State, viewer game.Side) game.State {
	s := gs.(*State).clone()
	for _, side := range game.Sides {
		s.DeckSize[side] = max(len(s.Deck[side]), s.DeckSize[side])
		s.Deck[side] = nil
		if side != viewer {
			s.HandSize[side] = max(len(s.Hand[side]), s.HandSize[side])
			s.Hand[side] = nil
			s.DiscardSize[side] = max(len(s.Discard[side]), s.DiscardSize[side])
			if n := len(s.Discard[side]); n > 0 {
				s.DiscardTop[side] = s.Discard[side][n-1]
			}
			s.Discard[side] = nil
			s.Standing[side] = nil
		}
	}
	return s
}

// Outcome is the result, or before the end the squares each side
// controls in the enemy half (MAN-2.2).
func (s *State) Outcome() game.Outcome {
	if s.Result != nil {
		o := game.Outcome{Over: true, Winner: s.Result.Winner, Score: s.Result.Score, Rule: s.Result.Rule}
		o.ResultMsg = game.M("man.result."+s.Result.Why, "side", s.Result.Winner, "a", s.Result.Score[0], "b", s.Result.Score[1])
		o.Result = o.ResultMsg.String()
		return o
	}
	if s.sc == nil || s.army[0] == nil || s.Phase == PhaseDeal || s.Phase == PhaseDeploy || s.Phase == PhaseSections || s.Phase == PhaseEdge {
		return game.Outcome{Winner: game.Nobody}
	}
	sc := s.control()
	return game.Outcome{Winner: game.Nobody, Score: sc, Rule: "MAN-2.2.4"}
}

// control counts the enemy-half squares each side controls (MAN-2.2.2,
// MAN-2.2.3).
func (s *State) control() [2]int {
	var out [2]int
	for _, side := range game.Sides {
		for _, c := range s.grid().Cells() {
			if s.ownHalf(side, c) {
				continue
			}
			if s.controls(side, c) {
				out[side]++
			}
		}
	}
	return out
}

func (s *State) controls(side game.Side, c grid.Coord) bool {
	if u := s.UnitAt(c); u != nil {
		return u.Side == side // MAN-2.2.2
	}
	mine := false
	for _, n := range neighbors(c) {
		if u := s.UnitAt(n); u != nil {
			if u.Side != side {
				return false // MAN-2.2.3b
			}
			mine = true
		}
	}
	return mine // MAN-2.2.3a
}

// stateJSON is State's stored form (the same fields; the scenario, options,
// tables and armies are passed to DecodeState).
type stateJSON State

func decodeState(sc *game.Scenario, opts game.Options, b []byte) (*State, error) {
	var sj stateJSON
	if err := json.Unmarshal(b, &sj); err != nil {
		return nil, fmt.Errorf("man: state: %w", err)
	}
	s := (*State)(&sj)
	if err := s.bind(sc, opts); err != nil {
		return nil, err
	}
	s.index()
	return s, nil
}

// bind attaches the scenario, options, tables and armies.
func (s *State) bind(sc *game.Scenario, opts game.Options) error {
	tb, err := ShippedTables()
	if err != nil {
		return err
	}
	s.sc, s.opts, s.tb = sc, opts, tb
	for _, side := range game.Sides {
		if code := s.Armies[side]; code != "" && sc.Params["fixture-"+side.String()] == "" {
			a, err := ShippedArmy(code)
			if err != nil {
				return err
			}
			s.army[side] = a
			continue
		}
		if chooseNations(sc) {
			continue // not chosen yet
		}
		a, err := scenarioArmy(sc, side)
		if err != nil {
			return err
		}
		s.army[side] = a
	}
	return nil
}

// chooseNations reports whether the players choose the nations during
// set-up (MAN-3.2, MAN-3.4): param army-A = army-B = choose, or beginner.
func chooseNations(sc *game.Scenario) bool {
	a, b := sc.Param("army-A", ""), sc.Param("army-B", "")
	return (a == "choose" || a == "beginner") && a == b
}

// armyUnits adds side's units (in reserve) and deck (in file order).
func (s *State) armyUnits(side game.Side) {
	for _, ud := range s.army[side].Units {
		s.Units = append(s.Units, Unit{ID: ud.ID, Side: side, Type: ud.Type, Name: ud.Name, Full: ud.Full, Red: ud.Reduced, Status: game.StatusReserve})
	}
	s.Deck[side] = nil
	for _, c := range s.army[side].Cards {
		s.Deck[side] = append(s.Deck[side], c.ID)
	}
}

// scenarioArmy reads side's army: param army-A names a shipped army, or
// fixture-A holds a whole army file (test positions, no deck checks).
func scenarioArmy(sc *game.Scenario, side game.Side) (*Army, error) {
	if src, ok := sc.Params["fixture-"+side.String()]; ok {
		return ParseArmy(sc.ID+":fixture-"+side.String(), src, true)
	}
	code := sc.Param("army-"+side.String(), "")
	if code == "" {
		return nil, fmt.Errorf("man: scenario %s: param army-%s names no army (%v)", sc.ID, side, ArmyCodes)
	}
	return ShippedArmy(code)
}

// TerrainAt names the terrain of a square (for tests and views).
func (s *State) TerrainAt(cell string) (string, error) {
	c, err := s.cellArg(cell)
	if err != nil {
		return "", err
	}
	return s.terrain(c).Name, nil
}
