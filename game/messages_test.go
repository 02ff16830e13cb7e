package game_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/internal/msgtest"
)

// TestKernelCatalogue: every kernel key in both languages with the same
// placeholders, and every key the kernel's source names registered.
func TestKernelCatalogue(t *testing.T) {
	used := msgtest.Check(t, "game", ".")
	for _, k := range []string{"game.choose.syntax", "game.undo.dice-rolled", "game.option.value"} {
		found := false
		for _, u := range used {
			found = found || u == k
		}
		if !found {
			t.Errorf("the source scan missed %s (found %v)", k, used)
		}
	}
}

// TestKernelRefusalsInFrench renders real kernel refusals in French.
func TestKernelRefusalsInFrench(t *testing.T) {
	s := game.Nobody
	_, err := game.ParseCommand(s, "  ")
	re, _ := game.AsRuleError(err)
	if re == nil || re.Msg != "empty order" || re.In(game.LangFR) != "ordre vide" {
		t.Errorf("empty order: %+v", err)
	}
	_, err = game.MergeOptions([]game.OptionSpec{{Name: "fog", Values: []string{"on", "off", "auto"}, Rule: "GS-8"}}, nil, game.Options{"fog": "maybe"})
	re, _ = game.AsRuleError(err)
	if re == nil {
		t.Fatalf("bad option accepted: %v", err)
	}
	if got, want := re.Msg, `option fog takes on, off or auto, not "maybe"`; got != want {
		t.Errorf("English:\n got  %s\n want %s", got, want)
	}
	if got, want := re.In(game.LangFR), "l'option fog prend on, off ou auto, pas « maybe » (GS-8)"; got != want {
		t.Errorf("French:\n got  %s\n want %s", got, want)
	}
	err = game.UndoFree([]game.Record{{Seq: 4, Command: game.Command{Side: game.SideB, Verb: "end"}}}, game.SideA)
	re, _ = game.AsRuleError(err)
	if re == nil || re.In(game.LangFR) != "le dernier ordre était celui de B, pas le vôtre" {
		t.Errorf("undo: %v", err)
	}
}

// TestMsgJSON: a message's arguments keep their types through JSON, so a
// stored narration still renders in every language.
func TestMsgJSON(t *testing.T) {
	m := game.M("game.choose.none", "side", game.SideB, "n", 3, "s", "0712", "t", game.Term("combat"),
		"p", game.Plain("x y"), "m", game.M("game.over"), "l", []game.Msg{game.M("game.over"), game.M("game.undo.nothing")},
		"e", []game.Msg{}, "w", []string{"A1", "A2"})
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back game.Msg
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if !reflect.DeepEqual(m, back) {
		t.Errorf("round trip:\n %#v\n %#v\n via %s", m, back, b)
	}
	re := game.Reject("x", "R-1", "game.choose.none", "side", game.SideA)
	b, _ = json.Marshal(re)
	var re2 game.RuleError
	if err := json.Unmarshal(b, &re2); err != nil || re2.In(game.LangFR) != "aucune décision n'attend A (R-1)" {
		t.Errorf("refusal round trip: %s → %+v %v", b, re2, err)
	}
	var zero struct {
		Text game.Msg `json:"text,omitzero"`
	}
	if b, _ := json.Marshal(zero); string(b) != "{}" {
		t.Errorf("zero message written: %s", b)
	}
}
