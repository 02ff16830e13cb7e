package scenarios

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLintShipped: every shipped file is clean.
func TestLintShipped(t *testing.T) {
	for _, p := range Lint() {
		t.Error(p)
	}
}

// TestLintCases lints testdata/lint, where each file is broken in a known
// way and lists the problems expected in it as "# want: LINE: MESSAGE"
// comments. The problems found must be exactly those.
func TestLintCases(t *testing.T) {
	const dir = "testdata/lint"
	got := map[string][]string{}
	for _, p := range Lint(dir) {
		got[p.File] = append(got[p.File], fmt.Sprintf("%d: %s", p.Line, p.Msg))
	}
	files := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		files++
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var want []string
		for _, line := range strings.Split(string(src), "\n") {
			if w, ok := strings.CutPrefix(line, "# want: "); ok {
				want = append(want, w)
			}
		}
		g := got[p]
		delete(got, p)
		slices.Sort(want)
		slices.Sort(g)
		if !slices.Equal(g, want) {
			t.Errorf("%s:\n got: %s\nwant: %s", p, strings.Join(g, "\n      "), strings.Join(want, "\n      "))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for f, ps := range got {
		t.Errorf("problems in a file outside %s: %s: %v", dir, f, ps)
	}
	if files < 15 {
		t.Errorf("only %d lint cases", files)
	}
}

// TestLintDirectoryAndFile: a file path lints that file only; a missing
// path is a problem, not a panic.
func TestLintDirectoryAndFile(t *testing.T) {
	ps := Lint("testdata/lint/start.toml")
	if len(ps) != 2 || ps[0].String() != "testdata/lint/start.toml:9: start.turn: 5 is not between 1 and the 4 turns" {
		t.Errorf("Lint(start.toml) = %v", ps)
	}
	ps = Lint("testdata/no-such-file.toml")
	if len(ps) != 1 || ps[0].Line != 0 || !strings.Contains(ps[0].Msg, "cannot read") {
		t.Errorf("Lint(missing) = %v", ps)
	}
	if s := (Problem{File: "f.toml", Msg: "m"}).String(); s != "f.toml: m" {
		t.Errorf("Problem without line prints %q", s)
	}
}
