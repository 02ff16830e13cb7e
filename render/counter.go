package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
)

// look is everything that decides how a counter is drawn, and the key of
// the sprite cache. A face-down counter has no class and no values: they
// are dropped here, so they cannot be drawn even if a view forgot them.
type look struct {
	side     game.Side
	class    string // the symbol, one of game.CounterSymbols; "" for face-down
	color    string // a game.CounterColors name; "" for the side's default
	id       string
	values   string
	tags     string // status tags, "R", "D", "½", … joined by "|"
	faceDown bool
	// stackTop leaves room for the stack's count badge left of the id.
	stackTop bool
}

func lookOf(p game.Piece) look {
	lk := look{side: p.Side, id: p.ID}
	if _, ok := counterPalette[p.Color]; ok {
		lk.color = p.Color
	}
	var tags []string
	for _, f := range p.Flags {
		t := flagTag(f)
		switch t {
		case "":
			continue
		case "face-down":
			lk.faceDown = true
		default:
			tags = append(tags, t)
		}
	}
	sort.Strings(tags)
	tags = dedupe(tags)
	lk.tags = strings.Join(tags, "|")
	if !lk.faceDown {
		lk.class = symbolOf(p.Symbol)
		lk.values = p.Values
	}
	return lk
}

// symbolOf is the symbol drawn for a piece's Symbol: itself when it is
// one of game.CounterSymbols, else "none" (a plain box). The type's words
// are never guessed from: scenarios declare their counter faces.
func symbolOf(s string) string {
	if slices.Contains(game.CounterSymbols, s) {
		return s
	}
	return "none"
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// flagTag is the short tag drawn for a status flag, "face-down" for the
// face-down states, or "" for flags that are not a drawn status (unit
// attributes such as "guard" are not drawn).
func flagTag(f string) string {
	n := strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(f))
	switch n {
	case "facedown", "hidden", "concealed":
		return "face-down"
	case "routed", "rout", "broken":
		return "R"
	case "disordered", "disorder", "disorganized", "disorganised":
		return "D"
	case "reduced", "depleted", "flipped":
		return "½"
	case "demoralized", "demoralised", "shaken":
		return "M"
	case "outofcommand", "uncommanded", "outofsupply":
		return "OC"
	case "charged", "charging":
		return "C"
	case "fired", "spent", "exhausted":
		return "X"
	case "entrenched", "dugin":
		return "E"
	}
	return ""
}

// spriteOf returns the cached sprite of a look, drawing it on first use.
// The counter's top-left corner is at (spritePad, spritePad) in it.
func (k *scaleKit) spriteOf(lk look, fs *faceSet) *image.RGBA {
	k.mu.Lock()
	s, ok := k.sprites[lk]
	k.mu.Unlock()
	if ok {
		return s
	}
	pad := k.spritePad()
	d := &drawer{k: k.m, fs: fs}
	dc := gg.NewContext(d.counterWidth(lk)+2*pad, k.m.ch+2*pad)
	d.dc = dc
	d.counter(float64(pad), float64(pad), lk)
	s = dc.Image().(*image.RGBA)
	k.mu.Lock()
	if len(k.sprites) >= maxSprites {
		k.sprites = map[look]*image.RGBA{}
	}
	k.sprites[lk] = s
	k.mu.Unlock()
	return s
}

// maxSprites bounds the sprite cache of one scale; it is emptied when full.
const maxSprites = 4096

func (k *scaleKit) spritePad() int { return k.m.tagPx/2 + 3 }

// Smallest font size of a counter's id; the values never go below
// minTextPx.
const minIDPx = 9

// counterWidth is the width of a counter. A long id first shrinks to
// three quarters of its size, then widens the counter up to twice the
// standard width, then shrinks down to minIDPx; values widen the counter
// rather than go below minTextPx.
func (d *drawer) counterWidth(lk look) int {
	k := d.k
	w := float64(k.cw)
	room := d.idRoom(lk) + d.idRoomRight(lk)
	idw := textWidth(d.face(true, max(minIDPx, k.idPx*3/4)), lk.id) + room
	w = math.Max(w, math.Min(idw, 2*float64(k.cw)))
	w = math.Max(w, textWidth(d.face(true, minIDPx), lk.id)+room)
	if !lk.faceDown && lk.values != "" {
		w = math.Max(w, textWidth(d.face(true, minTextPx), lk.values)+4)
	}
	return int(math.Ceil(w))
}

// idRoomRight is the space right of the id: room for status tags.
func (d *drawer) idRoomRight(lk look) float64 {
	if lk.tags != "" {
		return 0.8*(float64(d.k.tagPx)+2) + 1
	}
	return 2
}

// idRoom is the space left of the id: room for the count badge on the
// top counter of a stack.
func (d *drawer) idRoom(lk look) float64 {
	if lk.stackTop {
		return d.k.badgeR + 3
	}
	return 2
}

// counter draws a counter with its top-left corner at (x, y): side colour
// and shape (side B has cut corners), the id, the type symbol and the
// values, or a hatched blank for a face-down piece, and status tags on
// the right edge.
func (d *drawer) counter(x, y float64, lk look) {
	dc := d.dc
	k := d.k
	w, h := float64(d.counterWidth(lk)), float64(k.ch)
	fill, text, edge, hatch := counterColors(lk.side, lk.color)
	cut := 0.0
	if lk.side == game.SideB {
		cut = math.Round(0.22 * h)
	}
	body := []pt{{x + cut, y}, {x + w - cut, y}, {x + w, y + cut}, {x + w, y + h - cut}, {x + w - cut, y + h}, {x + cut, y + h}, {x, y + h - cut}, {x, y + cut}}
	d.poly(body)
	dc.SetColor(fill)
	dc.Fill()
	if lk.faceDown {
		dc.SetColor(hatch)
		dc.SetLineWidth(2)
		for o := -h; o < w; o += 6 {
			a, b, ok := clipDiagonal(x+2, y+2, w-4, h-4, o)
			if ok {
				d.line(a, b)
			}
		}
		dc.Stroke()
	}
	d.poly(body)
	dc.SetColor(edge)
	if lk.side == game.SideB {
		dc.SetLineWidth(2)
	} else {
		dc.SetLineWidth(1.2)
	}
	dc.Stroke()

	// Three rows: the id as typed in orders, the type symbol, the values.
	// A face-down piece shows a "?" instead of symbol and values.
	y1, ys, y3 := y+k.rowID, y+k.rowSym, y+k.rowVal
	idLeft, idRight := d.idRoom(lk), d.idRoomRight(lk)
	idFace, idPx := d.fitFace(lk.id, true, k.idPx, minIDPx, w-idLeft-idRight)
	d.text(lk.id, x+idLeft+(w-idLeft-idRight)/2, y1, 0.5, idFace, idPx, text)
	if lk.faceDown {
		f := d.face(true, k.valPx)
		d.text("?", x+w/2, (ys+y3)/2, 0.5, f, k.valPx, text)
	} else {
		sh := k.symH
		sw := math.Round(sh * 1.6)
		if lk.values == "" {
			ys = (ys + y3) / 2
		}
		d.typeSymbol(math.Round(x+(w-sw)/2), math.Round(ys-sh/2), sw, sh, lk.class, text, fill)
		if lk.values != "" {
			vf, vpx := d.fitFace(lk.values, true, k.valPx, minTextPx, w-4)
			d.text(lk.values, x+w/2, y3, 0.5, vf, vpx, text)
		}
	}

	// Status tags: white on black boxes down the right edge.
	if lk.tags != "" {
		tf := d.face(true, k.tagPx)
		s := float64(k.tagPx) + 2
		for i, t := range strings.Split(lk.tags, "|") {
			cx, cy := x+w-0.2*s, y+0.2*s+float64(i)*(s+1)
			dc.DrawRectangle(cx-s/2, cy-s/2, s, s)
			dc.SetColor(colInk)
			dc.FillPreserve()
			dc.SetColor(colWhite)
			dc.SetLineWidth(1)
			dc.Stroke()
			d.text(t, cx, cy, 0.5, tf, k.tagPx, colWhite)
		}
	}
}

// clipDiagonal clips the 45° line x − y = o (in box coordinates) to the
// box, returning its ends.
func clipDiagonal(x, y, w, h, o float64) (pt, pt, bool) {
	// Points (t+o, t) for t in [0, h] with t+o in [0, w].
	t0 := math.Max(0, -o)
	t1 := math.Min(h, w-o)
	if t1 <= t0 {
		return pt{}, pt{}, false
	}
	return pt{x + t0 + o, y + h - t0}, pt{x + t1 + o, y + h - t1}, true
}

// typeSymbol draws the NATO-style box of a counter symbol: infantry ⊠,
// light infantry ⊠ with a bar, cavalry ⧄, dragoons ⧄ with a bar,
// artillery •, horse artillery • in ⧄, engineers a bridge sign, baggage a
// low bar, leader ★, none a plain box.
func (d *drawer) typeSymbol(x, y, w, h float64, class string, ink, fill color.Color) {
	dc := d.dc
	dc.SetColor(ink)
	if class == "leader" {
		d.star(pt{x + w/2, y + h/2}, math.Min(w, h*1.5)*0.55)
		dc.Fill()
		return
	}
	dc.SetLineWidth(1.2)
	dc.DrawRectangle(x+0.5, y+0.5, w-1, h-1)
	dc.Stroke()
	l, t, r, b := x+0.5, y+0.5, x+w-0.5, y+h-0.5
	midBar := func() {
		d.line(pt{l, y + h/2}, pt{r, y + h/2})
		dc.Stroke()
	}
	dot := func() {
		dc.DrawCircle(x+w/2, y+h/2, math.Max(1.5, h*0.24))
		dc.Fill()
	}
	switch class {
	case "infantry", "light-infantry":
		d.line(pt{l, t}, pt{r, b})
		d.line(pt{r, t}, pt{l, b})
		dc.Stroke()
		if class == "light-infantry" {
			midBar()
		}
	case "cavalry", "dragoons":
		d.line(pt{l, b}, pt{r, t})
		dc.Stroke()
		if class == "dragoons" {
			midBar()
		}
	case "artillery":
		dot()
	case "horse-artillery":
		d.line(pt{l, b}, pt{r, t})
		dc.Stroke()
		dot()
	case "engineers":
		// ⊓ with a middle leg, the NATO bridge sign.
		y0, y1 := y+h*0.3, y+h*0.72
		x0, x1 := x+w*0.28, x+w*0.72
		d.line(pt{x0, y1}, pt{x0, y0})
		d.line(pt{x0, y0}, pt{x1, y0})
		d.line(pt{x1, y0}, pt{x1, y1})
		d.line(pt{x + w/2, y0}, pt{x + w/2, y1})
		dc.Stroke()
	case "baggage":
		d.line(pt{l, y + h*0.7}, pt{r, y + h*0.7})
		dc.Stroke()
	}
}
