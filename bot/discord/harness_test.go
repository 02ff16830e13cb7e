package discord

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/discord/fakediscord"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/internal/syncbuf"
	"github.com/grognard/grognard/storage"
)

// testToken is the bot token of every test: tests check that it never
// reaches a log.
const testToken = "MTAxNDk.TEST-bot-token.s3cr3t-Zq9xY"

// env is one bot against one fake Discord.
type env struct {
	t     testing.TB
	fake  *fakediscord.Server
	store *storage.Store
	app   *bot.App
	bot   *Bot
	logs  *syncBuffer

	alice, bob, carol, dave *fakediscord.User

	mu   sync.Mutex
	cond *sync.Cond
	done map[string]int
	// shard is the shard of the bot that answered each interaction.
	shard  map[string]int
	forced dice.Forced
	seeds  int64
	// render, when set, is called before each board is drawn (tests that
	// hold a board back).
	render func()

	cancel context.CancelFunc
	runErr chan error
}

type envOptions struct {
	cfg       func(*Config, *fakediscord.Server)
	renderer  bot.Renderer
	logLevel  slog.Level
	noWait    bool
	heartbeat time.Duration
	// shards runs the fake in shard mode and the bot as shard 0 of them.
	shards int
	// apiURL points the bot at the fake by Config.APIURL, with a plain
	// HTTP client, as a separate process would be.
	apiURL bool
	// scenarios are offered beside the shipped ones (bot.Config.Scenarios).
	scenarios []*game.Scenario
}

// newEnv starts a fake Discord and a bot connected to it, and checks on
// cleanup that the bot stopped cleanly and that the fake saw nothing
// wrong.
func newEnv(t testing.TB, o envOptions) *env {
	t.Helper()
	spec, err := fakediscord.SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	// The fake's interaction clock stands still: no acknowledgement is
	// late however busy the machine; TestDeferBeforeWork checks that the
	// bot defers before it works.
	stopped := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	fake, err := fakediscord.New(fakediscord.Options{Token: testToken, Spec: spec, HeartbeatInterval: o.heartbeat,
		Clock: func() time.Time { return stopped }, Shards: o.shards})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fake.Close)
	e := &env{t: t, fake: fake, done: map[string]int{}, shard: map[string]int{}, logs: &syncBuffer{}}
	e.cond = sync.NewCond(&e.mu)
	e.alice = fake.AddUser("alice", 0)
	e.bob = fake.AddUser("bob", 0)
	e.carol = fake.AddUser("carol", 0)
	e.dave = fake.AddUser("dave", fakediscord.PermManageGuild)
	st, err := storage.Open(filepath.Join(t.TempDir(), "grognard.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	e.store = st
	if o.renderer == nil {
		o.renderer = pngRenderer{e}
	}
	app, err := bot.New(bot.Config{
		Store: st, Renderer: o.renderer,
		NewSeed: func() []byte {
			e.mu.Lock()
			defer e.mu.Unlock()
			e.seeds++
			return dice.SeedFromInt(e.seeds)
		},
		Dice: func(_ string, seed []byte, next int) game.Dice {
			return e.forced.Over(dice.Seeded{Seed: seed, Next: next})
		},
		Rate:      bot.RateLimit{PerMinute: 6000, Burst: 1000},
		Scenarios: o.scenarios,
	})
	if err != nil {
		t.Fatal(err)
	}
	e.app = app
	cfg := DefaultConfig()
	cfg.Token, cfg.ApplicationID = testToken, fake.AppID()
	cfg.ShardCount = o.shards
	client := fake.Client()
	if o.apiURL {
		cfg.APIURL, client = fake.URL(), &http.Client{Timeout: 20 * time.Second}
	}
	if o.cfg != nil {
		o.cfg(&cfg, fake)
	}
	logger := slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: o.logLevel}))
	b, err := New(cfg, Options{App: app, State: st, Logger: logger, HTTPClient: client})
	if err != nil {
		t.Fatal(err)
	}
	b.afterInteraction = e.answered(cfg.ShardID)
	e.bot = b
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.runErr = cancel, make(chan error, 1)
	go func() { e.runErr <- b.Run(ctx) }()
	t.Cleanup(func() {
		e.stop()
		st.Close()
		for _, f := range fake.Failures() {
			t.Errorf("fake Discord: %s", f)
		}
		if strings.Contains(e.logs.String(), testToken) {
			t.Errorf("the bot token appears in the log:\n%s", e.logs.String())
		}
	})
	if !o.noWait {
		e.waitReady()
	}
	return e
}

// answered is a bot's afterInteraction hook: it counts the interaction
// answered and notes the bot's shard.
func (e *env) answered(shard int) func(id string) {
	return func(id string) {
		e.mu.Lock()
		e.done[id]++
		e.shard[id] = shard
		e.mu.Unlock()
		e.cond.Broadcast()
	}
}

// waitReady waits until the bot is connected and its commands are
// registered.
func (e *env) waitReady() {
	e.t.Helper()
	e.eventually("the bot connects and registers its commands", func() bool {
		return e.fake.Connected() && (len(e.fake.Commands("")) > 0 || len(e.fake.Commands(e.fake.Guild)) > 0)
	})
}

// stop cancels the bot and waits for Run to return (once).
func (e *env) stop() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	e.cancel = nil
	select {
	case err := <-e.runErr:
		if err != nil {
			e.t.Errorf("Run: %v", err)
		}
	case <-time.After(patience):
		e.t.Errorf("Run did not return after cancel")
	}
}

// patience bounds every wait for the bot: generous, so that only a bot
// that never does the thing fails, not a slow machine.
const patience = 2 * time.Minute

func (e *env) eventually(what string, cond func() bool) {
	e.t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			e.t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// wait waits until the bot has answered an interaction n times (a
// repeated delivery counts).
func (e *env) wait(in *fakediscord.Interaction, n int) {
	e.t.Helper()
	expired := false
	timeout := time.AfterFunc(patience, func() {
		e.mu.Lock()
		expired = true
		e.mu.Unlock()
		e.cond.Broadcast()
	})
	defer timeout.Stop()
	e.mu.Lock()
	defer e.mu.Unlock()
	for e.done[in.ID] < n {
		if expired {
			e.t.Fatalf("interaction %s (user %s) not answered", in.ID, in.User.Name)
		}
		e.cond.Wait()
	}
}

// slash runs a slash command in a channel and waits for the answer; it
// returns the interaction and the messages posted meanwhile.
func (e *env) slash(u *fakediscord.User, channel, cmd string, opts ...fakediscord.Option) (*fakediscord.Interaction, []fakediscord.Message) {
	e.t.Helper()
	before := len(e.fake.Log())
	in, err := e.fake.Slash(u, channel, cmd, opts...)
	if err != nil {
		e.t.Fatal(err)
	}
	e.wait(in, 1)
	return in, e.since(before)
}

// click clicks a button and waits for the answer.
func (e *env) click(u *fakediscord.User, msg, customID string) (*fakediscord.Interaction, []fakediscord.Message) {
	e.t.Helper()
	before := len(e.fake.Log())
	in, err := e.fake.Click(u, msg, customID)
	if err != nil {
		e.t.Fatal(err)
	}
	e.wait(in, 1)
	return in, e.since(before)
}

// complete asks for autocomplete suggestions.
func (e *env) complete(u *fakediscord.User, channel, cmd string, opts ...fakediscord.Option) []fakediscord.Choice {
	e.t.Helper()
	in, err := e.fake.Autocomplete(u, channel, cmd, opts...)
	if err != nil {
		e.t.Fatal(err)
	}
	e.wait(in, 1)
	a := e.fake.Answer(in)
	if !a.Acked || a.CallbackType != 8 {
		e.t.Fatalf("autocomplete %s answered with callback %d", cmd, a.CallbackType)
	}
	return a.Choices
}

// since returns the message versions logged after index n (the latest
// version of each message, in order of first appearance).
func (e *env) since(n int) []fakediscord.Message {
	log := e.fake.Log()[n:]
	var out []fakediscord.Message
	at := map[string]int{}
	for _, m := range log {
		if i, ok := at[m.ID]; ok {
			out[i] = m
			continue
		}
		at[m.ID] = len(out)
		out = append(out, m)
	}
	return out
}

// reply is the ephemeral answer among messages (the filled deferral).
func reply(t testing.TB, in *fakediscord.Interaction, msgs []fakediscord.Message) fakediscord.Message {
	t.Helper()
	for _, m := range msgs {
		if m.InteractionID == in.ID && m.Via == "response" && !m.Deleted {
			if !m.Ephemeral {
				t.Fatalf("the answer to %s is not ephemeral: %q", in.ID, m.Content)
			}
			return m
		}
	}
	t.Fatalf("no reply to interaction %s among %d messages", in.ID, len(msgs))
	return fakediscord.Message{}
}

// public returns the public messages among msgs.
func public(msgs []fakediscord.Message) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range msgs {
		if m.Public() && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// find returns the first message whose content contains s.
func find(t testing.TB, msgs []fakediscord.Message, s string) fakediscord.Message {
	t.Helper()
	for _, m := range msgs {
		if strings.Contains(m.Content, s) && !m.Deleted {
			return m
		}
	}
	var got []string
	for _, m := range msgs {
		got = append(got, m.Via+": "+m.Content)
	}
	t.Fatalf("no message containing %q among:\n%s", s, strings.Join(got, "\n"))
	return fakediscord.Message{}
}

func (e *env) dice(v ...int) { e.forced.Push(v...) }

// pngRenderer draws a board as a small real PNG whose "board" tEXt chunk
// holds the board as JSON: tests decode the image and read whose view it
// is and what it shows.
type pngRenderer struct{ e *env }

func (r pngRenderer) PNG(b *game.Board) ([]byte, error) {
	if r.e != nil {
		r.e.mu.Lock()
		hook := r.e.render
		r.e.mu.Unlock()
		if hook != nil {
			hook()
		}
	}
	return boardPNG(b)
}

func (r pngRenderer) Zoom(b *game.Board, _ grid.Coord, _ int) ([]byte, error) { return boardPNG(b) }

func boardPNG(b *game.Board) ([]byte, error) {
	j, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	img := image.NewGray(image.Rect(0, 0, 8, 6))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 5)
	}
	img.Set(0, 0, color.Gray{Y: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	raw := buf.Bytes()
	// Insert the tEXt chunk after the signature (8 bytes) and IHDR (25).
	data := append([]byte("board\x00"), j...)
	var chunk bytes.Buffer
	binary.Write(&chunk, binary.BigEndian, uint32(len(data)))
	chunk.WriteString("tEXt")
	chunk.Write(data)
	binary.Write(&chunk, binary.BigEndian, crc32.ChecksumIEEE(append([]byte("tEXt"), data...)))
	out := append([]byte{}, raw[:33]...)
	out = append(out, chunk.Bytes()...)
	return append(out, raw[33:]...), nil
}

// boardOf decodes an attachment as PNG and returns the board it shows.
func boardOf(t testing.TB, a fakediscord.Attachment) game.Board {
	t.Helper()
	if _, err := png.Decode(bytes.NewReader(a.Data)); err != nil {
		t.Fatalf("attachment %s does not decode as PNG: %v", a.Filename, err)
	}
	if a.ContentType != "image/png" {
		t.Errorf("attachment %s has content type %q", a.Filename, a.ContentType)
	}
	i := bytes.Index(a.Data, []byte("tEXtboard\x00"))
	if i < 0 {
		t.Fatalf("attachment %s has no board chunk", a.Filename)
	}
	n := binary.BigEndian.Uint32(a.Data[i-4 : i])
	var b game.Board
	if err := json.Unmarshal(a.Data[i+10:i+4+int(n)], &b); err != nil {
		t.Fatalf("attachment %s: board chunk: %v", a.Filename, err)
	}
	return b
}

// syncBuffer is a log buffer safe for concurrent writers.
type syncBuffer = syncbuf.Buffer
