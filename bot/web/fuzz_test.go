package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
)

// fuzzSite is a site with a live Manœuvre game g1 (each side's hand
// secret), one step played, and the cards only one side may see.
func fuzzSite(f *testing.F) (*site, []string) {
	s := newSite(f, nil)
	s.manGame()
	s.playLegal()
	handA, handB := s.handOf(game.SideA), s.handOf(game.SideB)
	var secrets []string
	for _, c := range handA {
		if !contains(handB, c) {
			secrets = append(secrets, c)
		}
	}
	for _, c := range handB {
		if !contains(handA, c) {
			secrets = append(secrets, c)
		}
	}
	if len(secrets) == 0 {
		f.Fatal("no secret card to look for")
	}
	return s, secrets
}

// serve answers one request in process; path is already escaped.
func (s *site) serve(path, rawQuery, accept string) (int, string) {
	u, err := url.Parse(path)
	if err != nil {
		s.t.Fatalf("%q: %v", path, err)
	}
	u.RawQuery = rawQuery
	req := &http.Request{Method: "GET", URL: u, Header: http.Header{}, RemoteAddr: "192.0.2.1:1", Host: "grognard.test"}
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	w := newRecorder()
	s.web.ServeHTTP(w, req)
	return w.Code, w.Body.String()
}

// FuzzRequest: whatever a request's game id, query (?step=, ?lang=, ?v=
// …) and Accept-Language, the site answers 2xx, 3xx or 4xx — never a
// panic nor a 5xx — and no public answer shows a card of a side's hand.
func FuzzRequest(f *testing.F) {
	s, secrets := fuzzSite(f)
	for _, seed := range []struct{ id, query, accept string }{
		{"g1", "", ""},
		{"g1", "step=0", "fr"},
		{"g1", "step=1&lang=fr", ""},
		{"g1", "step=999999999999999999999", "en"},
		{"g1", "step=1048575", ""},
		{"g1", "step=-1", ""},
		{"g1", "step=+1&step=2", "fr;q=0"},
		{"g1", "step=%zz&lang=%", "*;q=NaN"},
		{"g1", "lang=fr&lang=en&v=1-0-active", "de, fr;q=0.9"},
		{"g1", "v=" + strings.Repeat("x", 300) + "&step=0", ""},
		{"g1", "lang=" + strings.Repeat("é", 50), strings.Repeat("fr-", 100)},
		{"g99", "", ""},
		{"", "", ""},
		{"..", "", ""},
		{"g1/../g1", "", ""},
		{strings.Repeat("g", 65), "", ""},
		{"test:r1/none", "", ""},
		{"g\x00", "", "\x00"},
		{"%", "%%", ",,,;;;"},
	} {
		f.Add(seed.id, seed.query, seed.accept)
	}
	if code, body := s.serve("/g/g1", "step=1", ""); code != 200 || !strings.Contains(body, "after record 1 of") {
		f.Fatalf("the game's page: %d", code)
	}
	f.Fuzz(func(t *testing.T, id, query, accept string) {
		s.t = t
		for _, p := range []string{"/g/" + url.PathEscape(id), "/g/" + url.PathEscape(id) + "/board.png",
			"/g/" + url.PathEscape(id) + "/export", "/l/" + url.PathEscape(id)} {
			code, body := s.serve(p, query, accept)
			if code < 200 || code >= 500 {
				t.Fatalf("GET %s?%s (Accept-Language %q): %d\n%.300s", p, query, accept, code, body)
			}
			if code != 200 {
				continue
			}
			for _, c := range secrets {
				if strings.Contains(body, c) {
					t.Fatalf("GET %s?%s: the public answer shows the secret card %s", p, query, c)
				}
			}
		}
	})
}

// FuzzPrivateToken: no token but the one the bot sent opens a private
// view; every other is refused (403, or 404 for an address that is not
// a link's), never a panic nor a 5xx.
func FuzzPrivateToken(f *testing.F) {
	s, _ := fuzzSite(f)
	issued := strings.TrimPrefix(s.privatePath("alice", "g1"), "/p/")
	payload, mac, _ := strings.Cut(issued, ".")
	for _, seed := range []string{
		issued, payload, payload + ".", "." + mac, payload + "." + mac + ".", payload + ".." + mac,
		payload + "." + mac[:len(mac)-1], payload + "." + mac + "A", payload + "=." + mac, payload + "." + mac + "=",
		payload + "." + mac[:10] + "\n" + mac[10:], strings.ToUpper(issued), "", ".", "..", "forged", "a.b",
		strings.Repeat("A", 2000) + "." + mac, "%2F.%2F", "eyJ9.e30", "\x00.\x00",
	} {
		f.Add(seed, uint8(0))
	}
	f.Add(issued, uint8(1))
	f.Add(issued, uint8(2))
	f.Fuzz(func(t *testing.T, token string, route uint8) {
		s.t = t
		p := "/p/" + url.PathEscape(token) + []string{"", "/board.png", "/export"}[route%3]
		code, body := s.serve(p, "", "")
		if code < 200 || code >= 500 {
			t.Fatalf("GET %s: %d\n%.300s", p, code, body)
		}
		if (code == 200) != (token == issued) {
			t.Fatalf("GET %s: %d (the issued token is %s)", p, code, issued)
		}
	})
}

// FuzzLinkPayload signs whatever payload with the site's key, as if the
// bot had (a payload only the bot can sign): OpenLink must still refuse
// what its checks refuse — a seat its user does not hold, a game that
// does not exist, an odd side, an expired or revoked link — with a 4xx,
// and the view a 200 opens is the side the link names, held by its
// user.
func FuzzLinkPayload(f *testing.F) {
	s, _ := fuzzSite(f)
	issued := strings.TrimPrefix(s.privatePath("alice", "g1"), "/p/")
	p, _, _ := strings.Cut(issued, ".")
	good, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		f.Fatal(err)
	}
	exp := between(string(good), `"e":`, `,`)
	for _, seed := range []string{
		string(good),
		`{"g":"g1","u":"test:alice","s":"B","e":` + exp + `,"n":0}`,
		`{"g":"g1","u":"test:bob","s":"A","e":` + exp + `,"n":0}`,
		`{"g":"g1","u":"test:bob","s":"B","e":` + exp + `,"n":0}`,
		`{"g":"g1","u":"test:alice","s":"A","e":1,"n":0}`,
		`{"g":"g1","u":"test:alice","s":"A","e":` + exp + `,"n":1}`,
		`{"g":"g1","u":"test:alice","s":"A","e":` + exp + `,"n":-1}`,
		`{"g":"g99","u":"test:alice","s":"A","e":` + exp + `,"n":0}`,
		`{"g":"../g1","u":"test:alice","s":"A","e":` + exp + `,"n":0}`,
		`{"g":"","u":"","s":"","e":0,"n":0}`,
		`{"g":"g1","u":"test:alice","s":"C","e":` + exp + `,"n":0}`,
		`{"g":"g1","u":"test:alice","s":0,"e":` + exp + `,"n":0}`,
		`{"g":"g1","u":"test:alice","s":"A","S":"B","e":` + exp + `,"n":0}`,
		`{"g":"g1","u":"test:alice","s":"A","s":"B","e":` + exp + `,"n":0}`,
		`{"g":"g1","u":"test:alice","s":"A","e":9223372036854775807,"n":0}`,
		`{"g":"g1","u":"test:alice","s":"A","e":1e400,"n":0}`,
		`null`, `[]`, `{`, ``, `"A"`,
	} {
		f.Add(seed)
	}
	meta, err := s.store.Meta("g1")
	if err != nil {
		f.Fatal(err)
	}
	if code, _ := s.serve("/p/"+issued, "", ""); code != 200 {
		f.Fatalf("the issued link: %d", code)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		s.t = t
		p := base64.RawURLEncoding.EncodeToString([]byte(payload))
		m := hmac.New(sha256.New, s.key)
		m.Write([]byte("grognard private link v1\x00"))
		m.Write([]byte(p))
		token := p + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
		code, body := s.serve("/p/"+url.PathEscape(token), "", "")
		if code < 200 || code >= 500 {
			t.Fatalf("payload %q: %d\n%.300s", payload, code, body)
		}
		if code != 200 {
			return
		}
		var l bot.Link
		if err := json.Unmarshal([]byte(payload), &l); err != nil {
			t.Fatalf("payload %q opened a view: %v", payload, err)
		}
		if l.Game != "g1" || !l.Side.Valid() || meta.Seats[l.Side] != l.User {
			t.Fatalf("payload %q opened a view: game %q, side %s of %q (seats %v)", payload, l.Game, l.Side, l.User, meta.Seats)
		}
		if !strings.Contains(body, "Private view of side "+l.Side.String()) {
			t.Fatalf("payload %q (side %s) opened another view:\n%.300s", payload, l.Side, between(body, `id="view-note">`, `<`))
		}
	})
}
