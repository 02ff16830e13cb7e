package gs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// suddenDeath ends the game when a side has lost every unit (GS-P-24):
// the other side wins at once.
func suddenDeath(s *State) (game.Outcome, bool) {
	if s.sc.Param("annihilation", "win") != "win" {
		return game.Outcome{}, false
	}
	for _, side := range game.Sides {
		alive := false
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == side && u.Status != game.StatusEliminated && u.Status != StatusUnused {
				alive = true
				break
			}
		}
		if !alive {
			o := running(s)
			o.Over, o.Winner = true, side.Other()
			result(&o, side.Other(), game.M("gs.result.annihilation", "side", side.Other()))
			if l := s.sc.Param("annihilation-label", ""); l != "" {
				result(&o, side.Other(), game.M("gs.result.annihilation-label", "side", side.Other(), "label", game.Term(l)))
			}
			o.Rule = "GS-P-24"
			return o, true
		}
	}
	return game.Outcome{}, false
}

// running computes the scenario's score as it stands.
func running(s *State) game.Outcome {
	o := game.Outcome{Winner: game.Nobody}
	switch s.sc.Param("victory", "losses") {
	case "zones":
		for _, side := range game.Sides {
			vp, lines := s.zoneScore(side)
			o.Score[side] = vp
			o.Lines = append(o.Lines, lines...)
		}
		o.Rule = "GS-S5.victory"
	case "percent":
		for _, side := range game.Sides {
			item := game.M("gs.score.losses-pc") // the starting total is the side's secret while any of its units is face down (GS-S9a)
			if !s.anyFaceDown(side) {
				item = game.M("gs.score.losses-of", "total", s.startTotal(side))
			}
			o.Lines = append(o.Lines, scoreLine(side, item, s.Losses[side]))
			o.Score[side] = s.Losses[side.Other()]
		}
		o.Rule = "GS-S7.victory"
	case "exit":
		pc := s.exitedPC(game.SideA)
		o.Lines = append(o.Lines, scoreLine(game.SideA, game.M("gs.score.exited"), pc))
		o.Score[game.SideA] = pc
		o.Rule = "GS-S6.victory"
	case "on-map":
		for _, side := range game.Sides {
			pc := s.pcOnMap(side)
			o.Lines = append(o.Lines, scoreLine(side, game.M("gs.score.on-map"), pc))
			o.Score[side] = pc
			if s.on("count-units") {
				n := s.unitsOnMap(side)
				o.Lines = append(o.Lines, scoreLine(side, game.M("gs.score.units-on-map"), n))
				o.Score[side] += n
			}
		}
		o.Rule = "GS-S8.victory"
	case "points":
		for _, side := range game.Sides {
			pts := 0
			pc := s.pcOnMap(side)
			o.Lines = append(o.Lines, scoreLine(side, game.M("gs.score.on-map"), pc))
			pts += pc
			for _, ob := range s.sc.Objectives {
				if s.holds(side, ob) {
					o.Lines = append(o.Lines, game.ScoreLine{Side: side, Item: ob.Name, Points: ob.Points})
					pts += ob.Points
				}
			}
			o.Score[side] = pts
		}
		o.Rule = "GS-S2.victory"
	default:
		for _, side := range game.Sides {
			o.Lines = append(o.Lines, scoreLine(side, game.M("gs.score.losses"), s.Losses[side]))
			o.Score[side] = s.Losses[side.Other()]
		}
		o.Rule = "GS-S1.victory"
	}
	return o
}

// finalOutcome judges the game after its last turn.
func finalOutcome(s *State) game.Outcome {
	o := running(s)
	o.Over = true
	switch s.sc.Param("victory", "losses") {
	case "zones":
		judge(&o, o.Score[game.SideA]-o.Score[game.SideB], 1, game.M("gs.result.zones", "a", o.Score[game.SideA], "b", o.Score[game.SideB]))
	case "percent":
		ta, tb := s.startTotal(game.SideA), s.startTotal(game.SideB)
		la, lb := s.Losses[game.SideA], s.Losses[game.SideB]
		margin := atoi(s.sc.Param("percent-margin", "5"))
		w := percentJudge(la, ta, lb, tb, margin)
		detail := game.M("gs.result.percent", "la", la, "ta", ta, "pa", decimal(100*float64(la)/float64(ta)),
			"lb", lb, "tb", tb, "pb", decimal(100*float64(lb)/float64(tb)))
		if w.Valid() {
			result(&o, w, game.M("gs.result.percent-win", "side", w, "detail", detail, "margin", margin))
		} else {
			result(&o, w, game.M("gs.result.percent-draw", "detail", detail, "margin", margin))
		}
	case "exit":
		s.exitResult(&o)
	case "on-map":
		margin := atoi(s.sc.Param("point-margin", "11"))
		diff := o.Score[game.SideA] - o.Score[game.SideB]
		judge(&o, diff, margin, game.M("gs.result.on-map", "a", o.Score[game.SideA], "b", o.Score[game.SideB]))
	case "points":
		margin := atoi(s.sc.Param("point-margin", "10"))
		diff := o.Score[game.SideA] - o.Score[game.SideB]
		judge(&o, diff, margin, game.M("gs.result.points", "a", o.Score[game.SideA], "b", o.Score[game.SideB]))
	default:
		margin := atoi(s.sc.Param("loss-margin", "6"))
		diff := s.Losses[game.SideB] - s.Losses[game.SideA]
		judge(&o, diff, margin, game.M("gs.result.losses", "a", s.Losses[game.SideA], "b", s.Losses[game.SideB]))
	}
	return o
}

// judge turns a difference in A's favour into o's result: a win needs at
// least margin.
func judge(o *game.Outcome, diff, margin int, detail game.Msg) {
	switch {
	case diff >= margin:
		result(o, game.SideA, game.M("gs.result.win", "side", game.SideA, "detail", detail, "diff", diff, "margin", margin))
	case -diff >= margin:
		result(o, game.SideB, game.M("gs.result.win", "side", game.SideB, "detail", detail, "diff", -diff, "margin", margin))
	default:
		result(o, game.Nobody, game.M("gs.result.draw", "detail", detail, "diff", abs(diff), "margin", margin))
	}
}

// decimal is v with one decimal, written in each language's way (12.5,
// 12,5).
func decimal(v float64) game.Msg {
	i, f, _ := strings.Cut(fmt.Sprintf("%.1f", v), ".")
	return game.M("gs.decimal", "int", i, "frac", f)
}

// result sets o's winner and result.
func result(o *game.Outcome, w game.Side, m game.Msg) {
	o.Winner, o.Result, o.ResultMsg = w, en(m), m
}

// scoreLine is one item of a score breakdown.
func scoreLine(side game.Side, item game.Msg, points int) game.ScoreLine {
	return game.ScoreLine{Side: side, Item: en(item), ItemMsg: item, Points: points}
}

func atoi(s string) int {
	v, _ := strconv.Atoi(s)
	return v
}

func (s *State) unitsOnMap(side game.Side) int {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.OnMap() {
			n++
		}
	}
	return n
}

func (s *State) pcOnMap(side game.Side) int {
	t := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.OnMap() {
			t += u.PC
		}
	}
	return t
}

// holds reports whether side controls an objective at this moment
// (GS-S2.victory).
func (s *State) holds(side game.Side, ob game.Objective) bool {
	cells := ob.Cells
	if fs, ok := ob.ForSide[side]; ok {
		cells = fs
	}
	mine, theirs := false, false
	for _, c := range cells {
		if u := s.UnitAt(c); u != nil {
			if u.Side == side {
				mine = true
			} else {
				theirs = true
			}
		}
	}
	if ob.Kind == "island" {
		// The island needs a unit on one of its hexes and no enemy on any.
		for _, c := range ob.Cells {
			if u := s.UnitAt(c); u != nil && u.Side != side {
				theirs = true
			}
		}
		return mine && !theirs
	}
	return mine
}
