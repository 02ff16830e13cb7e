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

const (
	legendPx     = 14 // legend text size
	legendTitle  = 15 // first line, bold
	legendLineH  = 19
	legendPad    = 7
	legendKeyGap = 10
)

type legendLine struct {
	text string
	bold bool
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

	bold := d.face(true, legendTitle)
	reg := d.face(false, legendPx)
	var out []legendLine
	for _, l := range wrap(title, bold, width-d.legendKeyWidth()) {
		out = append(out, legendLine{l, true})
	}
	if len(out) == 0 {
		out = append(out, legendLine{"", true})
	}
	for _, l := range wrap(state, reg, width) {
		out = append(out, legendLine{l, false})
	}
	for _, l := range wrap(lg.Lines, reg, width) {
		out = append(out, legendLine{l, false})
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
	return 2*(float64(legendLineH)*1.5+legendKeyGap) + legendKeyGap
}

func legendHeight(n int) int { return 2*legendPad + n*legendLineH }

// drawLegend draws the legend strip with its top edge at y0.
func (d *drawer) drawLegend(lines []legendLine, y0, width float64) {
	dc := d.dc
	h := legendHeight(len(lines))
	strip := image.Rect(0, int(y0), int(width), int(y0)+h)
	if dst, ok := dc.Image().(*image.RGBA); ok {
		draw.Draw(dst, strip, image.NewUniform(colLegendBg), image.Point{}, draw.Src)
		draw.Draw(dst, image.Rect(0, int(y0), int(width), int(y0)+1), image.NewUniform(colGrid), image.Point{}, draw.Src)
	} else {
		dc.DrawRectangle(0, y0, width, float64(h))
		dc.SetColor(colLegendBg)
		dc.Fill()
	}
	for i, l := range lines {
		y := y0 + legendPad + float64(i)*legendLineH + legendLineH/2
		if l.bold {
			d.text(l.text, margin, y, 0, d.face(true, legendTitle), legendTitle, colInk)
		} else {
			d.text(l.text, margin, y, 0, d.face(false, legendPx), legendPx, colInk)
		}
	}
	// Side key: a small counter of each side, top right.
	kw, kh := math.Round(legendLineH*1.5), float64(legendLineH-3)
	x := width - margin - 2*kw - legendKeyGap
	y := y0 + legendPad + 1.5
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
		d.text(s.String(), x+kw/2, y+kh/2, 0.5, d.face(true, legendPx), legendPx, text)
		x += kw + legendKeyGap
	}
}
