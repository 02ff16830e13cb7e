package sdc

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Phases of a game turn (SDC-6).
const (
	PhaseInitiative = "initiative" // both players roll 1d6 (SDC-6.1)
	PhaseChoose     = "choose"     // the winner says who starts (SDC-6.3)
	PhaseActivate   = "activate"   // the player to act picks a general (SDC-6.4)
	PhaseOrders     = "orders"     // one general's activation phase (SDC-7.5)
	PhaseOver       = "over"
)

// Element is one base on the battlefield (SDC-2).
type Element struct {
	ID      string     `json:"id"`
	Side    game.Side  `json:"side"`
	Type    string     `json:"type"`
	Brigade string     `json:"brigade"` // its general's id
	At      grid.Coord `json:"at"`
	Facing  int        `json:"facing"`
	Gone    bool       `json:"gone,omitempty"` // destroyed (SDC-12.4) or routed away
	// Disordered (SDC-12.1), Square (SDC-15.4), Locked: a reaction square
	// held through its brigade's next activation (SDC-9.5).
	Disordered bool `json:"disordered,omitempty"`
	Square     bool `json:"square,omitempty"`
	Locked     bool `json:"locked,omitempty"`
	// Head is set on the second element of an attack formation: the id
	// of the element it stands behind, in the same hex (SDC-G.15).
	Head string `json:"head,omitempty"`
	// Per activation: may move (SDC-8.2, at the command check), has moved
	// (and how many hexes), has rallied or changed formation, is detached
	// from a forced march (SDC-10.8), has attacked; formed an attack
	// formation this turn (no contact, SDC-15.15).
	CanMove  bool `json:"can_move,omitempty"`
	Moved    bool `json:"moved,omitempty"`
	Steps    int  `json:"steps,omitempty"`
	Acted    bool `json:"acted,omitempty"`
	Detached bool `json:"detached,omitempty"`
	Attacked bool `json:"attacked,omitempty"`
	Formed   bool `json:"formed,omitempty"`
	// Fired this turn (SDC-10.16).
	Fired bool `json:"fired,omitempty"`
	// Off: off the table with its flank-marching brigade (SDC-17).
	Off bool `json:"off,omitempty"`
}

// General is a brigade general (SDC-2, SDC-7): his brigade's id is his.
type General struct {
	ID        string     `json:"id"`
	Side      game.Side  `json:"side"`
	Quality   int        `json:"quality"` // morale (TBL-4): 3 elite, 4 average, 5 mediocre
	At        grid.Coord `json:"at"`
	Activated bool       `json:"activated,omitempty"`
	Moved     bool       `json:"moved,omitempty"`
	// Destroyed: the brigade is destroyed (SDC-18.1): routed (SDC-7.3) or
	// every element gone.
	Destroyed bool `json:"destroyed,omitempty"`
	// Off: his brigade is marching on a flank, off the table (SDC-17).
	Off bool `json:"off,omitempty"`
}

// Entry is a flank march that has passed its test and is being placed
// (SDC-17.5, SDC-17.6): the edge (left, right or the owner's choice) and
// the least distance in hexes to every enemy element.
type Entry struct {
	Edge string `json:"edge"`
	Dist int    `json:"dist"`
}

// Reaction is a contacted element's owner's choice (SDC-9): face the
// element that made contact, try a square against cavalry, or nothing.
type Reaction struct {
	Unit   string `json:"unit"`
	By     string `json:"by"`
	Square bool   `json:"square,omitempty"` // a square may be tried (SDC-9.3)
	// Distant: an infantry element of the charged brigade that the
	// cavalry did not contact: it may only try a square (SDC-Q.50).
	Distant bool `json:"distant,omitempty"`
}

// State is a position of Le son du canon !.
type State struct {
	sc   *game.Scenario
	opts game.Options
	m    *board
	// occ indexes the units (heads) on the table by hex. It is rebuilt
	// (a new map) whenever an event moves the elements, never changed in
	// place, so a state stays safe to read from several goroutines.
	occ []int32        // by cell (x·rows + y): 1 + the index of its unit, 0 when empty
	sec map[string]int // head id → index of the element behind it

	Turn   int       `json:"turn"`
	Turns  int       `json:"turns"`
	Phase  string    `json:"phase"`
	Active game.Side `json:"active"`
	// Initiative: the last rolls, the winner, and who had it the turn
	// before (SDC-6.2).
	Rolls    [2]int    `json:"rolls"`
	Winner   game.Side `json:"winner"`
	LastInit game.Side `json:"last_init"`
	// Current is the general being activated; Forced the forced march of
	// his activation: "" none, "failed", "marching" (SDC-8.6, SDC-8.9);
	// FormedAttack: an attack formation was formed (SDC-15.14); Fighting:
	// the combat step has begun (SDC-7.5); Targeted: enemy elements
	// already targeted in it (SDC-11.2).
	Current string `json:"current,omitempty"`
	// Last is the general whose activation ended last (drawn, SDC-C.5).
	Last         string   `json:"last,omitempty"`
	Forced       string   `json:"forced,omitempty"`
	FormedAttack bool     `json:"formed_attack,omitempty"`
	Fighting     bool     `json:"fighting,omitempty"`
	Targeted     []string `json:"targeted,omitempty"`
	// Charged: brigades whose infantry has had its square reaction to
	// cavalry this activation (SDC-9.3: the first contact prompts it).
	Charged []string `json:"charged,omitempty"`
	// Column: column supporters already used this activation, and whom
	// they supported (SDC-G.13).
	Column map[string]string `json:"column,omitempty"`
	// Entering: the activated brigade is arriving from a flank march.
	Entering *Entry `json:"entering,omitempty"`
	// Reactions waiting for the non-active player (SDC-9).
	Reactions []Reaction `json:"reactions,omitempty"`

	Elements []Element `json:"elements"`
	Generals []General `json:"generals"`
	Seniors  []Senior  `json:"seniors,omitempty"`
	// Army building (PhaseArmy): the agreed number of brigades, each
	// side's list once chosen (hidden from the other side by View).
	Brigades  int          `json:"brigades,omitempty"`
	Lists     [2]*ArmyList `json:"lists,omitzero"`
	Submitted [2]bool      `json:"submitted,omitzero"`
	// ToDeploy: brigades the players still deploy (param deploy = players).
	ToDeploy []string `json:"to_deploy,omitempty"`
	// Terrain: the battlefield laid out by the players (param terrain =
	// players, SDC-4.6); once done, its layout is the board.
	Terrain *TerrainSetup `json:"terrain,omitempty"`
	// Ask: an order waiting for a senior general's reroll decision (SDC-16).
	Ask    *Ask     `json:"ask,omitempty"`
	Result *Outcome `json:"result,omitempty"`
}

// Outcome is the end of the game (SDC-18).
type Outcome struct {
	Winner game.Side `json:"winner"`
	Why    string    `json:"why"`
	VP     [2]int    `json:"vp"`
	Broken [2]bool   `json:"broken"`
}

// Scenario returns the scenario the game started from.
func (s *State) Scenario() *game.Scenario { return s.sc }

func (s *State) clone() *State {
	c := *s
	c.Elements = slices.Clone(s.Elements)
	c.Generals = slices.Clone(s.Generals)
	c.Targeted = slices.Clone(s.Targeted)
	c.Reactions = slices.Clone(s.Reactions)
	c.Seniors = slices.Clone(s.Seniors)
	c.ToDeploy = slices.Clone(s.ToDeploy)
	if s.Terrain != nil {
		c.Terrain = s.Terrain.clone()
	}
	c.Charged = slices.Clone(s.Charged)
	c.Column = maps.Clone(s.Column)
	if s.Entering != nil {
		en := *s.Entering
		c.Entering = &en
	}
	return &c
}

// Element returns the element with the id, or nil.
func (s *State) Element(id string) *Element {
	for i := range s.Elements {
		if s.Elements[i].ID == id {
			return &s.Elements[i]
		}
	}
	return nil
}

// General returns the general with the id, or nil.
func (s *State) General(id string) *General {
	for i := range s.Generals {
		if s.Generals[i].ID == id {
			return &s.Generals[i]
		}
	}
	return nil
}

func (s *State) kind(e *Element) *Kind { return mustData().Kinds[e.Type] }

// elementsAt lists the elements standing in c (two for an attack
// formation).
func (s *State) elementsAt(c grid.Coord) []*Element {
	var out []*Element
	for i := range s.Elements {
		if e := &s.Elements[i]; !e.Gone && !e.Off && e.At == c {
			out = append(out, e)
		}
	}
	return out
}

// unitAt is the element (the head of a formation) in c, or nil.
func (s *State) unitAt(c grid.Coord) *Element {
	w, h := s.m.g.W, s.m.g.H
	if c.X < 0 || c.Y < 0 || c.X >= w || c.Y >= h {
		return nil
	}
	if i := s.occ[c.X*h+c.Y]; i > 0 {
		return &s.Elements[i-1]
	}
	return nil
}

// index rebuilds occ.
func (s *State) index() {
	occ := make([]int32, s.m.g.W*s.m.g.H)
	sec := map[string]int{}
	for i := range s.Elements {
		e := &s.Elements[i]
		switch {
		case e.Gone || e.Off:
		case e.Head == "":
			occ[e.At.X*s.m.g.H+e.At.Y] = int32(i + 1)
		default:
			sec[e.Head] = i
		}
	}
	s.occ, s.sec = occ, sec
}

// second is the element standing behind e in an attack formation, or nil.
func (s *State) second(e *Element) *Element {
	if i, ok := s.sec[e.ID]; ok {
		return &s.Elements[i]
	}
	return nil
}

// enemyNear reports whether an enemy unit of side stands next to c.
func (s *State) enemyNear(side game.Side, c grid.Coord) bool {
	for d := 0; d < 6; d++ {
		if u := s.unitAt(s.m.g.Step(c, d)); u != nil && u.Side != side {
			return true
		}
	}
	return false
}

// enemiesAdjacent lists the enemy units (heads) adjacent to c.
func (s *State) enemiesAdjacent(side game.Side, c grid.Coord) []*Element {
	var out []*Element
	for _, n := range s.m.g.Neighbors(c) {
		if u := s.unitAt(n); u != nil && u.Side != side {
			out = append(out, u)
		}
	}
	return out
}

func (s *State) inContact(e *Element) bool { return s.enemyNear(e.Side, e.At) }

func (s *State) label(c grid.Coord) string { return s.m.label(c) }

// Clock implements game.State.
func (s *State) Clock() game.Clock {
	ph := s.Phase
	if s.Current != "" {
		ph = PhaseOrders
	}
	return game.Clock{Turn: s.Turn, Turns: s.Turns, Phase: ph, Active: s.Active}
}

// Pending lists the reactions the non-active player must choose (SDC-9).
func (s *State) Pending() []game.Decision {
	if s.Phase == PhaseArmy {
		return s.armyDecisions()
	}
	if s.Ask != nil {
		return []game.Decision{s.askDecision()}
	}
	if len(s.Reactions) == 0 {
		return nil
	}
	r := s.Reactions[0]
	e := s.Element(r.Unit)
	var opts []game.Option
	if r.Square {
		opts = append(opts, game.Option{Label: "square", Command: "react " + r.Unit + " square", LabelMsg: game.M("sdc.opt.react-square", "unit", r.Unit)})
	}
	if !r.Distant {
		opts = append(opts, game.Option{Label: "face", Command: "react " + r.Unit + " face", LabelMsg: game.M("sdc.opt.react-face", "unit", r.Unit, "by", r.By)})
	}
	opts = append(opts, game.Option{Label: "none", Command: "react " + r.Unit + " none", LabelMsg: game.M("sdc.opt.react-none", "unit", r.Unit)})
	p := game.M("sdc.prompt.react", "unit", r.Unit, "by", r.By)
	return []game.Decision{{ID: "react-" + r.Unit, Side: e.Side, Kind: "reaction", Rule: "SDC-9.1", Prompt: game.Render(game.LangEN, p), PromptMsg: p, Options: opts, Cells: []grid.Coord{e.At}}}
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.Result == nil {
		vp := s.victoryPoints()
		return game.Outcome{Score: vp}
	}
	o := game.Outcome{Over: true, Winner: s.Result.Winner, Score: s.Result.VP, Rule: "SDC-18.6"}
	o.ResultMsg = game.M("sdc.result."+s.Result.Why, "winner", s.Result.Winner, "a", s.Result.VP[0], "b", s.Result.VP[1])
	o.Result = game.Render(game.LangEN, o.ResultMsg)
	return o
}

// elementValues is what an element's counter prints under it (and the
// units list beside it): its facing, Sq in square, 2nd the rear of an
// attack formation, then D when disordered.
func elementValues(e *Element) string {
	v := FacingName(e.Facing)
	switch {
	case e.Head != "":
		v = "2nd"
	case e.Square:
		v = "Sq"
	}
	if e.Disordered {
		v += " D"
	}
	return v
}

// Pieces implements game.State: each element with its facing as a flag,
// its Values (elementValues) and its vertex (FacingVertex).
func (s *State) Pieces() []game.Piece {
	out := make([]game.Piece, 0, len(s.Elements)+len(s.Generals))
	for i := range s.Elements {
		e := &s.Elements[i]
		p := game.Piece{ID: e.ID, Side: e.Side, Type: e.Type, Hex: s.label(e.At), Status: game.StatusActive, Flags: []string{FacingName(e.Facing)}}
		at := e.At
		p.At = &at
		if e.Gone {
			p.Status, p.Hex, p.At = game.StatusEliminated, "", nil
		} else if e.Off {
			p.Status, p.Hex, p.At = game.StatusReserve, "", nil
		}
		if e.Disordered {
			p.Flags = append(p.Flags, "disordered")
		}
		if e.Square {
			p.Flags = append(p.Flags, "square")
		}
		if e.Head != "" {
			p.Flags = append(p.Flags, "second")
		}
		p.Values, p.FacingVertex = elementValues(e), e.Facing+1 // NE is the corner clockwise of N
		out = append(out, p)
	}
	for i := range s.Seniors {
		g := &s.Seniors[i]
		at := g.At
		out = append(out, game.Piece{ID: g.ID, Side: g.Side, Type: map[bool]string{true: "corps", false: "division"}[g.Corps], Hex: s.label(g.At), At: &at, Status: game.StatusActive, Values: strconv.Itoa(g.Rerolls)})
	}
	for i := range s.Generals {
		g := &s.Generals[i]
		p := game.Piece{ID: g.ID, Side: g.Side, Type: "general", Hex: s.label(g.At), Status: game.StatusActive, Values: strconv.Itoa(g.Quality) + "+"}
		at := g.At
		p.At = &at
		if g.Destroyed {
			p.Status, p.Hex, p.At = game.StatusEliminated, "", nil
		} else if g.Off {
			p.Status, p.Hex, p.At = game.StatusReserve, "", nil
		}
		if g.Activated {
			p.Flags = append(p.Flags, "activated")
		}
		out = append(out, p)
	}
	return out
}

// start builds the opening state of a scenario. Units are [[unit]] lines:
// elements have a TBL-5 type (LI, EI, Cav, HC, LC, Art, HA, HvA), group
// naming their brigade's general, values {facing = 0…5} (default E for A,
// W for B) and flags "disordered", "square", "second" (standing behind the
// element of its brigade in the same hex: an attack formation); generals
// have type "general" and values {quality = 3|4|5} (default 4); flag
// "destroyed" marks an element (or a general's brigade) already lost (it still counts for its
// general's command check, SDC-12.4). The clock:
// [start] phase "initiative" (the default) or "activate-A"/"activate-B";
// param activated lists generals already activated this turn, and
// last-initiative the side that had the initiative before (SDC-6.2).
func start(sc *game.Scenario, opts game.Options) (*State, error) {
	m, err := newBoard(sc.Map)
	if err != nil {
		return nil, err
	}
	s := &State{sc: sc, opts: opts, m: m, Turn: 1, Turns: sc.Turns, Phase: PhaseInitiative, Active: game.SideA}
	if s.Turns == 0 {
		s.Turns = 12 // SDC-18.6
	}
	if sc.Param("armies", "") == "choose" { // SDC-1: the armies are built in play
		s.Phase = PhaseArmy
		s.Brigades = 3
		if n, err := strconv.Atoi(sc.Param("brigades", "3")); err == nil && n >= 3 {
			s.Brigades = n
		}
	}
	if err := s.addUnits(sc.Units); err != nil {
		return nil, err
	}
	defer s.deployPhase()
	if st := sc.Start; st != nil {
		s.Turn = st.Turn
		switch st.Phase {
		case "", PhaseInitiative:
		case "activate-A", "activate-B":
			s.Phase = PhaseActivate
			s.Active, _ = game.ParseSide(st.Phase[len(st.Phase)-1:])
		default:
			return nil, fmt.Errorf("sdc: start phase %q: want initiative, activate-A or activate-B", st.Phase)
		}
	}
	for _, id := range strings.Fields(sc.Param("activated", "")) {
		g := s.General(id)
		if g == nil {
			return nil, fmt.Errorf("sdc: param activated: no general %s", id)
		}
		g.Activated = true
	}
	if sc.Param("terrain", "") == "players" { // SDC-4.6: before army building and deployment
		if err := s.startTerrain(); err != nil {
			return nil, err
		}
	}
	s.LastInit = game.SideA // SDC-6.2 [P]: on turn 1 a tie goes to the loser of the deployment roll, B unless said
	if v := sc.Param("last-initiative", ""); v != "" {
		if s.LastInit, err = game.ParseSide(v); err != nil || !s.LastInit.Valid() {
			return nil, fmt.Errorf("sdc: param last-initiative %q", v)
		}
	}
	return s, nil
}

// MarshalJSON and decoding: the state is plain data beside its scenario.
func (s *State) decode(sc *game.Scenario, opts game.Options, b []byte) (*State, error) {
	m, err := newBoard(sc.Map)
	if err != nil {
		return nil, err
	}
	out := &State{sc: sc, opts: opts, m: m}
	if err := json.Unmarshal(b, out); err != nil {
		return nil, err
	}
	out.terrainBoard()
	out.index()
	return out, nil
}

// deployPhase opens the deployment when brigades wait for their players:
// the deployment initiative's winner says who deploys first (SDC-5.1).
func (s *State) deployPhase() {
	if len(s.ToDeploy) > 0 && s.Phase == PhaseInitiative {
		s.Phase, s.Active = PhaseDeployOrder, s.LastInit
	}
}

// addUnits adds a scenario's (or a revealed army's) units to the state:
// elements, generals and senior generals (see start).
func (s *State) addUnits(units []game.UnitSpec) error {
	d := mustData()
	for _, u := range units {
		deploying := u.At == nil && u.Type == "general" && !slices.Contains(u.Flags, "flank")
		if deploying && s.sc.Param("deploy", "") != "players" {
			return fmt.Errorf("sdc: general %s has no hex (place every unit, or set param deploy = players)", u.ID)
		}
		if u.Type == "division" || u.Type == "corps" {
			n := 3 // SDC-16.1, SDC-16.4
			if v, ok := u.Values["rerolls"]; ok {
				n = v
			}
			if u.At == nil {
				return fmt.Errorf("sdc: senior general %s has no hex", u.ID)
			}
			s.Seniors = append(s.Seniors, Senior{ID: u.ID, Side: u.Side, Corps: u.Type == "corps", At: *u.At, Rerolls: n})
			continue
		}
		if u.Type == "general" {
			q := 4
			if v, ok := u.Values["quality"]; ok {
				q = v
			}
			if q < 2 || q > 6 {
				return fmt.Errorf("sdc: general %s: quality %d", u.ID, q)
			}
			g := General{ID: u.ID, Side: u.Side, Quality: q}
			if u.At != nil {
				g.At = *u.At
			}
			for _, fl := range u.Flags {
				switch fl {
				case "destroyed":
					g.Destroyed = true // his brigade was destroyed earlier (SDC-18.1)
				case "flank":
					g.Off = true // announced before deployment (SDC-17.2)
				default:
					return fmt.Errorf("sdc: general %s: unknown flag %q", u.ID, fl)
				}
			}
			if deploying {
				g.Off = true // SDC-5.3: deployed by his player
				s.ToDeploy = append(s.ToDeploy, g.ID)
			}
			s.Generals = append(s.Generals, g)
			continue
		}
		if d.Kinds[u.Type] == nil {
			return fmt.Errorf("sdc: unit %s: unknown type %q (want %s or general)", u.ID, u.Type, strings.Join(d.Order, ", "))
		}
		f := 1
		if u.Side == game.SideB {
			f = 4
		}
		if v, ok := u.Values["facing"]; ok {
			f = ((v % 6) + 6) % 6
		}
		e := Element{ID: u.ID, Side: u.Side, Type: u.Type, Brigade: u.Group, Facing: f}
		if u.At != nil {
			e.At = *u.At
		}
		for _, fl := range u.Flags {
			switch fl {
			case "disordered":
				e.Disordered = true
			case "square":
				e.Square = true
			case "second":
				e.Head = "?"
			case "destroyed":
				e.Gone = true
			default:
				return fmt.Errorf("sdc: unit %s: unknown flag %q", u.ID, fl)
			}
		}
		s.Elements = append(s.Elements, e)
	}
	hasAt := map[string]bool{}
	for _, u := range units {
		hasAt[u.ID] = u.At != nil
	}
	for i := range s.Elements {
		e := &s.Elements[i]
		g := s.General(e.Brigade)
		if g == nil || g.Side != e.Side {
			return fmt.Errorf("sdc: element %s: group %q is not a general of its side", e.ID, e.Brigade)
		}
		if g.Off {
			e.Off = true
			continue
		}
		if !hasAt[e.ID] {
			return fmt.Errorf("sdc: element %s has no hex (deployment is not implemented: place every unit)", e.ID)
		}
		if !s.m.g.Contains(e.At) || s.m.river(e.At) {
			return fmt.Errorf("sdc: element %s stands off the map or in the river", e.ID)
		}
	}
	for i := range s.Elements {
		e := &s.Elements[i]
		if e.Head != "?" {
			continue
		}
		e.Head = ""
		for _, h := range s.elementsAt(e.At) {
			if h.ID != e.ID && h.Head == "" && h.Brigade == e.Brigade {
				e.Head = h.ID
				e.Facing = h.Facing
			}
		}
		if e.Head == "" {
			return fmt.Errorf("sdc: element %s is marked second but no element of its brigade stands in its hex", e.ID)
		}
	}
	s.index()
	for i := range s.Elements {
		e := &s.Elements[i]
		if e.Gone || e.Off {
			continue
		}
		if n := len(s.elementsAt(e.At)); n > 2 || n == 2 && s.second(s.unitAt(e.At)) == nil {
			return fmt.Errorf("sdc: %d elements in %s (SDC-G.5, TBL-25)", n, s.label(e.At))
		}
	}
	return nil
}
