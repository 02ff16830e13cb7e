package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
)

// TestRoutes asks every route for a good and a bad page and checks the
// status code, the content type and the security headers of each answer.
func TestRoutes(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	s.say("dan", "new gs-1") // g2, an open challenge: no board yet
	priv := s.privatePath("alice", "g1")
	league := s.leagueWithResults()
	tampered := priv[:len(priv)-2] + "xx"
	if strings.HasSuffix(priv, "xx") {
		tampered = priv[:len(priv)-2] + "yy"
	}
	// A link signed with another key.
	other := newSite(t, nil)
	other.manGame()
	foreign := other.privatePath("alice", "g1")
	for _, c := range []struct {
		path  string
		code  int
		ctype string
		has   string
	}{
		{"/", 200, "text/html", "g1"},
		{"/g/g1", 200, "text/html", "Manœuvre"},
		{"/g/g1?step=0", 200, "text/html", "after record 0 of"},
		{"/g/g1?step=abc", 400, "text/html", "does not exist"},
		{"/g/g1?step=-3", 400, "text/html", ""},
		{"/g/g1?step=999", 404, "text/html", "does not exist"},
		{"/g/g99", 404, "text/html", "no such game"},
		{"/g/g2", 200, "text/html", "waiting for its players"},
		{"/g/g2/board.png", 404, "text/html", "no board picture"},
		{"/g/G%2F1", 404, "text/html", "no such game"},
		{"/g/" + strings.Repeat("x", 300), 404, "text/html", "no such game"},
		{"/g/g1/board.png", 200, "image/png", ""},
		{"/g/g1/board.png?step=0", 200, "image/png", ""},
		{"/g/g1/board.png?step=x", 400, "text/html", ""},
		{"/g/g99/board.png", 404, "text/html", ""},
		{"/g/g1/export", 200, "application/jsonl", `"view":"spectator"`},
		{"/g/g99/export", 404, "text/html", ""},
		{priv, 200, "text/html", "Private view of side A"},
		{priv + "/board.png", 200, "image/png", ""},
		{priv + "/export", 200, "application/jsonl", `"view":"A"`},
		{"/p/forged", 403, "text/html", "not valid"},
		{"/p/forged.link", 403, "text/html", "not valid"},
		{tampered, 403, "text/html", "not valid"},
		{foreign, 403, "text/html", "not valid"},
		{tampered + "/board.png", 403, "text/html", ""},
		{"/l/" + url.PathEscape(league), 200, "text/html", "spring"},
		{"/l/test:r1%2Fnone", 404, "text/html", "no such league"},
		{"/static/site.css", 200, "text/css", "body"},
		{"/static/game.js", 200, "text/javascript", "replay"},
		{"/static/nope.js", 404, "text/html", ""},
		{"/nope", 404, "text/html", "no such page"},
		{"/healthz", 404, "text/html", ""}, // no Ops handler in this site
	} {
		resp, body := s.get(c.path)
		if resp.StatusCode != c.code {
			t.Errorf("GET %s: %d, want %d\n%.300s", c.path, resp.StatusCode, c.code, body)
			continue
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %s", c.path, ct, c.ctype)
		}
		if !strings.Contains(body, c.has) {
			t.Errorf("GET %s: the answer lacks %q:\n%.500s", c.path, c.has, body)
		}
		h := resp.Header
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") ||
			h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("GET %s: security headers missing: %v", c.path, h)
		}
	}
	// The site is read-only.
	for _, p := range []string{"/g/g1", priv, "/g/g1/export"} {
		resp, err := s.srv.Client().Post(s.srv.URL+p, "text/plain", strings.NewReader("x"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: %d, want 405", p, resp.StatusCode)
		}
	}
}

// TestPrivateLinkLifetime: a private link stops working when it expires,
// when its player revokes his links, and when his seat changes hands; the
// answer tells which.
func TestPrivateLinkLifetime(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	priv := s.privatePath("alice", "g1")
	if resp, _ := s.get(priv); resp.StatusCode != 200 {
		t.Fatalf("a fresh link: %d", resp.StatusCode)
	}
	// bob's revocation does not touch alice's link.
	s.say("bob", "link revoke")
	if resp, _ := s.get(priv); resp.StatusCode != 200 {
		t.Fatalf("after another player's revoke: %d", resp.StatusCode)
	}
	r := s.say("alice", "link revoke")
	if got := texts(r); !strings.Contains(got, "stops working") || r.Messages[0].To == nil {
		t.Errorf("link revoke answers %q (private: %v)", got, r.Messages[0].To)
	}
	if resp, body := s.get(priv); resp.StatusCode != http.StatusGone || !strings.Contains(body, "revoked") {
		t.Errorf("a revoked link: %d %.200s", resp.StatusCode, body)
	}
	if resp, _ := s.get(priv + "/board.png"); resp.StatusCode != http.StatusGone {
		t.Errorf("a revoked link's image: %d", resp.StatusCode)
	}
	fresh := s.privatePath("alice", "g1")
	if resp, _ := s.get(fresh); resp.StatusCode != 200 {
		t.Fatalf("a link after the revocation: %d", resp.StatusCode)
	}
	s.advance(49 * time.Hour) // the site's links live 48 h
	if resp, body := s.get(fresh); resp.StatusCode != http.StatusGone || !strings.Contains(body, "expired") {
		t.Errorf("an expired link: %d %.200s", resp.StatusCode, body)
	}
	// A spectator asking for a link is told the public page.
	if got := texts(s.say("carol", "g1 link")); !strings.Contains(got, "You do not play g1") || !strings.Contains(got, testBase+"/g/g1") {
		t.Errorf("a spectator's link: %s", got)
	}
}

// TestLinkOff: without a web view, `link` says so and board posts carry
// no page.
func TestLinkOff(t *testing.T) {
	s := newSite(t, nil)
	app, err := bot.New(bot.Config{Store: s.store, Renderer: hashRenderer{}, Now: s.clock})
	if err != nil {
		t.Fatal(err)
	}
	s.app = app
	s.manGame()
	r := s.say("alice", "g1 board")
	if got := texts(r); strings.Contains(got, "Web page") {
		t.Errorf("a board post links to a site that is not there: %s", got)
	}
	if got := texts(s.say("alice", "g1 link")); !strings.Contains(got, "no web view") {
		t.Errorf("link without a site: %s", got)
	}
	if _, err := app.OpenLink("x.y"); err != bot.ErrNoSite {
		t.Errorf("OpenLink without a key: %v", err)
	}
}

// TestBoardPostsLink: board posts and status messages carry the game's
// page.
func TestBoardPostsLink(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	want := "Web page: " + testBase + "/g/g1"
	for _, line := range []string{"g1 board", "g1 status"} {
		r := s.say("carol", line)
		if got := texts(r); !strings.Contains(got, want) {
			t.Errorf("%s: no link to the page:\n%s", line, got)
		}
	}
	if got := texts(s.say("carol", "g1 history")); strings.Contains(got, want) {
		t.Errorf("history (neither a board nor a status) got the link:\n%s", got)
	}
}

// TestCacheHeaders: a live game's page is revalidated (and answers 304
// to its ETag), a finished game's is cached, an image asked for with its
// version is immutable, a private page is never stored.
func TestCacheHeaders(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	priv := s.privatePath("alice", "g1")
	resp, body := s.get("/g/g1")
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("a live game's page: Cache-Control %q", cc)
	}
	etag := resp.Header.Get("ETag")
	if r2, _ := s.get("/g/g1", "If-None-Match", etag); etag == "" || r2.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation with ETag %q: %d", etag, r2.StatusCode)
	}
	img := between(body, `id="board-img" src="`, `"`)
	img = strings.ReplaceAll(img, "&amp;", "&")
	if r, _ := s.get(img); !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("the page's image %s: Cache-Control %q", img, r.Header.Get("Cache-Control"))
	}
	if r, _ := s.get("/g/g1/board.png"); r.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("an image without its version: Cache-Control %q", r.Header.Get("Cache-Control"))
	}
	if r, _ := s.get(priv); r.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("a private page: Cache-Control %q", r.Header.Get("Cache-Control"))
	}
	s.say("bob", "g1 concede yes")
	r, _ := s.get("/g/g1")
	if cc := r.Header.Get("Cache-Control"); !strings.HasPrefix(cc, "public, max-age=") {
		t.Errorf("a finished game's page: Cache-Control %q", cc)
	}
	if r.Header.Get("ETag") == etag {
		t.Error("the ETag did not change when the game ended")
	}
}

// TestRateLimit: a client that asks too fast is told to wait; another
// client is not.
func TestRateLimit(t *testing.T) {
	s := newSite(t, nil)
	web, err := New(Options{App: s.app, Now: s.clock, RatePerMinute: 60, RateBurst: 3})
	if err != nil {
		t.Fatal(err)
	}
	get := func(addr string) *http.Response {
		req, _ := http.NewRequest("GET", "/static/site.css", nil)
		req.RemoteAddr = addr
		w := newRecorder()
		web.ServeHTTP(w, req)
		return w.Result()
	}
	for i := range 3 {
		if r := get("192.0.2.1:1000"); r.StatusCode != 200 {
			t.Fatalf("request %d within the burst: %d", i+1, r.StatusCode)
		}
	}
	r := get("192.0.2.1:1001")
	if r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("over the burst: %d, Retry-After %q", r.StatusCode, r.Header.Get("Retry-After"))
	}
	if r := get("192.0.2.2:1000"); r.StatusCode != 200 {
		t.Errorf("another client: %d", r.StatusCode)
	}
	s.advance(time.Second) // one request a second comes back
	if r := get("192.0.2.1:1000"); r.StatusCode != 200 {
		t.Errorf("a second later: %d", r.StatusCode)
	}
}

// TestLanguage: ?lang= wins, then Accept-Language; the games' own texts
// follow.
func TestLanguage(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	for _, c := range []struct {
		path, accept, want, not string
	}{
		{"/g/g1", "", "Spectator", "Vue du spectateur"},
		{"/g/g1", "fr-FR,fr;q=0.9,en;q=0.5", "Vue du spectateur", "Spectator"},
		{"/g/g1", "de, en;q=0.4, fr;q=0.8", "Historique", "History"},
		{"/g/g1?lang=en", "fr", "History", "Historique"},
		{"/g/g1?lang=fr", "", "tour 1", "turn 1"},
		{"/g/g99?lang=fr", "", "existe pas", "no such game"},
		{"/g/g1?step=1", "", `href="?lang=fr&amp;step=1"`, `href="?lang=en`},
	} {
		_, body := s.get(c.path, "Accept-Language", c.accept)
		if !strings.Contains(body, c.want) || strings.Contains(body, c.not) {
			t.Errorf("GET %s (Accept-Language %q): want %q and not %q", c.path, c.accept, c.want, c.not)
		}
	}
}

// TestCatalogue: the site's words exist in both languages with the same
// placeholders.
func TestCatalogue(t *testing.T) {
	for key, en := range catalogue[bot.EN] {
		fr, ok := catalogue[bot.FR][key]
		if !ok {
			t.Errorf("%s has no French", key)
			continue
		}
		for _, ph := range placeholders(en) {
			if !strings.Contains(fr, ph) {
				t.Errorf("%s: the French lacks %s", key, ph)
			}
		}
	}
	for key := range catalogue[bot.FR] {
		if _, ok := catalogue[bot.EN][key]; !ok {
			t.Errorf("%s has no English", key)
		}
	}
}

func placeholders(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "{")
		j := strings.Index(s, "}")
		if i < 0 || j < i {
			return out
		}
		out = append(out, s[i:j+1])
		s = s[j+1:]
	}
}

// between is the text of s between the first a and the next b.
func between(s, a, b string) string {
	_, rest, ok := strings.Cut(s, a)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, b)
	return v
}

// TestEscaping: what players write (here a display name with markup)
// reaches the pages as text, never as markup.
func TestEscaping(t *testing.T) {
	s := newSite(t, nil)
	evil := `<img src=x onerror=alert(1)>`
	s.names = map[string]string{"alice": evil, "bob": evil}
	s.manGame()
	s.playLegal()
	_, body := s.get("/g/g1")
	history := between(body, `id="history"`, `</section>`)
	if strings.Contains(body, evil) || !strings.Contains(history, "(&lt;img src=x onerror=alert(1)&gt;)") {
		t.Errorf("the display name is not escaped:\n%s", history)
	}
}
