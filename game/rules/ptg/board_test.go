package ptg_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/ptg"
)

// During the set-up both set-up zones are drawn, to each side and to
// spectators: they are the scenario's, public while the set-up is secret.
func TestBoardDrawsSetupZones(t *testing.T) {
	s := startPTG(t, "ptg-standard", nil)
	rules := ptg.New()
	for _, viewer := range []game.Side{ptg.Swedes, ptg.Russians, game.Nobody} {
		n := map[string]int{}
		for _, m := range rules.Board(s, viewer).Marks {
			if m.Kind == "deploy" {
				n[m.Label]++
			}
		}
		for side, zone := range map[game.Side]string{ptg.Swedes: "swedish-setup", ptg.Russians: "russian-setup"} {
			if want := len(s.Scenario().Zones[zone]); want == 0 || n[side.String()] != want {
				t.Errorf("viewer %s: %d cells of %s's zone drawn, want %d", viewer, n[side.String()], side, want)
			}
		}
	}
}

// The board carries the eliminated units (off the map) for the legend's
// eliminated-units box.
func TestBoardListsEliminated(t *testing.T) {
	s := startPTG(t, "ptg-standard", nil)
	u := &s.Units[0]
	u.Status = game.StatusEliminated
	found := false
	for _, p := range ptg.New().Board(s, u.Side).Pieces {
		if p.ID == u.ID {
			found = p.Status == game.StatusEliminated && p.At == nil
		}
	}
	if !found {
		t.Errorf("eliminated %s is not on the board's piece list as eliminated, off the map", u.ID)
	}
}

// A line of sight blocked by a woods hex marks that hex blocked and the
// rest of the line clear, so the image shows what blocks it.
func TestLineOfSightMarksTheBlocker(t *testing.T) {
	s := startPTG(t, "ptg-standard", nil)
	m := s.Scenario().Map
	g := m.Grid
	for _, w := range g.Cells() {
		if m.CellAt(w).Terrain != ptg.Woods {
			continue
		}
		for d := 0; d < 3; d++ {
			a, b := g.Step(w, d), g.Step(w, d+3)
			if !g.Contains(a) || !g.Contains(b) || m.CellAt(a).Terrain != ptg.Clear || m.CellAt(b).Terrain != ptg.Clear {
				continue
			}
			clear, marks, err := ptg.New().LineOfSight(s, m.Label(a), m.Label(b))
			if err != nil {
				t.Fatal(err)
			}
			if clear {
				t.Fatalf("%s → %s across woods %s is clear", m.Label(a), m.Label(b), m.Label(w))
			}
			for _, mk := range marks {
				if want := mk.At == w; (mk.Kind == "blocked") != want {
					t.Errorf("%s → %s: %s marked %s", m.Label(a), m.Label(b), m.Label(mk.At), mk.Kind)
				}
			}
			return
		}
	}
	t.Fatal("no woods hex between two clear hexes on the map")
}

// PTG's many unit types draw with their faces' symbols: aides as
// leaders, pickets as light infantry, dragoons and horse grenadiers as
// dragoons, engineers with the bridge sign.
func TestBoardCounterFaces(t *testing.T) {
	s := startPTG(t, "ptg-historical", nil)
	sym := map[string]string{}
	for _, side := range []game.Side{ptg.Swedes, ptg.Russians} { // each sees its own set-up
		for _, p := range ptg.New().Board(s, side).Pieces {
			if p.Side == side {
				sym[p.Type] = p.Symbol
			}
		}
	}
	for typ, want := range map[string]string{"leader": "leader", "infantry": "infantry", "dragoons": "dragoons", "cavalry": "cavalry"} {
		if sym[typ] != want {
			t.Errorf("%s draws as %q, want %q (all: %v)", typ, sym[typ], want, sym)
		}
	}
	for typ, got := range sym {
		if typ != "" && got == "" {
			t.Errorf("type %s has no symbol", typ)
		}
	}
}

// TestMoveLabels: a move option's label is the English rendering of its
// message (moveOptions writes the English out instead of rendering it).
func TestMoveLabels(t *testing.T) {
	rules, g := opening(t)
	n := 0
	var walk func([]game.Option)
	walk = func(os []game.Option) {
		for _, o := range os {
			if o.LabelMsg.Key == "ptg.opt.move" {
				n++
				if want := game.Render(game.LangEN, o.LabelMsg); o.Label != want {
					t.Fatalf("%s: label %q, its message says %q", o.Command, o.Label, want)
				}
			}
			walk(o.Children)
		}
	}
	for _, side := range game.Waiting(g.State) {
		walk(rules.Legal(g.State, side))
	}
	if n == 0 {
		t.Fatal("no move option listed")
	}
}
