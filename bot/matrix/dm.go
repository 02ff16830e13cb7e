package matrix

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
)

// newGameWords are the names of the command that creates a game.
var newGameWords = map[string]bot.Lang{"new": "", "challenge": "", "nouvelle": bot.FR}

// newGameInDM answers a game created in the bot's direct room with a
// player. Nobody else can read that room, and the bot sends the player's
// secrets there, so the game cannot be played in it: the bot opens a room
// for the game, invites the opponent and the player, creates the game
// there and says where in the direct room. An open challenge (no
// opponent named) is refused, since nobody could see it; so is a game
// against someone the bot cannot invite. It reports whether it answered
// the command (false: not a new game, or one the App refuses anyway).
func (a *Adapter) newGameInDM(ctx context.Context, evt *event.Event, text string) bool {
	words := strings.Fields(text)
	if len(words) == 0 {
		return false
	}
	lang, ok := newGameWords[strings.ToLower(words[0])]
	if !ok {
		return false
	}
	if lang == "" {
		lang = a.cfg.Lang
	}
	reply := func(key string, args ...any) {
		m := bot.Message{Text: fmt.Sprintf(dmText[key][lang], args...), Ephemeral: true}
		if err := a.post(ctx, m, origin{room: evt.RoomID, event: evt.ID}); err != nil {
			a.log.Warn("matrix: answering in a direct room failed", "room", evt.RoomID, "err", err)
		}
	}
	var word string
	for i, w := range words {
		if strings.EqualFold(w, "vs") && i+1 < len(words) {
			word = words[i+1]
		}
	}
	if word == "" {
		reply("open", a.me.Homeserver())
		return true
	}
	uid, ok := mentionID(a.me.Homeserver())(word)
	if !ok || id.UserID(uid) == evt.Sender || id.UserID(uid) == a.me {
		return false // the App refuses these with its own words
	}
	opponent := id.UserID(uid)
	// Homeservers let one invite a user who does not exist: ask for his
	// profile first (M_NOT_FOUND: there is no such user; any other
	// failure, such as a server that hides profiles, is let pass).
	if err := a.retry(ctx, "profile", func() error { _, err := a.cli.GetProfile(ctx, opponent); return err }); errors.Is(err, mautrix.MNotFound) {
		reply("no-invite", opponent, err)
		return true
	}
	me := a.displayName(ctx, evt.RoomID, evt.Sender)
	var created *mautrix.RespCreateRoom
	err := a.retry(ctx, "create room", func() (err error) {
		created, err = a.cli.CreateRoom(ctx, &mautrix.ReqCreateRoom{
			Preset: "private_chat", Name: fmt.Sprintf("grognard: %s vs %s", me, opponent.Localpart()),
			Topic: dmText["topic"][lang],
		})
		return
	})
	if err != nil {
		a.log.Warn("matrix: creating a game room failed", "user", evt.Sender, "err", err)
		reply("no-room", err)
		return true
	}
	room := created.RoomID
	abandon := func() {
		for _, u := range []id.UserID{opponent, evt.Sender} {
			_ = a.retry(ctx, "kick", func() error {
				_, err := a.cli.KickUser(ctx, room, &mautrix.ReqKickUser{UserID: u, Reason: "the game was not created"})
				return err
			})
		}
		_ = a.retry(ctx, "leave", func() error { _, err := a.cli.LeaveRoom(ctx, room); return err })
	}
	for _, u := range []id.UserID{opponent, evt.Sender} {
		err := a.retry(ctx, "invite", func() error {
			_, err := a.cli.InviteUser(ctx, room, &mautrix.ReqInviteUser{UserID: u})
			return err
		})
		if err != nil {
			a.log.Warn("matrix: inviting to a game room failed", "room", room, "user", u, "err", err)
			abandon()
			reply("no-invite", u, err)
			return true
		}
	}
	req := bot.Request{
		Platform: Platform, Room: string(room),
		User: bot.User{ID: string(evt.Sender), Name: me},
		Text: text, InteractionID: string(evt.ID),
	}
	resp := a.app.Handle(ctx, req)
	gameID := ""
	for _, m := range resp.Messages {
		if m.NewThread != "" && m.Game != "" {
			gameID = m.Game
		}
	}
	if gameID == "" { // refused: the answer goes back to the direct room
		abandon()
		for _, err := range a.postAll(ctx, resp.Messages, origin{room: evt.RoomID, event: evt.ID}) {
			a.log.Warn("matrix: posting a message failed", "room", evt.RoomID, "err", err)
		}
		return true
	}
	for _, err := range a.postAll(ctx, resp.Messages, origin{room: room}) {
		a.log.Warn("matrix: posting a message failed", "room", room, "err", err)
	}
	reply("opened", gameID, a.displayName(ctx, room, opponent), matrixTo+string(room))
	return true
}

var dmText = map[string]map[bot.Lang]string{
	"open": {
		bot.EN: "Nobody but you can see this direct room, so nobody could take an open challenge here. Name your opponent (`new gs-1 vs @bob:%s`) and I will open a room for the two of you, or create the game in a room you share with other players.",
		bot.FR: "Personne d'autre que vous ne voit ce salon direct : personne ne pourrait y relever un défi ouvert. Nommez votre adversaire (`nouvelle gs-1 vs @bob:%s`) et j'ouvrirai un salon pour vous deux, ou créez la partie dans un salon que vous partagez avec d'autres joueurs.",
	},
	"no-room": {
		bot.EN: "I could not open a room for this game (%v). Create the game in a room you share with your opponent.",
		bot.FR: "Je n'ai pas pu ouvrir de salon pour cette partie (%v). Créez la partie dans un salon que vous partagez avec votre adversaire.",
	},
	"no-invite": {
		bot.EN: "I could not invite %s to a room for this game (%v), so I created nothing. Check the user id, or create the game in a room you share with your opponent.",
		bot.FR: "Je n'ai pas pu inviter %s dans un salon pour cette partie (%v) : je n'ai rien créé. Vérifiez l'identifiant, ou créez la partie dans un salon que vous partagez avec votre adversaire.",
	},
	"opened": {
		bot.EN: "%s is played in a room of its own, since nobody else can see this direct room: I invited you and %s there: %s",
		bot.FR: "%s se joue dans un salon à part, puisque personne d'autre ne voit ce salon direct : je vous y ai invités, %s et vous : %s",
	},
	"topic": {
		bot.EN: "a grognard game",
		bot.FR: "une partie de grognard",
	},
}
