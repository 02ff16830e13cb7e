package sdc

import (
	"maps"
	"strings"
	"testing"
)

func avg3(els ...map[string]int) []BrigadeList {
	var out []BrigadeList
	for _, e := range els {
		out = append(out, BrigadeList{General: "average", Elements: e})
	}
	return out
}

func rules(vs []Violation) string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Rule)
	}
	return strings.Join(out, " ")
}

// TestArmyExamples runs the army-building examples of the digest (§7.1)
// through ValidateArmy (SDC-1.10): the reconstructed schema (SDC-Q.1),
// light cavalry off by default (SDC-Q.9), the general swap outside the
// exchange slots (SDC-Q.17), one trade per division general (SDC-Q.18,
// SDC-16.6), the final army validated (SDC-Q.43), at least one element
// per brigade (SDC-Q.49).
func TestArmyExamples(t *testing.T) {
	ex := ArmyList{Options: []int{1, 2, 2}, Brigades: avg3(
		map[string]int{"Cav": 2, "HC": 1},
		map[string]int{"LI": 12, "Art": 1},
		map[string]int{"LI": 6, "EI": 1, "Art": 1})}
	with := func(f func(a *ArmyList)) ArmyList {
		a := ex
		a.Brigades = avg3(ex.Brigades[0].Elements, ex.Brigades[1].Elements, ex.Brigades[2].Elements)
		f(&a)
		return a
	}
	cases := []struct {
		id    string
		a     ArmyList
		o     ArmyOptions
		rules string // the violations' rules, "" when valid
		pool  map[string]int
		slots int
	}{
		// SDC-T-ARMY-01, SDC-T-ARMY-02 (SDC-1.2, SDC-1.3): the text's example, a cavalry-only brigade.
		{id: "SDC-T-ARMY-02", a: ex, pool: map[string]int{"LI": 18, "EI": 1, "Art": 2, "Cav": 2, "HC": 1}},
		// SDC-T-ARMY-03 (SDC-1.4, TBL-2): 6 LI → 4 EI in B3.
		{id: "SDC-T-ARMY-03", a: with(func(a *ArmyList) {
			a.Exchanges = []string{"X1", "X1"}
			a.Brigades[2].Elements = map[string]int{"Art": 1, "EI": 5}
		}), pool: map[string]int{"LI": 12, "EI": 5, "Art": 2, "Cav": 2, "HC": 1}, slots: 2},
		// SDC-T-ARMY-04: only 2 Cav for X2.
		{id: "SDC-T-ARMY-04", a: with(func(a *ArmyList) { a.Exchanges = []string{"X2"} }), rules: "SDC-1.4"},
		// SDC-T-ARMY-05: {2,2,2} with X4 and X2.
		{id: "SDC-T-ARMY-05", a: ArmyList{Options: []int{2, 2, 2}, Exchanges: []string{"X4", "X2"}, Brigades: avg3(
			map[string]int{"LI": 6, "HvA": 2}, map[string]int{"LI": 6, "HC": 2}, map[string]int{"LI": 6})},
			pool: map[string]int{"LI": 18, "HvA": 2, "HC": 2}, slots: 2},
		// SDC-T-ARMY-06: 4 exchanges for 3 generals.
		{id: "SDC-T-ARMY-06", a: ArmyList{Options: []int{2, 2, 2}, Exchanges: []string{"X1", "X1", "X1", "X1"}, Brigades: avg3(
			map[string]int{"LI": 2, "EI": 8, "Art": 3, "Cav": 3}, map[string]int{"LI": 2}, map[string]int{"LI": 2})}, rules: "SDC-1.4"},
		// SDC-T-ARMY-07: 2 brigades.
		{id: "SDC-T-ARMY-07", a: ArmyList{Options: []int{1, 1}, Brigades: avg3(
			map[string]int{"LI": 6, "EI": 1, "HC": 1}, map[string]int{"LI": 6, "EI": 1, "HC": 1})}, rules: "SDC-1.1"},
		// SDC-T-ARMY-08: {2,2,1}, X3 twice.
		{id: "SDC-T-ARMY-08", a: ArmyList{Options: []int{2, 2, 1}, Exchanges: []string{"X3", "X3"}, Brigades: avg3(
			map[string]int{"LI": 6, "HA": 2}, map[string]int{"LI": 6, "Cav": 2}, map[string]int{"LI": 6, "EI": 1, "HC": 1})},
			pool: map[string]int{"LI": 18, "HA": 2, "Cav": 2, "EI": 1, "HC": 1}, slots: 2},
		// SDC-T-ARMY-09: 19 LI placed from a pool of 18.
		{id: "SDC-T-ARMY-09", a: with(func(a *ArmyList) { a.Brigades[1].Elements = map[string]int{"LI": 13, "Art": 1} }), rules: "SDC-1.10"},
		// SDC-T-ARMY-10 (SDC-1.5): one swap, three slots left.
		{id: "SDC-T-ARMY-10", a: with(func(a *ArmyList) {
			a.Swaps = 1
			a.Brigades[0].General, a.Brigades[1].General = "elite", "mediocre"
		}), pool: ex.pool()},
		{id: "SDC-T-ARMY-10 flag on", a: with(func(a *ArmyList) {
			a.Swaps = 1
			a.Brigades[0].General, a.Brigades[1].General = "elite", "mediocre"
		}), o: ArmyOptions{SwapUsesExchange: true}, pool: ex.pool(), slots: 1},
		{id: "SDC-T-ARMY-10 second swap", a: with(func(a *ArmyList) {
			a.Swaps = 2
			a.Brigades[0].General, a.Brigades[1].General = "elite", "mediocre"
		}), rules: "SDC-1.5"},
		// SDC-T-ARMY-11 (SDC-1.6, SDC-17.1): a flank march takes a slot.
		{id: "SDC-T-ARMY-11", a: with(func(a *ArmyList) {
			a.FlankMarches, a.Exchanges = []int{0}, []string{"X1", "X1", "X1"}
			a.Brigades[1].Elements = map[string]int{"LI": 9, "EI": 6, "Art": 1}
			a.Brigades[2].Elements = map[string]int{"EI": 1, "Art": 1}
		}), rules: "SDC-1.4"},
		{id: "SDC-T-ARMY-11 two exchanges", a: with(func(a *ArmyList) {
			a.FlankMarches, a.Exchanges = []int{0}, []string{"X1", "X1"}
			a.Brigades[2].Elements = map[string]int{"Art": 1, "EI": 5}
		}), pool: map[string]int{"LI": 12, "EI": 5, "Art": 2, "Cav": 2, "HC": 1}, slots: 3},
		// SDC-T-ARMY-12 (SDC-1.9, SDC-15.21): an all-artillery brigade.
		{id: "SDC-T-ARMY-12", a: ArmyList{Options: []int{2, 2, 2}, Brigades: avg3(
			map[string]int{"Art": 3}, map[string]int{"LI": 9, "Cav": 1}, map[string]int{"LI": 9, "Cav": 2})},
			pool: map[string]int{"LI": 18, "Art": 3, "Cav": 3}},
		// SDC-T-ARMY-13 (SDC-1.3): a brigade without elements.
		{id: "SDC-T-ARMY-13", a: with(func(a *ArmyList) {
			a.Brigades[0].Elements = map[string]int{}
			a.Brigades[1].Elements = map[string]int{"LI": 12, "Art": 1, "Cav": 2, "HC": 1}
		}), rules: "SDC-1.3"},
		// SDC-T-ARMY-14: X4 and X3 need 4 Art.
		{id: "SDC-T-ARMY-14", a: ArmyList{Options: []int{2, 2, 2}, Exchanges: []string{"X4", "X3"}, Brigades: avg3(
			map[string]int{"LI": 6, "HvA": 2}, map[string]int{"LI": 6, "Cav": 3}, map[string]int{"LI": 6, "HA": 1})}, rules: "SDC-1.4 SDC-1.10"},
		// SDC-T-ARMY-15 (SDC-1.7): a division general's reroll for 1 LI; a second trade refused.
		{id: "SDC-T-ARMY-15", a: with(func(a *ArmyList) {
			a.DivGenerals, a.Trades = 1, []Trade{{0, "LI"}}
			a.Brigades[2].Elements = map[string]int{"LI": 7, "EI": 1, "Art": 1}
		}), pool: map[string]int{"LI": 19, "EI": 1, "Art": 2, "Cav": 2, "HC": 1}},
		{id: "SDC-T-ARMY-15 twice", a: with(func(a *ArmyList) {
			a.DivGenerals, a.Trades = 1, []Trade{{0, "LI"}, {0, "LI"}}
			a.Brigades[2].Elements = map[string]int{"LI": 7, "EI": 1, "Art": 1}
		}), rules: "SDC-1.7"},
		// SDC-T-ARMY-16 (SDC-1.11): light cavalry without the option.
		{id: "SDC-T-ARMY-16", a: with(func(a *ArmyList) {
			a.Exchanges = []string{"LC"}
			a.Brigades[0].Elements = map[string]int{"Cav": 1, "LC": 1, "HC": 1}
		}), rules: "SDC-1.11 SDC-1.10 SDC-1.10"},
		{id: "SDC-T-ARMY-16 option on", a: with(func(a *ArmyList) {
			a.Exchanges = []string{"LC"}
			a.Brigades[0].Elements = map[string]int{"Cav": 1, "LC": 1, "HC": 1}
		}), o: ArmyOptions{LightCavalry: true}, pool: map[string]int{"LI": 18, "EI": 1, "Art": 2, "Cav": 1, "LC": 1, "HC": 1}, slots: 1},
	}
	for _, c := range cases {
		rep, vs := ValidateArmy(c.a, c.o)
		if got := rules(vs); got != c.rules {
			t.Errorf("%s: violations %q, want %q: %v", c.id, got, c.rules, vs)
			continue
		}
		if c.rules != "" {
			continue
		}
		if !maps.Equal(rep.Pool, c.pool) {
			t.Errorf("%s: pool %v, want %v", c.id, rep.Pool, c.pool)
		}
		if rep.SlotsUsed != c.slots || rep.Slots != 3 {
			t.Errorf("%s: %d of %d slots used, want %d of 3", c.id, rep.SlotsUsed, rep.Slots, c.slots)
		}
	}
	// SDC-T-ARMY-10: the generals after one swap.
	rep, _ := ValidateArmy(cases[9].a, ArmyOptions{})
	if !maps.Equal(rep.Generals, map[string]int{"elite": 1, "mediocre": 1, "average": 1}) {
		t.Errorf("SDC-T-ARMY-10: generals %v", rep.Generals)
	}
	// SDC-T-ARMY-12: B1 may form a grande batterie; with a horse battery it may not.
	if rep, _ := ValidateArmy(cases[13].a, ArmyOptions{}); len(rep.Battery) != 1 || rep.Battery[0] != 0 {
		t.Errorf("SDC-T-ARMY-12: batterie brigades %v", rep.Battery)
	}
	v := cases[13].a
	v.Exchanges = []string{"X3"}
	v.Brigades = avg3(map[string]int{"Art": 2, "HA": 1}, map[string]int{"LI": 9, "Cav": 1}, map[string]int{"LI": 9, "Cav": 2})
	if rep, vs := ValidateArmy(v, ArmyOptions{}); len(vs) > 0 || len(rep.Battery) != 0 {
		t.Errorf("SDC-T-ARMY-12 variant: %v, batterie %v", vs, rep.Battery)
	}
	// SDC-T-ARMY-15: the division general keeps 2 rerolls.
	if rep, _ := ValidateArmy(cases[16].a, ArmyOptions{}); len(rep.Rerolls) != 1 || rep.Rerolls[0] != 2 {
		t.Errorf("SDC-T-ARMY-15: rerolls %v", rep.Rerolls)
	}
}

// pool is the example's pool before exchanges (SDC-T-ARMY-01).
func (a ArmyList) pool() map[string]int {
	rep, _ := ValidateArmy(ArmyList{Options: a.Options, Brigades: a.Brigades}, ArmyOptions{})
	return rep.Pool
}

// TestArmySchema is SDC-T-ARMY-01: options {1, 2, 2} give 3 generals,
// 18 LI, 1 EI, 2 Art, 2 Cav, 1 HC (SDC-1.2, TBL-1).
func TestArmySchema(t *testing.T) {
	a := ArmyList{Options: []int{1, 2, 2}}
	rep, _ := ValidateArmy(a, ArmyOptions{})
	if want := map[string]int{"LI": 18, "EI": 1, "Art": 2, "Cav": 2, "HC": 1}; !maps.Equal(rep.Pool, want) {
		t.Errorf("pool %v, want %v", rep.Pool, want)
	}
	if rep.Generals["average"] != 3 {
		t.Errorf("generals %v", rep.Generals)
	}
}
