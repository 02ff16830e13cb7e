package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
)

// Keys of the adapter's records in the KV.
const (
	keyThread = "discord/thread/" // + game → thread id
	keyStatus = "discord/status/" // + game → {"channel", "message"}
)

// outbox posts one response: public messages in the game's thread (or the
// interaction's channel) with the bot token, replies for the asker as the
// interaction's ephemeral response and follow-ups, private messages for
// anyone else by DM.
type outbox struct {
	b     *Bot
	ctx   context.Context
	i     *discordgo.Interaction
	p     place
	asker bot.User

	replies   int    // ephemeral messages sent
	elsewhere string // a channel other than the interaction's where public messages went
	public    int
	boards    map[string]*board // game → latest public board of the response
	order     []string
	told      map[string]bool // channels the asker was told the bot cannot post in
}

// board is a game's public board and the line saying who must act.
type board struct {
	img  bot.Image
	ping string
}

func (b *Bot) deliver(ctx context.Context, i *discordgo.Interaction, p place, asker bot.User, resp bot.Response) {
	o := &outbox{b: b, ctx: ctx, i: i, p: p, asker: asker, boards: map[string]*board{}}
	for _, m := range resp.Messages {
		switch {
		case m.To != nil && m.To.ID != asker.ID:
			o.direct(m)
		case m.To != nil || m.Ephemeral:
			o.reply(m)
		default:
			o.post(m)
		}
	}
	updated := map[string]bool{}
	for _, g := range o.order {
		if msg := o.status(g, o.boards[g]); msg != "" {
			updated[msg] = true
		}
	}
	// A click that changed a game clears the buttons it came from.
	if i.Type == discordgo.InteractionMessageComponent && o.public > 0 && i.Message != nil &&
		i.Message.Flags&discordgo.MessageFlagsEphemeral == 0 && !updated[i.Message.ID] {
		empty := []discordgo.MessageComponent{}
		if _, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: i.ChannelID, ID: i.Message.ID, Components: &empty},
			discordgo.WithContext(ctx)); err != nil {
			b.log.Warn("discord: clear buttons", "message", i.Message.ID, "err", b.redact(err))
		}
	}
	b.finish(ctx, i, o, o.elsewhere)
}

// finish settles the deferred response when no reply filled it: a pointer
// to where the public messages went, or nothing (the deferral is deleted).
func (b *Bot) finish(ctx context.Context, i *discordgo.Interaction, o *outbox, elsewhere string) {
	if o != nil && o.replies > 0 {
		return
	}
	var err error
	if elsewhere != "" {
		text := "→ <#" + elsewhere + ">"
		_, err = b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &text, AllowedMentions: &discordgo.MessageAllowedMentions{}},
			discordgo.WithContext(ctx))
	} else {
		err = b.s.InteractionResponseDelete(i, discordgo.WithContext(ctx))
	}
	if err != nil {
		b.log.Warn("discord: settle the deferred response", "interaction", i.ID, "err", b.redact(err))
	}
}

// text formats a message: mentions as Discord mentions.
func text(m bot.Message) string {
	return m.Format(func(u bot.User) string {
		if snowflake(u.ID) {
			return "<@" + u.ID + ">"
		}
		return "@" + u.Display()
	})
}

func files(imgs []bot.Image) []*discordgo.File {
	var out []*discordgo.File
	for _, img := range imgs {
		out = append(out, &discordgo.File{Name: img.Name, ContentType: "image/png", Reader: bytes.NewReader(img.PNG)})
	}
	return out
}

// components turns a decision's choices into buttons (up to 5) or a select
// menu (up to 25). A choice's command travels in the custom id or value,
// which Discord caps at 100 characters.
func components(choices []bot.Choice) []discordgo.MessageComponent {
	var ok []bot.Choice
	seen := map[string]bool{}
	for _, c := range choices {
		if c.Command == "" || len(buttonPrefix+c.Command) > 100 || seen[c.Command] {
			continue
		}
		seen[c.Command] = true
		ok = append(ok, c)
	}
	switch {
	case len(ok) == 0:
		return nil
	case len(ok) <= 5:
		var row []discordgo.MessageComponent
		for _, c := range ok {
			row = append(row, discordgo.Button{Label: clip(c.Label, 80), Style: discordgo.PrimaryButton, CustomID: buttonPrefix + c.Command})
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
	}
	if len(ok) > 25 {
		ok = ok[:25]
	}
	var opts []discordgo.SelectMenuOption
	for _, c := range ok {
		opts = append(opts, discordgo.SelectMenuOption{Label: clip(c.Label, 100), Value: c.Command})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: selectID, Placeholder: fmt.Sprintf("1–%d", len(opts)), Options: opts},
	}}}
}

// allowed lets a message ping the users it mentions, except the asker
// (who is looking at the answer), and nobody else: never @everyone or
// roles.
func (o *outbox) allowed(m bot.Message) *discordgo.MessageAllowedMentions {
	am := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	for _, u := range m.Mentions {
		if u.ID != o.asker.ID && snowflake(u.ID) && !contains(am.Users, u.ID) {
			am.Users = append(am.Users, u.ID)
		}
	}
	return am
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// reply sends a message for the asker alone: the first fills the deferred
// response, the next ones are ephemeral follow-ups.
func (o *outbox) reply(m bot.Message) {
	t := text(m)
	if strings.TrimSpace(t) == "" && len(m.Images) == 0 {
		return
	}
	comps := components(m.Choices)
	var err error
	if o.replies == 0 {
		e := &discordgo.WebhookEdit{Content: &t, Files: files(m.Images), AllowedMentions: &discordgo.MessageAllowedMentions{}}
		if comps != nil {
			e.Components = &comps
		}
		_, err = o.b.s.InteractionResponseEdit(o.i, e, discordgo.WithContext(o.ctx))
	} else {
		_, err = o.b.s.FollowupMessageCreate(o.i, true, &discordgo.WebhookParams{Content: t, Files: files(m.Images), Components: comps,
			Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}, discordgo.WithContext(o.ctx))
	}
	if err != nil {
		o.b.log.Warn("discord: reply", "interaction", o.i.ID, "err", o.b.redact(err))
		return
	}
	o.replies++
}

// target is the channel of a public message about a game: its thread, or
// the channel of its first message; else where the interaction happened.
// (A button clicked in a DM thus answers in the game's channel, never in
// the DM.)
func (o *outbox) target(gameID string) string {
	if gameID != "" {
		if t := o.b.gameThread(gameID); t != "" {
			return t
		}
		if ref, ok := o.b.statusOf(gameID); ok {
			return ref.Channel
		}
	}
	return o.p.Channel
}

func (b *Bot) gameThread(gameID string) string {
	v, err := b.kv.Value(keyThread + gameID)
	if err != nil {
		b.log.Warn("discord: read game thread", "game", gameID, "err", err)
		return ""
	}
	return string(v)
}

// post sends a public message with the bot token, opens the game's thread
// when asked to, and notes the game's board for its status message.
func (o *outbox) post(m bot.Message) {
	t := text(m)
	if strings.TrimSpace(t) == "" && len(m.Images) == 0 && len(m.Choices) == 0 {
		return
	}
	ch := o.target(m.Game)
	send := &discordgo.MessageSend{Content: t, Files: files(m.Images), Components: components(m.Choices), AllowedMentions: o.allowed(m)}
	msg, err := o.b.s.ChannelMessageSendComplex(ch, send, discordgo.WithContext(o.ctx))
	if err != nil && ch != o.p.Channel && apiCode(err) == discordgo.ErrCodeUnknownChannel {
		// The game's thread is gone: forget it, post where the player is.
		o.b.kv.PutValue(keyThread+m.Game, nil)
		ch = o.p.Channel
		send.Files = files(m.Images)
		msg, err = o.b.s.ChannelMessageSendComplex(ch, send, discordgo.WithContext(o.ctx))
	}
	if err != nil && forbidden(err) {
		o.lost("post", ch, m.Game, err, o.b.postNeeds(err, ch, len(m.Images) > 0))
		return
	}
	if err != nil {
		o.b.log.Warn("discord: post", "channel", ch, "game", m.Game, "err", o.b.redact(err))
		return
	}
	o.public++
	if ch != o.p.Channel && o.elsewhere == "" {
		o.elsewhere = ch
	}
	if m.Game == "" {
		return
	}
	if _, ok := o.b.statusOf(m.Game); !ok {
		o.b.setStatus(m.Game, statusRef{Channel: ch, Message: msg.ID})
	}
	if m.NewThread != "" && o.b.cfg.Threads && o.p.Guild != "" && o.p.Thread == "" && ch == o.p.Channel {
		o.openThread(m, msg)
	}
	bd := o.boards[m.Game]
	if bd == nil {
		bd = &board{}
		o.boards[m.Game] = bd
		o.order = append(o.order, m.Game)
	}
	for _, img := range m.Images {
		if img.Side == game.Nobody {
			bd.img = img
		}
	}
	if len(m.Mentions) > 0 {
		bd.ping, _, _ = strings.Cut(t, "\n")
	}
}

// openThread starts the game's thread on its first message and binds it.
func (o *outbox) openThread(m bot.Message, msg *discordgo.Message) {
	th, err := o.b.s.MessageThreadStartComplex(msg.ChannelID, msg.ID, &discordgo.ThreadStart{Name: clip(m.NewThread, 100), AutoArchiveDuration: 10080},
		discordgo.WithContext(o.ctx))
	if err != nil && forbidden(err) {
		needs := int64(discordgo.PermissionCreatePublicThreads)
		if apiCode(err) == discordgo.ErrCodeMissingAccess {
			needs = discordgo.PermissionViewChannel
		}
		o.lost("the game's thread", msg.ChannelID, m.Game, err, needs)
		return
	}
	if err != nil {
		o.b.log.Warn("discord: open the game's thread", "game", m.Game, "err", o.b.redact(err))
		return
	}
	if err := o.b.app.BindThread(Platform, o.p.Room, th.ID, m.Game); err != nil {
		o.b.log.Warn("discord: bind the game's thread", "game", m.Game, "err", err)
		return
	}
	if err := o.b.kv.PutValue(keyThread+m.Game, []byte(th.ID)); err != nil {
		o.b.log.Warn("discord: save the game's thread", "game", m.Game, "err", err)
	}
	o.b.mu.Lock()
	o.b.parents[th.ID] = o.p.Room
	o.b.mu.Unlock()
}

// statusRef locates a game's status message.
type statusRef struct {
	Channel string `json:"channel"`
	Message string `json:"message"`
}

func (b *Bot) statusOf(gameID string) (statusRef, bool) {
	var r statusRef
	v, err := b.kv.Value(keyStatus + gameID)
	if err != nil || len(v) == 0 || json.Unmarshal(v, &r) != nil || r.Message == "" {
		return r, false
	}
	return r, true
}

func (b *Bot) setStatus(gameID string, r statusRef) {
	v, _ := json.Marshal(r)
	if err := b.kv.PutValue(keyStatus+gameID, v); err != nil {
		b.log.Warn("discord: save the status message", "game", gameID, "err", err)
	}
}

func (b *Bot) gameLock(gameID string) *sync.Mutex {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.games[gameID]
	if m == nil {
		m = &sync.Mutex{}
		b.games[gameID] = m
	}
	return m
}

// status edits the game's status message — the first message the game
// had, so the one its thread hangs from — into the latest public board and
// who must act, with the bot token (an interaction token expires after 15
// minutes; the bot's does not). It returns the message id edited.
func (o *outbox) status(gameID string, bd *board) string {
	if bd == nil || bd.img.PNG == nil {
		return ""
	}
	mu := o.b.gameLock(gameID)
	mu.Lock()
	defer mu.Unlock()
	t := bd.img.Alt
	if bd.ping != "" {
		t += "\n" + bd.ping
	}
	t = clip(t, 2000)
	none := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	empty := []discordgo.MessageComponent{}
	if ref, ok := o.b.statusOf(gameID); ok {
		// The attachments array lists what the message keeps: only the
		// new board (files[0], referred to by its index), not the old one.
		_, err := o.b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ref.Channel, ID: ref.Message, Content: &t,
			Components: &empty, Files: files([]bot.Image{bd.img}), Attachments: &[]*discordgo.MessageAttachment{{ID: "0", Filename: bd.img.Name}},
			AllowedMentions: none},
			discordgo.WithContext(o.ctx))
		if err == nil {
			return ref.Message
		}
		if forbidden(err) {
			needs := int64(discordgo.PermissionAttachFiles)
			if apiCode(err) == discordgo.ErrCodeMissingAccess {
				needs = discordgo.PermissionViewChannel
			}
			o.lost("status message", ref.Channel, gameID, err, needs)
			return ""
		}
		if c := apiCode(err); c != discordgo.ErrCodeUnknownMessage && c != discordgo.ErrCodeUnknownChannel {
			o.b.log.Warn("discord: edit the status message", "game", gameID, "err", o.b.redact(err))
			return ""
		}
	}
	ch := o.target(gameID)
	msg, err := o.b.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: t, Files: files([]bot.Image{bd.img}), AllowedMentions: none},
		discordgo.WithContext(o.ctx))
	if err != nil && forbidden(err) {
		o.lost("status message", ch, gameID, err, o.b.postNeeds(err, ch, true))
		return ""
	}
	if err != nil {
		o.b.log.Warn("discord: post the status message", "game", gameID, "err", o.b.redact(err))
		return ""
	}
	o.b.setStatus(gameID, statusRef{Channel: msg.ChannelID, Message: msg.ID})
	return msg.ID
}

// direct sends a private message by DM. When the user does not accept DMs
// (50007), the game's channel is told — naming no secret — to open them.
func (o *outbox) direct(m bot.Message) {
	t := text(m)
	if strings.TrimSpace(t) == "" && len(m.Images) == 0 {
		return
	}
	ch, err := o.b.dmChannel(o.ctx, m.To.ID)
	if err == nil {
		_, err = o.b.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: t, Files: files(m.Images), Components: components(m.Choices),
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}, discordgo.WithContext(o.ctx))
	}
	if err == nil {
		return
	}
	if apiCode(err) != discordgo.ErrCodeCannotSendMessagesToThisUser {
		o.b.log.Warn("discord: direct message", "user", m.To.ID, "game", m.Game, "err", o.b.redact(err))
		return
	}
	o.b.log.Info("discord: user refuses direct messages; told in the channel", "user", m.To.ID, "game", m.Game)
	n := bot.Message{Game: m.Game, Mentions: []bot.User{*m.To}}
	n.Text = dmClosed(o.p.Locale, m.Game, "<@"+m.To.ID+">")
	ch = o.target(m.Game)
	if _, err := o.b.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: n.Text, AllowedMentions: &discordgo.MessageAllowedMentions{
		Parse: []discordgo.AllowedMentionType{}, Users: []string{m.To.ID}}}, discordgo.WithContext(o.ctx)); err != nil && forbidden(err) {
		o.lost("DM notice", ch, m.Game, err, o.b.postNeeds(err, ch, false))
		return
	} else if err != nil {
		o.b.log.Warn("discord: post the DM notice", "channel", ch, "err", o.b.redact(err))
		return
	}
	o.public++
	if ch != o.p.Channel && o.elsewhere == "" {
		o.elsewhere = ch
	}
}

func (b *Bot) dmChannel(ctx context.Context, user string) (string, error) {
	b.mu.Lock()
	ch := b.dms[user]
	b.mu.Unlock()
	if ch != "" {
		return ch, nil
	}
	c, err := b.s.UserChannelCreate(user, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	b.mu.Lock()
	b.dms[user] = c.ID
	b.mu.Unlock()
	return c.ID, nil
}

// apiCode is the JSON error code of a Discord API error (0: none).
func apiCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// Deliver posts what the bot says unasked — reminders, expired deadlines,
// digests, league rounds (bot.Delivery): public messages in the game's
// thread or the room's channel with the bot token, private ones by DM. Run
// registers it with App.SetDeliverer.
func (b *Bot) Deliver(ctx context.Context, d bot.Delivery) error {
	if b.s == nil {
		return errors.New("discord: not connected")
	}
	p := place{Channel: d.Room, Room: d.Room, Thread: d.Thread}
	if d.Thread != "" {
		p.Channel = d.Thread
	}
	o := &outbox{b: b, ctx: ctx, p: p, boards: map[string]*board{}}
	for _, m := range d.Messages {
		if m.To != nil {
			o.direct(m)
		} else {
			o.post(m) // nobody asked: an ephemeral note is posted like any other
		}
	}
	for _, g := range o.order {
		o.status(g, o.boards[g])
	}
	return nil
}
