package man

import (
	"strings"

	"github.com/grognard/grognard/game"
)

// term is a word of the game's vocabulary, translated by the catalogues
// under "term.man.<word>" (phases, card uses, card types, terrain,
// results), so that no key is shared with another ruleset's.
func term(x string) game.Term { return game.Term("man." + x) }

func cards(ids []string) string { return strings.Join(ids, " ") }

func (e Shuffled) Message() game.Msg {
	if e.Reshuffle {
		return game.M("man.ev.reshuffled", "side", e.Side, "n", len(e.Deck))
	}
	return game.M("man.ev.shuffled", "side", e.Side, "n", len(e.Deck))
}

func (e Drew) Message() game.Msg {
	return game.M("man.ev.drew", "side", e.Side, "cards", cards(e.Cards))
}

func (e Discarded) Message() game.Msg {
	return game.M("man.ev.discarded", "side", e.Side, "cards", cards(e.Cards))
}

func (e Counted) Message() game.Msg {
	note := "man.ev.note.none"
	switch {
	case e.Reshuffled && e.Exhausted:
		note = "man.ev.note.both"
	case e.Reshuffled:
		note = "man.ev.note.reshuffled"
	case e.Exhausted:
		note = "man.ev.note.exhausted"
	}
	return game.M("man.ev.counted", "side", e.Side, "discarded", e.Discarded, "drawn", e.Drawn, "note", game.M(note))
}

func (e CardPlayed) Message() game.Msg {
	if e.Unit != "" {
		return game.M("man.ev.played-for", "side", e.Side, "card", e.Card, "use", term(e.Use), "unit", e.Unit, "rule", e.Rule)
	}
	return game.M("man.ev.played", "side", e.Side, "card", e.Card, "use", term(e.Use), "rule", e.Rule)
}

func (e Cleared) Message() game.Msg {
	return game.M("man.ev.cleared", "side", e.Side, "cards", cards(e.Cards))
}

func (e Returned) Message() game.Msg {
	return game.M("man.ev.returned", "side", e.Side, "card", e.Card)
}

func (e PhaseBegan) Message() game.Msg {
	return game.M("man.ev.phase", "turn", e.Turn, "side", e.Side, "phase", term(e.Phase))
}

func (e Moved) Message() game.Msg {
	if e.How == "deploy" {
		return game.M("man.ev.deployed", "unit", e.Unit, "to", e.ToL)
	}
	return game.M("man.ev.moved", "unit", e.Unit, "from", e.FromL, "to", e.ToL, "how", term(e.How), "rule", e.Rule)
}

func (e SupplyGranted) Message() game.Msg { return game.M("man.ev.supply", "side", e.Side) }

func (e WindowOpened) Message() game.Msg {
	return game.M("man.ev.window", "side", e.Window.Side, "card", e.Window.Card)
}

func (e WindowClosed) Message() game.Msg {
	if e.Cancelled {
		return game.M("man.ev.cancelled", "side", e.Side, "card", e.Card)
	}
	return game.M("man.ev.window-closed", "side", e.Side, "card", e.Card)
}

func (e CombatBegan) Message() game.Msg {
	c := e.Combat
	if c.Attacker == "" {
		return game.M("man.ev.ambush", "side", c.Side, "defender", c.Defender, "rule", e.Rule)
	}
	return game.M("man.ev.combat", "side", c.Side, "kind", term(c.Kind), "attacker", c.Attacker, "defender", c.Defender, "rule", e.Rule)
}

func (e CombatStep) Message() game.Msg {
	if e.Step == "" {
		return game.M("man.ev.step-done")
	}
	if !e.Chooser.Valid() { // the attacker's cards: no one side's choice yet
		return game.M("man.ev.step-any", "step", term("step."+e.Step))
	}
	return game.M("man.ev.step", "step", term("step."+e.Step), "side", e.Chooser)
}

func (e Supported) Message() game.Msg {
	return game.M("man.ev.supported", "units", cards(e.Units))
}

func (e Resolved) Message() game.Msg {
	return game.M("man.ev.resolved", "kind", term(e.Combat), "a", e.Attack, "d", e.Defence, "aparts", game.Plain(e.AParts), "dparts", game.Plain(e.DParts),
		"row", term("row."+e.Row), "result", term("result."+e.Result), "rule", e.Rule)
}

func (e Lost) Message() game.Msg {
	if e.Eliminated {
		return game.M("man.ev.eliminated", "unit", e.Unit, "why", term("why."+e.Why), "rule", e.Rule)
	}
	return game.M("man.ev.hit", "unit", e.Unit, "why", term("why."+e.Why), "rule", e.Rule)
}

func (e Pursued) Message() game.Msg {
	key := "man.ev.pursuit-miss"
	if e.Hit {
		key = "man.ev.pursuit-hit"
	}
	return game.M(key, "unit", e.Unit, "card", e.Card, "roll", e.Roll, "mod", e.Mod, "range", e.Range)
}

func (e Vacated) Message() game.Msg { return game.M("man.ev.vacated") }

func (e CombatEnded) Message() game.Msg { return game.M("man.ev.combat-ended", "side", e.Side) }

func (e Restored) Message() game.Msg {
	switch {
	case e.Roll == 0:
		return game.M("man.ev.restored", "unit", e.Unit, "card", e.Card, "rule", e.Rule)
	case e.OK:
		return game.M("man.ev.rallied", "unit", e.Unit, "card", e.Card, "roll", e.Roll)
	}
	return game.M("man.ev.rally-failed", "unit", e.Unit, "card", e.Card, "roll", e.Roll)
}

func (e RestoreUsed) Message() game.Msg { return game.M("man.ev.restore-used") }

func (e RedoubtBuilt) Message() game.Msg {
	return game.M("man.ev.redoubt", "unit", e.Unit, "at", e.AtL)
}

func (e Spied) Message() game.Msg {
	return game.M("man.ev.spied", "side", e.Side, "cards", cards(e.Cards))
}

func (e GameOver) Message() game.Msg {
	r := e.Result
	return game.M("man.ev.game-over", "result", game.M("man.result."+r.Why, "side", r.Winner, "a", r.Score[0], "b", r.Score[1]), "rule", r.Rule)
}

func (e BoardLaid) Message() game.Msg {
	return game.M("man.ev.board", "side", e.Side, "sections", cards(e.Sections))
}

func (e EdgeChosen) Message() game.Msg {
	return game.M("man.ev.edge", "side", e.Side, "edge", e.Edge, "other", opposite(e.Edge))
}

func (e NationsOffered) Message() game.Msg {
	return game.M("man.ev.offered", "side", e.Side, "armies", cards(e.Armies))
}

func (e NationsChosen) Message() game.Msg {
	return game.M("man.ev.nations", "a", e.Armies[0], "b", e.Armies[1])
}
