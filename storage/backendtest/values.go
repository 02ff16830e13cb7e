package backendtest

import (
	"errors"
	"testing"

	//lint:ignore ST1001 the suite reads as the storage package's own tests did
	. "github.com/grognard/grognard/storage"

	"github.com/grognard/grognard/game"
)

func testValues(t *testing.T) {
	open := newStore(t, Options{})
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.Value("bot/user/ann"); err != nil || v != nil {
		t.Fatalf("value in a store without the app bucket: %q, %v", v, err)
	}
	for k, v := range map[string]string{"bot/user/ann": "fr", "bot/user/bob": "en", "bot/room/x": "r", "other": "o"} {
		if err := s.PutValue(k, []byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutValue("", []byte("x")); !errors.Is(err, ErrBadInput) {
		t.Errorf("empty key: %v, want ErrBadInput", err)
	}
	kvs, err := s.Values("bot/user/")
	if err != nil {
		t.Fatal(err)
	}
	if len(kvs) != 2 || kvs[0].Key != "bot/user/ann" || string(kvs[0].Value) != "fr" || kvs[1].Key != "bot/user/bob" {
		t.Fatalf("Values(bot/user/) = %+v", kvs)
	}
	if err := s.PutValue("bot/user/ann", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.Value("bot/user/ann"); v != nil {
		t.Errorf("deleted value is %q after reopening", v)
	}
	if v, _ := s.Value("bot/user/bob"); string(v) != "en" {
		t.Errorf("value after reopening: %q", v)
	}
	if rep, err := s.Check(t.Context(), CheckOptions{}); err != nil || !rep.OK() {
		t.Fatalf("check with an app bucket: %v %v", err, rep.Err())
	}
}

func testTruncateLog(t *testing.T) {
	s := mustOpen(t, Options{SnapshotEvery: 2})
	m := mustCreate(t, s, toyMeta("g1"))
	mustOrder(t, s, m.ID, game.SideA, "add 3")
	mustOrder(t, s, m.ID, game.SideB, "roll")
	if _, err := Order(s, m.ID, game.SideA, "roll2", "chat:42"); err != nil {
		t.Fatal(err)
	}
	mustOrder(t, s, m.ID, game.SideB, "add 1")
	before, _, err := s.Load(m.ID, toyRes)
	if err != nil {
		t.Fatal(err)
	}

	if _, err := s.TruncateLog(m.ID, 3, 2); !errors.Is(err, ErrConflict) {
		t.Fatalf("truncate with a stale sequence: %v, want ErrConflict", err)
	}
	if _, err := s.TruncateLog(m.ID, 4, 5); !errors.Is(err, ErrBadInput) {
		t.Fatalf("truncate beyond the log: %v, want ErrBadInput", err)
	}
	removed, err := s.TruncateLog(m.ID, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(removed) != 2 || removed[0].Text != "roll2" || removed[1].Text != "add 1" {
		t.Fatalf("removed %+v", removed)
	}
	meta, _ := s.Meta(m.ID)
	if meta.Seq != 2 || meta.Rolls != 1 {
		t.Fatalf("after truncation seq %d rolls %d, want 2 and 1", meta.Seq, meta.Rolls)
	}
	g, _, err := s.Load(m.ID, toyRes)
	if err != nil {
		t.Fatal(err)
	}
	if g.Seq != 2 || g.Rolls != 1 || toyState(t, g).Tally == toyState(t, before).Tally {
		t.Fatalf("loaded after truncation: seq %d rolls %d tally %v", g.Seq, g.Rolls, toyState(t, g).Tally)
	}
	if _, _, ok, _ := s.Interaction("chat:42"); ok {
		t.Error("the interaction of a removed record is still indexed")
	}
	mustCheck(t, s)

	// The dice are rewound: the same order rolls the same values again.
	if _, err := Order(s, m.ID, game.SideA, "roll2", "chat:42"); err != nil {
		t.Fatalf("re-ordering after the undo: %v", err)
	}
	entries, _ := s.Records(m.ID, 3)
	if len(entries) != 1 || len(entries[0].Rolls) != 2 || entries[0].Rolls[0] != removed[0].Rolls[0] || entries[0].Rolls[1] != removed[0].Rolls[1] {
		t.Fatalf("rolls after undo %+v, undone %+v", entries, removed[0].Rolls)
	}
	mustCheck(t, s)

	if _, err := s.SetStatus(m.ID, StatusAbandoned); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TruncateLog(m.ID, 3, 2); !errors.Is(err, ErrEnded) {
		t.Fatalf("truncating an ended game: %v, want ErrEnded", err)
	}
}
