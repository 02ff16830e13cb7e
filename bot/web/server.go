package web

import (
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/internal/bounded"
	"github.com/grognard/grognard/storage"
)

//go:embed templates/*.html static/*
var files embed.FS

// Options configures the site.
type Options struct {
	// App is the chat application whose games and leagues the site shows.
	App *bot.App
	// Ops serves /healthz and /metrics on the same listener (nil: not
	// served); bot/metrics.Handler.
	Ops http.Handler
	// Lang is the language of a browser that asks for neither en nor fr.
	Lang bot.Lang
	// RatePerMinute is the requests one client (one IP address) may make
	// a minute, RateBurst how many at once; 0: no limit.
	RatePerMinute float64
	RateBurst     int
	// Now is the clock (default time.Now).
	Now    func() time.Time
	Logger *slog.Logger
}

// DefaultRate is the per-client limit of `grognard serve`: a page, its
// image and its two static files are four requests.
const (
	DefaultRatePerMinute = 240
	DefaultRateBurst     = 60
)

// Server is the read-only web view: an http.Handler.
type Server struct {
	o     Options
	mux   *http.ServeMux
	pages map[bot.Lang]map[string]*template.Template
	rate  *limiter
	// cache holds the pages built, by game version (pages.go).
	cache *bounded.Map[string, *page]
}

// New returns the site's handler.
func New(o Options) (*Server, error) {
	if o.App == nil {
		return nil, errors.New("web: Options.App is nil")
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if _, ok := bot.ParseLang(string(o.Lang)); !ok {
		o.Lang = bot.EN
	}
	s := &Server{o: o, mux: http.NewServeMux(), pages: map[bot.Lang]map[string]*template.Template{},
		cache: &bounded.Map[string, *page]{Max: pageCacheSize}}
	if o.RatePerMinute > 0 {
		s.rate = newLimiter(o.RatePerMinute, max(o.RateBurst, 1), o.Now)
	}
	for _, l := range bot.Langs {
		s.pages[l] = map[string]*template.Template{}
		for _, page := range []string{"index", "game", "league", "error"} {
			t, err := template.New("layout.html").Funcs(funcs(l)).ParseFS(files, "templates/layout.html", "templates/"+page+".html")
			if err != nil {
				return nil, fmt.Errorf("web: template %s: %w", page, err)
			}
			s.pages[l][page] = t
		}
	}
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /g/{id}", s.game)
	s.mux.HandleFunc("GET /g/{id}/board.png", s.board)
	s.mux.HandleFunc("GET /g/{id}/export", s.export)
	s.mux.HandleFunc("GET /p/{token}", s.game)
	s.mux.HandleFunc("GET /p/{token}/board.png", s.board)
	s.mux.HandleFunc("GET /p/{token}/export", s.export)
	s.mux.HandleFunc("GET /l/{id}", s.league)
	s.mux.HandleFunc("GET /static/{file}", s.static)
	if o.Ops != nil {
		s.mux.Handle("GET /healthz", o.Ops)
		s.mux.Handle("GET /metrics", o.Ops)
	}
	s.mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, "err.not-found")
	})
	return s, nil
}

// ServeHTTP adds the security headers, applies the rate limit and
// serves the request. A panic is recovered (bot.App.Guard logs its stack
// under a reference, with the path's token hidden) and answered 500 with
// the reference: no request stops the site.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sw := &statusWriter{ResponseWriter: w}
	if ref := s.o.App.Guard("web", func() { s.serve(sw, r) }, "path", redactPath(r.URL.Path)); ref != "" && !sw.wrote {
		sw.Header().Del("Content-Length")
		sw.Header().Del("ETag")
		s.fail(sw, r, http.StatusInternalServerError, "err.panic", "ref", ref)
	}
}

// statusWriter remembers whether the answer was begun.
type statusWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *statusWriter) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	// Private links carry their token in the address: never sent on.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if s.rate != nil && r.URL.Path != "/healthz" && r.URL.Path != "/metrics" {
		if wait, ok := s.rate.allow(clientOf(r)); !ok {
			h.Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
			s.fail(w, r, http.StatusTooManyRequests, "err.rate")
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// clientOf is the client a request is counted against: its IP address,
// or for IPv6 its /64 (one subscriber's network: anyone holds 2⁶⁴
// addresses of his own, and one bucket each would be no limit). A reverse
// proxy in front should keep its own limit.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.WithZone("").Prefix(64)
		return p.String()
	}
	return ip.String()
}

// langOf is the reader's language: ?lang=, then Accept-Language, then
// the site's.
func (s *Server) langOf(r *http.Request) bot.Lang {
	if l, ok := langAsked(r); ok {
		return l
	}
	best, bestQ := s.o.Lang, -1.0
	// The first tags only: a header of a megabyte of commas is not split
	// into a slice of a million strings.
	rest := r.Header.Get("Accept-Language")
	for n := 0; rest != "" && n < maxLangTags; n++ {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if len(tag) > 35 { // longer than any language tag
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if !(q > 0) { // q=0: "not this language"; NaN
			continue
		}
		base, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if l, ok := bot.ParseLang(base); ok && base != "" && q > bestQ {
			best, bestQ = l, q
		}
	}
	return best
}

// langAsked is the language the address chose (?lang=), if any.
func langAsked(r *http.Request) (bot.Lang, bool) {
	v := r.URL.Query().Get("lang")
	l, ok := bot.ParseLang(v)
	return l, ok && v != ""
}

// maxLangTags is how many tags of Accept-Language are read.
const maxLangTags = 16

// fail answers with an error page: the message of key, its placeholders
// filled with kv (name, value pairs).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, code int, key string, kv ...any) {
	l := s.langOf(r)
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, code, l, "error", map[string]any{"Title": T(l, "err.title", "code", code), "Message": T(l, key, kv...), "Code": code})
}

// quote shows a piece of the address in an error message: quoted, at
// most 40 characters (the template escapes it).
func quote(v string) string {
	if r := []rune(v); len(r) > 40 {
		v = string(r[:40]) + "…"
	}
	return strconv.Quote(v)
}

// render writes a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, code int, l bot.Lang, page string, data map[string]any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	if err := s.execute(w, r, l, page, data); err != nil {
		s.o.Logger.Warn("web: page", "page", page, "err", err)
	}
}

// execute runs a page's template.
func (s *Server) execute(w io.Writer, r *http.Request, l bot.Lang, page string, data map[string]any) error {
	data["Lang"] = l
	data["Other"] = otherLang(l)
	// The same page (its step) in the other language; nothing else of the
	// address, which a built page kept for every viewer must not echo.
	q := url.Values{"lang": {string(otherLang(l))}}
	if n, err := strconv.Atoi(r.URL.Query().Get("step")); err == nil && n >= 0 {
		q.Set("step", strconv.Itoa(n))
	}
	data["LangQuery"] = "?" + q.Encode()
	return s.pages[l][page].Execute(w, data)
}

func otherLang(l bot.Lang) bot.Lang {
	if l == bot.FR {
		return bot.EN
	}
	return bot.FR
}

// viewOf resolves a request's game and viewer: /g/{id} is the
// spectator's view, /p/{token} a side's. It writes the error page and
// returns false when the request cannot be served.
func (s *Server) viewOf(w http.ResponseWriter, r *http.Request) (id string, viewer game.Side, base string, ok bool) {
	if tok := r.PathValue("token"); tok != "" {
		link, err := s.o.App.OpenLink(tok)
		switch {
		case err == nil:
			return link.Game, link.Side, "/p/" + tok, true
		case errors.Is(err, bot.ErrLinkExpired):
			s.fail(w, r, http.StatusGone, "err.expired")
		case errors.Is(err, bot.ErrLinkRevoked):
			s.fail(w, r, http.StatusGone, "err.revoked")
		case errors.Is(err, bot.ErrLinkInvalid), errors.Is(err, storage.ErrNotFound):
			s.fail(w, r, http.StatusForbidden, "err.forged")
		case errors.Is(err, bot.ErrNoSite):
			s.fail(w, r, http.StatusNotFound, "err.no-links")
		default:
			s.internal(w, r, err)
		}
		return "", game.Nobody, "", false
	}
	id = r.PathValue("id")
	return id, game.Nobody, "/g/" + id, true
}

// stepView is viewOf and the step of the replay asked for (?step=;
// absent: the latest, -1).
func (s *Server) stepView(w http.ResponseWriter, r *http.Request) (id string, viewer game.Side, base string, step int, ok bool) {
	if id, viewer, base, ok = s.viewOf(w, r); !ok {
		return
	}
	step = -1
	if v := r.URL.Query().Get("step"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n >= 1<<20 {
			s.fail(w, r, http.StatusBadRequest, "err.step-bad", "value", quote(v))
			return "", game.Nobody, "", 0, false
		}
		step = n
	}
	return id, viewer, base, step, true
}

func (s *Server) internal(w http.ResponseWriter, r *http.Request, err error) {
	s.o.Logger.Error("web: request", "path", redactPath(r.URL.Path), "err", err)
	s.fail(w, r, http.StatusInternalServerError, "err.internal")
}

// redactPath hides a private link's token from the log.
func redactPath(p string) string {
	if rest, ok := strings.CutPrefix(p, "/p/"); ok {
		_, tail, _ := strings.Cut(rest, "/")
		return "/p/…/" + tail
	}
	return p
}

// maxClients is how many clients' buckets the limiter keeps.
const maxClients = 10000

// limiter is a token bucket per client.
type limiter struct {
	mu      sync.Mutex
	perSec  float64
	burst   float64
	now     func() time.Time
	clients map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(perMinute float64, burst int, now func() time.Time) *limiter {
	return &limiter{perSec: perMinute / 60, burst: float64(burst), now: now, clients: map[string]*bucket{}}
}

// allow takes a token of client's bucket, or says how long to wait.
func (l *limiter) allow(client string) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.clients[client]
	if b == nil {
		if len(l.clients) >= maxClients { // forget the clients whose buckets are full again
			for k, v := range l.clients {
				if now.Sub(v.at).Seconds()*l.perSec+v.tokens >= l.burst {
					delete(l.clients, k)
				}
			}
			// Still full (many clients at once): forget any, down to 90 %,
			// so that memory stays bounded and the next sweep is
			// a thousand new clients away. A client forgotten starts a
			// full bucket again.
			for k := range l.clients {
				if len(l.clients) < maxClients*9/10 {
					break
				}
				delete(l.clients, k)
			}
		}
		b = &bucket{tokens: l.burst, at: now}
		l.clients[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.perSec)
	b.at = now
	if b.tokens < 1 {
		return time.Duration((1 - b.tokens) / l.perSec * float64(time.Second)), false
	}
	b.tokens--
	return 0, true
}
