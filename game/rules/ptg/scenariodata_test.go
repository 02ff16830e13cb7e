package ptg_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/scenarios"
)

// The scenario rules of the digest (PTG-13, §6) live in the shipped
// scenario files; these tests start each scenario and check it against
// the digest.

func startPTG(t *testing.T, id string, opts game.Options) *ptg.State {
	t.Helper()
	sc, err := scenarios.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Turns != 11 {
		t.Errorf("%s: %d turns; every scenario lasts at most 11 (PTG-13.0.2, PTG-3.2)", id, sc.Turns)
	}
	g, err := game.Start(ptg.New(), sc, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.State.(*ptg.State)
}

// PTG-13.0, PTG-13.0.1, PTG-13.0.2, PTG-13.0.3, PTG-13.1, PTG-13.1.2,
// PTG-13.2, PTG-13.2.2, PTG-13.3, PTG-13.3.3, PTG-13.3.5, PTG-13.4,
// PTG-13.4.2, PTG-13.4.6, PTG-14.17.1, PTG-3.0, PTG-13.1.1, PTG-13.2.1,
// PTG-13.3.1, PTG-13.4.1, PTG-13.3.4: four scenarios, with the ten
// redoubts except 13.4, set up by the set-up lines except 13.2; the
// Russians set up first and the Swedes move first, except in 13.4 (the
// reverse, and no Russian Alert); units start at full strength, leaders
// on their original side; the Swedish army morale starts at 85 in 13.3;
// with the option horse-artillery, the two Russian horse artillery units
// are in all four.
func TestScenarioDataPTG13(t *testing.T) {
	for _, c := range []struct {
		id         string
		setupFirst game.Side
		nmaA       int
		alert      bool
		redoubts   int
		setup      string
	}{
		{"ptg-standard", ptg.Russians, 70, true, 10, "lines"},
		{"ptg-historical", ptg.Russians, 70, true, 10, "historical"},
		{"ptg-maximum", ptg.Russians, 85, true, 10, "lines"},
		{"ptg-june22", ptg.Swedes, 70, false, 0, "lines"},
	} {
		s := startPTG(t, c.id, nil)
		if cl := s.Clock(); cl.Phase != ptg.PhaseSetup || cl.Active != c.setupFirst {
			t.Errorf("%s: starts with %+v, want %s setting up first", c.id, cl, c.setupFirst)
		}
		if s.StartNMA[ptg.Swedes] != c.nmaA {
			t.Errorf("%s: Swedish army morale starts at %d, want %d", c.id, s.StartNMA[ptg.Swedes], c.nmaA)
		}
		for i := range s.Units {
			if u := &s.Units[i]; u.Reduced || u.Replacement || u.Routed {
				t.Errorf("%s: %s does not start at full strength on its original side", c.id, u.ID)
			}
		}
		horse := 0
		for _, u := range startPTG(t, c.id, game.Options{"horse-artillery": "on"}).Units {
			if u.Type == "horse-artillery" && u.Side == ptg.Russians {
				horse++
			}
		}
		if horse != 2 {
			t.Errorf("%s: %d Russian horse artillery units with the option, want 2 (PTG-14.17.1)", c.id, horse)
		}
		if len(s.Redoubts) != c.redoubts {
			t.Errorf("%s: %d redoubts, want %d", c.id, len(s.Redoubts), c.redoubts)
		}
		if got := s.Scenario().Params["setup"]; got != c.setup {
			t.Errorf("%s: set-up %q, want %q", c.id, got, c.setup)
		}
		if got := s.Scenario().Params["alert"] != "off"; got != c.alert {
			t.Errorf("%s: Russian Alert in use = %v, want %v", c.id, got, c.alert)
		}
	}
}

// PTG-13.3.2: in 13.3 the four optional units marked R replace Livgardet,
// Södra Skånska, Dücker and Livdragonerna.
func TestScenarioDataPTG13_3_2(t *testing.T) {
	has := func(s *ptg.State, id string) bool { return s.Unit(id) != nil }
	std, max := startPTG(t, "ptg-standard", nil), startPTG(t, "ptg-maximum", nil)
	for _, id := range []string{"SW-I01", "SW-C05", "SW-D02", "SW-D01"} {
		if !has(std, id) || has(std, id+"R") {
			t.Errorf("13.1: %s present %v, %sR present %v", id, has(std, id), id, has(std, id+"R"))
		}
		if has(max, id) || !has(max, id+"R") {
			t.Errorf("13.3: %s present %v, %sR present %v", id, has(max, id), id, has(max, id+"R"))
		}
	}
}

// PTG-13.2.3: in the historical set-up Russian infantry goes on the
// infantry marks only.
func TestHistoricalSetupPTG13_2_3(t *testing.T) {
	s := startPTG(t, "ptg-historical", nil)
	var inf *ptg.Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == ptg.Russians && u.Type == "infantry" {
			inf = u
			break
		}
	}
	if inf == nil {
		t.Fatal("no Russian infantry to set up")
	}
	cmd, err := game.ParseCommand(ptg.Russians, "place "+inf.ID+" 1010")
	if err != nil {
		t.Fatal(err)
	}
	_, err = ptg.New().Decide(s, cmd, nil)
	if re, ok := game.AsRuleError(err); !ok || re.Code != "setup-hex" {
		t.Errorf("%s placed in 1010, off the infantry marks: %v", inf.ID, err)
	}
}

// P-HGREN: the Russian horse grenadiers, not listed in 3.3, are cavalry
// and grenadiers (for 14.4).
func TestHorseGrenadiersP_HGREN(t *testing.T) {
	s := startPTG(t, "ptg-standard", nil)
	n := 0
	for i := range s.Units {
		u := &s.Units[i]
		if u.Type != "horse-grenadiers" {
			continue
		}
		n++
		if u.Class() != ptg.ClassCavalry || !u.Grenadiers() {
			t.Errorf("%s: class %s, grenadiers %v", u.ID, u.Class(), u.Grenadiers())
		}
	}
	if n == 0 {
		t.Error("no horse grenadiers in 13.1")
	}
}
