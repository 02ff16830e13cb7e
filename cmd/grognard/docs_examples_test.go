package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsExamples runs the examples of docs/*.md and README.md:
//
//   - every fenced order script (lines "A: …" / "B: …", # comments) is
//     played with grognard play, on the scenario its "# scenario N"
//     comment names (gs-1 otherwise), and no line may be refused;
//   - every "grognard SUBCOMMAND --flag …" line in a fenced block names a
//     subcommand that exists and flags it has.
//
// The hex and order forms of docs/orders.md are checked by game's
// TestWords and the bot's transcripts.
func TestDocsExamples(t *testing.T) {
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	scripts, commands := 0, 0
	flagHelp := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, block := range fencedBlocks(string(src)) {
			where := filepath.Base(f) + " block " + itoa(i+1)
			if isOrderScript(block) {
				scripts++
				checkDocScript(t, where, block)
				continue
			}
			for _, line := range strings.Split(block, "\n") {
				line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "$ "))
				if !strings.HasPrefix(line, "grognard ") {
					continue
				}
				commands++
				checkDocCommand(t, where, line, flagHelp)
			}
		}
	}
	if scripts == 0 || commands < 5 {
		t.Fatalf("found %d scripts and %d grognard command lines in the docs: is the extraction broken?", scripts, commands)
	}
}

func fencedBlocks(md string) []string {
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			if in {
				blocks = append(blocks, strings.Join(cur, "\n"))
				cur = nil
			}
			in = !in
			continue
		}
		if in {
			cur = append(cur, line)
		}
	}
	return blocks
}

var scriptLine = regexp.MustCompile(`^[AB]:\s`)

func isOrderScript(block string) bool {
	orders := 0
	for _, l := range strings.Split(block, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case scriptLine.MatchString(l):
			orders++
		default:
			return false
		}
	}
	return orders > 0
}

var romanScenario = regexp.MustCompile(`(?i)#\s*scenario\s+([IVX]+[ab]?)\b`)

func checkDocScript(t *testing.T, where, block string) {
	t.Helper()
	scenario := "gs-1"
	if m := romanScenario.FindStringSubmatch(block); m != nil {
		scenario = "gs-" + romanToArabic(m[1])
	}
	p := filepath.Join(t.TempDir(), "script.txt")
	if err := os.WriteFile(p, []byte(block+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runMain(t, "", "play", "--scenario", scenario, "--seed", "1", "--script", p, "--json")
	if err != nil {
		t.Errorf("%s: grognard play: %v", where, err)
		return
	}
	var r struct {
		Rejected []struct {
			Line    int
			Order   string
			Message string
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	for _, x := range r.Rejected {
		t.Errorf("%s (%s): line %d %q refused: %s", where, scenario, x.Line, x.Order, x.Message)
	}
}

func romanToArabic(s string) string {
	s = strings.ToUpper(s)
	suffix := ""
	if n := len(s); n > 0 && (s[n-1] == 'A' || s[n-1] == 'B') {
		suffix, s = strings.ToLower(s[n-1:]), s[:n-1]
	}
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10}
	n := 0
	for i := 0; i < len(s); i++ {
		v := val[s[i]]
		if i+1 < len(s) && val[s[i+1]] > v {
			n -= v
		} else {
			n += v
		}
	}
	return itoa(n) + suffix
}

var docFlag = regexp.MustCompile(`(?:^|[\s\[])--([a-z][a-z0-9-]*)`)

func checkDocCommand(t *testing.T, where, line string, help map[string]string) {
	t.Helper()
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	words := strings.Fields(line)
	if len(words) < 2 || strings.HasPrefix(words[1], "-") || strings.HasPrefix(words[1], "<") {
		return // grognard with no subcommand, or a placeholder
	}
	sub := words[1]
	if _, ok := subcommands[sub]; !ok {
		t.Errorf("%s: %q: no subcommand %q", where, line, sub)
		return
	}
	h, ok := help[sub]
	if !ok {
		h, _ = runStoreCmd(t, "", sub, "--help")
		help[sub] = h
	}
	for _, m := range docFlag.FindAllStringSubmatch(line, -1) {
		if m[1] == "help" {
			continue
		}
		if !strings.Contains(h, "  -"+m[1]+" ") && !strings.Contains(h, "  -"+m[1]+"\n") {
			t.Errorf("%s: %q: grognard %s has no flag --%s", where, line, sub, m[1])
		}
	}
}
