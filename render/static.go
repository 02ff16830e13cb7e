package render

import (
	"image"
	"math"
	"sort"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// drawStatic draws what never changes during a game: terrain, hexside
// features, roads and paths, and cell labels, for the cells that touch
// the clip rectangle. The base image of a map is drawn once and cached.
func (d *drawer) drawStatic(clip image.Rectangle) {
	dc := d.dc
	dc.SetColor(colMargin)
	dc.Clear()

	var cells []grid.Coord
	visible := map[grid.Coord]bool{}
	for _, c := range d.m.Grid.Cells() {
		if d.l.cellRect(c, 2).Overlaps(clip) {
			cells = append(cells, c)
			visible[c] = true
		}
	}

	for _, c := range cells {
		cell := d.m.CellAt(c)
		ts := terrainOf(cell.Terrain)
		d.poly(d.l.corners(c))
		dc.SetColor(cellFill(ts, levelOf(cell, ts)))
		dc.Fill()
	}
	for _, c := range cells {
		d.terrainSymbol(c)
	}
	dc.SetLineWidth(1)
	dc.SetColor(colGrid)
	for _, c := range cells {
		d.poly(d.l.corners(c))
	}
	dc.Stroke()

	edges := sortedEdges(d.m.Edges, visible)
	links := sortedEdges(d.m.Links, visible)
	// Water first, then lines on it, then the crossings, roads over all.
	d.edgeLayer(edges, "water")
	d.edgeLayer(edges, "lines")
	d.edgeLayer(edges, "crossings")
	d.linkLayer(links)

	lf := d.face(false, d.k.labelPx)
	// A label is never wider than a four-digit one: the five digits of a
	// map of more than 99 columns (CCCRR) are set smaller.
	room := textWidth(lf, "0000")
	for _, c := range cells {
		p := d.l.center(c)
		cell := d.m.CellAt(c)
		ts := terrainOf(cell.Terrain)
		ax := 0.5
		if !d.l.hex {
			ax = 0
		}
		lab, f, px := d.m.Label(c), lf, d.k.labelPx
		if len(lab) > 4 {
			f, px = d.fitFace(lab, false, px, minLabelPx, room)
		}
		d.haloText(lab, p.X+d.k.labelX, p.Y+d.k.labelY, ax, f, px, colLabel, cellFill(ts, levelOf(cell, ts)))
	}
}

// minLabelPx is the smallest font size of a long cell label.
const minLabelPx = 8

func levelOf(c game.Cell, ts terrainStyle) int {
	return max(c.Level, ts.level)
}

// sortedEdges lists the edges of a feature map that touch a visible cell,
// in a fixed order so that drawing is deterministic.
func sortedEdges(m map[grid.Edge][]string, visible map[grid.Coord]bool) []grid.Edge {
	out := make([]grid.Edge, 0, len(m))
	for e := range m {
		if visible[e.A] || visible[e.B] {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].A != out[j].A {
			return out[i].A.Less(out[j].A)
		}
		return out[i].B.Less(out[j].B)
	})
	return out
}

// symbolSpots are where terrain symbols go, in cell units from the centre:
// below the label, spread so that some stay visible beside a counter.
var (
	hexSpots    = []pt{{-0.62, -0.05}, {0.62, -0.05}, {0, 0.14}, {-0.32, 0.52}, {0.32, 0.52}}
	squareSpots = []pt{{-0.6, 0.05}, {0.6, 0.05}, {0, 0.2}, {-0.45, 0.62}, {0.45, 0.62}}
)

func (d *drawer) terrainSymbol(c grid.Coord) {
	cell := d.m.CellAt(c)
	ts := terrainOf(cell.Terrain)
	p := d.l.center(c)
	u := d.k.u
	spots := hexSpots
	if !d.l.hex {
		spots = squareSpots
	}
	at := func(i int) pt { return pt{p.X + spots[i].X*u, p.Y + spots[i].Y*u} }
	dc := d.dc
	lw := math.Max(1, 0.055*u)
	if levelOf(cell, ts) > 0 {
		// High ground: a contour line inside the cell edge.
		d.poly(scaled(d.l.corners(c), p, 0.84))
		dc.SetColor(colContour)
		dc.SetLineWidth(lw * 1.2)
		dc.SetDash(0.22*u, 0.12*u)
		dc.Stroke()
		dc.SetDash()
	}
	dc.SetColor(ts.ink)
	dc.SetLineWidth(lw)
	dc.SetLineCap(gg.LineCapRound)
	defer dc.SetLineCap(gg.LineCapButt)
	switch ts.sym {
	case symTrees:
		for i := range spots {
			q := at(i)
			h, w := 0.3*u, 0.14*u
			dc.MoveTo(q.X, q.Y-h/2)
			dc.LineTo(q.X+w, q.Y+h/3)
			dc.LineTo(q.X-w, q.Y+h/3)
			dc.ClosePath()
			dc.Fill()
			d.line(pt{q.X, q.Y + h/3}, pt{q.X, q.Y + h/2})
			dc.Stroke()
		}
	case symMarsh:
		for i := range spots {
			q := at(i)
			w, h := 0.15*u, 0.16*u
			d.line(pt{q.X - w, q.Y + h/2}, pt{q.X + w, q.Y + h/2})
			d.line(pt{q.X, q.Y + h/2}, pt{q.X, q.Y - h/2})
			d.line(pt{q.X - w*0.3, q.Y + h/2}, pt{q.X - w*0.75, q.Y - h/4})
			d.line(pt{q.X + w*0.3, q.Y + h/2}, pt{q.X + w*0.75, q.Y - h/4})
			dc.Stroke()
		}
	case symHouses, symTown:
		n, s := 3, 0.17*u
		if ts.sym == symTown {
			n, s = 5, 0.2*u
		}
		for i := 0; i < n; i++ {
			q := at([]int{0, 1, 2, 3, 4}[i])
			dc.DrawRectangle(q.X-s/2, q.Y-s/2, s, s*0.8)
			dc.Fill()
			dc.MoveTo(q.X-s*0.6, q.Y-s/2)
			dc.LineTo(q.X, q.Y-s)
			dc.LineTo(q.X+s*0.6, q.Y-s/2)
			dc.ClosePath()
			dc.Fill()
		}
	case symWaves:
		for i := range spots {
			q := at(i)
			w := 0.16 * u
			for _, dy := range []float64{-0.06 * u, 0.08 * u} {
				dc.MoveTo(q.X-w, q.Y+dy)
				dc.QuadraticTo(q.X-w/2, q.Y+dy-0.08*u, q.X, q.Y+dy)
				dc.QuadraticTo(q.X+w/2, q.Y+dy+0.08*u, q.X+w, q.Y+dy)
			}
			dc.Stroke()
		}
	case symFurrows:
		for i := range spots {
			q := at(i)
			for _, o := range []float64{-0.09, 0, 0.09} {
				d.line(pt{q.X + (o-0.1)*u, q.Y + 0.12*u}, pt{q.X + (o+0.1)*u, q.Y - 0.12*u})
			}
			dc.Stroke()
		}
	case symDots:
		for i := range spots {
			q := at(i)
			for _, o := range []pt{{-0.08, 0.05}, {0.07, 0.07}, {0, -0.07}} {
				dc.DrawCircle(q.X+o.X*u, q.Y+o.Y*u, math.Max(1, 0.045*u))
			}
			dc.Fill()
		}
	case symText:
		px := d.k.smallPx
		d.text(ts.abbr, p.X, p.Y+0.5*u, 0.5, d.face(false, px), px, ts.ink)
	}
}

// edgeLayer draws one layer of hexside features: "water" (rivers,
// streams, lake sides), "lines" (ridges, entrenchments, unknown features)
// or "crossings" (bridges and fords, over the water).
func (d *drawer) edgeLayer(edges []grid.Edge, layer string) {
	dc := d.dc
	u := d.k.u
	for _, e := range edges {
		p, q, ok := d.l.edgeEnds(e.A, e.B)
		if !ok {
			continue
		}
		for _, f := range d.m.Edges[e] {
			kind := edgeKind(f)
			switch {
			case layer == "water" && kind == "river":
				dc.SetLineCap(gg.LineCapRound)
				dc.SetColor(colRiver)
				dc.SetLineWidth(0.24 * u)
				d.line(p, q)
				dc.Stroke()
			case layer == "water" && kind == "stream":
				dc.SetLineCap(gg.LineCapRound)
				dc.SetColor(colStream)
				dc.SetLineWidth(math.Max(2, 0.1*u))
				d.line(p, q)
				dc.Stroke()
			case layer == "water" && kind == "lake":
				dc.SetLineCap(gg.LineCapRound)
				dc.SetColor(colLake)
				dc.SetLineWidth(0.34 * u)
				d.line(p, q)
				dc.Stroke()
				dc.SetColor(colLakeInk)
				dc.SetLineWidth(math.Max(1, 0.05*u))
				d.line(p, q)
				dc.Stroke()
			case layer == "lines" && kind == "ridge":
				d.ridge(e, p, q)
			case layer == "lines" && kind == "entrenchment":
				d.works(e, p, q)
			case layer == "lines" && kind == "other":
				dc.SetLineCap(gg.LineCapButt)
				dc.SetColor(colOther)
				dc.SetLineWidth(math.Max(1.5, 0.07*u))
				dc.SetDash(0.1*u, 0.08*u)
				d.line(p, q)
				dc.Stroke()
				dc.SetDash()
			case layer == "crossings" && kind == "bridge":
				d.bridge(e, p, q)
			case layer == "crossings" && kind == "ford":
				d.ford(e, p, q)
			}
		}
	}
	dc.SetLineCap(gg.LineCapButt)
}

// edgeKind sorts hexside feature names into what is drawn.
func edgeKind(f string) string {
	switch f {
	case "river", "great-river", "great_river":
		return "river"
	case "stream", "brook", "creek":
		return "stream"
	case "lake", "water":
		return "lake"
	case "ridge", "ridge-line", "slope", "escarpment":
		return "ridge"
	case "entrenchment", "entrenchments", "earthworks", "works", "wall", "ditch":
		return "entrenchment"
	case "bridge":
		return "bridge"
	case "ford":
		return "ford"
	}
	return "other"
}

// sideAxes returns the unit vector along the edge and the unit normal
// pointing from a toward b.
func (d *drawer) sideAxes(e grid.Edge, p, q pt) (along, normal pt) {
	along = unit(sub(q, p))
	normal = perp(along)
	if dot := (d.l.center(e.B).X-d.l.center(e.A).X)*normal.X + (d.l.center(e.B).Y-d.l.center(e.A).Y)*normal.Y; dot < 0 {
		normal = mul(normal, -1)
	}
	return along, normal
}

// ridge draws a ridge line with hachures on the low side: the cell with
// the lower level (on equal levels, on both sides).
func (d *drawer) ridge(e grid.Edge, p, q pt) {
	dc := d.dc
	u := d.k.u
	along, n := d.sideAxes(e, p, q)
	la := levelOf(d.m.CellAt(e.A), terrainOf(d.m.CellAt(e.A).Terrain))
	lb := levelOf(d.m.CellAt(e.B), terrainOf(d.m.CellAt(e.B).Terrain))
	var dirs []pt
	switch {
	case la > lb:
		dirs = []pt{n} // B is low
	case lb > la:
		dirs = []pt{mul(n, -1)}
	default:
		dirs = []pt{n, mul(n, -1)}
	}
	dc.SetColor(colRidge)
	dc.SetLineCap(gg.LineCapRound)
	dc.SetLineWidth(math.Max(1.5, 0.08*u))
	d.line(p, q)
	dc.Stroke()
	dc.SetLineWidth(math.Max(1.2, 0.06*u))
	_ = along
	for _, dir := range dirs {
		for _, t := range []float64{0.14, 0.32, 0.5, 0.68, 0.86} {
			a := lerp(p, q, t)
			d.line(a, add(a, mul(dir, 0.2*u)))
		}
	}
	dc.Stroke()
}

// works draws an entrenchment as a saw-tooth line along the edge.
func (d *drawer) works(e grid.Edge, p, q pt) {
	dc := d.dc
	u := d.k.u
	_, n := d.sideAxes(e, p, q)
	const teeth = 5
	dc.SetColor(colWorks)
	dc.SetLineWidth(math.Max(1.5, 0.06*u))
	dc.SetLineJoin(gg.LineJoinRound)
	dc.MoveTo(p.X, p.Y)
	for i := 0; i < teeth; i++ {
		mid := lerp(p, q, (float64(i)+0.5)/teeth)
		s := 1.0
		if i%2 == 1 {
			s = -1
		}
		tip := add(mid, mul(n, s*0.11*u))
		end := lerp(p, q, float64(i+1)/teeth)
		dc.LineTo(tip.X, tip.Y)
		dc.LineTo(end.X, end.Y)
	}
	dc.Stroke()
}

// bridge draws a deck across the edge with a parapet on each side.
func (d *drawer) bridge(e grid.Edge, p, q pt) {
	dc := d.dc
	u := d.k.u
	along, n := d.sideAxes(e, p, q)
	m := lerp(p, q, 0.5)
	half, wid := 0.3*u, 0.15*u
	c := func(sa, sn float64) pt { return add(m, add(mul(along, sa*wid), mul(n, sn*half))) }
	d.poly([]pt{c(-1, -1), c(1, -1), c(1, 1), c(-1, 1)})
	dc.SetColor(colDeck)
	dc.Fill()
	dc.SetColor(colInk)
	dc.SetLineWidth(math.Max(1.5, 0.06*u))
	for _, s := range []float64{-1, 1} {
		// Parapet with splayed ends.
		a, b := c(s, -1), c(s, 1)
		dc.MoveTo(add(a, add(mul(along, s*0.1*u), mul(n, -0.08*u))).X, add(a, add(mul(along, s*0.1*u), mul(n, -0.08*u))).Y)
		dc.LineTo(a.X, a.Y)
		dc.LineTo(b.X, b.Y)
		end := add(b, add(mul(along, s*0.1*u), mul(n, 0.08*u)))
		dc.LineTo(end.X, end.Y)
		dc.Stroke()
	}
}

// ford draws a dashed pale crossing over the water.
func (d *drawer) ford(e grid.Edge, p, q pt) {
	dc := d.dc
	u := d.k.u
	_, n := d.sideAxes(e, p, q)
	m := lerp(p, q, 0.5)
	dc.SetColor(colFord)
	dc.SetLineWidth(math.Max(2, 0.13*u))
	dc.SetDash(0.07*u, 0.06*u)
	d.line(add(m, mul(n, -0.24*u)), add(m, mul(n, 0.24*u)))
	dc.Stroke()
	dc.SetDash()
	dc.SetColor(colInk)
	dc.SetLineWidth(1)
	for _, s := range []float64{-1, 1} {
		a := add(m, mul(n, s*0.3*u))
		dc.DrawCircle(a.X, a.Y, math.Max(1.2, 0.05*u))
		dc.Fill()
	}
}

// linkLayer draws paths, then roads, then unknown links, as lines through
// cell centres.
func (d *drawer) linkLayer(links []grid.Edge) {
	dc := d.dc
	u := d.k.u
	for _, pass := range []string{"path", "road", "other"} {
		for _, e := range links {
			if !d.l.g.Adjacent(e.A, e.B) {
				continue
			}
			a, b := d.l.center(e.A), d.l.center(e.B)
			for _, f := range d.m.Links[e] {
				kind := linkKind(f)
				if kind != pass {
					continue
				}
				switch kind {
				case "road":
					dc.SetLineCap(gg.LineCapRound)
					dc.SetColor(colRoad)
					dc.SetLineWidth(math.Max(2.5, 0.15*u))
				case "path":
					dc.SetLineCap(gg.LineCapButt)
					dc.SetColor(colRoad)
					dc.SetLineWidth(math.Max(1.5, 0.08*u))
					dc.SetDash(0.2*u, 0.14*u)
				default:
					dc.SetLineCap(gg.LineCapButt)
					dc.SetColor(colOther)
					dc.SetLineWidth(math.Max(1.5, 0.06*u))
					dc.SetDash(0.06*u, 0.1*u)
				}
				d.line(a, b)
				dc.Stroke()
				dc.SetDash()
			}
		}
	}
	dc.SetLineCap(gg.LineCapButt)
}

func linkKind(f string) string {
	switch f {
	case "road", "route", "highway", "pike":
		return "road"
	case "path", "track", "chemin", "trail":
		return "path"
	}
	return "other"
}
