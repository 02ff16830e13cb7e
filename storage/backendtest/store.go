package backendtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	//lint:ignore ST1001 the suite reads as the storage package's own tests did
	. "github.com/grognard/grognard/storage"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage/storetest"
)

func testCreateAndMeta(t *testing.T) {
	s := mustOpen(t, Options{})
	m := toyMeta("")
	m.Rooms = []string{"discord:1/2"}
	m.Options = game.Options{"goal": "50"}
	a := mustCreate(t, s, m)
	b := mustCreate(t, s, m)
	if a.ID != "g1" || b.ID != "g2" {
		t.Fatalf("auto ids %q %q, want g1 g2", a.ID, b.ID)
	}
	if a.Commitment != dice.Commitment(seedOf("x")) && a.Commitment == "" {
		t.Fatal("no commitment")
	}
	got, err := s.Meta("g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != StatusActive || got.Options["goal"] != "50" || got.Seats[game.SideB] != "user:bob" || got.Seed != "" {
		t.Fatalf("meta %+v", got)
	}
	if _, err := s.CreateGame(toyMeta("g1"), storetest.Scenario, seedOf("abc")); !errors.Is(err, ErrExists) {
		t.Fatalf("duplicate id: %v", err)
	}
	if _, err := s.Meta("nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing game: %v", err)
	}
	seed, err := s.Seed("g1")
	if err != nil || dice.Commitment(seed) != got.Commitment {
		t.Fatalf("seed %x does not match commitment: %v", seed, err)
	}
}

func testCreateRejectsBadInput(t *testing.T) {
	s := mustOpen(t, Options{})
	cases := map[string]func(m *GameMeta){
		"id":       func(m *GameMeta) { m.ID = "a b" },
		"ruleset":  func(m *GameMeta) { m.Ruleset = "" },
		"scenario": func(m *GameMeta) { m.ScenarioHash = "" },
		"seat":     func(m *GameMeta) { m.Seats[game.Nobody] = "x" },
		"room":     func(m *GameMeta) { m.Rooms = []string{"a\x00b"} },
		"status":   func(m *GameMeta) { m.Status = "won" },
	}
	for field, edit := range cases {
		m := toyMeta("ok")
		edit(&m)
		if _, err := s.CreateGame(m, storetest.Scenario, seedOf("ok")); !errors.Is(err, ErrBadInput) {
			t.Errorf("%s: err %v, want ErrBadInput", field, err)
		}
	}
	if _, err := s.CreateGame(toyMeta("ok"), storetest.Scenario, []byte("short")); !errors.Is(err, ErrBadInput) {
		t.Errorf("short seed: %v", err)
	}
	if gs, _ := s.Games("", 0); len(gs) != 0 {
		t.Fatalf("a refused game was stored: %v", gs)
	}
}

func testAppendLoadReplay(t *testing.T) {
	s := mustOpen(t, Options{SnapshotEvery: 4, SnapshotKeep: 2})
	mustCreate(t, s, toyMeta("race"))
	for i := range 11 {
		side := game.Sides[i%2]
		text := "add 1"
		if i%3 == 0 {
			text = "roll2"
		}
		if n := mustOrder(t, s, "race", side, text); n != i+1 {
			t.Fatalf("order %d stored as %d", i+1, n)
		}
	}
	m, _ := s.Meta("race")
	if m.Seq != 11 || m.Rolls != 8 {
		t.Fatalf("meta seq %d rolls %d, want 11 and 8", m.Seq, m.Rolls)
	}
	snaps, err := s.Snapshots("race")
	if err != nil {
		t.Fatal(err)
	}
	if len(snaps) != 2 || snaps[0].Seq != 4 || snaps[1].Seq != 8 {
		t.Fatalf("snapshots at %v, want 4 and 8 (keep 2 of every 4)", snaps)
	}
	loaded, _, err := s.Load("race", toyRes)
	if err != nil {
		t.Fatal(err)
	}
	replayed, _, err := s.Replay("race", toyRes)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(loaded.State)
	b, _ := json.Marshal(replayed.State)
	if !bytes.Equal(a, b) || loaded.Seq != 11 || loaded.Rolls != 8 || replayed.Rolls != 8 {
		t.Fatalf("load %s (seq %d rolls %d) != replay %s", a, loaded.Seq, loaded.Rolls, b)
	}
	st := toyState(t, loaded)
	if st.Orders != [2]int{6, 5} {
		t.Fatalf("orders %v", st.Orders)
	}
	entries, err := s.Records("race", 10)
	if err != nil || len(entries) != 2 || entries[0].Seq != 10 {
		t.Fatalf("records from 10: %v %v", entries, err)
	}
	if entries[0].Actor != "user:bob" || entries[0].Time.IsZero() || entries[0].Text != "roll2" {
		t.Fatalf("entry %+v", entries[0])
	}
	recs, err := DecodeRecords(storetest.Toy{}, entries)
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := recs[0].Events[0].(storetest.Rolled); !ok || len(r.Values) != 2 {
		t.Fatalf("decoded event %#v", recs[0].Events[0])
	}
	mustCheck(t, s)
}

func testLoadSurvivesBadSnapshot(t *testing.T) {
	s := mustOpen(t, Options{SnapshotEvery: 2})
	mustCreate(t, s, toyMeta("g"))
	for range 5 {
		mustOrder(t, s, "g", game.SideA, "add 2")
	}
	// A snapshot of the wrong shape is only a cache miss for Load …
	if err := s.PutSnapshot("g", 4, 0, badState{&storetest.State{}}); err != nil {
		t.Fatal(err)
	}
	g, _, err := s.Load("g", toyRes)
	if err != nil {
		t.Fatal(err)
	}
	if toyState(t, g).Tally[0] != 10 {
		t.Fatalf("tally %v", toyState(t, g).Tally)
	}
	// … but Check reports it.
	rep, err := s.Check(t.Context(), CheckOptions{Resolver: toyRes})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() {
		t.Fatal("check missed a snapshot that differs from the replay")
	}
}

type badState struct{ *storetest.State }

func (badState) MarshalJSON() ([]byte, error) { return []byte(`{"tally":"x"}`), nil }

func testPutSnapshotValidates(t *testing.T) {
	s := mustOpen(t, Options{})
	mustCreate(t, s, toyMeta("g"))
	mustOrder(t, s, "g", game.SideA, "roll")
	g, _, _ := s.Load("g", toyRes)
	if err := s.PutSnapshot("g", 2, 1, g.State); !errors.Is(err, ErrBadInput) {
		t.Fatalf("snapshot past the log: %v", err)
	}
	if err := s.PutSnapshot("g", 1, 0, g.State); !errors.Is(err, ErrBadInput) {
		t.Fatalf("snapshot with wrong dice count: %v", err)
	}
	if err := s.PutSnapshot("g", 1, 1, g.State); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
}

func testConflict(t *testing.T) {
	s := mustOpen(t, Options{})
	mustCreate(t, s, toyMeta("g"))
	seed, _ := s.Seed("g")
	// Both players load the same state and decide.
	ga, _, _ := s.Load("g", toyRes)
	gb, _, _ := s.Load("g", toyRes)
	ra, err := ga.Apply("roll", game.Command{Side: game.SideA, Verb: "roll"}, &dice.Seeded{Seed: seed, Next: ga.Rolls})
	if err != nil {
		t.Fatal(err)
	}
	rb, err := gb.Apply("add 3", game.Command{Side: game.SideB, Verb: "add", Args: []string{"3"}}, &dice.Seeded{Seed: seed, Next: gb.Rolls})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Append("g", 0, ra, "ia"); err != nil {
		t.Fatal(err)
	}
	err = s.Append("g", 0, rb, "ib")
	var ce *ConflictError
	if !errors.Is(err, ErrConflict) || !errors.As(err, &ce) || ce.Expected != 0 || ce.Actual != 1 {
		t.Fatalf("second append: %v, want a conflict 0 vs 1", err)
	}
	// The loser's interaction id was not consumed: its retry goes through.
	gb, _, _ = s.Load("g", toyRes)
	rb, _ = gb.Apply("add 3", game.Command{Side: game.SideB, Verb: "add", Args: []string{"3"}}, &dice.Seeded{Seed: seed, Next: gb.Rolls})
	if err := s.Append("g", 1, rb, "ib"); err != nil {
		t.Fatal(err)
	}
	g, _, _ := s.Load("g", toyRes)
	if st := toyState(t, g); st.Orders != [2]int{1, 1} || st.Tally[1] != 3 {
		t.Fatalf("state %+v", st)
	}
	mustCheck(t, s)
}

func testIdempotency(t *testing.T) {
	s := mustOpen(t, Options{})
	mustCreate(t, s, toyMeta("g"))
	mustCreate(t, s, toyMeta("h"))
	if _, err := Order(s, "g", game.SideA, "add 5", "discord:interaction:42"); err != nil {
		t.Fatal(err)
	}
	// The same interaction delivered again (a retried webhook), decided on
	// the new state: refused, nothing changes.
	_, err := Order(s, "g", game.SideA, "add 5", "discord:interaction:42")
	var de *DuplicateError
	if !errors.Is(err, ErrDuplicate) || !errors.As(err, &de) || de.Game != "g" || de.Seq != 1 {
		t.Fatalf("second delivery: %v", err)
	}
	// Even aimed at another game.
	if _, err := Order(s, "h", game.SideA, "add 5", "discord:interaction:42"); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("delivery to another game: %v", err)
	}
	g, m, _ := s.Load("g", toyRes)
	if m.Seq != 1 || toyState(t, g).Tally[0] != 5 {
		t.Fatalf("game changed twice: seq %d tally %v", m.Seq, toyState(t, g).Tally)
	}
	if h, _ := s.Meta("h"); h.Seq != 0 {
		t.Fatalf("game h changed: %d", h.Seq)
	}
	id, seq, ok, err := s.Interaction("discord:interaction:42")
	if !ok || id != "g" || seq != 1 || err != nil {
		t.Fatalf("Interaction: %s %d %v %v", id, seq, ok, err)
	}
	n, err := s.ForgetInteractions(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil || n != 1 {
		t.Fatalf("forget: %d %v", n, err)
	}
	mustCheck(t, s)
}

func testAppendValidates(t *testing.T) {
	s := mustOpen(t, Options{})
	mustCreate(t, s, toyMeta("g"))
	mustOrder(t, s, "g", game.SideA, "roll")
	cmd := game.Command{Side: game.SideA, Verb: "roll"}
	ev := game.Events{storetest.Rolled{Side: game.SideA, Values: []int{3}}}
	cases := map[string]struct {
		expect int
		rec    game.Record
	}{
		"seq not expect+1":  {1, game.Record{Seq: 3, Command: cmd, Events: ev}},
		"roll index gap":    {1, game.Record{Seq: 2, Command: cmd, Events: ev, Rolls: []game.Roll{{Index: 5, Sides: 6, Value: 3}}}},
		"roll out of range": {1, game.Record{Seq: 2, Command: cmd, Events: ev, Rolls: []game.Roll{{Index: 1, Sides: 6, Value: 7}}}},
		"negative expect":   {-1, game.Record{Seq: 0, Command: cmd, Events: ev}},
	}
	for name, c := range cases {
		if err := s.Append("g", c.expect, c.rec, ""); !errors.Is(err, ErrBadInput) {
			t.Errorf("%s: %v, want ErrBadInput", name, err)
		}
	}
	if err := s.Append("nope", 0, game.Record{Seq: 1, Command: cmd}, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown game: %v", err)
	}
	if m, _ := s.Meta("g"); m.Seq != 1 || m.Rolls != 1 {
		t.Fatalf("refused appends changed the game: %+v", m)
	}
	mustCheck(t, s)
}

func testGameOverRevealsSeed(t *testing.T) {
	s := mustOpen(t, Options{})
	m := toyMeta("g")
	m.Options = game.Options{"goal": "12"}
	mustCreate(t, s, m)
	if _, err := s.SetDeadline("g", time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	for {
		got, _ := s.Meta("g")
		if got.Status.Ended() {
			break
		}
		mustOrder(t, s, "g", game.SideA, "roll2")
	}
	got, _ := s.Meta("g")
	seed, _ := s.Seed("g")
	if got.Status != StatusOver || got.Seed == "" || dice.Commitment(seed) != got.Commitment || !got.Deadline.IsZero() {
		t.Fatalf("ended meta %+v", got)
	}
	if _, err := Order(s, "g", game.SideB, "add 1", ""); err == nil {
		t.Fatal("an ended game took an order")
	}
	if d, ok, _ := s.NextDeadline(); ok {
		t.Fatalf("deadline %v left in the index", d)
	}
	rep, err := s.Audit("g")
	if err != nil || !rep.OK() || rep.Dice != got.Rolls {
		t.Fatalf("audit %+v %v", rep, err)
	}
	mustCheck(t, s)
}

func testIndexes(t *testing.T) {
	s := mustOpen(t, Options{})
	a := toyMeta("a")
	a.Rooms = []string{"room:1"}
	mustCreate(t, s, a)
	b := toyMeta("b")
	b.Seats = map[game.Side]string{game.SideA: "user:bob", game.SideB: "user:cat"}
	mustCreate(t, s, b)
	if _, err := s.Bind("b", "room:1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Bind("b", "room:2"); err != nil {
		t.Fatal(err)
	}
	want := func(got []string, err error, w ...string) {
		t.Helper()
		if err != nil || !slices.Equal(got, w) {
			t.Fatalf("got %v (%v), want %v", got, err, w)
		}
	}
	r1, err := s.GamesInRoom("room:1")
	want(r1, err, "a", "b")
	r2, err := s.GamesInRoom("room:2")
	want(r2, err, "b")
	bob, err := s.GamesOfPlayer("user:bob")
	want(bob, err, "a", "b")
	if _, err := s.Unbind("b", "room:1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetSeat("a", game.SideB, "user:dan"); err != nil {
		t.Fatal(err)
	}
	r1, err = s.GamesInRoom("room:1")
	want(r1, err, "a")
	bob, err = s.GamesOfPlayer("user:bob")
	want(bob, err, "b")
	dan, err := s.GamesOfPlayer("user:dan")
	want(dan, err, "a")
	// "room:1" must not match "room:10".
	r10, err := s.GamesInRoom("room:")
	want(r10, err)

	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	s.SetDeadline("a", t0.Add(2*time.Hour))
	s.SetDeadline("b", t0.Add(1*time.Hour))
	s.SetDeadline("a", t0.Add(30*time.Minute)) // replaces a's first deadline
	d, ok, err := s.NextDeadline()
	if !ok || err != nil || d.Game != "a" || !d.At.Equal(t0.Add(30*time.Minute)) {
		t.Fatalf("next deadline %+v %v %v", d, ok, err)
	}
	due, err := s.DueDeadlines(t0.Add(time.Hour), 0)
	if err != nil || len(due) != 2 || due[0].Game != "a" || due[1].Game != "b" {
		t.Fatalf("due %+v %v", due, err)
	}
	s.SetDeadline("a", time.Time{})
	due, _ = s.DueDeadlines(t0.Add(3*time.Hour), 0)
	if len(due) != 1 || due[0].Game != "b" {
		t.Fatalf("after clearing a: %+v", due)
	}
	if _, err := s.SetDeadline("a", time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)); !errors.Is(err, ErrBadInput) {
		t.Fatalf("deadline in 1900: %v", err)
	}
	page1, _ := s.Games("", 1)
	page2, _ := s.Games(page1[0].ID, 5)
	if len(page1) != 1 || page1[0].ID != "a" || len(page2) != 1 || page2[0].ID != "b" {
		t.Fatalf("pages %v %v", page1, page2)
	}
	mustCheck(t, s)
}

func testClosedStore(t *testing.T) {
	s := mustOpen(t, Options{})
	mustCreate(t, s, toyMeta("g"))
	s.Close()
	if _, err := s.CreateGame(toyMeta("h"), storetest.Scenario, seedOf("h")); !errors.Is(err, ErrClosed) {
		t.Fatalf("create after close: %v", err)
	}
	if _, err := s.Meta("g"); !errors.Is(err, ErrClosed) {
		t.Fatalf("meta after close: %v", err)
	}
}

// testGameCopy: CopyGame reads a game whole, seed, snapshots and
// interaction ids included, and PutGameCopy writes it into another store
// as the same game (same sum), refusing a second copy.
func testGameCopy(t *testing.T) {
	src := mustOpen(t, Options{SnapshotEvery: 3})
	m := toyMeta("g")
	m.Rooms = []string{"room:1"}
	mustCreate(t, src, m)
	for i := range 7 {
		if _, err := Order(src, "g", game.Sides[i%2], []string{"roll", "add 2"}[i%2], "ia-"+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := src.SetDeadline("g", time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	c, err := src.CopyGame("g")
	if err != nil {
		t.Fatal(err)
	}
	if c.Meta.Seq != 7 || len(c.Entries) != 7 || len(c.Snapshots) != 2 || len(c.Interactions) != 7 || len(c.Seed) == 0 || len(c.Scenario) == 0 {
		t.Fatalf("copy: seq %d, %d entries, %d snapshots, %d interactions, seed %d bytes", c.Meta.Seq, len(c.Entries), len(c.Snapshots), len(c.Interactions), len(c.Seed))
	}
	dst := mustOpen(t, Options{})
	if err := dst.PutGameCopy(c); err != nil {
		t.Fatal(err)
	}
	if err := dst.PutGameCopy(c); !errors.Is(err, ErrExists) {
		t.Fatalf("second copy: %v, want ErrExists", err)
	}
	back, err := dst.CopyGame("g")
	if err != nil {
		t.Fatal(err)
	}
	if back.Sum() != c.Sum() {
		a, _ := json.Marshal(c)
		b, _ := json.Marshal(back)
		t.Fatalf("copy differs after PutGameCopy:\n%s\n%s", a, b)
	}
	if rooms, _ := dst.GamesInRoom("room:1"); len(rooms) != 1 {
		t.Fatalf("room index: %v", rooms)
	}
	if d, ok, _ := dst.NextDeadline(); !ok || d.Game != "g" {
		t.Fatalf("deadline index: %v %v", d, ok)
	}
	if _, err := Order(dst, "g", game.SideA, "add 1", "ia-3"); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("a copied interaction id: %v, want ErrDuplicate", err)
	}
	mustCheck(t, dst)
}
