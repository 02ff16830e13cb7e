package sdc_test

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/sdc"
	"github.com/grognard/grognard/internal/msgtest"
)

// TestCatalogues: every key in English and French with the same
// placeholders, and every key named in the source present.
func TestCatalogues(t *testing.T) {
	msgtest.Check(t, "sdc", ".")
}

// TestNarration: every event narrates itself in both languages with no
// placeholder left, and a refusal renders in French with its rule id.
func TestNarration(t *testing.T) {
	play(t, 5, 600, func(g *game.Game, rec game.Record) {
		for _, e := range rec.Events {
			n, ok := e.(game.Narrator)
			if !ok {
				t.Fatalf("event %s is not a Narrator", e.Kind())
			}
			for _, lang := range game.Langs {
				txt := game.Render(lang, n.Message())
				if strings.Contains(txt, "{") || strings.Contains(txt, "sdc.") {
					t.Fatalf("%s narrates %q in %s", e.Kind(), txt, lang)
				}
			}
		}
	})
	g := loadBattle(t)
	_, _, err := g.Decide(game.Command{Side: game.SideA, Verb: "activate", Args: []string{"GA1"}}, nil)
	re, ok := game.AsRuleError(err)
	if !ok || !strings.Contains(re.In(game.LangFR), "pas maintenant") || !strings.Contains(re.In(game.LangFR), "(SDC-6.4)") {
		t.Errorf("refusal in French: %v", err)
	}
}

// TestBoard: the board shows every piece with its facing, the objectives
// with their holders, the brigade that acted last, and the legend.
func TestBoard(t *testing.T) {
	g := loadBattle(t)
	r := sdc.New()
	for _, o := range []string{"roll", "first", "activate GA1", "end"} {
		cmd, _ := game.ParseCommand(game.Waiting(g.State)[0], o)
		if _, err := g.Apply(o, cmd, dice.NewFixed(6, 1)); err != nil {
			t.Fatalf("%s: %v", o, err)
		}
	}
	b := r.Board(g.State, game.SideA)
	if len(b.Pieces) != len(g.State.Pieces()) || b.Legend.Game == "" || len(b.Legend.Lines) != 2 {
		t.Fatalf("board: %d pieces, legend %+v", len(b.Pieces), b.Legend)
	}
	kinds := map[string]int{}
	for _, m := range b.Marks {
		kinds[m.Kind]++
	}
	if kinds["objective"] != 2 || kinds["reach"] != 8 {
		t.Errorf("marks %v", kinds)
	}
	for _, p := range b.Pieces {
		if p.ID == "GA1-1" && (p.Values != "E" || p.Symbol != "infantry") {
			t.Errorf("GA1-1 drawn as %q %q", p.Symbol, p.Values)
		}
	}
}
