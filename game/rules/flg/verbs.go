package flg

import (
	"github.com/grognard/grognard/game"
)

func arg(name string, kind game.ArgKind, en, fr string) game.VerbArg {
	return game.VerbArg{Name: name, Kind: kind, Required: true, Help: game.Text{EN: en, FR: fr}}
}

var (
	argOfficer = arg("officer", game.ArgOfficer, "an officer of yours", "un de vos officiers")
	argUnit    = arg("unit", game.ArgUnit, "a unit of yours", "une de vos unités")
	argTarget  = arg("target", game.ArgUnit, "the enemy unit attacked", "l'unité ennemie attaquée")
	argHex     = arg("hex", game.ArgCell, "a hex, CCRR", "un hexagone, CCRR")
)

// Verbs declares the orders of Frédéric le Grand (game.Verber).
func (*Rules) Verbs() []game.Verb {
	where := arg("where", game.ArgText, "a Sub-General or Senior Officer, or a hex", "un Sous-Général ou Officier Supérieur, ou un hexagone")
	return []game.Verb{
		{Name: "edge", Example: "edge west A", Rule: "FLG-A1.4", Args: []game.VerbArg{{Name: "edge", Kind: game.ArgChoice, Required: true, Choices: []string{"west", "east"}, Help: game.Text{EN: "your edge", FR: "votre bord"}}, {Name: "first", Kind: game.ArgChoice, Required: true, Choices: []string{"A", "B"}, Help: game.Text{EN: "the side that plays first", FR: "le camp qui joue le premier"}}}, Help: game.Text{EN: "the other player placed the terrain: choose your edge and who plays first", FR: "l'autre joueur a placé le terrain : choisir votre bord et qui joue le premier"}},
		{Name: "recruit", Rule: "FLG-P-34", Args: []game.VerbArg{arg("type", game.ArgText, "a troop type of FLG-T2 (INF_H_MUSKET …)", "un type de troupe de FLG-T2 (INF_H_MUSKET …)"), {Name: "words", Kind: game.ArgText, Rest: true, Help: game.Text{EN: "training, morale, trait codes, mount=horse, camel, elephant or wagon", FR: "entraînement, moral, codes de particularités, mount=horse, camel, elephant ou wagon"}}}, Example: "recruit INF_H_MUSKET elite A1", Help: game.Text{EN: "army building, in secret: recruit a unit within the budget", FR: "formation de l'armée, en secret : recruter une unité dans le budget"}},
		{Name: "enlist", Example: "enlist SO", Rule: "FLG-P-34", Args: []game.VerbArg{{Name: "rank", Kind: game.ArgChoice, Required: true, Choices: []string{RankSG, RankSO, RankADC}, Help: game.Text{EN: "SG, SO or ADC", FR: "SG, SO ou ADC"}}, {Name: "letters", Kind: game.ArgText, Rest: true, Help: game.Text{EN: "ability B, F or M; staff D, A or MS", FR: "aptitude B, F ou M ; état-major D, A ou MS"}}}, Help: game.Text{EN: "army building: enlist an officer", FR: "formation de l'armée : engager un officier"}},
		{Name: "dismiss", Example: "dismiss A3", Rule: "FLG-P-34", Args: []game.VerbArg{argUnit}, Help: game.Text{EN: "army building: take back a unit or officer", FR: "formation de l'armée : renvoyer une unité ou un officier"}},
		{Name: "done", Example: "done", Rule: "FLG-P-34", Help: game.Text{EN: "army building: the army is complete", FR: "formation de l'armée : l'armée est complète"}},
		{Name: "deploy", Rule: "FLG-A1.5", Args: []game.VerbArg{{Name: "placements", Kind: game.ArgText, Required: true, Rest: true, Help: game.Text{EN: "UNIT HEX (pairs, or auto, where the game allows)", FR: "UNITÉ HEX (des paires, ou auto, si le jeu le permet)"}}}, Example: "deploy A1 0105", Help: game.Text{EN: "deployment, in secret: place a unit or officer in your two columns nearest your edge", FR: "déploiement secret : placer une unité ou un officier dans vos deux colonnes près de votre bord"}},
		{Name: "ready", Example: "ready", Rule: "FLG-P-35", Help: game.Text{EN: "deployment finished (the armies are revealed when both are)", FR: "déploiement fini (les armées sont révélées quand les deux le sont)"}},
		{Name: "activate", Rule: "FLG-2.4", Args: []game.VerbArg{argOfficer, argUnit}, Example: "activate GC S1", Help: game.Text{EN: "command phase: an officer activates one unit within its range (repeat for each unit)", FR: "phase de commandement : un officier active une unité à sa portée (à répéter pour chaque unité)"}},
		{Name: "messenger", Rule: "FLG-2.11", Args: []game.VerbArg{argOfficer, {Name: "who", Kind: game.ArgText, Help: game.Text{EN: "improvised (default), or an aide-de-camp or officer in the officer's hex", FR: "improvised (par défaut), ou un aide de camp ou un officier de l'hexagone de l'officier"}}}, Example: "messenger GC", Help: game.Text{EN: "command phase: send a messenger, for one unit of the activation", FR: "phase de commandement : envoyer un messager, pour une unité de l'activation"}},
		{Name: "deliver", Example: "deliver M1 A3", Rule: "FLG-2.12", Args: []game.VerbArg{arg("messenger", game.ArgUnit, "a messenger", "un messager"), argUnit}, Help: game.Text{EN: "movement phase: a messenger with or next to a unit delivers its order", FR: "phase de mouvement : un messager avec ou à côté d'une unité remet son ordre"}},
		{Name: "impetuous", Example: "impetuous A3", Rule: "FLG-P-27", Args: []game.VerbArg{argUnit}, Help: game.Text{EN: "command phase: an activated Impétueux (C1) unit rolls for a free forced march", FR: "phase de commandement : une unité Impétueuse (C1) activée tente une marche forcée gratuite"}},
		{Name: "move", Rule: "FLG-3.1", Args: []game.VerbArg{argUnit, arg("to", game.ArgCell, "the destination hex, CCRR, or off: leave by your own edge where the scenario allows it (FLG-3.10)", "l'hexagone d'arrivée, CCRR, ou off : sortir par votre bord si le scénario le permet (FLG-3.10)")}, Example: "move S1 0507", Help: game.Text{EN: "movement phase: move an activated unit (its officers follow)", FR: "phase de mouvement : déplacer une unité activée (ses officiers la suivent)"}},
		{Name: "attack", Rule: "FLG-4.20", Args: []game.VerbArg{{Name: "combat", Kind: game.ArgText, Required: true, Rest: true, Help: game.Text{EN: "UNIT TARGET [OFFICER]: an officer in the first rank (not the GC)", FR: "UNITÉ CIBLE [OFFICIER] : un officier au premier rang (pas le GC)"}}}, Example: "attack S1 N1", Help: game.Text{EN: "combat phase: an activated unit fights an adjacent enemy, or fires at one in range and sight", FR: "phase de combat : une unité activée combat un ennemi adjacent, ou tire sur un ennemi visible"}},
		{Name: "rally", Example: "rally ASO1", Rule: "FLG-2.24", Args: []game.VerbArg{argOfficer}, Help: game.Text{EN: "end of the combat phase: an activated officer rallies the unit it is with", FR: "fin de la phase de combat : un officier activé rallie l'unité avec laquelle il se trouve"}},
		{Name: "standing", Rule: "FLG-2.23", Args: []game.VerbArg{argUnit, {Name: "orders", Kind: game.ArgChoice, Rest: true, Choices: standingWords, Help: game.Text{EN: "breakoff (an officer withdraws it), evade (C6), dodge (D3), firstrank (officer in the riposte); none", FR: "breakoff (repli), evade (C6), dodge (D3), firstrank (officier à la riposte) ; rien : effacer"}}}, Example: "standing S1 breakoff", Help: game.Text{EN: "standing orders of a unit for the enemy's turn", FR: "ordres permanents d'une unité pour le tour adverse"}},
		{Name: "answer", Example: "answer B1 stand", Rule: "FLG-2.23", Answer: true, Args: []game.VerbArg{argUnit, {Name: "answer", Kind: game.ArgChoice, Required: true, Choices: []string{"stand", "firstrank", "breakoff"}, Help: game.Text{EN: "stand, firstrank (its officer in the riposte's first rank) or breakoff (C6: evade)", FR: "stand, firstrank (son officier au 1er rang de la riposte) ou breakoff (C6 : esquive)"}}}, Help: game.Text{EN: "the enemy's turn, before the roll: your unit's answer to an attack (reactions=prompt)", FR: "tour adverse, avant le jet : la réponse de votre unité à une attaque (reactions=prompt)"}},
		{Name: "advance", Example: "advance A3", Rule: "FLG-4.50", Args: []game.VerbArg{argUnit, {Name: "hex", Kind: game.ArgCell, Help: game.Text{EN: "Changeants infantry: the hex one step further", FR: "infanterie Changeante : l'hexagone un pas plus loin"}}}, Help: game.Text{EN: "follow up into the vacated hex", FR: "suivre dans l'hexagone libéré"}},
		{Name: "stay", Example: "stay A3", Rule: "FLG-4.50", Args: []game.VerbArg{argUnit}, Help: game.Text{EN: "decline the follow-up or the pursuit", FR: "renoncer au suivi ou à la poursuite"}},
		{Name: "pursue", Example: "pursue A3 0507 B2", Rule: "FLG-4.51", Args: []game.VerbArg{argUnit, argHex, argTarget}, Help: game.Text{EN: "pursue: from the follow-up hex or one hex further, attack an adjacent enemy", FR: "poursuivre : depuis l'hexagone de suivi ou un hexagone plus loin, attaquer un ennemi adjacent"}},
		{Name: "place", Example: "place ASO1", Rule: "FLG-4.83", Args: []game.VerbArg{where}, Help: game.Text{EN: "skipped turn: put your General-in-Chief back on the battlefield", FR: "tour sauté : remettre votre Général en Chef sur le champ de bataille"}},
		{Name: "end", Example: "end", Rule: "FLG-1.7", Help: game.Text{EN: "end your phase", FR: "terminer votre phase"}},
	}
}

// DeadlineOrder: a pending follow-up or pursuit takes its default (stay);
// an idle phase ends; a skipped turn places the General-in-Chief at the
// first place offered.
func (r *Rules) DeadlineOrder(gs game.State, side game.Side) (string, string) {
	s := gs.(*State)
	if s.Result != nil {
		return "", "the game is over"
	}
	for _, d := range s.Pending() {
		if d.Side == side {
			return d.Options[d.Default].Command, "the decision's default"
		}
	}
	if side != s.Active || s.Follow != nil || s.React != nil {
		return "", "not this side's turn"
	}
	if s.Phase == PhaseCombat {
		if due := s.impetuousDue(); len(due) > 0 {
			for _, e := range s.enemiesAdjacent(due[0].Side, due[0].At) {
				if s.canFight(due[0], e, false) == nil {
					return "attack " + due[0].ID + " " + e.ID, "an impetuous unit must attack"
				}
			}
		}
	}
	if s.Phase == PhaseReplace {
		if l := s.legalPlacements(); len(l) > 0 {
			return l[0].Command, "the first Sub-General or Senior Officer"
		}
	}
	return "end", "the phase ends"
}

// AutoOrder ends a phase in which the side has nothing it may do; there
// is no hidden information after deployment.
func (r *Rules) AutoOrder(gs game.State, side game.Side) string {
	s := gs.(*State)
	if s.Result != nil || s.Follow != nil || s.React != nil || side != s.Active || s.Phase == PhaseReplace {
		return ""
	}
	if l := r.Legal(s, side); len(l) == 1 && l[0].Command == "end" {
		return "end"
	}
	return ""
}
