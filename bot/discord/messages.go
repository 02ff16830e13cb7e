package discord

import (
	"fmt"

	"github.com/grognard/grognard/bot"
)

// dmClosed is the notice posted in a game's channel when Discord refuses
// a private message for a player: it names the player and the game, never
// the message. locale is the server's.
func dmClosed(locale, gameID, who string) string {
	about := gameID
	if l, _ := bot.ParseLang(locale); l == bot.FR {
		if about == "" {
			about = "votre partie"
		}
		return fmt.Sprintf("%s, j'ai un message privé pour vous (%s), mais Discord refuse de vous l'envoyer : autorisez les messages privés des membres de ce serveur (menu du serveur → Paramètres de confidentialité), puis redemandez-le avec /status ou /board.", who, about)
	}
	if about == "" {
		about = "your game"
	}
	return fmt.Sprintf("%s, I have a private message for you (%s), but Discord will not let me send it: please allow direct messages from this server's members (server menu → Privacy Settings), then ask again with /status or /board.", who, about)
}
