package scenarios

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/grognard/grognard/game"
)

// Every shipped scenario survives its encoding/json form, which is what
// the store keeps with each game (storage.EncodeScenario): decoded, it is
// the scenario loaded from TOML, and it encodes to the same bytes again.
func TestScenarioJSONRoundTrip(t *testing.T) {
	for _, in := range List() {
		t.Run(in.ID, func(t *testing.T) {
			sc, err := Load(in.ID)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			var back game.Scenario
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			again, _ := json.Marshal(&back)
			if !bytes.Equal(b, again) {
				t.Fatal("the decoded scenario encodes differently")
			}
			if !reflect.DeepEqual(sc.Map, back.Map) {
				t.Fatalf("map differs after the round trip: grid %#v vs %#v, %d vs %d cells, %d vs %d edges, %d vs %d links",
					sc.Map.Grid, back.Map.Grid, len(sc.Map.Cells), len(back.Map.Cells), len(sc.Map.Edges), len(back.Map.Edges), len(sc.Map.Links), len(back.Map.Links))
			}
			for _, f := range []struct {
				name string
				a, b any
			}{{"zones", sc.Zones, back.Zones}, {"tables", sc.Tables, back.Tables}, {"units", sc.Units, back.Units},
				{"objectives", sc.Objectives, back.Objectives}, {"params", sc.Params, back.Params}, {"options", sc.Options, back.Options}} {
				if !reflect.DeepEqual(f.a, f.b) && !(reflect.ValueOf(f.a).Len() == 0 && reflect.ValueOf(f.b).Len() == 0) {
					t.Errorf("%s differ after the round trip", f.name)
				}
			}
			if !reflect.DeepEqual(sc.Start, back.Start) {
				t.Errorf("start differs: %v vs %v", sc.Start, back.Start)
			}
			if back.ID != sc.ID || back.Hash != sc.Hash || back.Turns != sc.Turns || back.Title != sc.Title {
				t.Errorf("header differs: %s %s %d %q", back.ID, back.Hash, back.Turns, back.Title)
			}
		})
	}
}
