package casetest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Rule-id traceability. Each ruleset keeps testdata/ruleids.txt, the
// list of every rule id of its digest (the digests live outside the
// repository), one a line:
//
//	GS-4.19
//	GS-0.2 | no behaviour: the size of the printed boards
//	GS-10.1 | option, off by default: case GS-TC-21
//	GS-S6.special | not applicable because …
//	GS-4.7 | seed: the French rule says … (the seed wins)
//
// A rule id is traced when a case file (testdata/cases/*.txtar) or a Go
// test of the package cites it, or when its line gives one of the three
// explicit entries "no behaviour", "option, off by default: case X" or
// "not applicable because". A "seed:" field records a place where the
// French seed and the digest disagree; it traces nothing by itself.

// Trace is what the repository holds for one rule id.
type Trace struct {
	ID    string
	Cases []string // case files citing it (without .txtar)
	Tests []string // Go test files citing it
	Entry string   // the explicit entry, if any
	Seed  string   // a recorded disagreement between the seed and the digest
}

// Traced reports whether the rule id has a case, a test or an entry.
func (t Trace) Traced() bool { return len(t.Cases)+len(t.Tests) > 0 || t.Entry != "" }

// Entry kinds accepted instead of a case.
var entryKinds = []string{"no behaviour", "option, off by default: case ", "not applicable because "}

// ReadRuleIDs reads a ruleids.txt file.
func ReadRuleIDs(path string) ([]Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Trace
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, " | ")
		t := Trace{ID: strings.TrimSpace(fields[0])}
		if strings.ContainsAny(t.ID, " \t") {
			return nil, fmt.Errorf("%s:%d: %q: one rule id, then fields after \" | \"", path, n, t.ID)
		}
		if seen[t.ID] {
			return nil, fmt.Errorf("%s:%d: %s listed twice", path, n, t.ID)
		}
		seen[t.ID] = true
		for _, fl := range fields[1:] {
			fl = strings.TrimSpace(fl)
			switch {
			case strings.HasPrefix(fl, "seed:"):
				t.Seed = strings.TrimSpace(strings.TrimPrefix(fl, "seed:"))
			case slices.ContainsFunc(entryKinds, func(k string) bool { return strings.HasPrefix(fl, k) }):
				t.Entry = fl
			default:
				return nil, fmt.Errorf("%s:%d: %q: a field is \"no behaviour…\", \"option, off by default: case X\", \"not applicable because …\" or \"seed: …\"", path, n, fl)
			}
		}
		out = append(out, t)
	}
	return out, sc.Err()
}

// Cites reports whether text cites the rule id id as a whole (GS-4.1 is
// not cited by GS-4.10 or GS-4.1.2, PTG-3.1.1 not by PTG-3.1.1A), or one
// of its named sub-ids (GS-S6.special cites GS-S6).
func Cites(text, id string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], id)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(id)
		i = start + 1
		if start > 0 {
			if c := text[start-1]; isIDChar(c) || c == '-' || c == '.' {
				continue
			}
		}
		if end < len(text) {
			c := text[end]
			if isIDChar(c) || c == '-' {
				continue
			}
			if c == '.' && end+1 < len(text) && text[end+1] >= '0' && text[end+1] <= '9' {
				continue // GS-4.1 in GS-4.1.2; a named sub-id (GS-S6.special) cites its parent
			}
		}
		return true
	}
}

func isIDChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Coverage traces every rule id of dir/ruleids.txt (dir is a ruleset's
// testdata folder) to the case files of dir/cases and the Go tests of
// the package, dir's parent.
func Coverage(dir string) ([]Trace, error) {
	traces, err := ReadRuleIDs(filepath.Join(dir, "ruleids.txt"))
	if err != nil {
		return nil, err
	}
	type file struct{ name, text string }
	var cases, tests []file
	read := func(pattern string, strip bool, into *[]file) error {
		names, err := filepath.Glob(pattern)
		if err != nil {
			return err
		}
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				return err
			}
			name := filepath.Base(n)
			if strip {
				name = strings.TrimSuffix(name, filepath.Ext(name))
			}
			*into = append(*into, file{name, string(b)})
		}
		return nil
	}
	if err := read(filepath.Join(dir, "cases", "*.txtar"), true, &cases); err != nil {
		return nil, err
	}
	if err := read(filepath.Join(filepath.Dir(dir), "*_test.go"), false, &tests); err != nil {
		return nil, err
	}
	for i := range traces {
		t := &traces[i]
		for _, c := range cases {
			if Cites(c.text, t.ID) {
				t.Cases = append(t.Cases, c.name)
			}
		}
		for _, f := range tests {
			if Cites(f.text, t.ID) {
				t.Tests = append(t.Tests, f.name)
			}
		}
	}
	return traces, nil
}

// CheckCoverage fails the test for every rule id of dir/ruleids.txt with
// no case, no test and no explicit entry, and for every "option, off by
// default: case X" naming a case file that does not exist or does not
// cite the rule.
func CheckCoverage(t *testing.T, dir string) {
	t.Helper()
	traces, err := Coverage(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range traces {
		if !tr.Traced() {
			t.Errorf("%s: no case file or test cites it and ruleids.txt gives no entry (no behaviour / option, off by default: case X / not applicable because …)", tr.ID)
		}
		if c, ok := strings.CutPrefix(tr.Entry, entryKinds[1]); ok {
			name := strings.Fields(c)
			if len(name) == 0 {
				t.Errorf("%s: name the case of the option", tr.ID)
				continue
			}
			src, err := os.ReadFile(filepath.Join(dir, "cases", strings.TrimRight(name[0], ".,;")+".txtar"))
			if err != nil {
				t.Errorf("%s: %v", tr.ID, err)
			} else if !Cites(string(src), tr.ID) && len(tr.Cases) == 0 {
				t.Errorf("%s: case %s does not cite it", tr.ID, name[0])
			}
		}
	}
}

// Figures counts the rule ids with a case or a test, with an explicit
// entry only, and with nothing.
func Figures(traces []Trace) (withCase, entryOnly, none int) {
	for _, t := range traces {
		switch {
		case len(t.Cases)+len(t.Tests) > 0:
			withCase++
		case t.Entry != "":
			entryOnly++
		default:
			none++
		}
	}
	return
}

// WriteTable writes the coverage table of one ruleset as Markdown.
func WriteTable(w io.Writer, title string, traces []Trace) {
	c, e, n := Figures(traces)
	fmt.Fprintf(w, "## %s\n\n", title)
	fmt.Fprintf(w, "%d rule ids: %d cited by a case or a test, %d traced by an explicit entry, %d untraced.\n\n", len(traces), c, e, n)
	fmt.Fprintln(w, "| Rule | Cases and tests | Entry | Seed vs digest |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, t := range traces {
		cites := strings.Join(append(slices.Clone(t.Cases), t.Tests...), ", ")
		if cites == "" && t.Entry == "" {
			cites = "**none**"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", t.ID, cites, mdCell(t.Entry), mdCell(t.Seed))
	}
	fmt.Fprintln(w)
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

// CheckCitations fails the test for every rule id that a case file's
// header (its text before the first file section) cites, by the pattern
// of the ruleset's ids, and that dir/ruleids.txt does not list (a typo),
// and for a case file named like a worked example (examplePrefix, such as
// "FLG-TC-") that is not one of the digest's.
func CheckCitations(t *testing.T, dir string, cite *regexp.Regexp, examplePrefix string) {
	t.Helper()
	traces, err := Coverage(dir)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, tr := range traces {
		known[tr.ID] = true
	}
	files, err := os.ReadDir(filepath.Join(dir, "cases"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, "cases", f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		header, _, _ := strings.Cut(string(b), "\n-- ")
		for _, id := range cite.FindAllString(header, -1) {
			if !known[id] {
				t.Errorf("%s cites %s, which is not a rule id of the digest", f.Name(), id)
			}
		}
		if name := strings.TrimSuffix(f.Name(), ".txtar"); examplePrefix != "" && strings.HasPrefix(name, examplePrefix) && !known[name] {
			t.Errorf("case file %s is not named after a worked example of the digest", f.Name())
		}
	}
}
