package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/internal/syncbuf"
	"github.com/grognard/grognard/storage"
)

// site is an App on a fresh store, its web view and a test server.
type site struct {
	t     testing.TB
	store *storage.Store
	app   *bot.App
	web   *Server
	srv   *httptest.Server

	// key signs the site's private links; logs collects the App's log.
	key  []byte
	logs *syncbuf.Buffer

	mu  sync.Mutex
	now time.Time
	// names are display names the players send (default: their id).
	names map[string]string
}

// hashRenderer draws a board as a small PNG whose pixels are the SHA-256
// of its description: two boards give the same image only when they show
// the same things.
type hashRenderer struct{}

func (hashRenderer) PNG(b *game.Board) ([]byte, error) {
	j, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(j)
	img := image.NewRGBA(image.Rect(0, 0, 8, 4))
	for i := 0; i < 32; i++ {
		img.Set(i%8, i/8, color.RGBA{sum[i], sum[(i+1)%32], sum[(i+2)%32], 255})
	}
	var buf bytes.Buffer
	err = png.Encode(&buf, img)
	return buf.Bytes(), err
}

func (r hashRenderer) Zoom(b *game.Board, _ grid.Coord, _ int) ([]byte, error) { return r.PNG(b) }

const testBase = "http://grognard.test"

// keys gives every site its own link key.
var keys atomic.Int32

// newSite starts a site; renderer nil: hashRenderer.
func newSite(t testing.TB, renderer bot.Renderer) *site {
	t.Helper()
	s := &site{t: t, now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	st, err := storage.Open(filepath.Join(t.TempDir(), "web.db"), storage.Options{NoSync: true, Now: s.clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if renderer == nil {
		renderer = hashRenderer{}
	}
	s.store = st
	s.key = bytes.Repeat([]byte{byte(keys.Add(1))}, 32)
	s.logs = &syncbuf.Buffer{}
	logger := slog.New(slog.NewTextHandler(s.logs, nil))
	s.app, err = bot.New(bot.Config{Store: st, Renderer: renderer, Now: s.clock, NewSeed: func() []byte { return dice.SeedFromInt(1) },
		Logger: logger, Site: bot.Site{BaseURL: testBase, Key: s.key, LinkTTL: 48 * time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	s.web, err = New(Options{App: s.app, Now: s.clock, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	s.srv = httptest.NewServer(s.web)
	t.Cleanup(s.srv.Close)
	return s
}

func (s *site) clock() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

// advance moves the clock on.
func (s *site) advance(d time.Duration) {
	s.mu.Lock()
	s.now = s.now.Add(d)
	s.mu.Unlock()
}

// say sends a line as user in room r1 and returns what the bot answered.
func (s *site) say(user, text string) bot.Response { return s.req(user, text, false) }

// req sends a line, as a room administrator or not.
func (s *site) req(user, text string, admin bool) bot.Response {
	s.t.Helper()
	s.advance(time.Second)
	name := user
	if n, ok := s.names[user]; ok {
		name = n
	}
	return s.app.Handle(context.Background(), bot.Request{Platform: "test", Room: "r1", User: bot.User{ID: user, Name: name}, Text: text, IsAdmin: admin})
}

// texts joins what a response says.
func texts(r bot.Response) string {
	var out []string
	for _, m := range r.Messages {
		out = append(out, m.Text)
	}
	return strings.Join(out, "\n")
}

// manGame starts a Manœuvre game g1 between alice (A) and bob (B): the
// hands are dealt, each side's secret.
func (s *site) manGame() {
	s.t.Helper()
	s.say("alice", "new man-frgb vs bob")
	if got := texts(s.say("bob", "accept")); !strings.Contains(got, "g1 begins") {
		s.t.Fatalf("the game does not start: %s", got)
	}
}

// handOf is side's hand in g1, from the state itself.
func (s *site) handOf(side game.Side) []string {
	s.t.Helper()
	p, err := s.app.GamePage("g1", side, -1, bot.EN)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, u := range p.Units {
		if rest, ok := strings.CutPrefix(u, "hand "+side.String()+" · "); ok {
			_, cards, ok := strings.Cut(rest, ": ")
			if !ok {
				s.t.Fatalf("side %s's own hand is not listed: %q", side, u)
			}
			var ids []string
			for _, c := range strings.Split(cards, ", ") {
				ids = append(ids, strings.Fields(c)[0])
			}
			return ids
		}
	}
	s.t.Fatalf("no hand of %s in %q", side, p.Units)
	return nil
}

// get fetches a path of the site.
func (s *site) get(path string, header ...string) (*http.Response, string) {
	s.t.Helper()
	req, err := http.NewRequest("GET", s.srv.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp, string(b)
}

// privatePath asks the bot for user's private link and returns its path.
func (s *site) privatePath(user, game string) string {
	s.t.Helper()
	r := s.say(user, game+" link")
	for _, m := range r.Messages {
		if i := strings.Index(m.Text, testBase+"/p/"); i >= 0 {
			if m.To == nil || m.To.ID != user {
				s.t.Fatalf("the link went to %v, not privately to %s", m.To, user)
			}
			rest := m.Text[i+len(testBase):]
			return strings.Fields(rest)[0]
		}
	}
	s.t.Fatalf("no private link in %+v", r.Messages)
	return ""
}

func newRecorder() *httptest.ResponseRecorder { return httptest.NewRecorder() }

// leagueWithResults creates league spring of four players in room r1
// (gs-1, round robin) and plays its first round to the end by
// concessions; it returns the league's id.
func (s *site) leagueWithResults() string {
	s.t.Helper()
	got := texts(s.req("carol", "league new spring players:@ann @ben @dan @eve scenarios:gs-1", true))
	if !strings.Contains(got, "League spring is created") {
		s.t.Fatalf("league new: %s", got)
	}
	ids, err := s.app.LeagueIDs()
	if err != nil || len(ids) != 1 {
		s.t.Fatalf("leagues: %v %v", ids, err)
	}
	// Round 1: side B concedes each game.
	metas, err := s.app.GameList(100)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, m := range metas {
		if m.Scenario == "gs-1" && !m.Status.Ended() {
			user := strings.TrimPrefix(m.Seats[game.SideB], "test:")
			s.say(user, m.ID+" concede yes")
		}
	}
	return ids[0]
}

// playLegal has whoever must act in g1 play one order: the first of the
// legal orders the bot suggests after a refusal.
func (s *site) playLegal() {
	s.t.Helper()
	for _, user := range []string{"alice", "bob"} {
		got := texts(s.say(user, "g1 deploy ?"))
		_, rest, ok := strings.Cut(got, "nearest legal orders: `")
		if !ok {
			continue
		}
		order, _, _ := strings.Cut(rest, "`")
		if got := texts(s.say(user, "g1 "+order)); strings.Contains(got, "refused") {
			s.t.Fatalf("%s: %s", order, got)
		}
		return
	}
	s.t.Fatal("nobody has a legal order to play")
}
