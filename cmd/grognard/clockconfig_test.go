package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/metrics"
	"github.com/grognard/grognard/storage"
)

// TestClockConfig: [deadlines], [leagues] and [http] are read into the
// bot's settings, and every bad value is refused with its key.
func TestClockConfig(t *testing.T) {
	cfg, err := ReadConfig(writeConfig(t, `[deadlines]
phase = "2d"
decision = "none"
scenario = ["gs-3=96h"]
reminders = ["25%", "1h"]
time-zone = "Europe/Paris"
[leagues]
format = "swiss"
deadline = "36h"
[http]
listen = "127.0.0.1:0"
`))
	if err != nil {
		t.Fatal(err)
	}
	dl, bad := cfg.Deadlines.bot()
	if len(bad) > 0 || dl.Phase != 48*time.Hour || dl.Decision != 0 || dl.Scenario["gs-3"] != 96*time.Hour ||
		len(dl.Reminders) != 2 || dl.Reminders[0].Fraction != 0.25 || dl.Reminders[1].Before != time.Hour || dl.TZ.String() != "Europe/Paris" {
		t.Errorf("deadlines: %+v %v", dl, bad)
	}
	lg, bad := cfg.Leagues.bot()
	if len(bad) > 0 || lg.Format != "swiss" || lg.Deadline != 36*time.Hour || lg.TieBreak != "sb" {
		t.Errorf("leagues: %+v %v", lg, bad)
	}
	if none, _ := DefaultConfig().Deadlines.bot(); len(none.Reminders) != 2 || none.Phase != 72*time.Hour {
		t.Errorf("defaults: %+v", none)
	}
	if empty, _ := (DeadlinesConfig{}).bot(); empty.Reminders == nil || len(empty.Reminders) != 0 {
		t.Errorf("reminders = [] must mean none, not the default: %#v", empty.Reminders)
	}
	for src, want := range map[string]string{
		"[deadlines]\nphase = \"soon\"\n":             `deadlines.phase "soon"`,
		"[deadlines]\nreminders = [\"150%\"]\n":       "deadlines.reminders",
		"[deadlines]\nscenario = [\"gs-99=1d\"]\n":    `no scenario "gs-99"`,
		"[deadlines]\nscenario = [\"gs-1\"]\n":        "scenario=duration",
		"[deadlines]\ntime-zone = \"Mars/Olympus\"\n": "deadlines.time-zone",
		"[deadlines]\ndigest-hour = 25\n":             "deadlines.digest-hour",
		"[leagues]\nformat = \"knockout\"\n":          "leagues.format",
		"[leagues]\ntiebreak = \"coin\"\n":            "leagues.tiebreak",
		"[http]\nlisten = \"9464\"\n":                 "http.listen",
		"[deadlines]\nphases = \"1d\"\n":              "unknown key(s): deadlines.phases",
	} {
		_, err := ReadConfig(writeConfig(t, src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}

// TestServeHTTP serves /healthz and /metrics of a real App on a free port
// and stops with its context.
func TestServeHTTP(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var app *bot.App
	mx := metrics.New(func() (int, error) { return app.ActiveGames() })
	app, err = bot.New(bot.Config{Store: st, Metrics: mx})
	if err != nil {
		t.Fatal(err)
	}
	req := func(user, text string) {
		app.Handle(t.Context(), bot.Request{Platform: "test", Room: "r", User: bot.User{ID: user}, Text: text})
	}
	req("alice", "new gs-1 vs bob")
	req("bob", "accept")
	req("alice", "deploy auto")
	req("alice", "deploy nowhere")
	ctx, cancel := context.WithCancel(t.Context())
	addr, err := serveHTTP(ctx, HTTPConfig{Listen: "127.0.0.1:0"}, mx, app.Health, slog.Default())
	if err != nil || addr == "" {
		t.Fatalf("listen: %q %v", addr, err)
	}
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	_, body := get("/metrics")
	for _, want := range []string{"grognard_active_games 1", `grognard_orders_total{result="accepted"} 1`, `grognard_orders_total{result="rejected"} 1`, "grognard_order_seconds_count 2"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if _, err := serveHTTP(t.Context(), HTTPConfig{Listen: addr}, mx, app.Health, slog.Default()); err == nil {
		t.Error("a second listener on a busy address started")
	}
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := http.Get("http://" + addr + "/healthz"); err != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Error("the listener still answers after its context ended")
}

// TestBench runs a small benchmark through the terminal room and checks
// that it reports every figure (the figures themselves are not asserted:
// no test asserts time).
func TestBench(t *testing.T) {
	out, err := runMain(t, "", "bench", "--games", "2", "--orders", "6", "--nosync", "--images", "--workers", "2")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"2 games of gs-1 · 6 orders · images true", "set-up: 2 games created and started",
		"orders: 6 sent in", "order-to-reply latency: p50", "images: ", "peak RSS: "} {
		if !strings.Contains(out, want) {
			t.Errorf("bench output lacks %q:\n%s", want, out)
		}
	}
	if _, err := runMain(t, "", "bench", "--games", "0"); err == nil {
		t.Error("--games 0 accepted")
	}
}
