package man_test

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/man"
	"github.com/grognard/grognard/internal/msgtest"
)

// TestCatalogues: every key in English and French with the same
// placeholders, and every key named in the source present.
func TestCatalogues(t *testing.T) {
	msgtest.Check(t, "man", ".")
}

// TestNarration: every event kind narrates itself as a message in both
// languages, with no placeholder left unfilled; a refusal renders in
// French with its rule id.
func TestNarration(t *testing.T) {
	r := man.New()
	seen := map[string]bool{}
	play(t, 2, 1500, func(g *game.Game, rec game.Record) {
		for _, e := range rec.Events {
			n, ok := e.(game.Narrator)
			if !ok {
				t.Fatalf("event %s is not a Narrator", e.Kind())
			}
			seen[e.Kind()] = true
			for _, lang := range game.Langs {
				txt := game.Render(lang, n.Message())
				if strings.Contains(txt, "{") || strings.HasPrefix(txt, "man.") {
					t.Fatalf("%s narrates %q in %s", e.Kind(), txt, lang)
				}
			}
		}
	})
	for _, k := range []string{"shuffled", "drew", "counted", "moved", "phase", "played"} {
		if !seen[k] {
			t.Errorf("no %s event in the playout", k)
		}
	}
	g := loadFull(t, 1)
	_, _, err := g.Decide(game.Command{Side: game.SideA, Verb: "move", Args: []string{"guard", "e4"}}, nil)
	re, ok := game.AsRuleError(err)
	if !ok || !strings.Contains(re.In(game.LangFR), "pas en phase de donne") || !strings.Contains(re.In(game.LangFR), "(MAN-4.5)") {
		t.Errorf("refusal in French: %v", err)
	}
	_ = r
}
