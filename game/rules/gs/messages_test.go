package gs_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/internal/msgtest"
	"github.com/grognard/grognard/scenarios"
)

// TestCatalogue: every Grands Stratèges key has English and French with
// the same placeholders, and every key the source names is registered.
func TestCatalogue(t *testing.T) {
	used := msgtest.Check(t, "gs", ".")
	if len(used) < 200 {
		t.Errorf("only %d keys found in the source: the scan misses calls", len(used))
	}
	// Keys built at run time.
	for _, k := range []string{"gs.event.moved", "gs.event.entered", "gs.event.retreated", "gs.event.retreated.only",
		"gs.join.none", "gs.count.infantry", "gs.count.cavalry", "gs.count.artillery",
		"term.move", "term.combat", "term.forest", "term.artillery", "term.retreat"} {
		for _, lang := range game.Langs {
			if _, ok := game.Template(lang, k); !ok || !slicesContain(game.Keys(lang, "gs"), k) {
				t.Errorf("%s: no %s template", k, lang)
			}
		}
	}
}

func slicesContain(ks []string, k string) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// TestNoProse: refusals are built with game.Reject and narration with
// messages; no Explain method formats English itself, and no event text
// or prompt is written as English beside no message.
func TestNoProse(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "game" && x.Sel.Name == "Refuse" {
					t.Errorf("%s: game.Refuse is still called", fset.Position(x.Pos()))
				}
			case *ast.KeyValueExpr:
				// English written beside no message: Text: "…", Prompt: …
				if k, ok := x.Key.(*ast.Ident); ok && (k.Name == "Text" || k.Name == "Prompt") && f != "text.go" {
					t.Errorf("%s: %s set directly", fset.Position(x.Pos()), k.Name)
				}
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Text" || sel.Sel.Name == "Prompt") && f != "text.go" {
						t.Errorf("%s: .%s set directly", fset.Position(x.Pos()), sel.Sel.Name)
					}
				}
			case *ast.FuncDecl:
				if x.Name.Name != "Explain" || x.Body == nil {
					return true
				}
				ast.Inspect(x.Body, func(n ast.Node) bool {
					if sel, ok := n.(*ast.SelectorExpr); ok {
						if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" {
							t.Errorf("%s: Explain formats with fmt.%s", fset.Position(sel.Pos()), sel.Sel.Name)
						}
					}
					return true
				})
			}
			return true
		})
	}
}

// TestEventsNarrate: every event kind narrates itself as data.
func TestEventsNarrate(t *testing.T) {
	for _, e := range []game.Event{gs.Deployed{}, gs.Ready{}, gs.Revealed{}, gs.Moved{}, gs.Exited{}, gs.PhaseChanged{},
		gs.CombatResolved{}, gs.Eliminated{}, gs.PushChosen{}, gs.Retreated{}, gs.Advanced{}, gs.AdvanceEnded{},
		gs.GameEnded{}, gs.Demoralized{}, gs.EntryOpened{}, gs.Withdrawn{}, gs.Drawn{}, gs.Formed{}, gs.CorpsSent{},
		gs.RoadsChosen{}, gs.Relabelled{}, gs.FaceUp{}, gs.ReserveTurn{}, gs.MoraleRolled{}, gs.RoadChoice{}, gs.ReinforcementRoll{}} {
		if _, ok := e.(game.Narrator); !ok {
			t.Errorf("%T is not a game.Narrator", e)
		}
	}
}

const frPosition = `
id = "test"
ruleset = "gs"
title = "test position"
turns = 10
[map]
grid = "hex"
width = 20
height = 24
[start]
turn = 1
phase = "combat-A"
[[unit]]
id = "P"
side = "A"
counter = "Inf6"
at = "1011"
[[unit]]
id = "Z1"
side = "B"
counter = "Inf3"
at = "1010"
[[unit]]
id = "Z2"
side = "B"
counter = "Inf3"
at = "1012"
[[unit]]
id = "Q"
side = "A"
counter = "Inf3"
at = "0303"
`

// TestFrench renders real refusals and narration in French, and checks
// that the English is what it was before messages were data.
func TestFrench(t *testing.T) {
	sc, err := scenarios.Parse("fr.toml", []byte(frPosition))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(gs.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	refuse := func(side game.Side, order, en, fr string) {
		t.Helper()
		cmd, err := game.ParseCommand(side, order)
		if err == nil {
			_, _, err = g.Decide(cmd, dice.NewFixed())
		}
		re, ok := game.AsRuleError(err)
		if !ok {
			t.Fatalf("%s: %v", order, err)
		}
		if re.Error() != en {
			t.Errorf("%s, English:\n got  %s\n want %s", order, re.Error(), en)
		}
		if got := re.In(game.LangFR); got != fr {
			t.Errorf("%s, French:\n got  %s\n want %s", order, got, fr)
		}
		// A refusal read back from JSON renders the same.
		b, _ := json.Marshal(re)
		var back game.RuleError
		if err := json.Unmarshal(b, &back); err != nil || back.In(game.LangFR) != fr {
			t.Errorf("%s: after JSON: %q, %v", order, back.In(game.LangFR), err)
		}
	}
	refuse(game.SideB, "end", "it is A's combat phase (GS-1.1)", "c'est la phase de combat de A (GS-1.1)")
	refuse(game.SideA, "move P 1012", "units move only in the movement phase; this is the combat phase (GS-2.7)",
		"les unités ne se déplacent que pendant la phase de mouvement ; c'est la phase de combat (GS-2.7)")
	refuse(game.SideA, "end", "the combat phase cannot end yet: P must attack, Z1 must be attacked, Z2 must be attacked (GS-4.2)",
		"la phase de combat ne peut pas encore finir : P doit attaquer, Z1 doit être attaquée, Z2 doit être attaquée (GS-4.2)")
	refuse(game.SideA, "attack P -> 9999", `no unit or hex "9999"`, "aucune unité ni case « 9999 »")

	cmd, _ := game.ParseCommand(game.SideA, "attack P -> Z1 Z2")
	rec, err := g.Apply("attack P -> Z1 Z2", cmd, dice.NewFixed(6))
	if err != nil {
		t.Fatal(err)
	}
	var en, fr []string
	for _, e := range rec.Events {
		en = append(en, game.Narrate(game.LangEN, e))
		fr = append(fr, game.Narrate(game.LangFR, e))
	}
	if got, want := en[0], "P 6 vs Z1+Z2 6 → 1:1 (GS-4.16); roll 6 → DR"; got != want {
		t.Errorf("combat, English:\n got  %s\n want %s", got, want)
	}
	if got, want := fr[0], "P 6 contre Z1+Z2 6 → 1:1 (GS-4.16) ; dé 6 → DR"; got != want {
		t.Errorf("combat, French:\n got  %s\n want %s", got, want)
	}
	// The decision that follows: Z1 must retreat.
	p := g.State.Pending()
	if len(p) != 1 || p[0].Prompt != "Z1 must retreat one hex from 1010" || game.Render(game.LangFR, p[0].PromptMsg) != "Z1 doit reculer d'une case depuis 1010" {
		t.Errorf("pending: %+v", p)
	}
	refuse(game.SideA, "move P 1012", "first B must decide: Z1 must retreat one hex from 1010 (GS-4.21)",
		"d'abord B doit décider : Z1 doit reculer d'une case depuis 1010 (GS-4.21)")
	refuse(game.SideB, "retreat Z1 1011", "Z1 cannot retreat to 1011; legal: 1009, 1109, 0909 (GS-4.21)",
		"Z1 ne peut pas reculer en 1011 ; cases légales : 1009, 1109, 0909 (GS-4.21)")
	cmd, _ = game.ParseCommand(game.SideB, "retreat Z1 1009")
	r2, err := g.Apply("retreat Z1 1009", cmd, dice.NewFixed())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := game.Narrate(game.LangFR, r2.Events[0]), "retraite : Z1 1010 → 1009 (GS-4.21)"; got != want {
		t.Errorf("retreat, French:\n got  %s\n want %s", got, want)
	}
	if got, want := r2.Events[0].(game.Explainer).Explain(), "retreat: Z1 1010 → 1009 (GS-4.21)"; got != want {
		t.Errorf("retreat, English:\n got  %s\n want %s", got, want)
	}

	// The stored events narrate the same after a round trip through JSON.
	b, err := json.Marshal(rec.Events)
	if err != nil {
		t.Fatal(err)
	}
	back, err := game.UnmarshalEvents(gs.New(), b)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range back {
		if got := game.Narrate(game.LangFR, e); got != fr[i] {
			t.Errorf("event %d after JSON: %q, want %q", i, got, fr[i])
		}
	}
}

// TestOldNarration: an event of a log written before narration was data
// keeps its English text.
func TestOldNarration(t *testing.T) {
	var e gs.Moved
	if err := json.Unmarshal([]byte(`{"unit":"A6","path":[],"cost":2,"text":"A6 0711 → 0712 (1 MP of 4)"}`), &e); err != nil {
		t.Fatal(err)
	}
	if got := game.Narrate(game.LangFR, e); got != "A6 0711 → 0712 (1 MP of 4)" {
		t.Errorf("old narration: %q", got)
	}
	if got := (gs.PhaseChanged{Turn: 2, Phase: gs.PhaseMove, Active: game.SideA, Skipped: "B has no combat to fight"}); game.Narrate(game.LangFR, got) != "B n'a aucun combat à livrer ; tour 2 : phase de mouvement de A" || got.Explain() != "B has no combat to fight; turn 2: move phase of A" {
		t.Errorf("phase: %q / %q", game.Narrate(game.LangFR, got), got.Explain())
	}
}

// TestOldNarrationIsNotDrift: an event of an older log differs from the
// one decided now only in its narration (English text then, a message
// now): the drift check sees the same data; a changed cost is drift.
func TestOldNarrationIsNotDrift(t *testing.T) {
	now := gs.Moved{Unit: "A6", Cost: 2, Msg: game.M("gs.event.moved.to-exit", "unit", "A6", "from", "0711", "to", "0712", "mp", "1")}
	old := gs.Moved{Unit: "A6", Cost: 2, Text: "A6 0711 → 0712 (1 MP)"}
	ended := gs.GameEnded{Outcome: game.Outcome{Over: true, Result: "draw", ResultMsg: game.M("gs.text", "text", "draw")}}
	oldEnded := gs.GameEnded{Outcome: game.Outcome{Over: true, Result: "draw"}}
	if d := game.CompareEvents(game.Events{old, oldEnded}, game.Events{now, ended}); d != nil {
		t.Errorf("wording only: %v", d)
	}
	old.Cost = 3
	if d := game.CompareEvents(game.Events{old}, game.Events{now}); d == nil || d.Event != 1 {
		t.Errorf("a changed cost: %+v", d)
	}
}
