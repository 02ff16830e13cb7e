package scenarios

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports: the package imports only the kernel, the grid, the TOML
// library and the standard library (DESIGN.md, packages table).
func TestImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{
		"github.com/grognard/grognard/game":      true,
		"github.com/grognard/grognard/game/grid": true,
		"github.com/BurntSushi/toml":             true,
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range pf.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.Contains(strings.SplitN(p, "/", 2)[0], ".") && !allowed[p] {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
