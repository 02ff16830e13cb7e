package render

import (
	"testing"
)

// TestVertexFacingDrawn: a facing toward a cell's corner (Le son du
// canon !'s elements face a hex vertex, Piece.FacingVertex) draws a wedge
// on that side of the counter, unlike a facing toward a side, and only
// around its cell.
func TestVertexFacingDrawn(t *testing.T) {
	r := shared
	none := facesHexBoard()
	none.Pieces[0].Facing = 0
	plain, err := r.image(none)
	if err != nil {
		t.Fatal(err)
	}
	mc := r.mustCache(t, none.Map)
	at := *none.Pieces[0].At
	c := mc.lay.center(at)
	cx, cy := c.X+mc.kit.m.cx, c.Y+mc.kit.m.cy
	cell := mc.lay.cellRect(at, 0.5*mc.lay.u)
	// Corners of a flat-topped hex: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW,
	// the signs of the wedge's offset from the counter's centre.
	want := map[int][2]int{1: {1, -1}, 2: {1, 0}, 3: {1, 1}, 4: {-1, 1}, 5: {-1, 0}, 6: {-1, -1}}
	seen := map[string]int{}
	for v := 1; v <= 6; v++ {
		b := facesHexBoard()
		b.Pieces[0].Facing = 0
		b.Pieces[0].FacingVertex = v
		img, err := r.image(b)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		var sx, sy float64
		for y := 0; y < mc.lay.size.Y; y++ {
			for x := 0; x < mc.lay.size.X; x++ {
				if plain.ColorIndexAt(x, y) == img.ColorIndexAt(x, y) {
					continue
				}
				if x < cell.Min.X || x >= cell.Max.X || y < cell.Min.Y || y >= cell.Max.Y {
					t.Errorf("corner %d: pixel %d,%d changed outside the cell %v", v, x, y, cell)
					continue
				}
				n++
				sx += float64(x) - cx
				sy += float64(y) - cy
			}
		}
		if n == 0 {
			t.Fatalf("corner %d: no wedge drawn", v)
		}
		mx, my := sx/float64(n), sy/float64(n)
		sign := func(f, eps float64) int {
			switch {
			case f > eps:
				return 1
			case f < -eps:
				return -1
			}
			return 0
		}
		eps := 0.15 * mc.lay.u
		if got := [2]int{sign(mx, eps), sign(my, eps)}; got != want[v] {
			t.Errorf("corner %d: wedge at %+.1f,%+.1f from the counter's centre, want signs %v", v, mx, my, want[v])
		}
		seen[string(img.Pix)]++
		side := facesHexBoard()
		side.Pieces[0].Facing = v
		si, _ := r.image(side)
		if diffCount(si, img) == 0 {
			t.Errorf("corner %d draws as side %d", v, v)
		}
	}
	if len(seen) != 6 {
		t.Errorf("%d distinct pictures for the six corners", len(seen))
	}
}
