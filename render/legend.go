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
	// box is the framed panel the line is in: 0 none, elimBox the
	// eliminated units, elimBox+1… the zones in order.
	box int
	// head is a prefix of text drawn in bold (a panel's title), on the
	// first line of a panel.
	head string
}

const elimBox = 1

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
		out = append(out, legendLine{text: l, bold: true})
	}
	if len(out) == 0 {
		out = append(out, legendLine{text: "", bold: true})
	}
	for _, l := range wrap(state, reg, width) {
		out = append(out, legendLine{text: l})
	}
	lines := lg.Lines
	if z := deployZones(b, d.l.hex); z != "" {
		lines = append(append([]string(nil), lines...), z)
	}
	for _, l := range wrap(lines, reg, width) {
		out = append(out, legendLine{text: l})
	}
	if v := sightVerdict(b); v != "" { // a line of its own, in bold
		for _, l := range wrap([]string{v}, bold, width) {
			out = append(out, legendLine{text: l, bold: true})
		}
	}
	d.dice, d.diceWidth = b.Dice, width+2*margin
	// The ruleset's own eliminated zone, when it has one, is the only
	// eliminated panel.
	if !hasZone(b, "eliminated") {
		for i, l := range wrap(eliminatedParts(b), reg, width-2*float64(ls.pad)) {
			ll := legendLine{text: l, box: elimBox}
			if i == 0 {
				ll.head = "eliminated"
			}
			out = append(out, ll)
		}
	}
	for i, z := range b.Zones {
		head, text := zoneText(z)
		for j, l := range wrap([]string{head + text}, reg, width-2*float64(ls.pad)) {
			ll := legendLine{text: l, box: elimBox + 1 + i}
			if j == 0 {
				ll.head = head
			}
			out = append(out, ll)
		}
	}
	return out
}

// maxZoneListed is how many items of a zone its panel names.
const maxZoneListed = 16

// zoneText is a zone's panel: its title (owner, name, count) and its
// items as the viewer may see them ("A hand (5): hidden").
func zoneText(z game.Zone) (head, text string) {
	n := max(z.Count, len(z.Items))
	owner := "shared"
	if z.Side.Valid() {
		owner = z.Side.String()
	}
	head = fmt.Sprintf("%s %s (%d)", owner, z.Name, n)
	switch {
	case n == 0:
		return head, ": empty"
	case len(z.Items) == 0:
		return head, ": hidden"
	}
	items := make([]string, 0, min(len(z.Items), maxZoneListed))
	for i := range cap(items) {
		items = append(items, z.Item(i)) // with its label: "guard-1 (A2d8 D7)"
	}
	if len(z.Items) > maxZoneListed {
		return head, fmt.Sprintf(": %s +%d more", strings.Join(items, ", "), len(z.Items)-maxZoneListed)
	}
	top := ""
	if z.Ordered {
		top = " (top first)"
	}
	return head, top + ": " + strings.Join(items, ", ")
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

// legendHeight is the height of a legend strip of these lines; each
// panel (the eliminated units, each zone) adds a padding, each dice
// strip a row.
func (d *drawer) legendHeight(lines []legendLine) int {
	ls := d.ls()
	return 2*ls.pad + len(lines)*ls.lineH + boxCount(lines)*ls.pad + d.diceHeight()
}

// boxCount is the number of panels among lines.
func boxCount(lines []legendLine) int {
	n, last := 0, 0
	for _, l := range lines {
		if l.box != 0 && l.box != last {
			n++
		}
		last = l.box
	}
	return n
}

// drawLegend draws the legend strip with its top edge at y0.
func (d *drawer) drawLegend(lines []legendLine, y0, width float64) {
	dc := d.dc
	ls := d.ls()
	h := d.legendHeight(lines)
	strip := image.Rect(0, int(y0), int(width), int(y0)+h)
	if dst, ok := dc.Image().(*image.RGBA); ok {
		draw.Draw(dst, strip, image.NewUniform(colLegendBg), image.Point{}, draw.Src)
		draw.Draw(dst, image.Rect(0, int(y0), int(width), int(y0)+1), image.NewUniform(colGrid), image.Point{}, draw.Src)
	} else {
		dc.DrawRectangle(0, y0, width, float64(h))
		dc.SetColor(colLegendBg)
		dc.Fill()
	}
	// Panels (the eliminated units, each zone): a framed box around
	// their lines; each box adds a padding to the lines below it.
	shift := 0.0 // padding added by the boxes above
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && lines[j].box == lines[i].box {
			j++
		}
		if lines[i].box != 0 {
			bx := float64(margin) - float64(ls.pad)/2
			by := y0 + float64(ls.pad) + float64(i*ls.lineH) + shift + float64(ls.pad)/2
			dc.DrawRectangle(math.Round(bx)+0.5, math.Round(by)+0.5, math.Round(width-2*bx)-1, float64((j-i)*ls.lineH+ls.pad)-1)
			dc.SetColor(colWhite)
			dc.FillPreserve()
			dc.SetColor(colElim)
			dc.SetLineWidth(1)
			dc.Stroke()
			shift += float64(ls.pad)
		}
		i = j
	}
	shift = 0
	for i, l := range lines {
		if l.box != 0 && (i == 0 || lines[i-1].box != l.box) {
			shift += float64(ls.pad)
		}
		y := y0 + float64(ls.pad) + float64(i*ls.lineH) + float64(ls.lineH)/2
		if l.box != 0 {
			y += shift
			x := float64(margin) + float64(ls.pad)/2
			if l.head != "" && strings.HasPrefix(l.text, l.head) {
				f := d.face(true, ls.px)
				d.text(l.head, x, y, 0, f, ls.px, colElim)
				x += textWidth(f, l.head)
				l.text = strings.TrimPrefix(l.text, l.head)
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
	if len(d.dice) > 0 {
		d.drawDice(y0+float64(ls.pad)+float64(len(lines)*ls.lineH+boxCount(lines)*ls.pad), width)
	}
	// Side key: a small counter of each side, top right.
	kw, kh := math.Round(float64(ls.lineH)*1.5), float64(ls.lineH-3)
	gap := float64(ls.gap)
	x := width - margin - 2*kw - gap
	y := y0 + float64(ls.pad) + 1.5
	for _, s := range game.Sides {
		fill, text, edge, _ := d.sideColors(s)
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
