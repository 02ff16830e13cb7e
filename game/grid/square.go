package grid

import (
	"fmt"
	"strings"
)

// Square is a grid of squares with 4-neighbour adjacency (8 with
// Diagonal). Directions are 0 N, 1 E, 2 S, 3 W; with Diagonal, 0 N, 1 NE,
// 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW.
type Square struct {
	W, H     int
	Diagonal bool
}

// NewSquare returns a w×h square grid with orthogonal adjacency.
func NewSquare(w, h int) *Square { return &Square{W: w, H: h} }

func (g *Square) Kind() string              { return "square" }
func (g *Square) Size() (int, int)          { return g.W, g.H }
func (g *Square) Cells() []Coord            { return cellsOf(g.W, g.H) }
func (g *Square) Neighbors(c Coord) []Coord { return neighborsOf(g, c) }
func (g *Square) Adjacent(a, b Coord) bool  { return DirTo(g, a, b) >= 0 }

func (g *Square) Contains(c Coord) bool {
	return c.X >= 0 && c.Y >= 0 && c.X < g.W && c.Y < g.H
}

func (g *Square) Dirs() int {
	if g.Diagonal {
		return 8
	}
	return 4
}

var (
	sqStep4 = [4]Coord{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	sqStep8 = [8]Coord{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}
)

func (g *Square) Step(c Coord, d int) Coord {
	n := g.Dirs()
	d = ((d % n) + n) % n
	s := sqStep4[d%4]
	if g.Diagonal {
		s = sqStep8[d]
	}
	return Coord{c.X + s.X, c.Y + s.Y}
}

// Distance counts orthogonal steps (Manhattan), or king moves with Diagonal.
func (g *Square) Distance(a, b Coord) int {
	dx, dy := abs(a.X-b.X), abs(a.Y-b.Y)
	if g.Diagonal {
		return max(dx, dy)
	}
	return dx + dy
}

func (g *Square) Center(c Coord) (float64, float64) {
	return float64(c.X) + 0.5, float64(c.Y) + 0.5
}

// Label prints "a1" … with file letters from the west and rank 1 at the
// bottom (south) row.
func (g *Square) Label(c Coord) string {
	return fmt.Sprintf("%c%d", 'a'+rune(c.X), g.H-c.Y)
}

func (g *Square) Parse(s string) (Coord, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) < 2 || t[0] < 'a' || t[0] > 'z' {
		return Coord{}, fmt.Errorf("%q: want a file letter and a rank, like a1: %w", s, ErrLabel)
	}
	rank, ok := digits(t[1:])
	if !ok {
		return Coord{}, fmt.Errorf("%q: want a file letter and a rank, like a1: %w", s, ErrLabel)
	}
	c := Coord{int(t[0] - 'a'), g.H - rank}
	if !g.Contains(c) {
		return Coord{}, fmt.Errorf("%q is off the board (%d×%d): %w", s, g.W, g.H, ErrLabel)
	}
	return c, nil
}
