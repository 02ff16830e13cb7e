package render

import (
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// A line of sight is given as "los" and "blocked" marks numbered along
// the line from 0 (the rulesets' LineOfSight). The board then draws the
// line itself from the first to the last hex, and the legend gives the
// verdict.

// sight is a numbered line of sight found among the marks.
type sight struct {
	from, to grid.Coord
	blocked  bool
}

// sightOf finds the numbered line of sight of the marks, if any.
func sightOf(marks []game.Mark) (sight, bool) {
	var s sight
	lo, hi := math.MaxInt, -1
	for _, m := range marks {
		if m.Kind != "los" && m.Kind != "blocked" {
			continue
		}
		n, err := strconv.Atoi(m.Label)
		if err != nil || n < 0 {
			continue
		}
		if m.Kind == "blocked" {
			s.blocked = true
		}
		if n < lo {
			lo, s.from = n, m.At
		}
		if n > hi {
			hi, s.to = n, m.At
		}
	}
	return s, hi > lo
}

// sightRect bounds the drawing of the line of sight.
func (d *drawer) sightRect(s sight) image.Rectangle {
	return d.l.cellRect(s.from, 4).Union(d.l.cellRect(s.to, 4))
}

// drawSight draws the line of sight between the centres of its ends:
// ink with a white halo when clear, the blocked colour when not.
func (d *drawer) drawSight(s sight) {
	dc := d.dc
	a, b := d.l.center(s.from), d.l.center(s.to)
	w := math.Max(2, 0.07*d.k.u)
	for pass := 0; pass < 2; pass++ {
		if pass == 0 {
			dc.SetColor(colWhite)
			dc.SetLineWidth(w + 3)
		} else {
			dc.SetColor(colInk)
			if s.blocked {
				dc.SetColor(colBlocked)
				dc.SetDash(0.18*d.k.u, 0.1*d.k.u)
			}
			dc.SetLineWidth(w)
		}
		d.line(a, b)
		dc.Stroke()
		dc.SetDash()
	}
}

// sightVerdict is the legend's line for a line of sight, or "".
func sightVerdict(b *game.Board) string {
	s, ok := sightOf(b.Marks)
	if !ok {
		return ""
	}
	v := "line of sight " + b.Map.Label(s.from) + " → " + b.Map.Label(s.to) + ": "
	if s.blocked {
		var at []string
		for _, m := range b.Marks {
			if m.Kind == "blocked" {
				at = append(at, b.Map.Label(m.At))
			}
		}
		if len(at) <= 4 { // the blocking hexes, when the ruleset singles them out
			return v + "BLOCKED at " + strings.Join(at, ", ")
		}
		return v + "BLOCKED"
	}
	return v + "CLEAR"
}
