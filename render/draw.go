package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// metrics are the sizes of everything drawn in a cell, derived from the
// cell size u. Text sizes are font sizes in pixels (the em square); a
// digit is about 0.69 of it.
type metrics struct {
	u   float64
	hex bool
	// Font sizes in pixels.
	labelPx, idPx, valPx, tagPx, smallPx int
	// Cell label: centre of the caps relative to the cell centre.
	labelX, labelY float64
	// Counter size in pixels and the offset of its centre from the cell
	// centre; stack offset per hidden piece.
	cw, ch int
	cx, cy float64
	symH   float64 // height of the type symbol
	// Centres of the counter's rows (id, symbol, values) below its top.
	rowID, rowSym, rowVal float64
	// badgeR is the radius of a stack's count badge.
	badgeR   float64
	stackOff float64
}

// minTextPx is the smallest font size for cell labels and counter values.
const minTextPx = 11

func newMetrics(u float64, hex bool) *metrics {
	k := &metrics{u: u, hex: hex}
	k.labelPx = max(minTextPx, int(math.Round(0.46*u)))
	k.idPx = max(minTextPx, int(math.Round(0.44*u)))
	k.valPx = max(minTextPx, int(math.Round(0.46*u)))
	k.tagPx = max(9, int(math.Round(0.36*u)))
	k.smallPx = max(10, int(math.Round(0.40*u)))
	capH := 0.69 * float64(k.labelPx)
	// The counter holds three rows, as printed counters do: the id, the
	// type symbol, the values.
	k.symH = math.Round(math.Max(6, 0.27*u))
	k.ch = int(math.Round(math.Max(1.2*u, 0.69*float64(k.idPx)+0.69*float64(k.valPx)+k.symH+8)))
	k.cw = int(math.Round(math.Max(1.38*u, 2.6*float64(k.valPx))))
	if hex {
		top := -u * sqrt3 / 2
		k.labelX = 0
		k.labelY = top + 0.09*u + capH/2 + 1
		k.cy = 0.22 * u
	} else {
		k.labelX = -u + 3
		k.labelY = -u + 3 + capH/2
		k.cy = 0.16 * u
		k.cw = int(math.Round(math.Max(1.3*u, float64(k.cw))))
		k.ch = int(math.Round(math.Max(1.15*u, float64(k.ch))))
	}
	k.stackOff = math.Max(3, 0.12*u)
	capID, capVal := 0.69*float64(k.idPx), 0.69*float64(k.valPx)
	gap := (float64(k.ch) - capID - k.symH - capVal) / 4
	k.rowID = gap + capID/2
	k.rowSym = k.rowID + capID/2 + gap + k.symH/2
	k.rowVal = k.rowSym + k.symH/2 + gap + capVal/2
	k.badgeR = float64(k.tagPx+1)*0.62 + 1
	return k
}

// drawer draws on one gg context with one layout.
type drawer struct {
	dc *gg.Context
	l  *layout
	k  *metrics
	// sides are the board's side colours (game.Board.SideColors).
	sides map[game.Side]string
	fs    *faceSet
	m     *game.Map
	// legend sizes the legend strip; zero means legendMap.
	legend legendStyle
	// occupied holds the cells with counters in the scene being drawn.
	occupied map[grid.Coord]bool
	// dice are the board's dice strips, drawn under the legend text
	// (set by legendLines).
	dice      []game.DieStrip
	diceWidth float64 // the image's width
}

func (d *drawer) face(bold bool, px int) font.Face { return d.fs.face(bold, px) }

// text draws s with its caps centred vertically on y; ax is the
// horizontal anchor (0 left, 0.5 centre, 1 right). The baseline is snapped
// to whole pixels so that hinted glyphs stay crisp.
func (d *drawer) text(s string, x, y, ax float64, f font.Face, px int, c color.Color) {
	w := textWidth(f, s)
	d.glyphs(s, math.Round(x-ax*w), math.Round(y+0.345*float64(px)), f, c)
}

// haloText draws s with a one-pixel outline in halo, for text over lines.
func (d *drawer) haloText(s string, x, y, ax float64, f font.Face, px int, c, halo color.Color) {
	w := textWidth(f, s)
	bx, by := math.Round(x-ax*w), math.Round(y+0.345*float64(px))
	for _, o := range [8][2]float64{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
		d.glyphs(s, bx+o[0], by+o[1], f, halo)
	}
	d.glyphs(s, bx, by, f, c)
}

// glyphs draws s with its baseline starting at (x, y). It goes through
// font.Drawer straight onto the RGBA image, whose glyph path is much
// faster than gg's DrawString (which resamples every glyph through a
// generic affine transform); the renderer never rotates or scales text.
func (d *drawer) glyphs(s string, x, y float64, f font.Face, c color.Color) {
	dst, ok := d.dc.Image().(*image.RGBA)
	if !ok {
		d.dc.SetFontFace(f)
		d.dc.SetColor(c)
		d.dc.DrawString(s, x, y)
		return
	}
	dr := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: f, Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}}
	dr.DrawString(s)
}

// fitFace returns the largest face between least and px in which s
// fits into width w (the face of size least if none does).
func (d *drawer) fitFace(s string, bold bool, px, least int, w float64) (font.Face, int) {
	for ; px > least; px-- {
		f := d.face(bold, px)
		if textWidth(f, s) <= w {
			return f, px
		}
	}
	return d.face(bold, least), least
}

func (d *drawer) poly(ps []pt) {
	d.dc.NewSubPath()
	for i, p := range ps {
		if i == 0 {
			d.dc.MoveTo(p.X, p.Y)
		} else {
			d.dc.LineTo(p.X, p.Y)
		}
	}
	d.dc.ClosePath()
}

func (d *drawer) line(a, b pt) {
	d.dc.MoveTo(a.X, a.Y)
	d.dc.LineTo(b.X, b.Y)
}

// scaled returns the polygon ps shrunk by factor f toward c.
func scaled(ps []pt, c pt, f float64) []pt {
	out := make([]pt, len(ps))
	for i, p := range ps {
		out[i] = pt{c.X + (p.X-c.X)*f, c.Y + (p.Y-c.Y)*f}
	}
	return out
}

func (d *drawer) star(c pt, r float64) {
	d.dc.NewSubPath()
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + math.Pi/5*float64(i)
		x, y := c.X+rr*math.Cos(a), c.Y+rr*math.Sin(a)
		if i == 0 {
			d.dc.MoveTo(x, y)
		} else {
			d.dc.LineTo(x, y)
		}
	}
	d.dc.ClosePath()
}

func sub(a, b pt) pt             { return pt{a.X - b.X, a.Y - b.Y} }
func add(a, b pt) pt             { return pt{a.X + b.X, a.Y + b.Y} }
func mul(a pt, f float64) pt     { return pt{a.X * f, a.Y * f} }
func length(a pt) float64        { return math.Hypot(a.X, a.Y) }
func perp(a pt) pt               { return pt{-a.Y, a.X} }
func lerp(a, b pt, t float64) pt { return pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }
func unit(a pt) pt {
	n := length(a)
	if n == 0 {
		return pt{}
	}
	return pt{a.X / n, a.Y / n}
}
