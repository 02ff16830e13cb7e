package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/all"
)

// TestVerbCommands: every verb of every shipped ruleset is an order
// command of the table, reached by its name and aliases; a verb two
// rulesets share is one command that keeps each one's help where they
// differ.
func TestVerbCommands(t *testing.T) {
	for _, r := range all.Rulesets() {
		vr, ok := r.(game.Verber)
		if !ok {
			t.Errorf("%s declares no verbs", r.Name())
			continue
		}
		for _, v := range vr.Verbs() {
			for _, w := range append([]string{v.Name}, v.Aliases...) {
				if c := lookup(w); c == nil || c.Name != v.Name || !c.Order {
					t.Errorf("%s: %q reaches %+v, want the order %s", r.Name(), w, c, v.Name)
				}
			}
		}
	}
	// Counted from the rulesets, so that registering one more keeps the
	// test: Grands Stratèges, Manœuvre, Peter the Great and Le son du
	// canon ! at least.
	move := lookup("move")
	helps := map[Text]bool{}
	for _, v := range move.Variants {
		helps[v.Help] = true
	}
	if n := declaring("move"); len(move.Variants) != n || n < 4 || len(helps) != n {
		t.Errorf("move is shared by %d rulesets with their own help: %+v", n, move.Variants)
	}
	end := lookup("end")
	if n := declaring("end"); len(end.Variants) != n || n < 4 || !end.sameEverywhere() {
		t.Errorf("end reads the same in the %d rulesets: %+v", n, end.Variants)
	}
	for _, id := range []string{"PTG-3.1", "MAN-4.2", "SDC-7.5", "FLG-1.7"} {
		if !strings.Contains(end.rulesText(), id) {
			t.Errorf("end does not name %s: %s", id, end.rulesText())
		}
	}
	if h := commandHelp(FR, lookup("move")); !strings.Contains(h, "R1 1208") || !strings.Contains(h, "A3 0512") {
		t.Errorf("help move does not show each ruleset's help:\n%s", h)
	}
	// A shared verb requires only what every ruleset requires: Manœuvre's
	// bare "retreat" beside Grands Stratèges' "retreat UNIT HEX".
	for _, a := range lookup("retreat").Args {
		if a.Required {
			t.Errorf("retreat requires %s, which Manœuvre's retreat does not", a.Name)
		}
	}
	// An argument that names different things in two rulesets is named as
	// both, and one that takes the rest of the line in one takes it in the
	// shared command: Peter the Great's "redoubt HEX building" beside
	// Manœuvre's "redoubt CARD UNIT"; Peter the Great's "advance UNIT HEX
	// with LEADER" keeps its third argument beside Grands Stratèges'.
	if a := lookup("redoubt").Args; len(a) != 1 || a[0].Name != "card-or-works" || !a[0].Rest || a[0].Kind != ArgText {
		t.Errorf("redoubt's arguments %+v, want one rest-of-line card-or-works", a)
	}
	if a := lookup("advance").Args; len(a) != 3 || a[2].Name != "with" || !a[2].Rest {
		t.Errorf("advance's arguments %+v, want Peter the Great's with at the end", a)
	}
	if lookup("frobnicate") != nil {
		t.Error("frobnicate is a command")
	}
	// Discord takes at most 100 chat commands an application (the Discord
	// adapter adds its own order command): every verb is one.
	if n := len(SlashCommands()) + 1; n > 100 {
		t.Errorf("%d slash commands: Discord registers at most 100", n)
	}
}

// declaring counts the shipped rulesets that declare the verb name.
func declaring(name string) int {
	n := 0
	for _, r := range all.Rulesets() {
		if vr, ok := r.(game.Verber); ok && slices.ContainsFunc(vr.Verbs(), func(v game.Verb) bool { return v.Name == name }) {
			n++
		}
	}
	return n
}

// verbsOnly is a ruleset that only declares verbs.
type verbsOnly struct {
	game.Ruleset
	name  string
	verbs []game.Verb
}

func (v verbsOnly) Name() string       { return v.name }
func (v verbsOnly) Title() string      { return v.name }
func (v verbsOnly) Verbs() []game.Verb { return v.verbs }

// TestVerbCollisions: a verb word (name or alias) that is a lobby or
// admin command word in either language, or names another ruleset's verb,
// is refused when the table is built.
func TestVerbCollisions(t *testing.T) {
	if _, err := buildCommands(all.Rulesets()); err != nil {
		t.Fatalf("the shipped rulesets collide: %v", err)
	}
	help := game.Text{EN: "x", FR: "x"}
	for _, tc := range []struct {
		why   string
		verbs []game.Verb
	}{
		{"the French alias of help", []game.Verb{{Name: "aide", Help: help}}},
		{"the French alias of draw", []game.Verb{{Name: "propose", Aliases: []string{"nulle"}, Help: help}}},
		{"an admin command", []game.Verb{{Name: "swap", Help: help}}},
		{"another ruleset's verb", []game.Verb{{Name: "march", Aliases: []string{"move"}, Help: help}}},
		{"another verb's alias", []game.Verb{{Name: "fin", Help: help}}},
		{"a game id", []game.Verb{{Name: "g7", Help: help}}},
	} {
		rs := append(all.Rulesets(), verbsOnly{name: "toy", verbs: tc.verbs})
		if _, err := buildCommands(rs); err == nil {
			t.Errorf("%s: %+v accepted", tc.why, tc.verbs)
		} else if !strings.Contains(err.Error(), "toy") {
			t.Errorf("%s: the error does not name the ruleset: %v", tc.why, err)
		}
	}
	// A shared verb with the same aliases is no collision.
	rs := append(all.Rulesets(), verbsOnly{name: "toy", verbs: []game.Verb{{Name: "end", Aliases: []string{"fin"}, Help: help}}})
	if _, err := buildCommands(rs); err != nil {
		t.Errorf("a shared verb: %v", err)
	}
}

// TestTypedOnly: past Discord's 100 slash commands, the orders fewest
// rulesets share have none of their own; they stay commands (typed, and on
// Discord through /order), and their help says how to give them.
func TestTypedOnly(t *testing.T) {
	var verbs []game.Verb
	for i := range 40 {
		verbs = append(verbs, game.Verb{Name: fmt.Sprintf("toy%02d", i), Help: game.Text{EN: "x", FR: "x"}})
	}
	verbs = append(verbs, game.Verb{Name: "end", Aliases: []string{"fin"}, Help: game.Text{EN: "end", FR: "fin"}})
	cs, err := buildCommands(append(all.Rulesets(), verbsOnly{name: "toy", verbs: verbs}))
	if err != nil {
		t.Fatal(err)
	}
	slash := cs.slash()
	if n := len(slash) + 1; n != SlashMax {
		t.Errorf("%d slash commands with /order, want all %d used", n, SlashMax)
	}
	names := map[string]bool{}
	for _, sc := range slash {
		names[sc.Name] = true
	}
	typed := 0
	for _, c := range cs {
		switch {
		case c.TypedOnly && names[c.Name]:
			t.Errorf("%s is typed-only and a slash command", c.Name)
		case !c.TypedOnly && !names[c.Name]:
			t.Errorf("%s has no slash command and is not typed-only", c.Name)
		case c.TypedOnly:
			typed++
			if len(c.Variants) > 1 {
				t.Errorf("%s, shared by %d rulesets, lost its slash command", c.Name, len(c.Variants))
			}
			if h := commandHelp(EN, c); !strings.Contains(h, "/order text:"+c.Name) {
				t.Errorf("help %s does not say how to give it on Discord:\n%s", c.Name, h)
			}
		}
	}
	if typed == 0 {
		t.Error("no order is typed-only past the limit")
	}
	if !names["end"] || !names["move"] || !names["new"] {
		t.Error("a shared order or a lobby command lost its slash command")
	}
	if c := cs.lookup("toy39"); c == nil || !c.Order {
		t.Errorf("a typed-only order is not a command: %+v", c)
	}
}

// TestTypedOnlyAnswersFirst: when Discord's 100 commands run out, an
// order that only answers a pending decision (game.Verb.Answer, given by
// its buttons and "choose N") is the first left without a slash command,
// before an order of one ruleset that is not one.
func TestTypedOnlyAnswersFirst(t *testing.T) {
	one := &Command{Name: "one", Variants: make([]Variant, 1)}
	answer := &Command{Name: "answer", Variants: make([]Variant, 1), answers: true}
	shared := &Command{Name: "shared", Variants: make([]Variant, 2)}
	typedOnly(SlashMax-1-2, []*Command{answer, one, shared}) // room for two
	if !answer.TypedOnly || one.TypedOnly || shared.TypedOnly {
		t.Errorf("typed only: answer %v, one %v, shared %v; want the answer alone", answer.TypedOnly, one.TypedOnly, shared.TypedOnly)
	}
	if c := func() *Command {
		cs, err := buildCommands(all.Rulesets())
		if err != nil {
			t.Fatal(err)
		}
		return cs.lookup("answer")
	}(); c == nil || !c.answers {
		t.Errorf("Frédéric le Grand's answer is not marked as answering a decision: %+v", c)
	}
}
