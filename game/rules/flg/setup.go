package flg

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Set-up (Annex 1 with the digest's proposals). A scenario asks for it
// with params:
//
//	army-A, army-B  a preset army (FLG-P-33: brigade, division, oriental);
//	                its officers follow FLG-P-32 and it deploys in the game
//	board           "generate": a battlefield sized by FLG-P-29 and drawn
//	                by the terrain generator (FLG-P-31, balance mode)
//	theatre         for the generator: "europe" (default), "desert", "winter"
//	fortifications  "on": walled habitations and field fortifications too
//	first           "lot": the first player is drawn (FLG-A1.7)
//
// Without board = "generate" the battlefield is the scenario's own map
// (its [map] or a map file it names: a fixed battlefield, FLG-P-36),
// checked by CheckScenario; its [[objective]] tables (kind "hex") become
// the params objectives-A and objectives-B the victory reads.
//
// SetUp (game.SetUpper) resolves them once, from the game's set-up dice:
// the units and officers become params with no hex, the map is stored in
// the resolved scenario. The game then starts with the private
// deployment (FLG-A1.5, FLG-P-35, the screen method): both sides place
// their units and officers in their two columns nearest their edge, in
// secret, then say "ready"; when both are ready every position is
// revealed at once and the first player's turn begins.

// presets are FLG-P-33's generic armies: type and words (training,
// morale, traits) of each unit.
var presets = map[string][]string{
	"brigade":  {"INF_H_MUSKET", "INF_H_MUSKET", "INF_H_MUSKET", "INF_H_MUSKET", "INF_L_MUSKET", "CAV_L", "CAV_M", "CAV_H", "ART_F_L"},
	"division": {"INF_H_MUSKET elite solid", "INF_H_MUSKET", "INF_H_MUSKET", "INF_H_MUSKET", "INF_H_MUSKET", "INF_H_MUSKET", "INF_H_MUSKET", "INF_L_MUSKET", "INF_L_RIFLE", "CAV_M", "CAV_M", "CAV_H", "CAV_L", "ART_F_H"},
	"oriental": {"INF_H_MELEE C2", "INF_H_MELEE", "INF_H_MELEE", "INF_L_TRAD", "INF_L_TRAD", "INF_L_TRAD", "CAV_L", "CAV_L", "CAM_L", "ELE_H", "ART_ZAMB", "RKT_L"},
}

// Presets lists the preset armies' names.
func Presets() []string {
	var out []string
	for k := range presets {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// defaultOfficers are FLG-P-32's officers of an army of n units.
func defaultOfficers(n int) []string {
	out := []string{RankGC}
	sg, so := 0, 2
	switch {
	case n <= 9:
	case n <= 15:
		sg = 1
	case n <= 24:
		sg, so = 2, 3
	default:
		sg, so = 2+(n-24)/8, 3
	}
	for range sg {
		out = append(out, RankSG)
	}
	for range so {
		out = append(out, RankSO)
	}
	return out
}

// boardSize is FLG-P-29's battlefield for the larger army: columns along
// each edge × rows deep; on this grid the depth is the width.
func boardSize(n int) (depth, along int) {
	switch {
	case n <= 9:
		return 9, 12
	case n <= 15:
		return 11, 15
	case n <= 24:
		return 12, 18
	}
	return 14, 22
}

// blankMap reports whether m has no terrain at all: a placeholder.
func blankMap(m *game.Map) bool {
	return len(m.Cells) == 0 && len(m.Edges) == 0 && len(m.Links) == 0
}

// SetUp resolves the set-up params (see above).
func (*Rules) SetUp(sc *game.Scenario, opts game.Options, d game.Dice) (*game.Scenario, error) {
	armyA, armyB := sc.Param("army-A", ""), sc.Param("army-B", "")
	// A scenario generates its battlefield on its placeholder map; on a
	// map with terrain (a terrain file chosen at creation, scenarios.Load's
	// "flg-brigades@muhlbach") that map is the battlefield (FLG-P-36).
	gen := sc.Param("board", "") == "generate" && blankMap(sc.Map)
	lot := sc.Param("first", "") == "lot"
	if err := CheckScenario(sc); err != nil {
		return nil, err
	}
	if armyA == "" && armyB == "" && !gen && !lot && len(sc.Objectives) == 0 {
		return sc, nil
	}
	out := *sc
	out.Params = map[string]string{}
	for k, v := range sc.Params {
		out.Params[k] = v
	}
	// The scenario's [[objective]] tables become the params the rules
	// read (FLG-P-36): cells for both sides, cells-a/-b for one.
	for _, ob := range sc.Objectives {
		for _, side := range game.Sides {
			cells := append(slices.Clone(ob.Cells), ob.ForSide[side]...)
			key := "objectives-" + side.String()
			for _, c := range cells {
				w := sc.Map.Label(c)
				if ob.Points > 1 {
					w += ":" + strconv.Itoa(ob.Points)
				}
				out.Params[key] = strings.TrimSpace(out.Params[key] + " " + w)
			}
		}
	}
	largest := 0
	var units, officers strings.Builder
	var entries []string // the reinforcements' entry hexes, checked on the battlefield
	for _, side := range game.Sides {
		name := sc.Param("army-"+side.String(), "")
		if name == "" {
			continue
		}
		if name == "budget" {
			fmt.Fprintf(&officers, "%s %sGC1 GC -\n", side, side) // the GC is free (FLG-P-34)
			continue
		}
		army, ok := presets[name]
		if !ok {
			return nil, fmt.Errorf("flg: army-%s %q: a preset, one of %s (FLG-P-33)", side, name, strings.Join(Presets(), ", "))
		}
		largest = max(largest, len(army))
		if !gen {
			// A fixed battlefield must hold the army in its zone.
			if room := deployRoom(sc, side); room < len(army) {
				return nil, fmt.Errorf("flg: scenario %s: side %s's %d columns have %d hexes a unit may stand in, for %d units (FLG-A1.5)", sc.ID, side, deployDepth(sc, side), room, len(army))
			}
		}
		for i, u := range army {
			t, words, _ := strings.Cut(u, " ")
			fmt.Fprintf(&units, "%s %s%d %s - %s\n", side, side, i+1, t, words)
		}
		counts := map[string]int{}
		for _, rank := range defaultOfficers(len(army)) {
			counts[rank]++
			fmt.Fprintf(&officers, "%s %s%s%d %s -\n", side, side, rank, counts[rank], rank)
		}
		groups, err := reinforcements(sc, side)
		if err != nil {
			return nil, err
		}
		n := len(army)
		for _, g := range groups {
			entries = append(entries, g.hex)
			for _, w := range g.words {
				if TypeOf(w) != nil {
					n++
					fmt.Fprintf(&units, "%s %s%d %s off enter=%d@%s\n", side, side, n, w, g.turn, g.hex)
					continue
				}
				counts[w]++
				fmt.Fprintf(&officers, "%s %s%s%d %s off enter=%d@%s\n", side, side, w, counts[w], w, g.turn, g.hex)
			}
		}
	}
	if units.Len() > 0 || officers.Len() > 0 {
		out.Params["units"] = units.String()
		out.Params["officers"] = officers.String()
	}
	if gen {
		if largest == 0 {
			// Budget armies: sized for the most units the budget buys.
			largest = 14
		}
		depth, along := boardSize(largest)
		m, prot, err := GenerateWith(depth, along, sc.Param("theatre", "europe"), sc.Param("fortifications", "") == "on", largest, d)
		if err != nil {
			return nil, err
		}
		out.Map = m
		if len(prot) > 0 {
			var labels []string
			for _, c := range prot {
				labels = append(labels, m.Label(c))
			}
			out.Params["protected"] = strings.Join(labels, " ")
		}
	}
	for _, h := range entries {
		if c, err := out.Map.Grid.Parse(h); err != nil || !out.Map.Grid.Contains(c) {
			return nil, fmt.Errorf("flg: scenario %s: a reinforcement's entry hex %s is not on the battlefield (FLG-3.11)", sc.ID, h)
		}
	}
	if lot {
		for {
			a, b := d.Roll(6), d.Roll(6)
			if a != b {
				out.Params["first"] = map[bool]string{true: "A", false: "B"}[a > b]
				out.Params["first-rolls"] = fmt.Sprintf("%d %d", a, b)
				break
			}
		}
	}
	return &out, nil
}

// Generate draws a battlefield (FLG-P-31): depth columns (this grid's
// width) by along rows, open ground with round(depth × along / 12)
// features (hills, woods, habitations, rocky ground, marshes — sand in
// the desert; snow on every open hex in winter), each a cluster grown
// from a seed hex, none touching another of its kind; the two deployment
// columns of each side stay open, and every hex of them reaches the
// enemy's by ground foot artillery can cross. Balance mode: one half is
// drawn and turned 180° onto the other (exact point symmetry when the
// depth is odd; with an even depth the turned half is shifted half a hex).
// Roads run from edge to edge (with their turned twins); a stream (odd
// depths only) runs down the middle column with two fords and a bridge
// where a road crosses it. GenerateWith adds walled habitations and
// field fortifications.
func Generate(depth, along int, theatre string, units int, d game.Dice) (*game.Map, error) {
	m, _, err := GenerateWith(depth, along, theatre, false, units, d)
	return m, err
}

// GenerateWith is Generate, with walled habitations and field
// fortifications among the features when fortified (FLG-P-31, weight 5);
// it also returns the hexes their obstacles protect (FLG-P-26).
func GenerateWith(depth, along int, theatre string, fortified bool, units int, d game.Dice) (*game.Map, []grid.Coord, error) {
	if depth < 6 || along < 2 {
		return nil, nil, fmt.Errorf("flg: a battlefield of %d × %d is too small", depth, along)
	}
	type kind struct {
		terrain string
		hill    bool
		weight  int
		most    int
	}
	kinds := []kind{{TClear, true, 25, 3}, {TForest, false, 25, 3}, {TTown, false, 12, 2}, {TRocks, false, 8, 2}, {TMarsh, false, 8, 2}, {linkRoad, false, 12, 0}, {TRiver, false, 5, 0}}
	if fortified {
		kinds = append(kinds, kind{OFort, false, 5, 0})
	}
	if theatre == "desert" {
		kinds[4] = kind{TSand, false, 15, 2}
	}
	total := 0
	for _, k := range kinds {
		total += k.weight
	}
	features := int(math.Round(float64(depth*along) / 12))
	g := grid.NewHex(depth, along)
	g.Base = 1
	for attempt := 0; attempt < 50; attempt++ {
		m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: fmt.Sprintf("generated %d×%d %s", depth, along, theatre)}
		kindAt := map[grid.Coord]int{}
		half := func(c grid.Coord) bool { return c.X >= 2 && c.X < depth/2 }
		roads, stream := 0, false
		var forts []grid.Coord
		for f := 0; f < (features+1)/2; f++ {
			r := d.Roll(total)
			ki := 0
			for r > kinds[ki].weight {
				r -= kinds[ki].weight
				ki++
			}
			k := kinds[ki]
			if k.terrain == linkRoad {
				roads++
				continue
			}
			if k.terrain == TRiver {
				stream = depth%2 == 1 // one stream at most, down the middle column
				continue
			}
			if k.terrain == OFort {
				if depth/2 > 3 {
					forts = append(forts, grid.Coord{X: 3 + d.Roll(depth/2-3) - 1, Y: d.Roll(along) - 1})
				}
				continue
			}
			var seed grid.Coord
			found := false
			for try := 0; try < 20 && !found; try++ {
				c := grid.Coord{X: 2 + d.Roll(depth/2-2) - 1, Y: d.Roll(along) - 1}
				if _, used := kindAt[c]; used {
					continue
				}
				clash := false
				for _, n := range g.Neighbors(c) {
					if kk, ok := kindAt[n]; ok && kk == ki {
						clash = true
					}
				}
				seed, found = c, !clash
			}
			if !found {
				continue
			}
			size := d.Roll(k.most)
			cluster := []grid.Coord{seed}
			kindAt[seed] = ki
			for len(cluster) < size {
				c := cluster[d.Roll(len(cluster))-1]
				nb := g.Neighbors(c)
				n := nb[d.Roll(len(nb))-1]
				if _, used := kindAt[n]; used || !half(n) {
					break
				}
				kindAt[n] = ki
				cluster = append(cluster, n)
			}
		}
		placed := make([]grid.Coord, 0, len(kindAt))
		for c := range kindAt {
			placed = append(placed, c)
		}
		slices.SortFunc(placed, func(a, b grid.Coord) int {
			if a.Less(b) {
				return -1
			}
			return 1
		})
		for _, c := range placed {
			ki := kindAt[c]
			k := kinds[ki]
			cell := game.Cell{Terrain: k.terrain}
			if k.hill {
				cell.Level = 1
			}
			m.Cells[c] = cell
			// Balance mode: the half turned onto the other.
			m.Cells[grid.Coord{X: depth - 1 - c.X, Y: along - 1 - c.Y}] = cell
		}
		var protected []grid.Coord
		for _, c := range forts {
			// A walled habitation (walls all round a habitation hex), else
			// a field fortification facing the enemy; and their twins.
			walled := m.CellAt(c).Terrain == TTown
			if !walled && m.CellAt(c).Terrain != TClear {
				continue
			}
			for _, twin := range []bool{false, true} {
				p := c
				if twin {
					p = grid.Coord{X: depth - 1 - c.X, Y: along - 1 - c.Y}
				}
				if slices.Contains(protected, p) {
					continue
				}
				protected = append(protected, p)
				for _, n := range g.Neighbors(p) {
					toward := n.X > p.X
					if twin {
						toward = n.X < p.X
					}
					obst := OFort
					if walled {
						obst = OWall
					} else if !toward {
						continue
					}
					e := grid.EdgeOf(p, n)
					if !slices.Contains(m.Edges[e], obst) {
						m.Edges[e] = append(m.Edges[e], obst)
					}
				}
			}
		}
		if stream {
			// A stream from side edge to side edge down the middle column,
			// with two fords (turned onto each other) and a bridge where a
			// road will cross.
			mid := depth / 2
			for y := range along {
				m.Cells[grid.Coord{X: mid, Y: y}] = game.Cell{Terrain: TRiver}
			}
			f := d.Roll(along/2) - 1
			m.Cells[grid.Coord{X: mid, Y: f}] = game.Cell{Terrain: TFord}
			m.Cells[grid.Coord{X: mid, Y: along - 1 - f}] = game.Cell{Terrain: TFord}
		}
		for range roads {
			// A road from edge to edge, a walk biased toward the far edge,
			// and its turned twin.
			var path []grid.Coord
			c := grid.Coord{X: 0, Y: d.Roll(along) - 1}
			path = append(path, c)
			for c.X < depth-1 {
				var next []grid.Coord
				for _, n := range g.Neighbors(c) {
					if n.X > c.X {
						next = append(next, n)
					}
				}
				slices.SortFunc(next, func(a, b grid.Coord) int {
					if a.Less(b) {
						return -1
					}
					return 1
				})
				c = next[d.Roll(len(next))-1]
				path = append(path, c)
			}
			for _, twin := range []bool{false, true} {
				for i := 1; i < len(path); i++ {
					a, b := path[i-1], path[i]
					if twin {
						a = grid.Coord{X: depth - 1 - a.X, Y: along - 1 - a.Y}
						b = grid.Coord{X: depth - 1 - b.X, Y: along - 1 - b.Y}
					}
					if !g.Adjacent(a, b) {
						continue // an even depth turns half a hex: the twin may break
					}
					e := grid.EdgeOf(a, b)
					if !slices.Contains(m.Links[e], linkRoad) {
						m.Links[e] = append(m.Links[e], linkRoad)
					}
					for _, c := range []grid.Coord{a, b} {
						if m.CellAt(c).Terrain == TRiver {
							m.Cells[c] = game.Cell{Terrain: TBridge}
						}
					}
				}
			}
		}
		if theatre == "winter" {
			for _, c := range g.Cells() {
				if x, ok := m.Cells[c]; !ok || x.Terrain == TClear {
					x.Terrain = TSnow
					m.Cells[c] = x
				}
			}
		}
		if err := CheckBattlefield(m, units); err == nil {
			return m, protected, nil
		}
	}
	return nil, nil, fmt.Errorf("flg: no battlefield of %d × %d met FLG-P-31's constraints", depth, along)
}

// CheckBattlefield checks FLG-P-31's constraints on a generated map: the
// deployment columns open (at least 75 % open or road, none impassable),
// at least units+3 hexes where foot artillery may deploy, and every
// deployable hex joined to the enemy's zone by ground foot artillery may
// cross.
func CheckBattlefield(m *game.Map, units int) error {
	w, h := m.Grid.Size()
	artOK := func(c grid.Coord) bool {
		switch m.CellAt(c).Terrain {
		case TClear, TSnow, TSand, TFord, TBridge:
			return true
		}
		return false
	}
	for _, side := range game.Sides {
		cols := []int{0, 1}
		if side == game.SideB {
			cols = []int{w - 2, w - 1}
		}
		open, deployable := 0, 0
		var zone []grid.Coord
		for _, x := range cols {
			for y := range h {
				c := grid.Coord{X: x, Y: y}
				zone = append(zone, c)
				switch m.CellAt(c).Terrain {
				case TMountain, TLake, TRiver, TGreatRiver:
					return fmt.Errorf("impassable %s in side %s's deployment zone", m.Label(c), side)
				case TClear, TSnow:
					open++
				}
				if artOK(c) {
					deployable++
				}
			}
		}
		if open*4 < 3*len(zone) {
			return fmt.Errorf("side %s's deployment zone is %d of %d open", side, open, len(zone))
		}
		if deployable < units+3 {
			return fmt.Errorf("side %s has %d hexes for artillery, fewer than %d", side, deployable, units+3)
		}
		// Every hex of the zone reaches the enemy zone by artillery ground.
		seen := map[grid.Coord]bool{}
		var queue []grid.Coord
		for _, c := range zone {
			if artOK(c) {
				seen[c] = true
				queue = append(queue, c)
			}
		}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for _, n := range m.Grid.Neighbors(c) {
				blocked := false
				for _, f := range m.Edges[grid.EdgeOf(c, n)] {
					blocked = blocked || slices.Contains(obstacles, f)
				}
				if !seen[n] && artOK(n) && !blocked {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		far := w - 1
		if side == game.SideB {
			far = 0
		}
		reached := false
		for y := range h {
			if seen[grid.Coord{X: far, Y: y}] {
				reached = true
			}
		}
		if !reached {
			return fmt.Errorf("side %s's zone does not reach the enemy's by artillery ground", side)
		}
	}
	return nil
}

// Names a Frédéric le Grand map may use (FLG-T10): the hexes' terrains,
// the hexsides' linear obstacles, the links.
var (
	terrains = []string{TClear, TForest, TTown, TMarsh, TRocks, TSand, TSnow, TMountain, TLake, TRiver, TGreatRiver, TFord, TBridge}
	links    = []string{linkRoad}
)

// CheckScenario checks what a scenario tells the rules beyond the data
// format (FLG-P-36), so that `grognard lint` and the creation of a game
// refuse a club's mistakes: the map's terrain names, levels (0, or 1: a
// hill), hexside obstacles and links; param victory; the objectives
// (params objectives-A/-B, [[objective]] tables of kind "hex"), which
// victory by objectives needs; the protected hexes, each behind a linear
// obstacle (FLG-P-26).
func CheckScenario(sc *game.Scenario) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("flg: scenario %s: "+format, append([]any{sc.ID}, args...)...)
	}
	m := sc.Map
	if m == nil || m.Grid == nil {
		return fail("no map")
	}
	for _, c := range m.Grid.Cells() {
		cell := m.CellAt(c)
		if !slices.Contains(terrains, cell.Terrain) {
			return fail("%s: terrain %q is not one of %s (FLG-T10)", m.Label(c), cell.Terrain, strings.Join(terrains, ", "))
		}
		if cell.Level < 0 || cell.Level > 1 {
			return fail("%s: level %d: 0, or 1 for a hill (FLG-6.2)", m.Label(c), cell.Level)
		}
	}
	for _, e := range sortedEdges(m.Edges) {
		for _, f := range m.Edges[e] {
			if !slices.Contains(obstacles, f) {
				return fail("hexside %s|%s: %q is not a linear obstacle, one of %s (FLG-6.5)", m.Label(e.A), m.Label(e.B), f, strings.Join(obstacles, ", "))
			}
		}
	}
	for _, e := range sortedEdges(m.Links) {
		for _, l := range m.Links[e] {
			if !slices.Contains(links, l) {
				return fail("link %s %s: %q is not a road", m.Label(e.A), m.Label(e.B), l)
			}
		}
	}
	switch v := sc.Param("victory", "demoralisation"); v {
	case "demoralisation", "objectives", "both":
	default:
		return fail("param victory %q: demoralisation, objectives or both (FLG-P-36)", v)
	}
	switch f := sc.Param("first", "A"); f {
	case "A", "B", "S", "N", "lot":
	default:
		return fail("param first %q: A (the digest's S), B (N) or lot (FLG-P-36's firstPlayer, FLG-A1.7)", f)
	}
	switch v := sc.Param(paramExit, "false"); v {
	case "true", "false":
	default:
		return fail("param %s %q: true or false (FLG-P-36's exitAllowed, FLG-3.10)", paramExit, v)
	}
	objectives := 0
	for _, side := range game.Sides {
		for _, w := range strings.Fields(sc.Param("objectives-"+side.String(), "")) {
			label, vp, err := objectiveWord(w)
			if err != nil {
				return fail("param objectives-%s: %s: %v (FLG-P-36's vp)", side, w, err)
			}
			if _, err := m.Grid.Parse(label); err != nil {
				return fail("param objectives-%s: %v", side, err)
			}
			_ = vp
			objectives++
		}
	}
	for _, ob := range sc.Objectives {
		if ob.Kind != "hex" {
			return fail("objective %s: kind %q: Frédéric le Grand's objectives are hexes to hold (kind = \"hex\", FLG-P-36)", ob.Name, ob.Kind)
		}
		if ob.Points < 1 {
			return fail("objective %s: points %d: the objective's victory points, a whole number from 1 (FLG-P-36's vp)", ob.Name, ob.Points)
		}
		objectives++
	}
	if v := sc.Param("victory", "demoralisation"); v != "demoralisation" && objectives == 0 {
		return fail("victory %q without objectives: give [[objective]] tables or params objectives-A/-B (FLG-P-36)", v)
	}
	for _, side := range game.Sides {
		if _, err := reinforcements(sc, side); err != nil {
			return err
		}
		if sc.Param("reinforcements-"+side.String(), "") != "" && (sc.Param("army-"+side.String(), "") == "" || sc.Param("army-"+side.String(), "") == "budget") {
			return fail("param reinforcements-%s: with a preset army (army-%s); a scenario's own units enter with \"off enter=TURN@HEX\" (FLG-3.11)", side, side)
		}
	}
	depth, _ := m.Grid.Size()
	for _, k := range []string{"deploy-columns", "deploy-columns-A", "deploy-columns-B"} {
		if v := sc.Param(k, ""); v != "" {
			if n, err := strconv.Atoi(v); err != nil || n < 1 || 2*n > depth {
				return fail("param %s %q: a whole number of columns from 1 to %d, half the battlefield's depth (FLG-P-36)", k, v, depth/2)
			}
		}
	}
	for _, w := range strings.Fields(sc.Param(paramProt, "")) {
		p, err := m.Grid.Parse(w)
		if err != nil {
			return fail("param protected: %v", err)
		}
		behind := false
		for _, n := range m.Grid.Neighbors(p) {
			for _, f := range m.Edges[grid.EdgeOf(p, n)] {
				behind = behind || slices.Contains(obstacles, f)
			}
		}
		if !behind {
			return fail("param protected: %s has no linear obstacle on its hexsides (FLG-P-26)", w)
		}
	}
	return nil
}

// sortedEdges are a map's hexsides in label order, so that a check
// reports the same first problem every time.
func sortedEdges(es map[grid.Edge][]string) []grid.Edge {
	out := make([]grid.Edge, 0, len(es))
	for e := range es {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b grid.Edge) int {
		switch {
		case a.A != b.A && a.A.Less(b.A), a.A == b.A && b.B != a.B && a.B.Less(b.B):
			return -1
		case a == b:
			return 0
		}
		return 1
	})
	return out
}

// reinforcementGroup is one group of a side's reinforcements: the turn
// and hex they enter by, their troop types and the ranks of the officers
// who come with them (FLG-3.11: they must be activated).
type reinforcementGroup struct {
	turn  int
	hex   string
	words []string
}

// reinforcements reads param reinforcements-A/-B of a scenario whose
// armies are presets (FLG-P-36's per-side reinforcement lists):
// "TURN@HEX WORD… ; TURN@HEX WORD…", each WORD a troop type (FLG-T2) or
// the rank of an officer who comes with them (SG, SO).
func reinforcements(sc *game.Scenario, side game.Side) ([]reinforcementGroup, error) {
	key := "reinforcements-" + side.String()
	var out []reinforcementGroup
	for _, part := range strings.Split(sc.Param(key, ""), ";") {
		w := strings.Fields(part)
		if len(w) == 0 {
			continue
		}
		ts, hex, _ := strings.Cut(w[0], "@")
		t, err := strconv.Atoi(ts)
		if err != nil || t < 1 || hex == "" || len(w) < 2 {
			return nil, fmt.Errorf("flg: scenario %s: param %s: %q: TURN@HEX followed by troop types and officers' ranks (FLG-P-36)", sc.ID, key, strings.TrimSpace(part))
		}
		for _, x := range w[1:] {
			if TypeOf(x) == nil && x != RankSG && x != RankSO {
				return nil, fmt.Errorf("flg: scenario %s: param %s: %q is neither a troop type (FLG-T2) nor SG or SO", sc.ID, key, x)
			}
		}
		out = append(out, reinforcementGroup{turn: t, hex: hex, words: w[1:]})
	}
	return out, nil
}

// deployRoom counts the hexes of side's deployment columns (deployDepth)
// a unit may stand in (not mountain, lake or river).
func deployRoom(sc *game.Scenario, side game.Side) int {
	m := sc.Map
	w, h := m.Grid.Size()
	var cols []int
	for i := range deployDepth(sc, side) {
		if side == game.SideB {
			cols = append(cols, w-1-i)
		} else {
			cols = append(cols, i)
		}
	}
	n := 0
	for _, x := range cols {
		for y := range h {
			switch m.CellAt(grid.Coord{X: x, Y: y}).Terrain {
			case TMountain, TLake, TRiver, TGreatRiver:
			default:
				n++
			}
		}
	}
	return n
}

// paramExit is the scenario param saying whether units may leave the
// battlefield by their own edge (FLG-3.10, FLG-P-36's exitAllowed):
// "false" by default.
const paramExit = "exit-allowed"

// objectiveWord reads one word of params objectives-A/-B: a hex label,
// worth 1 victory point, or "LABEL:VP" (FLG-P-36's per-objective vp).
func objectiveWord(w string) (label string, vp int, err error) {
	label, p, ok := strings.Cut(w, ":")
	if !ok {
		return label, 1, nil
	}
	vp, err = strconv.Atoi(p)
	if err != nil || vp < 1 {
		return label, 0, fmt.Errorf("victory points %q: a whole number from 1", p)
	}
	return label, vp, nil
}

// firstSide is the side that plays first by the scenario's param first:
// A, or B (the digest's N), once a lot was drawn at set-up.
func firstSide(sc *game.Scenario) game.Side {
	if f := sc.Param("first", "A"); f == "B" || f == "N" {
		return game.SideB
	}
	return game.SideA
}
