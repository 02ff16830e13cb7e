package gs

import (
	"strconv"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Edge flags of one side of a hex, precomputed per map.
const (
	fRiver uint8 = 1 << iota
	fBridge
	fStream
	fRoad
	fPath
	fRidge
)

// mapInfo is a map's terrain flattened into slices for the hot paths
// (movement searches, zones of control): scenario maps are read-only and
// shared, so it is computed once per map.
type mapInfo struct {
	h       int
	terrain []string
	level   []int
	edge    [][6]uint8

	mu    sync.Mutex
	costs map[costKey][]int // per movement table and arm: half MP per cell, -1 forbidden
}

type costKey struct {
	table *game.Table
	arm   string
}

var mapInfos sync.Map // *game.Map → *mapInfo

func infoOf(m *game.Map) *mapInfo {
	if v, ok := mapInfos.Load(m); ok {
		return v.(*mapInfo)
	}
	w, h := m.Grid.Size()
	mi := &mapInfo{h: h, terrain: make([]string, w*h), level: make([]int, w*h), edge: make([][6]uint8, w*h)}
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			c := grid.Coord{X: x, Y: y}
			i := mi.at(c)
			cell := m.CellAt(c)
			mi.terrain[i], mi.level[i] = cell.Terrain, cell.Level
			for d := 0; d < m.Grid.Dirs() && d < 6; d++ {
				n := m.Grid.Step(c, d)
				var f uint8
				for name, bit := range map[string]uint8{River: fRiver, Bridge: fBridge, Stream: fStream, Ridge: fRidge} {
					if m.EdgeHas(c, n, name) {
						f |= bit
					}
				}
				if m.Linked(c, n, Road) {
					f |= fRoad
				}
				if m.Linked(c, n, Path) {
					f |= fPath
				}
				mi.edge[i][d] = f
			}
		}
	}
	v, _ := mapInfos.LoadOrStore(m, mi)
	return v.(*mapInfo)
}

func (mi *mapInfo) at(c grid.Coord) int { return c.X*mi.h + c.Y }

// flags returns the edge flags between adjacent a and b (0 if not adjacent).
func (s *State) flags(a, b grid.Coord) uint8 {
	d := grid.DirTo(s.m().Grid, a, b)
	if d < 0 || d > 5 {
		return 0
	}
	return s.info().edge[s.info().at(a)][d]
}

func (s *State) info() *mapInfo {
	if s.mi == nil {
		s.mi = infoOf(s.sc.Map)
	}
	return s.mi
}

// armCosts returns the off-road entry cost of every cell for an arm, in
// half MP (-1 where the arm may not go), computed once per table and arm.
func (s *State) armCosts(arm string) []int {
	mi := s.info()
	t := s.sc.Tables["move-cost"]
	k := costKey{t, arm}
	mi.mu.Lock()
	defer mi.mu.Unlock()
	if c, ok := mi.costs[k]; ok {
		return c
	}
	if mi.costs == nil {
		mi.costs = map[costKey][]int{}
	}
	byTerrain := map[string]int{}
	c := make([]int, len(mi.terrain))
	for i, ter := range mi.terrain {
		v, ok := byTerrain[ter]
		if !ok {
			v = -1
			if t != nil {
				if x, err := t.Lookup(ter, arm); err == nil {
					if f, err := strconv.ParseFloat(x, 64); err == nil {
						v = int(f * 2)
					}
				}
			}
			byTerrain[ter] = v
		}
		c[i] = v
	}
	mi.costs[k] = c
	return c
}
