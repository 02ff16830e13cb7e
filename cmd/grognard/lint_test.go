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
