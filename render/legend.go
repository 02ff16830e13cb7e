package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"strings"

	"golang.org/x/image/font"

	"github.com/grognard/grognard/game"
)

// legendStyle sizes the legend strip: text size, title size, line
// height, padding and key gap, in pixels.
type legendStyle struct {
	px, title, lineH, pad, gap int
}

var (
	legendMap   = legendStyle{px: 14, title: 15, lineH: 19, pad: 7, gap: 10}
	legendPhone = legendStyle{px: 18, title: 19, lineH: 24, pad: 8, gap: 12} // zoom crops
)

func (d *drawer) ls() legendStyle {
	if d.legend.px == 0 {
		return legendMap
	}
	return d.legend
}

type legendLine struct {
	text string
	bold bool
	box  bool // inside the eliminated-units box
}

// maxElimListed is how many eliminated units of a side the legend names;
// beyond it the rest are counted.
const maxElimListed = 12

// eliminatedParts is the eliminated-units box's text, one part per side:
// the count and the units (as the viewer may see them).
func eliminatedParts(b *game.Board) []string {
	ids := map[game.Side][]string{}
	for _, p := range b.Pieces {
		if p.Status == game.StatusEliminated {
			ids[p.Side] = append(ids[p.Side], p.ID)
		}
	}
	out := []string{"eliminated"}
	for _, s := range game.Sides {
		l := ids[s]
		switch {
		case len(l) == 0:
			out = append(out, s.String()+": none")
		case len(l) > maxElimListed:
			out = append(out, fmt.Sprintf("%s (%d): %s +%d more", s, len(l), strings.Join(l[:maxElimListed], ", "), len(l)-maxElimListed))
		default:
			out = append(out, fmt.Sprintf("%s (%d): %s", s, len(l), strings.Join(l, ", ")))
		}
	}
	return out
}

// legendLines lays out the legend text in lines at most width pixels
// wide. The first line leaves room for the side key on its right.
func (d *drawer) legendLines(b *game.Board, width float64, extra string) []legendLine {
	lg := b.Legend
	var title []string
	if lg.Game != "" {
		title = append(title, lg.Game)
	}
	if lg.Scenario != "" {
		title = append(title, lg.Scenario)
	}
	if extra != "" {
		title = append(title, extra)
	}
	var state []string
	if lg.Turn > 0 {
		if lg.Turns > 0 {
			state = append(state, fmt.Sprintf("turn %d/%d", lg.Turn, lg.Turns))
		} else {
			state = append(state, fmt.Sprintf("turn %d", lg.Turn))
		}
	}
	if lg.Phase != "" {
		state = append(state, lg.Phase)
	}
	if lg.Active.Valid() {
		state = append(state, "to move: "+lg.Active.String())
	}
	if lg.Pending != "" {
		state = append(state, "pending: "+lg.Pending)
	}
	if lg.Deadline != "" {
		state = append(state, "deadline: "+lg.Deadline)
	}
	if b.Viewer.Valid() {
		state = append(state, "view: side "+b.Viewer.String())
	} else {
		state = append(state, "view: public")
	}

	ls := d.ls()
	bold := d.face(true, ls.title)
	reg := d.face(false, ls.px)
	var out []legendLine
	for _, l := range wrap(title, bold, width-d.legendKeyWidth()) {
		out = append(out, legendLine{l, true, false})
	}
	if len(out) == 0 {
		out = append(out, legendLine{"", true, false})
	}
	for _, l := range wrap(state, reg, width) {
		out = append(out, legendLine{l, false, false})
	}
	lines := lg.Lines
	if z := deployZones(b, d.l.hex); z != "" {
		lines = append(append([]string(nil), lines...), z)
	}
	for _, l := range wrap(lines, reg, width) {
		out = append(out, legendLine{l, false, false})
	}
	if v := sightVerdict(b); v != "" { // a line of its own, in bold
		for _, l := range wrap([]string{v}, bold, width) {
			out = append(out, legendLine{l, true, false})
		}
	}
	for _, l := range wrap(eliminatedParts(b), reg, width-2*float64(ls.pad)) {
		out = append(out, legendLine{l, false, true})
	}
	return out
}

// wrap joins parts with " · " into lines no wider than width, breaking
// inside a part at spaces when the part alone is too wide.
func wrap(parts []string, face font.Face, width float64) []string {
	var lines []string
	cur := ""
	push := func() {
		if cur != "" {
			lines = append(lines, cur)
			cur = ""
		}
	}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		try := p
		if cur != "" {
			try = cur + " · " + p
		}
		if textWidth(face, try) <= width {
			cur = try
			continue
		}
		push()
		if textWidth(face, p) <= width {
			cur = p
			continue
		}
		for _, w := range strings.Fields(p) {
			try := w
			if cur != "" {
				try = cur + " " + w
			}
			if textWidth(face, try) <= width || cur == "" {
				cur = try
				continue
			}
			push()
			cur = w
		}
	}
	push()
	return lines
}

func (d *drawer) legendKeyWidth() float64 {
	ls := d.ls()
	return 2*(float64(ls.lineH)*1.5+float64(ls.gap)) + float64(ls.gap)
}

// legendHeight is the height of a legend strip of n lines, the last of
// them in the eliminated-units box (which adds a padding).
func (d *drawer) legendHeight(n int) int { ls := d.ls(); return 3*ls.pad + n*ls.lineH }

// drawLegend draws the legend strip with its top edge at y0.
func (d *drawer) drawLegend(lines []legendLine, y0, width float64) {
	dc := d.dc
	ls := d.ls()
	h := d.legendHeight(len(lines))
	strip := image.Rect(0, int(y0), int(width), int(y0)+h)
	if dst, ok := dc.Image().(*image.RGBA); ok {
		draw.Draw(dst, strip, image.NewUniform(colLegendBg), image.Point{}, draw.Src)
		draw.Draw(dst, image.Rect(0, int(y0), int(width), int(y0)+1), image.NewUniform(colGrid), image.Point{}, draw.Src)
	} else {
		dc.DrawRectangle(0, y0, width, float64(h))
		dc.SetColor(colLegendBg)
		dc.Fill()
	}
	// The eliminated-units box: a framed panel around its lines.
	first, n := -1, 0
	for i, l := range lines {
		if l.box {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if first >= 0 {
		bx := float64(margin) - float64(ls.pad)/2
		by := y0 + float64(ls.pad) + float64(first*ls.lineH) + float64(ls.pad)/2
		dc.DrawRectangle(math.Round(bx)+0.5, math.Round(by)+0.5, math.Round(width-2*bx)-1, float64(n*ls.lineH+ls.pad)-1)
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetColor(colElim)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
	for i, l := range lines {
		y := y0 + float64(ls.pad) + float64(i*ls.lineH) + float64(ls.lineH)/2
		if l.box {
			y += float64(ls.pad)
			x := float64(margin) + float64(ls.pad)/2
			if strings.HasPrefix(l.text, "eliminated") {
				f := d.face(true, ls.px)
				d.text("eliminated", x, y, 0, f, ls.px, colElim)
				x += textWidth(f, "eliminated")
				l.text = strings.TrimPrefix(l.text, "eliminated")
			}
			d.text(l.text, x, y, 0, d.face(false, ls.px), ls.px, colInk)
			continue
		}
		if l.bold {
			d.text(l.text, margin, y, 0, d.face(true, ls.title), ls.title, colInk)
		} else {
			d.text(l.text, margin, y, 0, d.face(false, ls.px), ls.px, colInk)
		}
	}
	// Side key: a small counter of each side, top right.
	kw, kh := math.Round(float64(ls.lineH)*1.5), float64(ls.lineH-3)
	gap := float64(ls.gap)
	x := width - margin - 2*kw - gap
	y := y0 + float64(ls.pad) + 1.5
	for _, s := range game.Sides {
		fill, text, edge, _ := sideColors(int8(s))
		cut := 0.0
		if s == game.SideB {
			cut = 4
		}
		d.poly([]pt{{x + cut, y}, {x + kw - cut, y}, {x + kw, y + cut}, {x + kw, y + kh - cut}, {x + kw - cut, y + kh}, {x + cut, y + kh}, {x, y + kh - cut}, {x, y + cut}})
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(edge)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		d.text(s.String(), x+kw/2, y+kh/2, 0.5, d.face(true, ls.px), ls.px, text)
		x += kw + gap
	}
}

// deployZones is the legend line naming the set-up zones drawn, or "".
func deployZones(b *game.Board, hex bool) string {
	cells := "squares"
	if hex {
		cells = "hexes"
	}
	n := map[string]int{}
	for _, m := range b.Marks {
		if m.Kind == "deploy" {
			n[m.Label]++
		}
	}
	var parts []string
	for _, s := range game.Sides {
		if k := n[s.String()]; k > 0 {
			parts = append(parts, fmt.Sprintf("%s %d %s", s, k, cells))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "set-up zones (ringed in the side's colour): " + strings.Join(parts, ", ")
}
