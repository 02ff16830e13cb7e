package ptg

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// View is what viewer may see of s. Peter the Great has one secret: a
// side's set-up until it declares ready (the other side then sees it,
// as across the table). Everything else — visibility included, which
// only changes movement, artillery range and rallies (PTG-14.7) — is
// public.
func (*Rules) View(gs game.State, viewer game.Side) game.State {
	s := gs.(*State)
	if s.Phase != PhaseSetup {
		return s
	}
	n := s.clone()
	for i := range n.Units {
		u := &n.Units[i]
		if u.Side != viewer && !n.Ready[u.Side] {
			u.Status, u.At, u.Placed = game.StatusHidden, zeroCoord, false
		}
	}
	if viewer != Russians && !n.Ready[Russians] {
		n.Redoubts, n.Planned = nil, nil
	}
	return n
}

// Board draws a (per-side) state: units, redoubts, fire zones, the
// objective and exit hexes, this phase's moves and combats, the cells of
// the pending decision, and a legend with the time, army morale,
// visibility and canister rounds.
func (r *Rules) Board(gs game.State, viewer game.Side) *game.Board {
	s := r.View(gs, viewer).(*State)
	b := &game.Board{Map: s.sc.Map, Viewer: viewer, Arrows: s.Recent}
	if s.Phase == PhaseSetup {
		// The set-up zones are the scenario's, public even while a
		// side's set-up is secret: both are drawn to everyone.
		for _, z := range []struct {
			side game.Side
			name string
		}{{Swedes, "swedish-setup"}, {Russians, "russian-setup"}} {
			for _, c := range s.zone(z.name) {
				b.Marks = append(b.Marks, game.Mark{At: c, Kind: "deploy", Label: z.side.String()})
			}
		}
	}
	b.Marks = append(b.Marks, s.Gone...)
	for _, p := range s.Pieces() {
		switch p.Status {
		case game.StatusActive, game.StatusEliminated: // the eliminated are listed in the legend
			b.Pieces = append(b.Pieces, p)
		case game.StatusPlaced:
			p.Status = game.StatusActive
			b.Pieces = append(b.Pieces, p)
		}
	}
	for _, rd := range s.Redoubts {
		label := "R"
		if rd.Building {
			label = "R…"
		}
		b.Marks = append(b.Marks, game.Mark{At: rd.At, Kind: "redoubt", Label: label})
	}
	for _, z := range s.FireZones {
		b.Marks = append(b.Marks, game.Mark{At: z.To, Kind: "firezone", Label: "FZ " + z.Side.String()})
		b.Arrows = append(b.Arrows, game.Arrow{From: z.From, To: z.To, Kind: "fire", Side: z.Side, Label: "FZ"})
	}
	for _, c := range s.zone("objectives") {
		b.Marks = append(b.Marks, game.Mark{At: c, Kind: "objective", Label: "★"})
	}
	for _, c := range s.zone("exits") {
		b.Marks = append(b.Marks, game.Mark{At: c, Kind: "exit", Label: "exit"})
	}
	for _, d := range s.Pending() {
		for i, c := range d.Cells {
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "choice", Label: fmt.Sprint(i + 1)})
		}
	}
	b.Legend = game.Legend{Scenario: s.sc.Title, Turn: s.Turn, Turns: s.Turns, Phase: s.Phase, Active: s.Active}
	line := fmt.Sprintf("%s · army morale: Swedes %d%s, Russians %d%s", Time(s.Turn), s.NMA[Swedes], demTag(s, Swedes), s.NMA[Russians], demTag(s, Russians))
	b.Legend.Lines = append(b.Legend.Lines, line)
	var extra []string
	if s.on("visibility") {
		v := "good"
		if s.Visibility == "bad" {
			v = "bad"
		}
		extra = append(extra, "visibility "+v)
	}
	if s.on("canister") {
		extra = append(extra, fmt.Sprintf("canister Swedes %d, Russians %d", s.Canister[Swedes], s.Canister[Russians]))
	}
	if s.alertRules() {
		if s.Alerted {
			extra = append(extra, "Russian camp alerted")
		} else {
			extra = append(extra, "Russian camp not alerted")
		}
	}
	if len(extra) > 0 {
		b.Legend.Lines = append(b.Legend.Lines, strings.Join(extra, " · "))
	}
	if p := s.Pending(); len(p) > 0 {
		b.Legend.Pending = fmt.Sprintf("%s: %s", p[0].Side, p[0].Prompt)
	}
	if o := s.Outcome(); o.Over {
		b.Legend.Pending = o.Result
	}
	b.DrawFrom(s.sc, s, viewer) // counter faces, side colours, zones
	return b
}

func demTag(s *State, side game.Side) string {
	if s.demoralized(side) {
		return " (demoralized)"
	}
	return ""
}

// Range lists the hexes a unit can end its move in now, labelled with the
// MP it would spend (the `range` view). Outside its own movement phase it
// shows where it could go with its full allowance.
func (r *Rules) Range(gs game.State, side game.Side, unit string) ([]game.Mark, error) {
	s := gs.(*State)
	u := s.findUnit(side, unit)
	if u == nil {
		return nil, game.Reject(game.CodeUnknownUnit, "", "ptg.no-unit", "word", game.Plain(unit))
	}
	if !u.OnMap() && !(u.Status == game.StatusReserve && u.Group == "zone-a") {
		return nil, game.Reject("not-on-map", "PTG-4.0", "ptg.not-on-map", "unit", u.ID)
	}
	if u.Side == s.Active && s.Phase == PhaseMove {
		if err := s.canMove(u.Side, u); err != nil {
			return nil, err
		}
	}
	dests, costs, _, _ := s.destinations(u)
	out := make([]game.Mark, len(dests))
	for i, c := range dests {
		out[i] = game.Mark{At: c, Kind: "reach", Label: mp(costs[i])}
	}
	return out, nil
}

// LineOfSight checks an artillery line of sight between two hexes
// (PTG-7.1.4–7.1.6): clear or blocked, with the hexes between.
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
	clear, line := s.LoS(a, b)
	// A blocked line marks the hexes between that block it (terrain, a
	// redoubt, units); when none does alone (an entrenchment hexside, two
	// hexes beside the line together) the whole line is marked blocked.
	blocker := map[grid.Coord]bool{}
	if !clear {
		for _, c := range line {
			if s.blocks(c, true) {
				blocker[c] = true
			}
		}
	}
	kind := func(c grid.Coord) string {
		if clear || (len(blocker) > 0 && !blocker[c]) {
			return "los"
		}
		return "blocked"
	}
	out := []game.Mark{{At: a, Kind: "los", Label: "0"}}
	for i, c := range line {
		out = append(out, game.Mark{At: c, Kind: kind(c), Label: fmt.Sprint(i + 1)})
	}
	out = append(out, game.Mark{At: b, Kind: kind(b), Label: fmt.Sprint(len(line) + 1)})
	return clear, out, nil
}
