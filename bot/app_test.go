package bot

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/storage"
)

// env is an App on a real store in a temporary directory.
type env struct {
	t     *testing.T
	path  string
	store *storage.Store
	app   *App
	rend  *captureRenderer

	mu    sync.Mutex
	now   time.Time
	seeds int64
}

func newEnv(t *testing.T) *env {
	e := &env{t: t, path: filepath.Join(t.TempDir(), "grognard.db"), now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), rend: &captureRenderer{}}
	e.open()
	t.Cleanup(func() { e.store.Close() })
	return e
}

func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.now = e.now.Add(time.Second)
	return e.now
}

// open (re)starts the App on the store file.
func (e *env) open() {
	if e.store != nil {
		e.store.Close()
	}
	s, err := storage.Open(e.path, storage.Options{NoSync: true, Now: e.clock})
	if err != nil {
		e.t.Fatal(err)
	}
	e.store = s
	app, err := New(Config{Store: s, Renderer: e.rend, Now: e.clock, NewSeed: func() []byte {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.seeds++
		return dice.SeedFromInt(e.seeds)
	}})
	if err != nil {
		e.t.Fatal(err)
	}
	e.app = app
}

func (e *env) say(user, text string) Response {
	return e.app.Handle(e.t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: user, Name: user}, Text: text})
}

// must says text and fails the test if the reply is a refusal.
func (e *env) must(user, text string) Response {
	e.t.Helper()
	r := e.say(user, text)
	for _, m := range r.Messages {
		if strings.HasPrefix(m.Text, "✗") || m.Ephemeral && strings.Contains(m.Text, "refused") {
			e.t.Fatalf("%s: %s refused: %s", user, text, m.Plain())
		}
	}
	return r
}

func texts(r Response) string {
	var b strings.Builder
	for _, m := range r.Messages {
		b.WriteString(m.Plain() + "\n")
	}
	return b.String()
}

// startGame creates g1, alice (A) against bob (B), through the set-up.
func (e *env) startGame() {
	e.must("alice", "new gs-1 vs bob")
	e.must("bob", "accept")
	e.must("alice", "deploy auto")
	e.must("bob", "deploy auto")
	e.must("alice", "ready")
	e.must("bob", "ready")
}

// captureRenderer remembers the boards it drew.
type captureRenderer struct {
	mu     sync.Mutex
	boards []*game.Board
	// follow: Follow crops every board that shows an arrow around its
	// last one, radius 3; zooms counts the crops drawn.
	follow bool
	zooms  int
}

func (c *captureRenderer) Follow(b *game.Board) (grid.Coord, int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.follow || len(b.Arrows) == 0 {
		return grid.Coord{}, 0, false
	}
	return b.Arrows[len(b.Arrows)-1].To, 3, true
}

func (c *captureRenderer) PNG(b *game.Board) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.boards = append(c.boards, b)
	j, err := json.Marshal(b)
	return j, err
}

func (c *captureRenderer) Zoom(b *game.Board, at grid.Coord, r int) ([]byte, error) {
	c.mu.Lock()
	c.zooms++
	c.mu.Unlock()
	return c.PNG(b)
}

func (c *captureRenderer) last() *game.Board {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.boards[len(c.boards)-1]
}

// TestInteractionOnce: a repeated delivery of the same interaction (a
// Discord retry, a Matrix event seen twice) changes the game once, even
// after a restart.
func TestInteractionOnce(t *testing.T) {
	e := newEnv(t)
	e.startGame()
	order := Request{Platform: "test", Room: "r1", User: User{ID: "alice"}, Command: "move", Args: map[string]string{"unit": "A6", "to": "0706"}, InteractionID: "i-1"}
	first := e.app.Handle(t.Context(), order)
	if !strings.Contains(texts(first), "A6 0801 → 0706") {
		t.Fatalf("typed move: %s", texts(first))
	}
	if again := e.app.Handle(t.Context(), order); len(again.Messages) != 0 {
		t.Errorf("second delivery answered: %s", texts(again))
	}
	e.open()
	if again := e.app.Handle(t.Context(), order); strings.Contains(texts(again), "→") {
		t.Errorf("delivery after restart applied again: %s", texts(again))
	}
	meta, _ := e.store.Meta("g1")
	entries, _ := e.store.Records("g1", 1)
	if n := len(entries); n != meta.Seq || entries[n-1].Text != "move A6 0706" || entries[n-2].Command.Verb != "ready" {
		t.Errorf("log after duplicates: %d records, last %q", n, entries[n-1].Text)
	}
}

// TestTypedRequests: parsed requests (slash commands) go through the same
// paths as typed lines.
func TestTypedRequests(t *testing.T) {
	e := newEnv(t)
	r := e.app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "u1", Name: "Ann"}, Command: "new", Args: map[string]string{"scenario": "gs-1", "opponent": "u2", "side": "B"}})
	m := r.Messages[0]
	if !strings.Contains(m.Plain(), "@Ann plays B, @u2 plays A") || len(m.Mentions) != 2 {
		t.Fatalf("typed new: %s %+v", m.Plain(), m.Mentions)
	}
	got := m.Format(func(u User) string { return "<@" + u.ID + ">" })
	if !strings.Contains(got, "<@u1> challenges <@u2>") {
		t.Errorf("platform mentions: %s", got)
	}
	r = e.app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "u2"}, Command: "accept", Args: map[string]string{"game": "g1"}})
	if !strings.Contains(texts(r), "g1 begins") {
		t.Fatalf("typed accept: %s", texts(r))
	}
	r = e.app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "u2"}, Command: "draw", Args: map[string]string{"action": "sometimes"}})
	if !strings.Contains(texts(r), "sometimes is not one of") {
		t.Errorf("typed bad choice: %s", texts(r))
	}
	r = e.app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "u2"}, Command: "nope"})
	if !strings.Contains(texts(r), "no command nope") {
		t.Errorf("typed unknown command: %s", texts(r))
	}
}

func TestComplete(t *testing.T) {
	e := newEnv(t)
	e.startGame()
	req := func(cmd string, args map[string]string) Request {
		return Request{Platform: "test", Room: "r1", User: User{ID: "alice"}, Command: cmd, Args: args}
	}
	values := func(cs []Choice) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Command)
		}
		return out
	}
	units := values(e.app.Complete(t.Context(), req("move", nil), "unit", ""))
	if !slices.Equal(units, []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7"}) {
		t.Errorf("units that can move: %v", units)
	}
	hexes := values(e.app.Complete(t.Context(), req("move", map[string]string{"unit": "A6"}), "to", "07"))
	if len(hexes) == 0 || len(hexes) > maxChoices {
		t.Fatalf("destinations of A6 from 07: %v", hexes)
	}
	for _, h := range hexes {
		if !strings.HasPrefix(h, "07") {
			t.Errorf("destination %s does not start with 07", h)
		}
		r := e.say("alice", "move A6 "+h)
		if !strings.Contains(texts(r), "A6 0801 → "+h) {
			t.Errorf("suggested move A6 %s refused: %s", h, texts(r))
		}
		e.must("alice", "undo")
	}
	if bob := e.app.Complete(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "bob"}, Command: "move"}, "unit", ""); len(bob) != 0 {
		t.Errorf("units offered to bob out of his turn: %v", bob)
	}
	if sc := values(e.app.Complete(t.Context(), req("new", nil), "scenario", "gs-1")); !slices.Equal(sc, []string{"gs-1", "gs-10"}) {
		t.Errorf("scenarios: %v", sc)
	}
	if g := values(e.app.Complete(t.Context(), req("board", nil), "game", "")); !slices.Equal(g, []string{"g1"}) {
		t.Errorf("games: %v", g)
	}

	// A whole line (Discord's /order): the first word offers the legal
	// verbs and the commands; too many legal orders are cut one word past
	// what was typed; few enough are whole, and each is accepted.
	line := func(user, prefix string) []string {
		return values(e.app.CompleteLine(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: user}}, prefix))
	}
	if got := line("alice", "mo"); !slices.Contains(got, "move") {
		t.Errorf("line mo: %v, want move", got)
	}
	if got := line("alice", "g1 sta"); !slices.Contains(got, "g1 status") {
		t.Errorf("line g1 sta: %v, want the command g1 status", got)
	}
	var movers []string
	for _, u := range units {
		movers = append(movers, "move "+u)
	}
	if got := line("alice", "move "); !slices.Equal(got, movers) {
		t.Errorf("line 'move ': %v, want the movers %v", got, units)
	}
	whole := line("alice", "move A6 07")
	if len(whole) == 0 || len(whole) > maxChoices {
		t.Fatalf("line move A6 07: %v", whole)
	}
	for _, o := range whole {
		if !strings.HasPrefix(o, "move A6 07") {
			t.Errorf("line %q does not continue move A6 07", o)
		}
		if r := e.say("alice", o); !strings.Contains(texts(r), "A6 0801 → ") {
			t.Errorf("suggested line %s refused: %s", o, texts(r))
		}
		e.must("alice", "undo")
	}
	if got := line("bob", "move "); len(got) != 0 {
		t.Errorf("lines offered to bob out of his turn: %v", got)
	}
}

// TestThreads: on a platform with threads a new game asks for one; once
// bound, requests in the thread address that game.
func TestThreads(t *testing.T) {
	e := newEnv(t)
	e.app.SetLimits("test", Limits{Threads: true, Buttons: 5, MaxText: 2000})
	r := e.must("alice", "new gs-1 vs bob")
	if r.Messages[0].NewThread == "" || len(r.Messages[0].Choices) != 2 {
		t.Fatalf("new game message: %+v", r.Messages[0])
	}
	if err := e.app.BindThread("test", "r1", "t1", "g1"); err != nil {
		t.Fatal(err)
	}
	e.must("bob", "accept")
	e.must("carol", "new gs-1 vs alice")
	if r := e.say("alice", "status"); !strings.Contains(texts(r), "several games here: g1, g2") {
		t.Errorf("status in the room: %s", texts(r))
	}
	r = e.app.Handle(t.Context(), Request{Platform: "test", Room: "r1", Thread: "t1", User: User{ID: "alice"}, Text: "status"})
	if !strings.Contains(texts(r), "g1 · ") || !strings.Contains(texts(r), "set-up") {
		t.Errorf("status in g1's thread: %s", texts(r))
	}
	r = e.app.Handle(t.Context(), Request{Platform: "test", Room: "r1", Thread: "t1", User: User{ID: "alice"}, Text: "deploy auto"})
	if len(r.Messages) == 0 {
		t.Fatal("deploy in g1's thread: no answer")
	}
	for _, m := range r.Messages {
		if m.Game != "g1" {
			t.Errorf("message about %q in g1's thread", m.Game)
		}
	}
	e.app.SetLimits("test", Limits{})
	if r := e.say("dave", "new gs-1"); r.Messages[0].NewThread != "" || len(r.Messages[0].Choices) != 0 {
		t.Errorf("no threads or buttons, still: %+v", r.Messages[0])
	}
}

// TestPendingDecisionButtons: a decision's options come as choices whose
// commands answer it.
func TestPendingDecisionButtons(t *testing.T) {
	e := newEnv(t)
	e.app.SetLimits("test", Limits{Buttons: 25})
	e.must("alice", "new gs-1 vs bob")
	r := e.must("bob", "accept")
	var got []Choice
	for _, m := range r.Messages {
		if len(m.Mentions) == 1 && m.Mentions[0].ID == "bob" && strings.Contains(m.Text, "B to decide") {
			got = m.Choices
		}
	}
	if len(got) != 1 || got[0].Command != "g1 choose 1" {
		t.Fatalf("bob's choices: %+v", got)
	}
	if r := e.say("bob", got[0].Command); !strings.Contains(texts(r), "B placed 7 unit(s)") {
		t.Errorf("clicking the choice: %s", texts(r))
	}
}

// TestSecretsStayPrivate: a player's set-up never reaches the room or the
// opponent, in text or image.
func TestSecretsStayPrivate(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "new gs-1 vs bob")
	e.must("bob", "accept")
	r := e.must("alice", "deploy A1 0101 A2 0102")
	for _, m := range r.Messages {
		if m.To == nil && (strings.Contains(m.Text, "0101") || len(m.Images) > 0) {
			t.Errorf("public message shows the set-up: %s (%d images)", m.Plain(), len(m.Images))
		}
		if m.To != nil && (m.To.ID != "alice" || !strings.Contains(m.Text, "0101")) {
			t.Errorf("private message %+v", m)
		}
	}
	for _, who := range []string{"bob", "carol"} {
		e.say(who, "board")
		for _, p := range e.rend.last().Pieces {
			if p.Side == game.SideA && p.At != nil {
				t.Errorf("%s's board shows %s at %v", who, p.ID, p.Hex)
			}
		}
		if r := e.say(who, "units A"); strings.Contains(texts(r), "0101") {
			t.Errorf("%s's units: %s", who, texts(r))
		}
		if r := e.say(who, "history"); strings.Contains(texts(r), "0101") {
			t.Errorf("%s's history: %s", who, texts(r))
		}
	}
	if r := e.say("alice", "history"); !strings.Contains(texts(r), "deploy A1 0101 A2 0102") {
		t.Errorf("alice's own history hides her order: %s", texts(r))
	}
}

// TestLongOutputSplit: the core cuts texts to the platform's length, in
// at most three messages (issue 14 §5): the rest is cut, and said so.
func TestLongOutputSplit(t *testing.T) {
	e := newEnv(t)
	e.app.SetLimits("test", Limits{MaxText: 2000})
	r := e.say("alice", "help")
	var whole []string
	for _, m := range r.Messages {
		whole = append(whole, m.Text)
	}
	if joined := strings.Join(whole, "\n"); len(r.Messages) > 3 || !strings.Contains(joined, "adjudicate [<game>] — apply the default answer") || !strings.Contains(joined, "new <scenario>") {
		t.Errorf("help in %d messages of 2000 characters lost lines", len(r.Messages))
	}
	e.app.SetLimits("test", Limits{MaxText: 300})
	r = e.say("alice", "help")
	if len(r.Messages) != 3 {
		t.Fatalf("help in %d messages of 300 characters, want 3 (cut)", len(r.Messages))
	}
	for _, m := range r.Messages {
		if n := len([]rune(m.Text)); n > 300 {
			t.Errorf("message of %d characters", n)
		}
	}
	if last := r.Messages[2].Text; !strings.HasSuffix(last, "(cut: the rest would not fit in 3 messages)") {
		t.Errorf("the cut is not said: %q", last)
	}
}

func TestSplit(t *testing.T) {
	m := Message{Game: "g1", Text: strings.Repeat("x", 25) + "\nshort\n" + strings.Repeat("é", 12), Images: []Image{{Name: "b.png"}}, Choices: []Choice{{Label: "1"}}}
	tok := m.mention(User{ID: "u", Name: "Ann"})
	m.Text += tok
	parts := split(m, 10)
	for i, p := range parts {
		if n := len([]rune(p.Text)); n > 10 && !strings.ContainsRune(p.Text, tokOpen) {
			t.Errorf("part %d has %d characters", i, n)
		}
		if (len(p.Images) > 0) != (i == len(parts)-1) || (len(p.Choices) > 0) != (i == len(parts)-1) {
			t.Errorf("part %d: images and choices belong to the last part", i)
		}
	}
	if last := parts[len(parts)-1]; !strings.HasSuffix(last.Plain(), "@Ann") {
		t.Errorf("mention lost: %q", last.Plain())
	}
	if got := split(Message{Text: "short"}, 10); len(got) != 1 {
		t.Errorf("short message split in %d", len(got))
	}
}

func TestRateLimiter(t *testing.T) {
	rl := newRateLimiter(RateLimit{PerMinute: 60, Burst: 2})
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, want := range []bool{true, true, false, false} {
		_, ok := rl.take("u", t0, false)
		if ok != want {
			t.Fatalf("request %d: ok %v", i, ok)
		}
	}
	if _, ok := rl.take("v", t0, false); !ok {
		t.Error("another user shares the bucket")
	}
	if _, ok := rl.take("u", t0.Add(999*time.Millisecond), false); ok {
		t.Error("a token came back early")
	}
	if _, ok := rl.take("u", t0.Add(1001*time.Millisecond), false); !ok {
		t.Error("no token after a second")
	}
	if _, ok := rl.take("u", t0.Add(time.Hour), false); !ok {
		t.Error("bucket did not refill")
	}
	free := newRateLimiter(RateLimit{})
	for range 1000 {
		if _, ok := free.take("u", t0, false); !ok {
			t.Fatal("no limit configured, yet refused")
		}
		if _, ok := rl.take("u", t0, true); !ok {
			t.Fatal("an unmetered platform (the terminal) was refused")
		}
	}
}

// TestSettingsSurviveRestart: languages and names are stored.
func TestSettingsSurviveRestart(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "lang fr")
	if r := e.app.Handle(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "bob"}, IsAdmin: true, Text: "lang fr room"}); !strings.Contains(texts(r), "français") {
		t.Fatalf("room language: %s", texts(r))
	}
	e.open()
	if r := e.say("alice", "games"); !strings.Contains(texts(r), "aucune partie") {
		t.Errorf("alice after restart: %s", texts(r))
	}
	if r := e.app.Handle(t.Context(), Request{Platform: "test", Room: "r2", User: User{ID: "carol"}, Lang: "fr-FR", Text: "games"}); !strings.Contains(texts(r), "aucune partie") {
		t.Errorf("platform locale fr: %s", texts(r))
	}
	if r := e.app.Handle(t.Context(), Request{Platform: "test", Room: "r2", User: User{ID: "dave"}, Text: "games"}); !strings.Contains(texts(r), "no game") {
		t.Errorf("default language: %s", texts(r))
	}
}

// TestConcurrentGames plays several games at once from many goroutines;
// each game's log must hold exactly its orders.
func TestConcurrentGames(t *testing.T) {
	e := newEnv(t)
	const games = 6
	for i := range games {
		room := fmt.Sprintf("room%d", i)
		h := func(user, text string) Response {
			return e.app.Handle(t.Context(), Request{Platform: "test", Room: room, User: User{ID: user}, Text: text})
		}
		a, b := fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i)
		h(a, "new gs-1 vs "+b)
		h(b, "accept")
		h(a, "deploy auto")
		h(b, "deploy auto")
		h(a, "ready")
		h(b, "ready")
	}
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			room := fmt.Sprintf("room%d", i)
			for turn := 0; turn < 3; turn++ {
				for _, u := range []string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i)} {
					e.app.Handle(t.Context(), Request{Platform: "test", Room: room, User: User{ID: u}, Text: "status"})
					e.app.Handle(t.Context(), Request{Platform: "test", Room: room, User: User{ID: u}, Text: "end"})
				}
			}
		}()
	}
	wg.Wait()
	for i := range games {
		id := fmt.Sprintf("g%d", i+1)
		entries, err := e.store.Records(id, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 4+6 {
			t.Errorf("%s: %d records, want 10", id, len(entries))
		}
		meta, _ := e.store.Meta(id)
		if meta.Seq != len(entries) {
			t.Errorf("%s: meta seq %d, log %d", id, meta.Seq, len(entries))
		}
	}
	rep, err := e.store.Check(t.Context(), storage.CheckOptions{})
	if err != nil || !rep.OK() {
		t.Fatalf("store check: %v %v", err, rep.Err())
	}
}
