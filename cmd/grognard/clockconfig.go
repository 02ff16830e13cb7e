package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/metrics"
	"github.com/grognard/grognard/scenarios"
)

// DeadlinesConfig is [deadlines]: the clock of games (bot.Deadlines).
// Durations are written 90m, 48h, 3d, 1d12h; "none" (or "0") for no
// deadline.
type DeadlinesConfig struct {
	// Phase is the time allowed for a phase when `new` sets none.
	Phase string `toml:"phase"`
	// Decision is the time allowed for a pending decision.
	Decision string `toml:"decision"`
	// Scenario overrides Phase per scenario: ["gs-3=96h", "ptg-standard=5d"].
	Scenario WordList `toml:"scenario"`
	// Reminders before each deadline: "50%" (half time), "2h" (before).
	Reminders    WordList `toml:"reminders"`
	VacationDays int      `toml:"vacation-days"`
	DigestHour   int      `toml:"digest-hour"`
	MaxExtend    string   `toml:"max-extend"`
	TimeZone     string   `toml:"time-zone"`
	// Lease is how long a process that dies while firing a game's timers
	// keeps them from the other processes on a shared store (bot.Config.LeaseTTL).
	Lease string `toml:"lease"`
}

// lease is Lease as a duration (0: the bot's default).
func (c DeadlinesConfig) lease() (time.Duration, error) {
	return configDuration("deadlines.lease", c.Lease)
}

// LeaguesConfig is [leagues]: what `league new` leaves out.
type LeaguesConfig struct {
	Format   string `toml:"format"`
	TieBreak string `toml:"tiebreak"`
	// Deadline of league games ("" : the scenario's phase deadline).
	Deadline     string `toml:"deadline"`
	VacationDays int    `toml:"vacation-days"`
}

// HTTPConfig is [http]: the operators' listener (/healthz, /metrics).
type HTTPConfig struct {
	// Listen is host:port ("" : no listener).
	Listen string `toml:"listen"`
}

// configDuration reads a duration of the configuration; "", "0" and
// "none" are 0.
func configDuration(key, v string) (time.Duration, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "none":
		return 0, nil
	}
	d, err := bot.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%s %q: a duration such as 48h or 3d", key, v)
	}
	return d, nil
}

// bot converts the section, naming the key of every error.
func (c DeadlinesConfig) bot() (bot.Deadlines, []string) {
	var bad []string
	var out bot.Deadlines
	var err error
	if out.Phase, err = configDuration("deadlines.phase", c.Phase); err != nil {
		bad = append(bad, err.Error())
	}
	if out.Decision, err = configDuration("deadlines.decision", c.Decision); err != nil {
		bad = append(bad, err.Error())
	}
	if out.MaxExtend, err = configDuration("deadlines.max-extend", c.MaxExtend); err != nil {
		bad = append(bad, err.Error())
	}
	for _, w := range strings.Fields(string(c.Scenario)) {
		id, v, ok := strings.Cut(w, "=")
		if !ok {
			bad = append(bad, fmt.Sprintf("deadlines.scenario %q: write scenario=duration (gs-3=96h)", w))
			continue
		}
		if _, err := scenarios.Load(id); err != nil {
			bad = append(bad, fmt.Sprintf("deadlines.scenario: no scenario %q", id))
			continue
		}
		d, err := configDuration("deadlines.scenario "+id, v)
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		if out.Scenario == nil {
			out.Scenario = map[string]time.Duration{}
		}
		out.Scenario[id] = d
	}
	out.Reminders = []bot.Reminder{}
	for _, w := range strings.Fields(string(c.Reminders)) {
		r, err := bot.ParseReminder(w)
		if err != nil {
			bad = append(bad, "deadlines.reminders: "+err.Error())
			continue
		}
		out.Reminders = append(out.Reminders, r)
	}
	if c.VacationDays < 0 || c.VacationDays > 366 {
		bad = append(bad, fmt.Sprintf("deadlines.vacation-days %d (0 to 366)", c.VacationDays))
	}
	out.VacationDays = c.VacationDays
	if c.DigestHour < 0 || c.DigestHour > 24 {
		bad = append(bad, fmt.Sprintf("deadlines.digest-hour %d (0 to 24)", c.DigestHour))
	}
	out.DigestHour = c.DigestHour
	if c.TimeZone != "" {
		loc, err := time.LoadLocation(c.TimeZone)
		if err != nil || c.TimeZone == "Local" {
			bad = append(bad, fmt.Sprintf("deadlines.time-zone %q: an IANA time zone such as Europe/Paris, or UTC", c.TimeZone))
		}
		out.TZ = loc
	}
	return out, bad
}

// bot converts the section, naming the key of every error.
func (c LeaguesConfig) bot() (bot.LeagueDefaults, []string) {
	var bad []string
	out := bot.LeagueDefaults{Format: c.Format, TieBreak: c.TieBreak, VacationDays: c.VacationDays}
	if c.Format != "round-robin" && c.Format != "swiss" {
		bad = append(bad, fmt.Sprintf("leagues.format %q (round-robin or swiss)", c.Format))
	}
	if c.TieBreak != "sb" && c.TieBreak != "h2h" {
		bad = append(bad, fmt.Sprintf("leagues.tiebreak %q (sb or h2h)", c.TieBreak))
	}
	d, err := configDuration("leagues.deadline", c.Deadline)
	if err != nil {
		bad = append(bad, err.Error())
	}
	out.Deadline = d
	if c.VacationDays < 0 || c.VacationDays > 366 {
		bad = append(bad, fmt.Sprintf("leagues.vacation-days %d (0 to 366)", c.VacationDays))
	}
	return out, bad
}

func (c HTTPConfig) check() []string {
	if c.Listen == "" {
		return nil
	}
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return []string{fmt.Sprintf("http.listen %q: host:port, such as 127.0.0.1:9464", c.Listen)}
	}
	return nil
}

// checkClock lists the errors of [deadlines], [leagues] and [http].
func (c Config) checkClock() []string {
	_, bad := c.Deadlines.bot()
	if _, err := c.Deadlines.lease(); err != nil {
		bad = append(bad, err.Error())
	}
	_, lbad := c.Leagues.bot()
	return append(append(bad, lbad...), c.HTTP.check()...)
}

// serveHTTP opens the operators' listener (when configured) and serves
// /healthz and /metrics until ctx ends. It returns once listening (an
// address already in use is an error at start-up) and the address.
func serveHTTP(ctx context.Context, cfg HTTPConfig, m *metrics.Metrics, health func() error, logger *slog.Logger) (string, error) {
	if cfg.Listen == "" {
		return "", nil
	}
	return serveHandler(ctx, "http.listen", cfg.Listen, metrics.Handler(m, health), logger)
}

// serveHandler serves h on addr until ctx ends; it returns once
// listening, with the address (key names the setting in errors).
func serveHandler(ctx context.Context, key, addr string, h http.Handler, logger *slog.Logger) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("%s: %w", key, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("grognard: http listener", "err", err)
		}
	}()
	return ln.Addr().String(), nil
}

// runScheduler runs the App's scheduler until ctx ends; the returned
// function stops it and waits for it.
func runScheduler(ctx context.Context, app *bot.App, logger *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := app.RunScheduler(ctx, nil); err != nil && !errors.Is(err, context.Canceled) {
			logger.Error("grognard: scheduler", "err", err)
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
