package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/web"
	"github.com/grognard/grognard/storage"
)

// WebConfig is [web]: the read-only web view of the games and leagues
// (bot/web, docs/web.md). It is on when listen is set.
type WebConfig struct {
	// Listen is host:port ("" : no site). When it is [http] listen, or
	// [http] has none, the site's listener also serves /healthz and
	// /metrics.
	Listen string `toml:"listen"`
	// BaseURL is the site's public address, as players reach it (behind
	// a reverse proxy: the proxy's); board posts link to it.
	BaseURL string `toml:"base-url"`
	// LinkKey signs the private links (at least 32 characters);
	// GROGNARD_WEB_LINK_KEY wins. Without either, a random key is drawn
	// once and kept in the store. It is never logged.
	LinkKey string `toml:"link-key"`
	// LinkTTL is how long a private link works (default 30d).
	LinkTTL string `toml:"link-ttl"`
	// RateLimit is the requests a minute one client may make (0: no
	// limit), RateBurst how many at once.
	RateLimit float64 `toml:"rate-limit"`
	RateBurst int     `toml:"rate-burst"`
}

// String hides the link key.
func (c WebConfig) String() string {
	c.LinkKey = strings.Repeat("*", min(len(c.LinkKey), 3))
	type plain WebConfig
	return fmt.Sprintf("%+v", plain(c))
}

// GoString hides the link key.
func (c WebConfig) GoString() string { return c.String() }

func (c WebConfig) enabled() bool { return c.Listen != "" }

func (c WebConfig) check() []string {
	if !c.enabled() {
		return nil
	}
	var bad []string
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		bad = append(bad, fmt.Sprintf("web.listen %q: host:port, such as 127.0.0.1:8080", c.Listen))
	}
	if u, err := url.Parse(c.BaseURL); c.BaseURL == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		bad = append(bad, fmt.Sprintf("web.base-url %q: the site's public address, such as https://grognard.example.org", c.BaseURL))
	} else if u.User != nil {
		// Every board post carries the address: a password in it would be
		// posted in every room.
		bad = append(bad, "web.base-url has a user name or password: every board post would show it")
	}
	if k := c.linkKey(os.Getenv); k != "" && len(k) < 32 {
		bad = append(bad, "web.link-key is shorter than 32 characters")
	}
	if _, err := configDuration("web.link-ttl", c.LinkTTL); err != nil {
		bad = append(bad, err.Error())
	}
	if c.RateLimit < 0 {
		bad = append(bad, "web.rate-limit is negative")
	}
	if c.RateLimit > 0 && c.RateBurst < 1 {
		bad = append(bad, "web.rate-burst must be at least 1")
	}
	return bad
}

func (c WebConfig) linkKey(getenv func(string) string) string {
	if v := strings.TrimSpace(getenv("GROGNARD_WEB_LINK_KEY")); v != "" {
		return v
	}
	return c.LinkKey
}

// keyWebLinkKey keeps the drawn link key in the store when none is
// configured.
const keyWebLinkKey = "web/link-key"

// site is the bot's side of the web view: its address and the link key
// (from the environment, the file, or the store).
func (c WebConfig) site(st storage.Backend) (bot.Site, error) {
	if !c.enabled() {
		return bot.Site{}, nil
	}
	ttl, _ := configDuration("web.link-ttl", c.LinkTTL)
	s := bot.Site{BaseURL: strings.TrimSuffix(c.BaseURL, "/"), LinkTTL: ttl}
	if k := c.linkKey(os.Getenv); k != "" {
		s.Key = []byte(k)
		return s, nil
	}
	stored, err := st.Value(keyWebLinkKey)
	if err != nil {
		return s, err
	}
	if len(stored) == 0 {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return s, err
		}
		// Only over no key: processes sharing a store (storage/postgres)
		// that start together keep the one key that was stored first,
		// or each would refuse the links the others sign.
		fresh := []byte(hex.EncodeToString(b))
		ok, err := st.SwapValue(keyWebLinkKey, nil, fresh)
		if err != nil {
			return s, err
		}
		stored = fresh
		if !ok {
			if stored, err = st.Value(keyWebLinkKey); err != nil {
				return s, err
			}
			if len(stored) == 0 {
				return s, fmt.Errorf("web: the link key in the store (%s) is empty", keyWebLinkKey)
			}
		}
	}
	s.Key = stored
	return s, nil
}

// handler is the site, serving ops (/healthz, /metrics) too.
func (c WebConfig) handler(app *bot.App, lang bot.Lang, ops http.Handler, logger *slog.Logger) (http.Handler, error) {
	return web.New(web.Options{App: app, Ops: ops, Lang: lang, RatePerMinute: c.RateLimit, RateBurst: c.RateBurst, Logger: logger, Now: time.Now})
}
