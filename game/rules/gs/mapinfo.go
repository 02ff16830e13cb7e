package gs

import (
	"strconv"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// Edge flags of one side of a hex, precomputed per map.
const (
	fRiver mech.EdgeSet = 1 << iota
	fBridge
	fStream
	fRoad
	fPath
	fRidge
)

// features are the edge and link features the movement and combat rules
// read (GS-2.8–2.11, GS-4.11, GS-T1).
var features = []mech.Feature{
	{Name: River, Bit: fRiver}, {Name: Bridge, Bit: fBridge}, {Name: Stream, Bit: fStream}, {Name: Ridge, Bit: fRidge},
	{Name: Road, Bit: fRoad, Link: true}, {Name: Path, Bit: fPath, Link: true},
}

// mapInfo is a map's terrain flattened into slices for the hot paths
// (movement searches, zones of control): scenario maps are read-only and
// shared, so it is computed once per map.
type mapInfo struct {
	*mech.Flat
	zoc mech.ZOCRule

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
	mi := &mapInfo{Flat: mech.Flatten(m, features)}
	// GS-3.1, 3.7: no zone of control into villages and forests, nor
	// across an unbridged river.
	mi.zoc = mech.ZOCRule{Blocked: mech.EdgeTest{Mask: fRiver | fBridge, Want: fRiver}, Open: make([]bool, mi.Len())}
	for i, t := range mi.Terrain {
		mi.zoc.Open[i] = t != Village && t != Forest
	}
	v, _ := mapInfos.LoadOrStore(m, mi)
	return v.(*mapInfo)
}

// flags returns the edge flags between adjacent a and b (0 if not adjacent).
func (s *State) flags(a, b grid.Coord) mech.EdgeSet { return s.info().Edge(a, b) }

func (s *State) info() *mapInfo {
	// Called at every step of a movement flood: the fast path stays
	// small enough to inline, the purity guard out of line.
	if s.mi == nil || purity.On() {
		return s.loadInfo()
	}
	return s.mi
}

func (s *State) loadInfo() *mapInfo {
	decideOnly("map data")
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
	c := make([]int, len(mi.Terrain))
	for i, ter := range mi.Terrain {
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
