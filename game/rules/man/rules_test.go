package man_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/man"
	"github.com/grognard/grognard/internal/casetest"
	"github.com/grognard/grognard/scenarios"
)

// TestSetUp: the set-up rolls the first player with 1d10 each, ties rolled
// again (MAN-3.1, TC-T16), and lays four sections out 2×2 with their
// rotations (MAN-1.1.2, MAN-3.3, MAN-P-03); the resolved scenario keeps
// the source's id and hash, and its map is complete.
func TestSetUp(t *testing.T) {
	g := loadFull(t, 1)
	sc := g.Scenario
	if sc.ID != "man-frgb" || sc.Params["sections"] == "random" || len(strings.Fields(sc.Params["sections"])) != 4 {
		t.Fatalf("resolved scenario: %s %q", sc.ID, sc.Params["sections"])
	}
	if len(sc.Map.Cells) != 64 {
		t.Fatalf("%d cells", len(sc.Map.Cells))
	}
	// Fixed dice: 7-7 is rolled again, then 3-9: B is first.
	r := man.New()
	src := *sc
	src.Params = map[string]string{"army-A": "fr", "army-B": "gb", "first": "roll", "sections": "s01:0 s02:90 s03:180 s04:270"}
	out, err := r.SetUp(&src, nil, dice.NewFixed(7, 7, 3, 9))
	if err != nil {
		t.Fatal(err)
	}
	if out.Params["first"] != "B" {
		t.Errorf("first %s after 7-7, 3-9", out.Params["first"])
	}
	secs, _ := man.Sections()
	rot := secs[1].Rotate(90)
	// The NE section (s02 turned 90°) fills files e-h, ranks 5-8.
	if got := out.Map.CellAt(grid.Coord{X: 4, Y: 0}).Terrain; got != rot.Terrain[0][0] {
		t.Errorf("e8 is %s, want %s", got, rot.Terrain[0][0])
	}
	if _, err := r.SetUp(&game.Scenario{ID: "x", Params: map[string]string{"sections": "s01:0 s02:45 s03:0 s04:0"}}, nil, dice.NewFixed()); err == nil {
		t.Error("a 45° rotation was accepted")
	}
	// MAN-P-10: both sides on one nation is refused.
	same := *g.Scenario
	same.Params = map[string]string{"army-A": "fr", "army-B": "fr"}
	if _, err := r.Start(&same, nil); err == nil {
		t.Error("France against France was accepted (MAN-P-10)")
	}
}

// TestVerbs: every verb the Legal tree uses is declared, and every
// declared verb is one Decide knows (game.Verber).
func TestVerbs(t *testing.T) {
	r := man.New()
	declared := map[string]bool{}
	for _, v := range r.Verbs() {
		declared[v.Name] = true
		if v.Help.EN == "" || v.Help.FR == "" {
			t.Errorf("verb %s lacks help", v.Name)
		}
		_, err := r.Decide(loadFull(t, 1).State, game.Command{Side: game.SideA, Verb: v.Name}, &dice.Seeded{Seed: []byte("v")})
		if re, ok := game.AsRuleError(err); ok && re.Code == game.CodeUnknownVerb {
			t.Errorf("declared verb %s unknown to Decide", v.Name)
		}
	}
	play(t, 4, 1500, func(g *game.Game, rec game.Record) {
		for _, side := range game.Sides {
			for _, l := range game.Leaves(game.Legal(r, g.State, side)) {
				if v, _, _ := strings.Cut(l, " "); !declared[v] {
					t.Fatalf("Legal lists %q, an undeclared verb", l)
				}
			}
		}
	})
}

// TestDefaults: the deadline order of every waiting side is accepted, and
// AutoOrder plays only the deal and the end of a movement with no move
// (MAN-P-15), never a card decision (issue 20: no automatic pass that the
// opponent could read).
func TestDefaults(t *testing.T) {
	r := man.New()
	play(t, 5, 800, func(g *game.Game, rec game.Record) {
		for _, side := range game.Waiting(g.State) {
			o, why := r.DeadlineOrder(g.State, side)
			if o == "" {
				t.Fatalf("no deadline order for %v: %s", side, why)
			}
			cmd, _ := game.ParseCommand(side, o)
			if _, _, err := g.Decide(cmd, &dice.Seeded{Seed: []byte("x"), Next: g.Rolls}); err != nil {
				t.Fatalf("deadline order %q refused: %v", o, err)
			}
		}
		for _, d := range g.State.Pending() {
			if o := r.AutoOrder(g.State, d.Side); o != "" {
				t.Fatalf("AutoOrder %q answers %s", o, d.Kind)
			}
		}
	})
	if o := r.AutoOrder(loadFull(t, 1).State, loadFull(t, 1).State.Clock().Active); o != "deal" {
		t.Errorf("AutoOrder at the deal: %q", o)
	}
}

// TestAutoOrder: with every unit boxed in (MAN-TC-D21 variant 2) the
// Movement Phase ends by itself (MAN-P-15, MAN-TC-D36); with a move
// possible it does not, and the deadline plays a move (MAN-5.1).
func TestAutoOrder(t *testing.T) {
	r := man.New()
	src, err := os.ReadFile("testdata/cases/MAN-TC-D21.txtar")
	if err != nil {
		t.Fatal(err)
	}
	_, sections := casetest.Parse(string(src))
	for _, c := range []struct {
		pos, auto, deadline string
	}{{"position2.toml", "end", "end"}, {"position.toml", "", "move "}} {
		sc, err := scenarios.Parse(c.pos, []byte(sections[c.pos]))
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.Start(r, sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AutoOrder(g.State, game.SideA); got != c.auto {
			t.Errorf("%s: AutoOrder %q, want %q", c.pos, got, c.auto)
		}
		if got, _ := r.DeadlineOrder(g.State, game.SideA); !strings.HasPrefix(got, c.deadline) {
			t.Errorf("%s: DeadlineOrder %q, want %q…", c.pos, got, c.deadline)
		}
		if got := r.AutoOrder(g.State, game.SideB); got != "" {
			t.Errorf("%s: AutoOrder for the other side %q", c.pos, got)
		}
	}
}

// TestRanger: the range view marks exactly the squares of MAN-TC-D21, the
// line-of-sight view MAN-TC-T14's blocked diagonal (a5 Hill, b6 a unit).
func TestRanger(t *testing.T) {
	r := man.New()
	src, err := os.ReadFile("testdata/cases/MAN-TC-D21.txtar")
	if err != nil {
		t.Fatal(err)
	}
	_, sections := casetest.Parse(string(src))
	sc, err := scenarios.Parse("d21", []byte(sections["position.toml"]))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Start(r, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	marks, err := r.Range(g.State, game.SideA, "SC")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range marks {
		got = append(got, sc.Map.Label(m.At))
	}
	slices.Sort(got)
	if want := []string{"c3", "d2", "d3", "e3", "e4", "e5", "f4"}; !slices.Equal(got, want) {
		t.Errorf("range of SC: %v, want %v", got, want)
	}
	if _, err := r.Range(g.State, game.SideA, "N1"); err == nil {
		t.Error("the range of an enemy unit was given")
	}
	src, _ = os.ReadFile("testdata/cases/MAN-TC-T13.txtar")
	_, sections = casetest.Parse(string(src))
	sc, err = scenarios.Parse("t14", []byte(sections["position2.toml"]))
	if err != nil {
		t.Fatal(err)
	}
	g, _ = game.Start(r, sc, nil)
	clear, path, err := r.LineOfSight(g.State, "b5", "a6")
	if err != nil || clear || len(path) != 2 || path[0].Kind != "blocked" || path[1].Kind != "blocked" {
		t.Errorf("b5 → a6: clear %v, path %v, %v", clear, path, err)
	}
	if clear, _, _ := r.LineOfSight(g.State, "b5", "c4"); !clear {
		t.Error("b5 → c4 is clear through c5")
	}
}

// TestGMT2010: rules = gmt2010 plays the 2010 rows of Appendix B that
// differ from the French defaults — Forced March refused after a move
// ending in a Field (MAN-TC-D22's third position, MAN-A-25) and the
// Ambush with Leader's Command and unit cards (MAN-TC-D18's fourth,
// MAN-A-24) — unless an option given says otherwise.
func TestGMT2010(t *testing.T) {
	r := man.New()
	play := func(file, pos string, opts game.Options, orders ...string) error {
		t.Helper()
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, sections := casetest.Parse(string(src))
		sc, err := scenarios.Parse(pos, []byte(sections[pos]))
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.Start(r, sc, opts)
		if err != nil {
			t.Fatal(err)
		}
		d := dice.NewFixed(9, 1, 1)
		for _, o := range orders {
			side, text, _ := strings.Cut(o, ": ")
			sd, _ := game.ParseSide(side)
			cmd, err := game.ParseCommand(sd, text)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply(text, cmd, d); err != nil {
				return fmt.Errorf("%s: %w", o, err)
			}
		}
		return nil
	}
	march := []string{"A: move S1 c3", "A: march march-1 S1 c4"}
	for _, tc := range []struct {
		opts game.Options
		ok   bool
	}{{nil, true}, {game.Options{"rules": "gmt2010"}, false}, {game.Options{"rules": "gmt2010", "fm-end-restriction": "off"}, true}} {
		if err := play("testdata/cases/MAN-TC-D22.txtar", "position3.toml", tc.opts, march...); (err == nil) != tc.ok || err != nil && !strings.HasPrefix(err.Error(), "A: march") {
			t.Errorf("forced march from a Field with %v: %v", tc.opts, err)
		}
	}
	ambush := []string{"A: ambush ambush-1 N2", "B: defend N2-1", "A: lead L1 command S1", "A: play S1-1"}
	for _, tc := range []struct {
		opts game.Options
		ok   bool
	}{{nil, false}, {game.Options{"rules": "gmt2010"}, true}, {game.Options{"rules": "gmt2010", "ambush-cards": "leader-only"}, false}} {
		err := play("testdata/cases/MAN-TC-D18.txtar", "position4.toml", tc.opts, ambush...)
		if (err == nil) != tc.ok || err != nil && !strings.HasPrefix(err.Error(), "A: lead") {
			t.Errorf("an Ambush with Command and a unit card with %v: %v", tc.opts, err)
		}
	}
}

// spyPosition: Great Britain (A) to discard, its Spy in hand.
const spyPosition = `id = "spy"
ruleset = "man"
turns = 99
[map]
grid = "square"
width = 8
height = 8
[start]
turn = 2
phase = "discard-A"
[params]
army-A = "gb"
army-B = "fr"
edge-A = "S"
first = "A"
at-A = "fguard:d2 kdg:e2"
at-B = "guard:d7 gcav:e7"
hand-A = "spy-1 fguard-1 fguard-2 kdg-1 kdg-2"
`

// TestSpyMidDraw (MAN-P-44, MAN-A-30): a Spy played right after the draw,
// before anything else in the Movement Phase, is played partway through
// the Draw Phase: the hand is drawn back to five. Played after a move it
// is not.
func TestSpyMidDraw(t *testing.T) {
	r := man.New()
	sc, err := scenarios.Parse("spy", []byte(spyPosition))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		orders []string
		hand   int
	}{
		{[]string{"discard fguard-1", "spy spy-1"}, 5},
		{[]string{"discard fguard-1", "move fguard d3", "spy spy-1"}, 4},
	} {
		g, err := game.Start(r, sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range tc.orders {
			cmd, err := game.ParseCommand(game.SideA, o)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply(o, cmd, dice.NewFixed()); err != nil {
				t.Fatalf("%s: %v", o, err)
			}
		}
		s := g.State.(*man.State)
		if len(s.Hand[0]) != tc.hand || slices.Contains(s.Hand[0], "spy-1") || !slices.Contains(s.Discard[0], "spy-1") {
			t.Errorf("%q: hand %v, discard pile %v; want %d cards, the Spy discarded", tc.orders, s.Hand[0], s.Discard[0], tc.hand)
		}
	}
}
