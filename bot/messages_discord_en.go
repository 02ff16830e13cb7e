package bot

// messagesDiscordEN holds the English messages of the Discord adapter
// about the bot's channel permissions (bot/discord/perms.go); init adds
// them to messagesEN.
var messagesDiscordEN = map[string]string{
	"discord.perm.missing":      "I cannot do this in {channel}: I am missing the {perms} permission there. Ask a server administrator to grant it to me (channel settings → Permissions, or my role in Server Settings → Roles), then try again. Nothing was done.",
	"discord.perm.lost":         "I could not post in {channel} for {game}: Discord refuses, I am missing the {perms} permission there. The game is saved; once a server administrator grants it, /board shows it again.",
	"discord.perm.lost-here":    "I could not post in {channel}: Discord refuses, I am missing the {perms} permission there. Ask a server administrator to grant it to me, then try again.",
	"discord.perm.and":          ", ",
	"discord.perm.view":         "View Channel",
	"discord.perm.send":         "Send Messages",
	"discord.perm.attach":       "Attach Files",
	"discord.perm.threads":      "Create Public Threads",
	"discord.perm.send-threads": "Send Messages in Threads",
}

func init() {
	for k, v := range messagesDiscordEN {
		messagesEN[k] = v
	}
}
