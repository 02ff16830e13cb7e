package web

import (
	"bytes"
	"encoding/hex"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
)

// TestNoLeakOnPages: Manœuvre's hands are secret. The public page, its
// image and its export show neither hand; alice's private link shows her
// hand and not bob's; the public board is the spectator's board.
func TestNoLeakOnPages(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	handA, handB := s.handOf(game.SideA), s.handOf(game.SideB)
	privA := s.privatePath("alice", "g1")
	privB := s.privatePath("bob", "g1")
	// A card of one hand may also be in the other (the decks share card
	// names): only the cards of one hand alone are secrets.
	only := func(mine, theirs []string) []string {
		var out []string
		for _, c := range mine {
			if !contains(theirs, c) {
				out = append(out, c)
			}
		}
		return out
	}
	secretA, secretB := only(handA, handB), only(handB, handA)
	if len(secretA) == 0 || len(secretB) == 0 {
		t.Fatalf("hands %v and %v: nothing secret to look for", handA, handB)
	}
	pages := map[string]string{}
	for name, path := range map[string]string{
		"public": "/g/g1", "public step 0": "/g/g1?step=0", "public export": "/g/g1/export", "public fr": "/g/g1?lang=fr",
		"A": privA, "A export": privA + "/export", "B": privB, "index": "/",
	} {
		resp, body := s.get(path)
		if resp.StatusCode != 200 {
			t.Fatalf("%s %s: %d", name, path, resp.StatusCode)
		}
		pages[name] = body
	}
	for name, body := range pages {
		for _, c := range secretA {
			if has := strings.Contains(body, c); has != strings.HasPrefix(name, "A") {
				t.Errorf("%s page: alice's card %s shown: %v", name, c, has)
			}
		}
		for _, c := range secretB {
			if has := strings.Contains(body, c); has != (name == "B") {
				t.Errorf("%s page: bob's card %s shown: %v", name, c, has)
			}
		}
	}
	// The public image is the spectator's board.
	_, img := s.get("/g/g1/board.png")
	want, err := hashRenderer{}.PNG(spectatorBoard(t, s, "g1"))
	if err != nil {
		t.Fatal(err)
	}
	if img != string(want) {
		t.Error("the public image is not the spectator's board")
	}
	// Asking the public address for a side's view is not possible: the
	// viewer comes from the signed link only.
	if resp, body := s.get("/g/g1?side=A&viewer=A"); resp.StatusCode != 200 || strings.Contains(body, secretA[0]) {
		t.Error("a query string opened a side's view")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// spectatorBoard is the current public board of a game, drawn from its
// exported log by the rules (not by the code under test).
func spectatorBoard(t *testing.T, s *site, id string) *game.Board {
	t.Helper()
	r, st := stateAt(t, s, id, -1)
	b := r.(game.Boarder).Board(st, game.Nobody)
	b.Legend.Game = id
	return b
}

// stateAt replays a game's stored log to record k (< 0: all of it).
func stateAt(t *testing.T, s *site, id string, k int) (game.Ruleset, game.State) {
	t.Helper()
	r, states := statesOf(t, s, id)
	if k < 0 || k >= len(states) {
		k = len(states) - 1
	}
	return r, states[k]
}

// statesOf replays a game's stored log: the state after each record
// (index 0: the start).
func statesOf(t *testing.T, s *site, id string) (game.Ruleset, []game.State) {
	t.Helper()
	x, err := s.store.ReadGame(id)
	if err != nil {
		t.Fatal(err)
	}
	var r game.Ruleset
	for _, rs := range all.Rulesets() {
		if rs.Name() == x.Meta.Ruleset {
			r = rs
		}
	}
	sc, err := s.store.Scenario(id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, sc, x.Meta.Options)
	if err != nil {
		t.Fatal(err)
	}
	states := []game.State{g.State}
	for _, e := range x.Entries {
		rec, err := e.Record(r)
		if err != nil {
			t.Fatal(err)
		}
		g.Commit(rec)
		states = append(states, g.State)
	}
	return r, states
}

// TestNoLeakReplay plays random games of scenarios with secrets — hidden
// set-ups (gs-1), hands (man-frgb), armies built by budget
// and deployed in secret (flg-budget) — and at every step of the replay
// checks the public site against the rules' own views of that step,
// replayed from the stored log: the board image is the spectator's board,
// the units list names no unit at a hex only a side's view shows, and no
// card only a side's view shows; nor does the public export.
func TestNoLeakReplay(t *testing.T) {
	for scenario, records := range map[string]int{"gs-1": 24, "man-frgb": 24, "flg-budget": 30} {
		t.Run(scenario, func(t *testing.T) {
			s := newSite(t, nil)
			s.say("alice", "new "+scenario+" vs bob")
			if got := texts(s.say("bob", "accept")); !strings.Contains(got, "g1 begins") {
				t.Fatalf("the game does not start: %s", got)
			}
			s.playRandom(records, 7, true)
			p, err := s.app.GamePage("g1", game.Nobody, -1, bot.EN)
			if err != nil {
				t.Fatal(err)
			}
			_, export := s.get("/g/g1/export")
			public := words(strings.Join(p.Panel, " ") + " " + historyText(p))
			secrets := 0
			r, states := statesOf(t, s, "g1")
			for k, st := range states {
				_, page := s.get("/g/g1?step=" + strconv.Itoa(k))
				units := between(page, `id="units"`, `</details>`)
				pub := game.ViewOf(r, st, game.Nobody)
				shown := map[string]string{}
				for _, pc := range pub.Pieces() {
					shown[pc.ID] = pc.Hex
				}
				cards := map[string]bool{}
				for _, z := range game.ZonesOf(pub, game.Nobody) {
					for _, c := range z.Items {
						cards[c] = true
					}
				}
				for _, side := range game.Sides {
					view := game.ViewOf(r, st, side)
					for _, pc := range view.Pieces() {
						if pc.Hex == "" || shown[pc.ID] == pc.Hex {
							continue
						}
						secrets++
						for _, line := range strings.Split(units, "<li>") {
							if containsWord(line, pc.ID) && containsWord(line, pc.Hex) {
								t.Errorf("step %d: the public units list shows %s at %s, which only side %s sees: %s", k, pc.ID, pc.Hex, side, line)
							}
						}
					}
					for _, z := range game.ZonesOf(view, side) {
						for _, c := range z.Items {
							if cards[c] || public[c] {
								continue
							}
							secrets++
							if containsWord(units, c) {
								t.Errorf("step %d: the public units list shows side %s's %s %s", k, side, z.Name, c)
							}
							if k == p.Steps && containsWord(export, c) {
								t.Errorf("the public export shows side %s's %s %s", side, z.Name, c)
							}
						}
					}
				}
				b := r.(game.Boarder).Board(st, game.Nobody)
				b.Legend.Game = "g1"
				want, _ := hashRenderer{}.PNG(b)
				if _, img := s.get("/g/g1/board.png?step=" + strconv.Itoa(k)); img != string(want) {
					t.Errorf("step %d: the public image is not the spectator's board", k)
				}
			}
			if secrets == 0 {
				t.Errorf("%d steps and no secret in either side's view: the test checks nothing here", p.Steps)
			}
		})
	}
}

func historyText(p *bot.GamePage) string {
	var out []string
	for _, it := range p.History {
		out = append(out, it.Text)
	}
	return strings.Join(out, " ")
}

// words are the words of a text that could name a secret: unit ids,
// cards, hexes (two characters or more, with a letter or a digit).
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-'
	}) {
		if len([]rune(w)) >= 2 {
			out[w] = true
		}
	}
	return out
}

// containsWord reports whether w is in s as a whole word.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before, after := rune(' '), rune(' ')
		if j > 0 {
			before = rune(s[j-1])
		}
		if e := j + len(w); e < len(s) {
			after = rune(s[e])
		}
		isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' }
		if !isWord(before) && !isWord(after) {
			return true
		}
		i = j + 1
	}
}

// TestReplay: every record is a step; the board and the clock of a step
// are those after that record, and the history links each record to its
// step.
func TestReplay(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	s.playLegal()
	p, err := s.app.GamePage("g1", game.Nobody, -1, bot.EN)
	if err != nil {
		t.Fatal(err)
	}
	if p.Steps < 2 || p.Step != p.Steps || len(p.StepClocks) != p.Steps+1 {
		t.Fatalf("steps %d, step %d, clocks %d", p.Steps, p.Step, len(p.StepClocks))
	}
	_, first := s.get("/g/g1/board.png?step=0")
	_, last := s.get("/g/g1/board.png")
	if first == last {
		t.Error("the board before the deployment is the board after it")
	}
	_, again := s.get("/g/g1/board.png?step=0")
	if again != first {
		t.Error("step 0's image changed between two requests")
	}
	_, body := s.get("/g/g1?step=1")
	if !strings.Contains(body, "after record 1 of") || !strings.Contains(body, `id="step-clock">`+p.StepClocks[1]+"<") {
		t.Errorf("step 1's page lacks its label or its clock %q", p.StepClocks[1])
	}
	for _, it := range p.History {
		if !it.Undo && !strings.Contains(body, `href="/g/g1?step=`+strconv.Itoa(it.Seq)+`#board"`) {
			t.Errorf("record %d has no link to its step", it.Seq)
		}
	}
	// Without script, the replay's links step through the game.
	for _, link := range []string{`id="prev" href="/g/g1?step=0#board"`, `id="next" href="/g/g1?step=2#board"`} {
		if !strings.Contains(body, link) {
			t.Errorf("step 1's page lacks %s", link)
		}
	}
}

// TestDiceAudit: while the game is on, the page shows the seed's
// commitment and the dice of the records the viewer may see; once it has
// ended, the seed, every roll and what the seed gives for each.
func TestDiceAudit(t *testing.T) {
	s := newSite(t, nil)
	s.manGame()
	p, err := s.app.GamePage("g1", game.Nobody, -1, bot.EN)
	if err != nil {
		t.Fatal(err)
	}
	if p.Seed != "" || len(p.Rolls) != 0 || p.HiddenRolls == 0 {
		t.Fatalf("live game: seed %q, %d rolls shown, %d hidden (the deal is secret)", p.Seed, len(p.Rolls), p.HiddenRolls)
	}
	_, body := s.get("/g/g1")
	if !strings.Contains(body, p.Commitment) || strings.Contains(body, `id="verify"`) {
		t.Error("the live page lacks the commitment or offers a check it cannot make")
	}
	s.say("bob", "g1 concede yes")
	p, err = s.app.GamePage("g1", game.Nobody, -1, bot.EN)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := hex.DecodeString(p.Seed)
	if err != nil || dice.Commitment(seed) != p.Commitment {
		t.Fatalf("the revealed seed %q does not match the commitment %s", p.Seed, p.Commitment)
	}
	if len(p.Rolls) == 0 || p.HiddenRolls != 0 {
		t.Fatalf("ended game: %d rolls, %d hidden", len(p.Rolls), p.HiddenRolls)
	}
	for _, r := range p.Rolls {
		if r.Computed != r.Value || dice.Value(seed, r.Index, r.Sides) != r.Value {
			t.Errorf("roll %d: logged %d, page computed %d", r.Index, r.Value, r.Computed)
		}
	}
	_, body = s.get("/g/g1")
	for _, want := range []string{`id="seed">` + p.Seed, `id="verify"`, `data-index="0" data-sides="`} {
		if !strings.Contains(body, want) {
			t.Errorf("the ended game's page lacks %s", want)
		}
	}
	// The export of the ended game is the whole game, readable back.
	resp, exp := s.get("/g/g1/export")
	if resp.StatusCode != 200 || !strings.Contains(exp, `"seed":"`+p.Seed) || strings.Contains(exp, `"view"`) {
		t.Errorf("the ended game's export: %d %.300s", resp.StatusCode, exp)
	}
	if !bytes.Contains([]byte(resp.Header.Get("Content-Disposition")), []byte("g1.jsonl")) {
		t.Errorf("Content-Disposition %q", resp.Header.Get("Content-Disposition"))
	}
}

// TestLeaguePage: standings, pairings with links to their games, results,
// and a rating chart with one line per player that moved with the
// results.
func TestLeaguePage(t *testing.T) {
	s := newSite(t, nil)
	id := s.leagueWithResults()
	resp, body := s.get("/l/" + url.PathEscape(id))
	if resp.StatusCode != 200 {
		t.Fatalf("league page: %d", resp.StatusCode)
	}
	for _, want := range []string{"Standings", "ann", "eve", "Round 1", "Round 3", `href="/g/g1"`, "1–0 (VP", `id="rating-chart"`, "Elo"} {
		if !strings.Contains(body, want) {
			t.Errorf("the league page lacks %q", want)
		}
	}
	if n := strings.Count(body, `<polyline class="rating"`); n != 4 {
		t.Errorf("%d rating lines, want 4", n)
	}
	p, err := s.app.LeaguePage(id, bot.EN)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range p.Ratings {
		if len(r.Points) != 3 || r.Points[0] != 1500 || r.Points[2] == 1500 {
			t.Errorf("%s's ratings %v: want the start and two rated games, moved", r.Player, r.Points)
		}
	}
	// In French.
	_, body = s.get("/l/" + url.PathEscape(id) + "?lang=fr")
	if !strings.Contains(body, "Classement") || !strings.Contains(body, "Ronde 1") {
		t.Error("the French league page is not in French")
	}
}

// TestOps: /healthz and /metrics are served by the site when it is given
// the operators' handler.
func TestOps(t *testing.T) {
	s := newSite(t, nil)
	ops := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ops " + r.URL.Path)) })
	web, err := New(Options{App: s.app, Ops: ops, RatePerMinute: 1, RateBurst: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 { // the probes are not rate limited
		for _, p := range []string{"/healthz", "/metrics"} {
			w := newRecorder()
			web.ServeHTTP(w, httpGet(p))
			if w.Code != 200 || w.Body.String() != "ops "+p {
				t.Errorf("%s (%d): %d %q", p, i, w.Code, w.Body.String())
			}
		}
	}
}

func httpGet(p string) *http.Request {
	r, _ := http.NewRequest("GET", p, nil)
	r.RemoteAddr = "192.0.2.9:1"
	return r
}
