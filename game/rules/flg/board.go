package flg

import (
	"fmt"
	"slices"

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
// the units and officers as viewer may see them (stands as their value),
// messengers (orders in transit) as plain counters of their own side only, the hexes of a pending
// decision of viewer's, and a legend with each side's losses against
// its threshold. render/ does not draw it yet.
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
		case t == nil:
			p.Symbol = "leader"
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
