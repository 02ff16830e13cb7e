package sdc

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// FlankZone is the depth in hexes of a flank march's entry zone along
// its side edge (SDC-17.6: 2 PT, SDC-G.25).
const FlankZone = 8

// FlankTried: a flank-marching brigade's activation is its entry attempt
// (SDC-17.3, SDC-17.4): from turn 2 the general's morale test with +1 per
// turn after the second, a natural 1 failing; then the side (SDC-17.5)
// and the least distance to the enemy, 1d6 PT (SDC-17.6).
type FlankTried struct {
	General string    `json:"general"`
	Side    game.Side `json:"side"`
	Turn    int       `json:"turn"`
	Die     int       `json:"die,omitempty"`
	Bonus   int       `json:"bonus,omitempty"`
	Need    int       `json:"need,omitempty"`
	Passed  bool      `json:"passed"`
	SideDie int       `json:"side_die,omitempty"`
	Edge    string    `json:"edge,omitempty"` // left, right, choice
	DistDie int       `json:"dist_die,omitempty"`
	Dist    int       `json:"dist,omitempty"`
}

func (FlankTried) Kind() string { return "flank-tried" }
func (e FlankTried) apply(s *State) {
	g := s.General(e.General)
	g.Activated = true
	s.Current, s.Forced, s.FormedAttack, s.Fighting, s.Targeted = e.General, "", false, false, nil
	s.Phase = PhaseOrders
	if e.Passed {
		s.Entering = &Entry{Edge: e.Edge, Dist: e.Dist}
	}
}

// Entered: the brigade is placed on its side edge (SDC-17.6).
type Entered struct {
	General string       `json:"general"`
	Edge    string       `json:"edge"`
	Cells   []grid.Coord `json:"cells"` // the general's, then his elements' in order
	Units   []string     `json:"units"`
	Facing  int          `json:"facing"`
}

func (Entered) Kind() string { return "entered" }
func (e Entered) apply(s *State) {
	g := s.General(e.General)
	g.Off, g.At = false, e.Cells[0]
	for i, id := range e.Units {
		x := s.Element(id)
		x.Off, x.At, x.Facing = false, e.Cells[i+1], e.Facing
	}
	s.Entering = nil
}

func (e FlankTried) Message() game.Msg {
	switch {
	case e.Die == 0:
		return game.M("sdc.ev.flank-early", "general", e.General)
	case !e.Passed:
		return game.M("sdc.ev.flank-failed", "general", e.General, "die", e.Die, "bonus", e.Bonus, "need", e.Need)
	}
	return game.M("sdc.ev.flank-passed", "general", e.General, "die", e.Die, "bonus", e.Bonus, "need", e.Need, "sidedie", e.SideDie, "edge", term("edge."+e.Edge), "distdie", e.DistDie, "dist", e.Dist)
}

func (e Entered) Message() game.Msg {
	return game.M("sdc.ev.entered", "general", e.General, "edge", term("edge."+e.Edge), "n", len(e.Units))
}

// flankTry is the activation of an off-table brigade.
func (x *decider) flankTry(g *General) {
	s := x.t
	e := FlankTried{General: g.ID, Side: g.Side, Turn: s.Turn}
	if s.Turn >= 2 { // SDC-17.3
		e.Bonus, e.Need = s.Turn-2, g.Quality
		e.Die = x.d.Roll(6)
		e.Passed = e.Die != 1 && e.Die+e.Bonus >= e.Need
		if e.Passed {
			e.SideDie = x.d.Roll(6)
			e.Edge = [...]string{"left", "left", "right", "right", "choice", "choice"}[e.SideDie-1]
			e.DistDie = x.d.Roll(6)
			e.Dist = 4 * e.DistDie
		}
	}
	x.emit(e)
	if !e.Passed {
		x.endActivation()
	}
}

// entryZone reports whether c lies within FlankZone rows of the edge
// (left or right as the side sees it from its own edge: A's left is the
// north edge, B's the south).
func (s *State) entryZone(side game.Side, edge string, c grid.Coord) bool {
	_, h := s.m.g.Size()
	north := (edge == "left") == (side == game.SideA)
	if north {
		return c.Y < FlankZone
	}
	return c.Y >= h-FlankZone
}

// entryOK says why a piece may not enter in c, or "".
func (s *State) entryOK(side game.Side, edge string, dist int, k *Kind, c grid.Coord) string {
	switch {
	case !s.m.g.Contains(c) || !s.entryZone(side, edge, c):
		return "zone"
	case s.unitAt(c) != nil || s.m.river(c) || s.enemyGeneralAt(side, c):
		return "occupied"
	case k != nil && !s.m.stoppable(k, c):
		return "terrain"
	}
	for i := range s.Elements {
		if e := &s.Elements[i]; !e.Gone && !e.Off && e.Side != side && grid.HexDistance(c, e.At) < dist {
			return "enemy"
		}
	}
	return ""
}

// placement is the default placement of the entering brigade on edge:
// the legal hexes nearest the side's own edge, then nearest the side
// edge; nil when there is none.
func (s *State) placement(g *General, edge string) []grid.Coord {
	var cells []grid.Coord
	for _, c := range s.m.g.Cells() {
		if s.entryOK(g.Side, edge, s.Entering.Dist, nil, c) == "" {
			cells = append(cells, c)
		}
	}
	w, h := s.m.g.Size()
	key := func(c grid.Coord) int {
		x := c.X
		if g.Side == game.SideB {
			x = w - 1 - c.X
		}
		y := c.Y
		if !s.entryZone(g.Side, edge, grid.Coord{Y: 0}) {
			y = h - 1 - c.Y
		}
		return x*1000 + y
	}
	slices.SortFunc(cells, func(a, b grid.Coord) int { return key(a) - key(b) })
	if len(cells) == 0 {
		return nil
	}
	out := []grid.Coord{cells[0]}
	used := map[grid.Coord]bool{}
	for _, e := range s.brigade(g.ID) {
		if e.Gone {
			continue
		}
		ok := false
		for _, c := range cells {
			if !used[c] && s.m.stoppable(s.kind(e), c) {
				out, used[c], ok = append(out, c), true, true
				break
			}
		}
		if !ok {
			return nil
		}
	}
	return out
}

// enter places the arriving brigade: "enter [left|right] GENERAL-HEX
// HEX …", the general's hex then one hex per element in the brigade's
// order (SDC-17.6).
func (x *decider) enter(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	en := s.Entering
	if en == nil {
		return reject(game.CodeWrongPhase, "SDC-17.6", "sdc.enter.none")
	}
	g := s.General(s.Current)
	edge := en.Edge
	if len(args) > 0 && (args[0] == "left" || args[0] == "right") {
		if edge != "choice" && args[0] != edge {
			return reject("wrong-edge", "SDC-17.5", "sdc.enter.edge", "edge", term("edge."+edge))
		}
		edge, args = args[0], args[1:]
	}
	if edge == "choice" {
		return reject(game.CodeSyntax, "SDC-17.5", "sdc.syntax", "usage", "enter left|right GENERAL-HEX HEX …")
	}
	var units []*Element
	for _, e := range s.brigade(g.ID) {
		if !e.Gone {
			units = append(units, e)
		}
	}
	if len(args) != len(units)+1 {
		return reject(game.CodeSyntax, "SDC-17.6", "sdc.enter.count", "n", len(units)+1)
	}
	ev := Entered{General: g.ID, Edge: edge, Facing: 1}
	if g.Side == game.SideB {
		ev.Facing = 4
	}
	for i, a := range args {
		c, err := s.m.g.Parse(a)
		if err != nil {
			return reject(game.CodeBadCell, "", "sdc.bad-cell", "cell", game.Plain(a))
		}
		var k *Kind
		if i > 0 {
			k = s.kind(units[i-1])
		}
		if why := s.entryOK(g.Side, edge, en.Dist, k, c); why != "" {
			return reject("cannot-enter", "SDC-17.6", "sdc.enter."+why, "cell", s.label(c), "dist", en.Dist)
		}
		if i > 0 && slices.Contains(ev.Cells[1:], c) {
			return reject("cannot-enter", "SDC-17.6", "sdc.enter.occupied", "cell", s.label(c), "dist", en.Dist)
		}
		ev.Cells = append(ev.Cells, c)
	}
	for _, e := range units {
		ev.Units = append(ev.Units, e.ID)
	}
	x.emit(ev)
	x.displace(g.Side.Other()) // SDC-8.14: enemy generals next to the newcomers
	x.endActivation()
	return nil
}

// enterOrders are the default placements Legal offers.
func (s *State) enterOrders() []string {
	g := s.General(s.Current)
	edges := []string{s.Entering.Edge}
	if s.Entering.Edge == "choice" {
		edges = []string{"left", "right"}
	}
	var out []string
	for _, edge := range edges {
		p := s.placement(g, edge)
		if p == nil {
			continue
		}
		words := []string{"enter", edge}
		for _, c := range p {
			words = append(words, s.label(c))
		}
		out = append(out, strings.Join(words, " "))
	}
	return out
}
