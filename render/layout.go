package render

import (
	"image"
	"math"

	"github.com/grognard/grognard/game/grid"
)

const (
	sqrt3 = 1.7320508075688772
	// margin is the border around the map area, in pixels.
	margin = 8
)

// pt is a point in pixels.
type pt struct{ X, Y float64 }

// layout places a grid on the image: u is the hex circumradius, or half
// the side of a square, in pixels; (ox, oy) is where the grid's Center
// (0, 0) falls; size is the map area in pixels (without the legend).
type layout struct {
	g    grid.Grid
	hex  bool
	u    float64
	ox   float64
	oy   float64
	size image.Point
}

// scaleOf is the factor from grid.Center units to pixels.
func (l *layout) scaleOf() float64 {
	if l.hex {
		return l.u
	}
	return 2 * l.u
}

// center is the pixel centre of a cell.
func (l *layout) center(c grid.Coord) pt {
	x, y := l.g.Center(c)
	k := l.scaleOf()
	return pt{l.ox + k*x, l.oy + k*y}
}

// corners returns the corners of a cell, clockwise from the east corner
// (hex) or the north-west corner (square).
func (l *layout) corners(c grid.Coord) []pt {
	p := l.center(c)
	if l.hex {
		out := make([]pt, 6)
		for i := range out {
			out[i] = hexCorner(p, l.u, i)
		}
		return out
	}
	u := l.u
	return []pt{{p.X - u, p.Y - u}, {p.X + u, p.Y - u}, {p.X + u, p.Y + u}, {p.X - u, p.Y + u}}
}

// hexCorner is corner i of a flat-top hex, at angle 60°·i from east
// (y grows downward, so i = 1 is the south-east corner).
func hexCorner(p pt, u float64, i int) pt {
	a := math.Pi / 3 * float64(i)
	return pt{p.X + u*math.Cos(a), p.Y + u*math.Sin(a)}
}

// halfExtent is half the width and height of a cell in pixels.
func (l *layout) halfExtent() (float64, float64) {
	if l.hex {
		return l.u, l.u * sqrt3 / 2
	}
	return l.u, l.u
}

// cellRect is the pixel bounding box of a cell grown by pad pixels.
func (l *layout) cellRect(c grid.Coord, pad float64) image.Rectangle {
	p := l.center(c)
	hw, hh := l.halfExtent()
	return image.Rect(
		int(math.Floor(p.X-hw-pad)), int(math.Floor(p.Y-hh-pad)),
		int(math.Ceil(p.X+hw+pad)), int(math.Ceil(p.Y+hh+pad)))
}

// edgeEnds returns the two corners of the side shared by adjacent cells a
// and b; ok is false when they share no side (not adjacent, or diagonal
// neighbours on a square grid with diagonals).
func (l *layout) edgeEnds(a, b grid.Coord) (p, q pt, ok bool) {
	d := grid.DirTo(l.g, a, b)
	if d < 0 {
		return pt{}, pt{}, false
	}
	cs := l.corners(a)
	if l.hex {
		// Direction d (0 = north, clockwise) is the side between corners
		// 4+d and 5+d.
		return cs[(4+d)%6], cs[(5+d)%6], true
	}
	if l.g.Dirs() == 8 {
		if d%2 == 1 {
			return pt{}, pt{}, false
		}
		d /= 2
	}
	return cs[d], cs[(d+1)%4], true
}

// halfDirVec is the unit vector pointing from a cell's centre toward its
// neighbour in direction d (h = 2·d), or toward its corner between
// directions d and d+1 (h = 2·d+1).
func (l *layout) halfDirVec(h int) pt {
	n := l.g.Dirs()
	a := -math.Pi/2 + math.Pi*float64(h)/float64(n)
	return pt{math.Cos(a), math.Sin(a)}
}

// baseLayout lays out the whole map for an image at most maxWidth pixels
// wide: the cell size is the largest that fits, between minU and maxU.
func baseLayout(g grid.Grid, maxWidth int) layout {
	w, h := g.Size()
	l := layout{g: g, hex: g.Kind() == "hex"}
	avail := float64(maxWidth - 2*margin)
	if l.hex {
		spanW := 1.5*float64(max(w-1, 0)) + 2
		l.u = clampF(math.Floor(avail/spanW), minHexU, maxHexU)
		l.ox = margin + l.u
		l.oy = margin + l.u*sqrt3/2
		spanH := float64(h)
		if w > 1 {
			spanH += 0.5
		}
		l.size = image.Pt(int(math.Ceil(l.u*spanW))+2*margin, int(math.Ceil(l.u*sqrt3*spanH))+2*margin)
		return l
	}
	l.u = clampF(math.Floor(avail/float64(2*max(w, 1))), minSquareU, maxSquareU)
	l.ox, l.oy = margin, margin
	l.size = image.Pt(int(2*l.u)*w+2*margin, int(2*l.u)*h+2*margin)
	return l
}

// Cell sizes in pixels (hex circumradius, half a square's side).
const (
	minHexU    = 16
	maxHexU    = 40
	minSquareU = 14
	maxSquareU = 45
	// zoomTarget is the width a zoom aims for, in pixels.
	zoomTarget = 860
	maxZoomU   = 64
	// MaxZoomRadius is the largest radius Zoom accepts.
	MaxZoomRadius = 20
)

// zoomLayout lays out a crop of radius r cells around c at a larger
// scale. The crop has the same size wherever c is: near an edge it slides
// to stay on the map (c is then off-centre), and a map smaller than the
// crop is centred in it.
func zoomLayout(g grid.Grid, base float64, c grid.Coord, r int) layout {
	l := layout{g: g, hex: g.Kind() == "hex"}
	var spanW, spanH float64
	if l.hex {
		spanW, spanH = 1.5*float64(2*r)+2, sqrt3*float64(2*r+1)
	} else {
		spanW, spanH = 2*float64(2*r+1), 2*float64(2*r+1)
	}
	l.u = clampF(math.Floor(zoomTarget/spanW), base, maxZoomU)
	l.size = image.Pt(int(math.Ceil(l.u*spanW))+2*margin, int(math.Ceil(l.u*spanH))+2*margin)
	x, y := g.Center(c)
	k := l.scaleOf()
	// Extent of the whole map around Center(0, 0), in pixels.
	w, h := g.Size()
	var minX, maxX, minY, maxY float64
	if l.hex {
		hh := l.u * sqrt3 / 2
		minX, maxX = -l.u, 1.5*l.u*float64(w-1)+l.u
		minY, maxY = -hh, sqrt3*l.u*float64(h-1)+hh
		if w > 1 {
			maxY += hh
		}
	} else {
		minX, maxX, minY, maxY = 0, 2*l.u*float64(w), 0, 2*l.u*float64(h)
	}
	l.ox = slide(float64(l.size.X)/2-k*x, float64(l.size.X), minX, maxX)
	l.oy = slide(float64(l.size.Y)/2-k*y, float64(l.size.Y), minY, maxY)
	return l
}

// slide moves an origin o so that the map extent [lo, hi] covers the
// window [margin, size−margin], or centres the map when it is smaller.
func slide(o, size, lo, hi float64) float64 {
	if hi-lo <= size-2*margin {
		return math.Round((size-(hi-lo))/2 - lo)
	}
	return math.Max(size-margin-hi, math.Min(margin-lo, o))
}

func clampF(v, lo, hi float64) float64 {
	return math.Max(lo, math.Min(hi, v))
}
