package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// The crop that follows the action takes in the pending choices and the
// latest arrows, leaves out actions too far away to fit a phone-sized
// crop, and is not offered on a board without action.
func TestFocus(t *testing.T) {
	b := bigHexBoard()
	far := game.Arrow{From: grid.Coord{X: 1, Y: 1}, To: grid.Coord{X: 2, Y: 1}, Kind: "move", Side: game.SideA}
	b.Arrows = append([]game.Arrow{far}, b.Arrows...) // the oldest, far from the rest
	c, r, ok := Focus(b)
	if !ok || r < MinFollowRadius || r > MaxFollowRadius {
		t.Fatalf("big hex board: focus %v ±%d ok=%v, want a radius %d–%d", c, r, ok, MinFollowRadius, MaxFollowRadius)
	}
	g := b.Map.Grid
	for _, m := range b.Marks {
		if m.Kind == "choice" && g.Distance(c, m.At) > r {
			t.Errorf("choice %v is outside the crop %v ±%d", m.At, c, r)
		}
	}
	if g.Distance(c, far.To) <= r {
		t.Errorf("the crop %v ±%d takes in a move %d hexes from the choices", c, r, g.Distance(c, far.To))
	}
	last := b.Arrows[len(b.Arrows)-1]
	combat := b.Arrows[5]
	if g.Distance(c, combat.From) > r || g.Distance(c, combat.To) > r {
		t.Errorf("the combat %v→%v is outside the crop %v ±%d", combat.From, combat.To, c, r)
	}

	b.Marks = nil // no decision: the last arrow leads
	c, r, _ = Focus(b)
	if g.Distance(c, last.To) > r || g.Distance(c, last.From) > r {
		t.Errorf("without choices the crop %v ±%d misses the last move %v→%v", c, r, last.From, last.To)
	}

	if _, _, ok := Focus(peterBoard()); ok {
		t.Error("a board without action offers a crop")
	}
	p := peterBoard()
	p.Arrows = []game.Arrow{{From: grid.Coord{X: 20, Y: 20}, To: grid.Coord{X: 21, Y: 21}, Kind: "move", Side: game.SideA}}
	img, err := shared.FollowPNG(p)
	if err != nil {
		t.Fatal(err)
	}
	c, r, _ = Focus(p)
	crop, err := shared.Zoom(p, c, r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img, crop) {
		t.Error("FollowPNG did not draw the crop around the action")
	}
}

// A numbered line of sight gets its verdict in the legend, naming the
// blocking hexes; unnumbered los marks are not a line of sight.
func TestSightVerdict(t *testing.T) {
	b := losHexBoard()
	if got := sightVerdict(b); !strings.HasPrefix(got, "line of sight 0100 → 0604: BLOCKED at ") {
		t.Errorf("blocked line: verdict %q", got)
	}
	for i := range b.Marks {
		b.Marks[i].Kind = "los"
	}
	if got, want := sightVerdict(b), "line of sight 0100 → 0604: CLEAR"; got != want {
		t.Errorf("clear line: verdict %q, want %q", got, want)
	}
	if got := sightVerdict(smallHexBoard()); got != "" {
		t.Errorf("unnumbered los marks: verdict %q, want none", got)
	}
}

// Follow crops only maps too large for a phone: a big board with action
// is cropped, the same action on a small map is not.
func TestFollowLargeMapsOnly(t *testing.T) {
	p := peterBoard()
	p.Arrows = []game.Arrow{{From: grid.Coord{X: 20, Y: 20}, To: grid.Coord{X: 21, Y: 21}, Kind: "move", Side: game.SideA}}
	c, r, ok := New().Follow(p)
	if !ok || p.Map.Grid.Distance(c, grid.Coord{X: 21, Y: 21}) > r {
		t.Fatalf("Peter the Great's map: Follow %v ±%d ok=%v, want a crop around the move", c, r, ok)
	}
	small := *p
	m := *p.Map
	m.Grid = grid.NewHex(12, 10)
	small.Map = &m
	small.Arrows = []game.Arrow{{From: grid.Coord{X: 2, Y: 2}, To: grid.Coord{X: 3, Y: 3}, Kind: "move", Side: game.SideA}}
	if _, _, ok := New().Follow(&small); ok {
		t.Error("a 12×10 map is cropped")
	}
	if _, _, ok := New().Follow(peterBoard()); ok {
		t.Error("a board without action is cropped")
	}
}
