package render

import (
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
)

// diceRowH is the height of a dice strip's row of dice: two text lines,
// so that the dice read on a phone.
func (d *drawer) diceRowH() int { return 2 * d.ls().lineH }

// dieGap is the gap between two dice.
const dieGap = 4

// diceSplit reports whether a strip's label goes on a line of its own
// above its dice: when the dice would not fit at full size beside it in
// a legend width wide (a narrow zoom crop).
func (d *drawer) diceSplit(st game.DieStrip, width float64) bool {
	ls := d.ls()
	s := float64(d.diceRowH() - 6)
	need := textWidth(d.face(true, ls.px), diceLabel(st)) + float64(ls.gap) + float64(len(st.Faces))*(s+dieGap)
	return need > width-2*margin
}

func diceLabel(st game.DieStrip) string {
	if st.Label == "" {
		return "dice:"
	}
	return st.Label + ":"
}

// diceHeight is the height of the board's dice strips under the legend.
func (d *drawer) diceHeight() int {
	h := 0
	for _, st := range d.dice {
		h += d.diceRowH()
		if d.diceSplit(st, d.diceWidth) {
			h += d.ls().lineH
		}
	}
	return h
}

// drawDice draws the board's dice strips from y0 down, a row each: the
// label, then the dice (below the label when they would not fit beside
// it), white with a border in the roller's colour.
func (d *drawer) drawDice(y0, width float64) {
	ls := d.ls()
	rowH := float64(d.diceRowH())
	bold := d.face(true, ls.px)
	y := y0
	for _, st := range d.dice {
		x := float64(margin)
		label := diceLabel(st)
		if d.diceSplit(st, width) {
			d.text(label, x, y+float64(ls.lineH)/2, 0, bold, ls.px, colInk)
			y += float64(ls.lineH)
		} else {
			d.text(label, x, y+rowH/2, 0, bold, ls.px, colInk)
			x += textWidth(bold, label) + float64(ls.gap)
		}
		s := rowH - 6
		if n := float64(len(st.Faces)); n > 0 {
			s = math.Max(10, math.Min(s, (width-margin-x)/n-dieGap))
		}
		_, _, edge, _ := d.sideColors(st.Side)
		if !st.Side.Valid() {
			edge = colInk
		}
		for _, f := range st.Faces {
			d.die(f, x, y+rowH/2-s/2, s, edge)
			x += s + dieGap
		}
		y += rowH
	}
}

// die draws one die face in the square at x, y of side s.
func (d *drawer) die(face string, x, y, s float64, edge color.Color) {
	dc := d.dc
	dc.DrawRoundedRectangle(x, y, s, s, s*0.16)
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(math.Max(2, s*0.08))
	dc.Stroke()
	c := pt{x + s/2, y + s/2}
	in := s * 0.3 // half the glyph's box
	lw := math.Max(1.5, s*0.07)
	dc.SetColor(colInk)
	dc.SetLineWidth(lw)
	box := func() {
		dc.DrawRectangle(c.X-in, c.Y-in*0.7, 2*in, 1.4*in)
		dc.Stroke()
	}
	switch face {
	case "infantry": // NATO infantry: a box with its diagonals
		box()
		d.line(pt{c.X - in, c.Y - in*0.7}, pt{c.X + in, c.Y + in*0.7})
		d.line(pt{c.X - in, c.Y + in*0.7}, pt{c.X + in, c.Y - in*0.7})
		dc.Stroke()
	case "cavalry": // one diagonal
		box()
		d.line(pt{c.X - in, c.Y + in*0.7}, pt{c.X + in, c.Y - in*0.7})
		dc.Stroke()
	case "artillery": // a dot
		box()
		dc.DrawCircle(c.X, c.Y, in*0.32)
		dc.Fill()
	case "flag": // a pole and its pennant
		d.line(pt{c.X - in*0.7, c.Y + in}, pt{c.X - in*0.7, c.Y - in})
		dc.Stroke()
		d.poly([]pt{{c.X - in*0.7, c.Y - in}, {c.X + in, c.Y - in*0.45}, {c.X - in*0.7, c.Y + in*0.1}})
		dc.SetColor(colCombat)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1)
		dc.Stroke()
	case "advantage": // a star
		d.star(c, in*1.1)
		dc.SetColor(colObjective)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1)
		dc.Stroke()
	case "hit":
		dc.DrawCircle(c.X, c.Y, in*0.7)
		dc.Fill()
	case "miss":
		dc.DrawCircle(c.X, c.Y, in*0.7)
		dc.Stroke()
	default:
		px := max(9, int(s*0.5))
		f := d.face(true, px)
		for px > 9 && textWidth(f, face) > s-4 {
			px--
			f = d.face(true, px)
		}
		d.text(face, c.X, c.Y, 0.5, f, px, colInk)
	}
	dc.SetLineCap(gg.LineCapButt)
}

// hasZone reports whether the board has a zone of that name.
func hasZone(b *game.Board, name string) bool {
	for _, z := range b.Zones {
		if z.Name == name {
			return true
		}
	}
	return false
}
