package flg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

var (
	_ game.Ruleset   = (*Rules)(nil)
	_ game.Viewer    = (*Rules)(nil)
	_ game.Checker   = (*Rules)(nil)
	_ game.Boarder   = (*Rules)(nil)
	_ game.Ranger    = (*Rules)(nil)
	_ game.Verber    = (*Rules)(nil)
	_ game.Defaulter = (*Rules)(nil)
	_ game.SetUpper  = (*Rules)(nil)
	_ game.Zoner     = (*State)(nil)
)

// Board is the picture of s for viewer (game.Boarder): the battlefield,
// the units as viewer may see them (stands as their value), officers
// (their rank as value) and messengers (orders in transit, their own
// side's only) flagged "attached" so that they are drawn beside the unit
// sharing their hex, the hexes of a pending decision of viewer's, the
// command radius of the activating officer for its own side only
// ("command" marks), the last combat's dice (Dice, FLG-T1 symbols) and a
// legend with each side's losses against its threshold.
func (r *Rules) Board(gs game.State, viewer game.Side) *game.Board {
	s := r.View(gs, viewer).(*State)
	b := &game.Board{Map: s.board(), Viewer: viewer, Pieces: slices.DeleteFunc(s.Pieces(), func(p game.Piece) bool {
		// a delivered or lost order is no loss to draw
		return p.Type == "messenger" && p.Status == game.StatusEliminated
	})}
	for i := range b.Pieces {
		p := &b.Pieces[i]
		switch t := TypeOf(p.Type); {
		case p.Type == "messenger":
			p.Symbol = "none"
			p.Values = "M"
			p.Flags = append(p.Flags, "attached")
		case t == nil:
			p.Symbol = "leader"
			p.Values = strings.TrimPrefix(p.Type, "officer-")
			p.Flags = append(p.Flags, "attached")
		case t.Family == FamArt:
			p.Symbol = "artillery"
		case t.Mounted():
			p.Symbol = "cavalry"
		default:
			p.Symbol = "infantry"
		}
	}
	for _, d := range s.Pending() {
		if d.Side != viewer {
			continue
		}
		for i, c := range d.Cells {
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "choice", Label: fmt.Sprint(i + 1)})
		}
	}
	b.Marks = append(b.Marks, s.commandMarks(viewer)...)
	b.Marks = append(b.Marks, s.objectiveMarks()...)
	b.Arrows = append(b.Arrows, s.orderLines()...)
	for _, r := range s.Rolls {
		b.Dice = append(b.Dice, r.strip())
	}
	b.DrawFrom(s.sc, s, viewer)
	b.Legend = game.Legend{Game: "Frédéric le Grand", Scenario: s.sc.Title, Turn: s.Turn, Turns: s.TurnCap, Phase: s.Phase, Active: s.Active}
	for _, sd := range game.Sides {
		b.Legend.Lines = append(b.Legend.Lines, fmt.Sprintf("%s: %d units lost of %d (demoralised at %d)", sd, s.Lost[sd], s.Initial[sd], s.Threshold(sd)))
	}
	return b
}

// Range marks the hexes side's unit may reach now (FLG-3), for the range
// view: "reach" keeping its combat, "blocked" without.
func (r *Rules) Range(gs game.State, side game.Side, unit string) ([]game.Mark, error) {
	s := gs.(*State).indexed()
	u, err := s.ownUnit(side, unit)
	if err != nil {
		return nil, err
	}
	var out []game.Mark
	for c, o := range s.moveOptions(u) {
		kind := "reach"
		if o.noCombat {
			kind = "blocked"
		}
		out = append(out, game.Mark{At: c, Kind: kind})
	}
	return out, nil
}

// LineOfSight says whether an artillery line of sight joins two hexes
// (FLG-4.12 … FLG-4.16) and marks the hexes of the line.
func (r *Rules) LineOfSight(gs game.State, from, to string) (bool, []game.Mark, error) {
	s := gs.(*State)
	a, err := s.cell(from)
	if err != nil {
		return false, nil, err
	}
	b, err := s.cell(to)
	if err != nil {
		return false, nil, err
	}
	clear := s.Sight(a, b, true)
	var marks []game.Mark
	seen := map[grid.Coord]bool{}
	for _, tr := range grid.HexLines(a, b) {
		for _, c := range tr {
			if !seen[c] {
				seen[c] = true
				kind := "los"
				if !clear {
					kind = "blocked"
				}
				marks = append(marks, game.Mark{At: c, Kind: kind})
			}
		}
	}
	return clear, marks, nil
}

// commandMarks are the hexes within the command radius of the officer
// activating now (FLG-2.2: the last activation in the command phase, the
// officer whose units act in the movement and combat phases), "command"
// marks labelled with its side, for that side's own view only.
func (s *State) commandMarks(viewer game.Side) []game.Mark {
	if !viewer.Valid() || viewer != s.Active || s.Result != nil || len(s.Acts) == 0 {
		return nil
	}
	var act Activation
	switch s.Phase {
	case PhaseCommand:
		act = s.Acts[len(s.Acts)-1]
	case PhaseMove, PhaseCombat:
		if s.Stage < 0 || s.Stage >= len(s.Acts) {
			return nil
		}
		act = s.Acts[s.Stage]
	default:
		return nil
	}
	o := s.Officer(act.Officer)
	if o == nil || o.Gone || o.Off || o.Reserve || o.Side != viewer {
		return nil
	}
	g := s.board().Grid
	w, h := g.Size()
	rng := officerRange(o.Rank)
	var out []game.Mark
	for y := range h {
		for x := range w {
			c := grid.Coord{X: x, Y: y}
			if g.Contains(c) && grid.HexDistance(o.At, c) <= rng {
				out = append(out, game.Mark{At: c, Kind: "command", Label: viewer.String()})
			}
		}
	}
	return out
}

// Roll is one combat roll kept for the board (State.Rolls): who rolled
// against whom, its kind and its faces (FLG-T1).
type Roll struct {
	Turn     int       `json:"turn"`
	Side     game.Side `json:"side"`
	Attacker string    `json:"attacker"`
	Target   string    `json:"target"`
	Kind     string    `json:"kind,omitempty"` // riposte, pursuit, pre-emptive; "": an attack
	Faces    []string  `json:"faces"`
}

// maxRolls is how many rolls of one combat the board keeps.
const maxRolls = 4

// rollsAfter is n's Rolls after combat e: a roll between the same two
// units as the last one (the riposte, the pre-emptive fire before the
// attack) joins the combat's rolls, any other starts them anew.
func rollsAfter(n *State, e Combat) []Roll {
	if len(e.Faces) == 0 {
		return n.Rolls
	}
	r := Roll{Turn: n.Turn, Attacker: e.Attacker, Target: e.Target, Faces: slices.Clone(e.Faces)}
	if u := n.unitByID(e.Attacker); u != nil {
		r.Side = u.Side
	}
	switch {
	case e.Riposte:
		r.Kind = "riposte"
	case e.Pursuit:
		r.Kind = "pursuit"
	case e.PreEmptive:
		r.Kind = "pre-emptive"
	}
	var out []Roll
	if k := len(n.Rolls); k > 0 && k < maxRolls {
		last := n.Rolls[k-1]
		if last.Turn == r.Turn && ((last.Attacker == r.Attacker && last.Target == r.Target) || (last.Attacker == r.Target && last.Target == r.Attacker)) {
			out = slices.Clone(n.Rolls)
		}
	}
	return append(out, r)
}

// dieSymbols are the board's die symbols of the FLG-T1 faces.
var dieSymbols = map[string]string{FaceINF: "infantry", FaceCAV: "cavalry", FaceART: "artillery", FaceFlag: "flag", FaceTA: "advantage"}

// strip is a roll as the board's dice.
func (r Roll) strip() game.DieStrip {
	label := fmt.Sprintf("turn %d: %s → %s", r.Turn, r.Attacker, r.Target)
	if r.Kind != "" {
		label += " (" + r.Kind + ")"
	}
	st := game.DieStrip{Label: label, Side: r.Side}
	for _, f := range r.Faces {
		if sym, ok := dieSymbols[f]; ok {
			f = sym
		}
		st.Faces = append(st.Faces, f)
	}
	return st
}

// objectiveMarks are the hexes a side must hold (FLG-P-36, params
// objectives-A and objectives-B), public to every viewer: one mark a hex,
// labelled with the objective's name when the scenario gives one (its
// [[objective]] table) and the sides that must hold it ("Mühlbach (A
// B)"); the board draws the name beside the star.
func (s *State) objectiveMarks() []game.Mark {
	var out []game.Mark
	var sides [][]string
	for _, sd := range game.Sides {
		for _, c := range s.objectives(sd) {
			if i := slices.IndexFunc(out, func(m game.Mark) bool { return m.At == c }); i >= 0 {
				sides[i] = append(sides[i], sd.String())
				continue
			}
			out = append(out, game.Mark{At: c, Kind: "objective"})
			sides = append(sides, []string{sd.String()})
		}
	}
	for i := range out {
		out[i].Label = strings.Join(sides[i], " ")
		if name := s.objectiveName(out[i].At); name != "" {
			out[i].Label = name + " (" + out[i].Label + ")"
		}
	}
	return out
}

// objectiveName is the name of the scenario's objective at c ("" when
// the objectives were given as params alone).
func (s *State) objectiveName(c grid.Coord) string {
	for _, ob := range s.sc.Objectives {
		if slices.Contains(ob.Cells, c) || slices.Contains(ob.ForSide[game.SideA], c) || slices.Contains(ob.ForSide[game.SideB], c) {
			return ob.Name
		}
	}
	return ""
}

// orderLines are the orders in transit (FLG-2.10 … FLG-2.12): a line,
// an "order" arrow, from the sending officer to each messenger carrying
// its order, labelled with the messenger. The unit that receives an
// order is named only when it is delivered (FLG-2.12), so the line ends
// at the messenger. s is a view: the other side's messengers are not in
// it, so each side sees its own orders only and spectators none.
func (s *State) orderLines() []game.Arrow {
	var out []game.Arrow
	for i := range s.Messengers {
		m := &s.Messengers[i]
		o := s.Officer(m.Sender)
		if m.Gone || o == nil || o.Gone || o.Off || o.Reserve || o.At == m.At {
			continue
		}
		out = append(out, game.Arrow{From: o.At, To: m.At, Kind: "order", Side: m.Side, Label: m.ID})
	}
	return out
}
