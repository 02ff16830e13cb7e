package ptg_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/internal/casetest"
)

// TestCases runs testdata/cases/PTG-TC-nn.txtar, one per test case of the
// digest (see package casetest for the format), with the Peter the Great
// assertions:
//
//	combat [N] key=value…   the last (or Nth) combat: attack defence diff column row roll morale result hex shifts
//	factor UNIT N           UNIT's final strength in the last combat
//	nma A=N B=N             army morale
//	demoralized SIDE · not-demoralized SIDE
//	unit UNIT flag … · unit UNIT !flag …   routed reduced square dismounted exhausted grenade assault broken immobile free commanded replacement
//	strength UNIT N         current printed strength
//	moved UNIT mp=N         MP the last order spent moving UNIT
//	legal SIDE ORDER · not-legal SIDE ORDER   Legal lists (or not) the order
//	los FROM TO clear|blocked
//	fz SIDE FROM TO · no-fz SIDE FROM TO
//	visibility good|bad · alerted · not-alerted · canister A=N B=N
//	event KIND [TEXT]       an event of the kind whose text contains TEXT · no-event KIND [TEXT]
//	values UNIT V           the counter shows V (3-3-12) · fire-zones N
//	result TEXT             the game's result contains TEXT
func TestCases(t *testing.T) {
	// Evolve runs no rule (game.Purity): with the rule helpers
	// made to panic inside Evolve, every case decides and replays without
	// a legacy path.
	if legacies := ptg.Purely(func() { casetest.Run(t, ptg.New(), "testdata", "PTG-", ptgAssert) }); legacies != 0 {
		t.Errorf("events decided today took %d legacy paths in Evolve: some Decide path does not record them", legacies)
	}
}

func ptgAssert(c *casetest.Case, w []string) (bool, error) {
	s := c.Game.State.(*ptg.State)
	rest := strings.Join(w[1:], " ")
	unit := func(id string) (*ptg.Unit, error) {
		u := s.Unit(id)
		if u == nil {
			return nil, fmt.Errorf("no unit %s", id)
		}
		return u, nil
	}
	combats := func() []ptg.CombatResolved {
		var cs []ptg.CombatResolved
		for _, e := range c.Events {
			if x, ok := e.(ptg.CombatResolved); ok {
				cs = append(cs, x)
			}
		}
		return cs
	}
	side := func(v string) (game.Side, error) {
		sd, err := game.ParseSide(v)
		if err != nil || !sd.Valid() {
			return 0, fmt.Errorf("side %q", v)
		}
		return sd, nil
	}
	switch w[0] {
	case "combat":
		cs := combats()
		if len(cs) == 0 {
			return true, fmt.Errorf("no combat")
		}
		x, args := cs[len(cs)-1], w[1:]
		if len(args) > 0 && !strings.Contains(args[0], "=") {
			n, _ := strconv.Atoi(args[0])
			if n < 1 || n > len(cs) {
				return true, fmt.Errorf("only %d combats", len(cs))
			}
			x, args = cs[n-1], args[1:]
		}
		shift := 0
		for _, sh := range x.Shifts {
			shift += sh.Value
		}
		got := map[string]string{"attack": fmt.Sprint(x.Attack), "defence": fmt.Sprint(x.Defence), "diff": fmt.Sprint(x.Diff),
			"column": x.Column, "row": x.Row, "roll": fmt.Sprint(x.Roll), "morale": fmt.Sprint(x.MoraleDiff), "result": x.Result,
			"hex": strings.Join(x.HexResult, ","), "shifts": fmt.Sprint(shift)}
		for _, kv := range args {
			k, v, _ := strings.Cut(kv, "=")
			if got[k] != v {
				return true, fmt.Errorf("%s = %s (combat: %s)", k, got[k], x.Text)
			}
		}
	case "factor":
		cs := combats()
		if len(cs) == 0 {
			return true, fmt.Errorf("no combat")
		}
		x := cs[len(cs)-1]
		for _, f := range append(x.AttackF, x.DefenceF...) {
			if f.Unit == w[1] {
				if fmt.Sprint(f.Final) != w[2] {
					return true, fmt.Errorf("%s counts %d (%s)", f.Unit, f.Final, x.Text)
				}
				return true, nil
			}
		}
		return true, fmt.Errorf("%s is not in the last combat (%s)", w[1], x.Text)
	case "nma":
		for _, kv := range w[1:] {
			k, v, _ := strings.Cut(kv, "=")
			sd, err := side(k)
			if err != nil {
				return true, err
			}
			if fmt.Sprint(s.NMA[sd]) != v {
				return true, fmt.Errorf("army morale %s = %d", k, s.NMA[sd])
			}
		}
	case "demoralized", "not-demoralized":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		if dem := s.NMA[sd] <= s.DemAt[sd]; dem != (w[0] == "demoralized") {
			return true, fmt.Errorf("army %s at %d (demoralized at %d)", w[1], s.NMA[sd], s.DemAt[sd])
		}
	case "unit":
		u, err := unit(w[1])
		if err != nil {
			return true, err
		}
		flags := map[string]bool{"routed": u.Routed, "reduced": u.Reduced, "square": u.Square, "dismounted": u.Dismounted,
			"exhausted": u.Exhausted, "grenade": u.Grenade, "assault": u.Assault, "broken": u.Broken, "immobile": u.Immobile,
			"free": u.Free, "commanded": u.Commanded, "replacement": u.Replacement, "released": u.Released}
		for _, f := range w[2:] {
			want := !strings.HasPrefix(f, "!")
			f = strings.TrimPrefix(f, "!")
			v, ok := flags[f]
			if !ok {
				return true, fmt.Errorf("unknown flag %s", f)
			}
			if v != want {
				return true, fmt.Errorf("%s %s is %v", u.ID, f, v)
			}
		}
	case "strength":
		u, err := unit(w[1])
		if err != nil {
			return true, err
		}
		if fmt.Sprint(u.Strength()) != w[2] {
			return true, fmt.Errorf("%s has strength %d", u.ID, u.Strength())
		}
	case "moved":
		total, seen := 0, false
		for _, e := range c.Events {
			if m, ok := e.(ptg.Moved); ok && m.Unit == w[1] {
				total += m.Cost
				seen = true
			}
		}
		if !seen {
			return true, fmt.Errorf("%s did not move", w[1])
		}
		if got, want := halfMP(total), strings.TrimPrefix(w[2], "mp="); got != want {
			return true, fmt.Errorf("%s moved for %s MP", w[1], got)
		}
	case "legal", "not-legal":
		sd, err := side(w[1])
		if err != nil {
			return true, err
		}
		order := strings.Join(w[2:], " ")
		leaves := game.Leaves(ptg.New().Legal(s, sd))
		if slices.Contains(leaves, order) != (w[0] == "legal") {
			return true, fmt.Errorf("%q listed: %v (%d orders)", order, w[0] != "legal", len(leaves))
		}
	case "los":
		clear, _, err := ptg.New().LineOfSight(s, w[1], w[2])
		if err != nil {
			return true, err
		}
		if clear != (w[3] == "clear") {
			return true, fmt.Errorf("line of sight %s → %s clear = %v", w[1], w[2], clear)
		}
	case "fz", "no-fz":
		found := false
		for _, z := range s.FireZones {
			if z.Side.String() == w[1] && s.Scenario().Map.Label(z.From) == w[2] && s.Scenario().Map.Label(z.To) == w[3] {
				found = true
			}
		}
		if found != (w[0] == "fz") {
			return true, fmt.Errorf("fire zone %s present: %v (%d zones)", rest, found, len(s.FireZones))
		}
	case "visibility":
		v := "good"
		if s.Visibility == "bad" {
			v = "bad"
		}
		if v != w[1] {
			return true, fmt.Errorf("visibility is %s", v)
		}
	case "alerted", "not-alerted":
		if s.Alerted != (w[0] == "alerted") {
			return true, fmt.Errorf("alerted = %v", s.Alerted)
		}
	case "canister":
		for _, kv := range w[1:] {
			k, v, _ := strings.Cut(kv, "=")
			sd, err := side(k)
			if err != nil {
				return true, err
			}
			if fmt.Sprint(s.Canister[sd]) != v {
				return true, fmt.Errorf("canister %s = %d", k, s.Canister[sd])
			}
		}
	case "event", "no-event":
		text := strings.Join(w[2:], " ")
		found := false
		for _, e := range c.Events {
			if e.Kind() != w[1] {
				continue
			}
			x, _ := e.(game.Explainer)
			if text == "" || (x != nil && strings.Contains(x.Explain(), text)) {
				found = true
			}
		}
		if found != (w[0] == "event") {
			return true, fmt.Errorf("event %s %q found = %v", w[1], text, found)
		}
	case "values":
		for _, p := range s.Pieces() {
			if p.ID == w[1] {
				if p.Values != w[2] {
					return true, fmt.Errorf("%s shows %s", p.ID, p.Values)
				}
				return true, nil
			}
		}
		return true, fmt.Errorf("no unit %s", w[1])
	case "fire-zones":
		if fmt.Sprint(len(s.FireZones)) != w[1] {
			return true, fmt.Errorf("%d fire zones", len(s.FireZones))
		}
	case "result":
		if o := s.Outcome(); !strings.Contains(o.Result, rest) {
			return true, fmt.Errorf("result is %q", o.Result)
		}
	default:
		return false, nil
	}
	return true, nil
}

func halfMP(h int) string {
	s := fmt.Sprint(h / 2)
	if h%2 != 0 {
		if h == 1 {
			return "½"
		}
		s += "½"
	}
	return s
}
