package bot

// examples is one typed example per command, shown by `help <command>`
// and docs/commands.md (a test checks that each reads as its command).
var examples = map[string]string{
	"new": "new gs-1 vs @bob side B", "join": "join g2", "accept": "accept g2", "decline": "decline g2",
	"abort": "abort g2", "games": "games 2", "scenarios": "scenarios",
	"move": "move A3 0512", "attack": "attack A3 A4 -> B2", "bombard": "bombard A20 -> 1010",
	"retreat": "retreat B2 1009", "advance": "advance A3 1010", "lose": "lose A4",
	"deploy": "deploy A3 0102 A4 0103", "ready": "ready", "end": "end", "choose": "choose 2", "undo": "undo",
	"board": "board", "zoom": "zoom 0512 2", "range": "range A3", "los": "los 0512 0815", "status": "g2 status",
	"units": "units B", "history": "history 5", "rules": "rules retreat", "help": "help move",
	"concede": "concede yes", "draw": "draw offer",
	"mine": "mine", "extend": "extend 24h", "pause": "pause", "resume": "resume", "vacation": "vacation 5d",
	"notify": "notify dm", "tz": "tz Europe/Paris",
	"league": "league standings spring", "lang": "lang fr", "settings": "settings deadline 72h",
	"adjudicate": "adjudicate g2", "swap": "swap A @carol",
}

// shortHelp is the description of a command whose help is longer than a
// Discord slash-command description may be (100 characters).
var shortHelp = map[string]Text{
	"move": {"move a unit: move A3 0512, or a path: move A3 0511 0512 (off last leaves the map)",
		"déplacer une unité : move A3 0512, ou un chemin : move A3 0511 0512 (off : quitter la carte)"},
	"undo": {"take back your last order (after a die roll, your opponent must agree)",
		"reprendre votre dernier ordre (après un jet de dé, l'adversaire doit accepter)"},
	"draw": {"offer a draw, or answer your opponent's offer (bare draw: the IXa/IXb set-up order)",
		"proposer la nulle, ou répondre à l'offre adverse (draw seul : ordre de mise en place IXa/IXb)"},
	"extend": {"more time for this phase, once: your opponent agrees, or a room administrator grants it",
		"plus de temps pour cette phase, une fois : l'adversaire accepte, ou un administrateur l'accorde"},
	"resume": {"restart a paused game's clock: both players ask (or a room administrator)",
		"relancer l'horloge d'une partie en pause : les deux joueurs (ou un administrateur)"},
	"vacation": {"pause all your games from your yearly bank of days: vacation 5d, vacation end",
		"mettre vos parties en pause sur votre réserve annuelle : vacation 5d, vacation end"},
	"notify": {"how you are told a game waits for you: mention, direct message, daily digest, or off",
		"comment être prévenu qu'une partie vous attend : mention, message privé, résumé du jour, rien"},
	"league": {"leagues: standings, schedule, list; new, substitute, withdraw (administrators)",
		"ligues : standings, schedule, list ; new, substitute, withdraw (administrateurs)"},
	"settings": {"this server's settings (Matrix: this room's); server administrators change them",
		"les réglages de ce serveur (Matrix : de ce salon) ; ses administrateurs les changent"},
}

// applyExamples fills the table's examples and short descriptions.
func applyExamples() {
	for _, c := range commands {
		c.Example = examples[c.Name]
		if s, ok := shortHelp[c.Name]; ok {
			c.Short = s
		}
	}
}
