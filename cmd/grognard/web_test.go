package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/metrics"
	"github.com/grognard/grognard/storage"
)

// TestWebConfig: [web] is checked when it is on, and its key never
// prints.
func TestWebConfig(t *testing.T) {
	t.Setenv("GROGNARD_WEB_LINK_KEY", "")
	good := DefaultConfig().Web
	good.Listen, good.BaseURL = "127.0.0.1:8080", "https://grognard.example.org"
	if bad := good.check(); len(bad) > 0 {
		t.Fatalf("a good [web]: %v", bad)
	}
	for name, c := range map[string]struct {
		edit func(*WebConfig)
		want string
	}{
		"no base-url": {func(c *WebConfig) { c.BaseURL = "" }, "web.base-url"},
		"not http":    {func(c *WebConfig) { c.BaseURL = "ftp://x" }, "web.base-url"},
		"password":    {func(c *WebConfig) { c.BaseURL = "https://club:secret@g.example.org" }, "web.base-url has a user name or password"},
		"fragment":    {func(c *WebConfig) { c.BaseURL = "https://g.example.org/#x" }, "web.base-url"},
		"bad listen":  {func(c *WebConfig) { c.Listen = "8080" }, "web.listen"},
		"short key":   {func(c *WebConfig) { c.LinkKey = "secret" }, "shorter than 32"},
		"bad ttl":     {func(c *WebConfig) { c.LinkTTL = "soon" }, "web.link-ttl"},
		"rate, burst": {func(c *WebConfig) { c.RateBurst = 0 }, "web.rate-burst"},
		"neg. limit":  {func(c *WebConfig) { c.RateLimit = -1 }, "web.rate-limit"},
	} {
		w := good
		c.edit(&w)
		if bad := strings.Join(w.check(), "; "); !strings.Contains(bad, c.want) {
			t.Errorf("%s: %q, want %q", name, bad, c.want)
		}
	}
	if bad := (WebConfig{BaseURL: "nonsense"}).check(); len(bad) > 0 {
		t.Errorf("[web] without listen is off, yet checked: %v", bad)
	}
	w := good
	w.LinkKey = strings.Repeat("k", 40)
	if s := w.String() + w.GoString(); strings.Contains(s, "kkkk") {
		t.Errorf("the link key prints: %s", s)
	}
}

// TestWebLinkKey: without a configured key one is drawn once and kept in
// the store; the environment beats the file.
func TestWebLinkKey(t *testing.T) {
	t.Setenv("GROGNARD_WEB_LINK_KEY", "")
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c := WebConfig{Listen: "127.0.0.1:0", BaseURL: "https://g.example.org/", LinkTTL: "2d"}
	s1, err := c.site(st)
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := c.site(st)
	if len(s1.Key) < 32 || string(s1.Key) != string(s2.Key) || s1.BaseURL != "https://g.example.org" || s1.LinkTTL.Hours() != 48 {
		t.Errorf("drawn key %d bytes, kept: %v, base %q, ttl %v", len(s1.Key), string(s1.Key) == string(s2.Key), s1.BaseURL, s1.LinkTTL)
	}
	c.LinkKey = strings.Repeat("f", 32)
	if s, _ := c.site(st); string(s.Key) != c.LinkKey {
		t.Error("the file's key is not used")
	}
	t.Setenv("GROGNARD_WEB_LINK_KEY", strings.Repeat("e", 32))
	if s, _ := c.site(st); string(s.Key) != strings.Repeat("e", 32) {
		t.Error("the environment's key does not win")
	}
}

// racingStore answers the first read of the link key as if none were
// stored yet: another process stored its key just after that read.
type racingStore struct {
	*storage.Store
	read bool
}

func (r *racingStore) Value(key string) ([]byte, error) {
	if key == keyWebLinkKey && !r.read {
		r.read = true
		return nil, nil
	}
	return r.Store.Value(key)
}

// TestWebLinkKeyRace: two processes on one store that draw a key at
// once keep the one stored first.
func TestWebLinkKeyRace(t *testing.T) {
	t.Setenv("GROGNARD_WEB_LINK_KEY", "")
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	other := []byte(strings.Repeat("o", 64))
	if err := st.PutValue(keyWebLinkKey, other); err != nil { // the other process's key
		t.Fatal(err)
	}
	c := WebConfig{Listen: "127.0.0.1:0", BaseURL: "https://g.example.org"}
	s, err := c.site(&racingStore{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	kept, _ := st.Value(keyWebLinkKey)
	if string(s.Key) != string(other) || string(kept) != string(other) {
		t.Errorf("this process signs with %.8s…, the store keeps %.8s…; the other process signs with %.8s…", s.Key, kept, other)
	}
}

// TestServeWeb serves the site with /healthz and /metrics on one
// listener, and board posts link to it.
func TestServeWeb(t *testing.T) {
	t.Setenv("GROGNARD_WEB_LINK_KEY", "")
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c := WebConfig{Listen: "127.0.0.1:0", BaseURL: "https://g.example.org", LinkTTL: "30d", RateLimit: 240, RateBurst: 60}
	site, err := c.site(st)
	if err != nil {
		t.Fatal(err)
	}
	var app *bot.App
	mx := metrics.New(func() (int, error) { return app.ActiveGames() })
	app, err = bot.New(bot.Config{Store: st, Metrics: mx, Site: site})
	if err != nil {
		t.Fatal(err)
	}
	app.Handle(t.Context(), bot.Request{Platform: "test", Room: "r", User: bot.User{ID: "alice"}, Text: "new gs-1 vs bob"})
	app.Handle(t.Context(), bot.Request{Platform: "test", Room: "r", User: bot.User{ID: "bob"}, Text: "accept"})
	r := app.Handle(t.Context(), bot.Request{Platform: "test", Room: "r", User: bot.User{ID: "carol"}, Text: "g1 status"})
	if !strings.Contains(r.Messages[0].Text, "https://g.example.org/g/g1") {
		t.Errorf("the status does not link to the page: %s", r.Messages[0].Text)
	}
	h, err := c.handler(app, bot.EN, metrics.Handler(mx, app.Health), slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	addr, err := serveHandler(ctx, "web.listen", c.Listen, h, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"/healthz": "ok", "/metrics": "grognard_active_games 1", "/g/g1": "Grands Stratèges", "/": "g1"} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("%s: %d, want %q in %.200s", path, resp.StatusCode, want, b)
		}
	}
}
