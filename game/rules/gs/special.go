package gs

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Scenario-driven special rules.

// intsParam reads a scenario parameter holding numbers ("10 11 12").
func (s *State) intsParam(name string) []int {
	var out []int
	for _, w := range strings.Fields(s.sc.Param(name, "")) {
		if v, err := strconv.Atoi(w); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// night reports a night turn (GS-S6.special: MP −1, no bombardment, combat
// not compulsory, no leaving the map).
func (s *State) night() bool {
	v, ok := nightTurns.Load(s.sc)
	if !ok {
		v, _ = nightTurns.LoadOrStore(s.sc, s.intsParam("night-turns"))
	}
	return slices.Contains(v.([]int), s.Turn)
}

// nightTurns caches each scenario's night turns (scenarios are read-only).
var nightTurns sync.Map // *game.Scenario → []int
