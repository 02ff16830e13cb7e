package gs

import (
	"fmt"

	"github.com/grognard/grognard/game"
)

// View is what viewer may see of s. The only secret of the basic game is
// the other side's deployment before the screens are lifted (GS-P-20).
//
// Other secrets: a face-down unit's identity and values, the other side's
// withdrawn reserve and its entry, a secret demoralization threshold.
func (*Rules) View(gs game.State, viewer game.Side) game.State {
	s := gs.(*State)
	n := s.clone()
	for i := range n.Units {
		u := &n.Units[i]
		if u.Side == viewer {
			continue
		}
		if s.Phase == PhaseSetup && u.deploys() {
			u.Placed = false
			u.At = zeroCoord
		}
		if u.FaceDown || (s.on("face-down") && s.Phase == PhaseSetup) {
			masked(u)
			u.FaceDown = true
		}
		if u.Status == StatusUnused {
			u.Status = game.StatusReserve // which counters were not drawn is secret
			masked(u)
			u.FaceDown = true
		}
		if u.Status == game.StatusReserve {
			u.Group, u.EntryFrom, u.EntryUntil, u.EntryCells = "", 0, 0, nil // where and when it comes is its owner's business
		}
	}
	if s.moraleSecret() {
		for _, side := range game.Sides {
			if side != viewer {
				n.MoralePct[side], n.Demoralized[side] = 0, false
			}
		}
	}
	return n
}

// Board draws a (per-side) state: units on the map, this phase's moves,
// combats and eliminations, the cells of the pending decision, and the
// legend.
func (r *Rules) Board(gs game.State, viewer game.Side) *game.Board {
	s := r.View(gs, viewer).(*State)
	b := &game.Board{Map: s.sc.Map, Viewer: viewer, Pieces: s.Pieces(), Arrows: s.Recent}
	if s.Phase == PhaseSetup {
		// The deployment zones are the scenario's, public even when the
		// set-up is secret: each side's is drawn to everyone.
		for _, side := range game.Sides {
			for _, c := range s.zone(side) {
				b.Marks = append(b.Marks, game.Mark{At: c, Kind: "deploy", Label: side.String()})
			}
		}
	}
	b.Marks = append(b.Marks, s.Gone...)
	for i, p := range b.Pieces {
		if p.Status == game.StatusPlaced {
			b.Pieces[i].Status = game.StatusActive // the owner sees its own set-up
		}
	}
	for _, d := range s.Pending() {
		for i, c := range d.Cells {
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "choice", Label: fmt.Sprint(i + 1)})
		}
	}
	for _, ob := range s.sc.Objectives {
		for _, c := range ob.Cells {
			b.Marks = append(b.Marks, game.Mark{At: c, Kind: "objective", Label: ob.Name})
		}
	}
	o := s.Outcome()
	b.Legend = game.Legend{Scenario: s.sc.Title, Turn: s.Turn, Turns: s.Turns, Phase: s.Phase, Active: s.Active,
		Lines: []string{fmt.Sprintf("losses A %d · B %d", s.Losses[game.SideA], s.Losses[game.SideB])}}
	if s.sc.Param("victory", "losses") == "points" {
		b.Legend.Lines = append(b.Legend.Lines, fmt.Sprintf("points A %d · B %d", o.Score[game.SideA], o.Score[game.SideB]))
	}
	if p := s.Pending(); len(p) > 0 {
		b.Legend.Pending = fmt.Sprintf("%s: %s", p[0].Side, p[0].Prompt)
	}
	if o.Over {
		b.Legend.Pending = o.Result
	}
	b.DrawFrom(s.sc, s, viewer) // counter faces, side colours, zones
	return b
}
