// Package msgtest checks a package's message catalogues (see game.Register):
// every key in both languages, the same placeholders in each, and every
// key the package's source names present. Each ruleset's catalogue test
// calls Check.
package msgtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
)

// keyArg gives, for each function that takes a message key, the position
// of that argument.
var keyArg = map[string]int{"Reject": 2, "M": 0}

// Check fails t when a key registered by owner lacks a language, when a
// translation's placeholders differ from the English ones, or when a
// non-test source file in dir passes game.Reject or game.M a literal key
// that no catalogue has. It returns the literal keys found in the source.
func Check(t *testing.T, owner, dir string) []string {
	t.Helper()
	en := game.Keys(game.LangEN, owner)
	if len(en) == 0 {
		t.Fatalf("no English keys registered by %s", owner)
	}
	for _, lang := range game.Langs {
		have := game.Keys(lang, owner)
		for _, k := range en {
			if !slices.Contains(have, k) {
				t.Errorf("%s: key %s has no %s template", owner, k, lang)
				continue
			}
			want, _ := game.Template(game.LangEN, k)
			got, _ := game.Template(lang, k)
			if a, b := game.Placeholders(want), game.Placeholders(got); !slices.Equal(a, b) {
				t.Errorf("%s: key %s: %s placeholders %v, English %v", owner, k, lang, b, a)
			}
		}
		for _, k := range have {
			if !slices.Contains(en, k) {
				t.Errorf("%s: key %s is in %s but not in English", owner, k, lang)
			}
		}
	}
	used, err := SourceKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(used) == 0 {
		t.Errorf("no message key found in the source of %s", dir)
	}
	for _, k := range used {
		if _, ok := game.Template(game.LangEN, k); !ok {
			t.Errorf("%s: key %s is used in the source but in no catalogue", dir, k)
		}
	}
	return used
}

// SourceKeys lists the string literals passed as the key of Reject or M
// (qualified by game. or not) in the non-test Go files of dir, sorted.
func SourceKeys(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "game" {
					name = fn.Sel.Name
				}
			}
			i, ok := keyArg[name]
			if !ok || len(call.Args) <= i {
				return true
			}
			if lit, ok := call.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if k, err := strconv.Unquote(lit.Value); err == nil {
					seen[k] = true
				}
			}
			return true
		})
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out, nil
}
