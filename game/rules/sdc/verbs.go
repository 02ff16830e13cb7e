package sdc

import (
	"github.com/grognard/grognard/game"
)

func arg(name string, kind game.ArgKind, req bool, en, fr string) game.VerbArg {
	return game.VerbArg{Name: name, Kind: kind, Required: req, Help: game.Text{EN: en, FR: fr}}
}

var (
	argUnit    = arg("unit", game.ArgUnit, true, "an element of the activated brigade", "un élément de la brigade activée")
	argCell    = arg("hex", game.ArgCell, true, "a hex, CCRR", "un hexagone, CCRR")
	argTarget  = arg("target", game.ArgUnit, true, "an enemy element", "un élément ennemi")
	argFacing  = game.VerbArg{Name: "facing", Kind: game.ArgChoice, Choices: facingNames[:], Help: game.Text{EN: "a facing: NE, E, SE, SW, W, NW", FR: "une orientation : NE, E, SE, SW, W, NW"}}
	argGeneral = arg("general", game.ArgOfficer, true, "one of your generals not yet activated", "un de vos généraux pas encore activé")
)

// Verbs declares the orders of Le son du canon ! (game.Verber).
func (*Rules) Verbs() []game.Verb {
	opt := func(v game.VerbArg) game.VerbArg { v.Required = false; return v }
	rest := func(v game.VerbArg) game.VerbArg { v.Rest, v.Required = true, false; return v }
	return []game.Verb{
		{Name: "army", Example: "army opts=1,2,2 b1=LI6,EI1,HC1 b2=LI6,Art1,Cav1 b3=LI6,Art1,Cav1", Rule: "SDC-1.10", Args: []game.VerbArg{rest(arg("list", game.ArgText, false, "opts=1,2,2 [x=X1,X2] [swap=N] [flank=B], then b1=LI6,EI1,HC1[:elite] and each brigade", "opts=1,2,2 [x=X1,X2] [swap=N] [flank=B], puis b1=LI6,EI1,HC1[:elite] et chaque brigade"))}, Help: game.Text{EN: "build your army in secret: options, exchanges, brigades", FR: "composer votre armée en secret : options, échanges, brigades"}},
		{Name: "deploy", Example: "deploy GA1 0505 0605 0604 0606", Rule: "SDC-5.3", Args: []game.VerbArg{argGeneral, rest(arg("hexes", game.ArgText, false, "the general's hex, then each element's, in your zone", "l'hexagone du général, puis celui de chaque élément, dans votre zone"))}, Help: game.Text{EN: "deploy a brigade in your zone", FR: "déployer une brigade dans votre zone"}},
		{Name: "sector", Example: "sector", Rule: "SDC-4.6", Help: game.Text{EN: "terrain: roll the part of the table for the river or a hill", FR: "terrain : tirer la partie de la table de la rivière ou d'une colline"}},
		{Name: "place", Example: "place hill 1205", Rule: "SDC-4.6", Args: []game.VerbArg{{Name: "where", Kind: game.ArgChoice, Required: true, Choices: []string{"river", "hill", "bridge", "ford", "wood", "village", "farm", "road", "none"}, Help: game.Text{EN: "the feature your turn places (none: no room left)", FR: "l'élément de terrain que vous placez à votre tour (none : plus de place)"}}, opt(argCell), opt(arg("size", game.ArgText, false, "a wood's hexes, 4 to 7 (default 5)", "les hexagones d'un bois, 4 à 7 (5 par défaut)"))}, Help: game.Text{EN: "terrain: place the river, a hill, crossing, wood, village or farm, or the road", FR: "terrain : placer la rivière, une colline, un passage, un bois, un village ou une ferme, ou la route"}},
		{Name: "roll", Example: "roll", Rule: "SDC-6.1", Help: game.Text{EN: "roll for the initiative (1d6 each)", FR: "tirer l'initiative (1d6 chacun)"}},
		{Name: "first", Example: "first", Rule: "SDC-6.3", Help: game.Text{EN: "initiative winner: activate the first general", FR: "vainqueur de l'initiative : activer le premier général"}},
		{Name: "second", Example: "second", Rule: "SDC-6.3", Help: game.Text{EN: "initiative winner: let the opponent start", FR: "vainqueur de l'initiative : laisser l'adversaire commencer"}},
		{Name: "activate", Rule: "SDC-7.1", Args: []game.VerbArg{argGeneral}, Example: "activate GA1", Help: game.Text{EN: "activate a general: command check, then his brigade's orders", FR: "activer un général : test de commandement, puis les ordres de sa brigade"}},
		{Name: "march", Example: "march detach GA1-7", Rule: "SDC-8.6", Args: []game.VerbArg{rest(arg("detach", game.ArgText, false, "detach GUN …: artillery that stays and may fire", "detach CANON … : l'artillerie qui reste et peut tirer"))}, Help: game.Text{EN: "declare a forced march (general's morale test), before anything moves", FR: "déclarer une marche forcée (test de moral du général), avant tout mouvement"}},
		{Name: "move", Rule: "SDC-8", Args: []game.VerbArg{argUnit, argCell, opt(argFacing)}, Example: "move A1 0507 E", Help: game.Text{EN: "move an element (or the activated general) to a hex, facing as said", FR: "déplacer un élément (ou le général activé) vers un hexagone, avec l'orientation donnée"}},
		{Name: "face", Example: "face GA1-1 NE", Rule: "SDC-8.11", Args: []game.VerbArg{argUnit, argFacing}, Help: game.Text{EN: "pivot an element in place (its move)", FR: "faire pivoter un élément sur place (son mouvement)"}},
		{Name: "square", Example: "square GA1-1", Rule: "SDC-15.5", Args: []game.VerbArg{argUnit}, Help: game.Text{EN: "form square (infantry, its move)", FR: "former le carré (infanterie, son mouvement)"}},
		{Name: "line", Example: "line GA1-1 E", Rule: "SDC-15.7", Args: []game.VerbArg{argUnit, opt(argFacing)}, Help: game.Text{EN: "leave square (its move)", FR: "quitter le carré (son mouvement)"}},
		{Name: "rally", Example: "rally GA1-1", Rule: "SDC-14.2", Args: []game.VerbArg{argUnit}, Help: game.Text{EN: "rally a disordered element (its move)", FR: "rallier un élément en désordre (son mouvement)"}},
		{Name: "fire", Rule: "SDC-10", Args: []game.VerbArg{rest(arg("guns", game.ArgText, false, "GUN [GUN …] TARGET: one gun, or guns of a grande batterie at one target", "CANON [CANON …] CIBLE : un canon, ou ceux d'une grande batterie sur une cible"))}, Example: "fire A7 B3", Help: game.Text{EN: "artillery fire", FR: "tir d'artillerie"}},
		{Name: "fight", Rule: "SDC-11", Args: []game.VerbArg{argUnit, argTarget}, Example: "fight A1 B1", Help: game.Text{EN: "an element in contact attacks an enemy element", FR: "un élément au contact attaque un élément ennemi"}},
		{Name: "react", Example: "react GB1-1 face", Rule: "SDC-9", Args: []game.VerbArg{argTarget, {Name: "how", Kind: game.ArgChoice, Required: true, Choices: []string{"face", "square", "none"}, Help: game.Text{EN: "face, square (against cavalry) or none", FR: "face, carré (contre la cavalerie) ou rien"}}}, Help: game.Text{EN: "react to a contact", FR: "réagir à un contact"}},
		{Name: "enter", Example: "enter left 0100 0200 0300", Rule: "SDC-17.6", Args: []game.VerbArg{rest(arg("hexes", game.ArgText, false, "[left|right] the general's hex, then each element's", "[left|right] l'hexagone du général, puis celui de chaque élément"))}, Help: game.Text{EN: "place a brigade arriving from a flank march", FR: "placer une brigade qui arrive d'une marche de flanc"}},
		{Name: "reroll", Example: "reroll DA", Rule: "SDC-16.2", Args: []game.VerbArg{arg("general", game.ArgOfficer, true, "the division or corps general whose reroll is spent", "le général de division ou de corps dont la relance est dépensée")}, Help: game.Text{EN: "have a senior general reroll the die just rolled", FR: "faire relancer le dé par un officier supérieur"}},
		{Name: "recoil", Example: "recoil GB1-1 1006", Rule: "SDC-12.3", Args: []game.VerbArg{argTarget, argCell}, Help: game.Text{EN: "choose where your recoiling element ends", FR: "choisir où finit le recul de votre élément"}},
		{Name: "displace", Example: "displace GB1 0903", Rule: "SDC-8.14", Args: []game.VerbArg{argGeneral, argCell}, Help: game.Text{EN: "choose where your contacted general goes", FR: "choisir où va votre général contacté"}},
		{Name: "keep", Example: "keep", Rule: "SDC-16.2", Help: game.Text{EN: "keep the die just rolled", FR: "garder le dé"}},
		{Name: "end", Example: "end", Rule: "SDC-7.5", Help: game.Text{EN: "end your phase", FR: "terminer votre phase"}},
	}
}

// DeadlineOrder implements game.Defaulter (TBL-26).
func (r *Rules) DeadlineOrder(st game.State, side game.Side) (string, string) {
	if o, why, ok := game.DecisionDefault(st, side); ok {
		return o, why
	}
	s := st.(*State)
	switch {
	case s.Result != nil:
		return "", "the game is over"
	case s.Phase == PhaseInitiative:
		return "roll", "the initiative is rolled"
	case s.Phase == PhaseChoose && side == s.Winner:
		return "first", "the initiative winner starts (TBL-26)"
	case s.Phase == PhaseDeployOrder && side == s.Active:
		return "second", "the deployment winner deploys second, with more information (TBL-26)"
	case s.Phase == PhaseTerrain && side == s.Active:
		if o := s.terrainDefault(); o != "" {
			return o, "placed as the generator would (SDC-4.6 … 4.11)"
		}
		return "", "nothing to place"
	case s.Phase == PhaseDeploy && side == s.Active:
		for _, id := range s.toDeploy(side) {
			if o := s.deployTemplate(s.General(id)); o != "" {
				return o, "the brigade deployed by the template (TBL-26)"
			}
		}
		return "", "no template fits"
	case side != s.Active:
		return "", "not this side's turn"
	case s.Current == "":
		for i := range s.Generals {
			if g := &s.Generals[i]; g.Side == side && !g.Destroyed && !g.Activated {
				return "activate " + g.ID, "the first general not yet activated, with no orders (TBL-26)"
			}
		}
	}
	if r.accepts(s, side, "end") {
		return "end", "hold: nothing more moves or fires (TBL-26)"
	}
	if a, t := s.mustFight(); a != nil {
		return "fight " + a.ID + " " + t.ID, "a combat every element in contact must fight (SDC-11.2)"
	}
	return "", "no order"
}

// AutoOrder implements game.Defaulter: the initiative roll needs no one.
func (*Rules) AutoOrder(st game.State, side game.Side) string {
	if s := st.(*State); s.Result == nil && s.Phase == PhaseInitiative && len(s.Reactions) == 0 && side == game.SideA {
		return "roll"
	}
	if s := st.(*State); s.Result == nil && s.Phase == PhaseTerrain && side == s.Active && s.needsSector() {
		return "sector" // a die for the part of the table: nothing to choose (SDC-4.6)
	}
	return ""
}

var (
	_ game.Ruleset   = (*Rules)(nil)
	_ game.Verber    = (*Rules)(nil)
	_ game.Defaulter = (*Rules)(nil)
	_ game.Checker   = (*Rules)(nil)
)
