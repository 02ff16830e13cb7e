package flg

import (
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The movement floods of Legal over arrays indexed by cell (X*h+Y, the
// order of grid.Coord.Less): the map's terrain classes, neighbours and
// hexside obstacles are computed once per map (cellArrays), the units'
// places once per state (mover), and the flood buffers are reused from
// one unit to the next. They give the same costs, stops and paths as
// flood with State.step (moveref_test.go keeps that version as the
// reference).

// Terrain classes of a cell for the floods.
const (
	kImpass uint8 = 1 << iota // mountain, lake, river, great river (FLG-T10)
	kRocks                    // +1 entering and leaving (FLG-P-12)
	kStop                     // forest, marsh, habitation, ford, snow: the move ends
	kSand                     // the move ends but for camels
	kFord                     // cuts the road (FLG-3.8)
	kRough                    // forest, habitation, marsh, rocks (FLG-6.3)
)

// Hexside obstacle codes.
const (
	obNone uint8 = iota
	obWall
	obDitch
	obFort
	obRampart
)

// cellArrays is a denseMap in the form the floods read.
type cellArrays struct {
	h      int
	kind   []uint8
	nb     [][6]int32 // neighbour by direction, -1 off the map
	road   [][6]bool  // a road link (fords not yet taken out)
	ob     [][6]uint8
	labels []string
	boxed  []any // labels as message arguments
}

// arrays returns the map's cell arrays, built on first use.
func (d *denseMap) arrays(m *game.Map) *cellArrays {
	d.once.Do(func() {
		n := d.w * d.h
		a := &cellArrays{h: d.h, kind: make([]uint8, n), nb: make([][6]int32, n), road: d.road, ob: make([][6]uint8, n), labels: make([]string, n), boxed: make([]any, n)}
		for i := range n {
			c := grid.Coord{X: i / d.h, Y: i % d.h}
			var k uint8
			switch d.cells[i].Terrain {
			case TMountain, TLake, TRiver, TGreatRiver:
				k |= kImpass
			case TRocks:
				k |= kRocks | kRough
			case TForest, TMarsh, TTown:
				k |= kStop | kRough
			case TFord:
				k |= kStop | kFord
			case TSnow:
				k |= kStop
			case TSand:
				k |= kSand
			}
			a.kind[i] = k
			for dir := range 6 {
				a.nb[i][dir] = -1
				if nc := m.Grid.Step(c, dir); nc.X >= 0 && nc.Y >= 0 && nc.X < d.w && nc.Y < d.h {
					a.nb[i][dir] = int32(nc.X*d.h + nc.Y)
				}
				switch d.obst[i][dir] {
				case OWall:
					a.ob[i][dir] = obWall
				case ODitch:
					a.ob[i][dir] = obDitch
				case OFort:
					a.ob[i][dir] = obFort
				case ORampart:
					a.ob[i][dir] = obRampart
				}
			}
			a.labels[i] = m.Label(c)
			a.boxed[i] = a.labels[i]
		}
		d.arr = a
	})
	return d.arr
}

// reach is one flood's result: each cell's cost (-1: not reached), the
// cell it was entered from and whether the move stops there.
type reach struct {
	h     int
	start int32
	cost  []int32
	prev  []int32
	stop  []bool
	seen  []int32 // the cells reached, to reset
}

// path is the way from the flood's start to c, the start left out (as
// grid.Path).
func (r *reach) path(c grid.Coord) []grid.Coord {
	var out []grid.Coord
	for i := int32(c.X*r.h + c.Y); i != r.start; i = r.prev[i] {
		out = append(out, grid.Coord{X: int(i) / r.h, Y: int(i) % r.h})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// mover floods the units of one state: made once per Legal (indexed) or
// per order, not for concurrent use.
type mover struct {
	s       *State
	a       *cellArrays
	occ     []*Unit // the unit in each cell (UnitAt)
	prot    []bool  // protected by its hexside obstacles (FLG-P-26)
	pool    []*reach
	used    int
	done    []bool
	buckets [][]int32
	dest    []uint8 // a unit's destinations by cell (dSet, flags, the flood's number)
}

// A destination's byte in mover.dest: the flood that reached it in the
// low bits.
const (
	dSet uint8 = 0x80 >> iota
	dNoCombat
	dRoad
	dMount
	dFlood uint8 = 0x0f
)

func (s *State) mover() *mover {
	if s.mv != nil {
		return s.mv
	}
	d := s.dm
	if d == nil {
		d = newDense(s.board())
	}
	a := d.arrays(s.board())
	n := len(a.kind)
	m := &mover{s: s, a: a, prot: make([]bool, n), done: make([]bool, n), dest: make([]uint8, n)}
	if s.occ != nil && len(s.occ) == n {
		m.occ = s.occ // UnitAt's index
	} else {
		m.occ = make([]*Unit, n)
		for i := len(s.Units) - 1; i >= 0; i-- { // the first unit of a hex wins, as in UnitAt
			if u := &s.Units[i]; !u.Gone && !u.Reserve && !u.Off && !u.hidden {
				if j := m.index(u.At); j >= 0 {
					m.occ[j] = u
				}
			}
		}
	}
	for c := range s.prot {
		if j := m.index(c); j >= 0 {
			m.prot[j] = true
		}
	}
	if s.occ != nil {
		s.mv = m // an indexed copy keeps it for every unit of Legal
	}
	return m
}

func (m *mover) index(c grid.Coord) int {
	if c.X < 0 || c.Y < 0 || c.Y >= m.a.h || c.X*m.a.h+c.Y >= len(m.a.kind) {
		return -1
	}
	return c.X*m.a.h + c.Y
}

func (m *mover) coord(i int) grid.Coord { return grid.Coord{X: i / m.a.h, Y: i % m.a.h} }

// walker is who floods: a unit (with its family and camel flag and
// whether it keeps to the road), or an officer or messenger of side
// (1 a hex, terrain ignored, not through enemy units).
type walker struct {
	u                *Unit
	side             game.Side
	art, infCav, cam bool
	roadOnly         bool
}

func unitWalker(u *Unit, roadOnly bool) walker {
	f := u.T().Family
	return walker{u: u, side: u.Side, art: f == FamArt, infCav: f == FamInf || f == FamCav, cam: camelKind(u), roadOnly: roadOnly}
}

// step is State.step (or the officers' step) between neighbours i and j
// in direction dir: its cost, whether the move stops in j, and whether
// it is allowed.
func (m *mover) step(w *walker, i int32, dir int, j int32) (int32, bool, bool) {
	a := m.a
	kj := a.kind[j]
	if kj&kImpass != 0 {
		return 0, false, false
	}
	x := m.occ[j]
	if w.u == nil {
		if x != nil && x.Side != w.side {
			return 0, false, false
		}
		return 1, false, true
	}
	if x != nil && x != w.u {
		if x.Side != w.side || x.T().Family != FamArt || !w.infCav {
			return 0, false, false
		}
	}
	ki := a.kind[i]
	onRoad := a.road[i][dir] && ki&kFord == 0 && kj&kFord == 0
	if w.roadOnly {
		return 1, false, onRoad
	}
	ob := a.ob[i][dir]
	if w.art && (kj&kRough != 0 && !onRoad || ob != obNone) {
		return 0, false, false
	}
	into := m.prot[j]
	if into && ob == obRampart {
		return 0, false, false
	}
	if onRoad {
		return 1, false, true
	}
	cost := int32(1)
	if kj&kRocks != 0 {
		cost++
	}
	if ki&kRocks != 0 {
		cost++
	}
	if into && (ob == obWall || ob == obDitch || ob == obFort) {
		cost++
	}
	stop := kj&kStop != 0 || kj&kSand != 0 && !w.cam
	if m.prot[i] && (ob == obWall || ob == obFort) {
		stop = true
	}
	return cost, stop, true
}

// flood is flood over the cell arrays: a Dijkstra by buckets of cost;
// a cell where the move stops is not left; ties keep the lower
// predecessor. The result is valid until the mover's next reset.
func (m *mover) flood(w *walker, start grid.Coord, budget int) *reach {
	if m.used == len(m.pool) {
		n := len(m.a.kind)
		r := &reach{h: m.a.h, cost: make([]int32, n), prev: make([]int32, n), stop: make([]bool, n)}
		for i := range r.cost {
			r.cost[i] = -1
		}
		m.pool = append(m.pool, r)
	}
	r := m.pool[m.used]
	m.used++
	for _, i := range r.seen {
		r.cost[i], r.stop[i] = -1, false
	}
	s := int32(m.index(start))
	r.start = s
	r.cost[s], r.prev[s] = 0, s
	r.seen = append(r.seen[:0], s)
	for len(m.buckets) <= budget {
		m.buckets = append(m.buckets, nil)
	}
	for k := range m.buckets {
		m.buckets[k] = m.buckets[k][:0]
	}
	m.buckets[0] = append(m.buckets[0], s)
	for k := 0; k <= budget; k++ {
		for q := 0; q < len(m.buckets[k]); q++ {
			c := m.buckets[k][q]
			if m.done[c] || r.cost[c] != int32(k) {
				continue
			}
			m.done[c] = true
			if r.stop[c] {
				continue
			}
			for dir, n := range m.a.nb[c] {
				if n < 0 || m.done[n] {
					continue
				}
				cost, stop, ok := m.step(w, c, dir, n)
				if !ok {
					continue
				}
				total := int32(k) + cost
				if total > int32(budget) {
					continue
				}
				old := r.cost[n]
				if old >= 0 && (old < total || old == total && c >= r.prev[n]) {
					continue
				}
				if old < 0 {
					r.seen = append(r.seen, n)
				}
				r.cost[n], r.prev[n], r.stop[n] = total, c, stop
				m.buckets[total] = append(m.buckets[total], n)
			}
		}
	}
	for _, i := range r.seen {
		m.done[i] = false
	}
	return r
}

// moveDest is one destination of a unit's move, in cell order.
type moveDest struct {
	at grid.Coord
	i  int
	moveOpt
}

// destinations lists where a unit may move (moveOptions), in the order
// of grid.Coord.Less. The paths stay valid until the mover's next call.
func (m *mover) destinations(u *Unit, out []moveDest) []moveDest {
	s := m.s
	m.used = 0
	ma, most := s.allowance(u)
	if most <= 0 {
		return out
	}
	clear(m.dest)
	put := func(i int, r int, nc, road, mount bool) {
		b := dSet | uint8(r)
		if nc {
			b |= dNoCombat
		}
		if road {
			b |= dRoad
		}
		if mount {
			b |= dMount
		}
		m.dest[i] = b
	}
	if u.Off {
		// A reinforcement's first hex is its entry hex (FLG-3.11): it is
		// entered from outside the table, then the move goes on.
		e := m.index(u.Entry)
		if e < 0 || m.occ[e] != nil || s.impassable(u.Entry) || isArt(u) && s.rough(u.Entry) {
			return out
		}
		first := 1
		if s.terrain(u.Entry) == TRocks {
			first++
		}
		if first > most {
			return out
		}
		w := unitWalker(u, false)
		if s.step(u, u.Entry, u.Entry, false).Stop {
			m.flood(&w, u.Entry, 0) // the entry hex alone
			put(e, 0, first > ma, false, false)
		} else {
			r := m.flood(&w, u.Entry, most-first)
			put(e, 0, first > ma, false, false)
			for _, i := range r.seen {
				if c := r.cost[i]; int(i) != e && m.occ[i] == nil {
					put(int(i), 0, int(c)+first > ma, false, false)
				}
			}
		}
		return m.collect(out)
	}
	at := m.index(u.At)
	add := func(budget int, roadOnly bool, mount bool) {
		w := unitWalker(u, roadOnly)
		k := m.used
		r := m.flood(&w, u.At, budget)
		for _, i := range r.seen {
			if int(i) == at || m.occ[i] != nil || m.dest[i] != 0 {
				continue
			}
			put(int(i), k, roadOnly || mount || int(r.cost[i]) > ma, roadOnly, mount)
		}
	}
	add(most, false, false)
	if u.Forced {
		// C1's forced march: one hex more, ending next to an enemy, with
		// the right to fight kept (FLG-P-27).
		w := unitWalker(u, false)
		k := m.used
		r := m.flood(&w, u.At, most+1)
		for _, i := range r.seen {
			if int(i) == at || m.occ[i] != nil || !m.enemyNext(u.Side, int(i)) {
				continue
			}
			if b := m.dest[i]; b != 0 && b&dNoCombat == 0 {
				continue
			}
			put(int(i), k, int(r.cost[i]) > ma+1, false, false)
		}
	}
	cap1 := u.T().Has("cap1") || u.OneHex
	if !cap1 && s.onRoad(u.At) {
		add(most+1, true, false)
	}
	if u.Mount != "" && !cap1 && (u.Mount != "elephant" || u.Elephant) {
		add(most+1, false, true)
		if s.onRoad(u.At) {
			add(most+2, true, true)
		}
	}
	if u.Withdraw {
		// Far from its Sub-General an allied unit only withdraws toward
		// its own edge (A5, A6, AMB-10).
		for i, b := range m.dest {
			if c := m.coord(i); b != 0 && (!s.east(u.Side) && c.X >= u.At.X || s.east(u.Side) && c.X <= u.At.X) {
				m.dest[i] = 0
			}
		}
	}
	return m.collect(out)
}

func (m *mover) collect(out []moveDest) []moveDest {
	for i, b := range m.dest {
		if b != 0 {
			o := moveOpt{reach: m.pool[b&dFlood], noCombat: b&dNoCombat != 0, road: b&dRoad != 0, mount: b&dMount != 0}
			out = append(out, moveDest{at: m.coord(i), i: i, moveOpt: o})
		}
	}
	return out
}

// enemyNext reports an enemy of side next to cell i (enemiesAdjacent).
func (m *mover) enemyNext(side game.Side, i int) bool {
	for _, n := range m.a.nb[i] {
		if n >= 0 && m.occ[n] != nil && m.occ[n].Side != side {
			return true
		}
	}
	return false
}

// optionsTo appends the orders "move ID HEX" for the given cells to
// node's children, nc(k) telling whether the k-th is without combat: one
// string for all the orders, one block of message arguments.
func (m *mover) optionsTo(node *game.Option, id string, cells []int, nc func(k int) bool) {
	n := len(cells)
	if n == 0 {
		return
	}
	size := 0
	for _, i := range cells {
		size += len("move ") + len(id) + 1 + len(m.a.labels[i])
	}
	buf := make([]byte, 0, size)
	for _, i := range cells {
		buf = append(buf, "move "...)
		buf = append(buf, id...)
		buf = append(buf, ' ')
		buf = append(buf, m.a.labels[i]...)
	}
	all := string(buf)
	args := make([]game.Arg, 2*n)
	var uid any = id
	node.Children = append(make([]game.Option, 0, len(node.Children)+n), node.Children...)
	off := 0
	for k, i := range cells {
		l := len("move ") + len(id) + 1 + len(m.a.labels[i])
		cmd := all[off : off+l]
		off += l
		a := args[2*k : 2*k+2 : 2*k+2]
		a[0], a[1] = game.Arg{Name: "cell", Value: m.a.boxed[i]}, game.Arg{Name: "unit", Value: uid}
		key := "flg.opt.move"
		if nc != nil && nc(k) {
			key = "flg.opt.move-nc"
		}
		node.Children = append(node.Children, game.Option{Label: cmd, Command: cmd, LabelMsg: game.Msg{Key: key, Args: a}})
	}
}
