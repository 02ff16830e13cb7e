package ptg

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/mech"
)

// Terrain names of the Peter the Great maps (T-TEC) and hexside features.
const (
	Clear        = "clear"
	Woods        = "woods"
	Ravine       = "ravine"
	Marsh        = "marsh"
	Building     = "building"
	River        = "river"
	Bridge       = "bridge"
	Lake         = "lake"
	Entrenchment = "entrenchment"
	Road         = "road"
)

// Edge flags of one side of a hex.
const (
	eRiver mech.EdgeSet = 1 << iota
	eBridge
	eLake
	eEntrench
	eRoad
)

// info is a scenario's map and zones flattened for the hot paths
// (movement searches, zones of control, lines of sight). Scenarios are
// read-only and shared, so it is computed once per scenario.
type info struct {
	*mech.Flat
	tcode   []uint8 // terrain as a row of costc
	camp    []bool
	entSide []bool // the hex has an entrenchment hexside (PTG-7.1.5)
	near    []bool // within 5 hexes of a camp hex (PTG-12.0.7)
	// cost[class][terrain] in half MP, -1 forbidden (T-TEC): class 0
	// infantry & artillery (and leaders), 1 cavalry.
	cost   [2]map[string]int
	costc  [2][7]int            // by tcode, then 5 redoubt, 6 redoubt under construction
	hexMP  map[mech.EdgeSet]int // hexside feature → half MP added, -1 forbidden
	tables *tables
}

var infos sync.Map // *game.Scenario → *info

func (s *State) info() *info {
	// Called at every step of a movement flood: the fast path stays
	// small enough to inline, the purity guard out of line.
	if s.mi == nil || purity.On() {
		return s.loadInfo()
	}
	return s.mi
}

func (s *State) loadInfo() *info {
	decideOnly("map data")
	if s.mi == nil {
		s.mi = infoOf(s.sc)
	}
	return s.mi
}

// infoOf flattens a scenario (it must already have passed loadTables).
func infoOf(sc *game.Scenario) *info {
	if v, ok := infos.Load(sc); ok {
		return v.(*info)
	}
	mi, err := buildInfo(sc)
	if err != nil {
		panic(err) // Start checked the scenario; a stored game's scenario is the same
	}
	v, _ := infos.LoadOrStore(sc, mi)
	return v.(*info)
}

func buildInfo(sc *game.Scenario) (*info, error) {
	tb, err := loadTables(sc)
	if err != nil {
		return nil, err
	}
	m := sc.Map
	campOn := sc.Param("camp", "on") == "on"
	features := []mech.Feature{{Name: River, Bit: eRiver}, {Name: Bridge, Bit: eBridge}, {Name: Lake, Bit: eLake}, {Name: Road, Bit: eRoad, Link: true}}
	if campOn {
		features = append(features, mech.Feature{Name: Entrenchment, Bit: eEntrench})
	}
	fl := mech.Flatten(m, features)
	n := fl.Len()
	mi := &info{Flat: fl, camp: make([]bool, n), entSide: make([]bool, n), near: make([]bool, n), tables: tb, tcode: make([]uint8, n)}
	for i := 0; i < n; i++ {
		for _, e := range mi.Edges(i) {
			if e&eEntrench != 0 {
				mi.entSide[i] = true
			}
		}
	}
	if campOn {
		for _, c := range sc.Zones["camp"] {
			mi.camp[mi.At(c)] = true
		}
		for _, c := range m.Grid.Cells() {
			for _, k := range sc.Zones["camp"] {
				if grid.HexDistance(c, k) <= 5 {
					mi.near[mi.At(c)] = true
					break
				}
			}
		}
	}
	mi.cost = [2]map[string]int{{}, {}}
	mc := tb.moveCost
	for r, row := range mc.Rows {
		for col, name := range mc.Cols {
			v, err := halfMP(mc.Cell[r][col])
			if err != nil {
				return nil, fmt.Errorf("ptg: table move-cost (%s, %s): %v", row, name, err)
			}
			switch name {
			case "infantry":
				mi.cost[0][row] = v
			case "cavalry":
				mi.cost[1][row] = v
			}
		}
	}
	for col := 0; col < 2; col++ {
		for i, row := range tcodes {
			v, ok := mi.cost[col][row]
			if !ok {
				v = mi.cost[col][Clear]
			}
			mi.costc[col][i] = v
		}
	}
	for i, t := range mi.Terrain {
		mi.tcode[i] = 0
		for j, row := range tcodes[:5] {
			if t == row {
				mi.tcode[i] = uint8(j)
			}
		}
	}
	mi.hexMP = map[mech.EdgeSet]int{}
	hc := tb.hexsideCost
	for r, row := range hc.Rows {
		v, err := halfMP(hc.Cell[r][0])
		if err != nil {
			return nil, fmt.Errorf("ptg: table hexside-cost (%s): %v", row, err)
		}
		switch row {
		case River:
			mi.hexMP[eRiver] = v
		case Bridge:
			mi.hexMP[eBridge] = v
		case Entrenchment:
			mi.hexMP[eEntrench] = v
		case Lake:
			mi.hexMP[eLake] = v
		}
	}
	return mi, nil
}

// tcodes are the rows of the movement costs by code.
var tcodes = []string{Clear, Woods, Ravine, Marsh, Building, "redoubt", "redoubt-building"}

// halfMP reads a movement cost ("1", "2", "x") as half MP, -1 forbidden.
func halfMP(v string) (int, error) {
	if v == "x" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a number of MP or x", v)
	}
	return 2 * n, nil
}

// flags returns the edge flags between adjacent a and b (0 if not adjacent).
func (s *State) flags(a, b grid.Coord) mech.EdgeSet { return s.info().Edge(a, b) }

func (s *State) terrain(c grid.Coord) string { return s.info().Terrain[s.info().At(c)] }

// inCamp reports a hex of the Russian camp (none in 13.4).
func (s *State) inCamp(c grid.Coord) bool { return s.info().camp[s.info().At(c)] }

// riverSide reports a river or bridge hexside (PTG-7.2.2: a bridge counts as a river).
func (s *State) riverSide(a, b grid.Coord) bool { return s.flags(a, b)&(eRiver|eBridge) != 0 }

func (s *State) lakeSide(a, b grid.Coord) bool { return s.flags(a, b)&eLake != 0 }

func (s *State) entrenchSide(a, b grid.Coord) bool { return s.flags(a, b)&eEntrench != 0 }

func (s *State) grid() grid.Grid { return s.sc.Map.Grid }

func (s *State) adjacent(a, b grid.Coord) bool { return s.sc.Map.Grid.Adjacent(a, b) }

func (s *State) dist(a, b grid.Coord) int { return grid.HexDistance(a, b) }

// zone returns a scenario zone's cells.
func (s *State) zone(name string) []grid.Coord { return s.sc.Zones[name] }

func (s *State) inZone(name string, c grid.Coord) bool {
	for _, x := range s.sc.Zones[name] {
		if x == c {
			return true
		}
	}
	return false
}
