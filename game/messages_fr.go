package game

// The kernel's own refusals and words, in French.
func init() { Register("game", LangFR, messagesFR) }

var messagesFR = Catalogue{
	"game.word": "{w}",
	"game.or":   "{a} ou {b}",

	"game.order.empty":   "ordre vide",
	"game.order.no-side": "les ordres viennent du camp A ou B",
	"game.over":          "la partie est terminée",

	"game.choose.syntax": "écrivez : choose N, où N est le numéro d'une option",
	"game.choose.range":  "choisissez un nombre de 1 à {max}",
	"game.choose.none":   "aucune décision n'attend {side}",

	"game.undo.nothing":     "il n'y a rien à reprendre",
	"game.undo.not-yours":   "le dernier ordre était celui de {side}, pas le vôtre",
	"game.undo.dice-rolled": "un dé a été lancé dans cette phase (ordre {seq} : {order}) : la reprise demande l'accord de l'adversaire",

	"game.option.unknown": "option inconnue « {name} » (options : {options})",
	"game.option.value":   "l'option {name} prend {values}, pas « {value} »",

	"game.decision.first": "d'abord {side} doit décider : {prompt}",
}
