package game_test

import (
	"reflect"
	"testing"

	"github.com/grognard/grognard/game"
)

// zonedState is a state with a hand per side.
type zonedState struct{}

func (zonedState) Clock() game.Clock        { return game.Clock{} }
func (zonedState) Pending() []game.Decision { return nil }
func (zonedState) Outcome() game.Outcome    { return game.Outcome{} }
func (zonedState) Pieces() []game.Piece     { return nil }
func (zonedState) Zones() []game.Zone {
	return []game.Zone{
		{Name: "hand", Side: game.SideA, Sees: game.Only(game.SideA), Items: []string{"c1", "c2"}},
		{Name: "hand", Side: game.SideB, Sees: game.Only(game.SideB), Items: []string{"c3"}},
	}
}

// TestDrawFrom: a board takes its counters' symbols and colours from the
// scenario's faces (by type; a flag's colour over the side's; none for a
// face-down piece without a type), the side colours, and the state's
// zones as the viewer sees them.
func TestDrawFrom(t *testing.T) {
	sc := &game.Scenario{
		Faces:  map[string]game.CounterFace{"line": {Symbol: "infantry"}, "horse": {Symbol: "cavalry"}},
		Colors: map[string]string{"A": "dark-blue", "B": "white", "saxon": "sky"},
		Units:  []game.UnitSpec{{ID: "B2", Side: game.SideB, Type: "horse", Flags: []string{"saxon"}}},
	}
	b := &game.Board{Pieces: []game.Piece{
		{ID: "A1", Side: game.SideA, Type: "line"},
		{ID: "B1", Side: game.SideB, Type: "horse"},
		{ID: "B2", Side: game.SideB, Type: "horse"},                          // saxon by its scenario unit
		{ID: "B3", Side: game.SideB, Type: "line", Flags: []string{"saxon"}}, // saxon by its own flag
		{ID: "B4", Side: game.SideB, Flags: []string{"face-down"}},           // no type: no symbol
		{ID: "B5", Side: game.SideB, Type: "dragoons"},                       // no face: a plain box
	}}
	b.DrawFrom(sc, zonedState{}, game.SideA)
	var got []string
	for _, p := range b.Pieces {
		got = append(got, p.ID+":"+p.Symbol+"/"+p.Color)
	}
	want := []string{"A1:infantry/dark-blue", "B1:cavalry/white", "B2:cavalry/sky", "B3:infantry/sky", "B4:/white", "B5:/white"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("looks\n got %v\nwant %v", got, want)
	}
	if b.SideColors[game.SideA] != "dark-blue" || b.SideColors[game.SideB] != "white" {
		t.Errorf("side colours %v", b.SideColors)
	}
	if len(b.Zones) != 2 || len(b.Zones[0].Items) != 2 || len(b.Zones[1].Items) != 0 || b.Zones[1].Count != 1 {
		t.Errorf("zones as A sees them: %+v", b.Zones)
	}
	if f := (game.CounterFace{Values: []string{"pc", "mp"}}); f.Format(map[string]int{"pc": 6, "mp": 4}) != "6-4" || f.Format(map[string]int{"pc": 6}) != "" {
		t.Error("CounterFace.Format")
	}
}
