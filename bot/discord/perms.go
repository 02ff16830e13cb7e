package discord

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/grognard/grognard/bot"
)

// The channel permissions the bot uses, in the order they are named to a
// user: it reads the channel, posts in it (text and board images), opens
// a thread per game and posts in the thread. It sends no embeds (a board
// is an attachment), so Embed Links is not needed.
var botPerms = []struct {
	bit int64
	key string // bot message key of its name
}{
	{discordgo.PermissionViewChannel, "discord.perm.view"},
	{discordgo.PermissionSendMessages, "discord.perm.send"},
	{discordgo.PermissionAttachFiles, "discord.perm.attach"},
	{discordgo.PermissionCreatePublicThreads, "discord.perm.threads"},
	{discordgo.PermissionSendMessagesInThreads, "discord.perm.send-threads"},
}

// needed is what the bot needs in the channel of an interaction to answer
// there in public: in a thread, to post in threads; in a channel, to post
// and — with game threads on — to open a thread and post in it. Boards
// are files.
func (b *Bot) needed(p place) int64 {
	n := int64(discordgo.PermissionViewChannel | discordgo.PermissionAttachFiles)
	if p.Thread != "" {
		return n | discordgo.PermissionSendMessagesInThreads
	}
	n |= discordgo.PermissionSendMessages
	if b.cfg.Threads {
		n |= discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads
	}
	return n
}

// appPermissions reads the bot's permissions in the interaction's channel
// (app_permissions, which Discord sends with every interaction); false
// when the payload has none.
func appPermissions(raw json.RawMessage) (int64, bool) {
	var x struct {
		AppPermissions *string `json:"app_permissions"`
	}
	if json.Unmarshal(raw, &x) != nil || x.AppPermissions == nil {
		return 0, false
	}
	v, err := strconv.ParseInt(*x.AppPermissions, 10, 64)
	return v, err == nil
}

// permNames names permission bits in a language ("View Channel, Attach
// Files").
func permNames(l bot.Lang, bits int64) string {
	var out []string
	for _, p := range botPerms {
		if bits&p.bit != 0 {
			out = append(out, bot.T(l, p.key))
		}
	}
	return strings.Join(out, bot.T(l, "discord.perm.and"))
}

// userLang is the language of a private note to an interaction's user:
// their client's locale, else the server's, else English.
func userLang(i *discordgo.Interaction) bot.Lang {
	if i != nil {
		if l, ok := bot.ParseLang(string(i.Locale)); ok {
			return l
		}
		if i.GuildLocale != nil {
			if l, ok := bot.ParseLang(string(*i.GuildLocale)); ok {
				return l
			}
		}
	}
	return bot.EN
}

// changes reports whether a request may change a game or post in public:
// a button or a menu choice, an order, a new game, a league's creation or
// change (which create games), any command about a game but the views
// (which answer privately).
func changes(req bot.Request) bool {
	switch req.Command {
	case "":
		return true
	case "league":
		a := req.Args["action"]
		return a == "new" || a == "substitute" || a == "withdraw"
	}
	for _, c := range bot.Commands() {
		if c.Name == req.Command {
			return c.Name == "new" || c.Game && c.Group != bot.GroupViews
		}
	}
	return false
}

// refuseMissing checks, before the bot does anything, that it holds the
// permissions it needs in the interaction's channel (app_permissions).
// When one is missing for a request that would change a game or post, it
// tells the user privately which one to grant, logs it, and reports true:
// the request is not handed to the bot, so no game is created and no
// order applied.
func (b *Bot) refuseMissing(ctx context.Context, raw json.RawMessage, i *discordgo.Interaction, p place, req bot.Request) bool {
	if p.Guild == "" || !changes(req) {
		return false
	}
	have, ok := appPermissions(raw)
	if !ok || have&discordgo.PermissionAdministrator != 0 {
		return false
	}
	missing := b.needed(p) &^ have
	if missing == 0 {
		return false
	}
	b.log.Warn("discord: missing channel permissions; request refused, user told", "guild", p.Guild, "channel", p.Channel,
		"missing", permNames(bot.EN, missing), "command", req.Command, "interaction", i.ID)
	l := userLang(i)
	o := &outbox{b: b, ctx: ctx, i: i, p: p, asker: req.User, boards: map[string]*board{}}
	o.reply(bot.Message{Text: bot.T(l, "discord.perm.missing", "channel", "<#"+p.Channel+">", "perms", permNames(l, missing)), Ephemeral: true})
	b.finish(ctx, i, o, "")
	return true
}

// forbidden reports whether a REST error is Discord refusing for want of
// access or permission (403, 50001 Missing Access / 50013 Missing
// Permissions).
func forbidden(err error) bool {
	c := apiCode(err)
	return c == discordgo.ErrCodeMissingAccess || c == discordgo.ErrCodeMissingPermissions
}

// postNeeds is what posting in ch needs: 50001 means the channel cannot
// be seen; 50013 that one of sending (in threads, in a thread) or
// attaching files is missing.
func (b *Bot) postNeeds(err error, ch string, files bool) int64 {
	if apiCode(err) == discordgo.ErrCodeMissingAccess {
		return discordgo.PermissionViewChannel
	}
	b.mu.Lock()
	parent := b.parents[ch]
	b.mu.Unlock()
	n := int64(discordgo.PermissionSendMessages)
	if parent != "" {
		n = discordgo.PermissionSendMessagesInThreads
	}
	if files {
		n |= discordgo.PermissionAttachFiles
	}
	return n
}

// lost handles a post refused for want of a permission: logged with the
// channel and the permission, the user of the interaction (if any) told
// privately, once per channel. Nothing is retried: the game is saved and
// shown again once the permission is granted.
func (o *outbox) lost(what, ch, gameID string, err error, needs int64) {
	o.b.log.Warn("discord: missing channel permission; not posted", "what", what, "channel", ch, "game", gameID,
		"needs", permNames(bot.EN, needs), "err", o.b.redact(err))
	if o.i == nil {
		return
	}
	if o.told == nil {
		o.told = map[string]bool{}
	}
	if o.told[ch] {
		return
	}
	o.told[ch] = true
	l := userLang(o.i)
	key := "discord.perm.lost"
	if gameID == "" {
		key = "discord.perm.lost-here"
	}
	o.reply(bot.Message{Text: bot.T(l, key, "channel", "<#"+ch+">", "game", gameID, "perms", permNames(l, needs)), Ephemeral: true})
}
