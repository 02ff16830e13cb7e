package storage

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// A game's scenario is stored with it (doc.go, "Scenarios"): the
// encoding/json of the resolved *game.Scenario, compact, under the key
// "scenario" of the game's bucket, and GameMeta.ScenarioSum is the SHA-256
// of those bytes.

// EncodeScenario returns the stored form of a resolved scenario and its
// sum (hex SHA-256).
func EncodeScenario(sc *game.Scenario) ([]byte, string, error) {
	b, err := json.Marshal(sc)
	if err != nil {
		return nil, "", fmt.Errorf("scenario %s: %w", sc.ID, err)
	}
	return b, ScenarioSum(b), nil
}

// ScenarioSum is the hex SHA-256 of a stored scenario's bytes.
func ScenarioSum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// decodedScenarios holds every scenario decoded so far by its sum: games
// on the same scenario share one *game.Scenario, as they share a shipped
// one, so that the rulesets' per-scenario caches (keyed by pointer) are
// built once rather than at every load.
var decodedScenarios sync.Map // sum → *game.Scenario

// gameScenario decodes the stored scenario b of game m, after checking
// that it is the copy m records: its SHA-256 is m.ScenarioSum, its id is
// m.Scenario and its hash m.ScenarioHash (unless m.ScenarioNote says why
// the game plays another version). Any mismatch is an ErrScenario naming
// the game.
func gameScenario(m *GameMeta, b []byte) (*game.Scenario, error) {
	if m.ScenarioSum == "" {
		if m.ScenarioNote != "" {
			return nil, fmt.Errorf("%w: game %s has no stored scenario: %s", ErrScenario, m.ID, m.ScenarioNote)
		}
		return nil, fmt.Errorf("%w: game %s has no stored scenario", ErrScenario, m.ID)
	}
	if b == nil {
		return nil, fmt.Errorf("%w: game %s: stored scenario %s is missing", ErrScenario, m.ID, m.Scenario)
	}
	if sum := ScenarioSum(b); sum != m.ScenarioSum {
		return nil, fmt.Errorf("%w: game %s: stored scenario %s has SHA-256 %.12s…, the game recorded %.12s…", ErrScenario, m.ID, m.Scenario, sum, m.ScenarioSum)
	}
	if v, ok := decodedScenarios.Load(m.ScenarioSum); ok {
		sc := v.(*game.Scenario)
		return sc, sameScenario(m, sc)
	}
	sc := &game.Scenario{}
	if err := json.Unmarshal(b, sc); err != nil {
		return nil, fmt.Errorf("%w: game %s: stored scenario %s: %v", ErrScenario, m.ID, m.Scenario, err)
	}
	if err := checkScenario(sc); err != nil {
		return nil, fmt.Errorf("%w: game %s: stored scenario %s: %v", ErrScenario, m.ID, m.Scenario, err)
	}
	if err := sameScenario(m, sc); err != nil {
		return nil, err
	}
	v, _ := decodedScenarios.LoadOrStore(m.ScenarioSum, sc)
	return v.(*game.Scenario), nil
}

// sameScenario checks that sc is the scenario m names.
func sameScenario(m *GameMeta, sc *game.Scenario) error {
	switch {
	case sc.ID != m.Scenario:
		return fmt.Errorf("%w: game %s: stored scenario is %q, the game names %q", ErrScenario, m.ID, sc.ID, m.Scenario)
	case sc.Hash != m.ScenarioHash && m.ScenarioNote == "":
		return fmt.Errorf("%w: game %s: stored scenario %s has hash %.12s…, the game started on %.12s…", ErrScenario, m.ID, sc.ID, sc.Hash, m.ScenarioHash)
	}
	return nil
}

// checkScenario checks that the places a decoded scenario names lie on
// its map (the map's own cells and edges are checked as it decodes), so
// that a crafted or damaged copy is refused rather than crash a ruleset.
func checkScenario(sc *game.Scenario) error {
	if sc.Map == nil {
		return nil
	}
	g := sc.Map.Grid
	on := func(what string, cs ...grid.Coord) error {
		for _, c := range cs {
			if !g.Contains(c) {
				return fmt.Errorf("%s: cell %v is off the map", what, c)
			}
		}
		return nil
	}
	for _, u := range sc.Units {
		if u.At != nil {
			if err := on("unit "+u.ID, *u.At); err != nil {
				return err
			}
		}
	}
	for name, cs := range sc.Zones {
		if err := on("zone "+name, cs...); err != nil {
			return err
		}
	}
	for _, o := range sc.Objectives {
		if err := on("objective "+o.Name, o.Cells...); err != nil {
			return err
		}
		for _, cs := range o.ForSide {
			if err := on("objective "+o.Name, cs...); err != nil {
				return err
			}
		}
	}
	for name, t := range sc.Tables {
		if t == nil || len(t.Cell) != len(t.Rows) {
			return fmt.Errorf("table %s: %d rows of cells for %d row names", name, len(t.Cell), len(t.Rows))
		}
		for i, row := range t.Cell {
			if len(row) != len(t.Cols) {
				return fmt.Errorf("table %s: row %d has %d cells for %d columns", name, i+1, len(row), len(t.Cols))
			}
		}
	}
	return nil
}

// shippedScenario resolves the scenario of a game that has no stored copy
// (stored before schema 2, or exported in version 1) by its id, once,
// and returns its stored form. When the scenario shipped now is not the
// version the game started on, note says so and the game is kept on the
// shipped version, marked (GameMeta.ScenarioNote), as it was played
// before scenarios were stored.
func shippedScenario(res Resolver, m *GameMeta) (b []byte, sum, note string, err error) {
	if res == nil {
		return nil, "", "", fmt.Errorf("%w: game %s has no stored scenario and no resolver was given to find %s", ErrScenario, m.ID, m.Scenario)
	}
	sc, err := res.Scenario(m.Scenario, m.ScenarioHash)
	if err != nil {
		return nil, "", "", fmt.Errorf("game %s: scenario %q: %w", m.ID, m.Scenario, err)
	}
	if sc.ID != m.Scenario {
		return nil, "", "", fmt.Errorf("game %s: scenario %q resolved to %q", m.ID, m.Scenario, sc.ID)
	}
	if b, sum, err = EncodeScenario(sc); err != nil {
		return nil, "", "", fmt.Errorf("game %s: %w", m.ID, err)
	}
	if sc.Hash != m.ScenarioHash {
		note = fmt.Sprintf("started on scenario %s with hash %s; stored from the version shipped later, hash %s", m.Scenario, m.ScenarioHash, sc.Hash)
	}
	return b, sum, note, nil
}

// compactJSON returns b compacted (an export may have been reformatted).
func compactJSON(b []byte) ([]byte, error) {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
