package sdc

import (
	"slices"
	"strconv"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Sight reports whether gun sees target's hex (SDC-10.3, 10.5, 10.6,
// SDC-3.10, SDC-G.16): no element in between unless the gun stands on a
// hill, no wood or built-up hex in between, no hill hex in between unless
// one end is on a hill, and never a friendly element within 1 PM of the
// target in between. A line along a hexside is clear when either trace
// is.
func (s *State) Sight(gun *Element, to grid.Coord) bool {
	elevated := s.m.terrain(gun.At) == Hill
	anyHill := elevated || s.m.terrain(to) == Hill
	aq, ar, _ := grid.Cube(gun.At)
	clear := func(tr []cubeStep) bool {
		for _, o := range tr[1 : len(tr)-1] {
			c := grid.FromCube(aq+int(o.q), ar+int(o.r))
			switch s.m.terrain(c) {
			case Wood, BuiltUp:
				return false
			case Hill:
				if !anyHill {
					return false
				}
			}
			if u := s.unitAt(c); u != nil {
				if !elevated {
					return false
				}
				if u.Side == gun.Side && grid.HexDistance(c, to) <= 3 {
					return false
				}
			}
		}
		return true
	}
	tr := hexTraces(gun.At, to) // either trace clear (mech.EitherTrace)
	return clear(tr[0]) || clear(tr[1])
}

// cubeStep is a hex of a line as cube coordinates from its start.
type cubeStep struct{ q, r int32 }

// traceCache caches the two traces of grid.HexLines by the line's cube offset
// (a [2]int): a line is the same from every hex, moved, since its points
// are rounded far from the float error (TestHexTraces). Legal traces a
// gun's line to every enemy element.
var traceCache sync.Map

// hexTraces are the traces of grid.HexLines(a, b), from a.
func hexTraces(a, b grid.Coord) *[2][]cubeStep {
	aq, ar, _ := grid.Cube(a)
	bq, br, _ := grid.Cube(b)
	k := [2]int{bq - aq, br - ar}
	if v, ok := traceCache.Load(k); ok {
		return v.(*[2][]cubeStep)
	}
	var out [2][]cubeStep
	for i, tr := range grid.HexLines(grid.FromCube(0, 0), grid.FromCube(k[0], k[1])) {
		for _, c := range tr {
			q, r, _ := grid.Cube(c)
			out[i] = append(out[i], cubeStep{int32(q), int32(r)})
		}
	}
	v, _ := traceCache.LoadOrStore(k, &out)
	return v.(*[2][]cubeStep)
}

// canFire says why gun may not fire at t (SDC-10.3 … 10.7), or "".
func (s *State) canFire(gun, t *Element) (rule, key string) {
	k := s.kind(gun)
	d := grid.HexDistance(gun.At, t.At)
	switch {
	case t.Gone:
		return "SDC-12.4", "sdc.unit.gone"
	case t.Side == gun.Side:
		return "SDC-10.3", "sdc.fire.friend"
	case d < 2:
		return "SDC-10.16", "sdc.fire.contact"
	case d > k.Range:
		return "SDC-10.7", "sdc.fire.range"
	case !inArc(gun.At, gun.Facing, t.At):
		return "SDC-10.3", "sdc.fire.arc"
	}
	for d := range 6 { // the neighbours of t (unitAt is nil off the map)
		if u := s.unitAt(s.m.g.Step(t.At, d)); u != nil && u.Side == gun.Side {
			return "SDC-10.4", "sdc.fire.melee"
		}
	}
	if !s.Sight(gun, t.At) {
		return "SDC-10.3", "sdc.fire.sight"
	}
	return "", ""
}

// gunReady says why gun may not fire this activation at all, or "";
// test reports that it must pass a morale test first (SDC-10.2).
func (s *State) gunReady(gun *Element) (rule, key string, test bool) {
	k := s.kind(gun)
	switch {
	case k.Class != Artillery:
		return "SDC-10.1", "sdc.fire.not-artillery", false
	case gun.Head != "":
		return "SDC-10.1", "sdc.fire.not-artillery", false
	case gun.Fired:
		return "SDC-10.16", "sdc.fire.again", false
	case s.Fighting:
		return "SDC-7.5", "sdc.fighting", false
	case s.inContact(gun):
		return "SDC-10.16", "sdc.fire.in-contact", false
	case !gun.Moved:
		return "", "", false // SDC-10.1: always, even out of command
	case k.AfterMove == "never":
		return "SDC-10.2", "sdc.fire.heavy-moved", false
	case s.Forced == "marching":
		return "SDC-10.2", "sdc.fire.marched", false
	}
	return "", "", true
}

// Batterie lists the grande batterie gun stands in (SDC-15.21, SDC-G.14):
// the guns of its all-artillery brigade (line and heavy only) with its
// facing, chained through their flank hexsides; nil when under two.
func (s *State) Batterie(gun *Element) []*Element {
	for _, e := range s.brigade(gun.Brigade) {
		if !e.Gone && !s.kind(e).Battery {
			return nil
		}
	}
	out := []*Element{gun}
	for i := 0; i < len(out); i++ {
		for _, d := range flankDirs(gun.Facing) {
			u := s.unitAt(s.m.g.Step(out[i].At, d))
			if u != nil && u.Brigade == gun.Brigade && u.Facing == gun.Facing && !u.Disordered && !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// fire: one gun, or several guns of a grande batterie at one target
// (SDC-10, SDC-15.22): "fire GUN [GUN …] TARGET".
func (x *decider) fire(args []string) error {
	s := x.t
	if err := x.inOrders(); err != nil {
		return err
	}
	if len(args) < 2 {
		return reject(game.CodeSyntax, "", "sdc.syntax", "usage", "fire GUN [GUN …] TARGET")
	}
	t := s.Element(args[len(args)-1])
	if t == nil {
		return reject(game.CodeUnknownUnit, "", "sdc.no-unit", "unit", game.Plain(args[len(args)-1]))
	}
	if t.Head != "" {
		t = s.Element(t.Head)
	}
	var guns []*Element
	tests := map[string]bool{}
	for _, id := range args[:len(args)-1] {
		g, err := x.own(id)
		if err != nil {
			return err
		}
		if slices.Contains(guns, g) {
			return reject(game.CodeSyntax, "", "sdc.fire.twice", "unit", g.ID)
		}
		rule, key, test := s.gunReady(g)
		if rule != "" {
			return reject("cannot-fire", rule, key, "unit", g.ID)
		}
		if rule, key := s.canFire(g, t); rule != "" {
			return reject("cannot-fire", rule, key, "unit", g.ID, "target", t.ID)
		}
		guns = append(guns, g)
		tests[g.ID] = test
	}
	// SDC-15.22: misses rerolled when two or more guns of one batterie fire
	// at the same element and no element of the brigade has moved.
	reroll := len(guns) > 1
	if reroll {
		bat := s.Batterie(guns[0])
		for _, g := range guns {
			if !slices.Contains(bat, g) {
				reroll = false
			}
		}
		for _, e := range s.brigade(guns[0].Brigade) {
			if e.Moved {
				reroll = false
			}
		}
	}
	target := t.ID
	for _, g := range guns {
		g = s.Element(g.ID)
		t := s.Element(target)
		if tests[g.ID] {
			need := s.kind(g).Quality
			die, ok := x.test(need, g.Side, g.At, g.ID)
			x.emit(Tested{Unit: g.ID, Why: "fire-after-move", Die: die, Need: need, Passed: ok, Rule: "SDC-10.2"})
			if !ok {
				x.emit(Fired{Gun: g.ID, Target: t.ID, Lost: "test"})
				continue
			}
		}
		if t.Gone {
			x.emit(Fired{Gun: g.ID, Target: t.ID, Lost: "gone"})
			continue
		}
		if rule, _ := s.canFire(g, t); rule != "" {
			x.emit(Fired{Gun: g.ID, Target: t.ID, Lost: "sight"})
			continue
		}
		x.shoot(g, t, reroll)
	}
	return nil
}

// FireMods are the modifiers of TBL-11 for gun firing at t.
func (s *State) FireMods(gun, t *Element) []Mod {
	var mods []Mod
	switch {
	case t.Square:
		mods = append(mods, Mod{"square", 1, "SDC-10.11"})
	case s.second(t) != nil || s.kind(t).Class == Artillery && s.Batterie(t) != nil:
		mods = append(mods, Mod{"dense", 1, "SDC-10.11"})
	}
	if !t.Square && sector(t.At, t.Facing, gun.At) == Flank {
		mods = append(mods, Mod{"enfilade", 1, "SDC-10.11"})
	}
	if s.m.terrain(t.At) == BuiltUp {
		mods = append(mods, Mod{"built-up", -1, "SDC-10.11"})
	}
	if k := s.kind(gun); k.FireMod != 0 {
		mods = append(mods, Mod{"horse-artillery", k.FireMod, "SDC-10.11"})
	}
	return mods
}

// Score is the score to beat: the range in steps, a part step counting
// whole (SDC-10.9, SDC-G.17).
func (s *State) Score(gun *Element, to grid.Coord) int {
	d := grid.HexDistance(gun.At, to)
	st := s.kind(gun).Step
	return max(1, (d+st-1)/st)
}

func sum(mods []Mod) int {
	n := 0
	for _, m := range mods {
		n += m.N
	}
	return n
}

// shoot resolves one shot (SDC-10.10, TBL-10).
func (x *decider) shoot(gun, t *Element, reroll bool) {
	s := x.t
	e := Fired{Gun: gun.ID, Target: t.ID, Range: grid.HexDistance(gun.At, t.At), Score: s.Score(gun, t.At), Mods: s.FireMods(gun, t)}
	e.Die = x.d.Roll(6)
	e.Total = e.Die + sum(e.Mods)
	if e.Total < e.Score && reroll {
		e.Reroll = x.d.Roll(6)
		e.Total = e.Reroll + sum(e.Mods)
	} else if e.Total < e.Score { // SDC-16.2: a senior general may reroll a miss
		if v := x.senior(gun.Side, gun.At, gun.ID, e.Die); v != e.Die || x.rerolled[x.d.pos-1] {
			e.Reroll = v
			e.Total = v + sum(e.Mods)
		}
	}
	e.Margin = e.Total - e.Score
	x.emit(e)
	if e.Margin < 0 {
		return
	}
	if b := s.second(t); b != nil { // SDC-15.19: head destroyed, second disordered, no recoil
		x.destroy(t, "SDC-15.19")
		x.emit(Disordered{Unit: b.ID, Rule: "SDC-15.19"})
		return
	}
	x.result(t, e.Margin, gun.At, "TBL-10")
}

// result applies the effect of a margin or difference to the loser
// (TBL-10, TBL-13, SDC-12), the recoil going away from cause.
func (x *decider) result(t *Element, margin int, cause grid.Coord, table string) {
	s := x.t
	r := mustData().ResultOf(margin)
	switch {
	case r.Destroy:
		x.destroy(t, table)
	case r.Test:
		need := s.kind(t).Quality
		die, ok := x.test(need, t.Side, t.At, t.ID)
		x.emit(Tested{Unit: t.ID, Why: "result", Die: die, Need: need, Passed: ok, Rule: table})
		if !ok {
			x.destroy(t, table)
			return
		}
		x.disorder(t, table)
		x.recoil(t, r.Recoil, cause)
	default:
		x.disorder(t, table)
		if r.Recoil > 0 {
			x.recoil(t, r.Recoil, cause)
		}
	}
}

func (x *decider) disorder(t *Element, rule string) {
	if !t.Disordered || t.Square {
		x.emit(Disordered{Unit: t.ID, Rule: rule})
	}
}

// destroy removes an element; a brigade left with none is destroyed
// (SDC-18.1).
func (x *decider) destroy(t *Element, rule string) {
	s := x.t
	x.emit(Destroyed{Unit: t.ID, Rule: rule})
	if s.General(t.Brigade).Destroyed {
		return // a leaderless brigade, already destroyed (option rout=general)
	}
	for _, e := range s.brigade(t.Brigade) {
		if !e.Gone {
			return
		}
	}
	x.emit(BrigadeDestroyed{General: t.Brigade, Why: "lost"})
}

// recoil moves t n hexes away from cause (SDC-12.3, SDC-G.12): every
// step increases the distance from the cause; enemy pieces, forbidden
// terrain and the table edge block; friendly elements are passed and the
// recoil is lengthened past them (and past a built-up hex the element may
// not stop in); t goes as far as it can and is destroyed only when it
// cannot take one step. Of the legal paths the bot takes the longest,
// then the straightest (a friendly element on the way lengthens the
// recoil, it does not turn it aside), then the shortest.
func (x *decider) recoil(t *Element, n int, cause grid.Coord) {
	s := x.t
	paths := s.RecoilPaths(t, n, cause)
	if len(paths) == 0 {
		x.destroy(t, "SDC-12.3")
		return
	}
	path := paths[0]
	if len(paths) > 1 && s.on2("recoil-path", "owner") { // SDC-12.3, SDC-G.12: the owner chooses
		key := "recoil" + strconv.Itoa(x.choice)
		x.choice++
		ans, ok := x.answers[key]
		if !ok {
			var opts []string
			for _, p := range paths {
				opts = append(opts, s.label(p[len(p)-1]))
			}
			panic(askPanic{Ask{Kind: "recoil", Key: key, Side: t.Side, Unit: t.ID, Pools: opts}})
		}
		for _, p := range paths {
			if s.label(p[len(p)-1]) == ans {
				path = p
			}
		}
	}
	x.emit(Recoiled{Unit: t.ID, Path: path, To: s.label(path[len(path)-1]), Want: n})
	x.displace(t.Side.Other())
}

// RecoilPath is the path (start included) of t's recoil of n hexes from
// cause the bot takes by default, or nil when no step is possible.
func (s *State) RecoilPath(t *Element, n int, cause grid.Coord) []grid.Coord {
	ps := s.RecoilPaths(t, n, cause)
	if len(ps) == 0 {
		return nil
	}
	return ps[0]
}

// RecoilPaths are the legal recoils of t as far as it can go, the best
// path to each end hex, the default (straightest) first (SDC-12.3,
// SDC-G.12: the owner chooses among them).
func (s *State) RecoilPaths(t *Element, n int, cause grid.Coord) [][]grid.Coord {
	k := s.kind(t)
	pref, bestOff := 0, 400.0
	b := bearing(cause, t.At)
	for d := 0; d < 6; d++ {
		off := b - 60*float64(d)
		for off > 180 {
			off -= 360
		}
		for off < -180 {
			off += 360
		}
		if off < 0 {
			off = -off
		}
		if off < bestOff {
			pref, bestOff = d, off
		}
	}
	order := []int{pref, (pref + 1) % 6, (pref + 5) % 6, (pref + 2) % 6, (pref + 4) % 6, (pref + 3) % 6}
	free := func(c grid.Coord) bool {
		u := s.unitAt(c)
		return (u == nil || u == t) && s.m.stoppable(k, c)
	}
	var best []grid.Coord
	bestScore := [3]int{-1}
	type cand struct {
		path  []grid.Coord
		score [3]int
	}
	ends := map[grid.Coord]cand{}
	path := []grid.Coord{t.At}
	var walk func(straight int)
	walk = func(straight int) {
		cur := path[len(path)-1]
		l := len(path) - 1
		if l >= 1 && free(cur) {
			sc := [3]int{min(l, n), straight, -l}
			better := func(a, b [3]int) bool {
				return a[0] > b[0] || a[0] == b[0] && (a[1] > b[1] || a[1] == b[1] && a[2] > b[2])
			}
			if better(sc, bestScore) {
				best, bestScore = slices.Clone(path), sc
			}
			if c, ok := ends[cur]; !ok || better(sc, c.score) {
				ends[cur] = cand{slices.Clone(path), sc}
			}
			if l >= n {
				return
			}
		}
		if l >= n+6 {
			return
		}
		for _, d := range order {
			nx := s.m.g.Step(cur, d)
			if !s.m.g.Contains(nx) || !s.m.enterable(k, nx) || slices.Contains(path, nx) ||
				grid.HexDistance(nx, cause) <= grid.HexDistance(cur, cause) {
				continue
			}
			if u := s.unitAt(nx); u != nil && u.Side != t.Side || s.enemyGeneralAt(t.Side, nx) {
				continue
			}
			st := straight
			if d == pref {
				st++
			}
			path = append(path, nx)
			walk(st)
			path = path[:len(path)-1]
		}
	}
	walk(0)
	if best == nil {
		return nil
	}
	out := [][]grid.Coord{best}
	var others []grid.Coord
	for c, x := range ends {
		if x.score[0] == bestScore[0] && c != best[len(best)-1] {
			others = append(others, c)
		}
	}
	slices.SortFunc(others, func(a, b grid.Coord) int {
		if a.Less(b) {
			return -1
		}
		return 1
	})
	for _, c := range others {
		out = append(out, ends[c].path)
	}
	return out
}
