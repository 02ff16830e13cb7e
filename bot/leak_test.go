package bot

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/storage"
)

// leakScenarios are the shipped scenarios with hidden information: secret
// simultaneous set-ups (GS I, VII, VIII), face-down units, draw piles and
// secret thresholds (GS IXa, IXb, X), Peter the Great's set-up hidden
// until a side is ready, Manœuvre's hands, decks and discard piles, Le
// son du canon !'s armies built in secret (sdc-choose), Frédéric le
// Grand's armies built by budget and deployed in secret (flg-budget).
var leakScenarios = []string{"gs-1", "gs-7", "gs-8", "gs-9a", "gs-9b", "gs-10", "ptg-standard", "ptg-historical", "man-frgb", "sdc-choose", "flg-budget"}

// TestNoLeaks plays random games of every scenario with hidden
// information through the bot — legal orders, refused orders, views,
// status, history, units, autocomplete — and asserts for each side that
// nothing its player can receive (room messages, ephemeral replies, which
// some platforms post in the room, its direct messages, the boards its
// images are drawn from, autocomplete answers, errors, its export --side)
// contains a secret
// of the other side: the hex of a unit or redoubt its view does not show,
// the true arm, values or name of a unit its view shows masked, or the
// text of the other side's refused order.
func TestNoLeaks(t *testing.T) {
	// By default 30 orders a game (the secret set-ups and their refusals;
	// every scenario but gs-8 is past its set-up by then), 60 in gs-10,
	// the one scenario whose face-down play goes on after its set-up;
	// GROGNARD_SOAK (docs/testing.md) plays 90 everywhere and three games
	// a scenario.
	steps, long, games := 30, 60, *leakGames
	soak, _, err := playtest.Soak()
	if err != nil {
		t.Fatal(err)
	}
	if soak {
		steps, long, games = 90, 90, max(games, 3)
	}
	if testing.Short() {
		steps, long = 20, 30
	}
	for k := 0; k < games; k++ {
		for i, id := range leakScenarios {
			n := steps
			if id == "gs-10" {
				n = long
			}
			if id == "man-frgb" && !soak && !testing.Short() {
				// the deal, the deployment and a few turns of cards
				n = 40
			}
			t.Run(id, func(t *testing.T) {
				leakPlay(t, id, uint64(100*k+i+1), n)
			})
		}
	}
}

var leakGames = flag.Int("leak.games", 1, "random games per scenario in TestNoLeaks")

var users = map[game.Side]string{game.SideA: "alice", game.SideB: "bob", game.Nobody: "carol"}

// inbox is what one user has received since the last check, as lines.
type inbox map[string][]string

func (in inbox) add(user string, lines ...string) { in[user] = append(in[user], lines...) }

// deliver sorts a response by who sees it: a direct message its user; an
// ephemeral reply the asker — and, on a platform without ephemeral
// replies, the room; anything else the room.
func (in inbox) deliver(asker string, r Response) {
	for _, m := range r.Messages {
		lines := messageLines(m)
		switch {
		case m.To != nil:
			in.add(m.To.ID, lines...)
		default:
			for _, u := range users {
				in.add(u, lines...)
			}
		}
	}
}

// messageLines is a message's text, its buttons and the boards of its
// images (the captureRenderer's "PNG" is the board as JSON), one line per
// piece and mark.
func messageLines(m Message) []string {
	out := strings.Split(m.Plain(), "\n")
	for _, c := range m.Choices {
		out = append(out, c.Label+" "+c.Command)
	}
	for _, img := range m.Images {
		var b game.Board
		if err := json.Unmarshal(img.PNG, &b); err != nil {
			out = append(out, string(img.PNG))
			continue
		}
		for _, p := range b.Pieces {
			out = append(out, fmt.Sprintf("board piece %s %s %s %s %s %s", p.ID, p.Type, p.Name, p.Values, p.Hex, strings.Join(p.Flags, ",")))
		}
		for _, mk := range b.Marks {
			out = append(out, fmt.Sprintf("board mark %s %s %v", mk.Kind, mk.Label, mk.At))
		}
		for _, a := range b.Arrows {
			out = append(out, fmt.Sprintf("board arrow %s %v %v", a.Kind, a.From, a.To))
		}
		for _, z := range b.Zones {
			out = append(out, fmt.Sprintf("board zone %s %s %s", z.Name, z.Side, strings.Join(z.Items, " ")))
		}
		out = append(out, b.Legend.Lines...)
	}
	return out
}

// secrets are what a viewer must not learn: hexes (as labels) where the
// other side has something the viewer's view does not show, and units
// whose identity the viewer's view masks.
type secrets struct {
	hexes   map[string]bool
	masked  map[string]game.Piece // id → true piece
	refused []string
	// totals are the other side's strength total in a score line, while
	// some of its units are masked.
	totals []string
	// cards are the ids of the cards the viewer has never been shown: in
	// the other side's hand or discard pile, in any deck.
	cards map[string]bool
}

func secretsFor(r game.Ruleset, sc *game.Scenario, st game.State, viewer game.Side) secrets {
	s := secrets{hexes: map[string]bool{}, masked: map[string]game.Piece{}}
	view := game.ViewOf(r, st, viewer)
	shown := map[string]game.Piece{}
	occupied := map[string]bool{}
	for _, p := range view.Pieces() {
		shown[p.ID] = p
		if p.Hex != "" {
			occupied[p.Hex] = true
		}
	}
	for _, p := range st.Pieces() {
		if p.Side == viewer || !p.Side.Valid() {
			continue
		}
		v, ok := shown[p.ID]
		if p.Hex != "" && (!ok || v.Hex != p.Hex) && !occupied[p.Hex] {
			s.hexes[p.Hex] = true
		}
		if ok && v.Type == "" && p.Type != "" {
			s.masked[p.ID] = p
		}
	}
	if len(s.masked) > 0 {
		total := 0
		for _, p := range st.Pieces() {
			var pc, mp int
			if p.Side == viewer.Other() && p.Status != "unused" {
				if _, err := fmt.Sscanf(p.Values, "%d-%d", &pc, &mp); err == nil {
					total += pc
				}
			}
		}
		s.totals = append(s.totals, fmt.Sprintf("%s · losses (PC, of %d)", viewer.Other(), total))
	}
	s.cards = cardSecrets(st, view, viewer)
	if full, ok := st.(*flg.State); ok && full.Phase == flg.PhaseBuild && viewer.Valid() {
		// The other side's running cost while it builds its army.
		if n := full.Spent(viewer.Other()); n > 0 && n != full.Spent(viewer) {
			s.totals = append(s.totals, fmt.Sprintf("%s: build your army (%d of", viewer.Other(), n), fmt.Sprintf("%d points spent", n))
		}
	}
	if full, ok := st.(*ptg.State); ok {
		pv := view.(*ptg.State)
		for _, rd := range full.Redoubts {
			if !slices.ContainsFunc(pv.Redoubts, func(x ptg.Redoubt) bool { return x.At == rd.At }) {
				if l := sc.Map.Label(rd.At); !occupied[l] {
					s.hexes[l] = true
				}
			}
		}
	}
	return s
}

// cardSecrets are the cards of st's zones (hands, decks, discard piles)
// that viewer's view does not show, less any card id viewer may see
// somewhere (both armies may have a supply-1).
func cardSecrets(st, view game.State, viewer game.Side) map[string]bool {
	out := map[string]bool{}
	zs, ok := st.(game.Zoner)
	if !ok {
		return out
	}
	for _, z := range zs.Zones() {
		for _, c := range z.Items {
			out[c] = true
		}
	}
	for _, z := range game.ZonesOf(view, viewer) {
		for _, c := range z.Items {
			delete(out, c)
		}
	}
	return out
}

// lineWords are the words of a line: a letter or digit, then letters,
// digits and _/'.- (trimmed of trailing .'-).
func lineWords(line string) map[string]bool {
	set := map[string]bool{}
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	inner := func(r rune) bool { return word(r) || strings.ContainsRune("_/'.-", r) }
	start := -1
	for i, r := range line {
		switch {
		case start < 0 && word(r):
			start = i
		case start >= 0 && !inner(r):
			set[strings.Trim(line[start:i], ".'-")] = true
			start = -1
		}
	}
	if start >= 0 {
		set[strings.Trim(line[start:], ".'-")] = true
	}
	return set
}

// leak returns the secret a line gives away, or "".
func (s secrets) leak(line string) string {
	set := lineWords(line)
	for h := range s.hexes {
		if set[h] {
			return "hex " + h
		}
	}
	for id, p := range s.masked {
		if !set[id] {
			continue
		}
		for _, tell := range []string{p.Values, p.Name} {
			if tell != "" && tell != id && len(tell) >= 3 && strings.Contains(line, tell) {
				return fmt.Sprintf("%s is %q", id, tell)
			}
		}
		if p.Type != "" && regexp.MustCompile(`\b`+regexp.QuoteMeta(id)+`\b[^;,]*\b`+regexp.QuoteMeta(p.Type)+`\b`).MatchString(line) {
			return fmt.Sprintf("%s is %s", id, p.Type)
		}
	}
	for c := range s.cards {
		if set[c] {
			return "card " + c
		}
	}
	for _, tot := range s.totals {
		if strings.Contains(line, tot) {
			return "strength total " + tot
		}
	}
	for _, o := range s.refused {
		if strings.Contains(line, o) {
			return "refused order " + o
		}
	}
	return ""
}

func leakPlay(t *testing.T, id string, seed uint64, steps int) {
	e := newEnv(t)
	in := inbox{}
	say := func(user, text string) Response {
		r := e.say(user, text)
		in.deliver(user, r)
		return r
	}
	say("alice", "new "+id+" vs bob")
	say("bob", "accept")
	rng := rand.New(rand.NewPCG(seed, 99))
	refused := map[game.Side][]string{}
	state := func() (game.Ruleset, *game.Scenario, game.State) {
		lg, err := e.app.lock("g1")
		if err != nil {
			t.Fatal(err)
		}
		defer lg.mu.Unlock()
		return lg.g.Rules, lg.g.Scenario, lg.g.State
	}
	// shown are the cards each viewer's view has shown so far (a card
	// played face up stays known once buried in a discard pile).
	shown := map[game.Side]map[string]bool{}
	check := func(step int, what string) {
		r, sc, st := state()
		for _, side := range []game.Side{game.SideA, game.SideB, game.Nobody} {
			if shown[side] == nil {
				shown[side] = map[string]bool{}
			}
			for _, z := range game.ZonesOf(game.ViewOf(r, st, side), side) {
				for _, c := range z.Items {
					shown[side][c] = true
				}
			}
		}
		for _, side := range []game.Side{game.SideA, game.SideB, game.Nobody} {
			var sec secrets
			if side.Valid() {
				sec = secretsFor(r, sc, st, side)
				sec.refused = refused[side.Other()]
			} else {
				// a spectator: the secrets of both sides
				a, b := secretsFor(r, sc, st, game.SideA), secretsFor(r, sc, st, game.SideB)
				sec = b
				for h := range a.hexes {
					sec.hexes[h] = true
				}
				for k, v := range a.masked {
					sec.masked[k] = v
				}
				sec.refused = append(slices.Clone(refused[game.SideA]), refused[game.SideB]...)
				sec.cards = cardSecrets(st, game.ViewOf(r, st, side), side)
			}
			for c := range shown[side] {
				delete(sec.cards, c)
			}
			got := in[users[side]]
			for i, line := range got {
				if l := sec.leak(line); l != "" {
					t.Fatalf("step %d (%s): %s (side %s) received the other side's secret (%s):\n%s", step, what, users[side], side, l, strings.Join(got[i:min(len(got), i+3)], "\n"))
				}
			}
		}
		clear(in)
	}
	played := 0
	defer func() {
		r, _, st := state()
		var some []string
		for _, side := range game.Waiting(st) {
			l := game.Leaves(r.Legal(st, side))
			some = append(some, fmt.Sprintf("%s: %d orders %q", side, len(l), l[:min(4, len(l))]))
		}
		t.Logf("%d orders played; the game stands at %+v; %s", played, st.Clock(), strings.Join(some, "; "))
	}()
	for step := 0; step < steps; step++ {
		r, sc, st := state()
		if st.Outcome().Over {
			break
		}
		played++
		w := game.Waiting(st)
		if len(w) == 0 {
			break
		}
		side := w[rng.IntN(len(w))]
		user := users[side]
		leaves := game.Leaves(r.Legal(st, side))
		// A refused order now and then: one of the side's units to a
		// random hex of the map, with the verb of a legal order.
		if len(leaves) > 0 && rng.IntN(4) == 0 {
			verb := strings.Fields(leaves[rng.IntN(len(leaves))])[0]
			var mine []string
			for _, p := range game.ViewOf(r, st, side).Pieces() {
				if p.Side == side {
					mine = append(mine, p.ID)
				}
			}
			cells := sc.Map.Grid.Cells()
			hex := sc.Map.Label(cells[rng.IntN(len(cells))])
			if len(mine) > 0 && (verb == "place" || verb == "move" || verb == "deploy") {
				order := fmt.Sprintf("%s %s %s", verb, mine[rng.IntN(len(mine))], hex)
				// The refusal must be the one the player's own view gives:
				// a refusal that depends on what he may not see tells it.
				cmd, _ := game.ParseCommand(side, order)
				_, errFull := r.Decide(st, cmd, &dice.Seeded{Seed: []byte("probe")})
				_, errView := r.Decide(game.ViewOf(r, st, side), cmd, &dice.Seeded{Seed: []byte("probe")})
				if fmt.Sprint(errFull) != fmt.Sprint(errView) {
					t.Fatalf("step %d: %s's order %q is refused for what it cannot see: %v (its view: %v)", step, side, order, errFull, errView)
				}
				if secretsFor(r, sc, st, side).hexes[hex] {
					continue // a hex the player names himself is no leak in the echo
				}
				resp := say(user, order)
				if strings.Contains(texts(resp), "refused") {
					refused[side] = append(refused[side], "`"+order+"`")
				}
				check(step, "refused "+order)
			}
		}
		if len(leaves) == 0 {
			t.Fatalf("step %d: %s waits with no legal order", step, side)
		}
		// The legal orders are those of the side's own view: a list that
		// depends on what it cannot see (a hidden unit, a face-down
		// unit's arm) tells it.
		if step%3 == 0 {
			if v := game.Leaves(r.Legal(game.ViewOf(r, st, side), side)); !slices.Equal(v, leaves) {
				t.Fatalf("step %d: %s's legal orders depend on what it cannot see: %d orders, %d from its view; first difference %q",
					step, side, len(leaves), len(v), firstDiffOrder(leaves, v))
			}
		}
		order := leaves[rng.IntN(len(leaves))]
		// Finish a set-up now and then, so that the game goes on past it.
		for _, o := range leaves {
			if (o == "ready" || o == "deploy auto") && rng.IntN(3) == 0 {
				order = o
			}
		}
		say(user, order)
		check(step, side.String()+": "+order)
		if step%9 == 0 {
			for _, u := range []string{"alice", "bob", "carol"} {
				for _, v := range []string{"status", "history 400", "units", "board", "g1"} {
					say(u, v)
				}
				for _, cmd := range []string{"move", "place", "deploy", "units", "range"} {
					for _, arg := range []string{"unit", "hex", "placements", "to"} {
						for _, c := range e.app.Complete(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: u, Name: u}, Command: cmd, Args: map[string]string{"game": "g1"}}, arg, "") {
							in.add(u, c.Label+" "+c.Command)
						}
					}
				}
			}
			// export --side: each side's copy of the log.
			x, err := e.store.ReadGame("g1")
			if err != nil {
				t.Fatal(err)
			}
			for _, side := range game.Sides {
				var b strings.Builder
				if err := storage.WriteExportView(&b, x, r, side); err != nil {
					t.Fatal(err)
				}
				for _, line := range strings.Split(b.String(), "\n") {
					// one line per event, as the messages have one per clause
					var rec struct {
						Events []json.RawMessage `json:"events"`
					}
					if json.Unmarshal([]byte(line), &rec) == nil && len(rec.Events) > 0 {
						for _, ev := range rec.Events {
							in.add(users[side], string(ev))
						}
						line = line[:strings.Index(line, `"events":`)]
					}
					in.add(users[side], line)
				}
			}
			check(step, "views")
		}
	}
}

func firstDiffOrder(a, b []string) string {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return "only in the full state: " + x
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return "only in the view: " + x
		}
	}
	return "order differs"
}

// lineWords finds the words the regular expression it replaced found.
func TestLineWords(t *testing.T) {
	re := regexp.MustCompile(`[\p{L}\p{N}][\p{L}\p{N}_/'.-]*`)
	for _, line := range []string{"", "A3 0512 → 0613.", "« SW-I01 » s'installe en 0203 ; -x- _y_ l'armée.", "(5,12) a/b c.d e-'f'", "board piece B7 inf 3-3-12 0714 face-down"} {
		want := map[string]bool{}
		for _, w := range re.FindAllString(line, -1) {
			want[strings.Trim(w, ".'-")] = true
		}
		if got := lineWords(line); !maps.Equal(got, want) {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}
