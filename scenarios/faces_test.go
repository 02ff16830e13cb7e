package scenarios

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/grognard/grognard/game"
)

// TestShippedFaces: every unit of every shipped scenario has a counter
// face with a known symbol, and the face's values are the unit's (a face
// that prints no values, such as Le son du canon !'s elements, needs none).
func TestShippedFaces(t *testing.T) {
	for _, in := range List() {
		sc := mustLoad(t, in.ID)
		for _, u := range sc.Units {
			f, ok := sc.Faces[u.Type]
			if !ok {
				t.Errorf("%s: unit %s (%s) has no face", in.ID, u.ID, u.Type)
				continue
			}
			if !slices.Contains(game.CounterSymbols, f.Symbol) {
				t.Errorf("%s: face of %s has symbol %q", in.ID, u.Type, f.Symbol)
			}
			if len(f.Values) > 0 && f.Format(u.Values) == "" {
				t.Errorf("%s: unit %s lacks a value of its face %v (has %v)", in.ID, u.ID, f.Values, u.Values)
			}
		}
		if sc.Colors["A"] == "" || sc.Colors["B"] == "" {
			t.Errorf("%s: side colours %v", in.ID, sc.Colors)
		}
	}
	sc := mustLoad(t, "ptg-standard")
	for typ, want := range map[string]string{"aide": "leader", "picket": "light-infantry", "dragoons": "dragoons", "engineers": "engineers", "horse-artillery": "horse-artillery", "mortar": "artillery"} {
		if got := sc.Faces[typ].Symbol; got != want {
			t.Errorf("ptg face of %s: %q, want %q", typ, got, want)
		}
	}
}

// TestScenarioFaces: a scenario's own [faces] and [colors] add to its
// counters file's, and CounterLook picks a flag's colour over the side's.
func TestScenarioFaces(t *testing.T) {
	sc, err := Parse("square.toml", []byte(squarePosition))
	if err != nil {
		t.Fatal(err)
	}
	if f := sc.Faces["infantry"]; f.Symbol != "infantry" || f.Format(map[string]int{"strength": 4}) != "4" {
		t.Errorf("infantry face %+v", f)
	}
	if sc.Faces["cavalry"].Symbol != "cavalry" {
		t.Errorf("cavalry face %+v", sc.Faces["cavalry"])
	}
	look := func(p game.Piece) string { s, c := sc.CounterLook(p); return s + "/" + c }
	for _, tc := range []struct {
		p    game.Piece
		want string
	}{
		{game.Piece{ID: "G1", Side: game.SideA, Type: "infantry"}, "infantry/dark-blue"},
		{game.Piece{ID: "H1", Side: game.SideB, Type: "cavalry"}, "cavalry/"},
		{game.Piece{ID: "P", Side: game.SideA, Type: "cavalry", Flags: []string{"prussian"}}, "cavalry/sky"},
		{game.Piece{ID: "P", Side: game.SideA, Flags: []string{"prussian", "face-down"}}, "/dark-blue"}, // face-down: no type, no nationality
	} {
		if got := look(tc.p); got != tc.want {
			t.Errorf("CounterLook(%+v) = %s, want %s", tc.p, got, tc.want)
		}
	}
}

// TestFacesSurviveJSON: a game stores its resolved scenario as JSON; the
// counter faces and colours go with it, so a stored game keeps drawing
// its counters as they were when it started.
func TestFacesSurviveJSON(t *testing.T) {
	sc := mustLoad(t, "ptg-standard")
	b, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	var back game.Scenario
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Faces, sc.Faces) || !maps.Equal(back.Colors, sc.Colors) {
		t.Errorf("after JSON: faces %v colours %v, want %v %v", back.Faces, back.Colors, sc.Faces, sc.Colors)
	}
}
