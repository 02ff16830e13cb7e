package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sort"
	"unicode"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// stack is the pieces drawn in one cell, top first.
type stack struct {
	at      grid.Coord
	looks   []look
	facings []int // distinct facings in half directions (2·dir, 2·dir+1 the corner clockwise of dir), ascending
}

// scene is what a board draws over the static layer, checked and sorted.
type scene struct {
	stacks   []stack
	arrows   []game.Arrow
	marks    []game.Mark
	markers  []markerCell
	attached []attachedCell // pieces drawn as chips beside a cell's counters
	stackN   map[grid.Coord]int
	occupied map[grid.Coord]bool
}

// markerCell is the markers lying in one cell, in board order.
type markerCell struct {
	at   grid.Coord
	list []game.Marker
}

// sceneOf checks a board and groups its pieces by cell. Only active
// pieces with a cell are drawn.
func sceneOf(b *game.Board) (*scene, error) {
	g := b.Map.Grid
	sc := &scene{}
	idx := map[grid.Coord]int{}
	var att []attachedCell
	ai := map[grid.Coord]int{}
	add := func(p game.Piece) {
		j, ok := idx[*p.At]
		if !ok {
			j = len(sc.stacks)
			idx[*p.At] = j
			sc.stacks = append(sc.stacks, stack{at: *p.At})
		}
		st := &sc.stacks[j]
		st.looks = append(st.looks, lookOf(p))
		if p.Facing > 0 && p.Facing <= g.Dirs() {
			st.facings = append(st.facings, 2*(p.Facing-1))
		}
		if p.FacingVertex > 0 && p.FacingVertex <= g.Dirs() {
			st.facings = append(st.facings, 2*(p.FacingVertex-1)+1)
		}
	}
	for i, p := range b.Pieces {
		if p.Status != game.StatusActive || p.At == nil {
			continue
		}
		if !g.Contains(*p.At) {
			return nil, fmt.Errorf("render: Pieces[%d] (%s) is at %v, off the map", i, p.ID, *p.At)
		}
		if isAttached(p) {
			j, ok := ai[*p.At]
			if !ok {
				j = len(att)
				ai[*p.At] = j
				att = append(att, attachedCell{at: *p.At})
			}
			att[j].list = append(att[j].list, p)
			continue
		}
		add(p)
	}
	// Attached pieces go beside the counters of their cell, or are its
	// counters when alone.
	for _, ac := range att {
		if _, ok := idx[ac.at]; ok {
			sc.attached = append(sc.attached, ac)
			continue
		}
		for _, p := range ac.list {
			add(p)
		}
	}
	for i := range sc.stacks {
		f := sc.stacks[i].facings
		sort.Ints(f)
		sc.stacks[i].facings = uniqInts(f)
	}
	// Paint from the top row down so that lower counters overlap upper
	// ones the same way every time.
	sort.SliceStable(sc.stacks, func(i, j int) bool {
		a, b := sc.stacks[i].at, sc.stacks[j].at
		if a.Y != b.Y {
			return a.Y < b.Y
		}
		return a.X < b.X
	})
	for i, a := range b.Arrows {
		if !g.Contains(a.From) || !g.Contains(a.To) {
			return nil, fmt.Errorf("render: Arrows[%d] (%s) from %v to %v leaves the map", i, a.Kind, a.From, a.To)
		}
	}
	for i, m := range b.Marks {
		if !g.Contains(m.At) {
			return nil, fmt.Errorf("render: Marks[%d] (%s) at %v is off the map", i, m.Kind, m.At)
		}
	}
	mi := map[grid.Coord]int{}
	for i, m := range b.Markers {
		if !g.Contains(m.At) {
			return nil, fmt.Errorf("render: Markers[%d] (%s) at %v is off the map", i, m.Kind, m.At)
		}
		j, ok := mi[m.At]
		if !ok {
			j = len(sc.markers)
			mi[m.At] = j
			sc.markers = append(sc.markers, markerCell{at: m.At})
		}
		sc.markers[j].list = append(sc.markers[j].list, m)
	}
	sc.arrows = b.Arrows
	sc.marks = b.Marks
	sc.occupied = map[grid.Coord]bool{}
	sc.stackN = map[grid.Coord]int{}
	for _, st := range sc.stacks {
		sc.occupied[st.at] = true
		sc.stackN[st.at] = len(st.looks)
	}
	return sc, nil
}

func uniqInts(s []int) []int {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// maxStackShown is how many counters of a stack are drawn; the count
// badge gives the total.
const maxStackShown = 3

// stackOrigin is the top-left corner of counter i (0 = top) of a stack of n.
func (d *drawer) stackOrigin(at grid.Coord, i, n int) (int, int) {
	k := d.k
	p := d.l.center(at)
	m := min(n, maxStackShown)
	off := k.stackOff
	cx := p.X + k.cx - float64(m-1)*off/2 + float64(i)*off
	cy := p.Y + k.cy + float64(m-1)*off/2 - float64(i)*off
	return int(math.Round(cx - float64(k.cw)/2)), int(math.Round(cy - float64(k.ch)/2))
}

// drawStacks draws the counters. With sprites, cached images are
// composited; without (the naive path of the benchmark), each counter is
// drawn with gg.
func (d *drawer) drawStacks(stacks []stack, sprite func(look) *image.RGBA, pad int) {
	dst, _ := d.dc.Image().(*image.RGBA)
	for _, st := range stacks {
		n := len(st.looks)
		m := min(n, maxStackShown)
		for i := m - 1; i >= 0; i-- {
			x, y := d.stackOrigin(st.at, i, n)
			lk := st.looks[i]
			lk.stackTop = i == 0 && n > 1
			x -= (d.counterWidth(lk) - d.k.cw) / 2 // a wide counter stays centred
			if sprite != nil && dst != nil {
				s := sprite(lk)
				r := image.Rect(x-pad, y-pad, x-pad+s.Bounds().Dx(), y-pad+s.Bounds().Dy())
				draw.Draw(dst, r, s, image.Point{}, draw.Over)
			} else {
				d.counter(float64(x), float64(y), lk)
			}
		}
		for _, f := range st.facings {
			d.facingTick(st.at, f)
		}
		if n > 1 {
			// The badge sits on the top counter's left edge beside the
			// id (its sprite leaves room), so that it covers neither the
			// id nor a neighbour's counter.
			x, y := d.stackOrigin(st.at, 0, n)
			top := st.looks[0]
			top.stackTop = true
			x -= (d.counterWidth(top) - d.k.cw) / 2
			d.countBadge(float64(x)+2, float64(y)+d.k.rowID, n)
		}
	}
}

// facingTick is a dark wedge just outside the counter, pointing in the
// facing direction, or toward the cell's corner (half: a facing in half
// directions, stack.facings).
func (d *drawer) facingTick(at grid.Coord, half int) {
	k := d.k
	p := d.l.center(at)
	c := pt{p.X + k.cx, p.Y + k.cy}
	v := d.l.halfDirVec(half)
	// Distance from the counter centre to its border along v.
	hw, hh := float64(k.cw)/2, float64(k.ch)/2
	t := math.Inf(1)
	if v.X != 0 {
		t = math.Min(t, hw/math.Abs(v.X))
	}
	if v.Y != 0 {
		t = math.Min(t, hh/math.Abs(v.Y))
	}
	base := add(c, mul(v, t+1))
	tip := add(base, mul(v, 0.26*k.u))
	w := perp(v)
	hwid := 0.2 * k.u
	d.poly([]pt{tip, add(base, mul(w, hwid)), add(base, mul(w, -hwid))})
	d.dc.SetColor(colInk)
	d.dc.FillPreserve()
	d.dc.SetColor(colWhite)
	d.dc.SetLineWidth(1)
	d.dc.Stroke()
}

func (d *drawer) countBadge(x, y float64, n int) {
	px := d.k.tagPx + 1
	r := d.k.badgeR
	d.dc.DrawCircle(x, y, r)
	d.dc.SetColor(colWhite)
	d.dc.FillPreserve()
	d.dc.SetColor(colInk)
	d.dc.SetLineWidth(1.2)
	d.dc.Stroke()
	d.text(fmt.Sprint(n), x, y, 0.5, d.face(true, px), px, colInk)
}

// stackRect bounds everything drawStacks draws for a stack.
func (d *drawer) stackRect(st stack, spritePad int) image.Rectangle {
	k := d.k
	n := len(st.looks)
	var r image.Rectangle
	extra := 0
	for i := 0; i < min(n, maxStackShown); i++ {
		x, y := d.stackOrigin(st.at, i, n)
		lk := st.looks[i]
		lk.stackTop = i == 0 && n > 1
		e := (d.counterWidth(lk) - k.cw + 1) / 2
		extra = max(extra, e)
		r = r.Union(image.Rect(x-e-spritePad, y-spritePad, x+k.cw+e+spritePad, y+k.ch+spritePad))
	}
	x, y := d.stackOrigin(st.at, 0, n)
	x -= extra
	if len(st.facings) > 0 {
		g := int(math.Ceil(0.26*k.u+0.2*k.u)) + 4
		r = r.Union(image.Rect(x-g, y-g, x+k.cw+g, y+k.ch+g))
	}
	if n > 1 {
		b := int(math.Ceil(d.k.badgeR)) + 3
		cy := y + int(d.k.rowID)
		r = r.Union(image.Rect(x-b, cy-b, x+b+3, cy+b+1))
	}
	return r
}

// rectAround is the rectangle of size w×h centred on c, grown by pad.
func rectAround(c pt, w, h, pad float64) image.Rectangle {
	return image.Rect(int(math.Floor(c.X-w/2-pad)), int(math.Floor(c.Y-h/2-pad)), int(math.Ceil(c.X+w/2+pad)), int(math.Ceil(c.Y+h/2+pad)))
}

// markUnder reports whether a mark kind is drawn below the counters.
func markUnder(kind string) bool {
	switch kind {
	case "reach", "los", "eliminated", "deploy", "command":
		return true
	}
	return false
}

// drawMarks draws the marks of one layer: under the counters, or over
// them. A choice has its ring under the counters (the cell may hold the
// unit to choose) and its number over them.
func (d *drawer) drawMarks(marks []game.Mark, under bool) {
	for _, m := range marks {
		switch {
		case m.Kind == "choice" && under:
			d.choiceRing(m)
		case m.Kind == "choice":
			d.choiceNumber(m)
		case m.Kind == "command":
			// drawn whole by commandOutline
		case markUnder(m.Kind) == under:
			d.mark(m)
		}
	}
}

func (d *drawer) choiceRing(m game.Mark) {
	p := d.l.center(m.At)
	d.poly(scaled(d.l.corners(m.At), p, 0.88))
	d.dc.SetColor(colChoice)
	d.dc.SetLineWidth(math.Max(3, 0.14*d.k.u))
	d.dc.SetLineJoin(gg.LineJoinRound)
	d.dc.Stroke()
}

func (d *drawer) choiceNumber(m game.Mark) {
	if m.Label == "" {
		return
	}
	dc := d.dc
	c, r, px := d.choiceBadge(m)
	dc.DrawCircle(c.X, c.Y, r)
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colChoice)
	dc.SetLineWidth(2)
	dc.Stroke()
	d.text(m.Label, c.X, c.Y, 0.5, d.face(true, px), px, colInk)
}

func (d *drawer) mark(m game.Mark) {
	dc := d.dc
	u := d.k.u
	p := d.l.center(m.At)
	corners := d.l.corners(m.At)
	small := d.face(true, d.k.smallPx)
	switch m.Kind {
	case "deploy":
		// A set-up zone: the cell ringed in its side's colour (the
		// legend's key), with the side's border outside.
		side, _ := game.ParseSide(m.Label)
		fill, _, edge, _ := d.sideColors(side)
		d.poly(scaled(corners, p, 0.93))
		dc.SetLineJoin(gg.LineJoinRound)
		w := math.Max(2.5, 0.08*u)
		dc.SetColor(edge)
		dc.SetLineWidth(w + 1.5)
		dc.StrokePreserve()
		dc.SetColor(fill)
		dc.SetLineWidth(w)
		dc.Stroke()
	case "reach":
		d.poly(scaled(corners, p, 0.94))
		dc.SetColor(colReachWash)
		dc.FillPreserve()
		dc.SetColor(colReachLine)
		dc.SetLineWidth(1.5)
		dc.SetDash(0.12*u, 0.08*u)
		dc.Stroke()
		dc.SetDash()
		if m.Label != "" {
			d.haloText(m.Label, p.X, p.Y+0.56*u, 0.5, small, d.k.smallPx, colInk, colWhite)
		}
	case "los":
		d.poly(scaled(corners, p, 0.9))
		dc.SetColor(colInk)
		dc.SetLineWidth(1.2)
		dc.SetDash(0.06*u, 0.08*u)
		dc.Stroke()
		dc.SetDash()
		dc.DrawCircle(p.X, p.Y, 0.12*u)
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	case "eliminated":
		s := 0.42 * u
		dc.SetLineCap(gg.LineCapRound)
		for _, lw := range []float64{0.16*u + 3, 0.16 * u} {
			if lw > 0.16*u {
				dc.SetColor(colWhite)
			} else {
				dc.SetColor(colElim)
			}
			dc.SetLineWidth(lw)
			d.line(pt{p.X - s, p.Y - s*0.8}, pt{p.X + s, p.Y + s*0.8})
			d.line(pt{p.X + s, p.Y - s*0.8}, pt{p.X - s, p.Y + s*0.8})
			dc.Stroke()
		}
		dc.SetLineCap(gg.LineCapButt)
		if m.Label != "" {
			d.tagBox(m.Label, pt{p.X, p.Y + 0.55*u}, colWhite, colElim)
		}
	case "blocked":
		r := 0.26 * u
		for _, pass := range []int{0, 1} {
			lw := math.Max(2.5, 0.09*u)
			if pass == 0 {
				dc.SetColor(colWhite)
				lw += 3
			} else {
				dc.SetColor(colBlocked)
			}
			dc.SetLineWidth(lw)
			dc.DrawCircle(p.X, p.Y, r)
			dc.Stroke()
			d.line(pt{p.X - r*0.7, p.Y + r*0.7}, pt{p.X + r*0.7, p.Y - r*0.7})
			dc.Stroke()
		}
	case "objective":
		c := pt{p.X + 0.6*u, p.Y - 0.36*u}
		if !d.l.hex {
			c = pt{p.X + 0.66*u, p.Y - 0.66*u}
		}
		d.star(c, math.Max(6, 0.2*u))
		dc.SetColor(colObjective)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.2)
		dc.Stroke()
		if namesObjective(m.Label) {
			d.haloText(m.Label, p.X, p.Y+0.56*u, 0.5, small, d.k.smallPx, colInk, colWhite)
		}
	default:
		d.poly(scaled(corners, p, 0.9))
		dc.SetColor(colOther)
		dc.SetLineWidth(2)
		dc.SetDash(0.1*u, 0.1*u)
		dc.Stroke()
		dc.SetDash()
		if m.Label != "" {
			d.tagBox(m.Label, pt{p.X, p.Y + 0.55*u}, colWhite, colInk)
		}
	}
}

// namesObjective reports whether an objective mark's label is a name to
// draw beside its star (a word of two letters or more: "Mühlbach (A
// B)"), not a side letter, a dash or a symbol, which are data for the
// text views.
func namesObjective(label string) bool {
	run := 0
	for _, r := range label {
		if unicode.IsLetter(r) {
			if run++; run >= 2 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// tagBox draws a short text in a bordered box centred on c.
func (d *drawer) tagBox(s string, c pt, bg, fg color.Color) {
	px := d.k.smallPx
	f := d.face(true, px)
	w := textWidth(f, s) + 6
	h := float64(px) + 2
	x, y := math.Round(c.X-w/2), math.Round(c.Y-h/2)
	d.dc.DrawRectangle(x+0.5, y+0.5, math.Round(w), h)
	d.dc.SetColor(bg)
	d.dc.FillPreserve()
	d.dc.SetColor(fg)
	d.dc.SetLineWidth(1)
	d.dc.Stroke()
	d.text(s, c.X, c.Y, 0.5, f, px, fg)
}

// markRect bounds a mark's drawing.
func (d *drawer) markRect(m game.Mark) image.Rectangle {
	r := d.l.cellRect(m.At, 4)
	if m.Label == "" {
		return r
	}
	p := d.l.center(m.At)
	switch m.Kind {
	case "choice":
		c, rad, _ := d.choiceBadge(m)
		r = r.Union(rectAround(c, 2*rad, 2*rad, 3))
	case "deploy":
		return r
	case "reach":
		w := textWidth(d.face(true, d.k.smallPx), m.Label)
		r = r.Union(rectAround(pt{p.X, p.Y + 0.56*d.k.u}, w, float64(d.k.smallPx), 3))
	default:
		w := textWidth(d.face(true, d.k.smallPx), m.Label) + 6
		r = r.Union(rectAround(pt{p.X, p.Y + 0.55*d.k.u}, w, float64(d.k.smallPx)+2, 3))
	}
	return r
}

// choiceBadge is the centre, radius and font size of a choice's number.
// In an empty cell the number is large in the middle; beside a counter
// it is smaller, on the cell's west corner.
func (d *drawer) choiceBadge(m game.Mark) (pt, float64, int) {
	u := d.k.u
	p := d.l.center(m.At)
	if !d.occupied[m.At] {
		px := max(d.k.valPx, int(math.Round(0.6*u)))
		r := math.Max(float64(px)*0.8, textWidth(d.face(true, px), m.Label)/2+5)
		return pt{p.X, p.Y + d.k.cy}, r, px
	}
	px := d.k.smallPx + 1
	r := math.Max(math.Max(0.27*u, float64(px)*0.72), textWidth(d.face(true, px), m.Label)/2+4)
	return pt{p.X - 0.8*u, p.Y}, r, px
}

// arrowStyle is how an arrow kind is drawn.
type arrowStyle struct {
	col, outline color.Color
	width        float64 // in cell units
	dash         []float64
}

func (d *drawer) arrowStyleOf(a game.Arrow) arrowStyle {
	fill, _, _, _ := d.sideColors(a.Side)
	u := d.k.u
	switch a.Kind {
	case "move":
		return arrowStyle{col: fill, outline: colInk, width: 0.16}
	case "advance":
		return arrowStyle{col: fill, outline: colInk, width: 0.16, dash: []float64{0.42 * u, 0.2 * u}}
	case "retreat":
		return arrowStyle{col: fill, outline: colInk, width: 0.13, dash: []float64{0.14 * u, 0.14 * u}}
	case "combat":
		return arrowStyle{col: colCombat, outline: colWhite, width: 0.15}
	case "fire":
		return arrowStyle{col: colFire, outline: colInk, width: 0.11, dash: []float64{0.3 * u, 0.15 * u}}
	case "order":
		return arrowStyle{col: fill, outline: colWhite, width: 0.07, dash: []float64{0.08 * u, 0.1 * u}}
	}
	return arrowStyle{col: colOther, outline: colWhite, width: 0.1}
}

// arrowEnds runs an arrow between the counter positions of two cells,
// from the edge of the first counter to the edge of the second, so that
// neither counter's values are covered.
func (d *drawer) arrowEnds(a game.Arrow) (start, tip pt, ok bool) {
	k := d.k
	off := pt{k.cx, k.cy}
	p, q := add(d.l.center(a.From), off), add(d.l.center(a.To), off)
	v := sub(q, p)
	L := length(v)
	if L < 1 {
		return pt{}, pt{}, false
	}
	dir := unit(v)
	// Distance from a counter's centre to its border along dir.
	hw, hh := float64(k.cw)/2+2, float64(k.ch)/2+2
	t := math.Inf(1)
	if dir.X != 0 {
		t = math.Min(t, hw/math.Abs(dir.X))
	}
	if dir.Y != 0 {
		t = math.Min(t, hh/math.Abs(dir.Y))
	}
	s0, s1 := t, t
	if room := L - 0.5*k.u; s0+s1 > room {
		f := math.Max(room, 0) / (s0 + s1)
		s0, s1 = s0*f, s1*f
	}
	return add(p, mul(dir, s0)), sub(q, mul(dir, s1)), true
}

func (d *drawer) drawArrows(arrows []game.Arrow) {
	dc := d.dc
	u := d.k.u
	for _, a := range arrows {
		start, tip, ok := d.arrowEnds(a)
		if !ok {
			continue
		}
		st := d.arrowStyleOf(a)
		dir := unit(sub(tip, start))
		lw := math.Max(2.5, st.width*u)
		headL, headW := math.Max(9, 0.42*u), math.Max(6, 0.26*u)
		base := sub(tip, mul(dir, headL*0.8))
		head := []pt{tip, add(sub(tip, mul(dir, headL)), mul(perp(dir), headW)), base, add(sub(tip, mul(dir, headL)), mul(perp(dir), -headW))}
		dc.SetLineCap(gg.LineCapButt)
		if len(st.dash) > 0 {
			dc.SetDash(st.dash...)
		}
		dc.SetColor(st.outline)
		dc.SetLineWidth(lw + 3)
		d.line(start, base)
		dc.Stroke()
		dc.SetColor(st.col)
		dc.SetLineWidth(lw)
		d.line(start, base)
		dc.Stroke()
		dc.SetDash()
		d.poly(head)
		dc.SetColor(st.col)
		dc.FillPreserve()
		dc.SetColor(st.outline)
		dc.SetLineWidth(1.5)
		dc.SetLineJoin(gg.LineJoinRound)
		dc.Stroke()
	}
}

// drawArrowLabels draws the arrows' labels, once per target and text
// (several attackers share one combat), above everything else.
func (d *drawer) drawArrowLabels(arrows []game.Arrow) {
	seen := map[string]bool{}
	for _, a := range arrows {
		if a.Label == "" {
			continue
		}
		key := fmt.Sprint(a.To, "|", a.Label)
		if seen[key] {
			continue
		}
		seen[key] = true
		d.tagBox(a.Label, d.arrowLabelAt(a), colWhite, colInk)
	}
}

// arrowLabelAt is the centre of an arrow's label: the middle of the line
// between the two counters.
func (d *drawer) arrowLabelAt(a game.Arrow) pt {
	off := pt{d.k.cx, d.k.cy}
	return add(lerp(d.l.center(a.From), d.l.center(a.To), 0.5), off)
}

// arrowRect bounds an arrow and its label.
func (d *drawer) arrowRect(a game.Arrow) image.Rectangle {
	off := pt{d.k.cx, d.k.cy}
	p, q := add(d.l.center(a.From), off), add(d.l.center(a.To), off)
	pad := 0.5*d.k.u + 6
	r := image.Rect(int(math.Min(p.X, q.X)-pad), int(math.Min(p.Y, q.Y)-pad), int(math.Max(p.X, q.X)+pad)+1, int(math.Max(p.Y, q.Y)+pad)+1)
	if a.Label != "" {
		c := d.arrowLabelAt(a)
		w := textWidth(d.face(true, d.k.smallPx), a.Label)/2 + 6
		h := float64(d.k.smallPx)
		r = r.Union(image.Rect(int(c.X-w), int(c.Y-h), int(c.X+w)+1, int(c.Y+h)+1))
	}
	return r
}

// maxMarkersShown is how many marker chips a cell shows; the last chip
// of a fuller cell counts the rest ("+3").
const maxMarkersShown = 3

// markerChips lays out a cell's marker chips: down the cell's east
// corner, inside the cell, centred on its middle row, where no counter
// text, stack badge, choice number or facing wedge goes. It returns the
// text of each chip and its box.
func (d *drawer) markerChips(mc markerCell) (texts []string, boxes []image.Rectangle) {
	k := d.k
	px := k.tagPx
	f := d.face(true, px)
	for i, m := range mc.list {
		if i == maxMarkersShown-1 && len(mc.list) > maxMarkersShown {
			texts = append(texts, fmt.Sprintf("+%d", len(mc.list)-i))
			break
		}
		t := m.Label
		if t == "" {
			t = m.Kind
		}
		texts = append(texts, t)
	}
	p := d.l.center(mc.at)
	h := float64(px) + 3
	n := len(texts)
	top := p.Y - (float64(n)*h+float64(n-1))/2
	hw, _ := d.l.halfExtent()
	for i, t := range texts {
		w := math.Ceil(textWidth(f, t)) + 5
		y := top + float64(i)*(h+1)
		right := p.X + hw - 2
		if d.l.hex {
			// The hex narrows away from its middle row.
			dy := math.Max(math.Abs(y-p.Y), math.Abs(y+h-p.Y))
			right = p.X + hw - dy/sqrt3 - 2
		}
		boxes = append(boxes, image.Rect(int(math.Round(right-w)), int(math.Round(y)), int(math.Round(right)), int(math.Round(y+h))))
	}
	return texts, boxes
}

// drawMarkers draws the marker chips: white with dark text, or in their
// side's colours.
func (d *drawer) drawMarkers(cells []markerCell) {
	dc := d.dc
	px := d.k.tagPx
	f := d.face(true, px)
	for _, mc := range cells {
		texts, boxes := d.markerChips(mc)
		more := len(texts) < len(mc.list) // the last chip counts the rest
		for i, t := range texts {
			bg, fg, edge := colWhite, colInk, colInk
			if s := mc.list[i].Side; s.Valid() && !(more && i == len(texts)-1) {
				bg, fg, edge, _ = d.sideColors(s)
			}
			r := boxes[i]
			dc.DrawRoundedRectangle(float64(r.Min.X)+0.5, float64(r.Min.Y)+0.5, float64(r.Dx()), float64(r.Dy()), 2)
			dc.SetColor(bg)
			dc.FillPreserve()
			dc.SetColor(edge)
			dc.SetLineWidth(1)
			dc.Stroke()
			d.text(t, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2, 0.5, f, px, fg)
		}
	}
}

// markersRect bounds a cell's marker chips.
func (d *drawer) markersRect(mc markerCell) image.Rectangle {
	var r image.Rectangle
	_, boxes := d.markerChips(mc)
	for _, b := range boxes {
		r = r.Union(b.Inset(-3))
	}
	return r
}
