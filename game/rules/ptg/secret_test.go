package ptg

import (
	"testing"

	"github.com/grognard/grognard/game"
)

// The set-up events are their side's secret, in new logs and in logs
// written before they named their side.
func TestSetupEventsSecret(t *testing.T) {
	r := New()
	for _, c := range []struct {
		json string
		want game.Side
	}{
		{`{"kind":"placed","data":{"side":"B","unit":"RU-I18","at":{"x":1,"y":2},"text":""}}`, Russians},
		{`{"kind":"placed","data":{"unit":"RU-I18","at":{"x":1,"y":2},"text":""}}`, Russians},
		{`{"kind":"placed","data":{"unit":"SW-I01","at":{"x":1,"y":2},"text":""}}`, Swedes},
		{`{"kind":"redoubt-set","data":{"from":{"x":1,"y":2},"at":{"x":1,"y":3},"text":""}}`, Russians},
		{`{"kind":"equipped","data":{"unit":"SW-I01","on":true,"text":""}}`, Swedes},
	} {
		e, err := game.UnmarshalEvent(r, []byte(c.json))
		if err != nil {
			t.Fatal(err)
		}
		if a := game.AudienceOf(e); a != game.Only(c.want) {
			t.Errorf("%s: audience %v, want %v", c.json, a, c.want)
		}
	}
}
