package gs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Scenario VI (GS-S6): A's army drives west and scores the units it gets
// off the map through the west edge of board A; they are not eliminated
// and count neither as losses nor for morale (GS-6.2, GS-P-29).

// exitZone is the edge through which side's units leave and score, or nil.
func (s *State) exitZone(side game.Side) []grid.Coord {
	if z := s.sc.Param("exit-zone-"+side.String(), ""); z != "" {
		return s.sc.Zones[z]
	}
	return nil
}

// scoresExit reports a hex from which side's units leave the map scoring.
func (s *State) scoresExit(side game.Side, c grid.Coord) bool {
	return slices.Contains(s.exitZone(side), c)
}

// exitedPC totals the PC of side's units that left the map scoring.
func (s *State) exitedPC(side game.Side) int {
	t := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Status == game.StatusExited {
			t += u.PC
		}
	}
	return t
}

// exitResult reads the scenario VI table: A's exited PC gives the result.
func (s *State) exitResult(o *game.Outcome) {
	pc := s.exitedPC(game.SideA)
	draw := atoi(s.sc.Param("exit-draw", "1"))
	win := atoi(s.sc.Param("exit-win", "7"))
	major := atoi(s.sc.Param("exit-major", "17"))
	switch {
	case pc >= major:
		result(o, game.SideA, game.M("gs.result.exit-major", "pc", pc, "need", major))
	case pc >= win:
		result(o, game.SideA, game.M("gs.result.exit-win", "pc", pc, "need", win))
	case pc >= draw:
		result(o, game.Nobody, game.M("gs.result.exit-draw", "pc", pc, "need", win))
	default:
		result(o, game.SideB, game.M("gs.result.exit-none"))
	}
}

// exitOver ends scenario VI early (GS-P-29): A has got 17 PC off the map,
// or has nothing left on the map and nothing left to bring on.
func (s *State) exitOver() bool {
	if s.sc.Param("victory", "") != "exit" {
		return false
	}
	if s.exitedPC(game.SideA) >= atoi(s.sc.Param("exit-major", "17")) {
		return true
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == game.SideA && (u.OnMap() || u.Status == game.StatusReserve) {
			return false
		}
	}
	return true
}

// groupEntries opens the entries a scenario gives groups from the start:
// parameter "entry-A-E" = "1 entry-A" lets A's group E enter from turn 1
// through the hexes of zone entry-A.
func (s *State) groupEntries() error {
	for _, side := range game.Sides {
		for _, g := range s.groups(side) {
			v := s.sc.Param("entry-"+side.String()+"-"+g, "")
			if v == "" {
				continue
			}
			f := strings.Fields(v)
			from, err := strconv.Atoi(f[0])
			if len(f) != 2 || err != nil || len(s.sc.Zones[f[1]]) == 0 {
				return fmt.Errorf("entry-%s-%s: want \"TURN ZONE\" with a zone of the scenario", side, g)
			}
			for i := range s.Units {
				if u := &s.Units[i]; u.Side == side && u.Group == g && u.Status == game.StatusReserve {
					u.EntryFrom, u.EntryCells = from, slices.Clone(s.sc.Zones[f[1]])
				}
			}
		}
	}
	return nil
}

// mustEnter lists reserve units side is still obliged to bring on this
// turn (GS-P-29: entry is compulsory if possible, up to the quota).
func (s *State) mustEnter(side game.Side) []string {
	if s.sc.Param("entry-compulsory-"+side.String(), "no") != "yes" {
		return nil
	}
	q := s.quota(side)
	if q == 0 || s.enteredThisTurn(side) >= q {
		return nil
	}
	var out []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.Status == game.StatusReserve && !u.Moved && len(s.destinationsFor(u)) > 0 {
			out = append(out, u.ID)
		}
	}
	return out
}

func (s *State) destinationsFor(u *Unit) []grid.Coord {
	if s.canEnter(u) != nil {
		return nil
	}
	return s.destinations(u)
}

// deployCounts reads "deploy-B-a:9 deploy-B-b:10": how many units side
// sets up in each zone; the units left over become its reserve (GS-S6).
func (s *State) deployCounts(side game.Side) (zones []string, counts []int) {
	for _, w := range strings.Fields(s.sc.Param("deploy-counts-"+side.String(), "")) {
		z, n, ok := strings.Cut(w, ":")
		k, err := strconv.Atoi(n)
		if ok && err == nil {
			zones, counts = append(zones, z), append(counts, k)
		}
	}
	return zones, counts
}
