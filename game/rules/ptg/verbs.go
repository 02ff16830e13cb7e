package ptg

import (
	"strings"

	"github.com/grognard/grognard/game"
)

// Verbs declares every order Decide understands (game.Verber): the bot
// builds its order commands, help and autocomplete from them. A test
// checks the list against Decide and the legal-option tree.
//
// An aide (PTG-14.16) is brought in with aide-de-camp: "aide" is the
// French word for help, a bot command. Decide still takes "aide" from
// older logs.
func (*Rules) Verbs() []game.Verb {
	txt := func(en, fr string) game.Text { return game.Text{EN: en, FR: fr} }
	unit := game.VerbArg{Name: "unit", Kind: game.ArgUnit, Required: true, Help: txt("a unit id or counter name", "un identifiant d'unité ou le nom du pion")}
	hex := game.VerbArg{Name: "hex", Kind: game.ArgCell, Required: true, Help: txt("a hex label such as 0512", "une case, par exemple 0512")}
	rest := func(name, en, fr string) game.VerbArg {
		return game.VerbArg{Name: name, Kind: game.ArgText, Rest: true, Help: txt(en, fr)}
	}
	need := func(a game.VerbArg) game.VerbArg { a.Required = true; return a }
	return []game.Verb{
		// Set-up (PTG-13).
		{Name: "place", Rule: "PTG-13.0", Example: "place R1 1207", Args: []game.VerbArg{unit, hex},
			Help: txt("set a unit up in your deployment area", "placer une unité dans votre zone de déploiement")},
		{Name: "redoubt", Rule: "PTG-13.1.3", Example: "redoubt 1207 building", Args: []game.VerbArg{need(rest("works", "HEX building, HEX complete, or FROM TO", "CASE building, CASE complete, ou DE VERS"))},
			Help: txt("place or move a redoubt during the set-up", "placer ou déplacer une redoute pendant la mise en place")},
		{Name: "equip", Rule: "PTG-14.3.1", Example: "equip R1", Args: []game.VerbArg{unit, {Name: "off", Kind: game.ArgChoice, Choices: []string{"off"}, Help: txt("take the equipment back", "retirer l'équipement")}},
			Help: txt("give a unit grenades (optional rule), or take them back with off", "donner des grenades à une unité (règle optionnelle), ou les retirer avec off")},
		{Name: "ready", Aliases: []string{"prêt", "pret"}, Rule: "PTG-13.0", Example: "ready",
			Help: txt("finish your set-up", "terminer votre mise en place")},
		// Movement phase (PTG-4).
		{Name: "move", Rule: "PTG-4.0", Example: "move R1 1208",
			Args: []game.VerbArg{unit, need(rest("to", "the destination hex or a path; charge to charge, off to leave by an exit hex", "la case d'arrivée ou un chemin ; charge pour charger, off pour sortir par une case de sortie"))},
			Help: txt("move a unit: move R1 1208, or a path: move R1 1207 1208 (charge, off last)", "déplacer une unité : move R1 1208, ou un chemin : move R1 1207 1208 (charge, off en dernier)")},
		{Name: "aide-de-camp", Aliases: []string{"adc"}, Rule: "PTG-14.16", Example: "aide-de-camp",
			Help: txt("bring an aide to the senior leader at the start of your movement phase", "faire venir un aide de camp auprès du chef le plus élevé au début de votre phase de mouvement")},
		{Name: "dismount", Rule: "PTG-14.12", Example: "dismount S5", Args: []game.VerbArg{unit},
			Help: txt("dismount a dragoon unit", "faire mettre pied à terre à des dragons")},
		{Name: "mount", Rule: "PTG-14.12", Example: "mount S5", Args: []game.VerbArg{unit},
			Help: txt("mount a dismounted dragoon unit", "faire remonter à cheval des dragons")},
		{Name: "square", Rule: "PTG-14.11", Example: "square R4", Args: []game.VerbArg{unit, {Name: "off", Kind: game.ArgChoice, Choices: []string{"off"}, Help: txt("leave the square", "quitter le carré")}},
			Help: txt("form a square, or leave it with off", "former le carré, ou le quitter avec off")},
		{Name: "release", Rule: "PTG-12.0.4", Example: "release R9", Args: []game.VerbArg{unit},
			Help: txt("release a unit held in place", "libérer une unité immobilisée")},
		// Combat phase (PTG-7).
		{Name: "attack", Rule: "PTG-7.0.2", Example: "attack S1 S2 -> 1208",
			Args: []game.VerbArg{need(rest("combat", "attackers -> hexes [morale UNIT] [at N] [grenade UNIT] [canister] [rolling UNIT]", "attaquants -> cases [morale UNITÉ] [at N] [grenade UNITÉ] [canister] [rolling UNITÉ]"))},
			Help: txt("declare a combat: attack S1 S2 -> 1208", "déclarer un combat : attack S1 S2 -> 1208")},
		{Name: "bombard", Rule: "PTG-7.1C", Example: "bombard S20 -> 1208",
			Args: []game.VerbArg{need(rest("fire", "artillery -> hex", "artillerie -> case"))},
			Help: txt("artillery fire alone: bombard S20 -> 1208", "tir d'artillerie seul : bombard S20 -> 1208")},
		{Name: "zone", Rule: "PTG-7.6.1", Example: "zone R30 1208", Args: []game.VerbArg{{Name: "redoubt", Kind: game.ArgUnit, Required: true, Help: txt("the redoubt's garrison", "la garnison de la redoute")}, hex},
			Help: txt("set a redoubt's fire zone", "fixer la zone de feu d'une redoute")},
		{Name: "defend", Rule: "PTG-7.0.2", Example: "defend",
			Args: []game.VerbArg{rest("options", "[morale UNIT] [grenade UNIT] [canister] [rolling UNIT]", "[morale UNITÉ] [grenade UNITÉ] [canister] [rolling UNITÉ]")},
			Help: txt("answer an attack on your units: defend, with the defence's options", "répondre à une attaque : defend, avec les options de la défense")},
		{Name: "surrender", Rule: "PTG-14.6", Example: "surrender",
			Help: txt("surrender the attacked units (a demoralized army, option prisoners)", "rendre les unités attaquées (armée démoralisée, option prisoners)")},
		{Name: "evade", Rule: "PTG-14.14", Example: "evade S5 1209", Args: []game.VerbArg{unit, hex},
			Help: txt("evade an attack with cavalry", "esquiver une attaque avec de la cavalerie")},
		{Name: "lose", Rule: "PTG-7.0.2", Example: "lose R1", Args: []game.VerbArg{unit},
			Help: txt("choose the unit that takes a loss", "choisir l'unité qui subit une perte")},
		{Name: "retreat", Rule: "PTG-7.3.1", Example: "retreat R1 1209", Args: []game.VerbArg{unit, need(rest("path", "the hexes entered, or the final hex", "les cases traversées, ou la case finale"))},
			Help: txt("retreat a unit: the hexes entered, or the final hex", "faire retraiter une unité : les cases traversées, ou la case finale")},
		{Name: "push", Rule: "PTG-7.3.3", Example: "push R2", Args: []game.VerbArg{unit},
			Help: txt("push a friendly unit out of a retreat's way", "repousser une unité amie sur le chemin d'une retraite")},
		{Name: "advance", Rule: "PTG-7.5", Example: "advance none",
			Args: []game.VerbArg{{Name: "unit", Kind: game.ArgUnit, Required: true, Help: txt("the unit, or none", "l'unité, ou none")}, {Name: "hex", Kind: game.ArgCell, Help: hex.Help}, rest("with", "with and the leaders who go along (with LEADER LEADER)", "with et les chefs qui suivent (with CHEF CHEF)")},
			Help: txt("advance after combat, or: advance none", "avancer après combat, ou : advance none")},
		{Name: "repulse", Rule: "PTG-7.6.2", Example: "repulse R1", Args: []game.VerbArg{unit},
			Help: txt("fall back from a redoubt's fire zone (or lose a unit instead)", "reculer hors de la zone de feu d'une redoute (ou perdre une unité)")},
		{Name: "displace", Rule: "PTG-8.2", Example: "displace L1 1209", Args: []game.VerbArg{{Name: "leader", Kind: game.ArgOfficer, Required: true, Help: txt("the leader", "le chef")}, hex},
			Help: txt("move a leader whose stack was lost", "déplacer un chef dont la pile a été perdue")},
		{Name: "replace", Rule: "PTG-8.2", Example: "replace L2 1209", Args: []game.VerbArg{{Name: "leader", Kind: game.ArgOfficer, Required: true, Help: txt("the replacement leader", "le chef remplaçant")}, hex},
			Help: txt("place a replacement leader", "placer un chef remplaçant")},
		// Rally phase (PTG-9).
		{Name: "rally", Rule: "PTG-9.0", Example: "rally all", Args: []game.VerbArg{{Name: "unit", Kind: game.ArgUnit, Required: true, Help: txt("the routed unit, or all", "l'unité en déroute, ou all")}},
			Help: txt("rally a routed unit, or rally all", "rallier une unité en déroute, ou rally all")},
		{Name: "end", Aliases: []string{"fin"}, Rule: "PTG-3.1", Example: "end",
			Help: txt("end your phase", "terminer votre phase")},
	}
}

// orders names the declared verbs, for the unknown-order message.
var orders = func() string {
	var names []string
	for _, v := range (*Rules)(nil).Verbs() {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}()
