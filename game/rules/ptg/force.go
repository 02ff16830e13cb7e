package ptg

import (
	"slices"

	"github.com/grognard/grognard/game/grid"
)

// P-FORCE (A-01, corrected): both obligations of PTG-7.0.1 bind. Every
// non-phasing unit with phasing units in its zone of control must be
// attacked, and every phasing unit in an enemy zone of control must take
// part in an attack against the units it is in mutual zone of control
// with ("le combat entre des unités adverses adjacentes … est
// obligatoire"). A plan of attacks is scored by (defender obligations
// met, attacker obligations met), defenders first; an attacker obligation
// is one pair of the obligation graph, met when the attacker fights in the
// same combat as that enemy unit, or when that unit is bombarded
// (PTG-7.1.9, A-02). A declaration after which the best score still
// reachable is lower than the best score reachable before it is refused.
// Counting pairs keeps TC-14: A against P and Q meets as many pairs as A
// against Q with B against P, so it is allowed, and B is released.

// forceScore is a plan's score: defenders first, then attacker pairs.
type forceScore struct{ def, pairs int }

func (a forceScore) less(b forceScore) bool {
	return a.def < b.def || a.def == b.def && a.pairs < b.pairs
}

func (a forceScore) plus(b forceScore) forceScore {
	return forceScore{a.def + b.def, a.pairs + b.pairs}
}

// livePair reports whether the obligation between a and e (a listed in
// Must with e) can still be met: both in place, a free to attack e's
// hex, e not yet attacked.
func (s *State) livePair(a, e *Unit) bool {
	return s.inPlace(a) && s.inPlace(e) && !e.Defended && s.closes(a, e.At)
}

// liveDefender reports whether e still carries a defender obligation: in
// place, not yet attacked, with a phasing unit it was in mutual zone of
// control with still in place.
func (s *State) liveDefender(e *Unit) bool {
	if !s.inPlace(e) || e.Defended || !s.mayBeAttacked(e.At) {
		return false
	}
	for id, es := range s.Must {
		if slices.Contains(es, e.ID) && s.inPlace(s.Unit(id)) {
			return true
		}
	}
	return false
}

// declScore is what a declaration meets at once: the live obligated
// defenders in its hexes and the live pairs between its adjacent
// attackers and those defenders.
func (s *State) declScore(f *Fight) forceScore {
	var sc forceScore
	for _, id := range f.Defenders {
		if s.liveDefender(s.Unit(id)) {
			sc.def++
		}
	}
	for _, id := range f.Attackers {
		if slices.Contains(f.Ranged, id) {
			continue
		}
		a := s.Unit(id)
		for _, eid := range s.Must[id] {
			if slices.Contains(f.Defenders, eid) && s.livePair(a, s.Unit(eid)) {
				sc.pairs++
			}
		}
	}
	if f.Bombard {
		// A bombardment meets the obligations of the adjacent units
		// toward its target, which they can no longer attack (PTG-7.1.9,
		// 7.0.4, A-02).
		for _, id := range sortedKeys(s.Must) {
			for _, eid := range s.Must[id] {
				if slices.Contains(f.Defenders, eid) && s.livePair(s.Unit(id), s.Unit(eid)) {
					sc.pairs++
				}
			}
		}
	}
	return sc
}

// forceProblem is the obligation graph still open, as attackers (close
// attackers and bombarding artillery) and enemy hexes.
type forceProblem struct {
	atk   []*Unit
	hexes []grid.Coord
	close [][]int          // attacker → hexes it may attack as an adjacent unit
	bomb  [][]int          // hex → artillery that may bombard it alone
	def   []int            // hex → live obligated defenders in it
	pair  map[[2]int]int   // (attacker, hex) → live pairs
	adj   map[[2]int]bool  // (attacker, hex) adjacency for combats
	memo  map[forceKey]int // best score of a state, def*4096+pairs
	pick  map[forceKey]forceCombat
	nodes int
	plan  []forceCombat // the combats of a best plan, after bestForce
}

// forceCombat is one combat of a plan: attackers and hexes (indexes), a
// bombardment or not; no attackers means the hex is left alone.
type forceCombat struct {
	atk, hexes []int
	bombard    bool
}

type forceKey struct {
	i      int
	am, hm uint64
}

// forceBudget bounds the search; past it the solver gives up and the
// caller falls back to the defenders-only check.
const forceBudget = 200000

// bestForce returns the best score still reachable, and false when the
// position is too large to search.
func (s *State) bestForce() (forceScore, bool) {
	sc, p := s.solveForce()
	return sc, p != nil
}

// forcePlan lists the declarations of a best plan ("attack U … -> HEX …"
// or "bombard G -> HEX"), for the listings of legal orders.
func (s *State) forcePlan() []*attackWords {
	_, p := s.solveForce()
	if p == nil {
		return nil
	}
	var out []*attackWords
	for _, c := range p.plan {
		if len(c.atk) == 0 {
			continue
		}
		w := &attackWords{bombard: c.bombard}
		for _, a := range c.atk {
			w.units = append(w.units, p.atk[a])
		}
		for _, h := range c.hexes {
			w.hexes = append(w.hexes, p.hexes[h])
		}
		out = append(out, w)
	}
	return out
}

// solveForce searches the best plan; the problem is nil when the position
// is too large to search.
func (s *State) solveForce() (forceScore, *forceProblem) {
	p := &forceProblem{pair: map[[2]int]int{}, adj: map[[2]int]bool{}}
	hexAt := map[grid.Coord]int{}
	addHex := func(c grid.Coord) int {
		if i, ok := hexAt[c]; ok {
			return i
		}
		hexAt[c] = len(p.hexes)
		p.hexes = append(p.hexes, c)
		p.def = append(p.def, 0)
		p.bomb = append(p.bomb, nil)
		return hexAt[c]
	}
	// Hexes: those of live obligated defenders and of live pairs.
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != s.Active && e.Combat() && s.liveDefender(e) {
			p.def[addHex(e.At)]++
		}
	}
	for _, id := range sortedKeys(s.Must) {
		a := s.Unit(id)
		for _, eid := range s.Must[id] {
			if e := s.Unit(eid); s.livePair(a, e) {
				addHex(e.At)
			}
		}
	}
	if len(p.hexes) == 0 {
		return forceScore{}, p
	}
	atkAt := map[string]int{}
	for i := range s.Units {
		a := &s.Units[i]
		if !s.mayAttack(a) {
			continue
		}
		var cl []int
		for h, c := range p.hexes {
			if s.closes(a, c) {
				cl = append(cl, h)
			}
		}
		var bo []int
		if a.Artillery() {
			for h, c := range p.hexes {
				if p.def[h] > 0 && s.bombards(a, c) {
					bo = append(bo, h)
				}
			}
		}
		if len(cl) == 0 && len(bo) == 0 {
			continue
		}
		n := len(p.atk)
		atkAt[a.ID] = n
		p.atk = append(p.atk, a)
		p.close = append(p.close, cl)
		for _, h := range cl {
			p.adj[[2]int{n, h}] = true
		}
		for _, h := range bo {
			p.bomb[h] = append(p.bomb[h], n)
		}
	}
	if len(p.atk) > 64 || len(p.hexes) > 64 {
		return forceScore{}, nil
	}
	for _, id := range sortedKeys(s.Must) {
		a := s.Unit(id)
		for _, eid := range s.Must[id] {
			if e := s.Unit(eid); s.livePair(a, e) {
				p.pair[[2]int{atkAt[id], hexAt[e.At]}]++
			}
		}
	}
	// Components of the attacker–hex graph are solved apart.
	parent := make([]int, len(p.atk)+len(p.hexes))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(a, b int) { parent[find(a)] = find(b) }
	for a, hs := range p.close {
		for _, h := range hs {
			union(a, len(p.atk)+h)
		}
	}
	for h, as := range p.bomb {
		for _, a := range as {
			union(a, len(p.atk)+h)
		}
	}
	var total forceScore
	done := map[int]bool{}
	for h := range p.hexes {
		root := find(len(p.atk) + h)
		if done[root] {
			continue
		}
		done[root] = true
		var hs []int
		for h2 := range p.hexes {
			if find(len(p.atk)+h2) == root {
				hs = append(hs, h2)
			}
		}
		var am uint64
		for a := range p.atk {
			if find(a) == root {
				am |= 1 << a
			}
		}
		var hm uint64
		for _, h2 := range hs {
			hm |= 1 << h2
		}
		p.memo, p.pick = map[forceKey]int{}, map[forceKey]forceCombat{}
		v := p.solve(hs, 0, am, hm)
		if p.nodes > forceBudget {
			return forceScore{}, nil
		}
		total = total.plus(forceScore{v / 4096, v % 4096})
		// Replay the choices of the best plan.
		for i := 0; ; {
			var key forceKey
			key, i, am = p.norm(hs, i, am, hm)
			if i == len(hs) {
				break
			}
			c := p.pick[key]
			p.plan = append(p.plan, c)
			hm &^= 1 << hs[i]
			for _, h := range c.hexes {
				hm &^= 1 << h
			}
			for _, a := range c.atk {
				am &^= 1 << a
			}
			i++
		}
	}
	return total, p
}

// norm skips the hexes already taken and drops the attackers with no
// free hex left at or after i, giving the memo key of a state.
func (p *forceProblem) norm(hs []int, i int, am, hm uint64) (forceKey, int, uint64) {
	for i < len(hs) && hm&(1<<hs[i]) == 0 {
		i++
	}
	if i == len(hs) {
		return forceKey{}, i, am
	}
	for a := range p.atk {
		if am&(1<<a) == 0 {
			continue
		}
		useful := false
		for _, h := range p.close[a] {
			if hm&(1<<h) != 0 {
				useful = true
			}
		}
		for _, h := range hs[i:] {
			if hm&(1<<h) != 0 && slices.Contains(p.bomb[h], a) {
				useful = true
			}
		}
		if !useful {
			am &^= 1 << a
		}
	}
	return forceKey{i, am, hm}, i, am
}

// solve returns the best score for hexes hs[i:], with attackers am and
// hexes hm still free.
func (p *forceProblem) solve(hs []int, i int, am, hm uint64) int {
	key, i, am := p.norm(hs, i, am, hm)
	if i == len(hs) || p.nodes > forceBudget {
		return 0
	}
	p.nodes++
	if v, ok := p.memo[key]; ok {
		return v
	}
	h := hs[i]
	rest := hm &^ (1 << h)
	best := p.solve(hs, i+1, am, rest) // h not attacked
	choice := forceCombat{hexes: []int{h}}
	if p.def[h] > 0 {
		for _, b := range p.bomb[h] {
			if am&(1<<b) != 0 {
				if v := p.def[h]*4096 + p.hexPairs(h) + p.solve(hs, i+1, am&^(1<<b), rest); v > best {
					best, choice = v, forceCombat{atk: []int{b}, hexes: []int{h}, bombard: true}
				}
			}
		}
	}
	// Close combats on h: a non-empty set of free adjacent attackers,
	// with any other free hexes every one of them is adjacent to.
	var cand []int
	for a := range p.atk {
		if am&(1<<a) != 0 && p.adj[[2]int{a, h}] {
			cand = append(cand, a)
		}
	}
	for mask := 1; mask < 1<<len(cand); mask++ {
		var set []int
		var used uint64
		for j, a := range cand {
			if mask&(1<<j) != 0 {
				set = append(set, a)
				used |= 1 << a
			}
		}
		var extra []int
		for _, h2 := range hs[i+1:] {
			if rest&(1<<h2) == 0 {
				continue
			}
			all := true
			for _, a := range set {
				if !p.adj[[2]int{a, h2}] {
					all = false
				}
			}
			if all {
				extra = append(extra, h2)
			}
		}
		for em := 0; em < 1<<len(extra); em++ {
			gain := p.def[h] * 4096
			hm2 := rest
			for _, a := range set {
				gain += p.pair[[2]int{a, h}]
			}
			for j, h2 := range extra {
				if em&(1<<j) != 0 {
					hm2 &^= 1 << h2
					gain += p.def[h2] * 4096
					for _, a := range set {
						gain += p.pair[[2]int{a, h2}]
					}
				}
			}
			if v := gain + p.solve(hs, i+1, am&^used, hm2); v > best {
				hexes := []int{h}
				for j, h2 := range extra {
					if em&(1<<j) != 0 {
						hexes = append(hexes, h2)
					}
				}
				best, choice = v, forceCombat{atk: slices.Clone(set), hexes: hexes}
			}
		}
	}
	p.memo[key] = best
	p.pick[key] = choice
	return best
}

// hexPairs counts the live pairs toward hex h, all met by a bombardment
// of h (PTG-7.1.9, A-02).
func (p *forceProblem) hexPairs(h int) int {
	n := 0
	for k, v := range p.pair {
		if k[1] == h {
			n += v
		}
	}
	return n
}
