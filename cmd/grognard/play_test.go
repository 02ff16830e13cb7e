package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runMain runs grognard with args and returns stdout and the error.
func runMain(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	err := m.Run(context.Background(), args)
	return out.String(), err
}

func writeScript(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "script.txt")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func decodeReport(t *testing.T, s string) report {
	t.Helper()
	var r report
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, s)
	}
	return r
}

func TestPlayScriptJSONIsDeterministic(t *testing.T) {
	script := writeScript(t, "# set-up", "A: deploy auto", "B: deploy auto", "A: ready", "B: ready",
		"A: move A1 0504", "A: move Z9 0504", "A: move A2 9999", "B: move B1 0520", "A: end", "B: end")
	a, err := runMain(t, "", "play", "--scenario", "gs-1", "--seed", "5", "--script", script, "--json")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := runMain(t, "", "play", "--scenario", "gs-1", "--seed", "5", "--script", script, "--json")
	if a != b {
		t.Fatal("same inputs gave different output")
	}
	r := decodeReport(t, a)
	if r.Scenario != "gs-1" || r.Turn != 2 || r.Phase != "move" || r.Active.String() != "A" {
		t.Errorf("clock: turn %d %s %s", r.Turn, r.Phase, r.Active)
	}
	codes := map[int]string{}
	for _, x := range r.Rejected {
		codes[x.Line] = x.Code
		if x.Message == "" {
			t.Errorf("line %d: empty message", x.Line)
		}
	}
	// Line 7 names no unit of the game; line 8 a hex off the map; line 9 is
	// B ordering in A's phase.
	if codes[7] != "unknown-unit" || codes[8] != "bad-cell" || codes[9] != "not-your-turn" {
		t.Errorf("rejections: %+v", r.Rejected)
	}
	if len(r.Units) != 14 || r.Dice.Commitment == "" || r.Dice.Seed != "" {
		t.Errorf("units %d, dice %+v", len(r.Units), r.Dice)
	}
}

func TestPlaySideViewHidesTheOtherDeployment(t *testing.T) {
	script := writeScript(t, "A: deploy auto")
	out, err := runMain(t, "", "play", "--scenario", "gs-1", "--seed", "1", "--script", script, "--json", "--side", "B")
	if err != nil {
		t.Fatal(err)
	}
	r := decodeReport(t, out)
	for _, u := range r.Units {
		if u.Side.String() == "A" && u.Hex != "" {
			t.Errorf("B sees A's secret placement of %s at %s", u.ID, u.Hex)
		}
	}
	for _, e := range r.Events {
		if e.Kind == "deployed" {
			t.Errorf("B sees A's deployment event: %s", e.Text)
		}
	}
	out, _ = runMain(t, "", "play", "--scenario", "gs-1", "--seed", "1", "--script", script, "--json", "--side", "A")
	placed := 0
	for _, u := range decodeReport(t, out).Units {
		if u.Side.String() == "A" && u.Hex != "" {
			placed++
		}
	}
	if placed != 7 {
		t.Errorf("A sees %d of its 7 placements", placed)
	}
}

func TestPlayDiceMustAllBeUsed(t *testing.T) {
	lines := []string{"A: attack P -> Z"}
	pos := filepath.Join(t.TempDir(), "pos.toml")
	os.WriteFile(pos, []byte(`id = "pos"
ruleset = "gs"
title = "two units"
turns = 2
[map]
grid = "hex"
width = 6
height = 6
[start]
turn = 1
phase = "combat-A"
[[unit]]
id = "P"
side = "A"
counter = "Inf8"
at = "0203"
[[unit]]
id = "Z"
side = "B"
counter = "Inf4"
at = "0202"
`), 0o644)
	script := writeScript(t, lines...)
	if _, err := runMain(t, "", "play", "--scenario", pos, "--dice", "5,4", "--script", script); err == nil || !strings.Contains(err.Error(), "not used") {
		t.Errorf("too many dice: %v", err)
	}
	if _, err := runMain(t, "", "play", "--scenario", pos, "--dice", "", "--script", writeScript(t, "A: attack P -> Z")); err != nil {
		t.Errorf("seeded dice: %v", err)
	}
	out, err := runMain(t, "", "play", "--scenario", pos, "--dice", "5", "--script", script, "--json")
	if err != nil {
		t.Fatal(err)
	}
	r := decodeReport(t, out)
	if r.Dice.Rolled != 1 || !strings.Contains(out, "8 vs Z 4") {
		t.Errorf("dice %+v\n%s", r.Dice, out)
	}
	// Too few: a second combat needs a die that is not there.
	script2 := writeScript(t, "A: attack P -> Z", "B: retreat Z 0201", "A: advance none")
	if _, err := runMain(t, "", "play", "--scenario", pos, "--dice", "1", "--script", script2); err != nil {
		// 2:1 with a 1 is AR: P retreats; no more dice needed.
		t.Logf("%v", err)
	}
}

func TestPlayWholeGameToTheEnd(t *testing.T) {
	lines := []string{"A: deploy auto", "B: deploy auto", "A: ready", "B: ready"}
	for turn := 1; turn <= 8; turn++ {
		lines = append(lines, "A: end", "B: end")
	}
	out, err := runMain(t, "", "play", "--scenario", "gs-1", "--seed", "9", "--script", writeScript(t, lines...), "--json")
	if err != nil {
		t.Fatal(err)
	}
	r := decodeReport(t, out)
	if !r.Outcome.Over || r.Outcome.Winner != "draw" || r.Dice.Seed == "" {
		t.Errorf("outcome %+v dice %+v", r.Outcome, r.Dice)
	}
	if len(r.Rejected) != 0 {
		t.Errorf("rejected: %+v", r.Rejected)
	}
}

func TestPlayBadInput(t *testing.T) {
	if _, err := runMain(t, "", "play", "--scenario", "gs-99", "--script", writeScript(t, "A: end")); err == nil {
		t.Error("unknown scenario accepted")
	}
	if _, err := runMain(t, "", "play", "--side", "C", "--script", writeScript(t, "A: end")); err == nil {
		t.Error("--side C accepted")
	}
	if _, err := runMain(t, "", "play", "--dice", "1,x", "--script", writeScript(t, "A: end")); err == nil {
		t.Error("--dice 1,x accepted")
	}
	out, err := runMain(t, "", "play", "--scenario", "gs-1", "--script", writeScript(t, "move A1 0101", "C: end"), "--json")
	if err != nil {
		t.Fatal(err)
	}
	r := decodeReport(t, out)
	if len(r.Rejected) != 2 || r.Rejected[0].Code != "syntax" {
		t.Errorf("rejected %+v", r.Rejected)
	}
	if _, err := runMain(t, "", "play", "--scenario", "gs-1", "--option", "bogus=1", "--script", writeScript(t, "A: end")); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("unknown option: %v", err)
	}
}

func TestPlayInteractive(t *testing.T) {
	in := "help\nA: deploy auto\nB: deploy auto\nA: ready\nB: ready\nunits A\nlegal A1\nmove A1 0101\nend\nquit\n"
	out, err := runMain(t, in, "play", "--scenario", "gs-1", "--seed", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dice commitment", "move UNIT HEX", "turn 1/8, move phase of A", "refused:", "move phase of B"} {
		if !strings.Contains(out, want) {
			t.Errorf("interactive output lacks %q:\n%s", want, out)
		}
	}
}

// TestPlayInteractiveBoardAndUndo: hot-seat play draws the board on
// demand (public or one side's view) and says what an undo took back;
// images are named by game and log position, and a second run into the
// same folder overwrites nothing of the first.
func TestPlayInteractiveBoardAndUndo(t *testing.T) {
	dir := t.TempDir()
	in := "A: deploy auto\nB: deploy auto\nA: ready\nB: ready\nmove A1 0602\nundo\nmove A1 0602\nboard\nboard B\nboard C\nquit\n"
	out, err := runMain(t, in, "play", "--scenario", "gs-1", "--seed", "2", "--png-dir", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"undone: A: move A1 0602", "A1 0900 → 0602", "board takes A, B or nothing"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "A1 0900 → 0602"); n != 2 {
		t.Errorf("the move redone after the undo is shown %d times, want 2:\n%s", n, out)
	}
	for _, want := range []string{"gs-1-", "-0005-t01-move-A.png", "-0005-t01-move-A-viewB.png"} {
		if !strings.Contains(out, dir) || !strings.Contains(out, want) {
			t.Errorf("no board image %q in:\n%s", want, out)
		}
	}
	first, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	in2 := "A: deploy auto\nB: deploy auto\nA: ready\nB: ready\nmove A2 0602\nboard\nquit\n"
	if out, err := runMain(t, in2, "play", "--scenario", "gs-1", "--seed", "2", "--png-dir", dir); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	second, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(second) <= len(first) {
		t.Errorf("a second run into the same folder wrote over the first: %d files, then %d", len(first), len(second))
	}
}
