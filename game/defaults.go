package game

import "errors"

// Helpers for Defaulter implementations: the parts of a deadline order
// that are the same in every ruleset.

// DecisionDefault is the documented default (Decision.Default) of side's
// first pending decision. ok is false when side has no decision pending;
// order is "" with a reason when the decision has no default.
func DecisionDefault(s State, side Side) (order, why string, ok bool) {
	for _, d := range s.Pending() {
		if d.Side != side {
			continue
		}
		if d.Default < 0 || d.Default >= len(d.Options) {
			return "", "the decision has no default", true
		}
		return d.Options[d.Default].Command, "", true
	}
	return "", "", false
}

// Accepts reports whether r's Decide accepts text from side in s, without
// rolling: an order that must roll is accepted, since a ruleset rolls only
// once it knows the order is legal.
func Accepts(r Ruleset, s State, side Side, text string) bool {
	cmd, err := ParseCommand(side, text)
	if err == nil {
		g := &Game{Rules: r, State: s}
		_, _, err = g.Decide(cmd, nil)
	}
	return err == nil || errors.Is(err, ErrDiceExhausted)
}

// MostBound is the legal order of side, other than "end", that names the
// most of the words in bound (the units and cells an obligation binds),
// the first in Legal's order on a tie, among those Decide accepts; "" when
// none is accepted.
func MostBound(r Ruleset, s State, side Side, bound []string) string {
	in := map[string]bool{}
	for _, w := range bound {
		in[w] = true
	}
	best, bestScore := "", -1
	for _, o := range Leaves(Legal(r, s, side)) {
		if o == "end" {
			continue
		}
		score := 0
		for _, w := range Words(o)[1:] {
			if in[w] {
				score++
			}
		}
		if score > bestScore && Accepts(r, s, side, o) {
			best, bestScore = o, score
		}
	}
	return best
}

// EndOrMostBound is the deadline order of side's own idle phase: "end"
// when Decide accepts it; when an obligation forbids ending, the legal
// order that serves the most of the words bound returns (MostBound);
// otherwise "" and why.
func EndOrMostBound(r Ruleset, s State, side Side, bound func() []string) (order, why string) {
	if Accepts(r, s, side, "end") {
		return "end", ""
	}
	if o := MostBound(r, s, side, bound()); o != "" {
		return o, ""
	}
	return "", "end is refused and no legal order is accepted"
}

// OnlyEnd reports whether "end" is the only order Legal lists for side.
func OnlyEnd(r Ruleset, s State, side Side) bool {
	l := Leaves(Legal(r, s, side))
	return len(l) == 1 && l[0] == "end"
}
