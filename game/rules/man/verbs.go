package man

import (
	"strings"

	"github.com/grognard/grognard/game"
)

func arg(name string, kind game.ArgKind, req bool, en, fr string) game.VerbArg {
	return game.VerbArg{Name: name, Kind: kind, Required: req, Help: game.Text{EN: en, FR: fr}}
}

var (
	argCard   = arg("card", game.ArgCard, true, "a card in your hand", "une carte de votre main")
	argUnit   = arg("unit", game.ArgUnit, true, "a unit", "une unité")
	argCell   = arg("square", game.ArgCell, true, "a square, a1 … h8", "une case, a1 … h8")
	argTarget = arg("target", game.ArgUnit, true, "the enemy unit attacked", "l'unité ennemie attaquée")
)

// armyArg is a nation argument: one of the eight army codes.
func armyArg(en, fr string) game.VerbArg {
	a := arg("army", game.ArgChoice, true, en+": us ot sp at pr ru gb fr", fr+" : us ot sp at pr ru gb fr")
	a.Choices = []string{"us", "ot", "sp", "at", "pr", "ru", "gb", "fr"}
	return a
}

// Verbs declares the orders of Manœuvre (game.Verber).
func (*Rules) Verbs() []game.Verb {
	rest := func(v game.VerbArg) game.VerbArg { v.Rest, v.Required = true, false; return v }
	opt := func(v game.VerbArg) game.VerbArg { v.Required = false; return v }
	return []game.Verb{
		{Name: "nations", Rule: "MAN-3.4", Example: "nations fr gb", Args: []game.VerbArg{armyArg("a nation", "une nation"), armyArg("another nation", "une autre nation")}, Help: game.Text{EN: "second player: offer two nations", FR: "second joueur : proposer deux nations"}},
		{Name: "nation", Rule: "MAN-3.4", Example: "nation fr", Args: []game.VerbArg{armyArg("one of the two nations offered", "l'une des deux nations proposées")}, Help: game.Text{EN: "first player: take one of the two nations", FR: "premier joueur : prendre l'une des deux nations"}},
		{Name: "sections", Rule: "MAN-3.3", Args: []game.VerbArg{rest(arg("section", game.ArgText, false, "ID:ROTATION for NW, NE, SW, SE (none: at random)", "ID:ROTATION pour NO, NE, SO, SE (rien : au hasard)"))}, Example: "sections s01:0 s07:90 s12:180 s20:270", Help: game.Text{EN: "first player: lay out the four map sections", FR: "premier joueur : disposer les quatre cartes de terrain"}},
		{Name: "edge", Rule: "MAN-3.5", Example: "edge S", Args: []game.VerbArg{{Name: "edge", Kind: game.ArgChoice, Required: true, Choices: []string{"N", "S", "E", "W"}, Help: game.Text{EN: "your starting edge", FR: "votre bord de départ"}}}, Help: game.Text{EN: "second player: choose your starting edge", FR: "second joueur : choisir votre bord de départ"}},
		{Name: "hand", Rule: "MAN-3.8", Example: "hand guard-1 guard-2 cuir-1 napoleon supply-1", Args: []game.VerbArg{rest(argCard)}, Help: game.Text{EN: "choose your five opening cards from your deck (none: at random)", FR: "choisir vos cinq cartes de départ dans votre paquet (rien : au hasard)"}},
		{Name: "deal", Rule: "MAN-3.6", Example: "deal", Help: game.Text{EN: "shuffle both decks and draw the opening hands", FR: "battre les deux paquets et piocher les mains de départ"}},
		{Name: "deploy", Rule: "MAN-3.9", Args: []game.VerbArg{argUnit, argCell}, Example: "deploy guard e2", Help: game.Text{EN: "place a unit in the two rows nearest your edge", FR: "placer une unité dans les deux rangées de votre bord"}},
		{Name: "discard", Rule: "MAN-4.3", Args: []game.VerbArg{rest(argCard)}, Example: "discard guard-5", Help: game.Text{EN: "discard any cards (or none), then draw to five", FR: "défausser des cartes (ou aucune), puis piocher jusqu'à cinq"}},
		{Name: "move", Rule: "MAN-5", Args: []game.VerbArg{argUnit, argCell}, Example: "move guard e3", Help: game.Text{EN: "move a unit: infantry 1 square, cavalry 2", FR: "bouger une unité : infanterie 1 case, cavalerie 2"}},
		{Name: "march", Rule: "MAN-9.2.3", Example: "march march-1 guard e4", Args: []game.VerbArg{argCard, argUnit, argCell}, Help: game.Text{EN: "Forced March: the unit that has just moved goes one square more", FR: "Marche forcée : l'unité qui vient de bouger avance d'une case de plus"}},
		{Name: "supply", Rule: "MAN-9.2.10", Example: "supply supply-1", Args: []game.VerbArg{argCard}, Help: game.Text{EN: "Supply: a second unit may move", FR: "Ravitaillement : une deuxième unité peut bouger"}},
		{Name: "assault", Rule: "MAN-6.1", Example: "assault guard-1 fguard", Args: []game.VerbArg{argCard, argTarget}, Help: game.Text{EN: "assault an adjacent enemy with a unit card's Attack", FR: "donner l'assaut à un ennemi adjacent avec l'Attaque d'une carte d'unité"}},
		{Name: "bombard", Rule: "MAN-6.2", Args: []game.VerbArg{argCard, argTarget, opt(arg("firer", game.ArgUnit, false, "Grand Battery: the French unit that fires", "Grande Batterie : l'unité française qui tire"))}, Help: game.Text{EN: "bombard up to 2 squares with an artillery card (or Napoleon's Grand Battery)", FR: "bombarder jusqu'à 2 cases avec une carte d'artillerie (ou la Grande Batterie de Napoléon)"}},
		{Name: "volley", Rule: "MAN-6.2", Example: "volley guard-5 fguard", Args: []game.VerbArg{argCard, argTarget}, Help: game.Text{EN: "fire a Volley at an adjacent enemy", FR: "tirer une Salve sur un ennemi adjacent"}},
		{Name: "ambush", Rule: "MAN-9.2.1", Example: "ambush ambush-1 fguard", Args: []game.VerbArg{argCard, argTarget}, Help: game.Text{EN: "ambush any enemy unit", FR: "tendre une embuscade à n'importe quelle unité ennemie"}},
		{Name: "withdraw", Rule: "MAN-6.1.3", Example: "withdraw withdraw-1", Args: []game.VerbArg{argCard}, Help: game.Text{EN: "defender: withdraw the attacked unit one square", FR: "défenseur : replier l'unité attaquée d'une case"}},
		{Name: "defend", Rule: "MAN-6.1.4", Example: "defend fguard-1 wellington", Args: []game.VerbArg{rest(argCard)}, Help: game.Text{EN: "defender: play unit cards of the attacked unit and one Leader (or none)", FR: "défenseur : jouer des cartes de l'unité attaquée et un Chef (ou rien)"}},
		{Name: "play", Rule: "MAN-6.1.5", Example: "play cuir-2", Args: []game.VerbArg{argCard}, Help: game.Text{EN: "attacker: add a unit card's Attack dice", FR: "attaquant : ajouter les dés d'Attaque d'une carte d'unité"}},
		{Name: "lead", Rule: "MAN-9.1", Example: "lead napoleon command cuir", Args: []game.VerbArg{argCard, opt(game.VerbArg{Name: "use", Kind: game.ArgChoice, Choices: []string{"combat", "command"}, Help: game.Text{EN: "Combat value, or Command with supporting units", FR: "valeur de Combat, ou Commandement avec des unités en soutien"}}), rest(argUnit)}, Help: game.Text{EN: "attacker: play a Leader", FR: "attaquant : jouer un Chef"}},
		{Name: "commit", Rule: "MAN-9.2.2", Example: "commit committed-1 fguard", Args: []game.VerbArg{argCard, argUnit}, Help: game.Text{EN: "Committed Attack: +2d6, a Hit on the unit afterwards", FR: "Attaque engagée : +2d6, l'unité est touchée ensuite"}},
		{Name: "sappers", Rule: "MAN-9.2.7", Example: "sappers sappers-1", Args: []game.VerbArg{argCard}, Help: game.Text{EN: "Sappers: the Redoubt does not count in this combat", FR: "Sapeurs : la Redoute ne compte pas dans ce combat"}},
		{Name: "skirmish", Rule: "MAN-9.2.8", Example: "skirmish skirmish-1 d3", Args: []game.VerbArg{argCard, argCell}, Help: game.Text{EN: "Skirmish: cancel the assault and move the attacker up to 2 squares", FR: "Escarmouche : annuler l'assaut et bouger l'attaquant de 2 cases au plus"}},
		{Name: "fight", Rule: "MAN-6.1.6", Example: "fight", Help: game.Text{EN: "attacker: resolve the combat", FR: "attaquant : résoudre le combat"}},
		{Name: "hit", Rule: "MAN-6.5.4", Example: "hit", Help: game.Text{EN: "the result is a Hit", FR: "le résultat est un Touché"}},
		{Name: "retreat", Rule: "MAN-6.5.5", Example: "retreat d4", Args: []game.VerbArg{opt(argCell)}, Help: game.Text{EN: "the result is a Retreat (with a flank square when asked)", FR: "le résultat est une Retraite (avec la case de flanc demandée)"}},
		{Name: "advance", Rule: "MAN-6.5.7", Example: "advance cuir", Args: []game.VerbArg{argUnit}, Help: game.Text{EN: "advance a unit into the emptied square", FR: "avancer une unité dans la case vidée"}},
		{Name: "stay", Rule: "MAN-6.5.8", Example: "stay", Help: game.Text{EN: "no advance (every unit has Not required to advance)", FR: "pas d'avance (toutes les unités ont « avance non obligatoire »)"}},
		{Name: "restore", Rule: "MAN-7", Example: "restore supply-2 fr19", Args: []game.VerbArg{argCard, opt(argUnit)}, Help: game.Text{EN: "restore a reduced unit with Supply, Regroup, its unit card or a Leader's rally", FR: "restaurer une unité réduite (Ravitaillement, Regroupement, carte d'unité, ralliement d'un Chef)"}},
		{Name: "redoubt", Rule: "MAN-9.2.5", Example: "redoubt redoubt-1 fr45", Args: []game.VerbArg{argCard, argUnit}, Help: game.Text{EN: "build a Redoubt under one of your units", FR: "construire une Redoute sous l'une de vos unités"}},
		{Name: "guerrilla", Rule: "MAN-9.2.4", Example: "guerrilla guerrilla-1", Args: []game.VerbArg{argCard}, Help: game.Text{EN: "cancel the opponent's Supply, Forced March, Regroup or reinforcement", FR: "annuler le Ravitaillement, la Marche forcée, le Regroupement ou le renfort adverse"}},
		{Name: "pass", Rule: "MAN-9.2.4", Example: "pass", Help: game.Text{EN: "let the opponent's card stand", FR: "laisser passer la carte adverse"}},
		{Name: "spy", Rule: "MAN-9.2.9", Example: "spy spy-1", Args: []game.VerbArg{argCard}, Help: game.Text{EN: "look at the opponent's hand", FR: "regarder la main adverse"}},
		{Name: "standing", Rule: "MAN-P-46", Example: "standing hit flank-left", Args: []game.VerbArg{{Name: "order", Kind: game.ArgChoice, Rest: true, Required: true, Choices: standChoices, Help: game.Text{EN: "no-guerrilla, guerrilla-march, hit, flank-left, flank-right, or none", FR: "no-guerrilla, guerrilla-march, hit, flank-left, flank-right, ou none"}}}, Help: game.Text{EN: "private standing orders, applied at a deadline (none: clear them)", FR: "ordres permanents secrets, appliqués à l'échéance (none : les effacer)"}},
		{Name: "end", Rule: "MAN-4.2", Example: "end", Help: game.Text{EN: "end your phase", FR: "terminer votre phase"}},
	}
}

// DeadlineOrder is the order played for side when its deadline has
// passed (game.Defaulter): a pending decision's default; in an idle phase
// "end", the first legal move when a move is compulsory, "discard"
// (nothing) in the Discard Phase, the first placement in deployment.
func (r *Rules) DeadlineOrder(gs game.State, side game.Side) (string, string) {
	s := gs.(*State)
	if s.Result != nil {
		return "", "the game is over"
	}
	if p := s.Pending(); len(p) > 0 {
		for _, d := range p {
			if d.Side == side && len(d.Options) > 0 {
				if o := s.standingAnswer(side, d); o != "" {
					return o, "a standing order (MAN-P-46)"
				}
				return d.Options[d.Default].Command, "the decision's default"
			}
		}
		return "", "waiting for the other side"
	}
	if side != s.Active {
		return "", "not this side's turn"
	}
	switch s.Phase {
	case PhaseNations:
		return "nations fr gb", "the nations of the first games (MAN-3.2)"
	case PhaseNation:
		return "nation " + s.Offer[0], "the first nation offered"
	case PhaseSections:
		return "sections", "random sections (DP-01)"
	case PhaseEdge:
		return "edge S", "DP-03's default"
	case PhaseDeal:
		return "deal", "the deal"
	case PhaseDeploy:
		for _, l := range game.Leaves(s.legalDeploy(side)) {
			return l, "the first free placement"
		}
	case PhaseDiscard:
		return "discard", "discard nothing (DP-06)"
	case PhaseMove:
		if s.Moves == 0 && s.canMoveAny(side) {
			for _, l := range game.Leaves(s.legalMove(side)) {
				if strings.HasPrefix(l, "move ") {
					return l, "a move is compulsory (MAN-5.1)"
				}
			}
		}
		return "end", "end of movement"
	}
	return "end", "end of the phase"
}

// AutoOrder plays what side has nothing to decide about, without looking
// at any hand: the deal, and the end of a Movement Phase in which no unit
// can move (MAN-P-15). Every card decision waits for its player, whether
// or not his hand could answer it.
func (r *Rules) AutoOrder(gs game.State, side game.Side) string {
	s := gs.(*State)
	if s.Result != nil || len(s.Pending()) > 0 || side != s.Active {
		return ""
	}
	switch {
	case s.Phase == PhaseDeal:
		return "deal"
	case s.Phase == PhaseMove && s.Moves == 0 && !s.canMoveAny(side):
		return "end"
	}
	return ""
}
