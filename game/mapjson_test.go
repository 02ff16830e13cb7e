package game

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/grognard/grognard/game/grid"
)

func TestMapJSONRoundTrip(t *testing.T) {
	c := func(x, y int) grid.Coord { return grid.Coord{X: x, Y: y} }
	for name, m := range map[string]*Map{
		"hex boards": {Grid: &grid.Hex{W: 4, H: 3, Base: 1, Boards: []grid.Board{{Name: "A", X0: 0, W: 2}, {Name: "B", X0: 2, W: 2}}},
			Cells:  map[grid.Coord]Cell{c(0, 0): {Terrain: "forest"}, c(3, 2): {Terrain: "village", Level: 1, Name: "Ligny"}},
			Edges:  map[grid.Edge][]string{grid.EdgeOf(c(1, 1), c(1, 2)): {"river", "bridge"}},
			Links:  map[grid.Edge][]string{grid.EdgeOf(c(0, 0), c(1, 0)): {"road"}},
			Source: "maps/x.toml"},
		"square diagonal": {Grid: &grid.Square{W: 8, H: 8, Diagonal: true},
			Cells: map[grid.Coord]Cell{c(7, 7): {Terrain: "hill"}}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}},
	} {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var back Map
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(m, &back) {
			t.Fatalf("%s: %s decodes to %+v", name, b, back)
		}
	}
}

func TestMapJSONRefuses(t *testing.T) {
	for name, c := range map[string]struct{ in, msg string }{
		"kind":        {`{"grid":{"kind":"tri","w":2,"h":2}}`, "kind"},
		"huge":        {`{"grid":{"kind":"hex","w":100000,"h":2}}`, "grid of"},
		"off the map": {`{"grid":{"kind":"hex","w":2,"h":2},"cells":[{"at":{"x":2,"y":0},"terrain":"clear"}]}`, "off the"},
		"not adjacent": {`{"grid":{"kind":"square","w":3,"h":3},` +
			`"edges":[{"a":{"x":0,"y":0},"b":{"x":2,"y":0},"features":["river"]}]}`, "adjacent"},
	} {
		var m Map
		err := json.Unmarshal([]byte(c.in), &m)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want an error about %q", name, err, c.msg)
		}
	}
	if _, err := json.Marshal(&Map{}); err == nil {
		t.Error("a map without a grid encoded")
	}
}

type setUpRules struct {
	Ruleset
	out func(sc *Scenario) *Scenario
}

func (r setUpRules) Name() string { return "setup" }
func (r setUpRules) SetUp(sc *Scenario, opts Options, d Dice) (*Scenario, error) {
	if d.Roll(6) < 1 {
		return nil, errors.New("no dice")
	}
	return r.out(sc), nil
}

func TestSetUp(t *testing.T) {
	sc := &Scenario{ID: "x", Hash: "h", Turns: 3}
	gen := func(sc *Scenario) *Scenario { n := *sc; n.Turns = 9; return &n }
	got, err := SetUp(setUpRules{out: gen}, sc, nil, fixedSix{})
	if err != nil || got.Turns != 9 || sc.Turns != 3 {
		t.Fatalf("SetUp: %+v %v", got, err)
	}
	renamed := func(sc *Scenario) *Scenario { n := *sc; n.Hash = "other"; return &n }
	if _, err := SetUp(setUpRules{out: renamed}, sc, nil, fixedSix{}); err == nil {
		t.Fatal("a set-up that changed the scenario's hash was accepted")
	}
	if got, _ := SetUp(struct{ Ruleset }{}, sc, nil, nil); got != sc {
		t.Fatal("a ruleset without SetUp changed the scenario")
	}
}

type fixedSix struct{}

func (fixedSix) Roll(int) int { return 6 }
