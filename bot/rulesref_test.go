package bot

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/gs"
)

// gsBasicRules are the rule ids of sections GS-1 to GS-6 of the Grands
// Stratèges digest (shared/rules/grands-strateges.md), which the
// reference must cover.
var gsBasicRules = []string{
	"GS-1", "GS-1.1", "GS-1.2", "GS-1.3",
	"GS-2", "GS-2.1", "GS-2.2", "GS-2.3", "GS-2.4", "GS-2.5", "GS-2.6", "GS-2.7", "GS-2.8", "GS-2.9", "GS-2.10", "GS-2.11",
	"GS-3", "GS-3.1", "GS-3.2", "GS-3.3", "GS-3.4", "GS-3.5", "GS-3.6", "GS-3.7", "GS-3.8",
	"GS-4", "GS-4.1", "GS-4.2", "GS-4.3", "GS-4.4", "GS-4.5", "GS-4.6", "GS-4.7", "GS-4.8", "GS-4.9", "GS-4.10",
	"GS-4.11", "GS-4.12", "GS-4.13", "GS-4.14", "GS-4.15", "GS-4.16", "GS-4.17", "GS-4.18", "GS-4.19", "GS-4.20",
	"GS-4.21", "GS-4.22", "GS-4.23", "GS-4.24", "GS-4.25",
	"GS-5", "GS-5.1", "GS-5.2", "GS-5.3", "GS-5.4", "GS-5.5", "GS-5.6", "GS-5.7", "GS-5.8", "GS-5.9", "GS-5.10",
	"GS-5.11", "GS-5.12", "GS-5.13", "GS-5.14",
	"GS-6", "GS-6.1", "GS-6.2",
}

func TestRulesReference(t *testing.T) {
	all, err := references()
	if err != nil {
		t.Fatal(err)
	}
	gs := all["gs"]
	if gs == nil {
		t.Fatal("no reference for gs")
	}
	ids := map[string]*refEntry{}
	for _, e := range gs.Entries {
		if ids[e.ID] != nil {
			t.Errorf("%s twice", e.ID)
		}
		ids[e.ID] = e
		for _, l := range Langs {
			if len(e.Text[l]) < 20 {
				t.Errorf("%s: %s text %q is too short", e.ID, l, e.Text[l])
			}
		}
		if len(e.Keywords) == 0 {
			t.Errorf("%s: no keywords", e.ID)
		}
	}
	for _, id := range gsBasicRules {
		if ids[id] == nil {
			t.Errorf("the reference lacks %s", id)
		}
	}
	// Rule ids the gs engine cites in its refusals and prompts are covered.
	for _, id := range []string{"GS-P-04", "GS-P-07", "GS-P-10", "GS-P-15", "GS-P-19", "GS-P-20", "GS-0.5", "GS-S1.deploy", "GS-S1.victory", "GS-T1", "GS-T2"} {
		if ids[id] == nil {
			t.Errorf("the reference lacks %s", id)
		}
	}

	exact, under, _ := gs.lookup(EN, "gs-4.16")
	if exact == nil || exact.ID != "GS-4.16" || len(under) != 0 {
		t.Errorf("lookup GS-4.16: %v %v", exact, under)
	}
	exact, under, _ = gs.lookup(FR, "GS-4")
	if exact == nil || len(under) != 25 {
		t.Errorf("lookup GS-4: %v, %d ids under it", exact, len(under))
	}
	_, _, hits := gs.lookup(FR, "Retraite")
	if len(hits) == 0 || !strings.HasPrefix(hits[0].ID, "GS-4.2") {
		t.Errorf("lookup retraite: %d hits, first %v", len(hits), hits)
	}
	_, _, hits = gs.lookup(FR, "défense doublee")
	if len(hits) == 0 || hits[0].ID != "GS-4.10" {
		t.Errorf("accent-insensitive lookup: %v", hits)
	}
	if _, _, hits = gs.lookup(EN, "zeppelin"); len(hits) != 0 {
		t.Errorf("lookup zeppelin: %v", hits)
	}
}

func TestParseReferenceErrors(t *testing.T) {
	for _, src := range []string{
		"== GS-1 | x\nen: a\n",                  // no ruleset line
		"ruleset: gs\nen: orphan\n",             // text before an entry
		"ruleset: gs\n== GS-1 | x\nde: hallo\n", // unknown language
	} {
		if _, err := parseReference("bad.txt", src); err == nil {
			t.Errorf("parsed %q", src)
		}
	}
	r, err := parseReference("ok.txt", "ruleset: zz\n== ZZ-1 | a, b\nen: one\n  two\nfr: un\n")
	if err != nil || len(r.Entries) != 1 || r.Entries[0].Text[EN] != "one two" || len(r.Entries[0].Keywords) != 2 {
		t.Fatalf("%+v %v", r, err)
	}
}

// TestGameText: refusals and narration are rendered in the reader's
// language from the ruleset's messages; a refusal still written in English
// only keeps its text inside a French frame with the rule id and code.
func TestGameText(t *testing.T) {
	cases := []struct {
		err    *game.RuleError
		en, fr string
	}{
		{game.Reject("too-far", "GS-2.9", "gs.too-far", "unit", "A6", "hex", "0707", "need", "7", "mp", "6"),
			"A6 cannot reach 0707: it needs 7 MP and has 6 (GS-2.9)", "A6 ne peut pas atteindre 0707 : il faut 7 PM et elle en a 6 (GS-2.9)"},
		{game.Reject(game.CodeWrongSide, "GS-1.1", "gs.not-your-turn", "side", game.SideB, "phase", game.Term("move")),
			"it is B's move phase (GS-1.1)", "c'est la phase de mouvement de B (GS-1.1)"},
		{game.Reject(game.CodePending, "GS-4.21", "game.decision.first", "side", game.SideB, "prompt", game.M("gs.prompt.retreat", "unit", "B6", "hex", "0716")),
			"first B must decide: B6 must retreat one hex from 0716 (GS-4.21)", "d'abord B doit décider : B6 doit reculer d'une case depuis 0716 (GS-4.21)"},
		{game.Reject(game.CodeNoSuchChoice, "", "game.choose.none", "side", game.SideA),
			"there is no decision waiting for A", "aucune décision n'attend A"},
		{game.Refuse("brand-new-code", "GS-9.1", "something new"),
			"something new (GS-9.1)", "ordre refusé par la règle GS-9.1 (code brand-new-code) ; explication du moteur, en anglais : something new"},
	}
	for _, tc := range cases {
		if got := ruleErrorText(FR, tc.err); got != tc.fr {
			t.Errorf("%s:\n got  %s\n want %s", tc.err.Code, got, tc.fr)
		}
		if got := ruleErrorText(EN, tc.err); got != tc.en {
			t.Errorf("English %s:\n got  %s\n want %s", tc.err.Code, got, tc.en)
		}
	}
	ev := gs.PhaseChanged{Turn: 1, Phase: gs.PhaseMove, Active: game.SideB, Skipped: "A has no combat to fight"}
	if got, want := eventText(FR, ev), "A n'a aucun combat à livrer ; tour 1 : phase de mouvement de B"; got != want {
		t.Errorf("French narration:\n got  %s\n want %s", got, want)
	}
	if got, want := eventText(EN, ev), "A has no combat to fight; turn 1: move phase of B"; got != want {
		t.Errorf("English narration:\n got  %s\n want %s", got, want)
	}
	d := game.Decision{Prompt: "an English prompt"}
	if promptText(FR, d) != "an English prompt" {
		t.Errorf("a prompt without a message: %q", promptText(FR, d))
	}
}
