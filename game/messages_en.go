package game

// The kernel's own refusals and words, in English (the reference
// language; see message.go).
func init() { Register("game", LangEN, messagesEN) }

var messagesEN = Catalogue{
	"game.word": "{w}",
	"game.or":   "{a} or {b}",

	"game.order.empty":   "empty order",
	"game.order.no-side": "orders come from side A or B",
	"game.over":          "the game is over",

	"game.choose.syntax": "write: choose N, with N the number of an option",
	"game.choose.range":  "choose a number from 1 to {max}",
	"game.choose.none":   "there is no decision waiting for {side}",

	"game.undo.nothing":     "there is nothing to undo",
	"game.undo.not-yours":   "the last order was {side}'s, not yours",
	"game.undo.dice-rolled": "a die has been rolled in this phase (order {seq}: {order}): undo needs your opponent's consent",

	"game.option.unknown": `unknown option "{name}" (options: {options})`,
	"game.option.value":   `option {name} takes {values}, not "{value}"`,

	"game.decision.first": "first {side} must decide: {prompt}",
}
