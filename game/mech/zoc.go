package mech

import "github.com/grognard/grognard/game/grid"

// AllDirs is the direction mask of a unit that projects its zone of
// control all round; a unit with a facing (Le son du canon) projects it
// only through its front directions.
const AllDirs = ^uint8(0)

// ZOCRule says where a zone of control reaches: into every adjacent cell
// except across an edge that Blocked matches (an unbridged river in Grands
// Stratèges, a lake in Peter the Great) and except cells Open says no to
// (villages and forests in Grands Stratèges). Open is indexed like the
// Flat's cells; nil opens every cell. Which units exert a zone at all is
// the ruleset's business.
type ZOCRule struct {
	Blocked EdgeTest
	Open    []bool
}

// Project marks in zoc (indexed like f's cells) the cells into which a
// unit in cell from projects its zone of control, through the directions
// in dirs (bit d for direction d; AllDirs for all).
func Project(f *Flat, r ZOCRule, zoc []bool, from int, dirs uint8) {
	for d, o := range f.Neighbours(from) {
		if o < 0 || dirs&(1<<d) == 0 || r.Blocked.Match(f.EdgeDir(from, d)) || (r.Open != nil && !r.Open[o]) {
			continue
		}
		zoc[o] = true
	}
}

// ZOC returns the zone of control of units in the cells from, all round:
// the union of their projections, indexed like f's cells.
func ZOC(f *Flat, r ZOCRule, from []int) []bool {
	zoc := make([]bool, f.Len())
	for _, i := range from {
		Project(f, r, zoc, i, AllDirs)
	}
	return zoc
}

// Exerts reports whether a unit in cell from projects its zone of control,
// all round, into cell to: adjacent, not across a blocked edge, into an
// open cell. It answers a single question without building a set.
func Exerts(f *Flat, r ZOCRule, from, to grid.Coord) bool {
	if !f.Contains(from) || !f.Contains(to) {
		return false
	}
	d := grid.DirTo(f.Grid, from, to)
	if d < 0 {
		return false
	}
	return !r.Blocked.Match(f.EdgeDir(f.At(from), d)) && (r.Open == nil || r.Open[f.At(to)])
}
