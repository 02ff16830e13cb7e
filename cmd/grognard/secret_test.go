package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/scenarios"
)

// TestPlaySideSecretSetup: in Peter the Great's set-up the Russians (B)
// adjust their deployment in secret. With --side A neither the hex a unit
// was placed in, nor a refused placement (its hexes, its reason), nor the
// order text appears; with --side B all of them do.
func TestPlaySideSecretSetup(t *testing.T) {
	sc, err := scenarios.Load("ptg-standard")
	if err != nil {
		t.Fatal(err)
	}
	mt, err := newMatch(sc, nil, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	var place string
	for _, o := range game.Leaves(mt.g.Rules.Legal(mt.g.State, game.SideB)) {
		if strings.HasPrefix(o, "place ") {
			place = o
			break
		}
	}
	if place == "" {
		t.Fatal("no place order for the Russians")
	}
	w := strings.Fields(place)
	unit, hex := w[1], w[2]
	// A hex of the map where the unit may not set up: the refusal names it.
	bad := ""
	g := sc.Map.Grid
	for _, c := range g.Cells() {
		l := sc.Map.Label(c)
		cmd, _ := game.ParseCommand(game.SideB, "place "+unit+" "+l)
		if _, _, err := mt.g.Decide(cmd, nil); err != nil {
			if re, ok := game.AsRuleError(err); ok && re.Code == "setup-hex" && strings.Contains(re.Msg, l) {
				bad = l
				break
			}
		}
	}
	if bad == "" {
		t.Fatal("no refused set-up hex")
	}
	script := "B: " + place + "\nB: place " + unit + " " + bad + "\n"
	rejected, err := runScript(mt, strings.NewReader(script), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rejected) != 1 {
		t.Fatalf("want one refusal, got %+v", rejected)
	}
	for _, c := range []struct {
		viewer game.Side
		sees   bool
	}{{game.SideA, false}, {game.SideB, true}} {
		b, _ := json.Marshal(mt.report(c.viewer, rejected))
		out := string(b)
		for _, tok := range []string{`"hex":"` + hex + `"`, "sets up in " + hex, "place " + unit, bad} {
			if got := strings.Contains(out, tok); got != c.sees {
				t.Errorf("--side %s: contains %q = %v, want %v\n%s", c.viewer, tok, got, c.sees, out)
			}
		}
	}
}

// TestExportSide: export --side A of a Peter the Great game in its set-up
// holds none of the Russians' secret placements (events, order texts,
// dice), --side B holds them, and a view cannot be imported.
func TestExportSide(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	full := playedExport(t, "ptg-standard", 5, 8)
	if !strings.Contains(string(full), `"kind":"placed"`) {
		t.Fatal("the playout placed nothing")
	}
	if out, err := runStoreCmd(t, string(full), "import", "--db", db); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	a, err := runStoreCmd(t, "", "export", "gd", "--db", db, "--side", "A")
	if err != nil {
		t.Fatal(err)
	}
	b, err := runStoreCmd(t, "", "export", "gd", "--db", db, "--side", "B")
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{`"kind":"placed"`, `"verb":"place"`, `"ptg.setup.placed"`} {
		if strings.Contains(a, tok) {
			t.Errorf("export --side A contains %q:\n%s", tok, a)
		}
		if !strings.Contains(b, tok) {
			t.Errorf("export --side B lacks %q", tok)
		}
	}
	if !strings.Contains(a, `"view":"A"`) {
		t.Errorf("the view is not marked as one:\n%s", a)
	}
	db2 := filepath.Join(t.TempDir(), "h.db")
	if out, err := runStoreCmd(t, b, "import", "--db", db2); err == nil || !strings.Contains(err.Error(), "view") {
		t.Fatalf("a view was imported: %v\n%s", err, out)
	}
}
