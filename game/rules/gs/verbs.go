package gs

import (
	"strings"

	"github.com/grognard/grognard/game"
)

// Verbs declares every order Decide understands (game.Verber): the bot
// builds its order commands, help and autocomplete from them. A test
// checks the list against Decide and the legal-option tree.
//
// "draw" (scenarios IXa, IXb) is declared as draw-forces: the bare word is
// the players' draw offer. Decide still takes "draw" from older logs.
func (*Rules) Verbs() []game.Verb {
	unit := game.VerbArg{Name: "unit", Kind: game.ArgUnit, Required: true, Help: game.Text{EN: "a unit id or counter name", FR: "un identifiant d'unité ou le nom du pion"}}
	hex := game.VerbArg{Name: "hex", Kind: game.ArgCell, Required: true, Help: game.Text{EN: "a hex label such as 0512", FR: "une case, par exemple 0512"}}
	auto := func(name, en, fr string) game.VerbArg {
		return game.VerbArg{Name: name, Kind: game.ArgText, Required: true, Rest: true, Help: game.Text{EN: en, FR: fr}}
	}
	return []game.Verb{
		{Name: "move", Rule: "GS-2", Example: "move A3 0512",
			Help: game.Text{EN: "move a unit: move A3 0512, or a path: move A3 0511 0512 (off last leaves the map)",
				FR: "déplacer une unité : move A3 0512, ou un chemin : move A3 0511 0512 (off : quitter la carte)"},
			Args: []game.VerbArg{unit, {Name: "to", Kind: game.ArgCell, Required: true, Rest: true, Help: game.Text{EN: "the destination hex or a path; off last leaves the map, charge TARGET charges", FR: "la case d'arrivée ou un chemin ; off : quitter la carte, charge CIBLE : charger"}}}},
		{Name: "attack", Rule: "GS-4", Example: "attack A3 A4 -> B2",
			Help: game.Text{EN: "declare a combat: attack A3 A4 -> B2 [at 2:1] (artillery not adjacent bombards)",
				FR: "déclarer un combat : attack A3 A4 -> B2 [at 2:1] (l'artillerie non adjacente bombarde)"},
			Args: []game.VerbArg{auto("combat", "attackers -> defenders [at 2:1]", "attaquants -> défenseurs [at 2:1]")}},
		{Name: "bombard", Rule: "GS-5.1", Example: "bombard A20 -> 1010",
			Help: game.Text{EN: "artillery fire alone: bombard A20 -> 1010", FR: "tir d'artillerie seul : bombard A20 -> 1010"},
			Args: []game.VerbArg{auto("fire", "artillery -> target", "artillerie -> cible")}},
		{Name: "retreat", Rule: "GS-4.20", Example: "retreat B2 1009",
			Help: game.Text{EN: "choose the hex a unit of yours retreats into", FR: "choisir la case de retraite d'une de vos unités"},
			Args: []game.VerbArg{unit, hex}},
		{Name: "advance", Rule: "GS-4.24", Example: "advance A3 1010",
			Help: game.Text{EN: "advance after combat into an emptied hex, or: advance none", FR: "avancer après combat dans une case libérée, ou : advance none"},
			Args: []game.VerbArg{{Name: "unit", Kind: game.ArgUnit, Required: true, Help: game.Text{EN: "the unit, or none", FR: "l'unité, ou none"}}, {Name: "hex", Kind: game.ArgCell, Help: hex.Help}}},
		{Name: "lose", Rule: "GS-4.19", Example: "lose A4",
			Help: game.Text{EN: "choose the units you lose in an exchange", FR: "choisir les unités perdues dans un échange"},
			Args: []game.VerbArg{{Name: "units", Kind: game.ArgUnit, Required: true, Rest: true, Help: game.Text{EN: "the units lost", FR: "les unités perdues"}}}},
		{Name: "deploy", Rule: "GS-S1.deploy", Example: "deploy A3 0102 A4 0103",
			Help: game.Text{EN: "place units during the secret set-up: deploy A3 0102 [A4 0103 …], or deploy auto",
				FR: "placer des unités pendant le déploiement secret : deploy A3 0102 [A4 0103 …], ou deploy auto"},
			Args: []game.VerbArg{auto("placements", "UNIT HEX pairs, or auto", "paires UNITÉ CASE, ou auto")}},
		{Name: "ready", Aliases: []string{"prêt", "pret"}, Rule: "GS-S1.deploy", Example: "ready",
			Help: game.Text{EN: "finish your set-up", FR: "terminer votre déploiement"}},
		{Name: "end", Aliases: []string{"fin"}, Rule: "GS-1.1", Example: "end",
			Help: game.Text{EN: "end your phase", FR: "terminer votre phase"}},
		{Name: "reinforce", Rule: "GS-S4.special", Example: "reinforce R 0100",
			Help: game.Text{EN: "bring a reserve group on by a road of your edge: reinforce GROUP HEX", FR: "faire entrer un groupe de réserve par une route de votre bord : reinforce GROUPE CASE"},
			Args: []game.VerbArg{{Name: "group", Kind: game.ArgText, Required: true, Help: game.Text{EN: "the group", FR: "le groupe"}}, {Name: "hex", Kind: game.ArgCell, Help: game.Text{EN: "a road hex of your edge", FR: "une case de route de votre bord"}}}},
		{Name: "withdraw", Rule: "GS-S8.deploy", Example: "withdraw auto",
			Help: game.Text{EN: "set units aside as your reserve during the set-up: withdraw B1 B2 …, or withdraw auto", FR: "mettre des unités en réserve pendant le déploiement : withdraw B1 B2 …, ou withdraw auto"},
			Args: []game.VerbArg{auto("units", "the units, or auto", "les unités, ou auto")}},
		{Name: "roads", Rule: "GS-S7.deploy", Example: "roads auto",
			Help: game.Text{EN: "choose the road each group enters by: roads GROUP=HEX …, or roads auto", FR: "choisir la route d'entrée de chaque groupe : roads GROUPE=CASE …, ou roads auto"},
			Args: []game.VerbArg{auto("roads", "GROUP=HEX words, or auto", "mots GROUPE=CASE, ou auto")}},
		{Name: "form", Rule: "GS-S5.deploy", Example: "form auto",
			Help: game.Text{EN: "form your corps during the set-up: form UNIT …, or form auto", FR: "former vos corps pendant le déploiement : form UNITÉ …, ou form auto"},
			Args: []game.VerbArg{auto("units", "the corps' units, or auto", "les unités du corps, ou auto")}},
		{Name: "send", Rule: "GS-S5.deploy", Example: "send auto",
			Help: game.Text{EN: "bring corps on by the roads of your edge: send GROUP HEX …, or send auto", FR: "faire entrer des corps par les routes de votre bord : send GROUPE CASE …, ou send auto"},
			Args: []game.VerbArg{auto("entries", "GROUP HEX pairs, or auto", "paires GROUPE CASE, ou auto")}},
		{Name: "reveal", Rule: "GS-S9a.special", Example: "reveal A3",
			Help: game.Text{EN: "turn face-down units of yours face up in your movement phase", FR: "retourner face visible des unités cachées pendant votre phase de mouvement"},
			Args: []game.VerbArg{{Name: "units", Kind: game.ArgUnit, Required: true, Rest: true, Help: game.Text{EN: "the units", FR: "les unités"}}}},
		{Name: "draw-forces", Aliases: []string{"tirage"}, Rule: "GS-S9a.forces", Example: "draw-forces",
			Help: game.Text{EN: "draw your forces face down from the piles (scenarios IXa, IXb)", FR: "tirer vos forces face cachée dans les piles (scénarios IXa, IXb)"}},
	}
}

// verbList names the declared verbs, for the unknown-order message.
var verbList = func() string {
	var names []string
	for _, v := range (*Rules)(nil).Verbs() {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}()
