package bot

// examples is one typed example per lobby command, shown by `help
// <command>` and docs/commands.md (a test checks that each reads as its
// command); orders take theirs from their verbs.
var examples = map[string]string{
	"new": "new gs-1 vs @bob side B", "join": "join g2", "accept": "accept g2", "decline": "decline g2",
	"abort": "abort g2", "games": "games 2", "scenarios": "scenarios",
	"choose": "choose 2", "undo": "undo",
	"board": "board", "zoom": "zoom 0512 2", "range": "range A3", "los": "los 0512 0815", "status": "g2 status",
	"units": "units B", "history": "history 5", "link": "g2 link", "rules": "rules retreat", "help": "help move",
	"concede": "concede yes", "draw": "draw offer",
	"mine": "mine", "extend": "extend 24h", "pause": "pause", "resume": "resume", "vacation": "vacation 5d",
	"notify": "notify dm", "tz": "tz Europe/Paris",
	"league": "league standings spring", "lang": "lang fr", "settings": "settings deadline 72h",
	"adjudicate": "adjudicate g2", "swap": "swap A @carol",
}

// shortHelp is the description of a command whose help is longer than a
// Discord slash-command description may be (100 characters).
var shortHelp = map[string]Text{
	"undo": {"take back your last order (after a die roll, your opponent must agree)",
		"reprendre votre dernier ordre (après un jet de dé, l'adversaire doit accepter)"},
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
