package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/internal/flgplay"
	"github.com/grognard/grognard/storage"
)

// TestFLGDiceFaces: replay and audit --list show Frédéric le Grand's
// symbol dice as words, in English and in French (--lang fr): a short
// game of the flg test position, its units marching on each other and
// attacking, then abandoned so that its seed is revealed.
func TestFLGDiceFaces(t *testing.T) {
	sc := flgplay.Position(t)
	r, err := all.Get("flg")
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "g.db")
	s, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	seed := dice.SeedFromInt(3)
	if _, err := s.CreateGame(storage.GameMeta{ID: "f1", Ruleset: "flg", RulesetVersion: r.Version(), Scenario: sc.ID, ScenarioHash: sc.Hash}, sc, seed); err != nil {
		t.Fatal(err)
	}
	g, _, err := s.Load("f1", storeResolver)
	if err != nil {
		t.Fatal(err)
	}
	combats := 0
	for step := 0; step < 400 && combats < 2 && !g.State.Outcome().Over; step++ {
		side := game.Waiting(g.State)[0]
		order := "end"
		for _, l := range game.Leaves(game.Legal(r, g.State, side)) {
			if w := game.Words(l); w[0] == "attack" || w[0] == "activate" || w[0] == "move" && marchesOn(g, l) {
				order = l
				break
			}
		}
		cmd, err := game.ParseCommand(side, order)
		if err != nil {
			t.Fatal(err)
		}
		before := g.Seq
		rec, err := g.Apply(order, cmd, &dice.Seeded{Seed: seed, Next: g.Rolls})
		if err != nil {
			t.Fatalf("step %d %s: %v", step, order, err)
		}
		if err := s.AppendEntry("f1", before, storage.Entry{Record: rec, State: g.State}); err != nil {
			t.Fatal(err)
		}
		for _, e := range rec.Events {
			if e.Kind() == "combat" {
				combats++
			}
		}
	}
	if combats == 0 {
		t.Fatal("no combat in the game")
	}
	if _, err := s.SetStatus("f1", storage.StatusAbandoned); err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "f1", "--db", db}, "dice (base"},
		{[]string{"replay", "f1", "--db", db, "--lang", "fr"}, "dés (base"},
		{[]string{"audit", "f1", "--db", db, "--list"}, "all match"},
		{[]string{"audit", "f1", "--db", db, "--list", "--lang", "fr"}, "all match"},
	} {
		out, err := runStoreCmd(t, "", c.args...)
		if err != nil || !strings.Contains(out, c.want) {
			t.Fatalf("%v: %v\n%s", c.args, err, out)
		}
		faces := []string{"infantry hit", "cavalry hit", "artillery hit", "flag", "tactical advantage"}
		if slices.Contains(c.args, "fr") {
			faces = []string{"coup touché sur", "drapeau de repli", "avantage tactique"}
		}
		found := false
		for _, f := range faces {
			found = found || strings.Contains(out, f)
		}
		if !found {
			t.Errorf("%v names no die face (%v):\n%s", c.args, faces, out)
		}
	}
}

// marchesOn: a move of the test position's armies toward each other
// (side A from the west, B from the east).
func marchesOn(g *game.Game, order string) bool {
	w := game.Words(order)
	if len(w) != 3 {
		return false
	}
	from := ""
	for _, p := range g.State.Pieces() {
		if p.ID == w[1] {
			from = p.Hex
		}
	}
	if len(from) < 2 || len(w[2]) < 2 {
		return false
	}
	if g.State.Clock().Active == game.SideA {
		return w[2][:2] > from[:2]
	}
	return w[2][:2] < from[:2]
}
