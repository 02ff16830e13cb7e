package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/storage"
)

// playedExport plays steps random legal orders of a shipped scenario and
// returns the game as an export (JSONL), as `grognard export` writes it.
func playedExport(tb testing.TB, id string, seed uint64, steps int) []byte {
	tb.Helper()
	sc, err := scenarios.Load(id)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := all.Get(sc.Ruleset)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(r, sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	s := dice.SeedFromInt(int64(seed))
	rng := rand.New(rand.NewPCG(seed, 1))
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	x := &storage.Exported{Meta: storage.GameMeta{ID: "g" + id[len(id)-1:], Ruleset: r.Name(), RulesetVersion: r.Version(),
		Scenario: sc.ID, ScenarioHash: sc.Hash, Status: storage.StatusActive, Created: t0, Updated: t0,
		Commitment: dice.Commitment(s), Seats: map[game.Side]string{game.SideA: "ann", game.SideB: "bob"}}}
	if x.Scenario, x.Meta.ScenarioSum, err = storage.EncodeScenario(sc); err != nil {
		tb.Fatal(err)
	}
	for step := 0; step < steps && !g.State.Outcome().Over; step++ {
		w := game.Waiting(g.State)
		if len(w) == 0 {
			break
		}
		side := w[rng.IntN(len(w))]
		leaves := game.Leaves(r.Legal(g.State, side))
		if len(leaves) == 0 {
			break
		}
		cmd, _ := game.ParseCommand(side, leaves[rng.IntN(len(leaves))])
		rec, err := g.Apply(cmd.String(), cmd, &dice.Seeded{Seed: s, Next: g.Rolls})
		if err != nil {
			tb.Fatal(err)
		}
		evs, err := json.Marshal(rec.Events)
		if err != nil {
			tb.Fatal(err)
		}
		x.Entries = append(x.Entries, storage.LogEntry{Seq: rec.Seq, Clock: rec.Clock, Time: t0, Actor: x.Meta.Seats[side],
			Text: rec.Text, Command: rec.Command, Rolls: rec.Rolls, Events: evs})
	}
	x.Meta.Seq, x.Meta.Rolls = g.Seq, g.Rolls
	var b bytes.Buffer
	if err := storage.WriteExport(&b, x); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// TestImportRedecides: import re-decides every record with its dice; a
// log the rules did not write — an edited hex, a crafted event naming an
// unknown unit, a changed roll — is refused naming the record, and the
// store is left without the game.
func TestImportRedecides(t *testing.T) {
	good := playedExport(t, "gs-3", 3, 40)
	lines := strings.Split(strings.TrimSpace(string(good)), "\n")
	if len(lines) < 12 {
		t.Fatalf("playout too short: %d lines", len(lines))
	}
	// Record 10 (line 11): one of its event fields changed.
	edit := func(line int, old, new string) string {
		l := append([]string(nil), lines...)
		if !strings.Contains(l[line], old) {
			t.Fatalf("line %d has no %q: %s", line, old, l[line])
		}
		l[line] = strings.Replace(l[line], old, new, 1)
		return strings.Join(l, "\n") + "\n"
	}
	var moved int
	for i, l := range lines {
		if i >= 5 && strings.Contains(l, `"kind":"deployed"`) {
			moved = i
			break
		}
	}
	if moved == 0 {
		t.Fatal("no deployment in the playout")
	}
	var rec struct {
		Seq int `json:"seq"`
	}
	json.Unmarshal([]byte(lines[moved]), &rec)
	cases := []struct{ name, in, want string }{
		{"unknown unit", edit(moved, `"placements":[{"unit":"`, `"placements":[{"unit":"ZZ`), "record "},
		{"hex off the map", edit(moved, `"at":{"x":`, `"at":{"x":9`), "record "},
		{"extra field", edit(moved, `"kind":"deployed","data":{`, `"kind":"deployed","data":{"spy":1,`), "record "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "g.db")
			out, err := runStoreCmd(t, c.in, "import", "--db", db)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "refused") {
				t.Fatalf("import accepted or wrong error: %v\n%s", err, out)
			}
			if !strings.Contains(err.Error(), "record "+itoa(rec.Seq)) {
				t.Errorf("error does not name record %d: %v", rec.Seq, err)
			}
			if out, err := runStoreCmd(t, "", "export", "g3", "--db", db); err == nil {
				t.Fatalf("refused import left the game in the store:\n%s", out)
			}
		})
	}
	db := filepath.Join(t.TempDir(), "g.db")
	if out, err := runStoreCmd(t, string(good), "import", "--db", db); err != nil {
		t.Fatalf("import of a true log: %v\n%s", err, out)
	}
	file := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(file, []byte(cases[0].in), 0o644)
	if out, err := runStoreCmd(t, "", "replay", file); err != nil || !strings.Contains(out, "does not re-decide: record "+itoa(rec.Seq)) {
		t.Fatalf("replay of a crafted log: %v\n%s", err, out)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// FuzzImport reads a JSONL export and re-decides it as `grognard import`
// does: no input panics; an accepted log writes back to the same export.
//
//	go test ./cmd/grognard -run XXX -fuzz FuzzImport -fuzztime 10m -parallel 1
func FuzzImport(f *testing.F) {
	f.Add(playedExport(f, "gs-1", 1, 12))
	f.Add(playedExport(f, "gs-3", 3, 25))
	f.Add(playedExport(f, "ptg-standard", 5, 8))
	f.Add([]byte(`{"type":"game","format":"grognard-game","version":1,"game":{"id":"x"}}` + "\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		x, err := storage.ReadExport(bytes.NewReader(in))
		if err != nil {
			return
		}
		if len(x.Entries) > 200 {
			return
		}
		if err := storage.CheckExport(cliResolver{}, x); err != nil {
			return
		}
		if _, err := game.ReplayChecked(mustRules(t, x.Meta.Ruleset), mustScenario(t, x.Meta.Scenario), x.Meta.Options, decode(t, x)); err != nil {
			t.Fatalf("a log that re-decides does not replay: %v", err)
		}
	})
}

func mustRules(t *testing.T, name string) game.Ruleset {
	r, err := all.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustScenario(t *testing.T, id string) *game.Scenario {
	sc, err := scenarios.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func decode(t *testing.T, x *storage.Exported) []game.Record {
	recs, err := storage.DecodeRecords(mustRules(t, x.Meta.Ruleset), x.Entries)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

var (
	redecideOnce  sync.Once
	redecideBases []*storage.Exported
)

// FuzzImportCrafted takes a true export and replaces one record's order by
// a crafted one (any side, any text) or its events by crafted JSON, as a
// forged log would: import's re-deciding must refuse it or accept it
// without the rules panicking (a panic there is a bug in Decide, which
// Redecide turns into an error naming the record), and what it accepts
// replays.
//
//	go test ./cmd/grognard -run XXX -fuzz FuzzImportCrafted -fuzztime 10m -parallel 1
func FuzzImportCrafted(f *testing.F) {
	redecideOnce.Do(func() {
		for _, b := range [][]byte{playedExport(f, "gs-1", 1, 20), playedExport(f, "gs-10", 2, 20), playedExport(f, "ptg-standard", 5, 12)} {
			x, err := storage.ReadExport(bytes.NewReader(b))
			if err != nil {
				f.Fatal(err)
			}
			redecideBases = append(redecideBases, x)
		}
	})
	for i, x := range redecideBases {
		for j, e := range x.Entries {
			if j%8 == 0 {
				f.Add(uint8(i), uint8(j), uint8(e.Command.Side), e.Command.String(), []byte(e.Events))
			}
		}
	}
	f.Add(uint8(0), uint8(3), uint8(2), "deploy", []byte(`[]`))
	f.Add(uint8(2), uint8(1), uint8(0), "place RU-L1 9999", []byte(`[{"kind":"placed","data":{"side":"B","unit":"RU-L1","at":{"x":-5,"y":900},"text":""}}]`))
	f.Fuzz(func(t *testing.T, which, rec, side uint8, order string, events []byte) {
		base := redecideBases[int(which)%len(redecideBases)]
		x := &storage.Exported{Meta: base.Meta, Entries: slices.Clone(base.Entries)}
		i := int(rec) % len(x.Entries)
		e := &x.Entries[i]
		if cmd, err := game.ParseCommand(game.Side(int8(side%3)-1), order); err == nil {
			e.Command = cmd
		}
		if json.Valid(events) {
			e.Events = append(json.RawMessage(nil), events...)
		}
		err := storage.CheckExport(cliResolver{}, x)
		if err != nil {
			if strings.Contains(err.Error(), "cannot be decided") {
				t.Fatalf("the rules panicked on a crafted order: %v", err)
			}
			return
		}
		if _, err := game.ReplayChecked(mustRules(t, x.Meta.Ruleset), mustScenario(t, x.Meta.Scenario), x.Meta.Options, decode(t, x)); err != nil {
			t.Fatalf("a log that re-decides does not replay: %v", err)
		}
	})
}
