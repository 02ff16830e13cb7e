package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/storage"
)

// elsewhere is the resolver of another machine: the same rulesets, and
// under every scenario id a version other than the one shipped here (or
// none at all).
type elsewhere struct {
	cliResolver
	ship func(id string) (*game.Scenario, error)
}

func (e elsewhere) Scenario(id, hash string) (*game.Scenario, error) { return e.ship(id) }

// changedVersion is scenario id with another hash and a map all clear.
func changedVersion(t *testing.T, id string) *game.Scenario {
	t.Helper()
	sc, err := scenarios.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	n := *sc
	n.Hash = "changed-" + sc.Hash[:8]
	m := *sc.Map
	m.Cells = map[grid.Coord]game.Cell{}
	n.Map = &m
	return &n
}

// An exported game carries its scenario: where no version of it ships,
// or another one does, import, replay, audit and check use the copy it
// carries, and the store keeps that copy.
func TestImportCarriesScenario(t *testing.T) {
	exported := string(playedExport(t, "gs-3", 7, 30))
	file := filepath.Join(t.TempDir(), "g3.jsonl")
	os.WriteFile(file, []byte(exported), 0o644)
	want, _ := scenarios.Load("gs-3")
	old := storeResolver
	t.Cleanup(func() { storeResolver = old })
	storeResolver = elsewhere{ship: func(id string) (*game.Scenario, error) {
		return nil, errors.New("no scenario ships on this machine")
	}}

	db := filepath.Join(t.TempDir(), "g.db")
	if out, err := runStoreCmd(t, exported, "import", "--db", db); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	for _, ref := range []string{"g3", file} {
		out, err := runStoreCmd(t, "", "replay", ref, "--db", db)
		if err != nil || strings.Contains(out, "note:") || !strings.Contains(out, "after record 30") {
			t.Fatalf("replay %s: %v\n%s", ref, err, out)
		}
	}
	if out, err := runStoreCmd(t, "", "check", "--db", db, "--redecide"); err != nil {
		t.Fatalf("check: %v\n%s", err, out)
	}
	if again, err := runStoreCmd(t, "", "export", "g3", "--db", db); err != nil || again != exported {
		t.Fatalf("export of the import differs (%v)", err)
	}
	s, err := storage.Open(db, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sc, err := s.Scenario("g3")
	if err != nil || sc.Hash != want.Hash || len(sc.Map.Cells) != len(want.Map.Cells) || len(sc.Map.Cells) == 0 {
		t.Fatalf("stored scenario: %v", err)
	}
}

// An export of version 1 carries no scenario: import takes the one
// shipped now, and says so when it is not the version the game started
// on.
func TestImportVersion1Export(t *testing.T) {
	lines := strings.SplitAfter(string(playedExport(t, "gs-3", 7, 10)), "\n")
	var h map[string]any
	json.Unmarshal([]byte(lines[0]), &h)
	h["version"] = 1
	delete(h["game"].(map[string]any), "scenario_sum")
	b, _ := json.Marshal(h)
	v1 := string(b) + "\n" + strings.Join(lines[2:], "")

	old := storeResolver
	t.Cleanup(func() { storeResolver = old })
	storeResolver = cliResolver{}
	out, err := runStoreCmd(t, v1, "import", "--db", filepath.Join(t.TempDir(), "a.db"))
	if err != nil || strings.Contains(out, "carried no scenario") {
		t.Fatalf("import of a version 1 export, same version shipped: %v\n%s", err, out)
	}
	changed := changedVersion(t, "gs-3")
	storeResolver = elsewhere{ship: func(string) (*game.Scenario, error) { return changed, nil }}
	db := filepath.Join(t.TempDir(), "b.db")
	out, err = runStoreCmd(t, v1, "import", "--db", db)
	if err != nil || !strings.Contains(out, "carried no scenario") || !strings.Contains(out, changed.Hash) {
		t.Fatalf("import of a version 1 export, another version shipped: %v\n%s", err, out)
	}
	if out, err := runStoreCmd(t, "", "replay", "g3", "--db", db); err != nil || !strings.Contains(out, "does not play the scenario version it started on") {
		t.Fatalf("replay: %v\n%s", err, out)
	}
}
