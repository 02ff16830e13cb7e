package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLintShipped(t *testing.T) {
	out, err := runMain(t, "", "lint")
	if err != nil || strings.TrimSpace(out) != "ok" {
		t.Fatalf("shipped files: %v\n%s", err, out)
	}
}

func TestLintReportsFileLineAndProblem(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte(`id = "bad"
ruleset = "gs"
title = "broken"
turns = 3
[map]
grid = "hex"
width = 5
height = 5
[[unit]]
id = "U"
side = "A"
counter = "Inf4"
at = "0909"
`), 0o644)
	out, err := runMain(t, "", "lint", bad)
	if err == nil {
		t.Fatalf("broken file passed lint:\n%s", out)
	}
	if !strings.Contains(out, "bad.toml:13") || !strings.Contains(out, "0909") {
		t.Errorf("want file:line naming the off-map cell, got:\n%s", out)
	}
	// A file the TOML layer accepts but the ruleset refuses.
	rule := filepath.Join(dir, "rule.toml")
	os.WriteFile(rule, []byte(`id = "rule"
ruleset = "gs"
title = "no deployment zone"
turns = 3
[map]
grid = "hex"
width = 5
height = 5
[[unit]]
id = "U"
side = "A"
counter = "Inf4"
`), 0o644)
	out, err = runMain(t, "", "lint", rule)
	if err == nil || !strings.Contains(out, "deploy-A") {
		t.Errorf("missing zone not reported: %v\n%s", err, out)
	}
}

// TestLintFLGFixedBattlefield: a club's Frédéric le Grand scenario on its
// own battlefield is checked by its ruleset's set-up (flg.CheckScenario):
// the shipped flg-muhlbach and its map file pass; a copy naming a terrain
// the rules do not know, or a victory by objectives without any, fails.
func TestLintFLGFixedBattlefield(t *testing.T) {
	out, err := runMain(t, "", "lint", "../../scenarios/data/flg/flg-muhlbach.toml", "../../scenarios/data/flg/maps/muhlbach.toml")
	if err != nil || strings.TrimSpace(out) != "ok" {
		t.Fatalf("flg-muhlbach: %v\n%s", err, out)
	}
	dir := t.TempDir()
	for name, c := range map[string]struct{ extra, want string }{
		"terrain":    {"[map.terrain]\nvolcano = \"0505\"\n[params]\narmy-A = \"brigade\"\n", `terrain "volcano"`},
		"objectives": {"[params]\nvictory = \"objectives\"\n", "without objectives"},
		"exit":       {"[params]\nexit-allowed = \"sometimes\"\n", `param exit-allowed "sometimes"`},
		"first":      {"[params]\nfirst = \"north\"\n", `param first "north"`},
		"vp":         {"[[objective]]\nname = \"mill\"\nkind = \"hex\"\npoints = -1\ncells = \"0505\"\n", "objective mill: points -1"},
	} {
		p := filepath.Join(dir, name+".toml")
		os.WriteFile(p, []byte(`id = "club"
ruleset = "flg"
title = "a club's battlefield"
turns = 20
[map]
grid = "hex"
base = 1
width = 9
height = 12
`+c.extra), 0o644)
		out, err := runMain(t, "", "lint", p)
		if err == nil || !strings.Contains(out, c.want) {
			t.Errorf("%s: %v\n%s", name, err, out)
		}
	}
}
