package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/storage"
)

// Store is what the bot needs of the game store; *storage.Store
// implements it.
type Store interface {
	CreateGame(meta storage.GameMeta, sc *game.Scenario, seed []byte) (storage.GameMeta, error)
	Meta(gameID string) (storage.GameMeta, error)
	// Scenario is the game's own stored copy of the scenario it plays.
	Scenario(gameID string) (*game.Scenario, error)
	SetStatus(gameID string, st storage.Status) (storage.GameMeta, error)
	SetSeat(gameID string, side game.Side, user string) (storage.GameMeta, error)
	Bind(gameID, room string) (storage.GameMeta, error)
	Seed(gameID string) ([]byte, error)
	GamesInRoom(room string) ([]string, error)
	Records(gameID string, from int) ([]storage.LogEntry, error)
	AppendEntry(gameID string, expectSeq int, e storage.Entry) error
	TruncateLog(gameID string, expectSeq, keep int) ([]storage.LogEntry, error)
	PutValue(key string, val []byte) error
	Value(key string) ([]byte, error)
	Values(prefix string) ([]storage.KeyValue, error)
	// The deadline index and the lists the scheduler and `mine` read.
	SetDeadline(gameID string, at time.Time) (storage.GameMeta, error)
	DueDeadlines(now time.Time, limit int) ([]storage.Deadline, error)
	NextDeadline() (storage.Deadline, bool, error)
	GamesOfPlayer(user string) ([]string, error)
	Games(after string, limit int) ([]storage.GameMeta, error)
}

// Renderer draws boards; *render.Renderer implements it.
type Renderer interface {
	PNG(b *game.Board) ([]byte, error)
	Zoom(b *game.Board, center grid.Coord, radius int) ([]byte, error)
}

// Follower is implemented by renderers that can crop a board too large to
// read on a phone around its latest action (the pending decision's
// choices, the last moves and combats). ok is false when the whole board
// is the better picture: a small map, or no action shown. Boards posted
// after an order, and `board`, follow the action when the renderer can;
// `board full` always draws the whole map.
type Follower interface {
	Follow(b *game.Board) (center grid.Coord, radius int, ok bool)
}

// RateLimit is the per-user token bucket: Burst commands at once, then
// PerMinute commands a minute. A zero PerMinute means no limit.
type RateLimit struct {
	PerMinute float64
	Burst     int
}

// Config wires an App.
type Config struct {
	Store Store
	// Renderer draws board images; nil: views answer in text only.
	Renderer Renderer
	// Now is the clock (default time.Now).
	Now func() time.Time
	// NewSeed draws a game's secret dice seed (default dice.NewSeed).
	NewSeed func() []byte
	// Dice returns the dice of a game positioned at roll next (default
	// dice.Seeded). Tests force rolls through it.
	Dice func(gameID string, seed []byte, next int) game.Dice
	// Lang is the language of users and rooms that chose none (default en).
	Lang Lang
	Rate RateLimit
	// ExportHint is the command offered at the end of a game to export it;
	// {game} is replaced by the game id.
	ExportHint string
	Logger     *slog.Logger
	// Deadlines configures the clock of games (deadline.go); the zero
	// value gives games no deadline unless one is asked for at `new`.
	Deadlines Deadlines
	// Leagues holds the defaults of `league new`.
	Leagues LeagueDefaults
	// Metrics receives the operators' measurements (nil: none).
	Metrics Metrics
	// Operators are the users (platform-qualified: "discord:1234",
	// "matrix:@ann:example.org") who may administer every game, even one
	// they play in (authority.go).
	Operators []string
	// Flood bounds open games, invitations, line lengths and pages
	// (ratelimit.go); zero fields take DefaultFlood's values.
	Flood Flood
	// Rulesets are the games the bot plays (default all.Rulesets()); their
	// declared verbs are its order commands (verbs.go).
	Rulesets []game.Ruleset
	// Scenarios are offered beside the shipped ones (tests: the scenario
	// of a ruleset that ships none).
	Scenarios []*game.Scenario
	// Site is the read-only web view (bot/web): board posts and status
	// messages link to a game's page, `link` sends private links.
	Site Site
	// Instance names this process to the store's leases (default: host,
	// pid and a random suffix); LeaseTTL is how long its hold on a game's
	// timers lasts if it dies while firing them (default DefaultLeaseTTL).
	// See shared.go.
	Instance string
	LeaseTTL time.Duration
}

// App is the platform-neutral chat application. Adapters call Handle for
// every message or interaction and post the Response. It is safe for
// concurrent use: orders of one game are serialised, games run in
// parallel.
type App struct {
	cfg   Config
	store Store
	log   *slog.Logger
	// shared: other processes write the store too (shared.go).
	shared bool

	mu     sync.Mutex
	games  map[string]*live
	limits map[string]Limits
	users  map[string]userPrefs
	rooms  map[string]roomPrefs
	// servers caches per-server settings (servers.go).
	servers map[string]serverSettings
	seen    *recentIDs
	rate    *rateLimiter

	authority map[string]Authority // by platform (authority.go)

	// The rulesets played, by name, and the command table made from
	// them (rulesets.go).
	rules map[string]game.Ruleset
	cmds  commandSet

	sched    scheduler // deadlines, reminders, digests (scheduler.go)
	leagueMu sync.Mutex
	// observe, set by tests, sees every timer done and pairing made.
	observe func(observation)

	// The web view's caches (site.go).
	replays replayCache
	images  imageCache
}

// DefaultLimits apply to a platform whose adapter declared none.
var DefaultLimits = Limits{MaxText: 2000}

// New returns an App on a store.
func New(cfg Config) (*App, error) {
	if cfg.Store == nil {
		return nil, errors.New("bot: Config.Store is nil")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.NewSeed == nil {
		cfg.NewSeed = dice.NewSeed
	}
	if cfg.Dice == nil {
		cfg.Dice = func(_ string, seed []byte, next int) game.Dice { return &dice.Seeded{Seed: seed, Next: next} }
	}
	if _, ok := catalogue[cfg.Lang]; !ok {
		cfg.Lang = EN
	}
	if cfg.ExportHint == "" {
		cfg.ExportHint = "grognard export {game} > {game}.jsonl"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = nopMetrics{}
	}
	if cfg.Instance == "" {
		cfg.Instance = newInstance()
	}
	if cfg.LeaseTTL <= 0 {
		cfg.LeaseTTL = DefaultLeaseTTL
	}
	cfg.Deadlines = cfg.Deadlines.withDefaults()
	cfg.Flood = cfg.Flood.withDefaults()
	a := &App{
		cfg: cfg, store: cfg.Store, log: cfg.Logger, shared: isShared(cfg.Store),
		games: map[string]*live{}, limits: map[string]Limits{},
		users: map[string]userPrefs{}, rooms: map[string]roomPrefs{},
		seen: newRecentIDs(4096), rate: newRateLimiter(cfg.Rate),
	}
	if err := a.useRulesets(cfg.Rulesets); err != nil {
		return nil, err
	}
	a.sched.init()
	a.initSite()
	return a, nil
}

// SetLimits declares what a platform's messages can carry.
func (a *App) SetLimits(platform string, l Limits) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.limits[platform] = l
}

func (a *App) limitsOf(platform string) Limits {
	a.mu.Lock()
	defer a.mu.Unlock()
	if l, ok := a.limits[platform]; ok {
		return l
	}
	return DefaultLimits
}

// call is one request being handled.
type call struct {
	a      *App
	ctx    context.Context
	req    Request
	lim    Limits
	now    time.Time
	user   User
	ukey   string // platform-qualified user id, as seats store it
	room   string // platform-qualified room
	thread string // platform-qualified thread, or ""
	lang   Lang   // the asker's language
	// server is the platform-qualified server (a Discord guild, else the
	// room); manager: the asker may change its settings (servers.go).
	server  string
	manager bool
	plang   Lang // the language of public messages
	p       parsed
	out     []Message
	locked  *live // the game this call holds, released at the end
	// held are other games locked for a moment (hold, recover.go).
	held []*live
	// accepted and refused count the orders stored and refused (metrics).
	accepted, refused int
	// internalErr: the request failed on the bot's side (fail's generic
	// message), not by a rule or the user.
	internalErr bool
	// mute silences the pings to a side while the bot plays its defaults.
	mute map[game.Side]bool
	// clocks, when set, remembers clockText's answers (the web view
	// prints the clock of every record).
	clocks map[game.Clock]string
}

// Handle answers one request. It never fails: refusals and internal
// errors become messages (internal detail goes to the log only).
//
// A panic anywhere in it is recovered (recover.go): the user is told
// "internal error, reference …", the stack is logged under that
// reference, the game is reloaded from the store as it was.
func (a *App) Handle(ctx context.Context, req Request) (resp Response) {
	defer a.finish("command", req, nil, &resp)
	if strings.TrimSpace(req.Text) == "" && req.Command == "" {
		return Response{}
	}
	start := time.Now()
	c := a.newCall(ctx, req)
	defer a.finish("command", req, c, &resp)
	if req.InteractionID != "" && !a.seen.add(req.Platform+":"+req.InteractionID) {
		return Response{}
	}
	// A refused line is always answered: the user must know it was not read.
	if wait, ok := a.rate.take(c.ukey, c.now, c.lim.Unmetered); !ok {
		c.reply(T(c.lang, "rate.limited", "seconds", int(wait.Seconds())+1, "line", lineStart(req, 40)))
		return c.response()
	}
	if n := requestLength(req); n > a.cfg.Flood.LineLength {
		c.reply(T(c.lang, "limit.order-long", "len", n, "max", a.cfg.Flood.LineLength))
		return c.response()
	}
	a.noteUser(c.ukey, req.User)
	if err := c.parse(); err != nil {
		if errors.Is(err, errEmpty) {
			return Response{}
		}
		c.fail(err)
		return c.response()
	}
	if err := c.authorize(); err != nil {
		c.fail(err)
		return c.response()
	}
	if err := c.p.cmd.run(c); err != nil {
		c.fail(err)
	}
	if c.internalErr && req.InteractionID != "" {
		// Nothing was done (an order's interaction id is stored with it,
		// so a retry of one that was stored after all is refused by the
		// store): the same interaction may come again.
		a.seen.forget(req.Platform + ":" + req.InteractionID)
	}
	if c.p.cmd.Order || c.p.cmd.Name == "choose" {
		a.cfg.Metrics.Order(c.accepted > 0, time.Since(start))
	}
	return c.response()
}

// requestLength is the length in characters of what the user typed: the
// line, or the typed arguments together.
func requestLength(req Request) int {
	n := utf8.RuneCountInString(req.Text)
	for _, v := range req.Args {
		n += utf8.RuneCountInString(v) + 1
	}
	return n
}

func (a *App) newCall(ctx context.Context, req Request) *call {
	c := &call{a: a, ctx: ctx, req: req, lim: a.limitsOf(req.Platform), now: a.cfg.Now()}
	c.user = req.User
	c.ukey = userKey(req.Platform, req.User.ID)
	c.room = roomKey(req.Platform, req.Room)
	if req.Thread != "" {
		c.thread = c.room + "/" + req.Thread
	}
	a.applyServer(c)
	c.lang, c.plang = a.langs(c.ukey, c.room, c.server, req.Lang)
	return c
}

func userKey(platform, id string) string { return platform + ":" + id }
func roomKey(platform, id string) string { return platform + ":" + id }

// userOf turns a stored user key back into a platform user.
func (a *App) userOf(key string) User {
	_, id, _ := strings.Cut(key, ":")
	return User{ID: id, Name: a.userPrefs(key).Name}
}

func (c *call) parse() error {
	if c.req.Command != "" {
		cmd := c.a.cmds.lookup(c.req.Command)
		if cmd == nil {
			return c.a.cmds.unknown(c.req.Command)
		}
		args := map[string]string{}
		for k, v := range c.req.Args {
			args[k] = strings.TrimSpace(v)
		}
		c.p = parsed{cmd: cmd, args: args, game: strings.ToLower(args["game"])}
		if cmd.Order {
			c.p.order = typedOrder(cmd, args)
			return nil
		}
		return checkArgs(cmd, args)
	}
	p, err := c.a.cmds.parseText(c.req.Text)
	c.p = p
	return err
}

// authorize applies the table's Who for roles that need no game; the
// administrators of a game are checked against the game (authority.go).
func (c *call) authorize() error {
	if c.p.cmd.Who == Admin && !c.p.cmd.Game && !c.roomAdmin() {
		return uerr("auth.admin", "command", c.p.cmd.Name)
	}
	return nil
}

// release unlocks the game held by the call.
func (c *call) release() {
	if c.locked != nil {
		c.locked.mu.Unlock()
		c.locked = nil
	}
}

// reply adds a message for the asker (ephemeral where possible).
func (c *call) reply(text string) *Message {
	c.out = append(c.out, Message{Text: text, Ephemeral: true})
	return &c.out[len(c.out)-1]
}

// say adds a public message about a game.
func (c *call) say(gameID, text string) *Message {
	c.out = append(c.out, Message{Game: gameID, Text: text})
	return &c.out[len(c.out)-1]
}

// private adds a message that only user sees.
func (c *call) private(gameID string, user User, text string) *Message {
	u := user
	c.out = append(c.out, Message{Game: gameID, Text: text, To: &u})
	return &c.out[len(c.out)-1]
}

// fail turns an error into a reply. Rule errors and user errors are shown;
// anything else is logged and replaced by a generic message.
func (c *call) fail(err error) {
	var ue *userError
	switch {
	case errors.As(err, &ue):
		text := T(c.lang, ue.key, ue.kv...)
		if ue.usage != nil {
			text += "\n" + T(c.lang, "parse.usage", "usage", ue.usage.Usage())
		}
		c.reply(text)
	default:
		if re, ok := game.AsRuleError(err); ok {
			c.reply(ruleErrorText(c.lang, re))
			return
		}
		c.internalErr = true
		c.a.log.Error("bot: request failed", "platform", c.req.Platform, "room", c.req.Room, "user", c.req.User.ID, "text", c.req.Text, "command", c.req.Command, "err", err)
		c.reply(T(c.lang, "error.internal"))
	}
}

// guardAudience is the last check before delivery: a board drawn for one
// side (Image.Side) goes only in a private message. A side's image in a
// room message or an ephemeral reply (which some platforms post in the
// room) is a bug; it is left out and logged rather than shown.
func (c *call) guardAudience(m *Message) {
	if m.To != nil {
		return
	}
	kept := m.Images[:0:0]
	for _, img := range m.Images {
		if img.Side.Valid() {
			c.a.log.Error("bot: a side's board was about to be posted publicly; left out", "game", m.Game, "image", img.Name, "side", img.Side)
			continue
		}
		kept = append(kept, img)
	}
	m.Images = kept
}

// maxParts is the most messages one reply is split into; the rest is cut
// (a list that long is paginated, pages.go).
const maxParts = 3

// response applies the platform's limits to the messages.
func (c *call) response() Response {
	var out []Message
	for _, m := range c.out {
		c.guardAudience(&m)
		c.addPageLink(&m)
		if c.lim.Buttons == 0 || m.nav && !c.lim.Ephemeral {
			m.Choices = nil
		} else if len(m.Choices) > c.lim.Buttons {
			m.Choices = m.Choices[:c.lim.Buttons]
		}
		if !c.lim.Threads {
			m.NewThread = ""
		}
		parts := split(m, c.lim.MaxText)
		if len(parts) > maxParts {
			last := parts[len(parts)-1]
			parts = parts[:maxParts]
			cut := "\n" + T(c.lang, "limit.cut", "max", maxParts)
			p := &parts[maxParts-1]
			if r := []rune(p.Text); c.lim.MaxText > 0 && len(r)+len([]rune(cut)) > c.lim.MaxText {
				p.Text = string(r[:max(0, c.lim.MaxText-len([]rune(cut)))])
			}
			p.Text += cut
			p.Images, p.Choices, p.NewThread = last.Images, last.Choices, last.NewThread
		}
		out = append(out, parts...)
	}
	return Response{Messages: out}
}

// split cuts a message whose text is longer than max characters into
// several, at line ends where possible; images, choices and the thread
// request go with the last part.
func split(m Message, max int) []Message {
	if max <= 0 || len([]rune(m.Text)) <= max {
		return []Message{m}
	}
	var parts []string
	var cur []rune
	for _, line := range strings.SplitAfter(m.Text, "\n") {
		r := []rune(line)
		if len(cur)+len(r) > max && len(cur) > 0 {
			parts = append(parts, string(cur))
			cur = nil
		}
		for len(r) > max {
			parts = append(parts, string(r[:max]))
			r = r[max:]
		}
		cur = append(cur, r...)
	}
	if len(cur) > 0 {
		parts = append(parts, string(cur))
	}
	out := make([]Message, len(parts))
	for i, p := range parts {
		out[i] = Message{Game: m.Game, Text: strings.TrimRight(p, "\n"), Mentions: m.Mentions, To: m.To, Ephemeral: m.Ephemeral}
	}
	last := &out[len(out)-1]
	last.Images, last.Choices, last.NewThread = m.Images, m.Choices, m.NewThread
	return out
}

// recentIDs remembers the last n interaction ids, so a repeated delivery
// of a command that stores no order (new, join …) is answered once.
type recentIDs struct {
	mu   sync.Mutex
	set  map[string]bool
	ring []string
	next int
}

func newRecentIDs(n int) *recentIDs {
	return &recentIDs{set: map[string]bool{}, ring: make([]string, n)}
}

// add reports whether id is new.
func (r *recentIDs) add(id string) bool {
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

// forget drops id, so that the same id is handled again: a request that
// failed on the store's side (the database away) may be delivered again,
// or retried by the player, with the same interaction id.
func (r *recentIDs) forget(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.set[id] {
		return
	}
	delete(r.set, id)
	if i := slices.Index(r.ring, id); i >= 0 {
		r.ring[i] = ""
	}
}

// internal wraps an unexpected error for the log.
func internal(format string, a ...any) error { return fmt.Errorf("bot: "+format, a...) }
