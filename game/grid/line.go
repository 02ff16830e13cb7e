package grid

import "math"

// HexLines returns the two hex traces of the straight line from the centre
// of a to the centre of b, as in the Red Blob "line drawing" method: the
// line is sampled at n+1 points (n = distance), each rounded to the nearest
// hex, once nudged by +ε and once by −ε. When the line runs exactly along a
// hexside the two traces differ, one on each side of it; otherwise they are
// equal. More generally they differ wherever a sample point falls exactly
// on the side between two hexes (a line through a hexside's midpoint or
// along it); both traces start with a and end with b.
//
// A ruleset that blocks sight by terrain treats the line as clear when
// either trace is clear (a line along a hexside is blocked only when both
// hexes beside it block).
func HexLines(a, b Coord) [2][]Coord {
	n := HexDistance(a, b)
	aq, ar, as := Cube(a)
	bq, br, bs := Cube(b)
	eps := [2][3]float64{{1e-6, 2e-6, -3e-6}, {-1e-6, -2e-6, 3e-6}}
	var out [2][]Coord
	for k := 0; k < 2; k++ {
		tr := make([]Coord, 0, n+1)
		for i := 0; i <= n; i++ {
			t := 0.0
			if n > 0 {
				t = float64(i) / float64(n)
			}
			q := float64(aq) + eps[k][0] + (float64(bq-aq))*t
			r := float64(ar) + eps[k][1] + (float64(br-ar))*t
			s := float64(as) + eps[k][2] + (float64(bs-as))*t
			tr = append(tr, cubeRound(q, r, s))
		}
		out[k] = tr
	}
	return out
}

func cubeRound(q, r, s float64) Coord {
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return FromCube(int(rq), int(rr))
}

// Lines returns the candidate traces from a to b for any grid: the two hex
// traces for a hex grid, and for a square grid the supercover of the segment
// between centres split into its two sides where it passes exactly through a
// corner.
func Lines(g Grid, a, b Coord) [2][]Coord {
	if _, ok := g.(*Hex); ok {
		return HexLines(a, b)
	}
	return squareLines(a, b)
}

func squareLines(a, b Coord) [2][]Coord {
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	nx, ny := abs(dx), abs(dy)
	var out [2][]Coord
	for k := range 2 {
		tr := make([]Coord, 1, nx+ny+1)
		tr[0] = a
		c := a
		for ix, iy := 0, 0; ix < nx || iy < ny; {
			// Leave through the vertical side when (ix+½)/nx < (iy+½)/ny,
			// the horizontal one when greater; through a corner trace 0
			// takes the square beside it in x, trace 1 the one in y.
			vx, vy := (1+2*ix)*ny, (1+2*iy)*nx
			if vx < vy || (vx == vy && k == 0) {
				c.X += sx
				ix++
			} else {
				c.Y += sy
				iy++
			}
			tr = append(tr, c)
		}
		out[k] = tr
	}
	return out
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}
