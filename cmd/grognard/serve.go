package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/console"
	"github.com/grognard/grognard/bot/discord"
	"github.com/grognard/grognard/bot/matrix"
	"github.com/grognard/grognard/bot/metrics"
	"github.com/grognard/grognard/bot/web"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/storage"
)

func init() {
	register(subcommand{name: "serve", usage: "[--config FILE] [--db FILE] [--images DIR] [--user NAME]: run the bot; without chat credentials, a local room in the terminal (the default command)", run: runServe})
}

// Config is grognard's configuration file (TOML, kebab-case keys). It is
// decoded over DefaultConfig; unknown keys are an error. config.example.toml
// documents every key.
type Config struct {
	Store   StoreConfig   `toml:"store"`
	Console ConsoleConfig `toml:"console"`
	Bot     BotConfig     `toml:"bot"`
	Matrix  MatrixConfig  `toml:"matrix"`
	Discord DiscordConfig `toml:"discord"`
	// Deadlines, Leagues and HTTP: clockconfig.go.
	Deadlines DeadlinesConfig `toml:"deadlines"`
	Leagues   LeaguesConfig   `toml:"leagues"`
	HTTP      HTTPConfig      `toml:"http"`
	// Web is the read-only web view (web.go).
	Web WebConfig `toml:"web"`
}

// StoreConfig locates the store and the backups serve writes of it
// (backups.go): the bbolt file Path, or the store URL names (a
// postgres:// URL: docs/postgres.md; a bbolt:// URL names a file), which
// wins over Path.
type StoreConfig struct {
	Path string `toml:"path"`
	URL  string `toml:"url"`
	// BackupDir is where serve writes a checked copy of the store every
	// BackupEvery, keeping the newest BackupKeep ("": no backups).
	BackupDir   string `toml:"backup-dir"`
	BackupEvery string `toml:"backup-every"`
	BackupKeep  int    `toml:"backup-keep"`
}

// ConsoleConfig is the terminal room.
type ConsoleConfig struct {
	// Images is the folder board images are written to.
	Images string `toml:"images"`
	// User is the name you start as (/as switches).
	User string `toml:"user"`
	// Room names the terminal room in the store.
	Room string `toml:"room"`
}

// BotConfig is the chat application's behaviour on every platform.
type BotConfig struct {
	// Language of users and rooms that chose none: "en" or "fr".
	Language string `toml:"language"`
	// RateLimit is the commands a user may send a minute (0: no limit);
	// RateBurst how many at once.
	RateLimit float64 `toml:"rate-limit"`
	RateBurst int     `toml:"rate-burst"`
	// Operators may administer every game, even one they play in:
	// platform-qualified user ids ("discord:123…", "matrix:@ann:example.org",
	// "console:NAME"). Everyone else administers a game only through its
	// home room's rights (docs/admin.md).
	Operators WordList `toml:"operators"`
	// Flood limits (bot.Flood): games one user, or one room, may have
	// waiting for players; challenges waiting for one user's answer; the
	// longest command line in characters; lines a page of games, mine.
	MaxOpenGames     int `toml:"max-open-games"`
	MaxRoomOpenGames int `toml:"max-room-open-games"`
	MaxInvitations   int `toml:"max-invitations"`
	MaxLineLength    int `toml:"max-line-length"`
	PageLines        int `toml:"page-lines"`
}

// flood is the bot's flood limits.
func (b BotConfig) flood() bot.Flood {
	return bot.Flood{UserOpenGames: b.MaxOpenGames, RoomOpenGames: b.MaxRoomOpenGames, Invitations: b.MaxInvitations,
		LineLength: b.MaxLineLength, PageLines: b.PageLines}
}

// operators is the list of operators as the bot keys users.
func (b BotConfig) operators() []string { return strings.Fields(string(b.Operators)) }

// DefaultConfig is the configuration without a file.
func DefaultConfig() Config {
	user := os.Getenv("USER")
	if user == "" {
		user = "player"
	}
	return Config{
		Store:   StoreConfig{Path: defaultDB(), BackupDir: os.Getenv("GROGNARD_BACKUP_DIR"), BackupEvery: "24h", BackupKeep: 7},
		Console: ConsoleConfig{Images: "grognard-images", User: user, Room: "terminal"},
		Bot: BotConfig{Language: "en", RateLimit: 30, RateBurst: 10,
			MaxOpenGames: bot.DefaultFlood.UserOpenGames, MaxRoomOpenGames: bot.DefaultFlood.RoomOpenGames,
			MaxInvitations: bot.DefaultFlood.Invitations, MaxLineLength: bot.DefaultFlood.LineLength, PageLines: bot.DefaultFlood.PageLines},
		Matrix:  MatrixConfig{Prefix: "!g", AdminPowerLevel: 50, Threads: "auto", Reactions: true, Encryption: true},
		Discord: DiscordConfig{Threads: discord.DefaultConfig().Threads},
		Deadlines: DeadlinesConfig{Phase: "72h", Decision: "24h", Reminders: "50% 2h", VacationDays: 14, DigestHour: 8,
			MaxExtend: "7d", TimeZone: "UTC", Lease: "1m"},
		Leagues: LeaguesConfig{Format: "round-robin", TieBreak: "sb"},
		Web:     WebConfig{LinkTTL: "30d", RateLimit: web.DefaultRatePerMinute, RateBurst: web.DefaultRateBurst},
	}
}

// ReadConfig decodes a TOML file over DefaultConfig. The file's size and
// nesting are checked before it is parsed (scenarios.CheckTOML).
func ReadConfig(path string) (Config, error) {
	cfg := DefaultConfig()
	src, err := scenarios.ReadTOMLFile(path, maxConfigBytes)
	if err == nil {
		err = scenarios.CheckTOML(src, maxConfigBytes, scenarios.MaxTOMLDepth)
	}
	if err != nil {
		return cfg, fmt.Errorf("config %s: %w", path, err)
	}
	md, err := toml.Decode(string(src), &cfg)
	if err != nil {
		return cfg, fmt.Errorf("config %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return cfg, fmt.Errorf("config %s: unknown key(s): %s", path, strings.Join(keys, ", "))
	}
	cfg.applyEnv(os.Getenv) // the environment beats the file (config_env.go)
	return cfg, cfg.validate(path)
}

// maxConfigBytes bounds the configuration file (the example is 6 KB).
const maxConfigBytes = 256 << 10

func (c Config) validate(path string) error {
	var bad []string
	if c.Store.Path == "" && c.Store.URL == "" {
		bad = append(bad, "store.path is empty")
	}
	bad = append(bad, c.Store.checkURL()...)
	bad = append(bad, c.Store.checkBackups()...)
	if _, ok := bot.ParseLang(c.Bot.Language); !ok {
		bad = append(bad, fmt.Sprintf("bot.language %q (want en or fr)", c.Bot.Language))
	}
	if c.Bot.RateLimit < 0 {
		bad = append(bad, "bot.rate-limit is negative")
	}
	if c.Bot.RateLimit > 0 && c.Bot.RateBurst < 1 {
		bad = append(bad, "bot.rate-burst must be at least 1")
	}
	for _, f := range []struct {
		key string
		v   int
	}{{"max-open-games", c.Bot.MaxOpenGames}, {"max-room-open-games", c.Bot.MaxRoomOpenGames}, {"max-invitations", c.Bot.MaxInvitations},
		{"max-line-length", c.Bot.MaxLineLength}, {"page-lines", c.Bot.PageLines}} {
		if f.v < 1 {
			bad = append(bad, fmt.Sprintf("bot.%s is %d (want at least 1)", f.key, f.v))
		}
	}
	if c.Bot.MaxLineLength > 0 && c.Bot.MaxLineLength < 100 {
		bad = append(bad, fmt.Sprintf("bot.max-line-length is %d: orders of a whole army need more (at least 100)", c.Bot.MaxLineLength))
	}
	for _, op := range c.Bot.operators() {
		if p, id, ok := strings.Cut(op, ":"); !ok || id == "" || p != discord.Platform && p != matrix.Platform && p != console.Platform {
			bad = append(bad, fmt.Sprintf("bot.operators: %q (want platform:id, e.g. discord:123456789012345678 or matrix:@ann:example.org)", op))
		}
	}
	if c.Console.User == "" || strings.ContainsAny(c.Console.User, " \t") {
		bad = append(bad, fmt.Sprintf("console.user %q (one word)", c.Console.User))
	}
	bad = append(bad, c.Matrix.check()...)
	bad = append(bad, c.checkClock()...)
	bad = append(bad, c.Web.check()...)
	if err := c.Discord.adapter().Validate(); err != nil {
		bad = append(bad, err.Error())
	}
	if len(bad) > 0 {
		return fmt.Errorf("config %s: %s", path, strings.Join(bad, "; "))
	}
	return nil
}

func runServe(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("serve")
	cfgPath := fs.String("config", "", "configuration file (TOML; see config.example.toml)")
	db := fs.String("db", "", "store file (overrides store.path)")
	images := fs.String("images", "", "folder for board images (overrides console.images)")
	user := fs.String("user", "", "your name in the terminal room (overrides console.user)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("serve: unexpected argument %q", fs.Arg(0))}
	}
	cfg := DefaultConfig()
	if *cfgPath != "" {
		var err error
		if cfg, err = ReadConfig(*cfgPath); err != nil {
			return err
		}
	}
	if *db != "" {
		cfg.Store.setRef(*db)
	}
	if *images != "" {
		cfg.Console.Images = *images
	}
	if *user != "" {
		cfg.Console.User = *user
	}
	if err := cfg.validate("(flags)"); err != nil {
		return usageError{err.Error()}
	}
	if dc := cfg.Discord.adapter(); dc.Enabled() && dc.Sharded() && !isPostgres(cfg.Store.ref()) {
		// Checked once the flags are in: --db may name the database.
		return usageError{fmt.Sprintf("discord.shard-count is %d: the shards' processes share one store, a PostgreSQL database (store.url = \"postgres://…\" or --db; docs/scale-out.md)", dc.ShardCount)}
	}
	logger := slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	logStartupWarnings(logger, cfg, interactive(m.Stdin))
	st, err := openStoreWith(cfg.Store.ref(), false, logger)
	if err != nil {
		logger.Error("store refused", "store", storeName(cfg.Store.ref()), "err", err)
		return err
	}
	defer st.Close()
	if err := checkNotMigrating(st, cfg.Store.ref()); err != nil {
		logger.Error("store refused", "store", storeName(cfg.Store.ref()), "err", err)
		return err
	}
	lang, _ := bot.ParseLang(cfg.Bot.Language)
	hint := "grognard export {game} > {game}.jsonl"
	switch {
	case cfg.Store.URL != "":
		hint = "grognard export {game} --db $GROGNARD_DB > {game}.jsonl"
	case cfg.Store.Path != defaultDB():
		hint = "grognard export {game} --db " + cfg.Store.Path + " > {game}.jsonl"
	}
	deadlines, _ := cfg.Deadlines.bot()
	lease, _ := cfg.Deadlines.lease()
	leagues, _ := cfg.Leagues.bot()
	var app *bot.App
	var mx *metrics.Metrics
	var appMetrics bot.Metrics
	if cfg.HTTP.Listen != "" || cfg.Web.enabled() {
		mx = metrics.New(func() (int, error) { return app.ActiveGames() })
		appMetrics = mx
	}
	site, err := cfg.Web.site(st)
	if err != nil {
		return err
	}
	app, err = bot.New(bot.Config{
		Store: st, Renderer: renderer, Lang: lang, Logger: logger, ExportHint: hint,
		Rate:      bot.RateLimit{PerMinute: cfg.Bot.RateLimit, Burst: cfg.Bot.RateBurst},
		Deadlines: deadlines, Leagues: leagues, Metrics: appMetrics,
		Operators: cfg.Bot.operators(), Flood: cfg.Bot.flood(), Site: site, LeaseTTL: lease,
	})
	if err != nil {
		return err
	}
	// The operators' listener and the scheduler (deadlines, reminders,
	// digests) run beside every adapter; each adapter registers how it
	// posts what the scheduler says (App.SetDeliverer).
	httpCtx, stopHTTP := context.WithCancel(ctx)
	defer stopHTTP()
	// The web view serves /healthz and /metrics too: on its own listener
	// when [http] names none or the same address.
	opsHTTP := cfg.HTTP
	if cfg.Web.enabled() {
		h, err := cfg.Web.handler(app, lang, metrics.Handler(mx, app.Health), logger)
		if err != nil {
			return err
		}
		addr, err := serveHandler(httpCtx, "web.listen", cfg.Web.Listen, h, logger)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "web view on http://%s/ (public address %s), with /healthz and /metrics\n", addr, site.BaseURL)
		if opsHTTP.Listen == cfg.Web.Listen {
			opsHTTP.Listen = ""
		}
	}
	if addr, err := serveHTTP(httpCtx, opsHTTP, mx, app.Health, logger); err != nil {
		return err
	} else if addr != "" {
		fmt.Fprintf(m.Stdout, "health and metrics on http://%s/healthz and /metrics\n", addr)
	}
	var room *console.Room // the terminal room, when no chat platform is configured
	if !cfg.Discord.adapter().Enabled() && !cfg.Matrix.enabled() {
		room = &console.Room{App: app, In: m.Stdin, Out: m.Stdout, ImageDir: cfg.Console.Images,
			User: cfg.Console.User, Name: cfg.Console.Room, Prompt: isTerminal(m.Stdin)}
		app.SetDeliverer(console.Platform, room.Deliver)
	}
	stopScheduler := runScheduler(ctx, app, logger)
	defer stopScheduler()
	stopBackups := runBackups(ctx, st, cfg.Store, logger)
	defer stopBackups()
	// Chat adapters (Discord, Matrix) start here when their sections of
	// the configuration hold credentials, each on its own: one that fails
	// is started again after a pause while the others go on (adapters.go);
	// /healthz shows each one's state. Without any, the terminal room runs
	// in the foreground.
	var chats []chatAdapter
	if dc := cfg.Discord.adapter(); dc.Enabled() {
		chats = append(chats, chatAdapter{discord.Platform, func(ctx context.Context, up func()) error {
			up() // discord.Bot.Run tells nothing before it ends: a bad token ends it within seconds
			return runDiscord(ctx, m, cfg, dc, app, st, logger)
		}})
	}
	if cfg.Matrix.enabled() {
		chats = append(chats, chatAdapter{matrix.Platform, func(ctx context.Context, up func()) error {
			return runMatrix(ctx, m, cfg, app, st, lang, logger, mx.Adapters(), up)
		}})
	}
	if len(chats) > 0 {
		return runAdapters(ctx, chats, mx.Adapters(), logger)
	}
	fmt.Fprintf(m.Stdout, "grognard terminal room · store %s · images in %s/\n", storeName(cfg.Store.ref()), cfg.Console.Images)
	fmt.Fprintf(m.Stdout, "You are %s. /as NAME switches user, /admin makes you a room administrator, /quit leaves. Type help for the commands.\n", room.User)
	if err := room.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}

// isTerminal reports whether r is an interactive terminal (then the room
// prints a prompt).
func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// MatrixConfig is the Matrix adapter (bot/matrix); docs/matrix.md explains
// every key. `serve` runs it instead of the terminal room when homeserver
// is set. The secrets may come from the environment instead:
// GROGNARD_MATRIX_ACCESS_TOKEN, GROGNARD_MATRIX_PASSWORD,
// GROGNARD_MATRIX_PICKLE_KEY.
type MatrixConfig struct {
	Homeserver      string   `toml:"homeserver"`
	UserID          string   `toml:"user-id"`
	AccessToken     string   `toml:"access-token"`
	Password        string   `toml:"password"`
	Prefix          string   `toml:"prefix"`
	AllowInvites    WordList `toml:"allow-invites"`
	AdminPowerLevel int      `toml:"admin-power-level"`
	Threads         string   `toml:"threads"`
	Reactions       bool     `toml:"reactions"`
	// End-to-end encryption (default on): the crypto store is a SQLite
	// file, by default beside the store file (<name>-matrix-crypto.db).
	Encryption          bool   `toml:"encryption"`
	CryptoStore         string `toml:"crypto-store"`
	DeviceID            string `toml:"device-id"`
	PickleKey           string `toml:"pickle-key"`
	VerifiedDevicesOnly bool   `toml:"verified-devices-only"`
}

// cryptoStore is the crypto store's path: crypto-store, or beside the
// store file ("" without encryption).
func (c MatrixConfig) cryptoStore(storePath string) string {
	switch {
	case !c.Encryption:
		return ""
	case c.CryptoStore != "":
		return c.CryptoStore
	case storePath == "":
		return ""
	}
	return strings.TrimSuffix(storePath, filepath.Ext(storePath)) + "-matrix-crypto.db"
}

func (c MatrixConfig) enabled() bool { return c.Homeserver != "" }

// adapter is the adapter's configuration, secrets from the environment
// first.
func (c MatrixConfig) adapter(lang bot.Lang, logger *slog.Logger, storePath string) matrix.Config {
	token, password, pickle := c.AccessToken, c.Password, c.PickleKey
	if v := os.Getenv("GROGNARD_MATRIX_ACCESS_TOKEN"); v != "" {
		token = v
	}
	if v := os.Getenv("GROGNARD_MATRIX_PASSWORD"); v != "" {
		password = v
	}
	if v := os.Getenv("GROGNARD_MATRIX_PICKLE_KEY"); v != "" {
		pickle = v
	}
	return matrix.Config{
		Homeserver: c.Homeserver, UserID: c.UserID, AccessToken: token, Password: password,
		DeviceID: c.DeviceID, CryptoStore: c.cryptoStore(storePath), PickleKey: pickle, VerifiedDevicesOnly: c.VerifiedDevicesOnly,
		Prefix: c.Prefix, AllowInvites: strings.Fields(string(c.AllowInvites)), AdminPowerLevel: c.AdminPowerLevel,
		Threads: matrix.ThreadMode(c.Threads), NoReactions: !c.Reactions, Lang: lang, Logger: logger,
	}
}

func (c MatrixConfig) check() []string {
	if !c.enabled() {
		return nil
	}
	err := c.adapter(bot.EN, nil, "").Validate()
	if err == nil {
		return nil
	}
	var bad []string
	for _, part := range strings.Split(strings.TrimPrefix(err.Error(), "matrix: "), "; ") {
		bad = append(bad, "matrix."+part)
	}
	return bad
}

// runMatrix runs the Matrix adapter until ctx ends; up is called once its
// first sync is done, and states (nil: none) asks it whether it syncs.
func runMatrix(ctx context.Context, m *Main, cfg Config, app *bot.App, st storage.Backend, lang bot.Lang, logger *slog.Logger,
	states *metrics.Adapters, up func()) error {
	ad, err := matrix.New(cfg.Matrix.adapter(lang, logger, cfg.Store.Path), app, st)
	if err != nil {
		return err
	}
	states.Probe(matrix.Platform, ad.Health)
	fmt.Fprintf(m.Stdout, "grognard on Matrix as %s at %s · store %s · Ctrl-C stops\n", cfg.Matrix.UserID, cfg.Matrix.Homeserver, storeName(cfg.Store.ref()))
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ad.Synced():
			up()
		case <-done:
		}
	}()
	return ad.Run(ctx)
}

// WordList is a list of words in the configuration, written as a TOML
// array of strings (or one string of words); it is kept as one string of
// space-separated words so that Config stays comparable.
type WordList string

// UnmarshalTOML reads an array of strings or a string.
func (w *WordList) UnmarshalTOML(v any) error {
	switch x := v.(type) {
	case string:
		*w = WordList(strings.Join(strings.Fields(x), " "))
	case []any:
		var words []string
		for _, e := range x {
			s, ok := e.(string)
			if !ok || strings.ContainsAny(s, " \t\n") || s == "" {
				return fmt.Errorf("want words without spaces, got %v", e)
			}
			words = append(words, s)
		}
		*w = WordList(strings.Join(words, " "))
	default:
		return fmt.Errorf("want an array of strings, got %T", v)
	}
	return nil
}

// DiscordConfig is the Discord adapter (bot/discord); docs/discord.md
// explains every key. `serve` runs it instead of the terminal room when a
// token is configured here or in GROGNARD_DISCORD_TOKEN (which wins).
// It prints without the token.
type DiscordConfig struct {
	Token         string   `toml:"token"`
	ApplicationID string   `toml:"application-id"`
	DevGuilds     WordList `toml:"dev-guilds"`
	Threads       bool     `toml:"threads"`
	AdminRole     string   `toml:"admin-role"`
	ShardID       int      `toml:"shard-id"`
	ShardCount    int      `toml:"shard-count"`
	APIURL        string   `toml:"api-url"`
}

// adapter is the adapter's configuration, the token from the environment
// first.
func (c DiscordConfig) adapter() discord.Config {
	return discord.Config{Token: c.Token, ApplicationID: c.ApplicationID, DevGuilds: strings.Fields(string(c.DevGuilds)),
		Threads: c.Threads, AdminRole: c.AdminRole, ShardID: c.ShardID, ShardCount: c.ShardCount, APIURL: c.APIURL}.WithEnv(os.Getenv)
}

// String hides the token.
func (c DiscordConfig) String() string { return c.adapter().String() }

// GoString hides the token.
func (c DiscordConfig) GoString() string { return c.String() }

// runDiscord runs the Discord adapter until ctx ends.
func runDiscord(ctx context.Context, m *Main, cfg Config, dc discord.Config, app *bot.App, st storage.Backend, logger *slog.Logger) error {
	connected := func(appID string) {
		fmt.Fprintf(m.Stdout, "grognard is on Discord · invite: %s\n", discord.InviteURL(appID))
	}
	ad, err := discord.New(dc, discord.Options{App: app, State: st, Logger: logger, HTTPClient: discordHTTPClient, Connected: connected})
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "grognard on Discord · store %s · Ctrl-C stops\n", storeName(cfg.Store.ref()))
	return ad.Run(ctx)
}

// discordHTTPClient sends the Discord adapter's requests (nil: its
// default); tests point it at a fake Discord.
var discordHTTPClient *http.Client
