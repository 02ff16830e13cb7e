package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/storetest"
)

// toyStore writes a store with a finished game "done" and a running game
// "live" of the storage package's toy ruleset, and points the commands'
// resolver at that ruleset.
func toyStore(t *testing.T) string {
	t.Helper()
	old := storeResolver
	storeResolver = storetest.Resolver{}
	t.Cleanup(func() { storeResolver = old })
	path := filepath.Join(t.TempDir(), "g.db")
	s, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct{ id, goal string }{{"done", "20"}, {"live", "1000"}} {
		seed := dice.SeedFromInt(int64(len(c.id)))
		_, err := s.CreateGame(storage.GameMeta{ID: c.id, Ruleset: "toy", RulesetVersion: "1",
			Scenario: storetest.Scenario.ID, ScenarioHash: storetest.Scenario.Hash,
			Options: game.Options{"goal": c.goal}}, storetest.Scenario, seed)
		if err != nil {
			t.Fatal(err)
		}
		g, _, _ := s.Load(c.id, storetest.Resolver{})
		for i := 0; i < 10 && !g.State.Outcome().Over; i++ {
			before := g.Seq
			rec, err := g.Apply("roll2", game.Command{Side: game.Sides[i%2], Verb: "roll2"}, &dice.Seeded{Seed: seed, Next: g.Rolls})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.AppendEntry(c.id, before, storage.Entry{Record: rec, State: g.State}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return path
}

func runStoreCmd(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	err := m.Run(context.Background(), args)
	return out.String() + errb.String(), err
}

func TestStoreCommands(t *testing.T) {
	db := toyStore(t)
	exported, err := runStoreCmd(t, "", "export", "done", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(exported, `{"type":"game"`) || !strings.Contains(exported, `"seed":"`) {
		t.Fatalf("export of a finished game:\n%s", exported)
	}

	db2 := filepath.Join(t.TempDir(), "other.db")
	if out, err := runStoreCmd(t, exported, "import", "--db", db2); err != nil || !strings.Contains(out, "imported game done") {
		t.Fatalf("import: %v\n%s", err, out)
	}
	again, err := runStoreCmd(t, "", "export", "--db", db2, "done")
	if err != nil || again != exported {
		t.Fatalf("export after import differs (%v)", err)
	}

	file := filepath.Join(t.TempDir(), "done.jsonl")
	os.WriteFile(file, []byte(exported), 0o644)
	for _, ref := range []string{"done", file} {
		out, err := runStoreCmd(t, "", "audit", ref, "--db", db)
		if err != nil || !strings.Contains(out, "all match") {
			t.Fatalf("audit %s: %v\n%s", ref, err, out)
		}
		out, err = runStoreCmd(t, "", "replay", ref, "--db", db)
		if err != nil || !strings.Contains(out, "game over: winner") {
			t.Fatalf("replay %s: %v\n%s", ref, err, out)
		}
	}
	tampered := strings.Replace(exported, `"value":`, `"value":1`, 1) // 1..6 → 11..16: refused as a die
	os.WriteFile(file, []byte(tampered), 0o644)
	if _, err := runStoreCmd(t, "", "audit", file); err == nil {
		t.Fatal("audit accepted a tampered file")
	}

	out, err := runStoreCmd(t, "", "audit", "live", "--db", db)
	if err == nil || !strings.Contains(err.Error(), "seed stays secret until the game ends") {
		t.Fatalf("audit of a running game: %v\n%s", err, out)
	}
	if live, _ := runStoreCmd(t, "", "export", "live", "--db", db); strings.Contains(live, `"seed":"`) {
		t.Fatal("export of a running game carries its seed")
	}

	bak := filepath.Join(t.TempDir(), "copy.db")
	if out, err := runStoreCmd(t, "", "backup", bak, "--db", db); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	for _, p := range []string{db, bak} {
		out, err := runStoreCmd(t, "", "check", "--db", p)
		if err != nil || !strings.Contains(out, "2 games") || !strings.HasSuffix(strings.TrimSpace(out), "OK") {
			t.Fatalf("check %s: %v\n%s", p, err, out)
		}
	}
	var u usageError
	if _, err := runStoreCmd(t, "", "export"); !errors.As(err, &u) {
		t.Fatalf("export without a game: %v", err)
	}
}

// TestReplayTellsAConcession: a game ended by hand (here a concession in
// the terminal room) is replayed and exported with how it ended.
func TestReplayTellsAConcession(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	script := strings.Join([]string{"new gs-1 vs bob", "/as bob", "accept", "concede", "concede yes"}, "\n")
	if out, err := runMain(t, script, "serve", "--db", db, "--user", "alice"); err != nil || !strings.Contains(out, "really concede g1?") {
		t.Fatalf("serve: %v\n%s", err, out)
	}
	out, err := runStoreCmd(t, "", "replay", "g1", "--db", db)
	if err != nil || !strings.Contains(out, "game over: A wins: bob (B) conceded") {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	file := filepath.Join(t.TempDir(), "g1.jsonl")
	exported, err := runStoreCmd(t, "", "export", "g1", "--db", db)
	if err != nil || !strings.Contains(exported, `"ending":"A wins: bob (B) conceded"`) {
		t.Fatalf("export: %v\n%s", err, exported)
	}
	os.WriteFile(file, []byte(exported), 0o644)
	if out, err := runStoreCmd(t, "", "replay", file); err != nil || !strings.Contains(out, "conceded") {
		t.Fatalf("replay of the export: %v\n%s", err, out)
	}
}
