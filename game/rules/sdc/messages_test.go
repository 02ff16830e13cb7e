package sdc_test

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
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
