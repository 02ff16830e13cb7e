package sdc

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The players lay the battlefield out (param terrain = "players", SDC-4.3
// … 4.11): the terrain type roll (param terrain-roll, rolled at set-up,
// SDC-4.4) says whether a river and hills are placed; then, alternating
// between the players from side A [P], each places one feature:
//
//   - the river, then each hill: the player rolls the part of the table
//     (the sector order, SDC-4.5, 4.6) and places the feature inside it
//     (place river HEX: the river runs along HEX's row from A's edge to
//     B's; place hill HEX: a 7-hex hill around HEX); a part where the
//     feature cannot legally go is rolled again, and a hill not placed
//     after 3 rerolls is dropped (SDC-4.7); the highest hill is drawn at
//     random once the last is placed (SDC-4.8);
//   - the 1d3 crossings (param crossings, rolled at set-up), each a
//     bridge or ford on the river (SDC-4.9);
//   - a wood per player (place wood HEX [4-7 hexes], SDC-4.10);
//   - the built-up areas, half of each player's generals rounded up
//     (place village HEX: 3 hexes, or place farm HEX, SDC-4.11);
//   - the road, north edge to south along HEX's column, through a
//     built-up area and over a crossing when there are some (SDC-4.10).
//
// The hills are param hills if the players agreed on a number, else the
// generator's default for the larger army (SDC-4.7). The layout is kept
// in the state (State.Terrain) and becomes the board when the last
// feature is placed; the game then goes on to army building or
// deployment.
const PhaseTerrain = "terrain"

// Terrain features placed in turn, in this order.
const (
	FeatRiver    = "river"
	FeatHill     = "hill"
	FeatCrossing = "crossing"
	FeatWood     = "wood"
	FeatVillage  = "village"
	FeatRoad     = "road"
)

// TerrainStep is one feature a player still places.
type TerrainStep struct {
	Feature string    `json:"feature"`
	Side    game.Side `json:"side"`
}

// TerrainSetup is the battlefield being laid out by the players.
type TerrainSetup struct {
	Layout Layout        `json:"layout"`
	Steps  []TerrainStep `json:"steps"`
	// Sector: the part rolled for the river or hill being placed (0: not
	// yet rolled); Rolls: how many times it was rolled (SDC-4.7).
	Sector int `json:"sector,omitempty"`
	Rolls  int `json:"rolls,omitempty"`
	// Then is the phase the game goes on to once the terrain is laid out.
	Then string `json:"then"`
}

func (t *TerrainSetup) clone() *TerrainSetup {
	c := *t
	c.Steps = slices.Clone(t.Steps)
	c.Layout.River = slices.Clone(t.Layout.River)
	c.Layout.Crossings = slices.Clone(t.Layout.Crossings)
	c.Layout.Fords = slices.Clone(t.Layout.Fords)
	c.Layout.Hills = slices.Clone(t.Layout.Hills)
	c.Layout.Woods = slices.Clone(t.Layout.Woods)
	c.Layout.Villages = slices.Clone(t.Layout.Villages)
	c.Layout.Road = slices.Clone(t.Layout.Road)
	return &c
}

// Done reports whether every feature is placed.
func (t *TerrainSetup) Done() bool { return len(t.Steps) == 0 }

// hillCount is the number of hills: param hills, or SDC-4.7's default for
// the larger army.
func hillCount(sc *game.Scenario, generals int) int {
	if n, err := strconv.Atoi(sc.Param("hills", "")); err == nil && n >= 0 {
		return n
	}
	switch {
	case generals >= 8:
		return 4
	case generals >= 5:
		return 3
	}
	return 2
}

// startTerrain opens the terrain phase (param terrain = "players").
func (s *State) startTerrain() error {
	roll, err := strconv.Atoi(s.sc.Param("terrain-roll", ""))
	if err != nil || roll < 1 || roll > 6 {
		return fmt.Errorf("sdc: terrain = players needs param terrain-roll = 1…6 (SDC-4.4; set-up rolls it)")
	}
	cols, rows := s.m.g.Size()
	var gens [2]int
	for i := range s.Generals {
		gens[s.Generals[i].Side]++
	}
	if s.Brigades > 0 {
		gens = [2]int{s.Brigades, s.Brigades}
	}
	river, hills := TerrainType(roll)
	var feats []string
	if river {
		feats = append(feats, FeatRiver)
	}
	if hills {
		for range hillCount(s.sc, max(gens[0], gens[1], 3)) {
			feats = append(feats, FeatHill)
		}
	}
	if river {
		n, err := strconv.Atoi(s.sc.Param("crossings", ""))
		if err != nil || n < 1 || n > 3 {
			return fmt.Errorf("sdc: a river needs param crossings = 1…3 (SDC-4.9; set-up rolls it)")
		}
		for range n {
			feats = append(feats, FeatCrossing)
		}
	}
	t := &TerrainSetup{Layout: Layout{Cols: cols, Rows: rows, Highest: -1}, Then: s.Phase}
	side := game.SideA
	for _, f := range append(feats, FeatWood, FeatWood) {
		t.Steps = append(t.Steps, TerrainStep{f, side})
		side = side.Other()
	}
	left := [2]int{Villages(gens[0]), Villages(gens[1])} // each his own (SDC-4.11, SDC-Q.19)
	for left[0]+left[1] > 0 {
		if left[side] == 0 {
			side = side.Other()
		}
		t.Steps = append(t.Steps, TerrainStep{FeatVillage, side})
		left[side]--
		side = side.Other()
	}
	t.Steps = append(t.Steps, TerrainStep{FeatRoad, side})
	s.Terrain = t
	s.Phase, s.Active = PhaseTerrain, t.Steps[0].Side
	return nil
}

// SectorRolled: the part of the table for the river or a hill (SDC-4.6).
type SectorRolled struct {
	Side    game.Side `json:"side"`
	Feature string    `json:"feature"`
	Die     int       `json:"die"`
}

func (SectorRolled) Kind() string { return "sector-rolled" }
func (e SectorRolled) apply(s *State) {
	s.Terrain = s.Terrain.clone()
	s.Terrain.Sector = e.Die
	s.Terrain.Rolls++
}
func (e SectorRolled) Message() game.Msg {
	return game.M("sdc.ev.sector", "side", e.Side, "feature", term(e.Feature), "n", e.Die)
}

// TerrainPlaced: one feature placed (no cells: a hill dropped after 3
// rerolls, SDC-4.7, or a feature with no legal hex left, "place none"); Highest is the highest hill, drawn once the last
// hill is in (SDC-4.8), -1 otherwise.
type TerrainPlaced struct {
	Side    game.Side    `json:"side"`
	Feature string       `json:"feature"`
	Name    string       `json:"name"` // bridge, ford, village, farm …
	At      grid.Coord   `json:"at"`
	Cells   []grid.Coord `json:"cells,omitempty"`
	Highest int          `json:"highest"`
}

func (TerrainPlaced) Kind() string { return "terrain-placed" }
func (e TerrainPlaced) apply(s *State) {
	t := s.Terrain.clone()
	s.Terrain = t
	l := &t.Layout
	switch feat := e.Feature; {
	case len(e.Cells) == 0: // dropped
	case feat == FeatRiver:
		l.River = e.Cells
	case feat == FeatHill:
		l.Hills = append(l.Hills, e.Cells)
	case feat == FeatCrossing:
		l.Crossings = append(l.Crossings, e.Cells...)
		if e.Name == "ford" {
			l.Fords = append(l.Fords, e.Cells...)
		}
	case feat == FeatWood:
		l.Woods = append(l.Woods, e.Cells)
	case feat == FeatVillage:
		l.Villages = append(l.Villages, e.Cells)
	case feat == FeatRoad:
		l.Road = e.Cells
	}
	if e.Highest >= 0 {
		l.Highest = e.Highest
	}
	t.Steps = t.Steps[1:]
	t.Sector, t.Rolls = 0, 0
	if len(t.Steps) > 0 {
		s.Active = t.Steps[0].Side
		return
	}
	s.terrainBoard()
	s.Phase, s.Active = t.Then, game.SideA
	s.deployPhase()
}

func (e TerrainPlaced) Message() game.Msg {
	switch {
	case len(e.Cells) == 0 && e.Feature == FeatHill:
		return game.M("sdc.ev.hill-dropped", "side", e.Side)
	case len(e.Cells) == 0:
		return game.M("sdc.ev.feature-dropped", "side", e.Side, "feature", term(e.Feature))
	}
	return game.M("sdc.ev.terrain-placed", "side", e.Side, "feature", term(e.Name), "cell", e.At)
}

// terrainMap is the scenario's map with the features placed so far.
func (s *State) terrainMap() *game.Map {
	mp := s.Terrain.Layout.Map()
	mp.Source = "players"
	for c, cell := range s.sc.Map.Cells { // what the scenario's map already had
		if _, ok := mp.Cells[c]; !ok {
			mp.Cells[c] = cell
		}
	}
	return mp
}

// terrainBoard makes the laid-out terrain the board (and its objectives).
func (s *State) terrainBoard() {
	if s.Terrain == nil || !s.Terrain.Done() {
		return
	}
	if b, err := newBoard(s.terrainMap()); err == nil {
		s.m = b
	}
}

// objectives are the scenario's objectives and, once the players laid the
// terrain out, the layout's (SDC-4.12).
func (s *State) objectives() []game.Objective {
	if s.sc == nil {
		return nil
	}
	if s.Terrain == nil || !s.Terrain.Done() {
		return s.sc.Objectives
	}
	return append(slices.Clone(s.sc.Objectives), s.Terrain.Layout.Objectives(s.m.g)...)
}

// taken reports whether c already has a feature or a unit.
func (s *State) terrainTaken(c grid.Coord) bool {
	l := &s.Terrain.Layout
	if slices.Contains(l.River, c) || s.unitAt(c) != nil || s.m.terrain(c) != Open {
		return true
	}
	for _, g := range [][][]grid.Coord{l.Hills, l.Woods, l.Villages} {
		for _, f := range g {
			if slices.Contains(f, c) {
				return true
			}
		}
	}
	for i := range s.Generals {
		if g := &s.Generals[i]; !g.Off && g.At == c {
			return true
		}
	}
	return false
}

func inZones(cols int, c grid.Coord) bool {
	return InZone(cols, game.SideA, c) || InZone(cols, game.SideB, c)
}

// terrainStep is the feature to place now.
func (s *State) terrainStep() TerrainStep { return s.Terrain.Steps[0] }

// needsSector reports whether the current feature needs a part rolled:
// none yet, or none of the rolled part's hexes takes it (SDC-4.6).
func (s *State) needsSector() bool {
	f := s.terrainStep().Feature
	if f != FeatRiver && f != FeatHill {
		return false
	}
	return s.Terrain.Sector == 0 || len(s.placements()) == 0
}

// placements lists the legal "place" orders for the current feature (the
// hexes, in the sector rolled for the river or a hill).
func (s *State) placements() []string {
	t := s.Terrain
	st := s.terrainStep()
	var out []string
	add := func(name string, c grid.Coord, extra ...string) {
		o := "place " + name + " " + s.label(c)
		for _, e := range extra {
			o += " " + e
		}
		out = append(out, o)
	}
	cols, rows := s.m.g.Size()
	switch st.Feature {
	case FeatRiver, FeatHill:
		if t.Sector == 0 {
			return nil
		}
		seen := map[int]bool{}
		for _, c := range Sector(cols, rows, t.Sector) {
			if st.Feature == FeatRiver {
				if !seen[c.Y] && s.checkPlace(st.Feature, c, 0) == nil {
					seen[c.Y] = true
					add("river", c)
				}
				continue
			}
			if s.checkPlace(st.Feature, c, 0) == nil {
				add("hill", c)
			}
		}
	case FeatCrossing:
		for _, c := range t.Layout.River {
			if s.checkPlace(st.Feature, c, 0) == nil {
				add("bridge", c)
			}
		}
	case FeatRoad:
		for x := 0; x < cols; x++ {
			if c := (grid.Coord{X: x, Y: 0}); s.checkPlace(st.Feature, c, 0) == nil {
				add("road", c)
			}
		}
	default:
		name := map[string]string{FeatWood: "wood", FeatVillage: "village"}[st.Feature]
		for _, c := range s.m.g.Cells() {
			if s.checkPlace(st.Feature, c, 0) == nil {
				add(name, c)
			}
		}
	}
	return out
}

// shape is the cells a feature placed at c covers: the river along c's
// row, a hill of 7, a wood of n, a village of 3, a farm or crossing of 1,
// the road along c's column (broken where the river has no crossing).
func (s *State) shape(name string, c grid.Coord, n int) []grid.Coord {
	cols, rows := s.m.g.Size()
	l := &s.Terrain.Layout
	switch name {
	case "river":
		var out []grid.Coord
		for x := 0; x < cols; x++ {
			out = append(out, grid.Coord{X: x, Y: c.Y})
		}
		return out
	case "hill":
		return blob(s.m.g, c, 7)
	case "wood":
		return blob(s.m.g, c, n)
	case "village":
		return blob(s.m.g, c, 3)
	case "road":
		var out []grid.Coord
		for y := 0; y < rows; y++ {
			x := grid.Coord{X: c.X, Y: y}
			if slices.Contains(l.River, x) && !slices.Contains(l.Crossings, x) {
				continue
			}
			out = append(out, x)
		}
		return out
	}
	return []grid.Coord{c}
}

// checkPlace says why the current feature may not go at c (n: a wood's
// size, 0 for the default), naming the rule.
func (s *State) checkPlace(feature string, c grid.Coord, n int) error {
	l := &s.Terrain.Layout
	cols, rows := s.m.g.Size()
	if !s.m.g.Contains(c) {
		return reject(game.CodeBadCell, "SDC-4.6", "sdc.bad-cell", "cell", game.Plain(s.label(c)))
	}
	free := func(cs []grid.Coord, rule string) error {
		for _, x := range cs {
			if s.terrainTaken(x) {
				return reject("cannot-place", rule, "sdc.terrain.taken", "cell", s.label(x))
			}
		}
		return nil
	}
	switch feature {
	case FeatRiver, FeatHill:
		if !slices.Contains(Sector(cols, rows, s.Terrain.Sector), c) {
			return reject("cannot-place", "SDC-4.6", "sdc.terrain.sector", "cell", s.label(c), "n", s.Terrain.Sector)
		}
		if feature == FeatRiver {
			return free(s.shape("river", c, 0), "SDC-4.6")
		}
		h := s.shape("hill", c, 0)
		if err := free(h, "SDC-4.6"); err != nil {
			return err
		}
		return l.CheckHill(h)
	case FeatCrossing:
		return l.CheckCrossing(c)
	case FeatWood:
		w := s.shape("wood", c, orDefault(n, 5))
		if slices.ContainsFunc(w, func(x grid.Coord) bool { return inZones(cols, x) }) {
			return reject("cannot-place", "SDC-4.10", "sdc.terrain.zone", "cell", s.label(c))
		}
		return free(w, "SDC-4.10")
	case FeatVillage:
		v := s.shape("village", c, 0)
		if n == 1 {
			v = v[:1]
		}
		if err := free(v, "SDC-4.11"); err != nil {
			return err
		}
		return l.CheckVillage(v)
	case FeatRoad:
		if len(l.Crossings) > 0 && !l.crossingColumn(c.X) {
			return reject("cannot-place", "SDC-4.10", "sdc.terrain.road-crossing")
		}
		// Through a built-up area when a straight road over a crossing
		// can reach one [P].
		need := false
		for x := 0; x < cols && !need; x++ {
			need = l.villageColumn(x) && (len(l.Crossings) == 0 || l.crossingColumn(x))
		}
		if need && !l.villageColumn(c.X) {
			return reject("cannot-place", "SDC-4.10", "sdc.terrain.road-village")
		}
	}
	return nil
}

// crossingColumn and villageColumn report whether column x has a crossing
// or a hex of a built-up area.
func (l *Layout) crossingColumn(x int) bool {
	return slices.ContainsFunc(l.Crossings, func(c grid.Coord) bool { return c.X == x })
}

func (l *Layout) villageColumn(x int) bool {
	return slices.ContainsFunc(l.Villages, func(v []grid.Coord) bool {
		return slices.ContainsFunc(v, func(c grid.Coord) bool { return c.X == x })
	})
}

func orDefault(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

// terrainCheck: the terrain phase, this player's turn.
func (x *decider) terrainCheck(rule string) error {
	s := x.t
	if s.Phase != PhaseTerrain {
		return reject(game.CodeWrongPhase, rule, "sdc.wrong-phase", "phase", term(s.Phase))
	}
	if x.side != s.Active {
		return reject(game.CodeWrongSide, "SDC-4.6", "sdc.not-your-turn", "side", s.Active)
	}
	return nil
}

// sector: roll the part of the table for the river or a hill (SDC-4.6);
// again when the part rolled cannot take it; a hill still not placed
// after 3 rerolls is dropped (SDC-4.7).
func (x *decider) sector() error {
	if err := x.terrainCheck("SDC-4.6"); err != nil {
		return err
	}
	s := x.t
	st := s.terrainStep()
	if !s.needsSector() {
		return reject("cannot-roll", "SDC-4.6", "sdc.terrain.no-sector", "feature", term(st.Feature))
	}
	if st.Feature == FeatHill && s.Terrain.Rolls >= 4 {
		x.emit(TerrainPlaced{Side: x.side, Feature: FeatHill, Name: "hill", Highest: x.highest(nil)})
		return nil
	}
	x.emit(SectorRolled{Side: x.side, Feature: st.Feature, Die: x.d.Roll(6)})
	return nil
}

// highest draws the highest hill once the last hill step is done (SDC-4.8);
// h is the hill being placed now (nil if dropped).
func (x *decider) highest(h []grid.Coord) int {
	s := x.t
	if len(s.Terrain.Steps) > 1 && s.Terrain.Steps[1].Feature == FeatHill {
		return -1
	}
	n := len(s.Terrain.Layout.Hills)
	if h != nil {
		n++
	}
	if n == 0 {
		return -1
	}
	return x.d.Roll(n) - 1
}

// place: "place river|hill|bridge|ford|wood|village|farm|road HEX [SIZE]".
func (x *decider) place(args []string) error {
	if err := x.terrainCheck("SDC-4.6"); err != nil {
		return err
	}
	s := x.t
	st := s.terrainStep()
	if len(args) == 0 || len(args) < 2 && args[0] != "none" || len(args) > 3 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "place river|hill|bridge|ford|wood|village|farm|road HEX [SIZE]")
	}
	name := args[0]
	if name == "none" && len(args) == 1 && !s.needsSector() && len(s.placements()) == 0 {
		x.emit(TerrainPlaced{Side: x.side, Feature: st.Feature, Name: name, Highest: -1})
		return nil
	}
	feat := map[string]string{"river": FeatRiver, "hill": FeatHill, "bridge": FeatCrossing, "ford": FeatCrossing,
		"wood": FeatWood, "village": FeatVillage, "farm": FeatVillage, "road": FeatRoad}[name]
	if feat != st.Feature {
		return reject("wrong-feature", stepRule(st.Feature), "sdc.terrain.feature", "feature", term(st.Feature))
	}
	if (feat == FeatRiver || feat == FeatHill) && s.Terrain.Sector == 0 {
		return reject("cannot-place", "SDC-4.6", "sdc.terrain.roll-first")
	}
	c, err := s.m.g.Parse(args[1])
	if err != nil {
		return reject(game.CodeBadCell, "", "sdc.bad-cell", "cell", game.Plain(args[1]))
	}
	n := 0
	switch {
	case len(args) == 3 && feat == FeatWood:
		n, err = strconv.Atoi(args[2])
		if err != nil || n < 4 || n > 7 {
			return reject(game.CodeSyntax, "SDC-4.10", "sdc.terrain.wood-size")
		}
	case len(args) == 3:
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "place "+name+" HEX")
	case name == "farm":
		n = 1
	}
	if err := s.checkPlace(feat, c, n); err != nil {
		return err
	}
	cells := s.shape(name, c, orDefault(n, 5))
	if name == "farm" || name == "bridge" || name == "ford" {
		cells = []grid.Coord{c}
	}
	e := TerrainPlaced{Side: x.side, Feature: feat, Name: name, At: c, Cells: cells, Highest: -1}
	if feat == FeatHill {
		e.Highest = x.highest(cells)
	}
	x.emit(e)
	return nil
}

func stepRule(f string) string {
	switch f {
	case FeatHill:
		return "SDC-4.7"
	case FeatCrossing:
		return "SDC-4.9"
	case FeatWood, FeatRoad:
		return "SDC-4.10"
	case FeatVillage:
		return "SDC-4.11"
	}
	return "SDC-4.6"
}

// terrainDefault is the order placed at a deadline, as the generator
// would: a hill at the rolled part's centre, the river along its middle
// row, any other feature at the legal hex nearest the table's centre.
func (s *State) terrainDefault() string {
	if s.needsSector() {
		return "sector"
	}
	opts := s.placements()
	if len(opts) == 0 {
		return "place none"
	}
	cols, rows := s.m.g.Size()
	centre := grid.Coord{X: cols / 2, Y: rows / 2}
	if f := s.terrainStep().Feature; f == FeatRiver || f == FeatHill {
		sec := Sector(cols, rows, s.Terrain.Sector)
		centre = sec[len(sec)/2]
	}
	best, bd := "", 1<<20
	for _, o := range opts {
		var name, at string
		fmt.Sscanf(o, "place %s %s", &name, &at)
		c, err := s.m.g.Parse(at)
		if err != nil {
			continue
		}
		d := grid.HexDistance(c, centre)
		if name == "river" || name == "road" {
			d = abs(c.Y-centre.Y) + abs(c.X-centre.X)
			if name == "river" {
				d = abs(c.Y - centre.Y)
			}
		}
		if d < bd {
			best, bd = o, d
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
