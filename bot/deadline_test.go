package bot

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) set(t time.Time) {
	f.mu.Lock()
	f.now = t
	f.mu.Unlock()
}

func (f *fakeClock) add(d time.Duration) { f.set(f.Now().Add(d)) }

// cenv is an App with deadlines on a real store, driven by a fake clock.
type cenv struct {
	t     *testing.T
	path  string
	store *storage.Store
	app   *App
	clock *fakeClock
	dl    Deadlines
	rend  *captureRenderer
	seeds int64

	mu  sync.Mutex
	obs []observation
}

var t0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC) // a Monday

func newCEnv(t *testing.T, dl Deadlines) *cenv {
	e := &cenv{t: t, path: filepath.Join(t.TempDir(), "grognard.db"), clock: &fakeClock{now: t0}, dl: dl, rend: &captureRenderer{}}
	e.open()
	t.Cleanup(func() { e.store.Close() })
	return e
}

// open (re)starts the App on the store file, as a restart of the bot.
func (e *cenv) open() {
	if e.store != nil {
		if err := e.store.Close(); err != nil {
			e.t.Fatal(err)
		}
	}
	s, err := storage.Open(e.path, storage.Options{NoSync: true, Now: e.clock.Now})
	if err != nil {
		e.t.Fatal(err)
	}
	e.store = s
	app, err := New(Config{Store: s, Renderer: e.rend, Now: e.clock.Now, Deadlines: e.dl, NewSeed: func() []byte {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.seeds++
		return dice.SeedFromInt(e.seeds)
	}})
	if err != nil {
		e.t.Fatal(err)
	}
	app.observe = func(o observation) {
		e.mu.Lock()
		e.obs = append(e.obs, o)
		e.mu.Unlock()
	}
	e.app = app
}

func (e *cenv) req(room, user, text string, admin bool) Response {
	return e.app.Handle(e.t.Context(), Request{Platform: "test", Room: room, User: User{ID: user, Name: user}, Text: text, IsAdmin: admin})
}

func (e *cenv) say(user, text string) Response { return e.req("r1", user, text, false) }

func (e *cenv) must(user, text string) Response {
	e.t.Helper()
	r := e.say(user, text)
	for _, m := range r.Messages {
		if strings.HasPrefix(m.Text, "✗") || m.Ephemeral && (strings.Contains(m.Text, "refused") || strings.Contains(m.Text, "cannot") || strings.Contains(m.Text, "only")) {
			e.t.Fatalf("%s: %s refused: %s", user, text, m.Plain())
		}
	}
	return r
}

// tick runs the scheduler once and returns what it said, as text.
func (e *cenv) tick() string {
	e.t.Helper()
	ds, err := e.app.Tick(e.t.Context())
	if err != nil {
		e.t.Fatalf("tick: %v", err)
	}
	var b strings.Builder
	for _, d := range ds {
		for _, m := range d.Messages {
			if m.To != nil {
				b.WriteString("[to " + m.To.ID + "] ")
			}
			b.WriteString(m.Plain() + "\n")
		}
	}
	return b.String()
}

// at moves the clock to t0+d and ticks.
func (e *cenv) at(d time.Duration) string {
	e.clock.set(t0.Add(d))
	return e.tick()
}

func (e *cenv) observed(kind string) []observation {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []observation
	for _, o := range e.obs {
		if o.kind == kind {
			out = append(out, o)
		}
	}
	return out
}

func (e *cenv) clockOf(id string) gameClock {
	lg, err := e.app.lock(id)
	if err != nil {
		e.t.Fatal(err)
	}
	defer lg.mu.Unlock()
	clk, err := e.app.clockOf(lg)
	if err != nil {
		e.t.Fatal(err)
	}
	return *clk
}

func (e *cenv) records(id string) []storage.LogEntry {
	entries, err := e.store.Records(id, 1)
	if err != nil {
		e.t.Fatal(err)
	}
	return entries
}

// TestDeadlineReminders follows the set-up of a game with deadline=48h
// (decisions 24h): the deadline in the pings, the status in the asker's
// time zone and on the board legend, the reminders at half time and 2 h
// before (once each), and the expiry, which plays the defaults (deploy
// auto, ready) and counts a missed deadline for each side.
func TestDeadlineReminders(t *testing.T) {
	e := newCEnv(t, Deadlines{Decision: 24 * time.Hour})
	if r := e.say("alice", "tz Europe/Paris"); !strings.Contains(texts(r), "Europe/Paris (now Mon 23 Nov 11:00 CET)") {
		t.Fatalf("tz: %s", texts(r))
	}
	r := e.must("alice", "new gs-1 vs bob deadline=48h")
	if !strings.Contains(texts(r), "deadlines: 2 d a phase, 1 d a decision.") {
		t.Errorf("new: %s", texts(r))
	}
	r = e.must("bob", "accept")
	if got := texts(r); !strings.Contains(got, "Deadline: Tue 24 Nov 10:00 UTC (in 1 d).") || !strings.Contains(got, "Deadline: Tue 24 Nov 11:00 CET (in 1 d).") {
		t.Errorf("pings without their deadline: %s", got)
	}
	if r := e.say("alice", "status"); !strings.Contains(texts(r), "deadline of A (alice): Tue 24 Nov 11:00 CET (in 1 d)") ||
		!strings.Contains(texts(r), "time allowed: 2 d a phase, 1 d a decision") {
		t.Errorf("status in Paris time: %s", texts(r))
	}
	e.must("alice", "board")
	if got := e.rend.last().Legend.Deadline; got != "Tue 24 Nov 11:00 CET" {
		t.Errorf("legend deadline %q", got)
	}
	// A deadline passed whose defaults the scheduler has not played yet is
	// not shown as a time to come.
	e.clock.set(t0.Add(25 * time.Hour))
	e.must("alice", "board")
	if got := e.rend.last().Legend.Deadline; got != "passed" {
		t.Errorf("legend of a passed deadline %q", got)
	}
	e.clock.set(t0)
	if got := e.at(12*time.Hour - time.Minute); got != "" {
		t.Errorf("before half time: %q", got)
	}
	got := e.at(12 * time.Hour)
	if strings.Count(got, "⏳") != 2 || !strings.Contains(got, "@alice g1 is still waiting for you, to decide: deploy your units") ||
		!strings.Contains(got, "Deadline: Tue 24 Nov 10:00 UTC (in 12 h)") {
		t.Errorf("half-time reminders: %q", got)
	}
	if got := e.at(12*time.Hour + time.Minute); got != "" {
		t.Errorf("a reminder twice: %q", got)
	}
	e.open() // a restart keeps what was sent
	if got := e.at(12*time.Hour + 2*time.Minute); got != "" {
		t.Errorf("a reminder again after a restart: %q", got)
	}
	if got := e.at(22 * time.Hour); strings.Count(got, "⏳") != 2 || !strings.Contains(got, "(in 2 h)") {
		t.Errorf("2 h reminders: %q", got)
	}
	got = e.at(24 * time.Hour)
	for _, want := range []string{
		"⏰ g1: the deadline of A (@alice) has passed; the defaults are played for them. Deadlines missed by A: 1.",
		"g1 · A (alice) · (secret order) (deadline passed: the default)",
		"g1 · A (alice) · ready (deadline passed: the default)",
		"⏰ g1: the deadline of B (@bob) has passed",
		"@alice g1 · your turn: turn 1/8 · movement phase of A.\nDeadline: Thu 26 Nov 11:00 CET (in 2 d).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("expiry lacks %q:\n%s", want, got)
		}
	}
	// The board of the new phase shows the new deadline, not the one
	// that has just passed.
	if got := e.rend.last().Legend.Deadline; !strings.Contains(got, "Thu 26 Nov") {
		t.Errorf("legend of the board after the expiry: %q", got)
	}
	if got := e.at(24*time.Hour + time.Minute); got != "" {
		t.Errorf("expired twice: %q", got)
	}
	if clk := e.clockOf("g1"); clk.Missed != [2]int{1, 1} {
		t.Errorf("missed %v", clk.Missed)
	}
	rs, ex := e.observed("reminder"), e.observed("expired")
	if len(rs) != 4 || len(ex) != 2 {
		t.Errorf("%d reminders, %d expiries: %+v", len(rs), len(ex), e.obs)
	}
	for _, en := range e.records("g1") {
		if en.Actor != actorDeadline {
			t.Errorf("record %d by %q, want the deadline", en.Seq, en.Actor)
		}
	}
	meta, _ := e.store.Meta("g1")
	if want := t0.Add(24*time.Hour + 24*time.Hour); !meta.Deadline.Equal(want) {
		t.Errorf("index: next timer %v, want %v (half of A's 48 h phase)", meta.Deadline, want)
	}
}

// TestDeadlinePassedWhileDown: deadlines that passed while the bot was
// down are applied once, at the first tick after the restart; reminders
// that are moot by then are not sent.
func TestDeadlinePassedWhileDown(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	e.must("alice", "new gs-1 vs bob deadline=48h")
	e.must("bob", "accept")
	e.store.Close()
	e.store = nil
	e.clock.set(t0.Add(5 * 24 * time.Hour))
	e.open()
	got := e.tick()
	if strings.Count(got, "⏰") != 2 || strings.Contains(got, "⏳") {
		t.Errorf("at restart: %s", got)
	}
	if again := e.tick(); again != "" {
		t.Errorf("second tick: %s", again)
	}
	if n := len(e.observed("expired")); n != 2 {
		t.Errorf("%d expiries", n)
	}
	// A's movement phase starts at the restart.
	clk := e.clockOf("g1")
	if len(clk.Obls) != 1 || !clk.Obls[0].Due.Equal(t0.Add(7*24*time.Hour)) {
		t.Errorf("obligations after the restart: %+v", clk.Obls)
	}
}

// playToCombat brings g1 (deadline 48h) to A's combat phase in which A6,
// in an enemy zone of control, must attack (as in the admin transcript).
func playToCombat(e *cenv) {
	e.must("alice", "new gs-1 vs bob deadline=48h")
	e.must("bob", "accept")
	for _, l := range [][2]string{{"alice", "deploy auto"}, {"bob", "deploy auto"}, {"alice", "ready"}, {"bob", "ready"},
		{"alice", "move A6 0706"}, {"alice", "end"}, {"bob", "move B6 0716"}, {"bob", "end"},
		{"alice", "move A6 0711"}, {"alice", "end"}, {"bob", "end"}, {"alice", "move A6 0715"}, {"alice", "end"}} {
		e.must(l[0], l[1])
	}
}

// TestExpiryCompulsoryCombat: when A's combat phase expires with a
// combat still compulsory, "end" is refused; the bot declares the legal
// combat that names the units of the refusal, lets every decision of A
// take its default, and ends the phase. B's decisions keep their own
// deadline.
func TestExpiryCompulsoryCombat(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	playToCombat(e)
	lg, _ := e.app.lock("g1")
	k := lg.g.State.Clock()
	_, _, err := lg.g.Decide(game.Command{Side: game.SideA, Verb: "end"}, nil)
	lg.mu.Unlock()
	if re, ok := game.AsRuleError(err); k.Phase != "combat" || k.Active != game.SideA || !ok || re.Code != "obligation" {
		t.Fatalf("not at a compulsory combat: %+v, end refused: %v", k, err)
	}
	start := e.clock.Now().Sub(t0)
	got := e.at(start + 48*time.Hour)
	if !strings.Contains(got, "⏰ g1: the deadline of A (@alice) has passed") {
		t.Fatalf("no expiry: %s", got)
	}
	t.Logf("expiry:\n%s", got)
	entries := e.records("g1")
	var auto []string
	for _, en := range entries {
		if en.Actor == actorDeadline {
			auto = append(auto, en.Text)
		}
	}
	if len(auto) == 0 || !strings.HasPrefix(auto[0], "attack A6") {
		t.Fatalf("orders played for A: %v\n%s", auto, got)
	}
	lg, _ = e.app.lock("g1")
	st := lg.g.State
	lg.mu.Unlock()
	if st.Clock().Phase == "combat" && st.Clock().Active == game.SideA && decisionOf(st, game.SideA) != nil {
		t.Errorf("A still owes something in its combat phase: %+v", st.Clock())
	}
	for _, side := range game.Waiting(st) {
		if side == game.SideA && phaseKey(st) == fmt.Sprintf("%d:combat:A", k.Turn) {
			t.Errorf("A still waited for in the expired phase")
		}
	}
	if e.clockOf("g1").Missed[0] != 1 {
		t.Errorf("missed: %v", e.clockOf("g1").Missed)
	}
}

// TestExtendAndPause: an extension once a phase with the opponent's
// consent (an administrator at any time), a pause both players agree to
// that freezes the deadline, and a resume that restarts it with the time
// that was left.
func TestExtendAndPause(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	e.must("alice", "new gs-1 vs bob deadline=48h")
	e.must("bob", "accept")
	e.must("alice", "deploy auto")
	e.must("bob", "deploy auto")
	e.must("alice", "ready")
	e.must("bob", "ready")
	// A's movement phase: due t0+48h (+ the 6 minutes of the orders above, none: the clock is fixed).
	due := t0.Add(48 * time.Hour)
	if clk := e.clockOf("g1"); !clk.Obls[0].Due.Equal(due) {
		t.Fatalf("due %v", clk.Obls[0].Due)
	}
	if r := e.say("carol", "extend 24h"); !strings.Contains(texts(r), "you do not play in g1") {
		t.Errorf("spectator extends: %s", texts(r))
	}
	e.must("alice", "extend 24h")
	if r := e.say("alice", "extend accept"); !strings.Contains(texts(r), "no request for more time from your opponent") {
		t.Errorf("self-consent: %s", texts(r))
	}
	r := e.must("bob", "extend accept")
	if !strings.Contains(texts(r), "extended by 1 d, agreed by @bob") {
		t.Errorf("extend accept: %s", texts(r))
	}
	if clk := e.clockOf("g1"); !clk.Obls[0].Due.Equal(due.Add(24 * time.Hour)) {
		t.Errorf("due after extension %v", clk.Obls[0].Due)
	}
	if r := e.say("bob", "extend 2h"); !strings.Contains(texts(r), "already extended once") {
		t.Errorf("second extension: %s", texts(r))
	}
	e.req("r1", "carol", "extend 2h", true)
	if clk := e.clockOf("g1"); !clk.Obls[0].Due.Equal(due.Add(26 * time.Hour)) {
		t.Errorf("due after the admin's extension %v", clk.Obls[0].Due)
	}
	if r := e.say("alice", "extend 30d"); !strings.Contains(texts(r), "at most 7 d") {
		t.Errorf("long extension: %s", texts(r))
	}
	// Pause: both players.
	e.clock.set(t0.Add(10 * time.Hour))
	e.must("alice", "pause")
	if clk := e.clockOf("g1"); clk.Paused != nil {
		t.Fatal("paused by one player")
	}
	r = e.must("bob", "pause")
	if !strings.Contains(texts(r), "paused by both players") {
		t.Errorf("pause: %s", texts(r))
	}
	if meta, _ := e.store.Meta("g1"); !meta.Deadline.IsZero() {
		t.Errorf("a paused game keeps a timer: %v", meta.Deadline)
	}
	if got := e.at(100 * time.Hour); got != "" {
		t.Errorf("timers of a paused game: %s", got)
	}
	if r := e.say("bob", "status"); !strings.Contains(texts(r), "frozen, 2 d 16 h left") {
		t.Errorf("status while paused: %s", texts(r))
	}
	e.must("bob", "resume")
	r = e.must("alice", "resume")
	if !strings.Contains(texts(r), "the clock restarts") {
		t.Errorf("resume: %s", texts(r))
	}
	// 64 h were left at the pause (t0+10h → t0+74h); the game resumed at t0+100h.
	if clk := e.clockOf("g1"); !clk.Obls[0].Due.Equal(t0.Add(164 * time.Hour)) {
		t.Errorf("due after the pause %v, want %v", clk.Obls[0].Due, t0.Add(164*time.Hour))
	}
}

// TestVacation: a vacation pauses every game of the player, in every
// room, charged to the yearly bank of each room; it ends by itself (the
// deadlines move on by its length) or early with the whole days left
// given back; a vacation longer than a bank is refused and changes
// nothing.
func TestVacation(t *testing.T) {
	e := newCEnv(t, Deadlines{VacationDays: 10})
	e.must("alice", "new gs-1 vs bob deadline=48h")
	e.must("bob", "accept")
	e.req("r2", "carol", "new gs-1 vs alice deadline=72h", false)
	e.req("r2", "alice", "accept", false)
	if r := e.say("alice", "vacation 11d"); !strings.Contains(texts(r), "10 vacation day(s) left this year, 11 asked") {
		t.Fatalf("beyond the bank: %s", texts(r))
	}
	if clk := e.clockOf("g1"); clk.Paused != nil {
		t.Fatal("paused by a refused vacation")
	}
	r := e.must("alice", "vacation 3d")
	if !strings.Contains(texts(r), "paused for 3 day(s)") || !strings.Contains(texts(r), "g1, g2") {
		t.Errorf("vacation: %s", texts(r))
	}
	for _, id := range []string{"g1", "g2"} {
		if clk := e.clockOf(id); clk.Paused == nil || clk.Paused.Kind != "vacation" {
			t.Errorf("%s not paused: %+v", id, clk.Paused)
		}
	}
	if r := e.say("alice", "vacation"); !strings.Contains(texts(r), "room r1: 7 day(s) left of 10") || !strings.Contains(texts(r), "room r2: 7 day(s) left of 10") {
		t.Errorf("bank: %s", texts(r))
	}
	got := e.at(72 * time.Hour)
	if strings.Count(got, "the vacation is over") != 2 {
		t.Errorf("end of the vacation: %s", got)
	}
	// g1's set-up decisions (48h game: decisions 48h) were due at t0+48h;
	// 72 h of vacation later they are due at t0+120h.
	if clk := e.clockOf("g1"); clk.Paused != nil || !clk.Obls[0].Due.Equal(t0.Add(120*time.Hour)) {
		t.Errorf("after the vacation: %+v", clk.Obls)
	}
	// A second vacation, ended early: the whole days left come back.
	e.clock.set(t0.Add(80 * time.Hour))
	e.must("alice", "vacation 5d")
	e.clock.set(t0.Add(80*time.Hour + 26*time.Hour))
	r = e.must("alice", "vacation end")
	if !strings.Contains(texts(r), "games restarted: g1, g2") {
		t.Errorf("vacation end: %s", texts(r))
	}
	if r := e.say("alice", "vacation"); !strings.Contains(texts(r), "room r1: 5 day(s) left of 10") {
		t.Errorf("bank after 3 + 5 days with 3 given back: %s", texts(r))
	}
	if r := e.req("r1", "dave", "vacation bank 21d", false); !strings.Contains(texts(r), "only a room administrator") {
		t.Errorf("bank by a player: %s", texts(r))
	}
	e.req("r1", "dave", "vacation bank 21d", true)
	if r := e.say("alice", "vacation"); !strings.Contains(texts(r), "room r1: 16 day(s) left of 21") {
		t.Errorf("bank after the room's change: %s", texts(r))
	}
}

// TestNotifySettings: a direct message instead of a mention, no mention
// at all, and the daily digest at 8:00 in the user's time zone, once a
// day.
func TestNotifySettings(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	e.must("bob", "notify dm")
	e.must("alice", "notify off")
	e.must("alice", "new gs-1 vs bob deadline=48h")
	r := e.must("bob", "accept")
	var toBob, aliceMentioned bool
	for _, m := range r.Messages {
		if strings.Contains(m.Text, "B to decide") && m.To != nil && m.To.ID == "bob" {
			toBob = true
		}
		if strings.Contains(m.Text, "A to decide") && slices.ContainsFunc(m.Mentions, func(u User) bool { return u.ID == "alice" }) {
			aliceMentioned = true
		}
	}
	if !toBob || aliceMentioned {
		t.Errorf("dm to bob %v, alice mentioned %v: %s", toBob, aliceMentioned, texts(r))
	}
	got := e.at(24 * time.Hour)
	if !strings.Contains(got, "[to bob] ⏳") || strings.Contains(got, "@alice g1 is still waiting") {
		t.Errorf("reminders: %s", got)
	}
	e.must("carol", "tz America/New_York")
	e.must("carol", "notify digest")
	e.req("r2", "carol", "new gs-1 vs dave deadline=48h", false)
	e.req("r2", "dave", "accept", false)
	// 8:00 in New York is 13:00 UTC.
	e.clock.set(time.Date(2026, 11, 24, 12, 59, 0, 0, time.UTC))
	if got := e.tick(); strings.Contains(got, "Your games") {
		t.Errorf("digest before 8:00 local: %s", got)
	}
	e.clock.set(time.Date(2026, 11, 24, 13, 0, 0, 0, time.UTC))
	got = e.tick()
	if !strings.Contains(got, "[to carol] Your games waiting for you, Tue 24 Nov:\n  g2 · gs-1 · r2 · to decide: deploy your units") {
		t.Errorf("digest: %q", got)
	}
	e.clock.set(time.Date(2026, 11, 24, 23, 0, 0, 0, time.UTC))
	if got := e.tick(); strings.Contains(got, "Your games") {
		t.Errorf("second digest the same day: %s", got)
	}
}

// TestMine lists the games waiting for the asker across rooms, earliest
// deadline first, and `games` says what each game waits for.
func TestMine(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	e.must("alice", "new gs-1 vs bob deadline=72h")
	e.must("bob", "accept")
	e.req("r2", "carol", "new gs-1 vs alice deadline=24h", false)
	e.req("r2", "alice", "accept", false)
	r := e.say("alice", "mine")
	got := texts(r)
	i1, i2 := strings.Index(got, "g1 · gs-1 · r1"), strings.Index(got, "g2 · gs-1 · r2")
	if i1 < 0 || i2 < 0 || i2 > i1 {
		t.Errorf("mine (g2 is due first): %s", got)
	}
	e.must("alice", "deploy auto")
	e.must("alice", "ready")
	if got := texts(e.say("alice", "mine")); strings.Contains(got, "g1 ·") {
		t.Errorf("g1 waits only for bob now: %s", got)
	}
	if got := texts(e.say("dave", "mine")); !strings.Contains(got, "no game is waiting for you") {
		t.Errorf("mine for a spectator: %s", got)
	}
	if got := texts(e.say("carol", "games")); !strings.Contains(got, "g1 · gs-1 · A alice · B bob · turn 1/8 · set-up · waiting for B (bob) · Thu 26 Nov 10:00 UTC (in 3 d)") {
		t.Errorf("games: %s", got)
	}
}

// TestEarlyEnd: when the only legal order of the side to play is "end"
// (after its last combat), the phase ends at once, played by the bot.
func TestEarlyEnd(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	playToCombat(e)
	// Fight the compulsory combat by hand; the decisions follow.
	lg, _ := e.app.lock("g1")
	legal := game.Leaves(lg.g.Rules.Legal(lg.g.State, game.SideA))
	lg.mu.Unlock()
	var attack string
	for _, o := range legal {
		if strings.HasPrefix(o, "attack A6") {
			attack = o
			break
		}
	}
	if attack == "" {
		t.Fatalf("no attack by A6 in %v", legal)
	}
	e.must("alice", attack)
	for i := 0; i < 10; i++ {
		lg, _ := e.app.lock("g1")
		st := lg.g.State
		lg.mu.Unlock()
		if st.Clock().Phase != "combat" || st.Clock().Active != game.SideA {
			break
		}
		ws := game.Waiting(st)
		if len(ws) == 0 {
			break
		}
		user := "alice"
		if ws[0] == game.SideB {
			user = "bob"
		}
		e.must(user, "1")
	}
	var early bool
	for _, en := range e.records("g1") {
		if en.Actor == actorAuto && en.Text == "end" {
			early = true
		}
	}
	if !early {
		t.Errorf("A's combat phase did not end by itself")
	}
}
