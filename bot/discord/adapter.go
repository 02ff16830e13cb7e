package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/grognard/grognard/bot"
)

// Platform is the platform name the adapter gives the bot: rooms and
// users are "discord:<snowflake>".
const Platform = "discord"

// maxText is the text per message the bot may write: Discord takes 2,000
// characters, and a mention token grows into "<@snowflake>" when the
// message is formatted.
const maxText = 1900

// KV keeps the adapter's own records (the thread of each game, its status
// message) so that a restarted bot finds them; *storage.Store implements
// it. Keys start with "discord/".
type KV interface {
	PutValue(key string, val []byte) error
	Value(key string) ([]byte, error)
}

// Options wire the adapter.
type Options struct {
	App *bot.App
	// State keeps game threads and status messages (nil: in memory).
	State  KV
	Logger *slog.Logger
	// HTTPClient sends the REST requests (default: a client with a 20 s
	// timeout). Its transport is wrapped by the global rate-limit gate.
	HTTPClient *http.Client
	// Connected, when set, is called once the bot is connected and its
	// commands registered, with the application id (serve prints the
	// invite link from it).
	Connected func(appID string)
}

// Bot is the Discord adapter: a gateway session that turns interactions
// into bot requests and the bot's responses into Discord messages.
type Bot struct {
	cfg  Config
	app  *bot.App
	kv   KV
	log  *slog.Logger
	http *http.Client
	// connected is Options.Connected.
	connected func(appID string)

	s *discordgo.Session

	mu       sync.Mutex
	closing  bool
	inflight sync.WaitGroup
	seen     *recent
	parents  map[string]string // thread → parent channel ("" : not a thread)
	dms      map[string]string // user → DM channel
	games    map[string]*sync.Mutex

	// afterInteraction, when set (tests), is called once an interaction
	// has been fully answered.
	afterInteraction func(id string)
}

// New returns an adapter; Run connects it.
func New(cfg Config, opts Options) (*Bot, error) {
	if opts.App == nil {
		return nil, errors.New("discord: Options.App is nil")
	}
	if !cfg.Enabled() {
		return nil, fmt.Errorf("discord: no bot token (set discord.token or %s)", TokenEnv)
	}
	cfg.Token = strings.TrimSpace(cfg.Token)
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	b := &Bot{cfg: cfg, app: opts.App, kv: opts.State, log: opts.Logger, http: opts.HTTPClient, connected: opts.Connected,
		seen: newRecent(4096), parents: map[string]string{}, dms: map[string]string{}, games: map[string]*sync.Mutex{}}
	if b.log == nil {
		b.log = slog.Default()
	}
	if b.kv == nil {
		b.kv = &memKV{m: map[string][]byte{}}
	}
	if b.http == nil {
		b.http = &http.Client{Timeout: 20 * time.Second}
	}
	return b, nil
}

// Limits are what Discord messages carry.
func limits() bot.Limits {
	return bot.Limits{MaxText: maxText, Threads: true, Buttons: 25, Ephemeral: true, Mention: mentionID}
}

// mentionID reads a user as typed or as a slash command's user option:
// "<@123>", "<@!123>", "@123" or "123".
func mentionID(w string) (string, bool) {
	w = strings.TrimSpace(w)
	if strings.HasPrefix(w, "<@") && strings.HasSuffix(w, ">") {
		w = strings.TrimPrefix(strings.TrimSuffix(w[2:], ">"), "!")
	}
	w = strings.TrimPrefix(w, "@")
	return w, snowflake(w)
}

// Run connects to the gateway, registers the slash commands and answers
// interactions until ctx is done; then it finishes the interactions under
// way and closes the connection.
func (b *Bot) Run(ctx context.Context) error {
	s, err := discordgo.New("Bot " + b.cfg.Token)
	if err != nil {
		return fmt.Errorf("discord: %s", redact(err.Error(), b.cfg.Token))
	}
	base := b.http.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	if b.cfg.APIURL != "" {
		to, _ := url.Parse(b.cfg.APIURL) // Validate checked it
		base = &elsewhere{to: to, next: base}
	}
	s.Client = &http.Client{Timeout: b.http.Timeout, Jar: b.http.Jar, Transport: &globalGate{next: base, log: func() *slog.Logger { return b.log }}}
	s.Identify.Intents = discordgo.IntentsGuilds
	if b.cfg.Sharded() {
		// The IDENTIFY carries shard [id, count]: Discord sends this
		// session the events of its shard's guilds (and, to shard 0, DMs).
		s.ShardID, s.ShardCount = b.cfg.ShardID, b.cfg.ShardCount
	}
	s.LogLevel = discordgo.LogWarning
	if b.log.Enabled(ctx, slog.LevelDebug) {
		s.LogLevel = discordgo.LogInformational
	}
	s.ShouldReconnectOnError = true
	s.ShouldRetryOnRateLimit = true
	s.AddHandler(b.onEvent)
	b.s = s
	b.app.SetLimits(Platform, b.limits())
	b.app.SetDeliverer(Platform, b.Deliver)
	hookLogs(b)
	defer unhookLogs(b)
	if err := s.Open(); err != nil {
		return fmt.Errorf("discord: connect: %s", redact(err.Error(), b.cfg.Token))
	}
	appID, user := b.cfg.ApplicationID, ""
	if s.State != nil {
		s.State.RLock()
		if appID == "" && s.State.Application != nil {
			appID = s.State.Application.ID
		}
		if s.State.User != nil {
			user = s.State.User.Username
		}
		s.State.RUnlock()
	}
	if appID == "" {
		b.close()
		return errors.New("discord: no application id (set discord.application-id)")
	}
	// The commands are the application's, not a shard's: shard 0 writes
	// them, the other shards' processes leave them as they are.
	if b.cfg.ShardID == 0 {
		if err := b.register(appID); err != nil {
			b.close()
			return err
		}
	}
	b.log.Info("discord: connected", "user", user, "application", appID, "commands", commandScope(b.cfg), "shard", b.cfg.ShardID, "shards", max(b.cfg.ShardCount, 1))
	if b.connected != nil {
		b.connected(appID)
	}
	<-ctx.Done()
	b.close()
	b.log.Info("discord: disconnected")
	return nil
}

// commandPayload is an application command as the API takes it.
type commandPayload struct {
	*discordgo.ApplicationCommand
	DefaultMemberPermissions *int64 `json:"default_member_permissions,omitempty"`
}

func commandScope(cfg Config) string {
	if len(cfg.DevGuilds) > 0 {
		return "guilds " + strings.Join(cfg.DevGuilds, ",")
	}
	return "global"
}

func (b *Bot) limits() bot.Limits {
	l := limits()
	l.Threads = b.cfg.Threads
	return l
}

// register overwrites the application's commands, globally or in each dev
// guild.
func (b *Bot) register(appID string) error {
	cmds := slashCommands(b.cfg, b.app.SlashCommands())
	guilds := b.cfg.DevGuilds
	if len(guilds) == 0 {
		guilds = []string{""}
	}
	// discordgo sends default_member_permissions as a string; Discord's
	// API description wants an integer, so the commands go through
	// commandPayload (and still through discordgo's rate limiter).
	body := make([]commandPayload, len(cmds))
	for i, c := range cmds {
		body[i] = commandPayload{ApplicationCommand: c, DefaultMemberPermissions: c.DefaultMemberPermissions}
	}
	for _, g := range guilds {
		endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
		if g != "" {
			endpoint = discordgo.EndpointApplicationGuildCommands(appID, g)
		}
		if _, err := b.s.RequestWithBucketID("PUT", endpoint, body, endpoint); err != nil {
			where := "globally"
			if g != "" {
				where = "in guild " + g
			}
			return fmt.Errorf("discord: register slash commands %s: %s", where, b.redact(err))
		}
	}
	return nil
}

// close stops taking interactions, waits for those under way (at most
// 30 s), and closes the gateway connection.
func (b *Bot) close() {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	done := make(chan struct{})
	go func() { b.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		b.log.Warn("discord: closing with interactions still under way")
	}
	if err := b.s.Close(); err != nil {
		b.log.Warn("discord: close", "err", b.redact(err))
	}
}

func (b *Bot) redact(err error) string { return redact(err.Error(), b.cfg.Token) }

// onEvent receives every gateway event; it answers interactions.
func (b *Bot) onEvent(s *discordgo.Session, e *discordgo.Event) {
	if e.Type != "INTERACTION_CREATE" {
		return
	}
	ic, ok := e.Struct.(*discordgo.InteractionCreate)
	if !ok || ic.Interaction == nil {
		return
	}
	b.mu.Lock()
	if b.closing {
		b.mu.Unlock()
		return
	}
	b.inflight.Add(1)
	b.mu.Unlock()
	defer b.inflight.Done()
	b.interaction(e.RawData, ic.Interaction)
}

// recent remembers the last n interaction ids, so that one delivered
// twice is answered once.
type recent struct {
	mu   sync.Mutex
	set  map[string]bool
	ring []string
	next int
}

func newRecent(n int) *recent { return &recent{set: map[string]bool{}, ring: make([]string, n)} }

func (r *recent) add(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.set[id] {
		return false
	}
	if old := r.ring[r.next]; old != "" {
		delete(r.set, old)
	}
	r.ring[r.next] = id
	r.set[id] = true
	r.next = (r.next + 1) % len(r.ring)
	return true
}

// memKV is the in-memory KV used without a store.
type memKV struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (k *memKV) PutValue(key string, val []byte) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m[key] = append([]byte(nil), val...)
	return nil
}

func (k *memKV) Value(key string) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.m[key], nil
}

// place is where an interaction happened.
type place struct {
	Guild   string
	Channel string // the channel or thread it came from
	Room    string // the channel (a thread's parent)
	Thread  string // the thread, or ""
	Locale  string // the guild's locale
}

// placeOf reads the interaction's channel: the partial channel object
// Discord sends with it (a thread names its parent), else what the bot
// learnt of the channel, else the channel itself asked for.
func (b *Bot) placeOf(ctx context.Context, raw json.RawMessage, i *discordgo.Interaction) place {
	p := place{Guild: i.GuildID, Channel: i.ChannelID, Room: i.ChannelID}
	if i.GuildLocale != nil {
		p.Locale = string(*i.GuildLocale)
	}
	if i.GuildID == "" {
		return p
	}
	var x struct {
		Channel *struct {
			ID       string `json:"id"`
			Type     int    `json:"type"`
			ParentID string `json:"parent_id"`
		} `json:"channel"`
	}
	parent, known := "", false
	if json.Unmarshal(raw, &x) == nil && x.Channel != nil && x.Channel.ID == i.ChannelID {
		parent, known = "", true
		if isThread(discordgo.ChannelType(x.Channel.Type)) {
			parent = x.Channel.ParentID
		}
	} else {
		b.mu.Lock()
		parent, known = b.parents[i.ChannelID]
		b.mu.Unlock()
	}
	if !known {
		if ch, err := b.s.Channel(i.ChannelID, discordgo.WithContext(ctx)); err == nil {
			known = true
			if isThread(ch.Type) {
				parent = ch.ParentID
			}
		} else {
			b.log.Warn("discord: channel lookup", "channel", i.ChannelID, "err", b.redact(err))
		}
	}
	if known {
		b.mu.Lock()
		b.parents[i.ChannelID] = parent
		b.mu.Unlock()
	}
	if parent != "" {
		p.Room, p.Thread = parent, i.ChannelID
	}
	return p
}

func isThread(t discordgo.ChannelType) bool {
	return t == discordgo.ChannelTypeGuildPublicThread || t == discordgo.ChannelTypeGuildPrivateThread || t == discordgo.ChannelTypeGuildNewsThread
}
