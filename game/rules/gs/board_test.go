package gs_test

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/game/rules/gs"
)

// During the set-up both deployment zones are drawn, to each side and to
// spectators (they are the scenario's, public even when the set-up is
// secret).
func TestBoardDrawsDeployZones(t *testing.T) {
	sc := loadGS(t, "gs-1")
	g, err := game.Start(gs.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.State.Clock().Phase != gs.PhaseSetup {
		t.Fatalf("gs-1 starts in %q, want the set-up", g.State.Clock().Phase)
	}
	rules := gs.New()
	for _, viewer := range []game.Side{game.SideA, game.SideB, game.Nobody} {
		n := map[string]int{}
		for _, m := range rules.Board(g.State, viewer).Marks {
			if m.Kind == "deploy" {
				n[m.Label]++
			}
		}
		for _, side := range game.Sides {
			if want := len(sc.Zones["deploy-"+side.String()]); want == 0 || n[side.String()] != want {
				t.Errorf("viewer %s: %d cells of %s's zone drawn, want %d", viewer, n[side.String()], side, want)
			}
		}
	}
}

// A blocked line of sight marks exactly the cell that blocks it (forest,
// village, or a change of level), never the whole line; a clear line marks
// none blocked (GS-5.8).
func TestLineOfSightMarksTheBlocker(t *testing.T) {
	sc := loadGS(t, "gs-1")
	g, err := game.Start(gs.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	rules := gs.New()
	m := sc.Map
	w, h := m.Grid.Size()
	blocked, clear := 0, 0
	for x := 0; x < min(w, 14); x++ {
		for y := 0; y < min(h, 14); y++ {
			from := grid.Coord{X: x, Y: y}
			for dx := -3; dx <= 3; dx++ {
				to := grid.Coord{X: x + dx, Y: y + 3}
				if !m.Grid.Contains(to) || m.Grid.Distance(from, to) < 2 {
					continue
				}
				ok, marks, err := rules.LineOfSight(g.State, m.Label(from), m.Label(to))
				if err != nil {
					t.Fatal(err)
				}
				var bl []game.Mark
				for _, mk := range marks {
					if mk.Kind == "blocked" {
						bl = append(bl, mk)
					}
				}
				if ok {
					clear++
					if len(bl) > 0 {
						t.Fatalf("clear line %s→%s marks %v blocked", m.Label(from), m.Label(to), bl)
					}
					continue
				}
				blocked++
				if len(bl) != 1 || len(marks) < 3 {
					t.Fatalf("blocked line %s→%s: %d cells marked blocked of %d, want exactly the blocker", m.Label(from), m.Label(to), len(bl), len(marks))
				}
				c := m.CellAt(bl[0].At)
				prev := m.CellAt(marks[0].At)
				for i := range marks {
					if marks[i].At == bl[0].At && i > 0 {
						prev = m.CellAt(marks[i-1].At)
					}
				}
				if c.Terrain != "forest" && c.Terrain != "village" && c.Level == prev.Level {
					t.Errorf("line %s→%s: blocker %s is %s at the level of the cell before it", m.Label(from), m.Label(to), m.Label(bl[0].At), c.Terrain)
				}
			}
		}
	}
	if blocked == 0 || clear == 0 {
		t.Fatalf("%d blocked and %d clear lines in the corner of gs-1: want both", blocked, clear)
	}
}

// Every counter on the board has the symbol of its type's face in the
// scenario data, except face-down ones, whose type the viewer does not
// know.
func TestBoardCounterFaces(t *testing.T) {
	sc := loadGS(t, "gs-3")
	g, err := game.Start(gs.New(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := gs.New().Board(g.State, game.SideA)
	seen := map[string]bool{}
	for _, p := range b.Pieces {
		switch {
		case p.Type == "" && p.Symbol != "":
			t.Errorf("%s has no type but symbol %q", p.ID, p.Symbol)
		case p.Type != "" && p.Symbol != sc.Faces[p.Type].Symbol:
			t.Errorf("%s (%s) has symbol %q", p.ID, p.Type, p.Symbol)
		}
		seen[p.Symbol] = true
	}
	for _, s := range []string{"infantry", "cavalry", "artillery"} {
		if !seen[s] {
			t.Errorf("no %s counter on gs-3's board (symbols %v)", s, seen)
		}
	}
	if b.SideColors[game.SideA] != "blue" || b.SideColors[game.SideB] != "orange" {
		t.Errorf("side colours %v", b.SideColors)
	}
}
