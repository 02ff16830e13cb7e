package gs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// Demoralized records that an army has lost its morale value (GS-11.2).
// When the thresholds are secret (GS-S9b), only the army's owner is told.
type Demoralized struct {
	Side   game.Side `json:"side"`
	Secret bool      `json:"secret,omitempty"`
	Msg    game.Msg  `json:"msg,omitzero"`
	Text   string    `json:"text,omitempty"` // the English narration of logs written before Msg
}

func (Demoralized) Kind() string        { return "demoralized" }
func (e Demoralized) Message() game.Msg { return told(e.Msg, e.Text) }
func (e Demoralized) Explain() string   { return game.Render(game.LangEN, e.Message()) }

// Owner makes a secret demoralization visible to its army only.
func (e Demoralized) Owner() game.Side {
	if e.Secret {
		return e.Side
	}
	return game.Nobody
}

// moraleBroken reports whether losses reach pct percent of total, in exact
// integer arithmetic (GS-P-18: 107 PC at 50% breaks at 54).
func moraleBroken(losses, total, pct int) bool {
	return pct > 0 && total > 0 && 100*losses >= pct*total
}

// parseThresholds reads the morale-threshold option: "50" for both armies
// or "40/60" for A and B (GS-S8 option b).
func parseThresholds(v string) ([2]int, error) {
	parts := strings.Split(v, "/")
	var out [2]int
	for i := range out {
		p := parts[0]
		if len(parts) == 2 {
			p = parts[i]
		} else if len(parts) != 1 {
			return out, fmt.Errorf("morale-threshold %q: want a percentage or A/B percentages like 40/60", v)
		}
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(p), "%"))
		if err != nil || n <= 0 || n > 100 {
			return out, fmt.Errorf("morale-threshold %q: want a percentage or A/B percentages like 40/60", v)
		}
		out[i] = n
	}
	return out, nil
}

// setupMorale fixes each army's morale value at the start (GS-11.1,
// GS-P-18: every unit the scenario gives the army, reinforcements
// included).
func (s *State) setupMorale() error {
	if !s.on("morale") && !s.on("random-morale") {
		return nil
	}
	pct, err := parseThresholds(s.opt("morale-threshold"))
	if err != nil {
		return game.Reject("bad-option", "GS-11.1", "gs.bad-option.morale", "value", game.Plain(s.opt("morale-threshold")))
	}
	s.MoralePct = pct
	for _, u := range s.Units {
		s.MoraleTotal[u.Side] += u.PC
	}
	return nil
}

// demoralized reports an army that may no longer advance (GS-11.3).
func (s *State) demoralized(side game.Side) bool { return side.Valid() && s.Demoralized[side] }

// morale emits Demoralized for any army whose losses just reached its
// threshold; with morale-exclusive (GS-S8 option c) only the first army to
// break can be demoralized.
func (d *decider) morale() {
	for _, side := range game.Sides {
		s := d.s
		if s.Demoralized[side] || !moraleBroken(s.Losses[side], s.MoraleTotal[side], s.MoralePct[side]) {
			continue
		}
		if s.on("morale-exclusive") && s.Demoralized[side.Other()] {
			continue
		}
		d.emit(Demoralized{Side: side, Secret: s.moraleSecret(),
			Msg: game.M("gs.event.demoralized", "side", side, "losses", s.Losses[side], "total", s.MoraleTotal[side], "pct", s.MoralePct[side])})
	}
}

// moraleSecret reports thresholds kept from the opponent (GS-S9b, GS-S10).
func (s *State) moraleSecret() bool { return s.on("random-morale") && s.opt("morale-hidden") == "on" }
