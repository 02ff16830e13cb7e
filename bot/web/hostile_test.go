package web

import (
	"fmt"
	"net/http"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
)

// TestPanicAnswered: a panic in a request is recovered, logged with its
// stack under a reference, and answered 500 with that reference in the
// reader's language; the site goes on serving.
func TestPanicAnswered(t *testing.T) {
	s := newSite(t, nil)
	ops := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("injected panic in ops") })
	web, err := New(Options{App: s.app, Ops: ops, Now: s.clock})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lang, want string }{{"en", "reference"}, {"fr", "référence"}} {
		w := newRecorder()
		req := httpGet("/metrics")
		req.Header.Set("Accept-Language", c.lang)
		web.ServeHTTP(w, req)
		m := regexp.MustCompile(c.want + ` ([0-9a-f]{8})`).FindStringSubmatch(w.Body.String())
		if w.Code != http.StatusInternalServerError || m == nil {
			t.Fatalf("a panic (%s): %d %.300s", c.lang, w.Code, w.Body.String())
		}
		if logs := s.logs.String(); !strings.Contains(logs, "ref="+m[1]) || !strings.Contains(logs, "injected panic in ops") {
			t.Errorf("the panic's reference %s is not in the log:\n%.500s", m[1], logs)
		}
	}
	w := newRecorder()
	web.ServeHTTP(w, httpGet("/static/site.css"))
	if w.Code != 200 {
		t.Errorf("after a panic: %d", w.Code)
	}
}

// TestTokenNotLogged: a request by private link that fails on the
// server's side is logged without the link's token.
func TestTokenNotLogged(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	priv := s.privatePath("alice", "g1")
	token := strings.TrimPrefix(priv, "/p/")
	s.store.Close() // every read fails from now on
	for _, p := range []string{priv, priv + "/board.png", priv + "/export"} {
		if resp, _ := s.get(p); resp.StatusCode != http.StatusInternalServerError {
			t.Errorf("GET %s on a closed store: %d", p, resp.StatusCode)
		}
	}
	logs := s.logs.String()
	if !strings.Contains(logs, "/p/…") {
		t.Errorf("the failures are not logged:\n%s", logs)
	}
	if strings.Contains(logs, token) || strings.Contains(logs, token[:20]) {
		t.Errorf("the log holds the private link's token:\n%s", logs)
	}
}

// TestLinkOneSpelling: a token is valid only as the bot wrote it. Base64
// decoding alone would take another last character with the same bits,
// or a line break inside the signature.
func TestLinkOneSpelling(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	priv := s.privatePath("alice", "g1")
	if resp, _ := s.get(priv); resp.StatusCode != 200 {
		t.Fatalf("the link itself: %d", resp.StatusCode)
	}
	// The signature's 32 bytes are 43 characters: the last carries 4
	// bits and 2 unused ones, so 4 spellings decode alike.
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, priv[len(priv)-1])
	twin := priv[:len(priv)-1] + string(alphabet[last^1])
	broken := priv[:len(priv)-5] + "%0A" + priv[len(priv)-5:]
	for _, p := range []string{twin, broken} {
		if resp, _ := s.get(p); resp.StatusCode != http.StatusForbidden {
			t.Errorf("GET %s (another spelling of the link): %d, want 403", p, resp.StatusCode)
		}
	}
}

// TestRateLimitClients: IPv6 clients are counted by their /64 (each
// holds 2⁶⁴ addresses); and however many clients come at once, the
// limiter keeps at most maxClients buckets.
func TestRateLimitClients(t *testing.T) {
	s := newSite(t, nil)
	web, err := New(Options{App: s.app, Now: s.clock, RatePerMinute: 60, RateBurst: 2})
	if err != nil {
		t.Fatal(err)
	}
	get := func(addr string) int {
		req := httpGet("/static/site.css")
		req.RemoteAddr = addr
		w := newRecorder()
		web.ServeHTTP(w, req)
		return w.Code
	}
	for i := range 2 {
		if c := get(fmt.Sprintf("[2001:db8::%d]:1000", i+1)); c != 200 {
			t.Fatalf("request %d within the burst: %d", i+1, c)
		}
	}
	if c := get("[2001:db8::99]:1000"); c != http.StatusTooManyRequests {
		t.Errorf("another address of the same /64 over its burst: %d, want 429", c)
	}
	if c := get("[2001:db8:0:1::1]:1000"); c != 200 {
		t.Errorf("another /64: %d", c)
	}
	if c := get("[::ffff:192.0.2.7]:1000"); c != 200 {
		t.Errorf("an IPv4 address written as IPv6: %d", c)
	}
	if c := get("192.0.2.7:1000"); c != 200 {
		t.Errorf("the same IPv4 address: %d (2 of its burst of 2)", c)
	}

	l := newLimiter(60, 2, s.clock)
	for i := range 3 * maxClients {
		l.allow(fmt.Sprintf("10.%d.%d.%d", i>>16, i>>8&255, i&255))
	}
	if n := len(l.clients); n > maxClients {
		t.Errorf("the limiter holds %d clients, at most %d wanted", n, maxClients)
	}
}

// TestPageCacheByContent: what the address holds beyond the page's own
// parameters neither reaches a page built for every viewer nor makes a
// new one: a parameter of one viewer's address is not in the next
// viewer's language link, and a hundred odd ?lang= values build one
// page.
func TestPageCacheByContent(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	s.get("/g/g1?step=1&ref=evil.example")
	if _, body := s.get("/g/g1?step=1"); strings.Contains(body, "evil.example") {
		t.Errorf("a viewer's address reached another's page: %s", between(body, `class="lang" href="`, `"`))
	}
	for i := range 100 {
		if resp, _ := s.get(fmt.Sprintf("/g/g1?lang=x%d", i)); resp.StatusCode != 200 {
			t.Fatalf("?lang=x%d: %d", i, resp.StatusCode)
		}
	}
	if n := s.web.cache.Len(); n > 3 {
		t.Errorf("%d pages built for the same page with odd ?lang= values", n)
	}
}

// TestAcceptLanguageBounded: a huge Accept-Language header is read, not
// split whole (which costs memory in proportion); odd ones fall back.
func TestAcceptLanguageBounded(t *testing.T) {
	s := newSite(t, nil)
	huge := strings.Repeat("xx,", 1<<18) + "fr"
	req := httpGet("/")
	req.Header.Set("Accept-Language", huge)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	l := s.web.langOf(req)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 256<<10 {
		t.Errorf("reading a %d KB Accept-Language allocated %d KB", len(huge)>>10, got>>10)
	}
	if l != bot.EN {
		t.Errorf("language %s from tags past the first ones", l)
	}
	for h, want := range map[string]bot.Lang{
		"fr;q=0, en;q=0.1": bot.EN, "fr;q=NaN": bot.EN, "fr;q=abc": bot.FR, ";;;,,,": bot.EN,
		strings.Repeat("f", 100) + ", fr;q=0.5": bot.FR, "FR-ca": bot.FR, "*": bot.EN,
	} {
		req.Header.Set("Accept-Language", h)
		if got := s.web.langOf(req); got != want {
			t.Errorf("Accept-Language %.40q: %s, want %s", h, got, want)
		}
	}
}

// TestBadInputNamed: a bad address is refused with a message that names
// what was wrong, in both languages.
func TestBadInputNamed(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	for _, c := range []struct {
		path, lang string
		code       int
		want       []string
	}{
		{"/g/g1?step=abc", "en", 400, []string{"?step=", "&#34;abc&#34;"}},
		{"/g/g1?step=abc", "fr", 400, []string{"?step=", "&#34;abc&#34;", "numéro"}},
		{"/g/g1?step=" + strings.Repeat("9", 200), "en", 400, []string{"?step=", "…"}},
		{"/g/g1?step=999", "en", 404, []string{"?step=999", "records"}},
		{"/g/g1?step=999", "fr", 404, []string{"?step=999", "enregistrements"}},
		{"/g/g1/board.png?step=-1", "en", 400, []string{"?step=", "&#34;-1&#34;"}},
		{"/g/g1/board.png?step=999", "en", 404, []string{"?step=999", "records"}},
		{"/g/nope", "en", 404, []string{"no such game", "&#34;nope&#34;"}},
		{"/g/nope", "fr", 404, []string{"existe pas", "&#34;nope&#34;"}},
	} {
		resp, body := s.get(c.path, "Accept-Language", c.lang)
		if resp.StatusCode != c.code {
			t.Errorf("GET %s: %d, want %d", c.path, resp.StatusCode, c.code)
		}
		msg := between(body, `id="error">`, `</p>`)
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("GET %s (%s): %q lacks %q", c.path, c.lang, msg, w)
			}
		}
		if len(msg) > 400 {
			t.Errorf("GET %s: a message of %d bytes echoes the address", c.path, len(msg))
		}
	}
}

// TestPrivateNeverStored: everything a private link serves — its page,
// its board images (with or without their version) and its export — is
// sent "private, no-store", and every page tells the browser to send no
// Referer even if a proxy drops the header.
func TestPrivateNeverStored(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	priv := s.privatePath("alice", "g1")
	_, body := s.get(priv)
	img := strings.ReplaceAll(between(body, `id="board-img" src="`, `"`), "&amp;", "&")
	if !strings.HasPrefix(img, priv+"/board.png?v=") {
		t.Fatalf("the private page's image is %q", img)
	}
	for _, p := range []string{priv, img, priv + "/board.png", priv + "/board.png?step=0", priv + "/export"} {
		if resp, _ := s.get(p); resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "private, no-store" {
			t.Errorf("GET %s: %d, Cache-Control %q", p, resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
	}
	if !strings.Contains(body, `<meta name="referrer" content="no-referrer">`) {
		t.Error("the page has no referrer policy of its own")
	}
}

// TestNoLeakPrivateReplay: a private link shows its own side's view and
// never the other side's, at every step of the replay of random games
// with secrets (hidden set-ups, hands, secret deployments): its board
// image is its side's board (or the public one when they show the
// same), its units list names no unit at a hex only the other side's
// view shows and no card only the other side holds, nor does its
// export; checked against the rules' own views replayed from the log.
func TestNoLeakPrivateReplay(t *testing.T) {
	for scenario, records := range map[string]int{"gs-1": 12, "man-frgb": 12, "flg-budget": 30} {
		t.Run(scenario, func(t *testing.T) {
			s := newSite(t, nil)
			s.say("alice", "new "+scenario+" vs bob")
			if got := texts(s.say("bob", "accept")); !strings.Contains(got, "g1 begins") {
				t.Fatalf("the game does not start: %s", got)
			}
			s.playRandom(records, 11, true)
			meta, err := s.store.Meta("g1")
			if err != nil {
				t.Fatal(err)
			}
			if meta.Status.Ended() {
				t.Skip("the game ended: everything is public")
			}
			r, states := statesOf(t, s, "g1")
			secrets := 0
			for _, side := range game.Sides {
				other := game.SideB
				if side == game.SideB {
					other = game.SideA
				}
				priv := s.privatePath(strings.TrimPrefix(meta.Seats[side], "test:"), "g1")
				_, export := s.get(priv + "/export")
				for k, st := range states {
					_, page := s.get(priv + "?step=" + strconv.Itoa(k))
					if !strings.Contains(page, "Private view of side "+side.String()) {
						t.Fatalf("step %d: %s's link does not open its view", k, side)
					}
					units := between(page, `id="units"`, `</details>`)
					mine := game.ViewOf(r, st, side)
					shown := map[string]string{}
					for _, pc := range mine.Pieces() {
						shown[pc.ID] = pc.Hex
					}
					cards := map[string]bool{}
					for _, z := range game.ZonesOf(mine, side) {
						for _, c := range z.Items {
							cards[c] = true
						}
					}
					theirs := game.ViewOf(r, st, other)
					for _, pc := range theirs.Pieces() {
						if pc.Hex == "" || shown[pc.ID] == pc.Hex {
							continue
						}
						secrets++
						for _, line := range strings.Split(units, "<li>") {
							if containsWord(line, pc.ID) && containsWord(line, pc.Hex) {
								t.Errorf("step %d: %s's units list shows %s at %s, which only %s sees: %s", k, side, pc.ID, pc.Hex, other, line)
							}
						}
					}
					for _, z := range game.ZonesOf(theirs, other) {
						for _, c := range z.Items {
							if cards[c] {
								continue
							}
							secrets++
							if containsWord(units, c) {
								t.Errorf("step %d: %s's units list shows %s's %s %s", k, side, other, z.Name, c)
							}
							if k == len(states)-1 && containsWord(export, c) {
								t.Errorf("%s's export shows %s's %s %s", side, other, z.Name, c)
							}
						}
					}
					br := r.(game.Boarder)
					own, pub := br.Board(st, side), br.Board(st, game.Nobody)
					own.Legend.Game, pub.Legend.Game = "g1", "g1"
					wantOwn, _ := hashRenderer{}.PNG(own)
					wantPub, _ := hashRenderer{}.PNG(pub)
					if _, img := s.get(priv + "/board.png?step=" + strconv.Itoa(k)); img != string(wantOwn) && img != string(wantPub) {
						t.Errorf("step %d: %s's image is neither its board nor the public one", k, side)
					}
				}
			}
			if secrets == 0 {
				t.Errorf("%d steps and no secret of either side: the test checks nothing here", len(states)-1)
			}
		})
	}
}
