package discord

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/grognard/grognard/bot"
)

// Custom id prefixes of the components the adapter posts: a button sends
// the command after "g:", a select menu the command in its chosen value.
const (
	buttonPrefix = "g:"
	selectID     = "s:choice"
)

// handleTimeout bounds the work on one interaction (Discord keeps its
// token for 15 minutes).
const handleTimeout = 2 * time.Minute

// interaction answers one interaction: autocomplete at once, anything
// else deferred (ephemerally) and then answered by delivering the bot's
// response.
//
// A panic in it (the adapter's code or the bot's) is recovered: logged
// with a reference by the App, and the user is told the reference.
func (b *Bot) interaction(raw json.RawMessage, i *discordgo.Interaction) {
	if b.afterInteraction != nil {
		defer b.afterInteraction(i.ID)
	}
	if ref := b.app.Guard("discord interaction", func() { b.interact(raw, i) }, "platform", Platform, "interaction", i.ID); ref != "" {
		b.panicAnswer(i, ref)
	}
}

// panicAnswer tells the user of an interaction that failed with a
// recovered panic its reference: as the one autocomplete suggestion, or
// in the (deferred) ephemeral answer.
func (b *Bot) panicAnswer(i *discordgo.Interaction, ref string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	msg := b.app.PanicText(ref, string(i.Locale))
	var err error
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		err = b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: clip(msg, 100), Value: "error"}}}}, discordgo.WithContext(ctx))
	} else if _, err = b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &msg, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(ctx)); err != nil {
		err = b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: msg, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}}, discordgo.WithContext(ctx))
	}
	if err != nil {
		b.log.Warn("discord: internal-error answer", "interaction", i.ID, "ref", ref, "err", b.redact(err))
	}
}

// interact is the work of interaction.
func (b *Bot) interact(raw json.RawMessage, i *discordgo.Interaction) {
	if !b.seen.add(i.ID) {
		b.log.Debug("discord: interaction delivered again; ignored", "interaction", i.ID)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), handleTimeout)
	defer cancel()
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.autocomplete(ctx, raw, i)
	case discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent:
		b.command(ctx, raw, i)
	default:
		b.log.Debug("discord: interaction type not handled", "type", i.Type)
	}
}

// sender returns the user, their display name and whether they are a room
// administrator: Manage Server (or Administrator) in the channel, or the
// configured admin role.
func (b *Bot) sender(i *discordgo.Interaction) (bot.User, bool) {
	var u *discordgo.User
	nick := ""
	admin := false
	if i.Member != nil {
		u, nick = i.Member.User, i.Member.Nick
		admin = i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
		if b.cfg.AdminRole != "" {
			for _, r := range i.Member.Roles {
				admin = admin || r == b.cfg.AdminRole
			}
		}
	} else {
		u = i.User
	}
	if u == nil {
		return bot.User{}, false
	}
	name := nick
	if name == "" {
		name = u.GlobalName
	}
	if name == "" {
		name = u.Username
	}
	return bot.User{ID: u.ID, Name: name}, admin
}

// optionArgs reads a command's options as the table's arguments, by name.
func optionArgs(opts []*discordgo.ApplicationCommandInteractionDataOption) (map[string]string, *discordgo.ApplicationCommandInteractionDataOption) {
	args := map[string]string{}
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, o := range opts {
		if o.Focused {
			focused = o
		}
		switch v := o.Value.(type) {
		case string:
			args[o.Name] = v
		case float64:
			args[o.Name] = strconv.FormatInt(int64(v), 10)
		case bool:
			args[o.Name] = strconv.FormatBool(v)
		case nil:
		default:
			b, _ := json.Marshal(v)
			args[o.Name] = string(b)
		}
	}
	return args, focused
}

// request builds the bot request of a slash command or a component click.
func (b *Bot) request(i *discordgo.Interaction, p place) (bot.Request, bool) {
	user, admin := b.sender(i)
	if user.ID == "" {
		return bot.Request{}, false
	}
	req := bot.Request{Platform: Platform, Room: p.Room, Thread: p.Thread, User: user, IsAdmin: admin,
		InteractionID: i.ID, Lang: string(i.Locale), Server: i.GuildID}
	if i.Member != nil {
		// The server's own admin role (settings admin-role) is decided by
		// the bot: it needs the roles, and whether only the configured
		// role made the sender an administrator.
		req.Roles = i.Member.Roles
		req.RoleAdmin = admin && i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) == 0
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		d := i.ApplicationCommandData()
		args, _ := optionArgs(d.Options)
		if d.Name == orderCommand && !tableHas(orderCommand) {
			req.Text = args["text"]
		} else {
			req.Command, req.Args = d.Name, args
		}
	case discordgo.InteractionMessageComponent:
		d := i.MessageComponentData()
		switch {
		case strings.HasPrefix(d.CustomID, buttonPrefix):
			req.Text = strings.TrimPrefix(d.CustomID, buttonPrefix)
		case d.CustomID == selectID && len(d.Values) == 1:
			req.Text = d.Values[0]
		default:
			return bot.Request{}, false
		}
	}
	return req, true
}

func tableHas(name string) bool {
	for _, c := range bot.Commands() {
		if c.Name == name {
			return true
		}
	}
	return false
}

// autocomplete answers the suggestions for the focused option.
func (b *Bot) autocomplete(ctx context.Context, raw json.RawMessage, i *discordgo.Interaction) {
	p := b.placeOf(ctx, raw, i)
	req, ok := b.request(i, p)
	var choices []*discordgo.ApplicationCommandOptionChoice
	if d := i.ApplicationCommandData(); ok && (req.Command != "" || d.Name == orderCommand) {
		_, focused := optionArgs(d.Options)
		if focused != nil {
			prefix, _ := focused.Value.(string)
			var got []bot.Choice
			if req.Command == "" { // /order: a whole line
				got = b.app.CompleteLine(ctx, req, prefix)
			} else {
				got = b.app.Complete(ctx, req, focused.Name, prefix)
			}
			for _, c := range got {
				if c.Command == "" || len(c.Command) > 100 {
					continue
				}
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(c.Label, 100), Value: c.Command})
			}
		}
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}}, discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("discord: autocomplete answer", "interaction", i.ID, "err", b.redact(err))
	}
}

// command defers the interaction (ephemerally: only the asker sees "is
// thinking"), hands the request to the bot and delivers its response.
func (b *Bot) command(ctx context.Context, raw json.RawMessage, i *discordgo.Interaction) {
	err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}, discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("discord: defer", "interaction", i.ID, "err", b.redact(err))
		return
	}
	p := b.placeOf(ctx, raw, i)
	req, ok := b.request(i, p)
	if !ok {
		b.finish(ctx, i, nil, "")
		return
	}
	if b.refuseMissing(ctx, raw, i, p, req) {
		return
	}
	resp := b.app.Handle(ctx, req)
	b.deliver(ctx, i, p, req.User, resp)
}

// clip shortens s to n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
