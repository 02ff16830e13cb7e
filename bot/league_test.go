package bot

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// TestRoundRobin: every pair meets once a cycle, every entry plays once
// a round (or has a bye), and the rounds are numbered on.
func TestRoundRobin(t *testing.T) {
	for _, n := range []int{2, 3, 4, 5, 6, 9} {
		for _, cycles := range []int{1, 2} {
			ps := roundRobin(n, cycles)
			rounds := n - 1
			if n%2 == 1 {
				rounds = n
			}
			met := map[[2]int]int{}
			perRound := map[int]map[int]bool{}
			for _, p := range ps {
				if perRound[p.Round] == nil {
					perRound[p.Round] = map[int]bool{}
				}
				for _, e := range []int{p.A, p.B} {
					if e < 0 {
						continue
					}
					if perRound[p.Round][e] {
						t.Errorf("n=%d: entry %d twice in round %d", n, e, p.Round)
					}
					perRound[p.Round][e] = true
				}
				if !p.bye() {
					met[[2]int{min(p.A, p.B), max(p.A, p.B)}]++
				}
			}
			if len(perRound) != rounds*cycles {
				t.Errorf("n=%d cycles=%d: %d rounds, want %d", n, cycles, len(perRound), rounds*cycles)
			}
			for i := range n {
				for j := i + 1; j < n; j++ {
					if met[[2]int{i, j}] != cycles {
						t.Errorf("n=%d cycles=%d: %d and %d meet %d times", n, cycles, i, j, met[[2]int{i, j}])
					}
				}
			}
		}
	}
}

// TestBalanceSides: over a double round robin of four, everybody plays
// side A exactly three times of six.
func TestBalanceSides(t *testing.T) {
	lg := &league{Entries: make([]entry, 4), Pairings: roundRobin(4, 2)}
	for i := range lg.Pairings {
		balanceSides(lg, &lg.Pairings[i])
		lg.Pairings[i].Game = fmt.Sprintf("g%d", i+1)
	}
	as := map[int]int{}
	for _, p := range lg.Pairings {
		as[p.A]++
	}
	for e := range 4 {
		if as[e] != 3 {
			t.Errorf("entry %d plays A %d times of 6", e, as[e])
		}
	}
}

// TestSwissPairs: six or seven players over the most Swiss rounds a
// league allows, with random results, never meet twice, and everybody
// plays every round (or has one bye).
func TestSwissPairs(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for trial := range 20 {
		n := 6 + trial%2 // 6 or 7 (a bye each round)
		lg := &league{Entries: make([]entry, n), TieBreak: "sb"}
		rounds := (n + 1) / 2
		for r := 1; r <= rounds; r++ {
			ps := swissPairs(lg, r)
			for i := range ps {
				p := &ps[i]
				if p.bye() {
					if lg.hadBye(p.A) {
						t.Errorf("trial %d round %d: entry %d has a second bye", trial, r, p.A)
					}
					p.Result = &result{Kind: "bye", Winner: game.SideA}
					continue
				}
				for _, q := range lg.Pairings {
					if q.A == p.A && q.B == p.B || q.A == p.B && q.B == p.A {
						t.Errorf("trial %d round %d: %d and %d meet again", trial, r, p.A, p.B)
					}
				}
				p.Game = "x"
				p.Result = &result{Kind: "played", Winner: []game.Side{game.SideA, game.SideB, game.Nobody}[rng.Intn(3)]}
			}
			if len(ps) != (n+1)/2 {
				t.Errorf("trial %d round %d: %d pairings for %d entries", trial, r, len(ps), n)
			}
			lg.Pairings = append(lg.Pairings, ps...)
		}
	}
}

// TestStandings: points, Sonneborn–Berger, head-to-head and Elo on a
// small hand-made league.
func TestStandings(t *testing.T) {
	lg := &league{Entries: make([]entry, 4), TieBreak: "sb"}
	add := func(a, b int, w game.Side, kind string, score [2]int) {
		lg.Pairings = append(lg.Pairings, pairing{Round: 1, A: a, B: b, Game: "g", Result: &result{Kind: kind, Winner: w, Score: score}})
	}
	// 0 beats 1 and 2; 1 beats 2 and 3; 3 beats 0; 2 draws 3.
	add(0, 1, game.SideA, "played", [2]int{10, 4})
	add(0, 2, game.SideA, "played", [2]int{6, 5})
	add(1, 2, game.SideA, "played", [2]int{3, 1})
	add(1, 3, game.SideA, "played", [2]int{8, 2})
	add(3, 0, game.SideA, "played", [2]int{7, 7})
	add(2, 3, game.Nobody, "played", [2]int{2, 2})
	st := lg.standingsRaw()
	// Points: 0 → 2, 1 → 2, 2 → ½, 3 → 1½.
	// SB: 0 beat 1 (2) and 2 (½) = 2½; 1 beat 2 (½) and 3 (1½) = 2.
	order := []int{st[0].entry, st[1].entry, st[2].entry, st[3].entry}
	if fmt.Sprint(order) != "[0 1 3 2]" {
		t.Errorf("order %v", order)
	}
	if st[0].half != 4 || st[0].tieBreak != 2.5 || st[1].tieBreak != 2 {
		t.Errorf("entry 0: %+v, entry 1: %+v", st[0], st[1])
	}
	if st[0].vp != 6+1+0 || st[1].vp != -6+2+6 {
		t.Errorf("VP: %d, %d", st[0].vp, st[1].vp)
	}
	if !(st[0].rating > eloStart && st[3].rating < eloStart) {
		t.Errorf("ratings: %v %v", st[0].rating, st[3].rating)
	}
	sum := 0.0
	for _, s := range st {
		sum += s.rating
	}
	if d := sum - 4*eloStart; d > 1e-9 || d < -1e-9 {
		t.Errorf("Elo is not zero-sum: %v", sum)
	}
	// Head-to-head: 0 and 1 are tied on points; 0 beat 1.
	lg.TieBreak = "h2h"
	st = lg.standingsRaw()
	if st[0].entry != 0 || st[0].tieBreak != 1 || st[1].tieBreak != 0 {
		t.Errorf("h2h: %+v %+v", st[0], st[1])
	}
	// A forfeit counts as a result, not in the VP or the ratings; a
	// cancelled game does not count; a bye is a point but not a game.
	lg = &league{Entries: make([]entry, 3), TieBreak: "sb"}
	lg.Pairings = []pairing{{A: 0, B: 1, Result: &result{Kind: "forfeit", Winner: game.SideB, Score: [2]int{9, 0}}},
		{A: 0, B: 2, Result: &result{Kind: "cancelled", Winner: game.Nobody}},
		{A: 2, B: -1, Result: &result{Kind: "bye", Winner: game.SideA}}}
	st = lg.standingsRaw()
	byEntry := map[int]standing{}
	for _, s := range st {
		byEntry[s.entry] = s
	}
	if s := byEntry[1]; s.half != 2 || s.played != 1 || s.w != 1 || s.vp != 0 || s.rating != eloStart {
		t.Errorf("forfeit winner: %+v", s)
	}
	if s := byEntry[2]; s.half != 2 || s.played != 0 || s.byes != 1 {
		t.Errorf("bye: %+v", s)
	}
	if s := byEntry[0]; s.played != 1 || s.l != 1 {
		t.Errorf("forfeit loser: %+v", s)
	}
}

// tableRenderer adds tables to the capture renderer.
type tableRenderer struct {
	*captureRenderer
	tables []string
}

func (r *tableRenderer) Table(title string, header []string, rows [][]string, footer string) ([]byte, error) {
	s := title + "\n" + strings.Join(header, "|")
	for _, row := range rows {
		s += "\n" + strings.Join(row, "|")
	}
	r.tables = append(r.tables, s)
	return []byte(s), nil
}

// TestLeagueFlow runs a round-robin league of four through the chat: the
// games are created with both seats, the next round starts when the last
// game of a round ends, a substitute takes a place, a withdrawn player's
// games are forfeited, the standings come as text and as an image, and
// the league ends.
func TestLeagueFlow(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	tr := &tableRenderer{captureRenderer: e.rend}
	e.app.cfg.Renderer = tr
	admin := func(text string) string { return texts(e.req("r1", "carol", text, true)) }
	if got := texts(e.say("alice", "league new spring players:@alice @bob scenarios:gs-1")); !strings.Contains(got, "only a room administrator") {
		t.Errorf("league by a player: %s", got)
	}
	if got := admin("league new spring players:@alice @bob @dave @erin scenarios:gs-9"); !strings.Contains(got, "no scenario gs-9") {
		t.Errorf("bad scenario: %s", got)
	}
	got := admin("league new spring players:@alice @bob @dave @erin scenarios:gs-1 deadline:72h")
	for _, want := range []string{"League spring is created: @alice @bob @dave @erin · round-robin, 3 round(s) · scenarios gs-1 · deadline 3 d a phase.",
		"League spring, round 1 of 3:", "g1 begins", "g2 begins", "League spring, round 1, scenario gs-1."} {
		if !strings.Contains(got, want) {
			t.Errorf("league new lacks %q:\n%s", want, got)
		}
	}
	if n := len(e.observed("pairing")); n != 2 {
		t.Errorf("%d pairings made", n)
	}
	if clk := e.clockOf("g1"); clk.Phase != 72*time.Hour || clk.League != "test:r1/spring" || len(clk.Obls) != 2 {
		t.Errorf("g1's clock: %+v", clk)
	}
	// Round 1: the B player of each game concedes.
	concedeB := func(id string) string {
		meta, _ := e.store.Meta(id)
		user := strings.TrimPrefix(meta.Seats[game.SideB], "test:")
		return texts(e.say(user, id+" concede yes"))
	}
	concedeB("g1")
	if n := len(e.observed("pairing")); n != 2 {
		t.Errorf("round 2 started before round 1 ended: %d pairings", n)
	}
	got = concedeB("g2")
	if !strings.Contains(got, "League spring, round 2 of 3:") || len(e.observed("pairing")) != 4 {
		t.Fatalf("round 2: %s", got)
	}
	sched := texts(e.say("bob", "league schedule"))
	for _, want := range []string{"Round 1:", "g1 · ", "1–0 (VP", "Round 2:", "being played", "Round 3:", "to play"} {
		if !strings.Contains(sched, want) {
			t.Errorf("schedule lacks %q:\n%s", want, sched)
		}
	}
	// Substitute dave by frank: his game in progress changes hands.
	got = admin("league substitute spring @dave @frank")
	if !strings.Contains(got, "@frank takes the place of dave") {
		t.Errorf("substitute: %s", got)
	}
	var frankGame string
	for _, id := range []string{"g3", "g4"} {
		meta, _ := e.store.Meta(id)
		if meta.Side("test:frank").Valid() {
			frankGame = id
		}
		if meta.Side("test:dave").Valid() {
			t.Errorf("%s still seats dave", id)
		}
	}
	if frankGame == "" {
		t.Fatal("frank has no game")
	}
	// Erin withdraws: her game in progress is forfeited.
	got = admin("league withdraw spring @erin")
	if !strings.Contains(got, "erin withdraws; their remaining games are forfeited") || !strings.Contains(got, "wins by forfeit") {
		t.Errorf("withdraw: %s", got)
	}
	// Finish round 2: the game without erin.
	for _, id := range []string{"g3", "g4"} {
		if meta, _ := e.store.Meta(id); meta.Status == storage.StatusActive {
			got = concedeB(id)
		}
	}
	if !strings.Contains(got, "round 3 of 3") {
		t.Fatalf("round 3: %s", got)
	}
	// Round 3: erin's pairing is a forfeit without a game.
	if !strings.Contains(got, "by forfeit") {
		t.Errorf("round 3 with erin's forfeit: %s", got)
	}
	var last string
	for _, id := range []string{"g5", "g6"} {
		if meta, err := e.store.Meta(id); err == nil && meta.Status == storage.StatusActive {
			last = concedeB(id)
		}
	}
	if !strings.Contains(last, "League spring is over. Winner:") {
		t.Fatalf("end of the league: %s", last)
	}
	st := texts(e.say("bob", "league standings"))
	if !strings.Contains(st, "Player") || !strings.Contains(st, "erin (withdrawn)") || !strings.Contains(st, "frank") {
		t.Errorf("standings: %s", st)
	}
	if len(tr.tables) < 2 {
		t.Errorf("standings images: %d", len(tr.tables))
	}
	// Every game of the league: 6 pairings, 5 games (one forfeit unplayed).
	lgue, _ := e.app.readLeague("test:r1/spring")
	games := 0
	for _, p := range lgue.Pairings {
		if p.Result == nil {
			t.Errorf("pairing without a result: %+v", p)
		}
		if p.Game != "" {
			games++
		}
	}
	if len(lgue.Pairings) != 6 || games != 5 || !lgue.Done {
		t.Errorf("%d pairings, %d games, done %v", len(lgue.Pairings), games, lgue.Done)
	}
}

// TestLeagueSwiss creates a Swiss league of five: a bye each round, no
// rematch, three rounds by default.
func TestLeagueSwiss(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	got := texts(e.req("r1", "carol", "league new autumn players:@a1 @a2 @a3 @a4 @a5 scenarios:gs-1,gs-2 format:swiss tiebreak:h2h", true))
	if !strings.Contains(got, "swiss, 3 round(s)") || !strings.Contains(got, ": bye") {
		t.Fatalf("swiss league: %s", got)
	}
	for round := 1; round <= 3; round++ {
		lgue, _ := e.app.readLeague("test:r1/autumn")
		for _, p := range lgue.Pairings {
			if p.Round != round || p.Game == "" || p.Result != nil {
				continue
			}
			if want := []string{"gs-1", "gs-2"}[(round-1)%2]; p.Scenario != want {
				t.Errorf("round %d plays %s", round, p.Scenario)
			}
			meta, _ := e.store.Meta(p.Game)
			e.say(strings.TrimPrefix(meta.Seats[game.SideA], "test:"), p.Game+" concede yes")
		}
	}
	lgue, _ := e.app.readLeague("test:r1/autumn")
	if !lgue.Done || len(lgue.Pairings) != 9 {
		t.Errorf("done %v, %d pairings", lgue.Done, len(lgue.Pairings))
	}
}
