package ptg

import "github.com/grognard/grognard/game"

// Narration, refusals and prompts are messages (game.Msg): a key of the
// catalogues in messages_en.go and messages_fr.go and typed arguments.
// Unit ids, hex labels, CRT columns and results are written as they are
// in both languages; the words of the game (armies, phases) are terms.

// army names a side as an adjective of a masculine noun (the Swedish
// player: le joueur suédois).
func army(side game.Side) game.Term { return game.Term("ptg.side." + sideName(side)) }

// armyF names a side as an adjective of a feminine noun (the Swedish
// army: l'armée suédoise).
func armyF(side game.Side) game.Term { return game.Term("ptg.side-f." + sideName(side)) }

// armyOf names a side as the owner of plural things (the Swedish fire
// zones: les zones de feu des Suédois).
func armyOf(side game.Side) game.Term { return game.Term("ptg.side-of." + sideName(side)) }

// phaseTerm names a phase (move, combat, rally …).
func phaseTerm(phase string) game.Term { return game.Term("ptg.phase." + phase) }

// option is an order offered with its label as a message.
func option(cmd, key string, kv ...any) game.Option {
	m := game.M(key, kv...)
	return game.Option{Label: game.Render(game.LangEN, m), LabelMsg: m, Command: cmd}
}

// scoreLine is a line of the score with its item as a message.
func scoreLine(side game.Side, key string, points int) game.ScoreLine {
	m := game.M(key)
	return game.ScoreLine{Side: side, Item: game.Render(game.LangEN, m), ItemMsg: m, Points: points}
}
