package matrix

// Test users (mautrix clients that sync in the background and accept
// every invite, as a player accepts the bot's direct room) and the bot
// under test (an App on a real bbolt store, with the real renderer and
// forced dice, behind an Adapter).

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/internal/syncbuf"
	"github.com/grognard/grognard/render"
	"github.com/grognard/grognard/storage"
)

const waitTimeout = 2 * time.Minute

// client is a test user.
type client struct {
	t    testing.TB
	cli  *mautrix.Client
	id   id.UserID
	name string // localpart, which is also the display name

	mu      sync.Mutex
	events  []*event.Event
	used    map[int]map[string]bool // what each event was returned for
	changed chan struct{}
	stopped atomic.Bool

	e2e     *e2ee          // an encrypted client (newCryptoClient); nil: plain
	pending []*event.Event // encrypted events waiting for their keys
}

func newClient(t testing.TB, h *homeserver, name string) *client {
	t.Helper()
	uid, tok := h.register(t, uniq(name), true)
	cli, err := mautrix.NewClient(h.url, uid, tok)
	if err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, cli: cli, id: uid, name: uid.Localpart(), used: map[int]map[string]bool{}, changed: make(chan struct{})}
	go c.sync()
	// The sync is not cut (Dendrite on SQLite can be left with a stuck
	// transaction by a request cancelled while it reads its database): it
	// stops after its current long-poll, within a second.
	t.Cleanup(func() { c.stopped.Store(true) })
	return c
}

func (c *client) sync() {
	ctx := context.Background()
	since := ""
	for !c.stopped.Load() {
		resp, err := c.cli.FullSyncRequest(ctx, mautrix.ReqSync{Timeout: 1000, Since: since})
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		if c.e2e != nil {
			c.e2eSync(ctx, resp, since)
		}
		since = resp.NextBatch
		var got []*event.Event
		if c.e2e != nil {
			got = c.decryptPending(ctx)
		}
		for roomID, room := range resp.Rooms.Join {
			for _, evt := range append(room.State.Events, room.Timeline.Events...) {
				evt.RoomID = roomID
				_ = evt.Content.ParseRaw(evt.Type)
				if evt.Unsigned.PrevContent != nil {
					_ = evt.Unsigned.PrevContent.ParseRaw(evt.Type)
				}
				if c.e2e != nil && evt.Type == event.EventEncrypted {
					if evt = c.decrypt(ctx, evt); evt == nil {
						continue
					}
				}
				got = append(got, evt)
			}
		}
		for roomID, room := range resp.Rooms.Invite {
			for _, evt := range room.State.Events {
				evt.RoomID = roomID
				_ = evt.Content.ParseRaw(evt.Type)
				got = append(got, evt)
			}
			c.cli.JoinRoomByID(ctx, roomID)
		}
		if len(got) > 0 {
			c.mu.Lock()
			c.events = append(c.events, got...)
			close(c.changed)
			c.changed = make(chan struct{})
			c.mu.Unlock()
		}
	}
}

// wait returns the first event not returned before for the same what
// that matches, in the order the client received them (one event can
// answer several waits: a board whose caption carries the text); it fails
// the test after waitTimeout.
func (c *client) wait(t testing.TB, what string, match func(*event.Event) bool) *event.Event {
	t.Helper()
	deadline := time.After(waitTimeout)
	for {
		c.mu.Lock()
		for i, evt := range c.events {
			if !c.used[i][what] && match(evt) {
				if c.used[i] == nil {
					c.used[i] = map[string]bool{}
				}
				c.used[i][what] = true
				c.mu.Unlock()
				return evt
			}
		}
		changed := c.changed
		c.mu.Unlock()
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("%s: no event %s within %s; the last events:\n%s", c.name, what, waitTimeout, c.dump(15))
		}
	}
}

// all lists the events received so far that match.
func (c *client) all(match func(*event.Event) bool) []*event.Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*event.Event
	for _, evt := range c.events {
		if match(evt) {
			out = append(out, evt)
		}
	}
	return out
}

func (c *client) dump(n int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	for _, evt := range c.events[max(0, len(c.events)-n):] {
		body := ""
		if m, ok := evt.Content.Parsed.(*event.MessageEventContent); ok {
			body = m.Body
		}
		fmt.Fprintf(&b, "  %s %s %s %s %q\n", evt.RoomID, evt.Sender, evt.Type.Type, evt.GetStateKey(), body)
	}
	return b.String()
}

func (c *client) send(t testing.TB, room id.RoomID, text string) id.EventID {
	t.Helper()
	resp, err := c.cli.SendText(context.Background(), room, text)
	if err != nil {
		t.Fatalf("%s says %q: %v", c.name, text, err)
	}
	return resp.EventID
}

func (c *client) sendContent(t testing.TB, room id.RoomID, content *event.MessageEventContent) id.EventID {
	t.Helper()
	resp, err := c.cli.SendMessageEvent(context.Background(), room, event.EventMessage, content)
	if err != nil {
		t.Fatalf("%s sends %q: %v", c.name, content.Body, err)
	}
	return resp.EventID
}

func (c *client) react(t testing.TB, room id.RoomID, evt id.EventID, key string) id.EventID {
	t.Helper()
	resp, err := c.cli.SendReaction(context.Background(), room, evt, key)
	if err != nil {
		t.Fatalf("%s reacts %s: %v", c.name, key, err)
	}
	return resp.EventID
}

// createRoom creates an unencrypted private room and invites users.
func (c *client) createRoom(t testing.TB, name string, invite ...id.UserID) id.RoomID {
	t.Helper()
	resp, err := c.cli.CreateRoom(context.Background(), &mautrix.ReqCreateRoom{Preset: "private_chat", Name: name, Invite: invite})
	if err != nil {
		t.Fatalf("create room: %v", err)
	}
	return resp.RoomID
}

// joined waits until user has joined the room.
func (c *client) joined(t testing.TB, room id.RoomID, user id.UserID) {
	t.Helper()
	c.wait(t, fmt.Sprintf("(%s joins %s)", user, room), func(evt *event.Event) bool {
		return evt.RoomID == room && evt.Type == event.StateMember && evt.GetStateKey() == string(user) &&
			evt.Content.AsMember().Membership == event.MembershipJoin
	})
}

// fromBot matches a message of the bot in a room ("" any room) whose
// body contains text; a notice's text may also come as a board's caption.
func fromBot(botID id.UserID, room id.RoomID, msgtype event.MessageType, text string) func(*event.Event) bool {
	return func(evt *event.Event) bool {
		if evt.Sender != botID || evt.Type != event.EventMessage || (room != "" && evt.RoomID != room) {
			return false
		}
		m := evt.Content.AsMessage()
		captioned := msgtype == event.MsgNotice && m.MsgType == event.MsgImage && m.FileName != "" && m.Body != m.FileName
		return (m.MsgType == msgtype || captioned) && strings.Contains(m.Body, text)
	}
}

// says waits for the bot's next notice containing text in the room.
func (c *client) says(t testing.TB, botID id.UserID, room id.RoomID, text string) *event.Event {
	t.Helper()
	return c.wait(t, fmt.Sprintf("(notice %q)", text), fromBot(botID, room, event.MsgNotice, text))
}

// image waits for the bot's next m.image with that file name.
func (c *client) image(t testing.TB, botID id.UserID, room id.RoomID, name string) *event.Event {
	t.Helper()
	return c.wait(t, fmt.Sprintf("(image %s)", name), func(evt *event.Event) bool {
		return fromBot(botID, room, event.MsgImage, "")(evt) && evt.Content.AsMessage().FileName == name
	})
}

// testBot is the bot under test: a store file, an App and an Adapter,
// restartable on the same file.
type testBot struct {
	t      testing.TB
	cfg    Config
	db     string
	store  *storage.Store
	app    *bot.App
	ad     *Adapter
	cancel context.CancelFunc
	done   chan error
	dice   *dice.Forced
	rend   *recorder
	seeds  int64
	logs   *syncBuffer
	ahead  atomic.Int64 // the bot's clock runs this far ahead of the wall clock
}

func newTestBot(t testing.TB, h *homeserver, cfg Config) *testBot {
	t.Helper()
	if cfg.Homeserver == "" {
		cfg.Homeserver = h.url
	}
	if cfg.UserID == "" {
		uid, tok := h.register(t, uniq("grognard"), true)
		cfg.UserID, cfg.AccessToken = string(uid), tok
	}
	if cfg.AllowInvites == nil {
		cfg.AllowInvites = []string{hsServerName}
	}
	cfg.SyncTimeout = time.Second
	b := &testBot{t: t, cfg: cfg, db: filepath.Join(t.TempDir(), "grognard.db"), dice: &dice.Forced{}, rend: newRecorder(), logs: &syncBuffer{}}
	b.start()
	t.Cleanup(func() {
		b.stop()
		if t.Failed() {
			t.Logf("bot log:\n%s", b.logs.String())
		}
	})
	return b
}

func (b *testBot) id() id.UserID { return id.UserID(b.cfg.UserID) }

// start opens the store, a new App and a new Adapter, and runs it until
// the first sync is handled.
func (b *testBot) start() {
	b.t.Helper()
	st, err := storage.Open(b.db, storage.Options{NoSync: true})
	if err != nil {
		b.t.Fatal(err)
	}
	b.store = st
	app, err := bot.New(bot.Config{
		Store: st, Renderer: b.rend,
		Now:     func() time.Time { return time.Now().Add(time.Duration(b.ahead.Load())) },
		NewSeed: func() []byte { b.seeds++; return dice.SeedFromInt(b.seeds) },
		Dice: func(_ string, seed []byte, next int) game.Dice {
			return b.dice.Over(dice.Seeded{Seed: seed, Next: next})
		},
		Logger: slog.New(slog.NewTextHandler(b.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	if err != nil {
		b.t.Fatal(err)
	}
	b.app = app
	cfg := b.cfg
	cfg.Logger = slog.New(slog.NewTextHandler(b.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ad, err := New(cfg, app, st)
	if err != nil {
		b.t.Fatal(err)
	}
	b.ad = ad
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel, b.done = cancel, make(chan error, 1)
	go func() { b.done <- ad.Run(ctx) }()
	select {
	case <-ad.Synced():
	case err := <-b.done:
		b.t.Fatalf("bot stopped at start: %v\n%s\nDendrite's log:\n%s", err, b.logs.String(), hsShared.logTail())
	case <-time.After(waitTimeout):
		b.t.Fatalf("bot did not sync within %s\n%s", waitTimeout, b.logs.String())
	}
}

// stop ends Run (it finishes the batch in hand) and closes the store.
func (b *testBot) stop() {
	if b.cancel == nil {
		return
	}
	b.cancel()
	if err := <-b.done; err != nil {
		b.t.Errorf("bot Run: %v", err)
	}
	b.cancel = nil
	if err := b.store.Close(); err != nil {
		b.t.Error(err)
	}
}

// recorder is the real renderer, keeping every PNG it produced (by
// SHA-256) so that the test can compare what was downloaded.
type recorder struct {
	r   *render.Renderer
	mu  sync.Mutex
	png map[[32]byte][]byte
}

func newRecorder() *recorder { return &recorder{r: render.New(), png: map[[32]byte][]byte{}} }

func (r *recorder) keep(b []byte, err error) ([]byte, error) {
	if err == nil {
		r.mu.Lock()
		r.png[sha256.Sum256(b)] = bytes.Clone(b)
		r.mu.Unlock()
	}
	return b, err
}

func (r *recorder) PNG(b *game.Board) ([]byte, error) { return r.keep(r.r.PNG(b)) }

func (r *recorder) Zoom(b *game.Board, c grid.Coord, radius int) ([]byte, error) {
	return r.keep(r.r.Zoom(b, c, radius))
}

func (r *recorder) produced(b []byte) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	want, ok := r.png[sha256.Sum256(b)]
	return ok && bytes.Equal(want, b)
}

// syncBuffer is a log buffer safe for concurrent writers.
type syncBuffer = syncbuf.Buffer

// isNotFound reports a Matrix M_NOT_FOUND answer.
func isNotFound(err error) bool { return errors.Is(err, mautrix.MNotFound) }
