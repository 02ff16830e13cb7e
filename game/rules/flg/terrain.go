package flg

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Terrain names as the map writes them (FLG-T10, §2.3). A hex has one
// base terrain; a hill is a hex of level 1 (compounds: a wooded hill is a
// forest hex of level 1). Roads are links between hexes ("road"); a
// bridge and a ford are river hexes that can be crossed. Linear obstacles
// are hexside features (wall, ditch, fortification, rampart); the hexes
// they protect are listed in the scenario param "protected" (FLG-P-26).
const (
	TClear      = "clear"
	TForest     = "forest"
	TTown       = "town"
	TMarsh      = "marsh"
	TRocks      = "rocks"
	TSand       = "sand"
	TSnow       = "snow"
	TMountain   = "mountain"
	TLake       = "lake"
	TRiver      = "river"
	TGreatRiver = "great-river"
	TFord       = "ford"
	TBridge     = "bridge"
)

// Linear obstacles (FLG-6.5).
const (
	OWall     = "wall"
	ODitch    = "ditch"
	OFort     = "fortification"
	ORampart  = "rampart"
	linkRoad  = "road"
	paramProt = "protected"
)

var obstacles = []string{OWall, ODitch, OFort, ORampart}

func (s *State) terrain(c grid.Coord) string { return s.dense().cell(c).Terrain }
func (s *State) level(c grid.Coord) int      { return s.dense().cell(c).Level }

// denseMap is a map's terrain, roads and hexside obstacles in arrays, built
// when a state is started or decoded and shared by its copies (maps are
// read-only once loaded): the floods of Legal ask for them at every step.
type denseMap struct {
	w, h  int
	cells []game.Cell
	road  [][6]bool   // by cell and direction
	obst  [][6]string // the linear obstacle on each hexside
	once  sync.Once   // arr, the floods' form (moveflood.go), built on first use
	arr   *cellArrays
}

func (s *State) dense() *denseMap {
	if s.dm != nil {
		return s.dm
	}
	return newDense(s.board())
}

func newDense(m *game.Map) *denseMap {
	w, h := m.Grid.Size()
	d := &denseMap{w: w, h: h, cells: make([]game.Cell, w*h), road: make([][6]bool, w*h), obst: make([][6]string, w*h)}
	for _, c := range m.Grid.Cells() {
		i := c.X*h + c.Y
		d.cells[i] = m.CellAt(c)
		for dir := range 6 {
			n := m.Grid.Step(c, dir)
			if !m.Grid.Contains(n) {
				continue
			}
			d.road[i][dir] = m.Linked(c, n, linkRoad)
			for _, f := range m.Edges[grid.EdgeOf(c, n)] {
				if slices.Contains(obstacles, f) {
					d.obst[i][dir] = f
				}
			}
		}
	}
	return d
}

func (d *denseMap) cell(c grid.Coord) game.Cell {
	if c.X < 0 || c.Y < 0 || c.X >= d.w || c.Y >= d.h {
		return game.Cell{Terrain: TClear}
	}
	return d.cells[c.X*d.h+c.Y]
}

// side returns the direction from a to its neighbour b (-1 if none).
func (d *denseMap) side(g grid.Grid, a, b grid.Coord) (int, int) {
	if a.X < 0 || a.Y < 0 || a.X >= d.w || a.Y >= d.h {
		return -1, -1
	}
	return a.X*d.h + a.Y, grid.DirTo(g, a, b)
}

// rough: forest, habitation, marsh, rocky ground (FLG-6.3, AMB-15).
func (s *State) rough(c grid.Coord) bool {
	switch s.terrain(c) {
	case TForest, TTown, TMarsh, TRocks:
		return true
	}
	return false
}

// impassable to every unit (FLG-T10).
func (s *State) impassable(c grid.Coord) bool {
	if !s.board().Grid.Contains(c) {
		return true
	}
	switch s.terrain(c) {
	case TMountain, TLake, TRiver, TGreatRiver:
		return true
	}
	return false
}

// road reports a road link between two adjacent hexes (a bridge carries
// the road; a ford cuts it, FLG-3.8).
func (s *State) road(a, b grid.Coord) bool {
	if s.terrain(a) == TFord || s.terrain(b) == TFord {
		return false
	}
	d := s.dense()
	i, dir := d.side(s.board().Grid, a, b)
	return i >= 0 && dir >= 0 && d.road[i][dir]
}

// onRoad reports whether a hex has any road.
func (s *State) onRoad(c grid.Coord) bool {
	for _, n := range s.board().Grid.Neighbors(c) {
		if s.road(c, n) {
			return true
		}
	}
	return false
}

// protected reports whether a hex is the protected side of its hexside
// obstacles.
func (s *State) protected(c grid.Coord) bool {
	if s.prot == nil {
		return false
	}
	return s.prot[c]
}

// protectedHexes reads the scenario param "protected" once.
func protectedHexes(sc *game.Scenario) (map[grid.Coord]bool, error) {
	out := map[grid.Coord]bool{}
	for _, w := range strings.Fields(sc.Param(paramProt, "")) {
		p, err := sc.Map.Grid.Parse(w)
		if err != nil {
			return nil, fmt.Errorf("param protected: %v", err)
		}
		out[p] = true
	}
	return out, nil
}

// obstacleInto returns the obstacle crossed from a into b when b is the
// protected hex ("" if none): the "Vers" side of FLG-T10.
func (s *State) obstacleInto(a, b grid.Coord) string {
	if !s.protected(b) {
		return ""
	}
	return s.obstacleOn(a, b)
}

// obstacleOutOf returns the obstacle crossed from a protected hex a into b
// (the "Depuis" side).
func (s *State) obstacleOutOf(a, b grid.Coord) string {
	if !s.protected(a) {
		return ""
	}
	return s.obstacleOn(a, b)
}

func (s *State) obstacleOn(a, b grid.Coord) string {
	d := s.dense()
	i, dir := d.side(s.board().Grid, a, b)
	if i < 0 || dir < 0 {
		return ""
	}
	return d.obst[i][dir]
}

// artilleryBarred: artillery may enter forest, marsh, rocky ground or
// habitation only along a road, and never crosses a linear obstacle
// (FLG-T10, FLG-P-12 rule 7).
func (s *State) artilleryBarred(a, b grid.Coord) bool {
	if s.rough(b) && !s.road(a, b) {
		return true
	}
	return s.obstacleOn(a, b) != ""
}
