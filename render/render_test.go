package render

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Golden images live in testdata. After an intended change to the
// drawing, regenerate them and look at them before committing:
//
//	go test ./render -run TestGolden -update
var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

// Golden tolerance: a pixel differs when one of its channels is off by
// more than goldenChannelTol; a test fails when more than goldenBadShare
// of the pixels differ (room for font rasterizer or compiler changes, not
// for a missing counter or road).
const (
	goldenChannelTol = 32
	goldenBadShare   = 0.002
)

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board func() *game.Board
		zoom  *grid.Coord
	}{
		{"hex-small", smallHexBoard, nil},
		{"square-small", smallSquareBoard, nil},
		{"hex-small-zoom", smallHexBoard, &grid.Coord{X: 3, Y: 3}},
		{"hex-setup", setupHexBoard, nil},
		{"hex-los", losHexBoard, nil},
		{"hex-faces", facesHexBoard, nil},
		{"hex-faces-zoom", facesHexBoard, &grid.Coord{X: 5, Y: 4}},
		{"hex-wide", wideHexBoard, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := shared
			var img image.Image
			var err error
			if tc.zoom != nil {
				img, err = r.ZoomImage(tc.board(), *tc.zoom, 2)
			} else {
				img, err = r.Image(tc.board())
			}
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.name+".png")
			if *update {
				var buf bytes.Buffer
				if err := png.Encode(&buf, img); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", path)
				return
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			defer f.Close()
			want, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds() != want.Bounds() {
				t.Fatalf("size %v, golden %v", img.Bounds().Size(), want.Bounds().Size())
			}
			bad, total := diffPixels(img, want)
			if float64(bad) > goldenBadShare*float64(total) {
				got := filepath.Join(os.TempDir(), "render-"+tc.name+".got.png")
				var buf bytes.Buffer
				png.Encode(&buf, img)
				os.WriteFile(got, buf.Bytes(), 0o644)
				t.Fatalf("%d of %d pixels differ from %s beyond ±%d (allowed %.1f%%); got image written to %s",
					bad, total, path, goldenChannelTol, 100*goldenBadShare, got)
			}
		})
	}
}

func diffPixels(a, b image.Image) (bad, total int) {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			if absDiff(ar, br) > goldenChannelTol || absDiff(ag, bg) > goldenChannelTol || absDiff(ab, bb) > goldenChannelTol {
				bad++
			}
			total++
		}
	}
	return bad, total
}

func absDiff(a, b uint32) uint32 {
	a, b = a>>8, b>>8
	if a > b {
		return a - b
	}
	return b - a
}

func mustPNG(t testing.TB, r *Renderer, b *game.Board) []byte {
	t.Helper()
	data, err := r.PNG(b)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A face-down piece shows neither type nor values, even when the view
// passed to the renderer still carries them; a face-up piece's values do
// show.
func TestFaceDownHidesValues(t *testing.T) {
	r := shared
	base := smallHexBoard()
	idx := -1
	for i, p := range base.Pieces {
		if p.ID == "B2" {
			idx = i
		}
	}
	if idx < 0 || !strings.Contains(strings.Join(base.Pieces[idx].Flags, ","), "face-down") {
		t.Fatal("fixture lost its face-down piece B2")
	}
	blank := mustPNG(t, r, base)

	leaky := smallHexBoard()
	leaky.Pieces[idx].Values, leaky.Pieces[idx].Type = "9-9", "artillery"
	if got := mustPNG(t, r, leaky); !bytes.Equal(got, blank) {
		t.Error("a face-down piece's values or type changed the image")
	}
	other := smallHexBoard()
	other.Pieces[idx].Values, other.Pieces[idx].Type = "1-1", "cavalry"
	if got := mustPNG(t, r, other); !bytes.Equal(got, blank) {
		t.Error("two boards differing only in a hidden piece's values render differently")
	}

	// Control: the same change on a face-up piece does change the image.
	up := smallHexBoard()
	up.Pieces[idx].Flags = nil
	up.Pieces[idx].Values = "9-9"
	up9 := mustPNG(t, r, up)
	up.Pieces[idx].Values = "1-1"
	if bytes.Equal(mustPNG(t, r, up), up9) {
		t.Error("a face-up piece's values do not show")
	}
}

// Pieces that are not active or have no cell are not drawn, whatever
// else they carry.
func TestOnlyActivePiecesOnMap(t *testing.T) {
	r := shared
	want := mustPNG(t, r, smallHexBoard())
	for _, st := range []string{game.StatusEliminated, game.StatusReserve, game.StatusExited, game.StatusHidden} {
		b := smallHexBoard()
		b.Pieces = append(b.Pieces, game.Piece{ID: "X1", Side: game.SideB, Type: "infantry", Values: "7-7", Status: st, At: at(0, 2)})
		want := want
		if st == game.StatusEliminated { // listed in the legend's box, not drawn on the map
			off := smallHexBoard()
			off.Pieces = append(off.Pieces, game.Piece{ID: "X1", Side: game.SideB, Status: st})
			want = mustPNG(t, r, off)
		}
		if got := mustPNG(t, r, b); !bytes.Equal(got, want) {
			t.Errorf("a %s piece with a cell was drawn", st)
		}
	}
	b := smallHexBoard()
	b.Pieces = append(b.Pieces, game.Piece{ID: "X1", Side: game.SideB, Values: "7-7", Status: game.StatusActive})
	if got := mustPNG(t, r, b); !bytes.Equal(got, want) {
		t.Error("an active piece without a cell was drawn")
	}
	b = smallHexBoard()
	b.Pieces = append(b.Pieces, game.Piece{ID: "X1", Side: game.SideB, Values: "7-7", Status: game.StatusActive, At: at(0, 2)})
	if got := mustPNG(t, r, b); bytes.Equal(got, want) {
		t.Error("an active piece with a cell was not drawn")
	}
}

func TestDeterministic(t *testing.T) {
	// The big board goes through the same code; TestConcurrentUse and
	// TestFastPathMatchesFullRedraw draw it again and again. Two fresh
	// Renderers each draw the static layer; the second image of one
	// comes from its caches.
	for name, mk := range map[string]func() *game.Board{"hex": smallHexBoard, "square": smallSquareBoard} {
		r1, r := New(), New()
		a := mustPNG(t, r1, mk())
		b1 := mustPNG(t, r, mk())
		b2 := mustPNG(t, r, mk())
		if !bytes.Equal(a, b1) || !bytes.Equal(b1, b2) {
			t.Errorf("%s: rendering the same board twice gives different bytes", name)
		}
		z1, err1 := r1.Zoom(mk(), grid.Coord{X: 2, Y: 2}, 2)
		z2, err2 := r.Zoom(mk(), grid.Coord{X: 2, Y: 2}, 2)
		if err1 != nil || err2 != nil || !bytes.Equal(z1, z2) {
			t.Errorf("%s: zoom not deterministic (%v, %v)", name, err1, err2)
		}
	}
}

// The cached path (static layer copied, only the tiles under the scene
// redrawn) must give exactly the image of drawing the whole scene over
// the whole static layer: a drawing that spilled out of its tiles would
// be cut off.
func TestFastPathMatchesFullRedraw(t *testing.T) {
	for name, mk := range map[string]func() *game.Board{"big": bigHexBoard, "hex": smallHexBoard, "square": smallSquareBoard, "peter": peterBoard, "odd": oddBoard, "diagonal": diagonalBoard} {
		r := shared
		b := mk()
		fast, err := r.Image(b)
		if err != nil {
			t.Fatal(err)
		}
		full := fullRedraw(t, r, b)
		fp := fast.(*image.Paletted)
		if fp.Bounds() != full.Bounds() {
			t.Fatalf("%s: sizes differ: %v vs %v", name, fp.Bounds(), full.Bounds())
		}
		if n := countDiff(fp.Pix, full.Pix); n > 0 {
			t.Errorf("%s: %d pixels differ between the cached path and a full redraw", name, n)
		}
	}
}

func countDiff(a, b []byte) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

func fullRedraw(t *testing.T, r *Renderer, b *game.Board) *image.Paletted {
	t.Helper()
	mc, err := r.cacheFor(b.Map)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := sceneOf(b)
	if err != nil {
		t.Fatal(err)
	}
	fs := &faceSet{}
	W, Hm := mc.lay.size.X, mc.lay.size.Y
	d := &drawer{l: &mc.lay, k: mc.kit.m, fs: fs, m: b.Map}
	lines := d.legendLines(b, float64(W-2*margin), "")
	H := Hm + d.legendHeight(lines)
	out := image.NewPaletted(image.Rect(0, 0, W, H), mc.pal.colors)
	copy(out.Pix, mc.static.Pix)
	work := image.NewRGBA(out.Bounds())
	mc.pal.expand(work, out, out.Bounds())
	d.dc = gg.NewContextForRGBA(work)
	d.drawScene(sc, func(lk look) *image.RGBA { return mc.kit.spriteOf(lk, fs) }, mc.kit.spritePad())
	d.drawLegend(lines, float64(Hm), float64(W))
	mc.pal.quantize(out, work, out.Bounds())
	return out
}

func TestZoomDimensions(t *testing.T) {
	r := shared
	for _, tc := range []struct {
		name   string
		board  *game.Board
		radius int
	}{
		{"hex r0", bigHexBoard(), 0}, {"hex r1", bigHexBoard(), 1}, {"hex r3", bigHexBoard(), 3}, {"hex r6", bigHexBoard(), 6},
		{"square r2", smallSquareBoard(), 2},
	} {
		g := tc.board.Map.Grid
		w, h := g.Size()
		var first image.Rectangle
		for i, c := range []grid.Coord{{X: w / 2, Y: h / 2}, {X: 0, Y: 0}, {X: w - 1, Y: h - 1}} {
			img, err := r.ZoomImage(tc.board, c, tc.radius)
			if err != nil {
				t.Fatal(err)
			}
			lay := zoomLayout(g, r.mustCache(t, tc.board.Map).lay.u, c, tc.radius)
			if img.Bounds().Dx() != lay.size.X || img.Bounds().Dy() <= lay.size.Y {
				t.Errorf("%s at %v: %v, want %d wide and taller than the %d-pixel map area", tc.name, c, img.Bounds().Size(), lay.size.X, lay.size.Y)
			}
			if p := lay.center(c); p.X < 0 || p.Y < 0 || p.X > float64(lay.size.X) || p.Y > float64(lay.size.Y) {
				t.Errorf("%s: centre cell %v at %v lies outside the %v crop", tc.name, c, p, lay.size)
			}
			if i == 0 {
				first = img.Bounds()
			} else if img.Bounds() != first {
				t.Errorf("%s: crop at %v is %v, at the centre %v", tc.name, c, img.Bounds().Size(), first.Size())
			}
			// The map area spans 2r+1 cells across at the zoomed size.
			cells := 2*float64(tc.radius) + 1
			if g.Kind() == "hex" {
				cells = 1.5*float64(2*tc.radius) + 2
			} else {
				cells *= 2
			}
			if want := int(lay.u*cells+0.999) + 2*margin; lay.size.X != want {
				t.Errorf("%s: crop %d wide, want %d", tc.name, lay.size.X, want)
			}
		}
		// A zoom is at least as large a scale as the whole map, and for a
		// small radius larger.
		if tc.radius <= 3 {
			lay := zoomLayout(g, r.mustCache(t, tc.board.Map).lay.u, grid.Coord{}, tc.radius)
			if lay.u <= r.mustCache(t, tc.board.Map).lay.u && g.Kind() == "hex" {
				t.Errorf("%s: zoom cell %.0f px is not larger than the map's %.0f px", tc.name, lay.u, r.mustCache(t, tc.board.Map).lay.u)
			}
		}
	}
}

func (r *Renderer) mustCache(t *testing.T, m *game.Map) *mapCache {
	t.Helper()
	mc, err := r.cacheFor(m)
	if err != nil {
		t.Fatal(err)
	}
	return mc
}

// The largest shipped map fits a phone-friendly budget: at most 1600 px
// wide, at most 400 KB, cell labels and counter values at least 11 px.
// The 40×41 map planned for Peter the Great stays within the width too.
func TestLargestMapBudget(t *testing.T) {
	r := shared
	for _, tc := range []struct {
		name  string
		board *game.Board
	}{{"shipped", largestShippedBoard(t)}, {"fixture 40x24", bigHexBoard()}, {"ptg 40x41", peterBoard()}} {
		data := mustPNG(t, r, tc.board)
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width > DefaultMaxWidth {
			t.Errorf("%s: %d px wide, budget %d", tc.name, cfg.Width, DefaultMaxWidth)
		}
		if len(data) > 400<<10 {
			t.Errorf("%s: %d bytes, budget 400 KB", tc.name, len(data))
		}
		k := r.mustCache(t, tc.board.Map).kit.m
		if k.labelPx < 11 || k.valPx < 11 || k.idPx < 11 {
			t.Errorf("%s: label %d px, id %d px, values %d px: want at least 11", tc.name, k.labelPx, k.idPx, k.valPx)
		}
		t.Logf("%s: %d×%d, %d bytes, cell %.0f px, label %d px", tc.name, cfg.Width, cfg.Height, len(data), k.u, k.labelPx)
	}
}

// The PNG decodes (chunk CRCs and the zlib checksum are verified by the
// decoder) to exactly the image Image returns.
func TestPNGRoundTrip(t *testing.T) {
	r := shared
	for name, b := range map[string]*game.Board{"big": bigHexBoard(), "square": smallSquareBoard()} {
		data := mustPNG(t, r, b)
		dec, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		img, err := r.Image(b)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := dec.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: decoded %T, want a paletted image", name, dec)
		}
		if p.Bounds() != img.Bounds() || !bytes.Equal(p.Pix, img.(*image.Paletted).Pix) {
			t.Errorf("%s: decoded PNG differs from the rendered image", name)
		}
	}
	// A tiny image (fewer rows than bands) still encodes.
	tiny := image.NewPaletted(image.Rect(0, 0, 3, 2), color.Palette{colWhite, colInk})
	tiny.Pix[1] = 1
	var buf bytes.Buffer
	if err := encodePaletted(&buf, tiny); err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if dec.(*image.Paletted).Pix[1] != 1 || dec.Bounds().Dx() != 3 {
		t.Error("tiny image did not round-trip")
	}
}

func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 100, 65521, 70000, 300000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		cut := 0
		if n > 0 {
			cut = rng.IntN(n)
		}
		a, b := adler32.Checksum(data[:cut]), adler32.Checksum(data[cut:])
		if got, want := adler32Combine(a, b, n-cut), adler32.Checksum(data); got != want {
			t.Errorf("n=%d cut=%d: combined %08x, want %08x", n, cut, got, want)
		}
	}
}

// Every drawing colour survives quantization exactly; the derived key
// colours (blends) stay within their 5-bit bin.
func TestKeyColors(t *testing.T) {
	mc := shared.mustCache(t, smallHexBoard().Map)
	q := func(c color.RGBA) color.RGBA { return mc.pal.rgba[mc.pal.lut[bin(c.R, c.G, c.B)]] }
	for _, c := range baseColors() {
		if got := q(c); got != c {
			t.Errorf("drawing colour %v quantizes to %v", c, got)
		}
	}
	for _, c := range keyColors() {
		got := q(c)
		if absDiff(uint32(got.R)<<8, uint32(c.R)<<8) > 7 || absDiff(uint32(got.G)<<8, uint32(c.G)<<8) > 7 || absDiff(uint32(got.B)<<8, uint32(c.B)<<8) > 7 {
			t.Errorf("key colour %v quantizes to %v", c, got)
		}
	}
	if n := len(mc.pal.rgba); n > 256 || n < len(baseColors()) {
		t.Errorf("palette has %d colours", n)
	}
}

func TestBadInput(t *testing.T) {
	r := shared
	if _, err := r.PNG(nil); !errors.Is(err, ErrNoMap) {
		t.Errorf("nil board: %v", err)
	}
	if _, err := r.PNG(&game.Board{}); !errors.Is(err, ErrNoMap) {
		t.Errorf("board without map: %v", err)
	}
	cases := map[string]func(b *game.Board){
		"piece off map": func(b *game.Board) { b.Pieces[0].At = at(99, 0) },
		"arrow off map": func(b *game.Board) { b.Arrows[0].To = grid.Coord{X: -1, Y: 0} },
		"mark off map":  func(b *game.Board) { b.Marks[0].At = grid.Coord{X: 0, Y: 50} },
	}
	for name, f := range cases {
		b := smallHexBoard()
		f(b)
		_, err := r.PNG(b)
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.Contains(err.Error(), "off the map") && !strings.Contains(err.Error(), "leaves the map") {
			t.Errorf("%s: error %q does not say what is wrong", name, err)
		}
	}
	b := smallHexBoard()
	if _, err := r.Zoom(b, grid.Coord{X: 30, Y: 0}, 2); err == nil {
		t.Error("zoom centre off the map: no error")
	}
	for _, rad := range []int{-1, MaxZoomRadius + 1} {
		if _, err := r.Zoom(b, grid.Coord{X: 1, Y: 1}, rad); err == nil {
			t.Errorf("zoom radius %d: no error", rad)
		}
	}
	odd := oddBoard()
	if _, err := r.PNG(odd); err != nil {
		t.Errorf("odd but valid board: %v", err)
	}
	if _, err := r.Zoom(odd, grid.Coord{X: 0, Y: 0}, 0); err != nil {
		t.Errorf("zoom radius 0: %v", err)
	}
}

// oddBoard holds odd but valid data: unknown terrain, hexside, link,
// mark and arrow kinds, features between cells that are not adjacent, a
// facing out of range, an arrow to its own cell, an empty id and a long
// one, a long value, an empty legend.
func oddBoard() *game.Board {
	odd := smallHexBoard()
	m := cloneMap(odd, "fixture:odd")
	m.Cells[grid.Coord{X: 1, Y: 1}] = game.Cell{Terrain: "lava", Level: 5}
	m.Edges[grid.EdgeOf(grid.Coord{X: 0, Y: 0}, grid.Coord{X: 5, Y: 5})] = []string{"river"}
	m.Edges[grid.EdgeOf(grid.Coord{X: 0, Y: 4}, grid.Coord{X: 0, Y: 5})] = []string{"palisade"}
	m.Links[grid.EdgeOf(grid.Coord{X: 0, Y: 4}, grid.Coord{X: 1, Y: 4})] = []string{"railway"}
	odd.Pieces[0].Facing = 9
	odd.Pieces[1].ID = ""
	odd.Pieces[2].ID = "AVeryLongUnitName"
	odd.Pieces[3].ID = "Rehnsköld" // on top of a stack: room for the badge
	odd.Pieces[3].Values = "10-12"
	odd.Pieces[0], odd.Pieces[3] = odd.Pieces[3], odd.Pieces[0]
	odd.Arrows = append(odd.Arrows, game.Arrow{From: grid.Coord{X: 1, Y: 1}, To: grid.Coord{X: 1, Y: 1}, Kind: "move"}, game.Arrow{From: grid.Coord{X: 0, Y: 0}, To: grid.Coord{X: 7, Y: 5}, Kind: "teleport", Label: "?"})
	odd.Marks = append(odd.Marks, game.Mark{At: grid.Coord{X: 0, Y: 3}, Kind: "smoke", Label: "S"})
	odd.Legend = game.Legend{}
	return shareMap(odd)
}

// A square grid with diagonal moves: eight facings, diagonal neighbours
// share no side.
func diagonalBoard() *game.Board {
	b := smallSquareBoard()
	g := &grid.Square{W: 8, H: 8, Diagonal: true}
	cloneMap(b, "fixture:diagonal").Grid = g
	b.Map.Edges[grid.EdgeOf(grid.MustParse(g, "a1"), grid.MustParse(g, "b2"))] = []string{"river"}
	b.Map.Links[grid.EdgeOf(grid.MustParse(g, "a1"), grid.MustParse(g, "b2"))] = []string{"road"}
	b.Pieces[0].Facing = 8
	b.Pieces[1].Facing = 2
	return shareMap(b)
}

// Unknown terrain gets a neutral fill; aliases map to known styles.
func TestTerrainNames(t *testing.T) {
	if terrainOf("lava").fill != colUnknown || terrainOf("lava").abbr != "lav" {
		t.Error("unknown terrain is not neutral with its abbreviation")
	}
	for alias, want := range map[string]string{"Woods": "forest", "swamp": "marsh", "town": "town", "": "clear", "Hill": "hill"} {
		if terrainOf(alias) != terrainStyles[want] {
			t.Errorf("%q does not draw as %s", alias, want)
		}
	}
}

// Many goroutines rendering many boards on one fresh Renderer, building
// its caches at the same time, get the bytes a lone render gets.
func TestConcurrentUse(t *testing.T) {
	boards := []func() *game.Board{bigHexBoard, smallHexBoard, smallSquareBoard}
	want := make([][]byte, len(boards))
	for i, mk := range boards {
		want[i] = mustPNG(t, shared, mk())
	}
	r := New()
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				i := (g + k) % len(boards)
				got, err := r.PNG(boards[i]())
				if err != nil || !bytes.Equal(got, want[i]) {
					errs <- fmt.Errorf("goroutine %d board %d: err %v, equal %v", g, i, err, bytes.Equal(got, want[i]))
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// Every board's legend has the eliminated-units box: each side's count
// and units, or "none".
func TestLegendEliminatedBox(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	boxText := func(b *game.Board) string {
		d := &drawer{l: &layout{hex: true}, fs: &faceSet{}}
		var s []string
		for _, l := range d.legendLines(b, 2000, "") {
			if l.box == elimBox {
				s = append(s, l.text)
			}
		}
		return strings.Join(s, " / ")
	}
	if got, want := boxText(smallHexBoard()), "eliminated · A: none · B (1): B9"; got != want {
		t.Errorf("small hex board: box %q, want %q", got, want)
	}
	b := peterBoard()
	for i := 0; i < 20; i++ {
		b.Pieces[2*i].Status, b.Pieces[2*i].At = game.StatusEliminated, nil
	}
	got := boxText(b)
	if !strings.Contains(got, "A (20): A1, A2,") || !strings.Contains(got, "+8 more") || !strings.Contains(got, "B: none") {
		t.Errorf("peter board: box %q, want A's 20 (12 named, 8 more) and B none", got)
	}
}

// An objective's name is drawn beside its star; a side letter or a symbol
// is not (namesObjective). An order in transit is drawn as a line.
func TestObjectiveNamesAndOrders(t *testing.T) {
	r := shared
	with := func(label string, arrows ...game.Arrow) []byte {
		b := smallHexBoard()
		b.Marks = append(slices.Clone(b.Marks), game.Mark{At: grid.Coord{X: 3, Y: 3}, Kind: "objective", Label: label})
		b.Arrows = append(slices.Clone(b.Arrows), arrows...)
		return mustPNG(t, r, b)
	}
	bare := with("")
	if !bytes.Equal(bare, with("A B")) {
		t.Error("a side letter or a symbol under an objective's star is drawn")
	}
	if bytes.Equal(bare, with("Muhlbach (A B)")) {
		t.Error("the objective's name is not drawn")
	}
	if bytes.Equal(bare, with("", game.Arrow{From: grid.Coord{X: 1, Y: 1}, To: grid.Coord{X: 3, Y: 2}, Kind: "order", Side: game.SideA, Label: "M1"})) {
		t.Error("the order in transit is not drawn")
	}
	for label, want := range map[string]bool{"Mühlbach (A B)": true, "A B": false, "-": false, "★": false, "Hill 3": true, "": false} {
		if namesObjective(label) != want {
			t.Errorf("namesObjective(%q) = %v", label, !want)
		}
	}
}
