package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
	for _, m := range resp.Messages {
		if err := a.post(ctx, m, o); err != nil {
			a.log.Warn("matrix: posting a message failed", "room", o.room, "game", m.Game, "err", err)
		}
	}
}

// Deliver posts what the bot says unasked — a reminder, a deadline
// applied, a digest — in the delivery's room (or the game's thread), and
// private messages in each user's direct room. New registers it as the
// platform's bot.Deliverer; the scheduler calls it beside the sync.
func (a *Adapter) Deliver(ctx context.Context, d bot.Delivery) error {
	o := origin{room: id.RoomID(d.Room), thread: id.EventID(d.Thread)}
	var errs []error
	for _, m := range d.Messages {
		if m.To == nil && o.room == "" && m.Game == "" {
			errs = append(errs, fmt.Errorf("delivery: a public message without a room: %q", m.Plain()))
			continue
		}
		if err := a.post(ctx, m, o); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
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

// post sends one bot message: a notice with its text, then its images;
// it opens the game's thread when asked to, and keeps the options of a
// decision for the number reactions.
func (a *Adapter) post(ctx context.Context, m bot.Message, o origin) error {
	p, err := a.placeOf(ctx, m, o)
	if err != nil {
		return err
	}
	root := false
	if m.NewThread != "" && m.Game != "" && m.To == nil && !m.Ephemeral {
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
	if strings.TrimSpace(r.plain) != "" {
		content := &event.MessageEventContent{
			MsgType: event.MsgNotice, Body: r.plain, Format: event.FormatHTML, FormattedBody: r.html,
			Mentions: &event.Mentions{UserIDs: r.mentions}, RelatesTo: p.relation(),
		}
		if first, err = a.send(ctx, p.room, event.EventMessage, content); err != nil {
			return err
		}
	}
	for _, img := range m.Images {
		evt, err := a.postImage(ctx, p, img)
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
		if !a.cfg.NoReactions {
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
	// A direct room that is encrypted (Element encrypts the direct rooms
	// it creates) cannot be used: the bot reads nothing there. A new,
	// unencrypted one replaces it.
	if ok && !a.roomEncrypted(room) {
		return room, nil
	}
	var resp *mautrix.RespCreateRoom
	err := a.retry(ctx, "create room", func() (err error) {
		resp, err = a.cli.CreateRoom(ctx, &mautrix.ReqCreateRoom{
			Preset: "private_chat", Invite: []id.UserID{user}, IsDirect: true,
			Topic: "grognard: your private views and secrets",
		})
		return
	})
	if err != nil {
		return "", fmt.Errorf("create a direct room with %s: %w", user, err)
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
