package sdc

import (
	"maps"
	"slices"
	"strconv"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// SetUp resolves a scenario before its game starts (game.SetUpper):
//
//   - param terrain = "generate": the battlefield is laid out by Generate
//     for the larger number of generals of the two sides (SDC-4), with its
//     objectives (SDC-4.12);
//   - param terrain = "players": the players lay the terrain out in play
//     (terrain_phase.go); set-up gives the blank battlefield its size, rolls
//     the terrain type (param terrain-roll, SDC-4.4) and the number of
//     crossings (param crossings, SDC-4.9) unless the scenario sets them,
//     and leaves units without a hex to the players' deployment (param
//     deploy = "players"), which follows the terrain;
//   - units without a hex (other than a flank march's) are deployed by the
//     default template of TBL-26: each brigade's elements in a line along
//     the front of its side's zone, in its own band of rows, the general
//     behind them, facing the enemy (SDC-5.2 … 5.4);
//   - the deployment initiative is rolled (SDC-5.1, ties rolled again);
//     its winner is recorded as param last-initiative, so that a tie on
//     turn 1 goes to the loser (SDC-6.2).
//
// A scenario with a map and every unit placed is returned as it is.
func (*Rules) SetUp(sc *game.Scenario, opts game.Options, d game.Dice) (*game.Scenario, error) {
	gen := sc.Param("terrain", "") == "generate"
	byPlayers := sc.Param("terrain", "") == "players"
	placed := true
	flank := map[string]bool{}
	for _, u := range sc.Units {
		if u.Type == "general" && slices.Contains(u.Flags, "flank") {
			flank[u.ID] = true
		}
	}
	for _, u := range sc.Units {
		if u.At == nil && !flank[u.ID] && !flank[u.Group] {
			placed = false
		}
	}
	if !gen && !byPlayers && placed {
		return sc, nil
	}
	out := *sc
	out.Params = maps.Clone(sc.Params)
	if out.Params == nil {
		out.Params = map[string]string{}
	}
	out.Units = slices.Clone(sc.Units)
	if gen || byPlayers {
		var n [2]int
		for _, u := range sc.Units {
			if u.Type == "general" {
				n[u.Side]++
			}
		}
		if sc.Param("armies", "") == "choose" { // built in play: the agreed number
			b, _ := strconv.Atoi(sc.Param("brigades", "3"))
			n[0] = max(n[0], b)
		}
		if gen {
			l := Generate(max(n[0], n[1], 3), d)
			out.Map = l.Map()
			out.Objectives = append(slices.Clone(sc.Objectives), l.Objectives(out.Map.Grid)...)
		} else {
			if out.Map == nil {
				cols, rows := BoardSize(max(n[0], n[1], 3))
				out.Map = (&Layout{Cols: cols, Rows: rows, Highest: -1}).Map()
				out.Map.Source = "players"
			}
			terrain, crossings := d.Roll(6), D3(d.Roll(6))
			if out.Params["terrain-roll"] == "" {
				out.Params["terrain-roll"] = strconv.Itoa(terrain)
			}
			if out.Params["crossings"] == "" {
				out.Params["crossings"] = strconv.Itoa(crossings)
			}
			if !placed {
				out.Params["deploy"] = "players" // the template needs the terrain
			}
		}
	}
	if out.Map == nil {
		return nil, game.Reject("no-map", "SDC-4.3", "sdc.setup.no-map")
	}
	if !placed && out.Params["deploy"] != "players" {
		deploy(&out)
	}
	for { // SDC-5.1
		a, b := d.Roll(6), d.Roll(6)
		if a != b {
			out.Params["last-initiative"] = map[bool]string{true: "A", false: "B"}[a > b]
			break
		}
	}
	return &out, nil
}

// deploy places every unit without a hex by the default template.
func deploy(sc *game.Scenario) {
	g := sc.Map.Grid.(*grid.Hex)
	cols, rows := g.Size()
	m := sc.Map
	used := map[grid.Coord]bool{}
	for _, u := range sc.Units {
		if u.At != nil {
			used[*u.At] = true
		}
	}
	ok := func(c grid.Coord, foot bool) bool {
		t := m.CellAt(c).Terrain
		switch {
		case !g.Contains(c) || used[c] || t == "river":
			return false
		case !foot && (t == "wood" || t == "woods" || t == "village" || t == "farm"):
			return false
		}
		return true
	}
	for _, side := range game.Sides {
		var gens []int
		for i, u := range sc.Units {
			if u.Side == side && u.Type == "general" && u.At == nil && !slices.Contains(u.Flags, "flank") {
				gens = append(gens, i)
			}
		}
		front := ZoneDepth - 1
		if side == game.SideB {
			front = cols - ZoneDepth
		}
		for b, gi := range gens {
			lo := b * rows / len(gens)
			hi := (b + 1) * rows / len(gens)
			var els []int
			for i, u := range sc.Units {
				if u.Group == sc.Units[gi].ID && u.At == nil {
					els = append(els, i)
				}
			}
			// Elements in ranks of up to 5 along the front of the zone, the
			// general in the rank behind them: all within his command radius.
			mid := (lo + hi) / 2
			last := 0
			for _, i := range els {
				foot := sc.Units[i].Type == "LI" || sc.Units[i].Type == "EI" || sc.Units[i].Type == "LC"
			search:
				for k := 0; k < ZoneDepth-1; k++ {
					for _, dy := range []int{0, -1, 1, -2, 2} {
						c := grid.Coord{X: front - k, Y: mid + dy}
						if side == game.SideB {
							c.X = front + k
						}
						if c.Y >= lo && c.Y < hi && ok(c, foot) {
							used[c] = true
							sc.Units[i].At = &c
							last = max(last, k)
							break search
						}
					}
				}
			}
			for _, k := range []int{last + 1, last, last + 2} {
				x := front - k
				if side == game.SideB {
					x = front + k
				}
				placed := false
				for _, dy := range []int{0, -1, 1, -2, 2, -3, 3} {
					if c := (grid.Coord{X: x, Y: mid + dy}); ok(c, true) {
						used[c] = true
						sc.Units[gi].At = &c
						placed = true
						break
					}
				}
				if placed {
					break
				}
			}
		}
	}
}
