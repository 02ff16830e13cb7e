package render

import (
	"bytes"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// countRGB counts the pixels of img in r of colour c.
func countRGB(img image.Image, r image.Rectangle, c color.Color) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if sameRGB(img.At(x, y), c) {
				n++
			}
		}
	}
	return n
}

// diffIn counts the pixels that differ between a and b inside r and
// outside it.
func diffIn(a, b *image.Paletted, r image.Rectangle) (in, out int) {
	bd := a.Bounds().Intersect(b.Bounds())
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		ra, rb := a.Pix[a.PixOffset(bd.Min.X, y):a.PixOffset(bd.Max.X, y)], b.Pix[b.PixOffset(bd.Min.X, y):b.PixOffset(bd.Max.X, y)]
		if bytes.Equal(ra, rb) { // most rows, at memory speed under -race
			continue
		}
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if a.ColorIndexAt(x, y) == b.ColorIndexAt(x, y) {
				continue
			}
			if (image.Point{x, y}).In(r) {
				in++
			} else {
				out++
			}
		}
	}
	return in, out
}

func mustImage(t *testing.T, b *game.Board) *image.Paletted {
	t.Helper()
	img, err := shared.image(b)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// sameAsFull checks that the cached path drew img as a full redraw of b
// does (the regions cover what the scene draws).
func sameAsFull(t *testing.T, b *game.Board, img *image.Paletted) {
	t.Helper()
	if full := fullRedraw(t, shared, b); countDiff(img.Pix, full.Pix) != 0 {
		t.Errorf("%d pixels differ between the cached path and a full redraw", countDiff(img.Pix, full.Pix))
	}
}

// TestDiceStrip: a board's dice are a row under the legend text, one die
// a face, white with the roller's border and the symbol's glyph (the
// flag's red pennant, the advantage's yellow star); a face without a
// glyph is its text. The map itself is unchanged.
func TestDiceStrip(t *testing.T) {
	plain := smallHexBoard()
	with := smallHexBoard()
	with.Dice = []game.DieStrip{{Label: "turn 2: A2 → B3", Side: game.SideA, Faces: []string{"infantry", "cavalry", "artillery", "flag", "advantage"}}}
	a, b := mustImage(t, plain), mustImage(t, with)
	sameAsFull(t, with, b)
	mc := shared.mustCache(t, plain.Map)
	Hm := mc.lay.size.Y
	d := &drawer{l: &mc.lay, k: mc.kit.m}
	row := d.diceRowH()
	if got := b.Bounds().Dy() - a.Bounds().Dy(); got != row {
		t.Fatalf("the dice add %d rows of pixels, want %d", got, row)
	}
	if in, _ := diffIn(a, b, image.Rect(0, 0, a.Bounds().Dx(), Hm)); in != 0 {
		t.Errorf("the dice changed %d pixels of the map", in)
	}
	strip := image.Rect(0, b.Bounds().Dy()-row-legendMap.pad, b.Bounds().Dx(), b.Bounds().Dy())
	_, _, edge, _ := (&drawer{}).sideColors(game.SideA)
	for _, c := range []struct {
		name string
		col  color.Color
		min  int
	}{{"the roller's border", edge, 5 * 60}, {"the flag", colCombat, 20}, {"the star", colObjective, 20}, {"white dice", colWhite, 5 * 300}} {
		if n := countRGB(b, strip, c.col); n < c.min {
			t.Errorf("%s: %d pixels in the dice strip, want at least %d", c.name, n, c.min)
		}
	}
	// Each symbol its own glyph; an unknown face its text.
	faces := []string{"infantry", "cavalry", "artillery", "flag", "advantage", "hit", "miss", "6", "5"}
	var imgs []*image.RGBA
	for _, f := range faces {
		img := image.NewRGBA(image.Rect(0, 0, 40, 40))
		dd := &drawer{dc: gg.NewContextForRGBA(img), fs: &faceSet{}}
		dd.die(f, 4, 4, 32, colInk)
		imgs = append(imgs, img)
	}
	for i := range imgs {
		for j := i + 1; j < len(imgs); j++ {
			if n := countDiff(imgs[i].Pix, imgs[j].Pix); n < 40 {
				t.Errorf("dice %q and %q look the same (%d bytes differ)", faces[i], faces[j], n)
			}
		}
	}
	// A phone's zoom crop has them too, larger.
	zb, err := shared.ZoomImage(with, grid.Coord{X: 3, Y: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	zrow := 2 * legendPhone.lineH
	zstrip := image.Rect(0, zb.Bounds().Dy()-zrow-legendPhone.pad, zb.Bounds().Dx(), zb.Bounds().Dy())
	if n, m := countRGB(zb, zstrip, edge), countRGB(b, strip, edge); n <= m {
		t.Errorf("the zoom crop's dice: %d pixels of the roller's border, not more than the map's %d", n, m)
	}
}

// TestAttachedChips: a piece flagged "attached" sharing a cell with a
// unit is a small chip in its side's colours on the unit counter's right
// edge — the unit is drawn as alone (no stack, no count badge) and
// nothing changes outside the chip; alone in its cell it is an ordinary
// counter.
func TestAttachedChips(t *testing.T) {
	fritz := game.Piece{ID: "Fritz", Side: game.SideB, Type: "leader", Symbol: "leader", Values: "GC", Status: game.StatusActive, At: at(3, 4), Flags: []string{"attached"}}
	base := smallHexBoard()
	with := smallHexBoard()
	with.Pieces = append(with.Pieces, fritz)
	stacked := smallHexBoard()
	plain := fritz
	plain.Flags = nil
	stacked.Pieces = append(stacked.Pieces, plain)

	sc, err := sceneOf(with)
	if err != nil {
		t.Fatal(err)
	}
	if sc.stackN[grid.Coord{X: 3, Y: 4}] != 1 || len(sc.attached) != 1 || sc.attached[0].list[0].ID != "Fritz" {
		t.Fatalf("scene: %d counters in B3's hex, attached %v", sc.stackN[grid.Coord{X: 3, Y: 4}], sc.attached)
	}
	a, b, s := mustImage(t, base), mustImage(t, with), mustImage(t, stacked)
	sameAsFull(t, with, b)
	mc := shared.mustCache(t, base.Map)
	d := &drawer{l: &mc.lay, k: mc.kit.m, fs: &faceSet{}}
	_, boxes := d.attachedChips(sc.attached[0], 1)
	chip := boxes[0]
	area := d.attachedRect(sc.attached[0], 1)
	legend := image.Rect(0, mc.lay.size.Y, b.Bounds().Dx(), b.Bounds().Dy())
	in, out := diffIn(a, b, area)
	if in < chip.Dx()*chip.Dy()/2 {
		t.Errorf("the chip changed %d pixels of its %v", in, chip)
	}
	if lin, _ := diffIn(a, b, legend); out != lin {
		t.Errorf("%d pixels changed outside the chip and the legend", out-lin)
	}
	fill, _, _, _ := d.sideColors(game.SideB)
	if n := countRGB(b, chip, fill); n < chip.Dx()*chip.Dy()/4 {
		t.Errorf("%d pixels of B's fill in the chip %v", n, chip)
	}
	if in, _ := diffIn(b, s, area); in == 0 {
		t.Error("stacked and attached leaders look the same")
	}
	// Alone, it is an ordinary counter.
	alone := fritz
	alone.At = at(6, 5)
	lone, lonePlain := smallHexBoard(), smallHexBoard()
	lone.Pieces = append(lone.Pieces, alone)
	alone.Flags = nil
	lonePlain.Pieces = append(lonePlain.Pieces, alone)
	if n := diffCount(mustImage(t, lone), mustImage(t, lonePlain)); n != 0 {
		t.Errorf("an attached piece alone differs from a counter by %d pixels", n)
	}
}

// TestCommandOutline: "command" marks (a command radius) are outlined
// in their side's colour along the radius's outer border only.
func TestCommandOutline(t *testing.T) {
	centre := grid.Coord{X: 5, Y: 2}
	base := smallHexBoard()
	with := smallHexBoard()
	g := base.Map.Grid
	ring := []grid.Coord{centre}
	ring = append(ring, g.Neighbors(centre)...)
	for _, c := range ring {
		with.Marks = append(with.Marks, game.Mark{At: c, Kind: "command", Label: "A"})
	}
	a, b := mustImage(t, base), mustImage(t, with)
	sameAsFull(t, with, b)
	mc := shared.mustCache(t, base.Map)
	l := &mc.lay
	_, _, edge, _ := (&drawer{}).sideColors(game.SideA)
	near := func(p pt) image.Rectangle {
		return image.Rect(int(p.X)-2, int(p.Y)-2, int(p.X)+3, int(p.Y)+3)
	}
	n := ring[1]
	inner := lerp(l.center(centre), l.center(n), 0.5)
	if in, _ := diffIn(a, b, near(inner)); in != 0 {
		t.Errorf("the edge between %v and %v, both in the radius, changed %d pixels", centre, n, in)
	}
	outer := 0
	for _, o := range g.Neighbors(n) {
		if slices.Contains(ring, o) {
			continue
		}
		p := near(lerp(l.center(n), l.center(o), 0.5))
		if countRGB(b, p, edge) > 0 && countRGB(a, p, edge) == 0 {
			outer++
		}
	}
	if outer == 0 {
		t.Errorf("no border edge of %v is drawn in A's colour", n)
	}
}

// TestOneEliminatedPanel: a board whose ruleset keeps an "eliminated"
// zone shows that panel only, not render's own.
func TestOneEliminatedPanel(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	b := smallHexBoard()
	d := &drawer{l: &layout{hex: true}, fs: &faceSet{}}
	count := func() int {
		n := 0
		for _, l := range d.legendLines(b, 2000, "") {
			if l.head != "" && (l.head == "eliminated" || len(l.head) > 11 && l.head[2:12] == "eliminated") {
				n++
			}
		}
		return n
	}
	if n := count(); n != 1 {
		t.Fatalf("without zones: %d eliminated panels", n)
	}
	b.Zones = []game.Zone{{Name: "eliminated", Side: game.SideA, Sees: game.Everyone}}
	if n := count(); n != 1 {
		t.Errorf("with the ruleset's eliminated zone: %d eliminated panels", n)
	}
}
