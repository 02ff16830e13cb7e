package bot

// messagesDiscordFR holds the French messages of the Discord adapter (the
// same keys as messagesDiscordEN); init adds them to messagesFR. The
// permissions are named as Discord's French interface names them.
var messagesDiscordFR = map[string]string{
	"discord.perm.missing":      "Je ne peux pas le faire dans {channel} : il me manque la permission {perms} dans ce salon. Demandez à un administrateur du serveur de me l'accorder (paramètres du salon → Permissions, ou mon rôle dans Paramètres du serveur → Rôles), puis réessayez. Rien n'a été fait.",
	"discord.perm.lost":         "Je n'ai pas pu publier dans {channel} pour {game} : Discord refuse, il me manque la permission {perms} dans ce salon. La partie est enregistrée ; quand un administrateur du serveur me l'aura accordée, /board l'affichera de nouveau.",
	"discord.perm.lost-here":    "Je n'ai pas pu publier dans {channel} : Discord refuse, il me manque la permission {perms} dans ce salon. Demandez à un administrateur du serveur de me l'accorder, puis réessayez.",
	"discord.perm.and":          ", ",
	"discord.perm.view":         "Voir les salons",
	"discord.perm.send":         "Envoyer des messages",
	"discord.perm.attach":       "Joindre des fichiers",
	"discord.perm.threads":      "Créer des fils publics",
	"discord.perm.send-threads": "Envoyer des messages dans les fils",
}

func init() {
	for k, v := range messagesDiscordFR {
		messagesFR[k] = v
	}
}
