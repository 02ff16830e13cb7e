package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage"
)

// sharedTestStore is a bbolt store that says it is shared, so that two
// Apps on it behave as two processes on one PostgreSQL database would;
// beforeSwap, when set, runs before each write of a value (to interleave
// another App's write).
type sharedTestStore struct {
	*storage.Store
	mu         sync.Mutex
	beforeSwap func(key string)
	// beforeDeadline, when set, runs before each SetDeadline.
	beforeDeadline func(gameID string)
	tries          atomic.Int64 // TryLease calls
	// leaseErr, when set, is TryLease's answer (the database away).
	leaseErr error
}

func (s *sharedTestStore) SetDeadline(gameID string, at time.Time) (storage.GameMeta, error) {
	s.mu.Lock()
	hook := s.beforeDeadline
	s.mu.Unlock()
	if hook != nil {
		hook(gameID)
	}
	return s.Store.SetDeadline(gameID, at)
}

func (s *sharedTestStore) TryLease(name, holder string, ttl time.Duration) (bool, error) {
	s.tries.Add(1)
	s.mu.Lock()
	fail := s.leaseErr
	s.mu.Unlock()
	if fail != nil {
		return false, fail
	}
	return s.Store.TryLease(name, holder, ttl)
}

func (s *sharedTestStore) Shared() bool { return true }

func (s *sharedTestStore) SwapValue(key string, old, val []byte) (bool, error) {
	s.hook(key)
	return s.Store.SwapValue(key, old, val)
}

func (s *sharedTestStore) PutValue(key string, val []byte) error {
	s.hook(key)
	return s.Store.PutValue(key, val)
}

func (s *sharedTestStore) hook(key string) {
	s.mu.Lock()
	hook := s.beforeSwap
	s.mu.Unlock()
	if hook != nil {
		hook(key)
	}
}

// senv is two Apps ("processes" p0 and p1) on one shared store and one
// fake clock.
type senv struct {
	t     *testing.T
	store *sharedTestStore
	clock *fakeClock
	apps  [2]*App

	mu  sync.Mutex
	obs []observation
}

func newSEnv(t *testing.T, dl Deadlines) *senv {
	e := &senv{t: t, clock: &fakeClock{now: t0}}
	st, err := storage.Open(filepath.Join(t.TempDir(), "grognard.db"), storage.Options{NoSync: true, Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e.store = &sharedTestStore{Store: st}
	var seeds int64
	for i := range e.apps {
		app, err := New(Config{Store: e.store, Now: e.clock.Now, Deadlines: dl, Instance: fmt.Sprintf("p%d", i),
			NewSeed: func() []byte {
				e.mu.Lock()
				defer e.mu.Unlock()
				seeds++
				return dice.SeedFromInt(seeds)
			}})
		if err != nil {
			t.Fatal(err)
		}
		app.observe = func(o observation) {
			e.mu.Lock()
			e.obs = append(e.obs, o)
			e.mu.Unlock()
		}
		// In a shared store a process fires the timers of the platforms
		// it posts on.
		app.SetDeliverer("test", func(context.Context, Delivery) error { return nil })
		e.apps[i] = app
	}
	return e
}

// say is a line typed by user in room r1, handled by process p.
func (e *senv) say(p int, user, text string) string {
	return texts(e.apps[p].Handle(e.t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: user, Name: user}, Text: text}))
}

func (e *senv) must(p int, user, text string) string {
	e.t.Helper()
	got := e.say(p, user, text)
	if strings.Contains(got, "✗") || strings.Contains(got, "refused") || strings.Contains(got, "went wrong") {
		e.t.Fatalf("p%d: %s: %s: %s", p, user, text, got)
	}
	return got
}

// tick runs process p's scheduler once and returns what it said.
func (e *senv) tick(p int) string {
	e.t.Helper()
	ds, err := e.apps[p].Tick(e.t.Context())
	if err != nil {
		e.t.Fatalf("p%d tick: %v", p, err)
	}
	return deliveryText(ds)
}

func deliveryText(ds []Delivery) string {
	var b strings.Builder
	for _, d := range ds {
		for _, m := range d.Messages {
			b.WriteString(m.Plain() + "\n")
		}
	}
	return b.String()
}

func (e *senv) observed(kind string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, o := range e.obs {
		if o.kind == kind {
			n++
		}
	}
	return n
}

// storedClock is a game's clock as the store holds it.
func (e *senv) storedClock(id string) gameClock {
	e.t.Helper()
	raw, err := e.store.Value(keyClock + id)
	if err != nil {
		e.t.Fatal(err)
	}
	var clk gameClock
	if err := json.Unmarshal(raw, &clk); err != nil {
		e.t.Fatal(err)
	}
	return clk
}

func (e *senv) records(id string) []storage.LogEntry {
	e.t.Helper()
	rs, err := e.store.Records(id, 1)
	if err != nil {
		e.t.Fatal(err)
	}
	return rs
}

// TestSharedStaleGame: a process whose copy of a game is stale (the other
// process stored orders since) takes the game as stored: its next order
// follows the other's, and what it shows is the stored game. Two
// processes ordering the same game at once lose and duplicate nothing.
func TestSharedStaleGame(t *testing.T) {
	e := newSEnv(t, Deadlines{})
	e.must(0, "alice", "new gs-1 vs bob")
	e.must(0, "bob", "accept")
	for _, l := range [][2]string{{"alice", "deploy auto"}, {"bob", "deploy auto"}, {"alice", "ready"}, {"bob", "ready"}} {
		e.must(0, l[0], l[1])
	}
	e.must(1, "alice", "status") // p1 holds the game in memory now
	e.must(0, "alice", "move A6 0706")
	e.must(1, "alice", "end") // p1's copy is stale: it must see the move first
	rs := e.records("g1")
	if n := len(rs); n < 2 || rs[n-2].Text != "move A6 0706" || rs[n-1].Text != "end" {
		t.Fatalf("log ends with %v", rs[max(0, len(rs)-3):])
	}
	if s0, s1 := e.must(0, "bob", "status"), e.must(1, "bob", "status"); s0 != s1 || !strings.Contains(s0, "of B") {
		t.Errorf("the two processes show the game differently:\np0: %s\np1: %s", s0, s1)
	}

	// Two of bob's moves at once, one in each process, three times over.
	lg, err := e.apps[0].lock("g1")
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	units := map[string]bool{}
	for _, o := range game.Leaves(game.Legal(lg.g.Rules, lg.g.State, game.SideB)) {
		if f := strings.Fields(o); len(f) == 3 && f[0] == "move" && !units[f[1]] {
			units[f[1]] = true
			moves = append(moves, o)
		}
	}
	lg.mu.Unlock()
	if len(moves) < 6 {
		t.Fatalf("B's moves: %v", moves)
	}
	before := len(rs)
	for i := 0; i < 6; i += 2 {
		var wg sync.WaitGroup
		for p := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e.say(p, "bob", moves[i+p])
			}()
		}
		wg.Wait()
	}
	var got []string
	for _, r := range e.records("g1")[before:] {
		got = append(got, r.Text)
	}
	for i, g := range got {
		if !slices.Contains(moves[:6], g) || slices.Contains(got[:i], g) {
			t.Errorf("records after the concurrent orders: %v (orders given: %v)", got, moves[:6])
			break
		}
	}
	if len(got) < 3 {
		t.Errorf("only %d of 6 independent moves stored: %v", len(got), got)
	}
	if s0, s1 := e.must(0, "bob", "status"), e.must(1, "bob", "status"); s0 != s1 {
		t.Errorf("after the concurrent orders the processes differ:\np0: %s\np1: %s", s0, s1)
	}
}

// TestSharedTimersOnce: with two processes on one store a reminder and an
// expiry are done once: a process holding a stale clock does not send a
// reminder the other sent, and both ticking at once apply the defaults
// once.
func TestSharedTimersOnce(t *testing.T) {
	e := newSEnv(t, Deadlines{Decision: 24 * time.Hour})
	e.must(0, "alice", "new gs-1 vs bob deadline=48h")
	e.must(0, "bob", "accept")
	e.must(1, "alice", "status") // p1 holds the game and its clock
	e.clock.set(t0.Add(12 * time.Hour))
	if got := e.tick(0); strings.Count(got, "⏳") != 2 {
		t.Fatalf("p0's half-time reminders: %q", got)
	}
	// p1 read the index before p0 moved it on: it does the game's timers
	// with the clock as stored, not as it held it.
	ds, err := e.apps[1].tickGameGuarded(e.t.Context(), "g1", e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got := deliveryText(ds); got != "" {
		t.Errorf("p1 with a stale clock: %q", got)
	}
	if got := e.tick(1); got != "" {
		t.Errorf("p1's tick after p0's: %q", got)
	}
	e.clock.set(t0.Add(24 * time.Hour))
	var out [2]string
	var wg sync.WaitGroup
	for p := range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); out[p] = e.tick(p) }()
	}
	wg.Wait()
	if n := strings.Count(out[0]+out[1], "⏰"); n != 2 || e.observed("expired") != 2 || e.observed("reminder") != 2 {
		t.Errorf("at the deadline: %d expiry messages, %d expiries, %d reminders observed; p0 %q p1 %q",
			n, e.observed("expired"), e.observed("reminder"), out[0], out[1])
	}
	deadline := 0
	for _, r := range e.records("g1") {
		if r.Actor == actorDeadline {
			deadline++
		}
	}
	if deadline != 4 { // each side: deploy auto, ready
		t.Errorf("%d orders played for the deadline, want 4", deadline)
	}
}

// TestSharedLeaseTakeover: a game whose lease another process holds (it
// died while firing the game's deadline) is left alone until the lease
// runs out, then done by a live process.
func TestSharedLeaseTakeover(t *testing.T) {
	e := newSEnv(t, Deadlines{})
	e.must(0, "alice", "new gs-1 vs bob deadline=48h")
	e.must(0, "bob", "accept")
	e.clock.set(t0.Add(48 * time.Hour))
	if ok, err := e.store.TryLease("deadline/g1", "dead", DefaultLeaseTTL); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if got := e.tick(0) + e.tick(1); got != "" || e.observed("expired") != 0 {
		t.Fatalf("done under another process's lease: %q", got)
	}
	e.clock.add(DefaultLeaseTTL + time.Second)
	if got := e.tick(1); strings.Count(got, "⏰") != 2 {
		t.Errorf("after the lease ran out: %q", got)
	}
	if got := e.tick(0); got != "" || e.observed("expired") != 2 {
		t.Errorf("then p0: %q, %d expiries", got, e.observed("expired"))
	}
}

// TestSharedLeaseFails: a process whose lease cannot be taken or renewed
// (the database does not answer it) fires nothing, not even the game it
// fired last, and says so in Tick's error; once leases answer again the
// deadline is fired once.
func TestSharedLeaseFails(t *testing.T) {
	e := newSEnv(t, Deadlines{})
	e.must(0, "alice", "new gs-1 vs bob deadline=48h")
	e.must(0, "bob", "accept")
	e.clock.set(t0.Add(12 * time.Hour))
	e.tick(0) // p0 has held g1's lease
	e.clock.set(t0.Add(48 * time.Hour))
	e.store.mu.Lock()
	e.store.leaseErr = errors.New("connection refused")
	e.store.mu.Unlock()
	for p := range 2 {
		ds, err := e.apps[p].Tick(e.t.Context())
		if got := deliveryText(ds); got != "" || err == nil || e.observed("expired") != 0 {
			t.Fatalf("p%d without leases: %q, error %v, %d expiries", p, got, err, e.observed("expired"))
		}
	}
	e.store.mu.Lock()
	e.store.leaseErr = nil
	e.store.mu.Unlock()
	if got := e.tick(1) + e.tick(0); strings.Count(got, "⏰") != 2 || e.observed("expired") != 2 {
		t.Errorf("leases back: %q, %d expiries", got, e.observed("expired"))
	}
}

// TestSharedClockConflict: a process that saves a game's clock after an
// order while the other has just marked a reminder sent in it does not
// write over the mark: the clock is read again and brought up to date.
func TestSharedClockConflict(t *testing.T) {
	e := newSEnv(t, Deadlines{Decision: 24 * time.Hour})
	e.must(0, "alice", "new gs-1 vs bob deadline=48h")
	e.must(0, "bob", "accept")
	e.must(0, "alice", "deploy auto") // p0 holds the clock
	e.clock.set(t0.Add(12 * time.Hour))
	var fired atomic.Bool
	var reminded string
	e.store.mu.Lock()
	e.store.beforeSwap = func(key string) {
		if key == keyClock+"g1" && fired.CompareAndSwap(false, true) {
			reminded = e.tick(1)
		}
	}
	e.store.mu.Unlock()
	e.must(0, "alice", "ready") // p0 saves the clock (alice owes nothing now) as p1 reminds bob
	e.store.mu.Lock()
	e.store.beforeSwap = nil
	e.store.mu.Unlock()
	if !strings.Contains(reminded, "@bob") {
		t.Fatalf("p1's reminders: %q", reminded)
	}
	clk := e.storedClock("g1")
	if o := clk.obligationOf(game.SideB); o == nil || o.Sent&1 == 0 {
		t.Errorf("bob's reminder is not marked sent in the stored clock: %+v", clk.Obls)
	}
	if o := clk.obligationOf(game.SideA); o != nil {
		t.Errorf("alice's obligation kept after her ready: %+v", o)
	}
	if got := e.tick(0) + e.tick(1); strings.Contains(got, "⏳") {
		t.Errorf("a reminder again: %q", got)
	}
	if n := e.observed("reminder"); n != 1 {
		t.Errorf("%d reminders observed, want 1 (bob's)", n)
	}
}

// TestSharedLeagueLease: a process changes leagues only while it holds
// the lease "leagues": it waits while another process holds it, and
// takes it once released.
func TestSharedLeagueLease(t *testing.T) {
	e := newSEnv(t, Deadlines{})
	if ok, err := e.store.TryLease(leaguesLease, "other", DefaultLeaseTTL); !ok || err != nil {
		t.Fatal(ok, err)
	}
	before := e.store.tries.Load()
	locked := make(chan struct{})
	go func() {
		e.apps[0].lockLeagues()
		close(locked)
	}()
	for e.store.tries.Load() < before+3 {
		time.Sleep(time.Millisecond)
	}
	select {
	case <-locked:
		t.Fatal("p0 took the leagues while another process held their lease")
	default:
	}
	if err := e.store.ReleaseLease(leaguesLease, "other"); err != nil {
		t.Fatal(err)
	}
	<-locked
	if ok, _ := e.store.TryLease(leaguesLease, "other", DefaultLeaseTTL); ok {
		t.Error("the leagues' lease is free while p0 holds the leagues")
	}
	e.apps[0].unlockLeagues()
	if ok, _ := e.store.TryLease(leaguesLease, "other", DefaultLeaseTTL); !ok {
		t.Error("p0 did not release the leagues' lease")
	}
}

// TestSharedLeagueLeaseError: a store that fails to answer for the
// leagues' lease (the database away a moment) does not let a process
// change the leagues while another holds the lease: it asks again.
func TestSharedLeagueLeaseError(t *testing.T) {
	e := newSEnv(t, Deadlines{})
	if ok, err := e.store.TryLease(leaguesLease, "other", DefaultLeaseTTL); !ok || err != nil {
		t.Fatal(ok, err)
	}
	e.store.mu.Lock()
	e.store.leaseErr = errors.New("connection reset")
	e.store.mu.Unlock()
	locked := make(chan struct{})
	// waitTries waits for n more TryLease calls, or for p0 to have the
	// leagues (then the check below fails).
	waitTries := func(n int64) {
		for before := e.store.tries.Load(); e.store.tries.Load() < before+n; {
			select {
			case <-locked:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}
	go func() {
		e.apps[0].lockLeagues()
		close(locked)
	}()
	waitTries(3)
	e.store.mu.Lock()
	e.store.leaseErr = nil
	e.store.mu.Unlock()
	waitTries(2)
	select {
	case <-locked:
		t.Fatal("p0 took the leagues on a lease error while another process held their lease")
	default:
	}
	if err := e.store.ReleaseLease(leaguesLease, "other"); err != nil {
		t.Fatal(err)
	}
	<-locked
	e.apps[0].unlockLeagues()
}

// TestSharedReconcile: a process reconciling the deadline index at
// start-up while another writes the game's clock and index (an order)
// leaves the index at the clock's next timer, not at the one it read
// before.
func TestSharedReconcile(t *testing.T) {
	e := newSEnv(t, Deadlines{Decision: 24 * time.Hour})
	e.must(0, "alice", "new gs-1 vs bob deadline=48h")
	e.must(0, "bob", "accept")
	e.must(1, "alice", "deploy auto")
	if _, err := e.store.Store.SetDeadline("g1", t0.Add(time.Hour)); err != nil { // the index left apart from the clock
		t.Fatal(err)
	}
	var fired atomic.Bool
	e.store.mu.Lock()
	e.store.beforeDeadline = func(string) {
		if fired.CompareAndSwap(false, true) {
			// p1 ends the set-up: it writes the clock (the movement
			// phase's timers), then the index.
			for _, l := range [][2]string{{"bob", "deploy auto"}, {"alice", "ready"}, {"bob", "ready"}} {
				e.must(1, l[0], l[1])
			}
		}
	}
	e.store.mu.Unlock()
	e.clock.set(t0.Add(time.Minute))
	if err := e.apps[0].Reconcile(); err != nil {
		t.Fatal(err)
	}
	e.store.mu.Lock()
	e.store.beforeDeadline = nil
	e.store.mu.Unlock()
	if !fired.Load() {
		t.Fatal("Reconcile did not write the index")
	}
	clk := e.storedClock("g1")
	m, err := e.store.Meta("g1")
	if err != nil {
		t.Fatal(err)
	}
	if want := clk.nextTimer(clk.reminders(e.apps[0].cfg.Deadlines.Reminders)); !m.Deadline.Equal(want) {
		t.Errorf("index at %v, clock's next timer %v", m.Deadline, want)
	}
}

// TestSharedVacationBank: `vacation` typed for one player in two
// processes at once (servers of two shards) charges the bank twice, and
// a charge the bank no longer covers is refused: the bank is changed by
// compare-and-swap, again on what the other process wrote.
func TestSharedVacationBank(t *testing.T) {
	e := newSEnv(t, Deadlines{VacationDays: 14})
	e.must(0, "alice", "new gs-1 vs bob")
	e.must(0, "bob", "accept")
	key := vacationKey(t0.UTC().Year(), "test:alice", "room:test:r1")
	// race runs text0 in p0 and, just before p0 writes the bank, text1
	// in p1.
	race := func(text0, text1 string) (out0, out1 string) {
		var fired atomic.Bool
		e.store.mu.Lock()
		e.store.beforeSwap = func(k string) {
			if k == key && fired.CompareAndSwap(false, true) {
				out1 = e.say(1, "alice", text1)
			}
		}
		e.store.mu.Unlock()
		out0 = e.say(0, "alice", text0)
		e.store.mu.Lock()
		e.store.beforeSwap = nil
		e.store.mu.Unlock()
		if !fired.Load() {
			t.Fatalf("p0's %q wrote no vacation bank", text0)
		}
		return out0, out1
	}
	used := func() int {
		t.Helper()
		raw, err := e.store.Value(key)
		if err != nil {
			t.Fatal(err)
		}
		var u vacationUse
		if raw != nil {
			if err := json.Unmarshal(raw, &u); err != nil {
				t.Fatal(err)
			}
		}
		return u.Days
	}
	out0, out1 := race("vacation 4d", "vacation 5d")
	for _, out := range []string{out0, out1} {
		if !strings.Contains(out, "g1") || strings.Contains(out, "left this year") {
			t.Fatalf("vacations at once: p0 %q, p1 %q", out0, out1)
		}
	}
	if n := used(); n != 9 {
		t.Fatalf("%d vacation days used after 4 (p0) and 5 (p1) at once, want 9", n)
	}
	// 5 days left: p1 takes 3 while p0 asks for 4, which then no longer fit.
	out0, out1 = race("vacation 4d", "vacation 3d")
	if !strings.Contains(out0, "2 vacation day(s) left this year, 4 asked") {
		t.Errorf("p0's vacation 4d with 2 days left: %q (p1: %q)", out0, out1)
	}
	if n := used(); n != 12 {
		t.Errorf("%d vacation days used, want 12 (9, then p1's 3; p0's 4 refused)", n)
	}
	// Ended in p1 while p0 gives the days back: the 5 days left of the
	// pause return once.
	race("vacation end", "vacation end")
	if n := used(); n != 7 {
		t.Errorf("%d vacation days used after the vacation ended, want 7 (12 - 5)", n)
	}
}
