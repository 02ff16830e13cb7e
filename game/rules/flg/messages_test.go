package flg_test

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/internal/msgtest"
)

// TestCatalogues: every key in English and French with the same
// placeholders, and every key named in the source present.
func TestCatalogues(t *testing.T) {
	msgtest.Check(t, "flg", ".")
}

// TestNarration: every event of a random game narrates itself in both
// languages with no placeholder left; a refusal renders in French with
// its rule id.
func TestNarration(t *testing.T) {
	seen := map[string]bool{}
	play(t, 5, 900, func(g *game.Game, rec game.Record) {
		for _, e := range rec.Events {
			n, ok := e.(game.Narrator)
			if !ok {
				t.Fatalf("event %s is not a Narrator", e.Kind())
			}
			seen[e.Kind()] = true
			for _, lang := range game.Langs {
				txt := game.Render(lang, n.Message())
				if strings.Contains(txt, "{") || strings.Contains(txt, "flg.") {
					t.Fatalf("%s narrates %q in %s", e.Kind(), txt, lang)
				}
			}
		}
	})
	for _, k := range []string{"activated", "moved", "combat", "phase"} {
		if !seen[k] {
			t.Errorf("no %s event in the playout", k)
		}
	}
	g := loadBrigade(t)
	_, _, err := g.Decide(game.Command{Side: game.SideA, Verb: "move", Args: []string{"A1", "0303"}}, nil)
	re, ok := game.AsRuleError(err)
	if !ok || !strings.Contains(re.In(game.LangFR), "phase de commandement") || !strings.Contains(re.In(game.LangFR), "(FLG-3.1)") {
		t.Errorf("refusal in French: %v", err)
	}
	_ = flg.New()
}

// TestTypeNames: every troop type of the catalogue (FLG-T2), every
// officer rank and the messenger have a readable name in English and
// French under "arm.TYPE", which the bot's units list shows instead of
// the catalogue id.
func TestTypeNames(t *testing.T) {
	types, err := flg.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"officer-GC", "officer-SG", "officer-SO", "officer-ADC", "messenger"}
	for _, ty := range types {
		ids = append(ids, ty.ID)
	}
	for _, id := range ids {
		en, ok1 := game.Template(game.LangEN, "arm."+id)
		fr, ok2 := game.Template(game.LangFR, "arm."+id)
		if !ok1 || !ok2 || en == fr && id != "CAV_H" || strings.Contains(en, "_") {
			t.Errorf("%s: %q / %q", id, en, fr)
		}
	}
}
