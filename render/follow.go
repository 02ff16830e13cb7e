package render

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The zoom that follows the action: a whole large map (Peter the Great's
// is 40×41 hexes) is unreadable on a phone, so a board can be drawn as a
// crop around its last action instead.
const (
	// MinFollowRadius is the smallest radius of the crop that follows
	// the action, so that the surroundings show.
	MinFollowRadius = 3
	// MaxFollowRadius is the largest: beyond it the cells would be too
	// small on a phone, and older actions are left out of the crop.
	MaxFollowRadius = 4
)

// Focus is the centre and radius of the crop that follows the action. It
// starts from the last action — the pending decision's choices, else the
// last arrow — and takes in the earlier arrows and eliminations, latest
// first, while the crop stays within MaxFollowRadius. ok is false when
// the board shows no action (the whole map is then the better view).
func Focus(b *game.Board) (center grid.Coord, radius int, ok bool) {
	if b == nil || b.Map == nil || b.Map.Grid == nil {
		return grid.Coord{}, 0, false
	}
	g := b.Map.Grid
	var groups [][]grid.Coord // latest first
	var choices []grid.Coord
	for _, m := range b.Marks {
		if m.Kind == "choice" && g.Contains(m.At) {
			choices = append(choices, m.At)
		}
	}
	if len(choices) > 0 {
		groups = append(groups, choices)
	}
	for i := len(b.Arrows) - 1; i >= 0; i-- {
		if a := b.Arrows[i]; g.Contains(a.From) && g.Contains(a.To) {
			groups = append(groups, []grid.Coord{a.To, a.From})
		}
	}
	for i := len(b.Marks) - 1; i >= 0; i-- {
		if m := b.Marks[i]; m.Kind == "eliminated" && g.Contains(m.At) {
			groups = append(groups, []grid.Coord{m.At})
		}
	}
	if len(groups) == 0 {
		return grid.Coord{}, 0, false
	}
	var in []grid.Coord
	for i, grp := range groups {
		try := append(append([]grid.Coord(nil), in...), grp...)
		c, r := enclose(g, try)
		if i > 0 && r > MaxFollowRadius {
			continue
		}
		in, center, radius = try, c, r
	}
	return center, min(max(radius, MinFollowRadius), MaxZoomRadius), true
}

// enclose is a cell near the middle of cs (the middle of their bounding
// box, or the nearest of them to it) and the distance from it to the
// farthest of them.
func enclose(g grid.Grid, cs []grid.Coord) (grid.Coord, int) {
	lo, hi := cs[0], cs[0]
	for _, c := range cs {
		lo.X, lo.Y = min(lo.X, c.X), min(lo.Y, c.Y)
		hi.X, hi.Y = max(hi.X, c.X), max(hi.Y, c.Y)
	}
	mid := grid.Coord{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}
	if !g.Contains(mid) {
		mid = cs[0]
	}
	r := 0
	for _, c := range cs {
		r = max(r, g.Distance(mid, c))
	}
	return mid, r
}

// FollowPNG draws the board as the crop that follows the action (see
// Focus), or the whole map when the board shows no action.
func (r *Renderer) FollowPNG(b *game.Board) ([]byte, error) {
	c, rad, ok := Focus(b)
	if !ok {
		return r.PNG(b)
	}
	return r.Zoom(b, c, rad)
}

// FollowCells is the number of cells above which a map is too large to
// read on a phone as a whole (a Grands Stratèges board is 20×24, Peter the
// Great's map 40×41): Follow crops such boards around the action.
const FollowCells = 400

// Follow is the crop that follows the action (Focus) for a board whose
// map has more than FollowCells cells; ok is false for smaller maps and
// for boards that show no action. The bot posts boards through it.
func (r *Renderer) Follow(b *game.Board) (center grid.Coord, radius int, ok bool) {
	if b == nil || b.Map == nil || b.Map.Grid == nil {
		return grid.Coord{}, 0, false
	}
	if w, h := b.Map.Grid.Size(); w*h <= FollowCells {
		return grid.Coord{}, 0, false
	}
	return Focus(b)
}
