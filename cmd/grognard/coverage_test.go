package main

import (
	"os"
	"strings"
	"testing"
)

// TestCoverageDocUpToDate: docs/coverage.md is what grognard coverage
// writes today, and no rule id of GS or PTG is untraced; a new case, rule
// id or entry that is not regenerated into the table fails here.
func TestCoverageDocUpToDate(t *testing.T) {
	t.Chdir("../..")
	if _, err := runMain(t, "", "coverage", "--check"); err != nil {
		t.Fatalf("grognard coverage --check: %v (run `go run ./cmd/grognard coverage` from the repository root)", err)
	}
}

// TestCoverageCheckFailsWhenStale: --check compares with the file it is
// given, so a stale table is reported.
func TestCoverageCheckFailsWhenStale(t *testing.T) {
	t.Chdir("../..")
	stale := t.TempDir() + "/coverage.md"
	if _, err := runMain(t, "", "coverage", "--out", stale); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(stale, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("| stale | row |\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = runMain(t, "", "coverage", "--check", "--out", stale)
	if err == nil || !strings.Contains(err.Error(), "out of date") {
		t.Fatalf("coverage --check on a changed table: err = %v, want 'out of date'", err)
	}
}
