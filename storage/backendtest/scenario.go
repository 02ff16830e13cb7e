package backendtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	//lint:ignore ST1001 the suite reads as the storage package's own tests did
	. "github.com/grognard/grognard/storage"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/internal/syncbuf"
	"github.com/grognard/grognard/storage/storetest"
)

// playOut plays roll2 orders until the game is over.
func playOut(t *testing.T, s Backend, id string) {
	t.Helper()
	for i := 0; i < 100; i++ {
		if m, _ := s.Meta(id); m.Status.Ended() {
			return
		}
		mustOrder(t, s, id, game.Sides[i%2], "roll2")
	}
	t.Fatalf("game %s did not end", id)
}

func goalOf(t *testing.T, g *game.Game) int { t.Helper(); return toyState(t, g).Goal }

// A game started on version X of a scenario keeps playing X, however the
// shipped scenario changes.
func testGameKeepsItsScenario(t *testing.T) {
	s := mustOpen(t, Options{SnapshotEvery: 3})
	v1, v2 := storetest.Version("v1", "12"), storetest.Version("v2", "1000")
	m := toyMeta("g")
	m.Scenario, m.ScenarioHash = "", ""
	m, err := s.CreateGame(m, v1, seedOf("g"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Scenario != v1.ID || m.ScenarioHash != "v1" || len(m.ScenarioSum) != 64 {
		t.Fatalf("meta of the new game: %+v", m)
	}
	mustOrder(t, s, "g", game.SideA, "add 1")
	shipped := storetest.Shipping{Ships: v2} // a new version ships
	for name, load := range map[string]func() (*game.Game, GameMeta, error){
		"load":   func() (*game.Game, GameMeta, error) { return s.Load("g", shipped) },
		"replay": func() (*game.Game, GameMeta, error) { return s.Replay("g", shipped) },
	} {
		g, _, err := load()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.Scenario.Hash != "v1" || goalOf(t, g) != 12 || g.Scenario.Map.CellAt(grid.Coord{X: 1, Y: 0}).Name != "v1" {
			t.Fatalf("%s: the game plays scenario %s, goal %d; want v1, goal 12", name, g.Scenario.Hash, goalOf(t, g))
		}
	}
	playOut(t, s, "g") // over at 12, long before 1000
	g, _, err := s.Replay("g", shipped)
	if err != nil || !g.State.Outcome().Over {
		t.Fatalf("replay of the finished game: over=%v, %v", g != nil && g.State.Outcome().Over, err)
	}
	sc, err := s.Scenario("g")
	if err != nil || sc != g.Scenario {
		t.Fatalf("Scenario: %p %v, want the shared copy %p", sc, err, g.Scenario)
	}
	if rep, err := s.Check(t.Context(), CheckOptions{Resolver: shipped, Redecide: true}); err != nil || !rep.OK() {
		t.Fatalf("check with v2 shipped: %v %v", err, rep.Err())
	}
}

func testCreateGameScenario(t *testing.T) {
	s := mustOpen(t, Options{})
	m := toyMeta("g")
	if _, err := s.CreateGame(m, nil, seedOf("g")); !errors.Is(err, ErrBadInput) {
		t.Fatalf("no scenario: %v", err)
	}
	if _, err := s.CreateGame(m, storetest.Version("other", "5"), seedOf("g")); !errors.Is(err, ErrBadInput) {
		t.Fatalf("meta names another version than the scenario given: %v", err)
	}
	bad := storetest.Version("toyhash1", "5")
	bad.Map.Grid = nil
	if _, err := s.CreateGame(m, bad, seedOf("g")); !errors.Is(err, ErrBadInput) {
		t.Fatalf("unencodable scenario: %v", err)
	}
}

// An export carries the scenario: imported where another version ships,
// the game replays on the one it started with.
func testExportCarriesScenario(t *testing.T) {
	src := mustOpen(t, Options{})
	m := toyMeta("g")
	m.Scenario, m.ScenarioHash = "", ""
	if _, err := src.CreateGame(m, storetest.Version("v1", "12"), seedOf("g")); err != nil {
		t.Fatal(err)
	}
	playOut(t, src, "g")
	out := export(t, src, "g")

	elsewhere := storetest.Shipping{Ships: storetest.Version("v2", "1000")}
	x, err := ReadExport(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReplayLog(elsewhere, x)
	if err != nil || g.Scenario.Hash != "v1" || goalOf(t, g) != 12 || !g.State.Outcome().Over {
		t.Fatalf("replay of the export where v2 ships: %v", err)
	}
	dst := mustOpen(t, Options{})
	if _, err := dst.ImportChecked(bytes.NewReader(out), elsewhere); err != nil {
		t.Fatal(err)
	}
	if again := export(t, dst, "g"); !bytes.Equal(again, out) {
		t.Fatalf("export of the import differs")
	}
	g, _, err = dst.Load("g", elsewhere)
	if err != nil || g.Scenario.Hash != "v1" || goalOf(t, g) != 12 {
		t.Fatalf("imported game: %v", err)
	}
	mustCheck(t, dst)
}

// A side's view of a game still on has no scenario line (its units would
// tell which face-down counter is which); once the game is over it has.
func testExportViewScenario(t *testing.T) {
	for _, goal := range []string{"1000", "30"} {
		s := playedStore(t, goal)
		x, err := s.ReadGame("g")
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteExportView(&b, x, storetest.Toy{}, game.SideA); err != nil {
			t.Fatal(err)
		}
		has := strings.Contains(b.String(), `{"type":"scenario"`)
		if has != x.Meta.Status.Ended() {
			t.Errorf("goal %s, status %s: scenario line in the view: %v", goal, x.Meta.Status, has)
		}
	}
}

// asVersion1 rewrites an export as version 1 wrote it: no scenario line,
// no scenario_sum.
func asVersion1(t *testing.T, out []byte) []byte {
	t.Helper()
	lines := strings.SplitAfter(string(out), "\n")
	var h map[string]any
	json.Unmarshal([]byte(lines[0]), &h)
	h["version"] = 1
	delete(h["game"].(map[string]any), "scenario_sum")
	b, _ := json.Marshal(h)
	return []byte(string(b) + "\n" + strings.Join(lines[2:], ""))
}

// An export of version 1 carries no scenario: import takes the shipped
// one by id, and marks the game when its hash is not the recorded one.
func testImportVersion1Export(t *testing.T) {
	src := mustOpen(t, Options{})
	mustCreate(t, src, toyMeta("g"))
	mustOrder(t, src, "g", game.SideA, "roll")
	old := asVersion1(t, export(t, src, "g"))

	if _, err := mustOpen(t, Options{}).Import(bytes.NewReader(old)); !errors.Is(err, ErrBadInput) {
		t.Fatalf("plain import of a version 1 export: %v", err)
	}
	same := mustOpen(t, Options{})
	meta, err := same.ImportChecked(bytes.NewReader(old), toyRes)
	if err != nil || meta.ScenarioNote != "" || meta.ScenarioSum == "" {
		t.Fatalf("import of a version 1 export, same scenario shipped: %+v %v", meta, err)
	}
	mustCheck(t, same)

	var logs syncbuf.Buffer
	changed := mustOpen(t, Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	meta, err = changed.ImportChecked(bytes.NewReader(old), storetest.Shipping{Ships: storetest.Version("toyhash2", "100")})
	if err != nil || !strings.Contains(meta.ScenarioNote, "toyhash2") {
		t.Fatalf("import of a version 1 export, another version shipped: %+v %v", meta, err)
	}
	g, _, err := changed.Load("g", toyRes)
	if err != nil || g.Scenario.Hash != "toyhash2" {
		t.Fatalf("load: %v", err)
	}
	if !strings.Contains(logs.String(), `"game":"g"`) || !strings.Contains(logs.String(), "does not play the scenario version it started on") {
		t.Fatalf("no warning logged:\n%s", logs.String())
	}
}
