package bot

import (
	"strings"

	"github.com/grognard/grognard/game/rules/all"
)

// ArgKind is the type of a command argument. It decides how text is read,
// what a Discord option's type is, and what autocomplete offers.
type ArgKind string

const (
	ArgUnit     ArgKind = "unit"     // a unit id or counter name ("A3", "I6a")
	ArgHex      ArgKind = "hex"      // a cell label ("0512")
	ArgSide     ArgKind = "side"     // A or B (and "random" where allowed)
	ArgScenario ArgKind = "scenario" // a shipped scenario id ("gs-1")
	ArgGame     ArgKind = "game"     // a game id ("g7")
	ArgUser     ArgKind = "user"     // a mention ("@bob")
	ArgNumber   ArgKind = "number"   // a whole number
	ArgDuration ArgKind = "duration" // 90m, 48h, 5d
	ArgText     ArgKind = "text"     // free text; with Rest, the rest of the line
	ArgChoice   ArgKind = "choice"   // one word of Choices
	ArgOptions  ArgKind = "options"  // name=value words
	// Kinds of ruleset verb arguments, completed from the legal-option
	// tree (game.ArgKind).
	ArgCard    ArgKind = "card"
	ArgOfficer ArgKind = "officer"
	ArgFace    ArgKind = "face"
)

// Arg is one argument of a command.
type Arg struct {
	Name string
	Kind ArgKind
	// Required arguments must be given; the others are optional.
	Required bool
	// Keyword, when set, introduces the argument in text ("vs @bob",
	// "side A"); otherwise arguments are read by position.
	Keyword string
	// Rest takes every remaining word (text arguments, unit lists).
	Rest bool
	// Choices are the words an ArgChoice or ArgSide accepts.
	Choices []string
	Help    Text
}

// Role is who may use a command.
type Role string

const (
	Anyone Role = "anyone" // anyone in the room, spectators included
	Player Role = "player" // a player seated in the game, for their side
	Admin  Role = "admin"  // a room administrator (Request.IsAdmin)
	// Manager: anyone reads, a server administrator (the platform's own
	// right to manage the server, not an admin role) changes.
	Manager Role = "manager"
)

// Group sorts commands in help and docs.
type Group string

const (
	GroupLobby    Group = "lobby"
	GroupOrders   Group = "orders"
	GroupViews    Group = "views"
	GroupEnd      Group = "end"
	GroupSettings Group = "settings"
	GroupAdmin    Group = "admin"
	GroupClock    Group = "clock"
	GroupLeague   Group = "league"
)

var groupOrder = []Group{GroupLobby, GroupOrders, GroupViews, GroupEnd, GroupClock, GroupLeague, GroupSettings, GroupAdmin}

var groupTitle = map[Group]Text{
	GroupLobby:    {"Lobby", "Salon"},
	GroupOrders:   {"Orders", "Ordres"},
	GroupViews:    {"Views", "Vues"},
	GroupEnd:      {"Ending a game", "Fin de partie"},
	GroupSettings: {"Settings", "Réglages"},
	GroupAdmin:    {"Room administrators", "Administrateurs du salon"},
	GroupClock:    {"Deadlines and notifications", "Délais et notifications"},
	GroupLeague:   {"Leagues", "Ligues"},
}

// Command is one entry of the command table: everything the text parser,
// help, the Discord slash-command description and docs/commands.md know
// about it.
type Command struct {
	Name    string
	Aliases []string
	Group   Group
	Args    []Arg
	Help    Text
	Who     Role
	// Game: the command acts on one game, named by a "gN" prefix, a game
	// argument, or the sender's only game in the room.
	Game bool
	// Order: a game order, handed to the ruleset in the shared notation
	// (the Args only describe it for typed front ends).
	Order bool
	// Example is a typed example of the command (examples.go).
	Example string
	// Short is the description where Help is too long for a typed
	// command's description (100 characters on Discord); empty: Help.
	Short Text
	// Variants is an order's help in each ruleset that has it (verbs.go).
	Variants []Variant
	// TypedOnly: the order has no slash command of its own, Discord's
	// 100 being taken (typedOnly); it is typed, or given on Discord
	// through the adapter's /order command.
	TypedOnly bool
	// answers: every ruleset's verb of this name only answers a pending
	// decision (game.Verb.Answer): first to be typed only.
	answers bool
	run     func(*call) error
}

// Usage is the command's synopsis: "new <scenario> [vs <user>] …".
func (c *Command) Usage() string {
	parts := []string{c.Name}
	for _, a := range c.Args {
		w := a.Name
		switch {
		case a.Kind == ArgChoice || a.Kind == ArgSide && len(a.Choices) > 0:
			w = strings.Join(a.Choices, "|")
		case a.Kind == ArgOptions:
			w = a.Name + "=value…"
		}
		if a.Kind != ArgChoice && !(a.Kind == ArgSide && len(a.Choices) > 0) && a.Kind != ArgOptions {
			w = "<" + w + ">"
		}
		if a.Rest && a.Kind != ArgOptions {
			w += "…"
		}
		if a.Keyword != "" {
			w = a.Keyword + " " + w
		}
		if !a.Required {
			w = "[" + w + "]"
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " ")
}

var (
	argGame = Arg{Name: "game", Kind: ArgGame, Help: Text{"the game (default: your only game in this room)", "la partie (par défaut : votre seule partie dans ce salon)"}}
	argUnit = Arg{Name: "unit", Kind: ArgUnit, Required: true, Help: Text{"a unit id or counter name", "un identifiant d'unité ou le nom du pion"}}
	argHex  = Arg{Name: "hex", Kind: ArgHex, Required: true, Help: Text{"a hex label such as 0512", "une case, par exemple 0512"}}
	argPage = Arg{Name: "page", Kind: ArgNumber, Help: Text{"the page (default 1)", "la page (1 par défaut)"}}
)

// commands is the command table of the shipped rulesets (all.Rulesets):
// the one Commands and SlashCommands describe and an App without
// Config.Rulesets uses. Its order is the order of help and of the docs
// within each group. It is built in init (its handlers refer back to it,
// through help).
var commands commandSet

// commandTable is the shared lobby and admin table, without the order
// commands of the rulesets (buildCommands adds them).
func commandTable() []*Command {
	return []*Command{
		// Lobby.
		{Name: "new", Aliases: []string{"challenge", "nouvelle"}, Group: GroupLobby, Who: Anyone,
			Help: Text{"create a game in this room: an open challenge, or one against a named opponent",
				"créer une partie dans ce salon : un défi ouvert, ou contre un adversaire nommé"},
			Args: []Arg{
				{Name: "scenario", Kind: ArgScenario, Required: true, Help: Text{"the scenario id (see `scenarios`)", "l'identifiant du scénario (voir `scenarios`)"}},
				{Name: "opponent", Kind: ArgUser, Keyword: "vs", Help: Text{"the player you challenge", "le joueur que vous défiez"}},
				{Name: "side", Kind: ArgSide, Keyword: "side", Choices: []string{"A", "B", "random"}, Help: Text{"your side (default A)", "votre camp (A par défaut)"}},
				{Name: "options", Kind: ArgOptions, Rest: true, Help: Text{"ruleset options, name=value; deadline=48h: time a phase (none: no deadline); pace=live/daily/weekly",
					"options de règles, nom=valeur ; deadline=48h (ou none) : délai d'une phase ; pace=live/daily/weekly"}},
			}, run: (*call).newGame},
		{Name: "join", Aliases: []string{"rejoindre"}, Group: GroupLobby, Who: Anyone, Game: true,
			Help: Text{"take the free seat of an open challenge", "prendre la place libre d'un défi ouvert"},
			Args: []Arg{argGame}, run: (*call).join},
		{Name: "accept", Aliases: []string{"accepter"}, Group: GroupLobby, Who: Anyone, Game: true,
			Help: Text{"accept a challenge addressed to you", "accepter un défi qui vous est adressé"},
			Args: []Arg{argGame}, run: (*call).accept},
		{Name: "decline", Aliases: []string{"refuser"}, Group: GroupLobby, Who: Anyone, Game: true,
			Help: Text{"decline a challenge addressed to you", "refuser un défi qui vous est adressé"},
			Args: []Arg{argGame}, run: (*call).decline},
		{Name: "abort", Aliases: []string{"annuler"}, Group: GroupLobby, Who: Anyone, Game: true,
			Help: Text{"cancel a game before it starts (its creator), or at any time (a room administrator)",
				"annuler une partie avant son début (son créateur), ou à tout moment (un administrateur du salon)"},
			Args: []Arg{argGame}, run: (*call).abort},
		{Name: "games", Aliases: []string{"parties"}, Group: GroupLobby, Who: Anyone,
			Help: Text{"list the games of this room, a page at a time", "lister les parties de ce salon, une page à la fois"},
			Args: []Arg{argPage}, run: (*call).games},
		{Name: "scenarios", Group: GroupLobby, Who: Anyone,
			Help: Text{"list the scenarios you can play", "lister les scénarios jouables"}, run: (*call).scenarioList},

		// Orders: the verbs of the rulesets come here (verbs.go).
		{Name: "choose", Aliases: []string{"choisir"}, Group: GroupOrders, Who: Player, Game: true,
			Help: Text{"answer a pending decision by its number (a bare number works too)",
				"répondre à une décision en attente par son numéro (un nombre seul suffit)"},
			Args: []Arg{{Name: "number", Kind: ArgNumber, Required: true, Help: Text{"the option's number", "le numéro de l'option"}}}, run: (*call).choose},
		{Name: "undo", Aliases: []string{"reprendre"}, Group: GroupOrders, Who: Player, Game: true,
			Help: Text{"take back your last order: free before any die is rolled in the phase, otherwise asks your opponent (undo accept / undo decline)",
				"reprendre votre dernier ordre : libre tant qu'aucun dé n'a été lancé dans la phase, sinon demande l'accord de l'adversaire (undo accept / undo decline)"},
			Args: []Arg{{Name: "answer", Kind: ArgChoice, Choices: []string{"accept", "decline"}, Help: Text{"answer your opponent's request", "répondre à la demande de l'adversaire"}}}, run: (*call).undo},

		// Views.
		{Name: "board", Aliases: []string{"carte", "map"}, Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"the board as your side sees it: on a large map, a close-up of the latest action; board full for the whole map",
				"la carte telle que votre camp la voit : sur une grande carte, un gros plan de la dernière action ; carte full pour toute la carte"},
			Short: Text{"the board as your side sees it (full: the whole map)", "la carte telle que votre camp la voit (full : toute la carte)"},
			Args:  []Arg{{Name: "view", Kind: ArgChoice, Choices: []string{"full"}, Help: Text{"full: the whole map, not the close-up", "full : toute la carte, pas le gros plan"}}}, run: (*call).board},
		{Name: "zoom", Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"a close-up of the board around a hex", "un gros plan de la carte autour d'une case"},
			Args: []Arg{argHex, {Name: "radius", Kind: ArgNumber, Help: Text{"hexes around the centre (default 3)", "cases autour du centre (3 par défaut)"}}}, run: (*call).zoom},
		{Name: "range", Aliases: []string{"portee", "portée"}, Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"where a unit may move this phase", "où une unité peut aller cette phase"},
			Args: []Arg{argUnit}, run: (*call).rangeView},
		{Name: "los", Aliases: []string{"vue"}, Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"line of sight (line of fire) between two hexes", "ligne de vue (ligne de tir) entre deux cases"},
			Args: []Arg{{Name: "from", Kind: ArgHex, Required: true, Help: Text{"first hex", "première case"}}, {Name: "to", Kind: ArgHex, Required: true, Help: Text{"second hex", "seconde case"}}}, run: (*call).los},
		{Name: "status", Aliases: []string{"etat", "état"}, Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"turn, phase, who must act, score, seats", "tour, phase, qui doit agir, score, joueurs"}, run: (*call).status},
		{Name: "units", Aliases: []string{"unites", "unités"}, Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"the units as you may see them", "les unités telles que vous pouvez les voir"},
			Args: []Arg{{Name: "side", Kind: ArgSide, Choices: []string{"A", "B"}, Help: Text{"only this side", "seulement ce camp"}}}, run: (*call).units},
		{Name: "history", Aliases: []string{"historique"}, Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"the last orders of the game, undos included", "les derniers ordres de la partie, reprises comprises"},
			Args: []Arg{{Name: "count", Kind: ArgNumber, Help: Text{"how many a page (default 10)", "combien par page (10 par défaut)"}},
				{Name: "page", Kind: ArgNumber, Keyword: "page", Help: argPage.Help}}, run: (*call).history},
		{Name: "link", Aliases: []string{"lien"}, Group: GroupViews, Who: Anyone, Game: true,
			Help: Text{"a private link to your side's view of the game on the web page (sent to you alone); `link revoke` stops every link you were sent",
				"un lien privé vers la vue de votre camp sur la page web de la partie (envoyé à vous seul) ; `lien revoke` arrête tous les liens reçus"},
			Short: Text{"a private link to your view of the game's web page; revoke stops them", "un lien privé vers votre vue de la page web ; revoke les arrête"},
			Args:  []Arg{{Name: "action", Kind: ArgChoice, Choices: []string{"revoke"}, Help: Text{"revoke: stop every link you were sent", "revoke : arrêter tous les liens reçus"}}}, run: (*call).link},
		{Name: "rules", Aliases: []string{"regles", "règles"}, Group: GroupViews, Who: Anyone,
			Help: Text{"the rules reference: a rule id (GS-4.16) or a word (retreat)", "la référence des règles : un numéro (GS-4.16) ou un mot (retraite)"},
			Args: []Arg{{Name: "topic", Kind: ArgText, Required: true, Rest: true, Help: Text{"a rule id or a word", "un numéro de règle ou un mot"}}}, run: (*call).rules},
		{Name: "help", Aliases: []string{"aide"}, Group: GroupViews, Who: Anyone,
			Help: Text{"the commands, or one command in detail", "les commandes, ou une commande en détail"},
			Args: []Arg{{Name: "command", Kind: ArgText, Help: Text{"a command name", "un nom de commande"}}}, run: (*call).help},

		// End.
		{Name: "concede", Aliases: []string{"abandon"}, Group: GroupEnd, Who: Player, Game: true,
			Help: Text{"concede the game: `concede` asks, `concede yes` confirms", "abandonner la partie : `abandon` demande, `abandon oui` confirme"},
			Args: []Arg{{Name: "confirm", Kind: ArgChoice, Choices: []string{"yes", "oui"}, Help: Text{"yes: you really concede", "oui : vous abandonnez vraiment"}}}, run: (*call).concede},
		{Name: "draw", Aliases: []string{"nulle"}, Group: GroupEnd, Who: Player, Game: true,
			Help: Text{"offer a draw, or answer your opponent's offer", "proposer la nulle, ou répondre à la proposition adverse"},
			Args: []Arg{{Name: "action", Kind: ArgChoice, Choices: []string{"offer", "accept", "decline"}, Help: Text{"offer, accept or decline", "proposer (offer), accepter (accept) ou refuser (decline)"}}}, run: (*call).draw},

		// Deadlines and notifications (clockcmds.go).
		{Name: "mine", Aliases: []string{"miennes", "moi"}, Group: GroupClock, Who: Anyone,
			Help: Text{"the games, in every room, that wait for you", "les parties, dans tous les salons, qui vous attendent"},
			Args: []Arg{argPage}, run: (*call).mine},
		{Name: "extend", Aliases: []string{"prolonger"}, Group: GroupClock, Who: Player, Game: true,
			Help: Text{"more time for the current phase, once a phase: with your opponent's consent (extend accept / extend decline), or at once by a room administrator",
				"plus de temps pour la phase en cours, une fois par phase : avec l'accord de l'adversaire (extend accept / extend decline), ou aussitôt par un administrateur du salon"},
			Args: []Arg{{Name: "request", Kind: ArgText, Required: true, Help: Text{"a duration (24h, 2d), or accept / decline", "une durée (24h, 2d), ou accept / decline"}}}, run: (*call).extend},
		{Name: "pause", Group: GroupClock, Who: Player, Game: true,
			Help: Text{"stop the game's clock: both players ask (or a room administrator)", "arrêter l'horloge de la partie : les deux joueurs le demandent (ou un administrateur du salon)"},
			run:  (*call).pauseGame},
		{Name: "resume", Aliases: []string{"reprise"}, Group: GroupClock, Who: Player, Game: true,
			Help: Text{"restart a paused game's clock: both players ask (or a room administrator)", "relancer l'horloge d'une partie en pause : les deux joueurs le demandent (ou un administrateur du salon)"},
			run:  (*call).resumeGame},
		{Name: "vacation", Aliases: []string{"vacances"}, Group: GroupClock, Who: Anyone,
			Help: Text{"pause all your games for a while, from your yearly bank of days: vacation 5d, vacation end, vacation (your bank); vacation bank 21d sets the room's bank (administrators)",
				"mettre toutes vos parties en pause un moment, sur votre réserve annuelle de jours : vacation 5d, vacation end, vacation (votre réserve) ; vacation bank 21d fixe la réserve du salon (administrateurs)"},
			Args: []Arg{{Name: "request", Kind: ArgText, Rest: true, Help: Text{"a duration (5d), end, or bank <days>", "une durée (5d), end, ou bank <jours>"}}}, run: (*call).vacation},
		{Name: "notify", Aliases: []string{"notifier"}, Group: GroupClock, Who: Anyone,
			Help: Text{"how you are told that a game waits for you: a mention in the game's thread, a direct message, one daily digest, or nothing",
				"comment vous êtes prévenu qu'une partie vous attend : une mention dans le fil de la partie, un message privé, un résumé quotidien, ou rien"},
			Args: []Arg{{Name: "how", Kind: ArgChoice, Required: true, Choices: []string{"mention", "dm", "digest", "off"}, Help: Text{"mention (default), dm, digest or off", "mention (par défaut), dm, digest ou off"}}}, run: (*call).notify},
		{Name: "tz", Aliases: []string{"fuseau"}, Group: GroupClock, Who: Anyone,
			Help: Text{"your time zone for deadlines (tz Europe/Paris), or the room's (room: administrators)", "votre fuseau horaire pour les délais (tz Europe/Paris), ou celui du salon (room : administrateurs)"},
			Args: []Arg{{Name: "zone", Kind: ArgText, Help: Text{"an IANA time zone such as Europe/Paris, or UTC", "un fuseau IANA comme Europe/Paris, ou UTC"}},
				{Name: "scope", Kind: ArgChoice, Choices: []string{"me", "room"}, Help: Text{"me (default) or room", "me (par défaut) ou room"}}}, run: (*call).setTZ},

		// Leagues (league.go).
		{Name: "league", Aliases: []string{"ligue"}, Group: GroupLeague, Who: Anyone,
			Help: Text{"leagues: league new <name> players:@a @b … scenarios:gs-1,gs-3 format:round-robin|swiss rounds:N deadline:72h (administrators); league standings|schedule|list [name]; league substitute <name> @old @new, league withdraw <name> @player [forfeit|cancel] (administrators)",
				"ligues : league new <nom> players:@a @b … scenarios:gs-1,gs-3 format:round-robin|swiss rounds:N deadline:72h (administrateurs) ; league standings|schedule|list [nom] ; league substitute <nom> @ancien @nouveau, league withdraw <nom> @joueur [forfeit|cancel] (administrateurs)"},
			Args: []Arg{{Name: "action", Kind: ArgChoice, Required: true, Choices: []string{"new", "standings", "schedule", "list", "substitute", "withdraw"}, Help: Text{"what to do", "quoi faire"}},
				{Name: "details", Kind: ArgText, Rest: true, Help: Text{"the league's name and the action's words", "le nom de la ligue et les mots de l'action"}}}, run: (*call).league},

		// Settings.
		{Name: "lang", Aliases: []string{"langue"}, Group: GroupSettings, Who: Anyone,
			Help: Text{"your language, or the room's (room: administrators)", "votre langue, ou celle du salon (room : administrateurs)"},
			Args: []Arg{{Name: "language", Kind: ArgChoice, Required: true, Choices: []string{"en", "fr"}, Help: Text{"en or fr", "en ou fr"}},
				{Name: "scope", Kind: ArgChoice, Choices: []string{"me", "room"}, Help: Text{"me (default) or room", "me (par défaut) ou room"}}}, run: (*call).setLang},
		{Name: "settings", Aliases: []string{"reglages", "réglages"}, Group: GroupSettings, Who: Manager,
			Help: Text{"this server's settings (on Matrix: this room's): settings shows them to anyone; settings <field> <value> changes one (server administrators), default restores the bot's",
				"les réglages de ce serveur (sur Matrix : de ce salon) : settings les montre à tous ; settings <champ> <valeur> en change un (administrateurs du serveur), default rétablit celui du bot"},
			Args: []Arg{{Name: "field", Kind: ArgChoice, Choices: settingsFields, Help: Text{"admin-role (Discord), lang, deadline or rulesets", "admin-role (Discord), lang, deadline ou rulesets"}},
				{Name: "value", Kind: ArgText, Rest: true, Help: Text{"a role id, en|fr, a deadline (72h, none), rulesets (gs,ptg or all), or default",
					"un identifiant de rôle, en|fr, un délai (72h, none), des jeux de règles (gs,ptg ou all), ou default"}}}, run: (*call).settings},

		// Admin.
		{Name: "adjudicate", Aliases: []string{"arbitrer"}, Group: GroupAdmin, Who: Admin, Game: true,
			Help: Text{"apply the default answer of a stuck decision", "appliquer la réponse par défaut d'une décision bloquée"},
			Args: []Arg{argGame}, run: (*call).adjudicate},
		{Name: "swap", Aliases: []string{"seat", "remplacer"}, Group: GroupAdmin, Who: Admin, Game: true,
			Help: Text{"give a side's seat to another user", "donner la place d'un camp à un autre utilisateur"},
			Args: []Arg{{Name: "side", Kind: ArgSide, Required: true, Choices: []string{"A", "B"}, Help: Text{"the seat", "la place"}},
				{Name: "user", Kind: ArgUser, Required: true, Help: Text{"the new player", "le nouveau joueur"}}}, run: (*call).swap},
	}
}

// Commands returns the command table of the shipped rulesets (for
// adapters and docs). Callers must not modify it.
func Commands() []*Command { return commands }

// lookup finds a command of the shipped rulesets' table by name or alias.
func lookup(name string) *Command { return commands.lookup(name) }

func init() {
	cs, err := buildCommands(all.Rulesets())
	if err != nil {
		panic(err)
	}
	commands = cs
}
