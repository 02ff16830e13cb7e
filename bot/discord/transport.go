package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// globalGate is the HTTP transport under discordgo. discordgo keeps the
// per-route buckets (X-RateLimit-Remaining / Reset-After) and sleeps
// retry_after before retrying a 429, but a global 429 only delays the
// request that got it. The gate holds back every other request too until
// the global limit is over — except interaction callbacks and interaction
// webhooks, which Discord exempts from the global limit.
type globalGate struct {
	next  http.RoundTripper
	log   func() *slog.Logger
	mu    sync.Mutex
	until time.Time
}

func (g *globalGate) RoundTrip(r *http.Request) (*http.Response, error) {
	if !exemptFromGlobal(r.URL.Path) {
		g.mu.Lock()
		wait := time.Until(g.until)
		g.mu.Unlock()
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return nil, r.Context().Err()
			}
		}
	}
	resp, err := g.next.RoundTrip(r)
	if err != nil || resp.StatusCode != http.StatusTooManyRequests {
		return resp, err
	}
	body, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if rerr != nil {
		return resp, nil
	}
	var rl struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	json.Unmarshal(body, &rl)
	global := rl.Global || resp.Header.Get("X-RateLimit-Global") != ""
	after := time.Duration(rl.RetryAfter * float64(time.Second))
	if after <= 0 {
		if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil {
			after = time.Duration(s * float64(time.Second))
		}
	}
	g.log().Warn("discord: rate limited", "route", redact(r.URL.Path, ""), "global", global, "retry_after", after)
	if global && after > 0 {
		g.mu.Lock()
		if u := time.Now().Add(after); u.After(g.until) {
			g.until = u
		}
		g.mu.Unlock()
	}
	return resp, nil
}

func exemptFromGlobal(path string) bool {
	return strings.Contains(path, "/interactions/") || strings.Contains(path, "/webhooks/")
}

// Secrets in URLs: interaction tokens are in webhook and callback paths.
var (
	webhookToken     = regexp.MustCompile(`(webhooks/[0-9]+/)[^/?\s"]+`)
	interactionToken = regexp.MustCompile(`(interactions/[0-9]+/)[^/?\s"]+`)
)

// redact removes a bot token and every interaction token from a text
// bound for a log.
func redact(s, token string) string {
	if token != "" {
		s = strings.ReplaceAll(s, token, "[token]")
	}
	s = webhookToken.ReplaceAllString(s, "${1}[token]")
	return interactionToken.ReplaceAllString(s, "${1}[token]")
}

// discordgo logs through one package-level function. The hook installed
// once sends its lines to the logger of every running Bot, with every
// running Bot's token and any interaction token removed. discordgo's own
// Debug flag (which prints request headers with the token through the
// standard log package) is never set.
var logHook struct {
	once sync.Once
	mu   sync.Mutex
	bots map[*Bot]bool
}

func hookLogs(b *Bot) {
	logHook.once.Do(func() {
		discordgo.Logger = func(level, _ int, format string, a ...any) {
			msg := fmt.Sprintf(format, a...)
			logHook.mu.Lock()
			bots := make([]*Bot, 0, len(logHook.bots))
			for x := range logHook.bots {
				bots = append(bots, x)
			}
			logHook.mu.Unlock()
			for _, x := range bots {
				msg = redact(msg, x.cfg.Token)
			}
			// discordgo's informational lines ("called", "exiting" …) are
			// debug lines here.
			lv := slog.LevelDebug
			switch level {
			case discordgo.LogError:
				lv = slog.LevelError
			case discordgo.LogWarning:
				lv = slog.LevelWarn
			}
			for _, x := range bots {
				x.log.Log(context.Background(), lv, "discordgo: "+strings.TrimSpace(msg))
			}
		}
	})
	logHook.mu.Lock()
	defer logHook.mu.Unlock()
	if logHook.bots == nil {
		logHook.bots = map[*Bot]bool{}
	}
	logHook.bots[b] = true
}

func unhookLogs(b *Bot) {
	logHook.mu.Lock()
	defer logHook.mu.Unlock()
	delete(logHook.bots, b)
}

// elsewhere sends the requests for discord.com to another address
// (Config.APIURL), keeping their paths.
type elsewhere struct {
	to   *url.URL
	next http.RoundTripper
}

func (e *elsewhere) RoundTrip(r *http.Request) (*http.Response, error) {
	switch r.URL.Host {
	case "discord.com", "discordapp.com":
	default:
		return e.next.RoundTrip(r)
	}
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = e.to.Scheme, e.to.Host, e.to.Host
	if p := strings.TrimSuffix(e.to.Path, "/"); p != "" {
		r2.URL.Path = p + r.URL.Path
	}
	return e.next.RoundTrip(r2)
}
