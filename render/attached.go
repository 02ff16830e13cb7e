package render

import (
	"image"
	"math"
	"slices"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// attachedFlag marks a piece (a leader, an aide, a messenger) drawn as a
// small chip beside the counters of its cell rather than stacked under
// them; alone in its cell it is an ordinary counter.
const attachedFlag = "attached"

func isAttached(p game.Piece) bool { return slices.Contains(p.Flags, attachedFlag) }

// attachedCell is the attached pieces of a cell that holds other counters.
type attachedCell struct {
	at   grid.Coord
	list []game.Piece
}

// maxAttachedShown is how many chips a cell shows; the last chip of a
// fuller cell counts the rest ("+3").
const maxAttachedShown = 4

// attachedChips lays out a cell's chips down the right edge of its top
// counter, half over it, from its top: the text of each and its box.
func (d *drawer) attachedChips(ac attachedCell, stackN int) (texts []string, boxes []image.Rectangle) {
	k := d.k
	px := k.tagPx
	f := d.face(true, px)
	for i, p := range ac.list {
		if i == maxAttachedShown-1 && len(ac.list) > maxAttachedShown {
			texts = append(texts, "+"+itoa(len(ac.list)-i))
			break
		}
		t := p.Values
		if t == "" {
			t = "•"
		}
		texts = append(texts, t)
	}
	x0, y0 := d.stackOrigin(ac.at, 0, stackN)
	right := float64(x0 + k.cw)
	h := float64(px) + 4
	for i, t := range texts {
		w := math.Max(h, math.Ceil(textWidth(f, t))+6)
		y := float64(y0) + 1 + float64(i)*(h+1)
		x := right - w/2
		boxes = append(boxes, image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h))))
	}
	return texts, boxes
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// drawAttached draws the chips: a small counter in the piece's side's
// colours with its value (a rank, "M" for a messenger).
func (d *drawer) drawAttached(cells []attachedCell, stackN map[grid.Coord]int) {
	dc := d.dc
	px := d.k.tagPx
	f := d.face(true, px)
	for _, ac := range cells {
		texts, boxes := d.attachedChips(ac, stackN[ac.at])
		more := len(texts) < len(ac.list)
		for i, t := range texts {
			p := ac.list[i]
			fill, text, edge, _ := counterColors(p.Side, p.Color)
			if d.sides != nil && p.Color == "" {
				fill, text, edge, _ = d.sideColors(p.Side)
			}
			if more && i == len(texts)-1 {
				fill, text, edge = colWhite, colInk, colInk
			}
			r := boxes[i]
			dc.DrawRoundedRectangle(float64(r.Min.X)+0.5, float64(r.Min.Y)+0.5, float64(r.Dx()), float64(r.Dy()), 3)
			dc.SetColor(fill)
			dc.FillPreserve()
			dc.SetColor(colInk)
			dc.SetLineWidth(2.5)
			dc.StrokePreserve()
			dc.SetColor(edge)
			dc.SetLineWidth(1)
			dc.Stroke()
			d.text(t, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2, 0.5, f, px, text)
		}
	}
}

// attachedRect bounds a cell's chips.
func (d *drawer) attachedRect(ac attachedCell, stackN int) image.Rectangle {
	var r image.Rectangle
	_, boxes := d.attachedChips(ac, stackN)
	for _, b := range boxes {
		r = r.Union(b.Inset(-3))
	}
	return r
}

// commandOutline draws the outer border of the "command" marks' cells
// (a command radius) in the side's colour, over a white casing: only the
// cell edges whose neighbour across is not marked.
func (d *drawer) commandOutline(marks []game.Mark) {
	in := map[grid.Coord]game.Side{}
	for _, m := range marks {
		if m.Kind == "command" {
			s, _ := game.ParseSide(m.Label)
			in[m.At] = s
		}
	}
	if len(in) == 0 {
		return
	}
	cmd := map[grid.Coord]bool{}
	for c := range in {
		cmd[c] = true
	}
	dc := d.dc
	g := d.m.Grid
	var segs [][2]pt
	var sides []game.Side
	for _, m := range marks {
		c := m.At
		s, ok := in[c]
		if !ok || m.Kind != "command" {
			continue
		}
		delete(in, c) // once a cell
		p := d.l.center(c)
		cs := d.l.corners(c)
		ns := g.Neighbors(c)
		for i := range cs {
			e := lerp(cs[i], cs[(i+1)%len(cs)], 0.5)
			q := add(p, mul(sub(e, p), 2)) // the centre of the cell across
			inside := false
			for _, n := range ns {
				if cmd[n] && length(sub(d.l.center(n), q)) < 0.3*d.k.u {
					inside = true
					break
				}
			}
			if !inside {
				segs = append(segs, [2]pt{cs[i], cs[(i+1)%len(cs)]})
				sides = append(sides, s)
			}
		}
	}
	w := math.Max(3, 0.1*d.k.u)
	dc.SetLineCap(gg.LineCapRound)
	for pass := range 2 {
		for i, sg := range segs {
			if pass == 0 {
				dc.SetColor(colWhite)
				dc.SetLineWidth(w + 2)
			} else {
				_, _, edge, _ := d.sideColors(sides[i])
				dc.SetColor(edge)
				dc.SetLineWidth(w)
			}
			d.line(sg[0], sg[1])
			dc.Stroke()
		}
	}
	dc.SetLineCap(gg.LineCapButt)
}
