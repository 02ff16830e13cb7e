package flg

import (
	"fmt"
	"slices"
	"strings"

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

func (s *State) terrain(c grid.Coord) string { return s.board().CellAt(c).Terrain }
func (s *State) level(c grid.Coord) int      { return s.board().CellAt(c).Level }

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
	return s.board().Linked(a, b, linkRoad)
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
	for _, f := range s.board().Edges[grid.EdgeOf(a, b)] {
		if slices.Contains(obstacles, f) {
			return f
		}
	}
	return ""
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
