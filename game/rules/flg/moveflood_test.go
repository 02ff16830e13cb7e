package flg

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/scenarios"
)

// randomBattle is a movement phase on a random battlefield: every base
// terrain, roads, linear obstacles with their protected hexes, units of
// every type (mounted infantry among them) with the movement flags of
// B1, B2, B4, staff D, C1, A5/A6 and reinforcements, and officers
// activated alone.
func randomBattle(t *testing.T, seed uint64) *State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 19))
	w, h := 8+rng.IntN(7), 10+rng.IntN(13)
	g := &grid.Hex{W: w, H: h}
	lab := func(c grid.Coord) string { return fmt.Sprintf("%02d%02d", c.X+1, c.Y+1) }
	cell := func() grid.Coord { return grid.Coord{X: rng.IntN(w), Y: rng.IntN(h)} }
	var src strings.Builder
	fmt.Fprintf(&src, "id = \"rnd\"\nruleset = \"flg\"\nturns = 20\n[map]\ngrid = \"hex\"\nbase = 1\nwidth = %d\nheight = %d\n[map.terrain]\n", w, h)
	terr := []string{TForest, TTown, TMarsh, TRocks, TSand, TSnow, TMountain, TLake, TRiver, TFord, TBridge}
	byTerrain := map[string][]string{}
	for _, c := range g.Cells() {
		if rng.IntN(3) == 0 {
			tr := terr[rng.IntN(len(terr))]
			byTerrain[tr] = append(byTerrain[tr], lab(c))
		}
	}
	for _, tr := range terr {
		if len(byTerrain[tr]) > 0 {
			fmt.Fprintf(&src, "%q = %q\n", tr, strings.Join(byTerrain[tr], " "))
		}
	}
	src.WriteString("[map.links]\nroad = [")
	for k := range 1 + rng.IntN(4) {
		c := cell()
		walk := []string{lab(c)}
		for len(walk) < 3+rng.IntN(12) {
			if n := g.Step(c, rng.IntN(6)); g.Contains(n) && !slices.Contains(walk, lab(n)) {
				c = n
				walk = append(walk, lab(c))
			} else if rng.IntN(4) == 0 {
				break
			}
		}
		if len(walk) < 2 {
			walk = append(walk, lab(g.Neighbors(c)[0]))
		}
		if k > 0 {
			src.WriteString(", ")
		}
		fmt.Fprintf(&src, "%q", strings.Join(walk, " "))
	}
	src.WriteString("]\n[map.edges]\n")
	var prot []string
	for _, ob := range obstacles {
		var es []string
		for range rng.IntN(8) {
			a := cell()
			b := g.Step(a, rng.IntN(6))
			if !g.Contains(b) {
				continue
			}
			es = append(es, lab(a)+"|"+lab(b))
			if rng.IntN(3) > 0 {
				prot = append(prot, lab(b))
			}
		}
		if len(es) > 0 {
			fmt.Fprintf(&src, "%q = %q\n", ob, strings.Join(es, " "))
		}
	}
	fmt.Fprintf(&src, "[start]\nturn = 1\nphase = \"move\"\n[params]\nprotected = %q\nunits = \"\"\"\n", strings.Join(prot, " "))
	types, err := Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	taken := map[grid.Coord]bool{}
	n := 0
	for range 40 {
		c := cell()
		if taken[c] {
			continue
		}
		taken[c] = true
		n++
		side := "AB"[rng.IntN(2)]
		ty := types[rng.IntN(len(types))]
		extra := ""
		if side == 'A' {
			extra += " activated"
		}
		if ty.Family == FamInf && rng.IntN(3) == 0 {
			extra += " mount=" + []string{"horse", "camel", "elephant", "wagon"}[rng.IntN(4)]
		}
		if rng.IntN(5) == 0 {
			extra += " " + []string{"B1", "B2"}[rng.IntN(2)]
		}
		if rng.IntN(8) == 0 {
			extra += fmt.Sprintf(" carry=%d", rng.IntN(2))
		}
		fmt.Fprintf(&src, "%c U%d %s %s%s\n", side, n, ty.ID, lab(c), extra)
	}
	src.WriteString("\"\"\"\nofficers = \"\"\"\n")
	for k, sd := range []string{"A", "A", "B"} {
		c := cell()
		rank := []string{"GC", "SG", "GC"}[k]
		fmt.Fprintf(&src, "%s O%d %s %s\n", sd, k, rank, lab(c))
	}
	src.WriteString("\"\"\"\n")
	sc, err := scenarios.Parse("rnd", []byte(src.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, src.String())
	}
	gs, err := New().Start(sc, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, src.String())
	}
	s := gs.(*State)
	for i := range s.Units {
		u := &s.Units[i]
		switch rng.IntN(12) {
		case 0:
			u.Doubled = true
		case 1:
			u.Forced = true
		case 2:
			u.OneHex = true
		case 3:
			u.Withdraw = true
		case 4:
			u.Off, u.Entry = true, u.At
		case 5:
			u.NoMove = true
		}
	}
	for i := range s.Officers {
		if o := &s.Officers[i]; o.Side == s.Active && rng.IntN(2) == 0 {
			o.Alone = true
			if rng.IntN(3) == 0 {
				o.Off, o.Enter = true, 1 // from off the table by its entry hex (FLG-3.11)
			}
		}
	}
	for k := range rng.IntN(3) {
		kind := []string{"improvised", "adc"}[rng.IntN(2)]
		s.Messengers = append(s.Messengers, Messenger{ID: fmt.Sprintf("M%d", k), Side: game.Sides[rng.IntN(2)], Kind: kind, Sender: "O0", At: cell(), Moved: rng.IntN(5) == 0})
	}
	return s
}

// TestLegalMovesReference: the dense floods list the same moves, with
// the same "without combat", road and mount marks and the same paths, as
// the map floods of moveref_test.go, on random battlefields; so do
// officers activated alone and messengers.
func TestLegalMovesReference(t *testing.T) {
	compared, officers, messengers := 0, 0, 0
	for seed := range uint64(60) {
		s := randomBattle(t, seed)
		ix := s.indexed()
		got, want := ix.legalMoves(), ix.refLegalMoves()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: legal moves differ:\n got %v\nwant %v", seed, game.Leaves(got), game.Leaves(want))
		}
		if got, want := ix.legalMessengers(), ix.refLegalMessengers(); !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: messengers' moves differ:\n got %v\nwant %v", seed, game.Leaves(got), game.Leaves(want))
		} else {
			for _, l := range game.Leaves(got) {
				if strings.HasPrefix(l, "move M") {
					messengers++
				}
			}
		}
		for _, l := range game.Leaves(got) {
			if strings.HasPrefix(l, "move O") {
				officers++
			}
		}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Gone || u.Side != s.Active {
				continue
			}
			opts, ref := s.moveOptions(u), s.refMoveOptions(u)
			if len(opts) != len(ref) {
				t.Fatalf("seed %d: %s: %d destinations, want %d", seed, u.ID, len(opts), len(ref))
			}
			for c, r := range ref {
				o, ok := opts[c]
				if !ok || o.noCombat != r.noCombat || o.road != r.road || o.mount != r.mount {
					t.Fatalf("seed %d: %s to %s: %+v, want %+v", seed, u.ID, s.label(c), o, r)
				}
				if p, q := o.reach.path(c), grid.Path(r.reach, c); !slices.Equal(p, q) {
					t.Fatalf("seed %d: %s to %s: path %v, want %v", seed, u.ID, s.label(c), p, q)
				}
				compared++
			}
		}
	}
	if compared < 500 || officers < 50 || messengers < 50 {
		t.Fatalf("only %d destinations, %d officers' and %d messengers' moves compared", compared, officers, messengers)
	}
	t.Logf("%d destinations, %d officers' and %d messengers' moves compared", compared, officers, messengers)
}
