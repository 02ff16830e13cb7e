package web

import (
	"html/template"
	"net/url"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/storage"
)

// The site's own words, in English and French (TestCatalogue keeps the
// two in step). The games' texts come from the bot in the reader's
// language.
var catalogue = map[bot.Lang]map[string]string{
	bot.EN: {
		"site.tagline":      "play-by-chat wargames: read-only pages of the games and leagues",
		"index.games":       "Games",
		"index.leagues":     "Leagues",
		"index.none":        "Nothing yet.",
		"lang.switch":       "Français",
		"game.board":        "Board",
		"game.board-alt":    "the board after record {step} of {steps}",
		"game.zoom":         "Open the image at full size (zoom)",
		"game.replay":       "Replay",
		"game.first":        "« start",
		"game.prev":         "‹ back",
		"game.next":         "forward ›",
		"game.last":         "now »",
		"game.step":         "after record {step} of {steps}",
		"game.status":       "Where the game stands",
		"game.units":        "Units and cards at this step",
		"game.history":      "History",
		"game.history-none": "No order yet.",
		"game.show":         "show",
		"game.private":      "Private view of side {side}: your own secrets are on this page. Do not share its address.",
		"game.public":       "Spectator's view: what everyone may see.",
		"game.dice":         "Dice audit",
		"game.commitment":   "Seed commitment (SHA-256 of the secret seed, published when the game began):",
		"game.seed":         "Seed (revealed at the end):",
		"game.seed-hidden":  "The seed stays secret until the game ends; then every roll below can be recomputed from it.",
		"game.hidden-rolls": "{n} dice of secret orders are not shown.",
		"game.dice-how":     "Roll k with s sides is HMAC-SHA256(seed, k as 8 bytes ‖ attempt as 8 bytes, big-endian): its first 8 bytes as a number v, taken if v < M − (M mod s) with M = 2⁶⁴ − 1, the value being v mod s + 1; otherwise the next attempt.",
		"game.verify":       "Recompute every roll in this page",
		"game.col-record":   "record",
		"game.col-index":    "die",
		"game.col-sides":    "sides",
		"game.col-value":    "logged",
		"game.col-server":   "seed gives",
		"game.col-browser":  "your browser",
		"game.no-rolls":     "No die rolled yet.",
		"game.export":       "Download the game (JSONL export)",
		"game.open":         "The game is waiting for its players.",
		"league.standings":  "Standings",
		"league.rounds":     "Pairings and results",
		"league.round":      "Round {n}",
		"league.bye":        "bye",
		"league.chart":      "Rating history",
		"league.chart-x":    "rated games",
		"league.chart-y":    "Elo",
		"league.no-chart":   "No rated game yet.",
		"err.title":         "Error {code}",
		"err.not-found":     "There is no such page.",
		"err.no-game":       "There is no such game: {game}.",
		"err.no-league":     "There is no such league.",
		"err.step":          "That step of the replay does not exist: ?step={step}, and this game has {steps} records (step 0 to {steps}).",
		"err.step-bad":      "That step of the replay does not exist: ?step= is a record number (0, 1, 2 …), not {value}.",
		"err.no-image":      "This game has no board picture (yet).",
		"err.no-export":     "This game has nothing to export yet.",
		"err.forged":        "This private link is not valid (altered, or signed before the site's key changed): type `link` in the game's room for a new one.",
		"err.expired":       "This private link has expired: type `link` in the game's room for a new one.",
		"err.revoked":       "This private link was revoked: type `link` in the game's room for a new one.",
		"err.no-links":      "This site gives no private links.",
		"err.rate":          "Too many requests: wait a moment.",
		"err.internal":      "Something went wrong on our side.",
		"err.panic":         "Something went wrong on our side (reference {ref}).",
		"status.open":       "waiting for players",
		"status.active":     "being played",
		"status.over":       "over",
		"status.abandoned":  "abandoned",
		"footer":            "grognard · read-only view · the orders are given in chat",
	},
	bot.FR: {
		"site.tagline":      "wargames par messagerie : pages en lecture seule des parties et des ligues",
		"index.games":       "Parties",
		"index.leagues":     "Ligues",
		"index.none":        "Rien pour l'instant.",
		"lang.switch":       "English",
		"game.board":        "Plateau",
		"game.board-alt":    "le plateau après l'ordre {step} sur {steps}",
		"game.zoom":         "Ouvrir l'image en taille réelle (zoom)",
		"game.replay":       "Rejouer",
		"game.first":        "« début",
		"game.prev":         "‹ arrière",
		"game.next":         "avant ›",
		"game.last":         "maintenant »",
		"game.step":         "après l'ordre {step} sur {steps}",
		"game.status":       "Où en est la partie",
		"game.units":        "Unités et cartes à ce moment",
		"game.history":      "Historique",
		"game.history-none": "Aucun ordre pour l'instant.",
		"game.show":         "voir",
		"game.private":      "Vue privée du camp {side} : vos propres secrets sont sur cette page. N'en partagez pas l'adresse.",
		"game.public":       "Vue du spectateur : ce que tout le monde peut voir.",
		"game.dice":         "Audit des dés",
		"game.commitment":   "Engagement de la graine (SHA-256 de la graine secrète, publié au début de la partie) :",
		"game.seed":         "Graine (révélée à la fin) :",
		"game.seed-hidden":  "La graine reste secrète jusqu'à la fin de la partie ; chaque jet ci-dessous pourra alors être recalculé.",
		"game.hidden-rolls": "{n} dés d'ordres secrets ne sont pas montrés.",
		"game.dice-how":     "Le jet k à s faces est HMAC-SHA256(graine, k sur 8 octets ‖ essai sur 8 octets, gros-boutiste) : ses 8 premiers octets forment un nombre v, retenu si v < M − (M mod s) avec M = 2⁶⁴ − 1, la valeur étant v mod s + 1 ; sinon l'essai suivant.",
		"game.verify":       "Recalculer chaque jet dans cette page",
		"game.col-record":   "ordre",
		"game.col-index":    "dé",
		"game.col-sides":    "faces",
		"game.col-value":    "noté",
		"game.col-server":   "la graine donne",
		"game.col-browser":  "votre navigateur",
		"game.no-rolls":     "Aucun dé lancé pour l'instant.",
		"game.export":       "Télécharger la partie (export JSONL)",
		"game.open":         "La partie attend ses joueurs.",
		"league.standings":  "Classement",
		"league.rounds":     "Appariements et résultats",
		"league.round":      "Ronde {n}",
		"league.bye":        "exempt",
		"league.chart":      "Évolution du classement Elo",
		"league.chart-x":    "parties classées",
		"league.chart-y":    "Elo",
		"league.no-chart":   "Aucune partie classée pour l'instant.",
		"err.title":         "Erreur {code}",
		"err.not-found":     "Cette page n'existe pas.",
		"err.no-game":       "Cette partie n'existe pas : {game}.",
		"err.no-league":     "Cette ligue n'existe pas.",
		"err.step":          "Ce moment du replay n'existe pas : ?step={step}, et cette partie compte {steps} enregistrements (moments 0 à {steps}).",
		"err.step-bad":      "Ce moment du replay n'existe pas : ?step= est un numéro d'enregistrement (0, 1, 2 …), pas {value}.",
		"err.no-image":      "Cette partie n'a pas (encore) d'image du plateau.",
		"err.no-export":     "Cette partie n'a encore rien à exporter.",
		"err.forged":        "Ce lien privé n'est pas valide (modifié, ou signé avant un changement de la clé du site) : tapez `lien` dans le salon de la partie pour en obtenir un nouveau.",
		"err.expired":       "Ce lien privé a expiré : tapez `lien` dans le salon de la partie pour en obtenir un nouveau.",
		"err.revoked":       "Ce lien privé a été révoqué : tapez `lien` dans le salon de la partie pour en obtenir un nouveau.",
		"err.no-links":      "Ce site ne donne pas de liens privés.",
		"err.rate":          "Trop de requêtes : patientez un instant.",
		"err.internal":      "Une erreur s'est produite de notre côté.",
		"err.panic":         "Une erreur s'est produite de notre côté (référence {ref}).",
		"status.open":       "en attente de joueurs",
		"status.active":     "en cours",
		"status.over":       "terminée",
		"status.abandoned":  "abandonnée",
		"footer":            "grognard · vue en lecture seule · les ordres se donnent dans la messagerie",
	},
}

// T is a message of the site in l, its {name} placeholders replaced by
// the arguments (name, value pairs).
func T(l bot.Lang, key string, kv ...any) string {
	s, ok := catalogue[l][key]
	if !ok {
		if s, ok = catalogue[bot.EN][key]; !ok {
			return "[" + key + "]"
		}
	}
	return bot.Fill(s, kv...)
}

// funcs are the templates' functions in l.
func funcs(l bot.Lang) template.FuncMap {
	return template.FuncMap{
		"t":          func(key string, kv ...any) string { return T(l, key, kv...) },
		"status":     func(s storage.Status) string { return T(l, "status."+string(s)) },
		"pathEscape": url.PathEscape,
	}
}
