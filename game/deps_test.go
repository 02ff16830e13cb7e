package game_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/grognard/grognard"

// forbidden are the packages nothing under game/ may depend on, directly
// or through another package: chat, storage, drawing, TOML, and the
// project's own packages that sit above the rules (DESIGN.md, "Packages
// and what they may import"). Each entry matches the path itself and
// everything below it.
var forbidden = []string{
	// chat
	"github.com/bwmarrin/discordgo",
	"maunium.net/go/mautrix",
	"github.com/gorilla/websocket",
	// storage
	"go.etcd.io/bbolt",
	// drawing
	"github.com/fogleman/gg",
	"github.com/golang/freetype",
	"golang.org/x/image",
	// TOML
	"github.com/BurntSushi/toml",
	"github.com/pelletier/go-toml",
	// the project above the rules
	module + "/scenarios",
	module + "/storage",
	module + "/render",
	module + "/bot",
}

// stdlibOnly are game packages whose package documentation promises they
// import nothing but the standard library (and the listed packages).
var stdlibOnly = map[string][]string{
	module + "/game/grid": nil,
	module + "/game":      {module + "/game/grid"},
	module + "/game/mech": {module + "/game", module + "/game/grid"},
}

// pkgInfo is one node of the import graph printed by go list.
type pkgInfo struct {
	standard bool
	imports  []string
}

func isForbidden(path string) bool {
	for _, f := range forbidden {
		if path == f || strings.HasPrefix(path, f+"/") {
			return true
		}
	}
	return false
}

func underGame(path string) bool {
	return path == module+"/game" || strings.HasPrefix(path, module+"/game/")
}

// chains returns, for every package under game/ in the graph, the shortest
// import chain from it to each package that bad matches, as
// "a → b → c" strings, sorted.
func chains(graph map[string]pkgInfo, bad func(string) bool) []string {
	var roots []string
	for p := range graph {
		if underGame(p) {
			roots = append(roots, p)
		}
	}
	slices.Sort(roots)
	var out []string
	for _, root := range roots {
		prev := map[string]string{root: ""}
		queue := []string{root}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if p != root && bad(p) {
				var chain []string
				for q := p; q != ""; q = prev[q] {
					chain = append(chain, q)
				}
				slices.Reverse(chain)
				out = append(out, strings.Join(chain, " → "))
				continue // one chain per offender is enough
			}
			imps := slices.Clone(graph[p].imports)
			slices.Sort(imps)
			for _, q := range imps {
				if _, seen := prev[q]; !seen {
					prev[q] = p
					queue = append(queue, q)
				}
			}
		}
	}
	return out
}

// goTool finds the go command: the one of the toolchain running the test
// if it is there, else the first on PATH.
func goTool() string {
	if root := runtime.GOROOT(); root != "" {
		p := filepath.Join(root, "bin", "go")
		if runtime.GOOS == "windows" {
			p += ".exe"
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return ""
}

// listDeps runs go list -deps on game/... and returns the import graph.
func listDeps(t *testing.T) map[string]pkgInfo {
	t.Helper()
	gobin := goTool()
	if gobin == "" {
		t.Skip("the go tool is not installed: cannot list dependencies")
	}
	cmd := exec.Command(gobin, "list", "-e", "-deps",
		"-f", "{{.ImportPath}} {{.Standard}} {{if .Error}}ERROR{{else}}ok{{end}}{{range .Imports}} {{.}}{{end}}",
		module+"/game/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s list -deps: %v\n%s", gobin, err, stderr.String())
	}
	graph := map[string]pkgInfo{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 {
			t.Fatalf("go list printed an unexpected line %q", sc.Text())
		}
		if f[2] == "ERROR" {
			// A package that does not load lists only the imports of the
			// files that parsed; say so, so that a clean result is not
			// taken at face value.
			t.Logf("go list could not load %s completely; its imports may be incomplete", f[0])
		}
		graph[f[0]] = pkgInfo{standard: f[1] == "true", imports: f[3:]}
	}
	if _, ok := graph[module+"/game"]; !ok {
		t.Fatalf("go list did not list %s/game:\n%s", module, out)
	}
	return graph
}

func TestGameImportBoundary(t *testing.T) {
	graph := listDeps(t)
	games := 0
	for p := range graph {
		if underGame(p) {
			games++
		}
	}
	t.Logf("%d packages under game/, %d packages in their dependency graph", games, len(graph))
	if bad := chains(graph, isForbidden); len(bad) > 0 {
		t.Errorf("packages under game/ must not depend on chat, storage, drawing, TOML or the project's scenarios/storage/render/bot packages:\n\t%s",
			strings.Join(bad, "\n\t"))
	}
}

func TestKernelImportsStdlibOnly(t *testing.T) {
	graph := listDeps(t)
	for pkg, allowed := range stdlibOnly {
		info, ok := graph[pkg]
		if !ok {
			t.Errorf("%s is missing from go list -deps", pkg)
			continue
		}
		for _, imp := range info.imports {
			if !graph[imp].standard && !slices.Contains(allowed, imp) {
				t.Errorf("%s imports %s; its package doc allows only the standard library%s",
					pkg, imp, map[bool]string{true: "", false: " and " + strings.Join(allowed, ", ")}[len(allowed) == 0])
			}
		}
	}
}

// TestChains checks the chain finder itself on a made-up graph, so that a
// clean tree is not mistaken for a working check.
func TestChains(t *testing.T) {
	graph := map[string]pkgInfo{
		module + "/game":                  {imports: []string{"fmt", module + "/game/grid"}},
		module + "/game/grid":             {imports: []string{"fmt"}},
		module + "/game/rules/x":          {imports: []string{module + "/game", module + "/game/mech"}},
		module + "/game/mech":             {imports: []string{module + "/scenarios"}},
		module + "/scenarios":             {imports: []string{module + "/game", "github.com/BurntSushi/toml"}},
		"github.com/BurntSushi/toml":      {imports: []string{"fmt"}},
		module + "/game/rules/y":          {imports: []string{"github.com/pelletier/go-toml/v2"}},
		"github.com/pelletier/go-toml/v2": {},
		module + "/game/rules/z":          {imports: []string{module + "/storagex"}}, // not /storage
		module + "/storagex":              {},
		"fmt":                             {standard: true},
	}
	got := chains(graph, isForbidden)
	want := []string{
		module + "/game/mech → " + module + "/scenarios",
		module + "/game/rules/x → " + module + "/game/mech → " + module + "/scenarios",
		module + "/game/rules/y → github.com/pelletier/go-toml/v2",
	}
	if !slices.Equal(got, want) {
		t.Errorf("chains =\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	for _, p := range []string{"go.etcd.io/bbolt", "go.etcd.io/bbolt/errors", "maunium.net/go/mautrix/event", "golang.org/x/image/font", module + "/bot/discord", module + "/render"} {
		if !isForbidden(p) {
			t.Errorf("isForbidden(%q) = false", p)
		}
	}
	for _, p := range []string{"golang.org/x/imagery", module + "/game", module + "/botany", "encoding/json", "github.com/gorilla/mux"} {
		if isForbidden(p) {
			t.Errorf("isForbidden(%q) = true", p)
		}
	}
}
