package grid

import (
	"fmt"
	"testing"
)

// Label's zero padding agrees with fmt's for every width and value.
func TestLabelPadding(t *testing.T) {
	for _, g := range []*Hex{NewHex(40, 41), NewHex(150, 12), {W: 20, H: 1200, Base: 1}} {
		cw, rw := g.widths()
		for _, c := range []Coord{{0, 0}, {5, 12}, {9, 9}, {10, 0}, {g.W - 1, g.H - 1}, {-1, 3}} {
			want := fmt.Sprintf("%0*d%0*d", cw, c.X+g.Base, rw, c.Y+g.Base)
			if got := g.Label(c); got != want {
				t.Errorf("%dx%d base %d: Label(%v) = %q, want %q", g.W, g.H, g.Base, c, got, want)
			}
		}
	}
}

func BenchmarkLabel(b *testing.B) {
	g := NewHex(40, 41)
	for i := 0; b.Loop(); i++ {
		_ = g.Label(Coord{i % 40, i % 41})
	}
}

// BenchmarkLabelFmt is the fmt.Sprintf form Label replaced, for the ratio.
func BenchmarkLabelFmt(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		_ = fmt.Sprintf("%0*d%0*d", 2, i%40, 2, i%41)
	}
}
