package gs_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/internal/casetest"
)

// TestCases runs testdata/cases/*.txtar (see package casetest for the
// format) with the Grands Stratèges assertions:
//
//	combat [N] key=value…   the last (or Nth) combat: attack defence odds column roll score result mods
//	moved UNIT mp=N         the last move of UNIT cost N MP (like 1½)
//	losses A=N B=N          printed PC eliminated per side
//	facedown UNIT yes|no    whether a unit is face down
//	result WORDS…           the outcome's text contains these words
//	count SIDE STATUS N     N units of SIDE have STATUS
//	moralepct SIDE N        SIDE's demoralization threshold is N%
//	demoralized SIDE · not-demoralized SIDE
func TestCases(t *testing.T) {
	// Evolve runs no rule (game.Purity): with the rule helpers
	// made to panic inside Evolve, every case decides and replays without
	// a legacy path.
	if legacies := gs.Purely(func() { casetest.Run(t, gs.New(), "testdata", "GS-", gsAssert) }); legacies != 0 {
		t.Errorf("events decided today took %d legacy paths in Evolve: some Decide path does not record them", legacies)
	}
}

func gsAssert(c *casetest.Case, w []string) (bool, error) {
	s := c.Game.State.(*gs.State)
	switch w[0] {
	case "combat":
		var cs []gs.CombatResolved
		for _, e := range c.Events {
			if x, ok := e.(gs.CombatResolved); ok {
				cs = append(cs, x)
			}
		}
		if len(cs) == 0 {
			return true, fmt.Errorf("no combat")
		}
		x := cs[len(cs)-1]
		args := w[1:]
		if len(args) > 0 && !strings.Contains(args[0], "=") {
			n, _ := strconv.Atoi(args[0])
			if n < 1 || n > len(cs) {
				return true, fmt.Errorf("only %d combats", len(cs))
			}
			x, args = cs[n-1], args[1:]
		}
		mods := 0
		for _, m := range x.Mods {
			mods += m.Value
		}
		got := map[string]string{"attack": fmt.Sprint(x.Attack), "defence": fmt.Sprint(x.Defence), "odds": x.Odds,
			"column": x.Column, "roll": fmt.Sprint(x.Roll), "score": fmt.Sprint(x.Score), "result": x.Result, "mods": fmt.Sprint(mods)}
		for _, kv := range args {
			k, v, _ := strings.Cut(kv, "=")
			if got[k] != v {
				return true, fmt.Errorf("%s = %s (combat: %s)", k, got[k], x.Text)
			}
		}
		return true, nil
	case "moved":
		for i := len(c.Events) - 1; i >= 0; i-- {
			if m, ok := c.Events[i].(gs.Moved); ok && m.Unit == w[1] {
				if got, want := halfMP(m.Cost), strings.TrimPrefix(w[2], "mp="); got != want {
					return true, fmt.Errorf("moved for %s MP", got)
				}
				return true, nil
			}
		}
		return true, fmt.Errorf("%s did not move", w[1])
	case "facedown":
		u := s.Unit(w[1])
		if u == nil {
			return true, fmt.Errorf("no unit %s", w[1])
		}
		if got := map[bool]string{true: "yes", false: "no"}[u.FaceDown]; got != w[2] {
			return true, fmt.Errorf("%s face down: %s", u.ID, got)
		}
		return true, nil
	case "result":
		if got := s.Outcome().Result; !strings.Contains(got, strings.Join(w[1:], " ")) {
			return true, fmt.Errorf("result is %q", got)
		}
		return true, nil
	case "count":
		// count SIDE STATUS N: units of a side with a status
		n := 0
		for i := range s.Units {
			if u := &s.Units[i]; u.Side.String() == w[1] && u.Status == w[2] {
				n++
			}
		}
		if fmt.Sprint(n) != w[3] {
			return true, fmt.Errorf("%d units of %s are %s", n, w[1], w[2])
		}
		return true, nil
	case "moralepct":
		side, _ := game.ParseSide(w[1])
		if got := fmt.Sprint(s.MoralePct[side]); got != w[2] {
			return true, fmt.Errorf("threshold of %s is %s%%", w[1], got)
		}
		return true, nil
	case "demoralized", "not-demoralized":
		side, err := game.ParseSide(w[1])
		if err != nil || !side.Valid() {
			return true, fmt.Errorf("side %q", w[1])
		}
		if s.Demoralized[side] != (w[0] == "demoralized") {
			return true, fmt.Errorf("army %s demoralized: %v", w[1], s.Demoralized[side])
		}
		return true, nil
	case "losses":
		vals := map[string]int{"A": s.Losses[game.SideA], "B": s.Losses[game.SideB]}
		for _, kv := range w[1:] {
			k, v, _ := strings.Cut(kv, "=")
			if fmt.Sprint(vals[k]) != v {
				return true, fmt.Errorf("losses %s = %d", k, vals[k])
			}
		}
		return true, nil
	}
	return false, nil
}

func halfMP(h int) string {
	s := fmt.Sprint(h / 2)
	if h%2 == 1 {
		if h == 1 {
			return "½"
		}
		s += "½"
	}
	return s
}
