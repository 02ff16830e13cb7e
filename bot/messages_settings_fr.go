package bot

// messagesSettingsFR holds the French messages of per-server settings
// (the same keys as messagesSettingsEN); init adds them to messagesFR.
var messagesSettingsFR = map[string]string{
	"role.manager":               "tout le monde lit ; un administrateur du serveur modifie",
	"settings.title":             "Réglages de ce serveur (sur Matrix et dans le terminal : de ce salon) :",
	"settings.how":               "Pour en changer un : `settings <champ> <valeur>` (administrateurs du serveur) ; `settings <champ> default` rétablit la valeur par défaut du bot.",
	"settings.default":           "{value} (par défaut du bot)",
	"settings.global-role":       "le rôle d'administrateur configuré",
	"settings.none":              "aucun",
	"settings.changed":           "⚙️ {user} a réglé {field} pour ce serveur : {value}.",
	"settings.not-admin":         "seul un administrateur du serveur (Discord : Gérer le serveur ; Matrix : le niveau de pouvoir des administrateurs du salon) peut changer {field} ; tout le monde peut lire les réglages avec `settings`.",
	"settings.missing":           "donnez une valeur pour {field} : {expected}.",
	"settings.bad":               "{value} n'est pas une valeur valable pour {field} : {expected}. Rien n'a été changé.",
	"settings.bad-ruleset":       "{value} n'est pas un jeu de règles pour {field} : donnez certains de {list}, ou all. Rien n'a été changé.",
	"settings.no-roles":          "{field} : cette plateforme n'a pas de rôles de serveur (sur Matrix, les administrateurs sont les membres du salon au niveau de pouvoir des administrateurs). Rien n'a été changé.",
	"settings.not-offered":       "ce serveur ne propose pas le jeu de règles {ruleset} : ses administrateurs proposent {list} (voir `settings`).",
	"settings.expect.admin-role": "un identifiant de rôle (chiffres, mode développeur → Copier l'identifiant du rôle) ou une mention de rôle, ou default",
	"settings.expect.lang":       "en ou fr, ou default",
	"settings.expect.deadline":   "une durée de 1m à 30d (72h, 3d), none, ou default",
	"settings.expect.rulesets":   "des noms de jeux de règles séparés par des virgules, all, ou default",
}

func init() {
	for k, v := range messagesSettingsFR {
		messagesFR[k] = v
	}
}
