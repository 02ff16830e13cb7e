package web

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/internal/bounded"
	"github.com/grognard/grognard/render"
)

// playRandom has the players of g1 give random legal orders (seeded)
// until its log holds n records (or the game ends, when over is set).
func (s *site) playRandom(n int, seed uint64, over bool) {
	s.t.Helper()
	meta, err := s.store.Meta("g1")
	if err != nil {
		s.t.Fatal(err)
	}
	var r game.Ruleset
	for _, rs := range all.Rulesets() {
		if rs.Name() == meta.Ruleset {
			r = rs
		}
	}
	sc, err := s.store.Scenario("g1")
	if err != nil {
		s.t.Fatal(err)
	}
	g, err := game.Start(r, sc, meta.Options)
	if err != nil {
		s.t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for g.Seq < n {
		entries, err := s.store.Records("g1", g.Seq+1)
		if err != nil {
			s.t.Fatal(err)
		}
		for i := range entries {
			rec, err := entries[i].Record(r)
			if err != nil {
				s.t.Fatal(err)
			}
			g.Commit(rec)
		}
		if g.Seq >= n {
			break
		}
		if g.State.Outcome().Over {
			if over {
				return
			}
			s.t.Fatalf("the game ended after %d records", g.Seq)
		}
		side := game.Waiting(g.State)[0]
		orders := game.Leaves(game.Legal(r, g.State, side))
		// Ending the phase less often makes long turns: more records.
		order := orders[rng.IntN(len(orders))]
		if order == "end" && len(orders) > 1 && rng.IntN(4) > 0 {
			order = orders[rng.IntN(len(orders))]
		}
		user := strings.TrimPrefix(meta.Seats[side], "test:")
		s.say(user, "g1 "+order)
	}
}

// BenchmarkGamePage serves the page of a game of 500 records (the
// spectator's view, no If-None-Match), at its latest record and at a
// step of the replay, and a private link's page, each built anew; and
// the latest page again from the page cache (every viewer after the
// first until the next order).
func BenchmarkGamePage(b *testing.B) {
	s := newSite(b, nil)
	s.say("alice", "new gs-2 vs bob")
	s.say("bob", "accept")
	s.playRandom(500, 1, false)
	priv := s.privatePath("alice", "g1")
	for _, c := range []struct {
		name, path string
		cached     bool
	}{{"latest", "/g/g1", false}, {"step250", "/g/g1?step=250", false}, {"private", priv, false}, {"latest-cached", "/g/g1", true}} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", c.path, nil)
			for b.Loop() {
				if !c.cached { // the first viewer after an order builds the page
					s.web.cache = &bounded.Map[string, *page]{Max: pageCacheSize}
				}
				w := httptest.NewRecorder()
				s.web.ServeHTTP(w, req)
				if w.Code != 200 {
					b.Fatalf("%s: %d", c.path, w.Code)
				}
			}
		})
	}
}

// BenchmarkFinishedGamePage serves the page of a finished Manœuvre game
// (random orders, seeded dice: 432 records, 245 dice): everything public,
// the seed revealed and every roll in the dice audit's table.
func BenchmarkFinishedGamePage(b *testing.B) {
	s := newSite(b, nil)
	s.say("alice", "new man-frgb vs bob")
	s.say("bob", "accept")
	s.playRandom(1000, 4, true)
	p, err := s.app.GamePage("g1", game.Nobody, -1, bot.EN)
	if err != nil || !p.Ended() || len(p.Rolls) == 0 {
		b.Fatalf("the game is not over with its rolls shown: %v", err)
	}
	req := httptest.NewRequest("GET", "/g/g1", nil)
	for b.Loop() {
		s.web.cache = &bounded.Map[string, *page]{Max: pageCacheSize}
		w := httptest.NewRecorder()
		s.web.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
	b.ReportMetric(float64(p.Steps), "records")
	b.ReportMetric(float64(len(p.Rolls)), "rolls")
}

// BenchmarkOrderWithViewers measures an order (decided, stored, narrated,
// its board drawn) of a live game, alone and while 100 viewers read the
// game's page and its board once a second each, and while 100 viewers
// reload it as fast as they can. order-ms is the order alone (each is
// taken back by a free undo, not counted).
func BenchmarkOrderWithViewers(b *testing.B) {
	for _, c := range []struct {
		name    string
		viewers int
		every   time.Duration
	}{{"alone", 0, 0}, {"100viewers-1s", 100, time.Second}, {"100viewers-nonstop", 100, 0}} {
		b.Run(c.name, func(b *testing.B) {
			s := newSite(b, render.New())
			s.web.o.RatePerMinute = 0
			for _, l := range [][2]string{{"alice", "new gs-1 vs bob"}, {"bob", "accept"}, {"alice", "deploy auto"}, {"bob", "deploy auto"}, {"alice", "ready"}, {"bob", "ready"}} {
				s.say(l[0], l[1])
			}
			ctx, stop := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			var pages, mu = 0, sync.Mutex{}
			for v := range c.viewers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if c.every > 0 { // spread the viewers over the second
						select {
						case <-time.After(c.every * time.Duration(v) / time.Duration(c.viewers)):
						case <-ctx.Done():
							return
						}
					}
					for ctx.Err() == nil {
						w := httptest.NewRecorder()
						s.web.ServeHTTP(w, httptest.NewRequest("GET", "/g/g1", nil))
						img := strings.ReplaceAll(between(w.Body.String(), `id="board-img" src="`, `"`), "&amp;", "&")
						s.web.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", img, nil))
						mu.Lock()
						pages++
						mu.Unlock()
						if c.every > 0 {
							select {
							case <-time.After(c.every):
							case <-ctx.Done():
							}
						}
					}
				}()
			}
			move := bot.Request{Platform: "test", Room: "r1", User: bot.User{ID: "alice", Name: "alice"}, Text: "move A6 0706"}
			undo := bot.Request{Platform: "test", Room: "r1", User: bot.User{ID: "alice", Name: "alice"}, Text: "undo"}
			var total time.Duration
			n := 0
			for b.Loop() {
				start := time.Now()
				r := s.app.Handle(context.Background(), move)
				total += time.Since(start)
				n++
				if !strings.Contains(texts(r), "move A6 0706") {
					b.Fatal(texts(r))
				}
				s.app.Handle(context.Background(), undo)
			}
			b.StopTimer()
			stop()
			wg.Wait()
			b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "order-ms")
			if c.viewers > 0 {
				b.ReportMetric(float64(pages)/float64(n), "pages/order")
			}
		})
	}
}
