package scenarios

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckTOML(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // "" accepted, else part of the error
	}{
		{"a = 1\n[b]\nc = [1, [2, 3]]\nd = {e = 1, f = {g = 2}}\n", ""},
		{`s = "[[[[[[[[[[[[[[[[[[[[[[[[[["` + "\n" + `t = '{{{{{{{{{{{{{{{{{{{{{{{'` + "\n", ""},
		{"s = \"\"\"\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n\"\"\"\n# [[[[[[[[[[[[[[[[[[[[[[[[[[\n", ""},
		{"x = 1.5\ny = 2.25\n", ""},
		{"a = " + strings.Repeat("{b=", 21) + "1" + strings.Repeat("}", 21), "line 1: arrays or tables nested more than 20 deep"},
		{"ok = 1\na = " + strings.Repeat("[", 40) + strings.Repeat("]", 40), "line 2: arrays or tables nested more than 20 deep"},
		{"[" + strings.Repeat("a.", 30) + "a]\n", "line 1: a key with more than 20 dotted parts"},
		{strings.Repeat("#", MaxTOMLBytes+1), "the limit is 1048576"},
	} {
		err := CheckTOML([]byte(c.src), MaxTOMLBytes, MaxTOMLDepth)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%.40q: %v", c.src, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%.40q: %v, want %q", c.src, err, c.want)
		}
	}
}

// TestShippedFilesPass: every shipped data file and the example
// configuration are well within the limits.
func TestShippedTOMLWithinLimits(t *testing.T) {
	root := ".."
	files := []string{filepath.Join(root, "config.example.toml")}
	filepath.WalkDir(filepath.Join(root, "scenarios"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") && !strings.Contains(p, "testdata") {
			files = append(files, p)
		}
		return nil
	})
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckTOML(src, MaxTOMLBytes, MaxTOMLDepth); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// BenchmarkCheckTOMLHostile measures the check of a hostile megabyte of
// nested inline tables (refused by the check before any parser sees it).
func BenchmarkCheckTOMLHostile(b *testing.B) {
	src := []byte("a = " + strings.Repeat("{b=", MaxTOMLBytes/4))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if err := CheckTOML(src, MaxTOMLBytes, MaxTOMLDepth); err == nil {
			b.Fatal("accepted")
		}
	}
}

// TestLintNestedFile (issue 14 §5): a small file of deeply nested inline
// tables is refused at once with the rule it breaks; the TOML library
// alone took about 15 seconds on 16 KB of it, and minutes on more.
func TestLintNestedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "evil.toml")
	src := "ruleset = \"gs\"\nx = " + strings.Repeat("{b=", 4000) + "1" + strings.Repeat("}", 4000) + "\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ps := Lint(p)
	if len(ps) != 1 || !strings.Contains(ps[0].String(), "line 2") && !strings.Contains(ps[0].String(), ":2") || !strings.Contains(ps[0].String(), "nested more than 20 deep") {
		t.Fatalf("problems: %v", ps)
	}
	if _, err := LoadFile(p); err == nil {
		t.Fatal("LoadFile read a nested file")
	}
}
