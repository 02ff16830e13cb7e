package mech

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// EdgeSet is a set of features on the edge between two adjacent cells (a
// hexside, or the side of a square) or on the link between their centres
// (a road): one bit each, numbered by the ruleset.
type EdgeSet uint16

// Feature names one bit of an EdgeSet and where the map records it.
type Feature struct {
	Name string
	Bit  EdgeSet
	// Link is set for features that join cell centres (roads, paths:
	// Map.Linked) rather than lie on the edge itself (rivers, bridges,
	// ridges: Map.EdgeHas).
	Link bool
}

// Flat is a map flattened into slices for the hot paths (movement floods,
// zones of control, lines of sight): cells are numbered column by column,
// i = x*H + y, and each cell lists its neighbour and the edge features
// towards it in the grid's direction order. Maps are read-only, so a
// ruleset builds a Flat once per map and shares it.
type Flat struct {
	Grid grid.Grid
	W, H int
	// Dirs is the number of directions of the grid (6 for hexes, 4 or 8
	// for squares), the stride of the per-direction slices.
	Dirs    int
	Terrain []string
	Level   []int
	Labels  []string // printed cell labels
	// LabelArgs are the labels as message arguments (interface values
	// made once: legal lists name thousands of cells).
	LabelArgs []any
	nb        []int32 // neighbour per cell and direction, -1 off the map
	edge      []EdgeSet
}

// Flatten flattens m, recording the listed features on each edge. The
// features of an edge that leads off the map are empty.
func Flatten(m *game.Map, features []Feature) *Flat {
	g := m.Grid
	w, h := g.Size()
	n, dirs := w*h, g.Dirs()
	f := &Flat{Grid: g, W: w, H: h, Dirs: dirs, Terrain: make([]string, n), Level: make([]int, n),
		Labels: make([]string, n), LabelArgs: make([]any, n), nb: make([]int32, n*dirs), edge: make([]EdgeSet, n*dirs)}
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			c := grid.Coord{X: x, Y: y}
			i := f.At(c)
			cell := m.CellAt(c)
			f.Terrain[i], f.Level[i], f.Labels[i] = cell.Terrain, cell.Level, g.Label(c)
			f.LabelArgs[i] = f.Labels[i]
			for d := 0; d < dirs; d++ {
				o := g.Step(c, d)
				if !g.Contains(o) {
					f.nb[i*dirs+d] = -1
					continue
				}
				f.nb[i*dirs+d] = int32(f.At(o))
				var e EdgeSet
				for _, ft := range features {
					if (ft.Link && m.Linked(c, o, ft.Name)) || (!ft.Link && m.EdgeHas(c, o, ft.Name)) {
						e |= ft.Bit
					}
				}
				f.edge[i*dirs+d] = e
			}
		}
	}
	return f
}

// Len is the number of cells.
func (f *Flat) Len() int { return f.W * f.H }

// At is the index of cell c, which must be on the map.
func (f *Flat) At(c grid.Coord) int { return c.X*f.H + c.Y }

// Coord is the cell of index i.
func (f *Flat) Coord(i int) grid.Coord { return grid.Coord{X: i / f.H, Y: i % f.H} }

// Contains reports whether c is on the map.
func (f *Flat) Contains(c grid.Coord) bool { return c.X >= 0 && c.Y >= 0 && c.X < f.W && c.Y < f.H }

// Neighbours lists the neighbour of cell i in each direction (index d of
// the slice is direction d), -1 where it would be off the map.
func (f *Flat) Neighbours(i int) []int32 { return f.nb[i*f.Dirs : (i+1)*f.Dirs : (i+1)*f.Dirs] }

// Edges lists the features of cell i's edge in each direction.
func (f *Flat) Edges(i int) []EdgeSet { return f.edge[i*f.Dirs : (i+1)*f.Dirs : (i+1)*f.Dirs] }

// EdgeDir is the features of cell i's edge in direction d.
func (f *Flat) EdgeDir(i, d int) EdgeSet { return f.edge[i*f.Dirs+d] }

// Edge is the features of the edge between adjacent cells a and b, empty
// when they are not adjacent.
func (f *Flat) Edge(a, b grid.Coord) EdgeSet {
	d := grid.DirTo(f.Grid, a, b)
	if d < 0 || !f.Contains(a) {
		return 0
	}
	return f.edge[f.At(a)*f.Dirs+d]
}

// EdgeTest matches the edges whose features under Mask are exactly Want:
// {River|Bridge, River} is "a river and no bridge". The zero EdgeTest
// matches nothing.
type EdgeTest struct{ Mask, Want EdgeSet }

// Match reports whether e passes the test.
func (t EdgeTest) Match(e EdgeSet) bool { return t.Mask != 0 && e&t.Mask == t.Want }
