package gs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// Secret pre-game rolls, made when a side declares itself ready: the entry
// turn of a withdrawn reserve (GS-S10 variant: d6 + 2) and a random
// demoralization threshold (GS-T3, GS-T4).

// ReserveTurn fixes the turn a reserve enters as a group (GS-S10).
type ReserveTurn struct {
	Side   game.Side `json:"side"`
	Roll   int       `json:"roll"`
	Turn   int       `json:"turn"`
	Secret bool      `json:"secret,omitempty"`
	Msg    game.Msg  `json:"msg,omitzero"`
	Text   string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (ReserveTurn) Kind() string        { return "reserve-turn" }
func (e ReserveTurn) Message() game.Msg { return told(e.Msg, e.Text) }
func (e ReserveTurn) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e ReserveTurn) Owner() game.Side {
	if e.Secret {
		return e.Side
	}
	return game.Nobody
}

// MoraleRolled fixes a side's demoralization threshold by a die (GS-T3,
// GS-T4); secret unless the players agreed to announce it.
type MoraleRolled struct {
	Side   game.Side `json:"side"`
	Roll   int       `json:"roll"`
	Pct    int       `json:"pct"`
	Secret bool      `json:"secret,omitempty"`
	Msg    game.Msg  `json:"msg,omitzero"`
	Text   string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (MoraleRolled) Kind() string        { return "morale-roll" }
func (e MoraleRolled) Message() game.Msg { return told(e.Msg, e.Text) }
func (e MoraleRolled) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e MoraleRolled) Owner() game.Side {
	if e.Secret {
		return e.Side
	}
	return game.Nobody
}

// moraleTable reads "1-2:40 3-4:50 5-6:60" into a die → percent table.
func moraleTable(v string) (map[int]int, error) {
	out := map[int]int{}
	for _, w := range strings.Fields(v) {
		rng, pct, ok := strings.Cut(w, ":")
		p, err := strconv.Atoi(pct)
		if !ok || err != nil {
			return nil, fmt.Errorf("%q is not DIE-DIE:PERCENT", w)
		}
		lo, hi, _ := strings.Cut(rng, "-")
		a, err1 := strconv.Atoi(lo)
		b := a
		if hi != "" {
			var err2 error
			b, err2 = strconv.Atoi(hi)
			if err2 != nil {
				return nil, fmt.Errorf("%q is not DIE-DIE:PERCENT", w)
			}
		}
		if err1 != nil || a < 1 || b > 6 || a > b {
			return nil, fmt.Errorf("%q is not DIE-DIE:PERCENT", w)
		}
		for d := a; d <= b; d++ {
			out[d] = p
		}
	}
	for d := 1; d <= 6; d++ {
		if _, ok := out[d]; !ok {
			return nil, fmt.Errorf("no percentage for a die of %d", d)
		}
	}
	return out, nil
}

// readyRolls makes a side's secret rolls as it declares itself ready.
func (s *State) readyRolls(side game.Side, dice game.Dice) ([]game.Event, error) {
	var evs []game.Event
	if s.on("face-down") {
		evs = append(evs, s.relabel(side, dice))
	}
	if s.on("random-morale") {
		t, err := moraleTable(s.sc.Param("morale-dice-"+side.String(), ""))
		if err != nil {
			return nil, fmt.Errorf("gs: scenario %s: morale-dice-%s: %w", s.sc.ID, side, err)
		}
		r := dice.Roll(6)
		secret := s.opt("morale-hidden") == "on"
		evs = append(evs, MoraleRolled{Side: side, Roll: r, Pct: t[r], Secret: secret,
			Msg: game.M("gs.event.morale-roll", "side", side, "roll", r, "pct", t[r])})
	}
	if s.opt("reserves") == "dice" && len(s.groupUnitsAny(side, reserveGroup)) > 0 {
		r := dice.Roll(6)
		add, _ := strconv.Atoi(s.sc.Param("reserve-turn-add", "2"))
		secret := s.opt("reserve-turn-hidden") == "on"
		evs = append(evs, ReserveTurn{Side: side, Roll: r, Turn: r + add, Secret: secret,
			Msg: game.M("gs.event.reserve-turn", "side", side, "roll", r, "turn", r+add)})
	}
	return evs, nil
}
