package storetest

import (
	"fmt"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Version is a version of the toy scenario: its goal (read by the toy
// ruleset's Start), its hash and a small map, so that a test can tell
// which version a game plays.
func Version(hash, goal string) *game.Scenario {
	sc := *Scenario
	sc.Hash = hash
	sc.Params = map[string]string{"goal": goal}
	g := grid.NewHex(3, 2)
	sc.Map = &game.Map{Grid: g, Source: "toy " + hash,
		Cells: map[grid.Coord]game.Cell{{X: 1, Y: 0}: {Terrain: "forest", Name: hash}},
		Edges: map[grid.Edge][]string{grid.EdgeOf(grid.Coord{X: 0, Y: 0}, grid.Coord{X: 0, Y: 1}): {"river"}},
		Links: map[grid.Edge][]string{}}
	sc.Zones = map[string][]grid.Coord{"home": {{X: 0, Y: 0}}}
	return &sc
}

// Shipping is a resolver that ships one version of the toy scenario.
type Shipping struct {
	Resolver
	Ships *game.Scenario
}

// Scenario returns the version shipped under id, whatever the hash.
func (r Shipping) Scenario(id, hash string) (*game.Scenario, error) {
	if id != r.Ships.ID {
		return nil, fmt.Errorf("no scenario %q", id)
	}
	return r.Ships, nil
}
