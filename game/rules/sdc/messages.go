package sdc

import (
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// term is a word of the game's vocabulary (phases, terrains, results),
// translated by the catalogues under "term.sdc.<word>".
func term(x string) game.Term { return game.Term("sdc." + x) }

func mods(ms []Mod) string {
	if len(ms) == 0 {
		return "—"
	}
	var parts []string
	for _, m := range ms {
		sign := "+"
		if m.N < 0 {
			sign = ""
		}
		parts = append(parts, m.Why+" "+sign+itoa(m.N))
	}
	return strings.Join(parts, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }

func diceText(ds []int) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, itoa(d))
	}
	return strings.Join(parts, " ")
}

func (e InitiativeRolled) Message() game.Msg {
	key := "sdc.ev.initiative"
	if e.TieRule {
		key = "sdc.ev.initiative-tie"
	}
	return game.M(key, "turn", e.Turn, "a", e.A, "b", e.B, "winner", e.Winner)
}

func (e FirstChosen) Message() game.Msg {
	return game.M("sdc.ev.first", "side", e.Side, "first", e.First)
}

func (e Activated) Message() game.Msg {
	switch {
	case !e.Test:
		return game.M("sdc.ev.activated", "general", e.General, "affected", e.Affected, "total", e.Total)
	case e.Passed:
		return game.M("sdc.ev.activated-test", "general", e.General, "affected", e.Affected, "total", e.Total, "die", e.Die, "need", e.Need)
	}
	return game.M("sdc.ev.activation-failed", "general", e.General, "affected", e.Affected, "total", e.Total, "die", e.Die, "need", e.Need)
}

func (e BrigadeDestroyed) Message() game.Msg {
	return game.M("sdc.ev.brigade-"+e.Why, "general", e.General, "n", len(e.Elements))
}

func (e ForcedMarch) Message() game.Msg {
	key := "sdc.ev.march-failed"
	if e.Passed {
		key = "sdc.ev.march"
	}
	die := itoa(e.Die)
	if e.Reroll > 0 {
		die += " → " + itoa(e.Reroll)
	}
	return game.M(key, "general", e.General, "die", die, "need", e.Need)
}

func (e Moved) Message() game.Msg {
	switch {
	case e.Displaced:
		return game.M("sdc.ev.displaced", "unit", e.Unit, "to", e.To)
	case e.Joined != "":
		return game.M("sdc.ev.joined", "unit", e.Unit, "to", e.To, "head", e.Joined)
	}
	return game.M("sdc.ev.moved", "unit", e.Unit, "to", e.To, "n", len(e.Path)-1, "facing", FacingName(e.Facing))
}

func (e Faced) Message() game.Msg {
	switch {
	case e.Square && e.Reaction:
		return game.M("sdc.ev.square-reaction", "unit", e.Unit)
	case e.Square:
		return game.M("sdc.ev.square", "unit", e.Unit)
	case e.Line:
		return game.M("sdc.ev.line", "unit", e.Unit, "facing", FacingName(e.Facing))
	case e.Reaction:
		return game.M("sdc.ev.face-reaction", "unit", e.Unit, "facing", FacingName(e.Facing))
	}
	return game.M("sdc.ev.faced", "unit", e.Unit, "facing", FacingName(e.Facing))
}

func (e Rallied) Message() game.Msg { return game.M("sdc.ev.rallied", "unit", e.Unit) }

func (e Tested) Message() game.Msg {
	key := "sdc.ev.test-failed"
	if e.Passed {
		key = "sdc.ev.test-passed"
	}
	return game.M(key, "unit", e.Unit, "why", term("why."+e.Why), "die", e.Die, "need", e.Need, "rule", e.Rule)
}

func (e Fired) Message() game.Msg {
	if e.Lost != "" {
		return game.M("sdc.ev.shot-lost", "gun", e.Gun, "target", e.Target, "why", term("lost."+e.Lost))
	}
	die := itoa(e.Die)
	if e.Reroll > 0 {
		die += " → " + itoa(e.Reroll)
	}
	return game.M("sdc.ev.fired", "gun", e.Gun, "target", e.Target, "range", e.Range, "score", e.Score, "die", die, "mods", mods(e.Mods), "total", e.Total, "margin", e.Margin)
}

func (e Fought) Message() game.Msg {
	a, d := diceText(e.ADice), diceText(e.DDice)
	if e.AReroll > 0 {
		a += " (" + itoa(e.AReroll) + ")"
	}
	if e.DReroll > 0 {
		d += " (" + itoa(e.DReroll) + ")"
	}
	return game.M("sdc.ev.fought", "attacker", e.Attacker, "defender", e.Defender, "face", term(e.Face), "adice", a, "ddice", d, "amods", mods(e.AMods), "dmods", mods(e.DMods), "a", e.A, "d", e.D)
}

func (e Disordered) Message() game.Msg {
	return game.M("sdc.ev.disordered", "unit", e.Unit, "rule", e.Rule)
}

func (e Recoiled) Message() game.Msg {
	return game.M("sdc.ev.recoiled", "unit", e.Unit, "to", e.To, "n", len(e.Path)-1)
}

func (e Destroyed) Message() game.Msg {
	return game.M("sdc.ev.destroyed", "unit", e.Unit, "rule", e.Rule)
}

func (e ReactionsOffered) Message() game.Msg {
	var ids []string
	for _, r := range e.Reactions {
		ids = append(ids, r.Unit)
	}
	return game.M("sdc.ev.reactions", "units", strings.Join(ids, " "))
}

func (e Reacted) Message() game.Msg {
	return game.M("sdc.ev.reacted", "unit", e.Unit, "how", term("react."+e.How))
}

func (e ActivationEnded) Message() game.Msg {
	if !e.Next.Valid() {
		return game.M("sdc.ev.activation-ended-last", "general", e.General)
	}
	return game.M("sdc.ev.activation-ended", "general", e.General, "next", e.Next)
}

func (e TurnEnded) Message() game.Msg {
	if e.Result != nil {
		return game.M("sdc.ev.game-over", "turn", e.Turn, "result", game.M("sdc.result."+e.Result.Why, "winner", e.Result.Winner, "a", e.Result.VP[0], "b", e.Result.VP[1]))
	}
	return game.M("sdc.ev.turn-ended", "turn", e.Turn)
}
