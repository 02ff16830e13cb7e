package ptg_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/internal/msgtest"
	"github.com/grognard/grognard/scenarios"
)

// TestCatalogues checks the English and French catalogues: every key in
// both, the same placeholders, and every key the source names present —
// the literal keys of game.Reject and game.M, and any other "ptg.…"
// literal (keys chosen by a variable, terms, term prefixes).
func TestCatalogues(t *testing.T) {
	msgtest.Check(t, "ptg", ".")
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	terms := game.Keys(game.LangEN, "ptg")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasPrefix(f, "messages_") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.HasPrefix(s, "ptg.") || strings.ContainsAny(s, " ") {
				return true
			}
			if strings.HasSuffix(s, ".") { // a term prefix: "ptg.phase." + phase
				for _, k := range terms {
					if strings.HasPrefix(k, "term."+s) {
						return true
					}
				}
				t.Errorf("%s: no term begins with %s", fset.Position(lit.Pos()), s)
				return true
			}
			_, key := game.Template(game.LangEN, s)
			_, term := game.Template(game.LangEN, "term."+s)
			if !key && !term && s != "ptg.seed" && s != "ptg.options" {
				t.Errorf("%s: %s is neither a message key nor a term", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}

// TestNoEnglishProse fails when a non-test file still refuses with
// game.Refuse, writes an event's English Text, or builds narration or a
// prompt with fmt.
func TestNoEnglishProse(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	isFmt := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "fmt" {
					found = true
				}
			}
			return !found
		})
		return found
	}
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
					t.Errorf("%s: game.Refuse: refuse with game.Reject and a message key", fset.Position(x.Pos()))
				}
			case *ast.KeyValueExpr:
				if k, ok := x.Key.(*ast.Ident); ok && (k.Name == "Text" || k.Name == "Prompt") {
					t.Errorf("%s: %s written in English: set the message instead", fset.Position(x.Pos()), k.Name)
				}
			case *ast.CallExpr:
				if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "emit" {
					for _, a := range x.Args {
						if isFmt(a) {
							t.Errorf("%s: narration built with fmt", fset.Position(a.Pos()))
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Text" || sel.Sel.Name == "Prompt") && i < len(x.Rhs) && isFmt(x.Rhs[i]) {
						t.Errorf("%s: %s built with fmt", fset.Position(x.Pos()), sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
}

// TestFrench renders real refusals and narration of a combat in French,
// also after the events went through JSON as a log stores them.
func TestFrench(t *testing.T) {
	sc, err := scenarios.Parse("french.toml", []byte(combatPosition("Inf3")))
	if err != nil {
		t.Fatal(err)
	}
	rules := ptg.New()
	g, err := game.Start(rules, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	refusals := []struct{ side, order, code, en, fr string }{
		{"A", "attack S -> 1010 at +5", "lower-column",
			"the attack reads column +2: the attacker may only choose a lower one (PTG-7.0.9)",
			"l'attaque se lit dans la colonne +2 : l'attaquant ne peut choisir qu'une colonne plus à gauche (PTG-7.0.9)"},
		{"B", "move R 1011", game.CodeWrongSide,
			"it is the Swedish combat phase (PTG-3.1)",
			"c'est la phase de combat suédoise (PTG-3.1)"},
		{"A", "move S 1008", game.CodeWrongPhase,
			"units move only in their movement phase; this is the combat phase (PTG-4.1.2)",
			"les unités ne se déplacent que pendant leur phase de mouvement ; c'est la phase de combat (PTG-4.1.2)"},
		{"A", "zone 9999 1010", game.CodeBadCell,
			`"9999" is off the map (40 columns × 41 rows) (PTG-1.1)`,
			"« 9999 » est hors de la carte (40 colonnes × 41 rangées) (PTG-1.1)"},
	}
	for _, r := range refusals {
		side, _ := game.ParseSide(r.side)
		cmd, err := game.ParseCommand(side, r.order)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Apply(r.order, cmd, dice.NewFixed())
		re, ok := game.AsRuleError(err)
		if !ok {
			t.Fatalf("%s: %v, want a refusal", r.order, err)
		}
		if re.Code != r.code || re.Text.IsZero() {
			t.Errorf("%s: code %s, message %+v", r.order, re.Code, re.Text)
		}
		if got := re.In(game.LangEN); got != r.en {
			t.Errorf("%s in English:\n got %s\nwant %s", r.order, got, r.en)
		}
		if got := re.Error(); got != r.en {
			t.Errorf("%s: Error() = %s, want the English rendering", r.order, got)
		}
		if got := re.In(game.LangFR); got != r.fr {
			t.Errorf("%s in French:\n got %s\nwant %s", r.order, got, r.fr)
		}
	}

	cmd, _ := game.ParseCommand(game.SideA, "attack S -> 1010 at -7")
	rec, err := g.Apply("attack S -> 1010 at -7", cmd, dice.NewFixed(6))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{
		"combat-declared": {"combat 1: attack by S on 1010", "combat 1 : attaque de S sur 1010"},
		"combat": {"combat 1: S (S 5) 5 vs R (R 3) 3 in 1010: differential +2, the attacker reads -7 (PTG-7.0.9) → column -7; morale S 4 − R 4 = 0; roll 6 → row +6 → A1 (PTG-7.0.2, T-CRT)",
			"combat 1 : S (S 5) 5 contre R (R 3) 3 en 1010 : différentiel +2, l'attaquant lit -7 (PTG-7.0.9) → colonne -7 ; moral S 4 − R 4 = 0 ; dé 6 → ligne +6 → A1 (PTG-7.0.2, T-CRT)"},
	}
	b, err := json.Marshal(rec.Events)
	if err != nil {
		t.Fatal(err)
	}
	var raw []struct {
		Kind string          `json:"kind"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for i, e := range rec.Events {
		w, ok := want[e.Kind()]
		if !ok {
			continue
		}
		seen++
		back, _ := rules.NewEvent(raw[i].Kind)
		if err := json.Unmarshal(raw[i].Data, back); err != nil {
			t.Fatal(err)
		}
		back = reflect.ValueOf(back).Elem().Interface().(game.Event)
		for _, ev := range []game.Event{e, back} {
			if got := game.Narrate(game.LangEN, ev); got != w[0] {
				t.Errorf("%s in English:\n got %s\nwant %s", e.Kind(), got, w[0])
			}
			if got := game.Narrate(game.LangFR, ev); got != w[1] {
				t.Errorf("%s in French:\n got %s\nwant %s", e.Kind(), got, w[1])
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d narrations checked", seen, len(want))
	}

	// The orders offered now: their labels in French.
	var end *game.Option
	for i, o := range rules.Legal(g.State, game.SideA) {
		if o.Command == "end" {
			end = &rules.Legal(g.State, game.SideA)[i]
		}
	}
	if end == nil {
		t.Fatal("end is not offered")
	}
	if end.Label != "end the combat phase" || game.Render(game.LangFR, end.LabelMsg) != "terminer la phase de combat" {
		t.Errorf("end: %q, %+v", end.Label, end.LabelMsg)
	}
}

// TestOldLogText renders an event of a log written before narration was
// data: its English text, in every language.
func TestOldLogText(t *testing.T) {
	var e ptg.Placed
	if err := json.Unmarshal([]byte(`{"unit":"SW-I01","at":{"x":1,"y":2},"text":"SW-I01 sets up in 0203"}`), &e); err != nil {
		t.Fatal(err)
	}
	for _, lang := range game.Langs {
		if got := game.Narrate(lang, e); got != "SW-I01 sets up in 0203" {
			t.Errorf("%s: %q", lang, got)
		}
	}
}

// TestFrenchPrompt renders the set-up decision of a shipped scenario in
// French.
func TestFrenchPrompt(t *testing.T) {
	sc, err := scenarios.Load("ptg-historical")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(ptg.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := g.State.Pending()
	if len(p) == 0 {
		t.Fatal("no pending decision")
	}
	d := p[0]
	if d.Prompt != game.Render(game.LangEN, d.PromptMsg) {
		t.Errorf("Prompt %q is not the English rendering of %+v", d.Prompt, d.PromptMsg)
	}
	want := "mettez en place l'armée russe : ajustez le déploiement par défaut (place UNITÉ HEX, redoubt HEX building|complete), puis ready"
	if got := game.Render(game.LangFR, d.PromptMsg); got != want {
		t.Errorf("set-up prompt in French:\n got %s\nwant %s", got, want)
	}
}

// TestEveryEventNarrates: every event kind the ruleset decodes narrates
// itself as a message (game.Narrator).
func TestEveryEventNarrates(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	rules := ptg.New()
	n := 0
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "Kind" || fn.Recv == nil || len(fn.Body.List) != 1 {
				continue
			}
			ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			lit, ok := ret.Results[0].(*ast.BasicLit)
			if !ok {
				continue
			}
			kind, _ := strconv.Unquote(lit.Value)
			e, ok := rules.NewEvent(kind)
			if !ok {
				t.Errorf("event kind %s does not decode", kind)
				continue
			}
			if _, ok := reflect.ValueOf(e).Elem().Interface().(game.Narrator); !ok {
				t.Errorf("event kind %s is not a game.Narrator", kind)
			}
			n++
		}
	}
	if n < 30 {
		t.Errorf("only %d event kinds found", n)
	}
}
