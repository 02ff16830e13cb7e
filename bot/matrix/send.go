package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
)

// origin is where a request came from: replies meant for the asker go
// there, as replies to the message answered.
type origin struct {
	room   id.RoomID
	event  id.EventID
	thread id.EventID
}

// place is where one message is posted.
type place struct {
	room    id.RoomID
	thread  id.EventID // the thread root, or ""
	replyTo id.EventID
}

// relation is the m.relates_to of a message posted at p.
func (p place) relation() *event.RelatesTo {
	switch {
	case p.thread != "" && p.replyTo != "":
		return &event.RelatesTo{Type: event.RelThread, EventID: p.thread, InReplyTo: &event.InReplyTo{EventID: p.replyTo}}
	case p.thread != "":
		return (&event.RelatesTo{}).SetThread(p.thread, p.thread)
	case p.replyTo != "":
		return (&event.RelatesTo{}).SetReplyTo(p.replyTo)
	}
	return nil
}

// answer hands a request to the App and posts its response.
func (a *Adapter) answer(ctx context.Context, req bot.Request, o origin) {
	resp := a.app.Handle(ctx, req)
	for _, err := range a.postAll(ctx, resp.Messages, o) {
		a.log.Warn("matrix: posting a message failed", "room", o.room, "err", err)
	}
}

// postAll posts the messages of one answer or delivery, spending as few
// events as it can: the messages that go to the same room and thread are
// merged into one (homeservers limit how many events an account sends,
// Synapse by default to a burst of 10 and then one every 5 s), and a
// board carries that text as its caption (post). A message that opens a
// game's thread, or whose options would be numbered alongside another
// message's, is posted on its own. Rooms are served in the order of their
// first message.
func (a *Adapter) postAll(ctx context.Context, msgs []bot.Message, o origin) []error {
	type group struct {
		p   place
		m   bot.Message
		n   int  // messages merged
		own bool // posted alone
	}
	var groups []*group
	var errs []error
	for _, m := range msgs {
		if m.To == nil && o.room == "" && m.Game == "" {
			errs = append(errs, fmt.Errorf("a public message without a room: %q", m.Plain()))
			continue
		}
		if m.NewThread != "" {
			groups = append(groups, &group{m: m, n: 1, own: true})
			continue
		}
		p, err := a.placeOf(ctx, m, o)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var into *group
		for _, g := range groups {
			if !g.own && g.p.room == p.room && g.p.thread == p.thread && mergeable(g.m, m) {
				into = g
				break
			}
		}
		if into == nil {
			groups = append(groups, &group{p: p, m: m, n: 1})
			continue
		}
		into.m = merge(into.m, m)
		into.n++
		if into.p.replyTo == "" {
			into.p.replyTo = p.replyTo
		}
	}
	for _, g := range groups {
		var err error
		if g.own {
			err = a.post(ctx, g.m, o)
		} else {
			err = a.postAt(ctx, g.m, g.p, false)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("room %s: %w", g.p.room, err))
		}
	}
	return errs
}

// mergeable reports whether two messages for the same place can be one
// event: not both with options (their numbers would clash), and not too
// long together.
func mergeable(a, b bot.Message) bool {
	if len(a.Choices) > 0 && len(b.Choices) > 0 {
		return false
	}
	return len(a.Text)+len(b.Text)+2 <= Limits.MaxText
}

// merge joins b after a: texts a blank line apart, the mentions and
// images of both, the options of the one that has them.
func merge(a, b bot.Message) bot.Message {
	out := a
	out.Mentions = slices.Clone(a.Mentions)
	// b's mention tokens name its own Mentions by index: renumber them
	// into the merged list.
	bText := renumberMentions(b.Text, func(n int) int {
		if n < 0 || n >= len(b.Mentions) {
			return -1
		}
		u := b.Mentions[n]
		if i := slices.IndexFunc(out.Mentions, func(v bot.User) bool { return v.ID == u.ID }); i >= 0 {
			return i
		}
		out.Mentions = append(out.Mentions, u)
		return len(out.Mentions) - 1
	})
	switch {
	case strings.TrimSpace(a.Text) == "":
		out.Text = bText
	case strings.TrimSpace(bText) != "":
		out.Text = a.Text + "\n\n" + bText
	}
	out.Images = append(slices.Clone(a.Images), b.Images...)
	if len(out.Choices) == 0 {
		out.Choices = b.Choices
	}
	if out.Game == "" {
		out.Game = b.Game
	}
	out.Ephemeral = a.Ephemeral && b.Ephemeral
	return out
}

// Deliver posts what the bot says unasked — a reminder, a deadline
// applied, a digest — in the delivery's room (or the game's thread), and
// private messages in each user's direct room. New registers it as the
// platform's bot.Deliverer; the scheduler calls it beside the sync.
func (a *Adapter) Deliver(ctx context.Context, d bot.Delivery) error {
	o := origin{room: id.RoomID(d.Room), thread: id.EventID(d.Thread)}
	return errors.Join(a.postAll(ctx, d.Messages, o)...)
}

// placeOf decides where a message goes: a private one to the user's
// direct room; a reply for the asker where they asked; a public message
// about a game into the game's thread, or its room; anything else where
// the request came from.
func (a *Adapter) placeOf(ctx context.Context, m bot.Message, o origin) (place, error) {
	switch {
	case m.To != nil:
		room, err := a.directRoom(ctx, id.UserID(m.To.ID))
		return place{room: room}, err
	case m.Ephemeral:
		return place{room: o.room, thread: o.thread, replyTo: o.event}, nil
	case m.Game != "":
		if t, ok := a.threadOf(m.Game); ok {
			return place{room: t.Room, thread: t.Root}, nil
		}
		if r, ok := a.gameRoom(m.Game); ok {
			return place{room: r}, nil
		}
	}
	return place{room: o.room, thread: o.thread}, nil
}

// post sends one bot message where placeOf puts it.
func (a *Adapter) post(ctx context.Context, m bot.Message, o origin) error {
	p, err := a.placeOf(ctx, m, o)
	if err != nil {
		return err
	}
	return a.postAt(ctx, m, p, true)
}

// postAt sends one bot message at p as one event when it can: its text as
// a notice, or, when it has a board, as the board's caption (an m.image
// whose body is the text and filename the file's name, Matrix 1.10's
// media captions; clients without them show the text as the image's
// description); further images follow as events of their own. It opens
// the game's thread when asked to (mayOpen), and keeps the options of a
// decision for the number reactions.
func (a *Adapter) postAt(ctx context.Context, m bot.Message, p place, mayOpen bool) error {
	var err error
	root := false
	if mayOpen && m.NewThread != "" && m.Game != "" && m.To == nil && !m.Ephemeral {
		if _, has := a.threadOf(m.Game); !has && a.wantThread(p.room, m.Game) {
			root, p.thread, p.replyTo = true, "", ""
		}
	}
	// Users the bot has not heard yet are named as the room knows them.
	m.Mentions = slices.Clone(m.Mentions)
	for i, u := range m.Mentions {
		if u.Name == "" || u.Name == u.ID {
			m.Mentions[i].Name = a.displayName(ctx, p.room, id.UserID(u.ID))
		}
	}
	var first id.EventID
	r := renderMessage(m)
	images := m.Images
	switch {
	case strings.TrimSpace(r.plain) == "":
	case len(images) > 0:
		if first, err = a.postImage(ctx, p, images[0], &r); err != nil {
			return err
		}
		images = images[1:]
	default:
		content := &event.MessageEventContent{
			MsgType: event.MsgNotice, Body: r.plain, Format: event.FormatHTML, FormattedBody: r.html,
			Mentions: &event.Mentions{UserIDs: r.mentions}, RelatesTo: p.relation(),
		}
		if first, err = a.send(ctx, p.room, event.EventMessage, content); err != nil {
			return err
		}
	}
	for _, img := range images {
		evt, err := a.postImage(ctx, p, img, nil)
		if err != nil {
			return err
		}
		if first == "" {
			first = evt
		}
	}
	if first == "" {
		return nil
	}
	if root {
		if err := a.app.BindThread(Platform, string(p.room), string(first), m.Game); err != nil {
			return fmt.Errorf("bind thread: %w", err)
		}
		raw, _ := json.Marshal(gameThread{Room: p.room, Root: first})
		if err := a.store.PutValue(a.key+"thread/"+m.Game, raw); err != nil {
			return err
		}
	}
	if len(m.Choices) > 0 {
		raw, _ := json.Marshal(storedChoices{Room: p.room, Thread: p.thread, Choices: m.Choices, At: time.Now().UTC()})
		if err := a.store.PutValue(a.key+"choices/"+string(first), raw); err != nil {
			return err
		}
		if a.wantReactions() {
			for i := range min(len(m.Choices), len(numberKeys)) {
				content := &event.ReactionEventContent{RelatesTo: event.RelatesTo{Type: event.RelAnnotation, EventID: first, Key: numberKeys[i]}}
				if _, err := a.send(ctx, p.room, event.EventReaction, content); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// send sends one event, waiting out rate limits; the transaction id stays
// the same across retries.
func (a *Adapter) send(ctx context.Context, room id.RoomID, typ event.Type, content any) (id.EventID, error) {
	// Never in clear into a room the adapter knows is encrypted, even if
	// the crypto side's state store has not learnt it.
	if e2e := a.crypto(); e2e != nil && a.roomEncrypted(room) && !e2e.encrypted(ctx, room) {
		if err := e2e.state.SetEncryptionEvent(ctx, room, &event.EncryptionEventContent{Algorithm: id.AlgorithmMegolmV1}); err != nil {
			return "", fmt.Errorf("crypto store: %w", err)
		}
	}
	txn := a.nextTxn()
	var resp *mautrix.RespSendEvent
	err := a.retry(ctx, "send", func() (err error) {
		resp, err = a.cli.SendMessageEvent(ctx, room, typ, content, mautrix.ReqSendEvent{TransactionID: txn})
		return
	})
	if err != nil {
		return "", err
	}
	return resp.EventID, nil
}

// gameThread is the thread a game is played in.
type gameThread struct {
	Room id.RoomID  `json:"room"`
	Root id.EventID `json:"root"`
}

func (a *Adapter) threadOf(gameID string) (gameThread, bool) {
	raw, err := a.store.Value(a.key + "thread/" + gameID)
	if err != nil || raw == nil {
		return gameThread{}, false
	}
	var t gameThread
	if json.Unmarshal(raw, &t) != nil || t.Room == "" || t.Root == "" {
		return gameThread{}, false
	}
	return t, true
}

// wantThread decides whether a new game gets its own thread: always,
// never, or (auto) when another game is in progress in the room.
func (a *Adapter) wantThread(room id.RoomID, gameID string) bool {
	switch a.cfg.Threads {
	case ThreadsNever:
		return false
	case ThreadsAlways:
		return true
	}
	ids, err := a.store.GamesInRoom(Platform + ":" + string(room))
	if err != nil {
		return false
	}
	for _, g := range ids {
		if g == gameID {
			continue
		}
		if meta, err := a.store.Meta(g); err == nil && !meta.Status.Ended() {
			return true
		}
	}
	return false
}

// directRoom is the bot's direct room with user, created (unencrypted,
// the user invited) when there is none.
func (a *Adapter) directRoom(ctx context.Context, user id.UserID) (id.RoomID, error) {
	if _, _, err := user.Parse(); err != nil {
		return "", fmt.Errorf("direct room: %q is not a Matrix user", user)
	}
	a.dmMu.Lock()
	defer a.dmMu.Unlock()
	a.mu.Lock()
	room, ok := a.dms[user]
	a.mu.Unlock()
	// Without encryption, a direct room that is encrypted (Element
	// encrypts the direct rooms it creates) cannot be used: the bot reads
	// nothing there. A new, unencrypted one replaces it. With encryption,
	// the direct rooms the bot creates are encrypted.
	e2e := a.crypto()
	if ok && (e2e != nil || !a.roomEncrypted(room)) {
		return room, nil
	}
	req := &mautrix.ReqCreateRoom{
		Preset: "private_chat", Invite: []id.UserID{user}, IsDirect: true,
		Topic: "grognard: your private views and secrets",
	}
	encryption := &event.EncryptionEventContent{Algorithm: id.AlgorithmMegolmV1}
	if e2e != nil {
		req.InitialState = []*event.Event{{Type: event.StateEncryption, Content: event.Content{Parsed: encryption}}}
	}
	var resp *mautrix.RespCreateRoom
	err := a.retry(ctx, "create room", func() (err error) {
		resp, err = a.cli.CreateRoom(ctx, req)
		return
	})
	if err != nil {
		return "", fmt.Errorf("create a direct room with %s: %w", user, err)
	}
	if e2e != nil {
		// Known at once, not at the next sync: what the bot posts there
		// next is encrypted, with the room key shared with the invited
		// player's devices.
		if err := errors.Join(e2e.state.SetEncryptionEvent(ctx, resp.RoomID, encryption),
			e2e.state.SetMembership(ctx, resp.RoomID, a.me, event.MembershipJoin),
			e2e.state.SetMembership(ctx, resp.RoomID, user, event.MembershipInvite)); err != nil {
			return "", fmt.Errorf("direct room with %s: crypto store: %w", user, err)
		}
	}
	a.rememberDM(ctx, user, resp.RoomID)
	return resp.RoomID, nil
}

// rememberDM records a direct room: in the store, and in the bot's
// m.direct account data so clients list it as a direct chat.
func (a *Adapter) rememberDM(ctx context.Context, user id.UserID, room id.RoomID) {
	a.mu.Lock()
	a.dms[user] = room
	a.dmOf[room] = user
	a.mu.Unlock()
	if err := a.store.PutValue(a.key+"dm/"+string(user), []byte(room)); err != nil {
		a.log.Warn("matrix: store", "err", err)
	}
	direct := map[id.UserID][]id.RoomID{}
	_ = a.cli.GetAccountData(ctx, event.AccountDataDirectChats.Type, &direct)
	direct[user] = append([]id.RoomID{room}, direct[user]...)
	if err := a.retry(ctx, "m.direct", func() error {
		return a.cli.SetAccountData(ctx, event.AccountDataDirectChats.Type, direct)
	}); err != nil {
		a.log.Warn("matrix: m.direct", "err", err)
	}
}

func (a *Adapter) forgetDM(user id.UserID, room id.RoomID) {
	if err := a.store.PutValue(a.key+"dm/"+string(user), nil); err != nil {
		a.log.Warn("matrix: store", "err", err)
	}
	a.log.Info("matrix: direct room closed", "user", user, "room", room)
}

func (a *Adapter) loadDMs() error {
	kvs, err := a.store.Values(a.key + "dm/")
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, kv := range kvs {
		user := id.UserID(strings.TrimPrefix(kv.Key, a.key+"dm/"))
		room := id.RoomID(kv.Value)
		a.dms[user] = room
		a.dmOf[room] = user
	}
	return nil
}

// The mention tokens of bot.Message texts: U+E000 index U+E001.
const (
	mentionOpen  = '\uE000'
	mentionClose = '\uE001'
)

// renumberMentions rewrites the mention tokens of text with index(n);
// a token index returns -1 for is dropped.
func renumberMentions(text string, index func(n int) int) string {
	var b strings.Builder
	rest := text
	for {
		i := strings.IndexRune(rest, mentionOpen)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:i])
		rest = rest[i+len(string(mentionOpen)):]
		j := strings.IndexRune(rest, mentionClose)
		if j < 0 {
			b.WriteString(string(mentionOpen) + rest)
			return b.String()
		}
		if n, err := strconv.Atoi(rest[:j]); err == nil {
			if k := index(n); k >= 0 {
				b.WriteString(string(mentionOpen) + strconv.Itoa(k) + string(mentionClose))
			}
		}
		rest = rest[j+len(string(mentionClose)):]
	}
}
