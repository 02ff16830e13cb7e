package grid

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Board names a geomorphic board inside a larger hex grid: its cells are the
// columns X0 … X0+W-1. Labels such as "A0712" are read board-locally.
type Board struct {
	Name string `json:"name"`
	X0   int    `json:"x0"`
	W    int    `json:"w"`
}

// Hex is a flat-topped hex grid in the odd-q offset layout: odd columns are
// shifted half a hex down. Directions are 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
type Hex struct {
	W, H   int
	Boards []Board
	// Base is the number printed for the first column and row: 0 for the
	// Grands Stratèges boards ("0000" is the north-west hex), 1 for maps
	// printed from "0101". Coordinates are 0-based either way.
	Base int
}

// NewHex returns a w×h hex grid.
func NewHex(w, h int, boards ...Board) *Hex { return &Hex{W: w, H: h, Boards: boards} }

func (g *Hex) Kind() string              { return "hex" }
func (g *Hex) Size() (int, int)          { return g.W, g.H }
func (g *Hex) Dirs() int                 { return 6 }
func (g *Hex) Cells() []Coord            { return cellsOf(g.W, g.H) }
func (g *Hex) Neighbors(c Coord) []Coord { return neighborsOf(g, c) }

func (g *Hex) Contains(c Coord) bool {
	return c.X >= 0 && c.Y >= 0 && c.X < g.W && c.Y < g.H
}

var (
	hexStepEven = [6]Coord{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}}
	hexStepOdd  = [6]Coord{{0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}}
)

func (g *Hex) Step(c Coord, d int) Coord {
	d = ((d % 6) + 6) % 6
	s := hexStepEven[d]
	if c.X&1 == 1 {
		s = hexStepOdd[d]
	}
	return Coord{c.X + s.X, c.Y + s.Y}
}

func (g *Hex) Adjacent(a, b Coord) bool { return hexDirTo(a, b) >= 0 }

// hexDirs maps a step (dx+1)*3 + (dy+1) to its direction, for even and odd
// columns (-1: not a neighbour). It is the inverse of hexStepEven/Odd.
var hexDirs = func() (t [2][9]int8) {
	for p, steps := range [2][6]Coord{hexStepEven, hexStepOdd} {
		for i := range t[p] {
			t[p][i] = -1
		}
		for d, s := range steps {
			t[p][(s.X+1)*3+s.Y+1] = int8(d)
		}
	}
	return t
}()

func hexDirTo(a, b Coord) int {
	dx, dy := b.X-a.X, b.Y-a.Y
	if dx < -1 || dx > 1 || dy < -1 || dy > 1 {
		return -1
	}
	return int(hexDirs[a.X&1][(dx+1)*3+dy+1])
}

// Cube converts offset coordinates to cube coordinates (q, r, s).
func Cube(c Coord) (q, r, s int) {
	q = c.X
	r = c.Y - (c.X-(c.X&1))/2
	return q, r, -q - r
}

// FromCube converts cube coordinates back to odd-q offset coordinates.
func FromCube(q, r int) Coord {
	return Coord{q, r + (q-(q&1))/2}
}

func (g *Hex) Distance(a, b Coord) int { return HexDistance(a, b) }

// HexDistance is the number of hex steps between a and b.
func HexDistance(a, b Coord) int {
	aq, ar, as := Cube(a)
	bq, br, bs := Cube(b)
	return max(abs(aq-bq), abs(ar-br), abs(as-bs))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Center returns the centre of a hex with unit circumradius: flat-top,
// columns 1.5 apart, rows √3 apart, odd columns √3/2 lower.
func (g *Hex) Center(c Coord) (float64, float64) {
	x := 1.5 * float64(c.X)
	y := math.Sqrt(3) * (float64(c.Y) + 0.5*float64(c.X&1))
	return x, y
}

// Label prints a cell as CCRR: the column then the row, two digits each,
// or as many as the map's largest column or row needs (a map of 100 to
// 999 columns is labelled CCCRR, "10512"; its column 5 is "00512").
func (g *Hex) Label(c Coord) string {
	cw, rw := g.widths()
	x, y := c.X+g.Base, c.Y+g.Base
	if x < 0 || y < 0 {
		return fmt.Sprintf("%0*d%0*d", cw, x, rw, y)
	}
	// Labels are drawn for every cell of every legal-option list: no fmt.
	var b [16]byte
	out := appendPadded(appendPadded(b[:0], x, cw), y, rw)
	return string(out)
}

// appendPadded appends n (≥ 0) in decimal, zero-padded to width digits.
func appendPadded(b []byte, n, width int) []byte {
	var d [20]byte
	i := len(d)
	for n > 0 || i == len(d) {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
	}
	for k := len(d) - i; k < width; k++ {
		b = append(b, '0')
	}
	return append(b, d[i:]...)
}

// widths are the digits of a label's column and row numbers.
func (g *Hex) widths() (cols, rows int) {
	return numWidth(g.W - 1 + g.Base), numWidth(g.H - 1 + g.Base)
}

// numWidth is the digits needed to print n, at least two.
func numWidth(n int) int {
	w := 2
	for ; n >= 100; n /= 10 {
		w++
	}
	return w
}

// labelShape names a label of cw column and rw row digits: "four digits
// CCRR", "five digits CCCRR".
func labelShape(cw, rw int) string {
	n := fmt.Sprint(cw + rw)
	if w, ok := map[int]string{4: "four", 5: "five", 6: "six"}[cw+rw]; ok {
		n = w
	}
	return n + " digits " + strings.Repeat("C", cw) + strings.Repeat("R", rw)
}

// Parse reads "CCRR" (with as many digits as Label prints on this map),
// "Bccrr" for a named board, or "(c,r)" as written in rule examples.
func (g *Hex) Parse(s string) (Coord, error) {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
		parts := strings.Split(t[1:len(t)-1], ",")
		if len(parts) == 2 {
			x, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
			y, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
			if err1 == nil && err2 == nil {
				return g.check(s, Coord{x - g.Base, y - g.Base})
			}
		}
		return Coord{}, fmt.Errorf("%q: %w", s, ErrLabel)
	}
	x0 := 0
	cw, rw := g.widths()
	if len(t) == 3+rw && (t[0] < '0' || t[0] > '9') {
		cw = 2 // board-local columns
		found := false
		for _, b := range g.Boards {
			if strings.EqualFold(b.Name, t[:1]) {
				x0, found = b.X0, true
				if col, ok := digits(t[1:3]); ok && b.W > 0 && col-g.Base >= b.W {
					return Coord{}, fmt.Errorf("%q: column %d is off board %s: %w", s, col, b.Name, ErrLabel)
				}
			}
		}
		if !found {
			return Coord{}, fmt.Errorf("%q: no board %q on this map: %w", s, t[:1], ErrLabel)
		}
		t = t[1:]
	}
	if len(t) != cw+rw {
		return Coord{}, fmt.Errorf("%q: want %s: %w", s, labelShape(cw, rw), ErrLabel)
	}
	x, ok1 := digits(t[:cw])
	y, ok2 := digits(t[cw:])
	if !ok1 || !ok2 {
		return Coord{}, fmt.Errorf("%q: want %s: %w", s, labelShape(cw, rw), ErrLabel)
	}
	return g.check(s, Coord{x0 + x - g.Base, y - g.Base})
}

func (g *Hex) check(s string, c Coord) (Coord, error) {
	if !g.Contains(c) {
		return Coord{}, fmt.Errorf("%q is off the map (%d columns × %d rows): %w", s, g.W, g.H, ErrLabel)
	}
	return c, nil
}

// BoardLabel prints c with its board letter ("A0712") when the grid has
// boards, or as CCRR otherwise.
func (g *Hex) BoardLabel(c Coord) string {
	for _, b := range g.Boards {
		if c.X >= b.X0 && (b.W == 0 || c.X < b.X0+b.W) {
			_, rw := g.widths()
			return fmt.Sprintf("%s%02d%0*d", b.Name, c.X-b.X0+g.Base, rw, c.Y+g.Base)
		}
	}
	return g.Label(c)
}

// digits reads a run of one to nine ASCII digits; unlike strconv.Atoi it
// refuses signs.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
