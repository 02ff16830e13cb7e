package sdc

import (
	"maps"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
)

// ArmyList is an army as a player submits it (SDC-1): the option of each
// brigade, the exchanges, the general swaps, the flank marches and the
// division generals' trades, and the brigades as reorganised.
type ArmyList struct {
	// Options holds one option number (TBL-1) per brigade.
	Options   []int
	Exchanges []string // exchange ids of TBL-3 (X1 … X4, LC)
	// Swaps is the number of general swaps: 2 average → 1 elite + 1
	// mediocre (SDC-1.5).
	Swaps int
	// FlankMarches lists the brigades (by index) that march on a flank;
	// each costs an exchange slot (SDC-1.6, SDC-17.1).
	FlankMarches []int
	// DivGenerals is the number of division generals (SDC-1.8); Trades
	// their rerolls traded for an element (SDC-1.7).
	DivGenerals int
	Trades      []Trade
	Brigades    []BrigadeList
}

// Trade is one division general's reroll given for one element.
type Trade struct {
	DivGeneral int
	Type       string
}

// BrigadeList is one brigade: its general's quality ("elite", "average",
// "mediocre") and its elements by type.
type BrigadeList struct {
	General  string
	Elements map[string]int
}

// ArmyRules options the validation reads.
type ArmyOptions struct {
	LightCavalry     bool // SDC-1.11: the "1 Cav → 1 LC" exchange
	SwapUsesExchange bool // SDC-1.5: a general swap takes an exchange slot
}

// Violation is one reason an army is refused, naming its rule.
type Violation struct {
	Rule string
	Msg  game.Msg
}

func (v Violation) String() string { return game.Render(game.LangEN, v.Msg) + " (" + v.Rule + ")" }

// ArmyReport is what a valid (or invalid) army comes to: its final pool of
// elements and generals, the exchange slots used and the brigades that may
// form a grande batterie (SDC-1.9).
type ArmyReport struct {
	Pool      map[string]int
	Generals  map[string]int
	SlotsUsed int
	Slots     int
	Rerolls   []int // per division general
	Battery   []int // brigade indexes eligible for a grande batterie
}

// ValidateArmy checks a submitted army with the algorithm of SDC-1.10 and
// reports every violation with its rule id.
func ValidateArmy(a ArmyList, o ArmyOptions) (ArmyReport, []Violation) {
	d := mustData()
	ar := d.Army
	var bad []Violation
	fail := func(rule, key string, kv ...any) { bad = append(bad, Violation{rule, game.M(key, kv...)}) }
	g := len(a.Options)
	rep := ArmyReport{Pool: map[string]int{}, Generals: map[string]int{"average": g}, Slots: g}
	if g < ar.MinBrigades { // 1.
		fail("SDC-1.1", "sdc.army.min", "n", g, "min", ar.MinBrigades)
	}
	if len(a.Brigades) != g {
		fail("SDC-1.3", "sdc.army.brigades", "n", len(a.Brigades), "options", g)
	}
	for _, opt := range a.Options { // 2.
		m, ok := ar.Options[opt]
		if !ok {
			fail("SDC-1.2", "sdc.army.option", "option", opt)
			continue
		}
		for t, n := range ar.Base {
			rep.Pool[t] += n
		}
		for t, n := range m {
			rep.Pool[t] += n
		}
	}
	// 3. exchanges, in order, each needing its source elements.
	rep.SlotsUsed = len(a.Exchanges) + len(a.FlankMarches)
	if o.SwapUsesExchange {
		rep.SlotsUsed += a.Swaps
	}
	for _, id := range a.Exchanges {
		x, ok := ar.Exchanges[id]
		if !ok || id == "LC" && !o.LightCavalry {
			rule := "SDC-1.4"
			if id == "LC" {
				rule = "SDC-1.11"
			}
			fail(rule, "sdc.army.exchange", "id", id)
			continue
		}
		short := false
		for t, n := range x.Give {
			if rep.Pool[t] < n {
				fail("SDC-1.4", "sdc.army.exchange-short", "id", id, "type", t, "need", n, "have", rep.Pool[t])
				short = true
			}
		}
		if short {
			continue
		}
		for t, n := range x.Give {
			rep.Pool[t] -= n
		}
		for t, n := range x.Get {
			rep.Pool[t] += n
		}
	}
	if rep.SlotsUsed > g {
		fail("SDC-1.4", "sdc.army.slots", "used", rep.SlotsUsed, "slots", g)
	}
	for _, b := range a.FlankMarches {
		if b < 0 || b >= g {
			fail("SDC-17.1", "sdc.army.flank", "n", b+1)
		}
	}
	// 4. general swaps.
	for i := 0; i < a.Swaps; i++ {
		if rep.Generals["average"] < 2 {
			fail("SDC-1.5", "sdc.army.swap", "have", rep.Generals["average"])
			break
		}
		rep.Generals["average"] -= 2
		rep.Generals["elite"]++
		rep.Generals["mediocre"]++
	}
	// 5. division-general trades.
	rep.Rerolls = make([]int, a.DivGenerals)
	for i := range rep.Rerolls {
		rep.Rerolls[i] = 3
	}
	for _, tr := range a.Trades {
		switch {
		case tr.DivGeneral < 0 || tr.DivGeneral >= a.DivGenerals:
			fail("SDC-1.7", "sdc.army.trade-who", "n", tr.DivGeneral+1)
		case rep.Rerolls[tr.DivGeneral] < 3:
			fail("SDC-1.7", "sdc.army.trade-twice", "n", tr.DivGeneral+1)
		case !slices.Contains(ar.Trade, tr.Type):
			fail("SDC-1.7", "sdc.army.trade-type", "type", tr.Type, "types", strings.Join(ar.Trade, " "))
		default:
			rep.Rerolls[tr.DivGeneral]--
			rep.Pool[tr.Type]++
		}
	}
	// 6. the brigades hold exactly the pool, each 1 general and ≥ 1 element.
	placed, gens := map[string]int{}, map[string]int{}
	for i, b := range a.Brigades {
		n := 0
		for t, k := range b.Elements {
			if d.Kinds[t] == nil {
				fail("SDC-1.10", "sdc.army.type", "type", t)
				continue
			}
			placed[t] += k
			n += k
		}
		if n < 1 {
			fail("SDC-1.3", "sdc.army.empty", "n", i+1)
		}
		if _, ok := ar.Generals[b.General]; !ok {
			fail("SDC-1.5", "sdc.army.general", "n", i+1, "quality", b.General)
		}
		gens[b.General]++
		// 7. grande batterie eligibility: line and heavy artillery only.
		battery := n > 0
		for t, k := range b.Elements {
			if k > 0 && (d.Kinds[t] == nil || !d.Kinds[t].Battery) {
				battery = false
			}
		}
		if battery {
			rep.Battery = append(rep.Battery, i)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(mergeKeys(placed, rep.Pool))) {
		if placed[t] != rep.Pool[t] {
			fail("SDC-1.10", "sdc.army.pool", "type", t, "placed", placed[t], "pool", rep.Pool[t])
		}
	}
	for _, q := range slices.Sorted(maps.Keys(mergeKeys(gens, rep.Generals))) {
		if gens[q] != rep.Generals[q] && len(a.Brigades) == g {
			fail("SDC-1.5", "sdc.army.generals", "quality", q, "placed", gens[q], "pool", rep.Generals[q])
		}
	}
	for t, n := range rep.Pool {
		if n == 0 {
			delete(rep.Pool, t)
		}
	}
	for q, n := range rep.Generals {
		if n == 0 {
			delete(rep.Generals, q)
		}
	}
	return rep, bad
}

func mergeKeys(a, b map[string]int) map[string]int {
	out := maps.Clone(a)
	for k, v := range b {
		out[k] += v
	}
	return out
}
