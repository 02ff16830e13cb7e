package bot

import (
	"regexp"
	"strings"

	"github.com/grognard/grognard/game"
)

// Rulesets write their refusals (RuleError.Msg), narration
// (Explainer.Explain), prompts and option labels in English. French
// players get them translated here by pattern: a refusal by its stable
// Code and the shape of its message, narration by the shape of each
// "; "-separated segment. What no pattern knows stays in English inside a
// French frame that names the rule id and code (see doc.go).

type pattern struct {
	re *regexp.Regexp
	fr string // regexp.Expand template: $1, $2 …
}

func pat(re, fr string) pattern { return pattern{regexp.MustCompile("^" + re + "$"), fr} }

// ruleFR translates refusals, keyed by RuleError.Code.
var ruleFR = map[string][]pattern{
	game.CodeSyntax: {
		pat(`empty order`, `ordre vide`),
		pat(`write: choose N, with N the number of an option`, `écrivez : choose N, où N est le numéro d'une option`),
		pat(`end takes no words`, `end s'écrit seul`),
		pat(`write: move UNIT HEX \(or move UNIT HEX HEX … for a path, ending with "off" to leave the map\)`, `écrivez : move UNITÉ CASE (ou move UNITÉ CASE CASE … pour un chemin, terminé par « off » pour quitter la carte)`),
		pat(`write: (\S+) UNIT \[UNIT…\] -> TARGET \[TARGET…\] \[at 2:1\]`, `écrivez : $1 UNITÉ [UNITÉ…] -> CIBLE [CIBLE…] [at 2:1]`),
		pat(`name at least one target after ->`, `nommez au moins une cible après ->`),
		pat(`write: retreat UNIT HEX`, `écrivez : retreat UNITÉ CASE`),
		pat(`write: advance UNIT HEX, or advance none`, `écrivez : advance UNITÉ CASE, ou advance none`),
		pat(`write: deploy UNIT HEX \[UNIT HEX …\], or deploy auto`, `écrivez : deploy UNITÉ CASE [UNITÉ CASE …], ou deploy auto`),
	},
	game.CodeUnknownVerb: {pat(`unknown order "(.*)"; orders: (.+)`, `ordre inconnu « $1 » ; ordres : $2`)},
	game.CodeUnknownUnit: {
		pat(`no unit "(.*)"`, `aucune unité « $1 »`),
		pat(`no unit or hex "(.*)"`, `aucune unité ni case « $1 »`),
	},
	game.CodeNotYourUnit: {
		pat(`(\S+) is not your unit: a unit is never moved by the opponent`, `$1 n'est pas votre unité : on ne déplace jamais les unités adverses`),
		pat(`(\S+) is not your unit`, `$1 n'est pas votre unité`),
	},
	game.CodeBadCell: {
		pat(`"(.*)": want four digits CCRR`, `« $1 » : il faut quatre chiffres CCRR`),
		pat(`"(.*)" is off the map \((\d+) columns × (\d+) rows\)`, `« $1 » est hors de la carte ($2 colonnes × $3 rangées)`),
	},
	game.CodeWrongSide: {
		pat(`it is (\S+)'s move phase`, `c'est la phase de mouvement de $1`),
		pat(`it is (\S+)'s combat phase`, `c'est la phase de combat de $1`),
		pat(`orders come from side A or B`, `les ordres viennent du camp A ou B`),
		pat(`this (\S+) is for player (\S+) to decide`, `cette décision ($1) revient au joueur $2`),
	},
	game.CodeWrongPhase: {
		pat(`the armies are still deploying: deploy UNIT HEX, then ready`, `les armées se déploient encore : deploy UNITÉ CASE, puis ready`),
		pat(`units move only in the movement phase; this is the combat phase`, `les unités ne se déplacent que pendant la phase de mouvement ; c'est la phase de combat`),
		pat(`no combat during the movement phase: end it first`, `pas de combat pendant la phase de mouvement : terminez-la d'abord`),
		pat(`deployment is over`, `le déploiement est terminé`),
	},
	game.CodeGameOver:     {pat(`the game is over`, `la partie est terminée`)},
	game.CodeNoSuchChoice: {pat(`choose a number from 1 to (\d+)`, `choisissez un nombre de 1 à $1`), pat(`there is no decision waiting for (\S+)`, `aucune décision n'attend $1`)},
	"nothing-to-undo":     {pat(`there is nothing to undo`, `il n'y a rien à reprendre`)},
	"not-your-order":      {pat(`the last order was (\S+)'s, not yours`, `le dernier ordre était celui de $1, pas le vôtre`)},
	"dice-rolled":         {pat(`a die has been rolled in this phase \(order (\d+): (.+)\): undo needs your opponent's consent`, `un dé a été lancé dans cette phase (ordre $1 : $2) : la reprise demande l'accord de l'adversaire`)},
	"obligation":          {pat(`the combat phase cannot end yet: (.+)`, `la phase de combat ne peut pas encore finir : $1`)},
	"already-ready":       {pat(`you have already finished deploying`, `vous avez déjà fini de vous déployer`)},
	"not-deployed":        {pat(`place every unit first \(deploy UNIT HEX or deploy auto\); not placed: (.+)`, `placez d'abord toutes les unités (deploy UNITÉ CASE ou deploy auto) ; non placées : $1`)},
	"zone-full":           {pat(`no free hex left in deploy-(\S+)`, `plus aucune case libre dans deploy-$1`)},
	"nothing-to-deploy":   {pat(`every unit is already placed: type ready`, `toutes les unités sont placées : tapez ready`)},
	"not-in-reserve":      {pat(`(\S+) is already on the map`, `$1 est déjà sur la carte`)},
	"outside-zone":        {pat(`(\S+) is outside your deployment zone deploy-(\S+)`, `$1 est hors de votre zone de déploiement deploy-$2`)},
	"stacking": {
		pat(`(\S+) is already in (\S+) \(one unit per hex\)`, `$1 est déjà en $2 (une unité par case)`),
		pat(`(\S+) and (\S+) cannot both go to (\S+)`, `$1 et $2 ne peuvent pas aller tous deux en $3`),
		pat(`(\S+) is occupied`, `$1 est occupée`),
		pat(`(\S+) may not stop in (\S+): (\S+) is there \(no stacking\)`, `$1 ne peut pas s'arrêter en $2 : $3 s'y trouve (pas d'empilement)`),
		pat(`(\S+) cannot leave from (\S+): another unit is there`, `$1 ne peut pas sortir depuis $2 : une autre unité s'y trouve`),
	},
	"not-on-map":    {pat(`(\S+) is not on the map`, `$1 n'est pas sur la carte`)},
	"already-moved": {pat(`(\S+) has already moved this phase`, `$1 s'est déjà déplacée pendant cette phase`)},
	"in-zoc":        {pat(`(\S+) starts in an enemy zone of control and may leave it only by combat`, `$1 commence en zone de contrôle ennemie et ne peut la quitter que par le combat`)},
	"no-move":       {pat(`(\S+) is already in (\S+)`, `$1 est déjà en $2`)},
	"enemy-hex":     {pat(`(\S+) may not enter (\S+): an enemy unit is there`, `$1 ne peut pas entrer en $2 : une unité ennemie s'y trouve`)},
	"artillery-terrain": {
		pat(`(\S+) may enter (\S+) \((.+)\) only along a road or path`, `$1 ne peut entrer en $2 ($3) que par une route ou un chemin`),
		pat(`artillery may enter (\S+) \((.+)\) only along a road or path`, `l'artillerie ne peut entrer en $1 ($2) que par une route ou un chemin`),
	},
	"too-far": {
		pat(`(\S+) cannot reach (\S+): it needs (\S+) MP and has (\S+)`, `$1 ne peut pas atteindre $2 : il faut $3 PM et elle en a $4`),
		pat(`(\S+) has (\S+) MP left and entering (\S+) costs (\S+)`, `il reste $2 PM à $1 et entrer en $3 en coûte $4`),
		pat(`(\S+) needs (\S+) MP left to leave the map and has (\S+)`, `$1 doit garder $2 PM pour quitter la carte et en a $3`),
	},
	"no-path":    {pat(`(\S+) has no legal path to (\S+) \(terrain, rivers, enemy units or zones of control are in the way\)`, `$1 n'a aucun chemin légal vers $2 (terrain, rivières, unités ennemies ou zones de contrôle l'en empêchent)`)},
	"zoc-stop":   {pat(`(\S+) must stop in (\S+): it is in an enemy zone of control`, `$1 doit s'arrêter en $2 : elle est en zone de contrôle ennemie`)},
	"zoc-friend": {pat(`(\S+) may not pass through (\S+): the friendly unit there is in an enemy zone of control`, `$1 ne peut pas traverser $2 : l'unité amie qui s'y trouve est en zone de contrôle ennemie`)},
	"river":      {pat(`(\S+) cannot cross the river between (\S+) and (\S+) \(no bridge\)`, `$1 ne peut pas franchir la rivière entre $2 et $3 (pas de pont)`)},
	"terrain":    {pat(`(\S+) cannot enter (\S+) \((.+)\)`, `$1 ne peut pas entrer en $2 ($3)`)},
	"not-edge":   {pat(`(\S+) is not on the map edge: a unit leaves the map from an edge hex`, `$1 n'est pas au bord de la carte : on quitte la carte depuis une case du bord`)},
	"zoc-exit":   {pat(`(\S+) cannot leave the map from (\S+): it is in an enemy zone of control`, `$1 ne peut pas quitter la carte depuis $2 : elle est en zone de contrôle ennemie`)},
	"not-adjacent": {
		pat(`(\S+) is not adjacent to (\S+): move hex by hex`, `$1 n'est pas adjacente à $2 : avancez case par case`),
		pat(`(\S+) is not adjacent to (\S+): in a combat every attacker in contact must touch every defender`, `$1 n'est pas adjacente à $2 : dans un combat, chaque attaquant au contact doit toucher chaque défenseur`),
		pat(`(\S+) is not adjacent to any target: only artillery fights at a distance`, `$1 n'est adjacente à aucune cible : seule l'artillerie combat à distance`),
	},
	"empty-hex":      {pat(`there is no unit in (\S+)`, `il n'y a aucune unité en $1`)},
	"own-unit":       {pat(`(\S+) in (\S+) is your own unit`, `$1 en $2 est votre propre unité`), pat(`(\S+) is your own unit`, `$1 est votre propre unité`)},
	"attacked-twice": {pat(`(\S+) has already attacked this phase`, `$1 a déjà attaqué pendant cette phase`)},
	"defended-twice": {pat(`(\S+) has already been attacked this phase`, `$1 a déjà été attaquée pendant cette phase`)},
	"across-river":   {pat(`(\S+) and (\S+) are separated by an unbridged river: no close combat \(bombardment only\)`, `$1 et $2 sont séparées par une rivière sans pont : pas de corps à corps (bombardement seulement)`)},
	"duplicate":      {pat(`(\S+) is listed twice`, `$1 est nommée deux fois`)},
	"not-this-unit":  {pat(`(\S+) must retreat now, not (\S+)`, `c'est $1 qui doit reculer maintenant, pas $2`)},
	"bad-retreat":    {pat(`(\S+) cannot retreat to (\S+); legal: (.+)`, `$1 ne peut pas reculer en $2 ; cases légales : $3`)},
	"bad-loss-set":   {pat(`the units lost must total at least (\d+) PC, and no unit may be spare; choose one of: (.+)`, `les unités perdues doivent totaliser au moins $1 PC, sans unité superflue ; choisissez parmi : $2`)},
	"bad-advance":    {pat(`(\S+) cannot advance to (\S+): only a unit that took part, into an adjacent hex the combat emptied`, `$1 ne peut pas avancer en $2 : seule une unité ayant combattu avance, dans une case adjacente vidée par le combat`)},
	"bad-option": {
		pat(`unknown option "(.*)" \(options: (.+)\)`, `option inconnue « $1 » (options : $2)`),
		pat(`option (\S+) takes (.+), not "(.*)"`, `l'option $1 prend $2, pas « $3 »`),
	},
	"out-of-range":    {pat(`(\S+) is (\d+) hexes from (\S+): range is (\d+)`, `$1 est à $2 cases de $3 : la portée est de $4`)},
	"no-line-of-fire": {pat(`(\S+) has no line of fire to (\S+) \(forest, village or ridge in the way\)`, `$1 n'a pas de ligne de tir vers $2 (forêt, village ou crête sur le trajet)`)},
	"bombard-in-zoc":  {pat(`(\S+) is in an enemy zone of control: it must fight there in close combat and cannot bombard`, `$1 est en zone de contrôle ennemie : elle doit y combattre au corps à corps et ne peut pas bombarder`)},
	"not-artillery":   {pat(`only artillery bombards; (\S+) is (\S+)`, `seule l'artillerie bombarde ; $1 est de type $2`)},
}

// narrationFR translates one segment of narration, a prompt or a label.
var narrationFR = []pattern{
	pat(`(\S+) (\S+) → (\S+) \((\S+) MP of (\S+)\)`, `$1 $2 → $3 ($4 PM sur $5)`),
	pat(`(\S+) (\S+) → (\S+) \((\S+) MP of (\S+)\), stops in an enemy zone of control \(GS-3\.4\)`, `$1 $2 → $3 ($4 PM sur $5), s'arrête en zone de contrôle ennemie (GS-3.4)`),
	pat(`(\S+) (\S+) → (\S+) \((\S+) MP\)`, `$1 $2 → $3 ($4 PM)`),
	pat(`turn (\d+): move phase of (\S+)`, `tour $1 : phase de mouvement de $2`),
	pat(`turn (\d+): combat phase of (\S+)`, `tour $1 : phase de combat de $2`),
	pat(`(\S+) has no combat to fight`, `$1 n'a aucun combat à livrer`),
	pat(`(\S+) placed (\d+) unit\(s\)`, `$1 a placé $2 unité(s)`),
	pat(`(\S+) has finished deploying`, `$1 a fini de se déployer`),
	pat(`both sides have deployed: the screens are lifted`, `les deux camps sont déployés : les écrans sont levés`),
	pat(`(\S+) wins \(losses A (\d+), B (\d+); difference (\d+), (\d+) needed\)`, `$1 gagne (pertes A $2, B $3 ; écart $4, $5 nécessaires)`),
	pat(`draw \(losses A (\d+), B (\d+); difference (\d+), (\d+) needed to win\)`, `partie nulle (pertes A $1, B $2 ; écart $3, $4 nécessaires pour gagner)`),
	pat(`(\S+) wins \((\d+) points to (\d+); difference (\d+), (\d+) needed\)`, `$1 gagne ($2 points à $3 ; écart $4, $5 nécessaires)`),
	pat(`draw \((\d+) points to (\d+); difference (\d+), (\d+) needed to win\)`, `partie nulle ($1 points à $2 ; écart $3, $4 nécessaires pour gagner)`),
	pat(`(\S+) wins: every enemy unit is eliminated`, `$1 gagne : toutes les unités ennemies sont éliminées`),
	pat(`(\S+) advances (\S+) → (\S+) \(GS-4\.24\)`, `$1 avance $2 → $3 (GS-4.24)`),
	pat(`(\S+) does not advance`, `$1 n'avance pas`),
	pat(`(\S+) leaves the map from (\S+) and is eliminated \(GS-6\.1\)`, `$1 quitte la carte depuis $2 et est éliminée (GS-6.1)`),
	pat(`(\S+) retreats into (\S+)`, `$1 recule en $2`),
	pat(`(\S+) must make room \(GS-4\.23\)`, `$1 doit faire place (GS-4.23)`),
	pat(`retreat: (.+) \(only legal hex\) \(GS-4\.21\)`, `retraite : $1 (seule case légale) (GS-4.21)`),
	pat(`retreat: (.+) \(GS-4\.21\)`, `retraite : $1 (GS-4.21)`),
	pat(`(\S+) eliminated in (\S+): (.+) \((\S+)\)`, `$1 éliminée en $2 : $3 ($4)`),
	pat(`exchange: attackers lose at least (\d+) PC`, `échange : les attaquants perdent au moins $1 PC`),
	pat(`no retreat hex`, `aucune case de retraite`),
	pat(`(\S+) must retreat one hex from (\S+)`, `$1 doit reculer d'une case depuis $2`),
	pat(`(\S+) must make room for (\S+)`, `$1 doit faire place à $2`),
	pat(`exchange: choose attackers to lose, at least (\d+) PC`, `échange : choisissez les attaquants perdus, au moins $1 PC`),
	pat(`advance after combat into an emptied hex\?`, `avancer après combat dans une case libérée ?`),
	pat(`deploy your units in zone deploy-(\S+) \(deploy UNIT HEX\), then ready`, `déployez vos unités dans la zone deploy-$1 (deploy UNITÉ CASE), puis ready`),
	pat(`place the remaining units automatically`, `placer automatiquement les unités restantes`),
	pat(`ready`, `prêt`),
	pat(`no advance`, `pas d'avance`),
	pat(`leave the map`, `quitter la carte`),
	pat(`end the movement phase`, `terminer la phase de mouvement`),
	pat(`end the combat phase`, `terminer la phase de combat`),
	pat(`losses \(PC eliminated\)`, `pertes (PC éliminés)`),
	pat(`PC on the map`, `PC sur la carte`),
	pat(`(\S+) must attack`, `$1 doit attaquer`),
	pat(`(\S+) must be attacked`, `$1 doit être attaquée`),
	pat(`(\S+) must attack (\S+), which it charged`, `$1 doit attaquer $2, qu'elle a chargée`),
}

// combatGlossary translates the few words of the symbolic combat line
// ("A1+A2 10 vs B3 4 → 2:1 (GS-4.16); roll 4 → DR").
var combatGlossary = strings.NewReplacer(" vs ", " contre ", "(bombarding)", "(en bombardement)", ", read at ", ", lue à ",
	"roll ", "dé ", ": no effect on bombarding artillery", " : sans effet sur l'artillerie qui bombarde")

var combatShape = regexp.MustCompile(`^(\S+ \d+ vs |roll \d|\S+ \(bombarding\) \d+ vs )`)

func expand(p pattern, s string) (string, bool) {
	m := p.re.FindStringSubmatchIndex(s)
	if m == nil {
		return s, false
	}
	return string(p.re.ExpandString(nil, p.fr, s, m)), true
}

// narration translates a ruleset's English line into l.
func narration(l Lang, s string) string {
	if l != FR || s == "" {
		return s
	}
	if rest, ok := strings.CutPrefix(s, "game over: "); ok {
		return "partie terminée : " + narration(l, rest)
	}
	segs := splitTop(s, "; ")
	for i, seg := range segs {
		done := false
		for _, p := range narrationFR {
			if out, ok := expand(p, seg); ok {
				segs[i], done = out, true
				break
			}
		}
		if !done && combatShape.MatchString(seg) {
			segs[i] = combatGlossary.Replace(seg)
		}
	}
	return strings.Join(segs, " ; ")
}

// splitTop splits s at sep outside parentheses.
func splitTop(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		default:
			if depth == 0 && strings.HasPrefix(s[i:], sep) {
				out = append(out, s[start:i])
				start = i + len(sep)
				i += len(sep) - 1
			}
		}
	}
	return append(out, s[start:])
}

// ruleErrorText is a refusal in l: the reason and the rule id. French
// uses the pattern of the error's code; an unknown message keeps its
// English text inside a French frame with the rule id and code.
func ruleErrorText(l Lang, re *game.RuleError) string {
	rule := re.Rule
	key := "rule.refused"
	if rule == "" {
		rule, key = "—", "rule.refused-plain"
	}
	if l != FR {
		return T(l, key, "rule", rule, "msg", re.Msg)
	}
	if re.Code == game.CodePending {
		if who, prompt, ok := strings.Cut(strings.TrimPrefix(re.Msg, "first "), " must decide: "); ok && strings.HasPrefix(re.Msg, "first ") {
			return T(l, key, "rule", rule, "msg", "d'abord "+who+" doit décider : "+narration(l, prompt))
		}
	}
	for _, p := range ruleFR[re.Code] {
		if out, ok := expand(p, re.Msg); ok {
			if re.Code == "obligation" {
				_, list, _ := strings.Cut(out, " : ")
				out = strings.Replace(out, list, narrationList(list), 1)
			}
			return T(l, key, "rule", rule, "msg", out)
		}
	}
	return T(l, "rule.untranslated", "rule", rule, "code", re.Code, "msg", re.Msg)
}

// narrationList translates a comma-separated list of short clauses.
func narrationList(s string) string {
	parts := strings.Split(s, ", ")
	for i, p := range parts {
		parts[i] = narration(FR, p)
	}
	return strings.Join(parts, ", ")
}
