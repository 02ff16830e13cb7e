package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/internal/syncbuf"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/storage"
)

// Issue 14 §1: no input stops the bot.

// nopRenderer lets the bot build every board (the rulesets' Board code
// runs) without drawing pictures.
type nopRenderer struct{}

func (nopRenderer) PNG(*game.Board) ([]byte, error)                   { return []byte("png"), nil }
func (nopRenderer) Zoom(*game.Board, grid.Coord, int) ([]byte, error) { return []byte("png"), nil }

// syncBuffer is a log buffer safe for concurrent writers.
type syncBuffer = syncbuf.Buffer

// hookStore is a store that panics once in the method named by arm.
type hookStore struct {
	*storage.Store
	armed atomic.Value // string
}

func (h *hookStore) arm(method string) { h.armed.Store(method) }

func (h *hookStore) hook(method string) {
	if m, _ := h.armed.Load().(string); m == method {
		h.armed.Store("")
		panic("injected panic in " + method)
	}
}

func (h *hookStore) AppendEntry(id string, seq int, e storage.Entry) error {
	h.hook("AppendEntry")
	return h.Store.AppendEntry(id, seq, e)
}

func (h *hookStore) GamesInRoom(room string) ([]string, error) {
	h.hook("GamesInRoom")
	return h.Store.GamesInRoom(room)
}

func (h *hookStore) SetDeadline(id string, at time.Time) (storage.GameMeta, error) {
	h.hook("SetDeadline")
	return h.Store.SetDeadline(id, at)
}

func (h *hookStore) DueDeadlines(now time.Time, limit int) ([]storage.Deadline, error) {
	h.hook("DueDeadlines")
	return h.Store.DueDeadlines(now, limit)
}

var refRE = regexp.MustCompile(`(?:internal error, reference|erreur interne, référence) ([0-9a-f]{8})`)

// fingerprint is what the store holds that a refusal must not change:
// every game's meta (status, seats, sequence, rolls, deadline) and every
// application value (bot data, clocks, settings, undo notes).
func fingerprint(t testing.TB, s *storage.Store) string {
	t.Helper()
	metas, err := s.Games("", 1000)
	if err != nil {
		t.Fatal(err)
	}
	kvs, err := s.Values("")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal([]any{metas, kvs})
	return string(b)
}

// TestPanicRecovered injects panics in the store under an order, an
// autocomplete and the scheduler: each is answered with a reference
// (English and French), logged with its stack under that reference, the
// game is left as the store had it, and the bot goes on answering.
func TestPanicRecovered(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hs := &hookStore{Store: st}
	var logs syncBuffer
	var seeds int64
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	var nowMu sync.Mutex
	app, err := New(Config{Store: hs, Logger: slog.New(slog.NewJSONHandler(&logs, nil)),
		Now:     func() time.Time { nowMu.Lock(); defer nowMu.Unlock(); return now },
		NewSeed: func() []byte { seeds++; return dice.SeedFromInt(seeds) }})
	if err != nil {
		t.Fatal(err)
	}
	say := func(user, text string) Response {
		done := make(chan Response, 1)
		go func() {
			done <- app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: user, Name: user}, Text: text})
		}()
		select {
		case r := <-done:
			return r
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: %q: no answer (a game left locked?)", user, text)
		}
		return Response{}
	}
	say("alice", "new gs-1 vs bob")
	say("bob", "accept")
	before := fingerprint(t, st)

	check := func(r Response, want string) {
		t.Helper()
		if len(r.Messages) != 1 || !r.Messages[0].Ephemeral {
			t.Fatalf("answer to a panic: %q, want one ephemeral message", texts(r))
		}
		m := refRE.FindStringSubmatch(r.Messages[0].Text)
		if m == nil || !strings.Contains(r.Messages[0].Text, want) {
			t.Fatalf("answer to a panic: %q, want %q and a reference", r.Messages[0].Text, want)
		}
		found := false
		for _, line := range strings.Split(logs.String(), "\n") {
			if strings.Contains(line, `"ref":"`+m[1]+`"`) && strings.Contains(line, "injected panic") &&
				strings.Contains(line, `"stack":`) && strings.Contains(line, "hookStore).hook") {
				found = true
			}
		}
		if !found {
			t.Fatalf("no log line with reference %s and a stack:\n%s", m[1], logs.String())
		}
	}

	// An order that panics after the kernel applied it in memory.
	hs.arm("AppendEntry")
	check(say("alice", "deploy auto"), "internal error, reference")
	if !strings.Contains(logs.String(), `"game":"g1"`) {
		t.Errorf("the log does not name the game:\n%s", logs.String())
	}
	if after := fingerprint(t, st); after != before {
		t.Fatalf("the store changed under a panic")
	}
	if r := say("alice", "history"); !strings.Contains(texts(r), "no order yet") {
		t.Fatalf("the in-memory game kept the order the store never took: %q", texts(r))
	}
	if r := say("alice", "deploy auto"); refRE.MatchString(texts(r)) || strings.Contains(texts(r), "refused") {
		t.Fatalf("after a panic the same order fails: %q", texts(r))
	}
	// In French.
	say("bob", "lang fr")
	hs.arm("AppendEntry")
	check(say("bob", "deploy auto"), "erreur interne, référence")

	// Autocomplete.
	hs.arm("GamesInRoom")
	got := app.Complete(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "sam"}, Command: "join", Args: map[string]string{}}, "game", "")
	if len(got) != 1 || !refRE.MatchString(got[0].Label) {
		t.Fatalf("autocomplete after a panic: %+v", got)
	}

	// The scheduler: a tick that panics is logged, and the loop goes on.
	hs.arm("DueDeadlines")
	ctx, cancel := context.WithCancel(t.Context())
	var ticks atomic.Int32
	errc := make(chan error, 1)
	go func() {
		errc <- app.RunScheduler(ctx, func(time.Duration) <-chan time.Time {
			if ticks.Add(1) >= 3 {
				cancel()
			}
			ch := make(chan time.Time, 1)
			ch <- time.Now()
			return ch
		})
	}()
	select {
	case <-errc:
	case <-time.After(20 * time.Second):
		t.Fatal("the scheduler stopped after a panic")
	}
	if ticks.Load() < 3 || !strings.Contains(logs.String(), `"where":"scheduler"`) {
		t.Fatalf("scheduler: %d ticks; log:\n%s", ticks.Load(), logs.String())
	}
	if r := say("sam", "games"); !strings.Contains(texts(r), "g1") {
		t.Fatalf("the bot stopped answering: %q", texts(r))
	}

	// One game's timer that panics: logged with a reference, put off,
	// and the other games' timers and requests go on.
	say("carol", "new gs-1 vs dave deadline=1h")
	say("dave", "accept")
	nowMu.Lock()
	now = now.Add(2 * time.Hour)
	nowMu.Unlock()
	hs.arm("SetDeadline")
	_, err = app.Tick(t.Context())
	if err == nil || !regexp.MustCompile(`panic, reference [0-9a-f]{8}`).MatchString(err.Error()) {
		t.Fatalf("a timer that panics: %v", err)
	}
	if r := say("carol", "g2 status"); !strings.Contains(texts(r), "g2 ·") {
		t.Fatalf("after a timer's panic: %q", texts(r))
	}
}

// actor is one user the drive test speaks as.
type actor struct {
	id    string
	admin bool
}

// driveActors: a spectator, each seat, a room administrator.
var driveActors = []actor{{"sam", false}, {"alice", false}, {"bob", false}, {"root", true}}

// stateless lists the commands whose success changes only the asker's
// own settings (their reply is ephemeral, yet the store changes).
var settingsCommands = map[string]bool{"lang": true, "notify": true, "tz": true, "vacation": true, "mine": true}

// TestDriveEverything plays random games of every scenario through the
// App and, at several points of each, sends every command and asks every
// autocomplete field as a spectator, each seat and a room administrator
// (two of them at each point outside the soak), on a copy of the store:
// nothing panics, a refusal (or a view) changes nothing in the store, and
// the bot keeps answering. GROGNARD_SOAK plays more seeds and more
// points, to the end of each game, with all four actors.
func TestDriveEverything(t *testing.T) {
	soak, _, err := playtest.Soak()
	if err != nil {
		t.Fatal(err)
	}
	// By default one point of one game per scenario, in the set-up for
	// every other scenario and a few orders in for the rest, so that the
	// suite stays short under -race on a small machine. Peter the Great's
	// set-ups list thousands of placements, which every autocomplete of a
	// unit walks: of its scenarios, which share those set-up rules, only
	// ptg-historical is driven a few orders in, the others before their
	// first order. Outside the soak two of the four actors speak at each
	// point, a seat and a user without one (sam and alice, or bob and
	// root, by pairs of scenarios, so that each pair meets both points).
	seeds, steps := []uint64{1}, 10
	if soak {
		seeds, steps = []uint64{1, 2, 3}, 400
	}
	for i, info := range scenarios.List() {
		points := []int{(i % 2) * steps}
		if strings.HasPrefix(info.ID, "ptg-") {
			points = []int{0}
			if info.ID == "ptg-historical" {
				points = []int{steps}
			}
		}
		if soak {
			points = nil
			for p := 0; p <= steps; p += 10 {
				points = append(points, p)
			}
		}
		actors := driveActors
		if !soak {
			actors = driveActors[i/2%2*2:][:2]
		}
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s/%d", info.ID, seed), func(t *testing.T) {
				t.Parallel()
				drivePlayout(t, info.ID, seed, points, points[len(points)-1], actors, soak)
			})
		}
	}
}

func drivePlayout(t *testing.T, scenario string, seed uint64, points []int, steps int, actors []actor, soak bool) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	st, err := storage.Open(filepath.Join(dir, "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var n int64
	app, err := New(Config{Store: st, Renderer: nopRenderer{}, Now: func() time.Time { return now },
		NewSeed: func() []byte { n++; return dice.SeedFromInt(int64(seed)*1000 + n) },
		Logger:  slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	say := func(user, text string) Response {
		return app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: user, Name: user}, Text: text})
	}
	noPanic := func(what string, r Response) {
		t.Helper()
		if s := texts(r); refRE.MatchString(s) {
			t.Fatalf("%s: %s", what, s)
		}
	}
	noPanic("new", say("alice", "new "+scenario+" vs bob"))
	noPanic("accept", say("bob", "accept"))
	rng := rand.New(rand.NewPCG(seed, 14))
	users := map[game.Side]string{game.SideA: "alice", game.SideB: "bob"}
	for step := 0; step <= steps; step++ {
		if slices.Contains(points, step) {
			driveAt(t, st, dir, step, rng, actors, soak)
		}
		meta, err := st.Meta("g1")
		if err != nil {
			t.Fatal(err)
		}
		if meta.Status != storage.StatusActive {
			return
		}
		side := game.Sides[rng.IntN(2)]
		legal, _ := app.LegalOrders("g1", side)
		if len(legal) == 0 {
			side = side.Other()
			if legal, _ = app.LegalOrders("g1", side); len(legal) == 0 {
				return
			}
		}
		noPanic("order", say(users[side], "g1 "+pickOrder(legal, rng)))
		now = now.Add(time.Minute)
	}
}

// pickOrder prefers the set-up shortcuts (whole deployments at once),
// then a random order.
func pickOrder(leaves []string, rng *rand.Rand) string {
	for _, w := range []string{"draw", "withdraw auto", "roads auto", "form auto", "deploy auto", "place auto", "ready"} {
		if slices.Contains(leaves, w) {
			return w
		}
	}
	return leaves[rng.IntN(len(leaves))]
}

// driveAt copies the store and, on the copy, sends every command and asks
// every autocomplete field as each of actors.
func driveAt(t *testing.T, src *storage.Store, dir string, step int, rng *rand.Rand, actors []actor, soak bool) {
	t.Helper()
	path := filepath.Join(dir, fmt.Sprintf("copy-%d.db", step))
	if _, err := src.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	st, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	app, err := New(Config{Store: st, Renderer: nopRenderer{}, Now: func() time.Time { return now },
		NewSeed: func() []byte { return dice.SeedFromInt(99) },
		Logger:  slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	// Values to try, by kind, from the game as it stands.
	var units, hexes, orders []string
	for _, s := range game.Sides {
		l, _ := app.LegalOrders("g1", s)
		for _, o := range l {
			w := game.Words(o)
			if len(w) > 1 {
				units = append(units, w[1])
			}
			if len(w) > 2 {
				hexes = append(hexes, w[len(w)-1])
			}
		}
		if len(l) > 0 {
			orders = append(orders, l[rng.IntN(len(l))])
		}
	}
	units = append(units, "ZZ9", "")
	hexes = append(hexes, "0101", "9999", "off")
	one := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	value := func(a Arg) string {
		switch a.Kind {
		case ArgUnit:
			return one(units)
		case ArgHex:
			return one(hexes)
		case ArgSide:
			if len(a.Choices) > 0 {
				return one(a.Choices)
			}
			return one([]string{"A", "B"})
		case ArgScenario:
			return one([]string{"gs-1", "ptg-standard", "nope"})
		case ArgGame:
			return "g1"
		case ArgUser:
			return one([]string{"@alice", "@bob", "@sam", "@root"})
		case ArgNumber:
			return one([]string{"1", "2", "0", "-3", "99999999999999999999"})
		case ArgDuration:
			return one([]string{"48h", "0s", "9999d"})
		case ArgChoice:
			return one(a.Choices)
		case ArgOptions:
			return one([]string{"deadline=48h", "x=y", ""})
		}
		if len(orders) > 0 && rng.IntN(2) == 0 {
			return one(orders)
		}
		return one([]string{"x", "A3 -> B2", "5d", "bank 3d", "standings", "accept", "decline", "24h"})
	}
	last := fingerprint(t, st)
	for ai, a := range driveActors {
		if !slices.Contains(actors, a) {
			continue
		}
		req := func() Request {
			return Request{Platform: "test", Room: "r1", User: User{ID: a.id, Name: a.id}, IsAdmin: a.admin}
		}
		app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: a.id, Name: a.id}, Text: "help"}) // the bot notes the name
		last = fingerprint(t, st)
		handle := func(what string, r Request, cmd string) {
			t.Helper()
			before := last
			resp := app.Handle(t.Context(), r)
			last = fingerprint(t, st)
			if s := texts(resp); refRE.MatchString(s) || strings.Contains(s, "something went wrong") {
				t.Fatalf("step %d, %s: %s: %s", step, a.id, what, s)
			}
			quiet := true
			for _, m := range resp.Messages {
				quiet = quiet && m.Ephemeral && m.To == nil
			}
			if cmd == "order" && (a.id == "sam" || a.id == "root") && (!quiet || last != before) {
				t.Fatalf("step %d, %s (no seat) gave an order: %s: %s", step, a.id, what, texts(resp))
			}
			if quiet && !settingsCommands[cmd] {
				if last != before {
					t.Fatalf("step %d, %s: %s: a refusal or a view changed the store: %s", step, a.id, what, texts(resp))
				}
			}
		}
		for ci, c := range Commands() {
			// Typed (a Discord slash command), every argument given; as a
			// line, some optional arguments left out. Outside the soak each
			// actor tries one of the two forms, in turn.
			both := soak || (ci+ai)%2 == 0
			r := req()
			r.Command, r.Args = c.Name, map[string]string{}
			for _, x := range c.Args {
				r.Args[x.Name] = value(x)
			}
			if c.Game {
				r.Args["game"] = "g1"
			}
			if both || ci%2 == 0 {
				handle(fmt.Sprintf("/%s %v", c.Name, r.Args), r, c.Name)
			}
			words := []string{"g1", c.Name}
			for _, x := range c.Args {
				if rng.IntN(4) == 0 && !x.Required {
					continue
				}
				if x.Keyword != "" {
					words = append(words, x.Keyword)
				}
				words = append(words, value(x))
			}
			r = req()
			r.Text = strings.Join(words, " ")
			if both || ci%2 == 1 {
				handle(r.Text, r, c.Name)
			}
			// Every autocomplete field, empty and with a prefix.
			fields := []string{"game"}
			for _, x := range c.Args {
				fields = append(fields, x.Name)
			}
			for _, f := range fields {
				for _, prefix := range []string{"", "0"}[:1+rng.IntN(2)] {
					r := req()
					r.Command, r.Args = c.Name, map[string]string{"unit": one(units)}
					for _, ch := range app.Complete(t.Context(), r, f, prefix) {
						if refRE.MatchString(ch.Label) {
							t.Fatalf("step %d, %s: autocomplete %s %s: %s", step, a.id, c.Name, f, ch.Label)
						}
					}
				}
			}
			if fingerprint(t, st) != last {
				t.Fatalf("step %d, %s: autocomplete of %s changed the store", step, a.id, c.Name)
			}
		}
		// Every side's orders from every actor: only the seat may give them.
		for _, o := range orders {
			r := req()
			r.Text = "g1 " + o
			handle(r.Text, r, "order")
		}
	}
	// The bot still answers.
	if r := app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "sam"}, Text: "g1 status"}); len(r.Messages) == 0 {
		t.Fatalf("step %d: no answer to status", step)
	}
}
