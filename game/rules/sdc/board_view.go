package sdc

import (
	"fmt"

	"github.com/grognard/grognard/game"
)

var _ game.Boarder = (*Rules)(nil)

// Board is the picture of s (game.Boarder; the game has no hidden
// information): the battlefield, every piece with its facing and state
// printed under it (Pieces: E, W … ; D disordered, Sq square, 2nd the
// rear of an attack formation) and drawn as a wedge toward its vertex
// (Piece.FacingVertex), the objectives, the hexes of the brigade that acted
// last (SDC-C.5), and the legend with each side's victory points and
// destroyed brigades.
func (r *Rules) Board(gs game.State, viewer game.Side) *game.Board {
	s := gs.(*State)
	b := &game.Board{Map: s.m.mp, Viewer: viewer, Pieces: s.Pieces()}
	if s.Terrain != nil && !s.Terrain.Done() { // the features placed so far (SDC-4.6)
		b.Map = s.terrainMap()
	}
	for _, o := range s.objectives() {
		if len(o.Cells) == 0 {
			continue
		}
		label := "-"
		if w := s.Controls(o.Cells[0]); w.Valid() {
			label = w.String()
		}
		b.Marks = append(b.Marks, game.Mark{At: o.Cells[0], Kind: "objective", Label: label})
	}
	if g := s.General(s.Last); g != nil {
		for _, e := range s.brigade(g.ID) {
			if !e.Gone && !e.Off {
				b.Marks = append(b.Marks, game.Mark{At: e.At, Kind: "reach", Label: g.ID})
			}
		}
	}
	b.DrawFrom(s.sc, s, viewer)
	b.Legend = game.Legend{Game: "Le son du canon !", Scenario: s.sc.Title, Turn: s.Turn, Turns: s.Turns, Phase: s.Clock().Phase, Active: s.Active}
	if p := s.Pending(); len(p) > 0 {
		b.Legend.Pending = p[0].Prompt
	}
	vp := s.victoryPoints()
	for _, side := range game.Sides {
		lost, all := s.brigadesLost(side)
		b.Legend.Lines = append(b.Legend.Lines, fmt.Sprintf("%s: %d VP, %d of %d brigades destroyed", side, vp[side], lost, all))
	}
	return b
}
