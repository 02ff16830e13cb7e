package render

import (
	"bytes"
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// facesScenario declares counter faces the way a scenario file does
// ([faces] and [colors]), with a nationality: Saxon units of side B are
// drawn sky blue.
var facesScenario = &game.Scenario{
	Faces: map[string]game.CounterFace{
		"line": {Symbol: "infantry"}, "jäger": {Symbol: "light-infantry"},
		"hussars": {Symbol: "cavalry"}, "dragoons": {Symbol: "dragoons"},
		"foot-guns": {Symbol: "artillery"}, "horse-guns": {Symbol: "horse-artillery"},
		"pioneers": {Symbol: "engineers"}, "train": {Symbol: "baggage"},
		"general": {Symbol: "leader"}, "spy": {Symbol: "none"},
	},
	Colors: map[string]string{"A": "dark-blue", "B": "white", "saxon": "sky"},
	Units:  []game.UnitSpec{{ID: "B3", Side: game.SideB, Flags: []string{"saxon"}}},
}

// facesHexBoard is the golden fixture of drawing from data: every counter
// symbol of game.CounterSymbols from a scenario's faces (the type names
// say nothing a guess could use), side and nationality colours, a facing
// in every direction, markers and zone panels.
func facesHexBoard() *game.Board {
	g := grid.NewHex(10, 5)
	m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{{X: 6, Y: 1}: {Terrain: "forest"}}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: "fixture:faces"}
	b := &game.Board{Map: m, Viewer: game.SideA}
	types := []string{"line", "jäger", "hussars", "dragoons", "foot-guns", "horse-guns", "pioneers", "train", "general", "spy"}
	for i, t := range types {
		s := game.Side(i % 2)
		b.Pieces = append(b.Pieces, game.Piece{ID: fmt.Sprintf("%s%d", s, i/2+1), Side: s, Type: t, Values: "4-3", Status: game.StatusActive,
			At: at(i%5*2+i/5%2, i/5*2), Facing: i%6 + 1})
	}
	b.Pieces[9].Values = "" // a counter with no values: the symbol in the middle
	neutral := func(x, y int, kind, label string) game.Marker {
		return game.Marker{At: grid.Coord{X: x, Y: y}, Kind: kind, Label: label, Side: game.Nobody}
	}
	b.Markers = []game.Marker{
		neutral(0, 0, "redoubt", "R"),
		{At: grid.Coord{X: 6, Y: 1}, Kind: "control", Label: "ctl", Side: game.SideB},
		neutral(5, 4, "fire", ""),
		{At: grid.Coord{X: 5, Y: 4}, Kind: "smoke", Label: "S", Side: game.SideA},
		neutral(3, 4, "a", ""), neutral(3, 4, "b", ""), neutral(3, 4, "c", ""), neutral(3, 4, "d", ""),
	}
	b.Zones = []game.Zone{
		{Name: "hand", Side: game.SideA, Items: []string{"C12", "C31", "C07"}, Count: 3},
		{Name: "hand", Side: game.SideB, Count: 5},
		{Name: "deck", Side: game.Nobody, Ordered: true, Count: 40},
		{Name: "reserve", Side: game.SideA, Items: []string{"A9", "A10"}},
		{Name: "discard", Side: game.SideB},
	}
	b.Legend = game.Legend{Scenario: "counter faces from data", Turn: 1, Turns: 10, Phase: "movement", Active: game.SideA}
	b.DrawFrom(facesScenario, nil, b.Viewer)
	return shareMap(b)
}

// wideHexBoard is a 105×4 hex map (Le son du canon's boards are wider
// than 65 columns): labels CCCRR, counters past column 99.
func wideHexBoard() *game.Board {
	g := grid.NewHex(105, 4)
	m := &game.Map{Grid: g, Cells: map[grid.Coord]game.Cell{{X: 101, Y: 1}: {Terrain: "village"}}, Edges: map[grid.Edge][]string{}, Links: map[grid.Edge][]string{}, Source: "fixture:wide"}
	b := &game.Board{Map: m, Viewer: game.Nobody}
	b.Pieces = []game.Piece{
		{ID: "A1", Side: game.SideA, Type: "line", Values: "4-3", Status: game.StatusActive, At: at(2, 1), Facing: 2},
		{ID: "B1", Side: game.SideB, Type: "hussars", Values: "3-5", Status: game.StatusActive, At: at(103, 2), Facing: 5},
	}
	b.Markers = []game.Marker{{At: grid.Coord{X: 100, Y: 0}, Kind: "objective", Label: "V", Side: game.Nobody}}
	b.Legend = game.Legend{Scenario: "a wide map", Turn: 1}
	b.DrawFrom(facesScenario, nil, b.Viewer)
	return shareMap(b)
}

// TestSymbolsFromData: a counter is drawn from its Symbol, never from its
// type's name; every symbol and colour of the game package's lists draws,
// and each differently.
func TestSymbolsFromData(t *testing.T) {
	r := shared
	draw := func(ps ...game.Piece) *image.Paletted {
		b := smallHexBoard()
		b.Pieces = ps
		b.Arrows, b.Marks = nil, nil
		img, err := r.image(b)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	base := game.Piece{ID: "X1", Side: game.SideA, Values: "4-4", Status: game.StatusActive, At: at(1, 3)}
	named := base
	named.Type, named.Symbol = "infantry", "cavalry"
	data := base
	data.Type, data.Symbol = "zouaves", "cavalry"
	if d := diffCount(draw(named), draw(data)); d != 0 {
		t.Errorf("the type's name changes the drawing (%d pixels): symbols must come from data", d)
	}
	// Every symbol, and an unknown one, on one board (one drawing under
	// the race detector instead of one each): counters are opaque, so
	// the pixels inside each counter depend on its face alone.
	syms := append(slices.Clone(game.CounterSymbols), "trebuchet")
	mc := r.mustCache(t, smallHexBoard().Map)
	w, _ := mc.lay.g.Size()
	var ps []game.Piece
	for i, sym := range syms {
		p := base
		p.Symbol, p.At = sym, at(i%w, 2*(i/w))
		ps = append(ps, p)
	}
	img := draw(ps...)
	d := &drawer{l: &mc.lay, k: mc.kit.m}
	var imgs []*image.Paletted
	for _, p := range ps {
		x, y := d.stackOrigin(*p.At, 0, 1)
		rect := image.Rect(x+2, y+2, x+d.k.cw-2, y+d.k.ch-2)
		sub := image.NewPaletted(image.Rect(0, 0, rect.Dx(), rect.Dy()), img.Palette)
		for yy := range rect.Dy() {
			copy(sub.Pix[yy*sub.Stride:(yy+1)*sub.Stride], img.Pix[img.PixOffset(rect.Min.X, rect.Min.Y+yy):])
		}
		imgs = append(imgs, sub)
	}
	for i := range game.CounterSymbols {
		for j := i + 1; j < len(game.CounterSymbols); j++ {
			if diffCount(imgs[i], imgs[j]) == 0 {
				t.Errorf("symbols %s and %s draw the same", game.CounterSymbols[i], game.CounterSymbols[j])
			}
		}
	}
	if diffCount(imgs[len(syms)-1], imgs[slices.Index(game.CounterSymbols, "none")]) != 0 {
		t.Error("an unknown symbol does not draw as a plain box")
	}
	var fills []string
	ps = nil
	for i, c := range game.CounterColors {
		p := base
		p.Color, p.At = c, at(i%w, 2*(i/w))
		ps = append(ps, p)
	}
	img = draw(ps...) // every colour on one board
	for _, p := range ps {
		c := p.Color
		cc, ok := counterPalette[c]
		if !ok {
			t.Errorf("colour %q has no palette entry", c)
			continue
		}
		fills = append(fills, fmt.Sprint(cc.fill))
		x, y := counterCentre(t, r, p)
		if got := img.At(x, y-4); !sameRGB(got, cc.fill) {
			t.Errorf("colour %s: counter pixel %v, want %v", c, got, cc.fill)
		}
	}
	slices.Sort(fills)
	if len(slices.Compact(fills)) != len(game.CounterColors) {
		t.Error("two counter colours have the same fill")
	}
}

// counterCentre is a pixel on the left part of p's counter, away from its
// text and symbol.
func counterCentre(t *testing.T, r *Renderer, p game.Piece) (int, int) {
	t.Helper()
	mc := r.mustCache(t, smallHexBoard().Map)
	d := &drawer{l: &mc.lay, k: mc.kit.m}
	x, y := d.stackOrigin(*p.At, 0, 1)
	return x + 3, y + d.k.ch/2 + 4
}

func sameRGB(c interface{ RGBA() (r, g, b, a uint32) }, want interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, _ := c.RGBA()
	r2, g2, b2, _ := want.RGBA()
	return r1>>8 == r2>>8 && g1>>8 == g2>>8 && b1>>8 == b2>>8
}

func diffCount(a, b *image.Paletted) int {
	if a.Bounds() != b.Bounds() {
		return -1
	}
	// Row by row over the pixel bytes: equal rows (most of them) are
	// skipped at memory speed, which matters under -race.
	n, w := 0, a.Bounds().Dx()
	for y := 0; y < a.Bounds().Dy(); y++ {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		if bytes.Equal(ra, rb) {
			continue
		}
		for i := range ra {
			if ra[i] != rb[i] {
				n++
			}
		}
	}
	return n
}

// TestFacingAndMarkersDrawn: a facing wedge and a marker each change the
// picture, only around their cell; a marker off the map is an error.
func TestFacingAndMarkersDrawn(t *testing.T) {
	r := shared
	b := facesHexBoard()
	plain, err := r.image(b)
	if err != nil {
		t.Fatal(err)
	}
	mc := r.mustCache(t, b.Map)
	d := &drawer{l: &mc.lay, k: mc.kit.m, fs: &faceSet{}}

	nf := facesHexBoard()
	nf.Pieces[0].Facing = 0
	img, _ := r.image(nf)
	if n := diffCount(plain, img); n == 0 {
		t.Error("a facing draws nothing")
	}
	outside := func(img *image.Paletted, keep image.Rectangle) int {
		n := 0
		for y := 0; y < mc.lay.size.Y; y++ {
			for x := 0; x < mc.lay.size.X; x++ {
				if !(image.Point{x, y}).In(keep) && plain.ColorIndexAt(x, y) != img.ColorIndexAt(x, y) {
					n++
				}
			}
		}
		return n
	}
	if n := outside(img, mc.lay.cellRect(*nf.Pieces[0].At, 0.5*mc.lay.u)); n != 0 {
		t.Errorf("removing a facing changed %d pixels outside its cell", n)
	}

	nm := facesHexBoard()
	nm.Markers = nm.Markers[1:] // the redoubt in 0000
	img, _ = r.image(nm)
	if n := diffCount(plain, img); n == 0 {
		t.Error("a marker draws nothing")
	}
	if n := outside(img, d.markersRect(markerCell{at: grid.Coord{}, list: b.Markers[:1]})); n != 0 {
		t.Errorf("removing a marker changed %d pixels outside its chip", n)
	}
	texts, _ := d.markerChips(markerCell{at: grid.Coord{X: 3, Y: 4}, list: b.Markers[4:]})
	if strings.Join(texts, " ") != "a b +2" {
		t.Errorf("four markers in a cell show %q, want a b +2", texts)
	}
	bad := facesHexBoard()
	bad.Markers = append(bad.Markers, game.Marker{At: grid.Coord{X: 19, Y: 9}, Kind: "fire", Side: game.Nobody})
	if _, err := r.image(bad); err == nil || !strings.Contains(err.Error(), "Markers[8]") {
		t.Errorf("a marker off the map: %v", err)
	}
}

// TestZonePanels: each zone is a panel under the map with its owner, name
// and count, and its items only where the view has them.
func TestZonePanels(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	b := facesHexBoard()
	d := &drawer{l: &layout{hex: true}, fs: &faceSet{}}
	lines := d.legendLines(b, 2000, "")
	var panels []string
	for _, l := range lines {
		if l.box > elimBox {
			panels = append(panels, l.text)
		}
	}
	want := []string{
		"A hand (3): C12, C31, C07",
		"B hand (5): hidden",
		"shared deck (40): hidden",
		"A reserve (2): A9, A10",
		"B discard (0): empty",
	}
	if !slices.Equal(panels, want) {
		t.Errorf("zone panels\n got %q\nwant %q", panels, want)
	}
	if n := boxCount(lines); n != 1+len(b.Zones) {
		t.Errorf("%d panels, want the eliminated box and %d zones", n, len(b.Zones))
	}
	without := facesHexBoard()
	without.Zones = nil
	l2 := d.legendLines(without, 2000, "")
	if got, want := d.legendHeight(lines)-d.legendHeight(l2), len(b.Zones)*(d.ls().lineH+d.ls().pad); got != want {
		t.Errorf("zones add %d px to the legend, want %d", got, want)
	}
	// A zone seen through ZoneFor: the other side's hand keeps its count.
	z := game.ZoneFor(game.Zone{Name: "hand", Side: game.SideB, Sees: game.Only(game.SideB), Items: []string{"x", "y"}}, game.SideA)
	if h, text := zoneText(z); h+text != "B hand (2): hidden" {
		t.Errorf("another side's hand: %q", h+text)
	}
	// Items with labels (a card's values) are drawn with them.
	z = game.Zone{Name: "hand", Side: game.SideA, Items: []string{"guard-1", "supply-2"}, Labels: []string{"A2d8 D7", ""}, Count: 2}
	if h, text := zoneText(z); h+text != "A hand (2): guard-1 (A2d8 D7), supply-2" {
		t.Errorf("a hand with labels: %q", h+text)
	}
}

// TestWideMap: a map wider than 65 columns is drawn wider than MaxWidth
// at the smallest cell size, with five-digit labels shrunk to the width of
// a four-digit one.
func TestWideMap(t *testing.T) {
	r := shared
	b := wideHexBoard()
	img, err := r.image(b)
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w <= DefaultMaxWidth {
		t.Errorf("a 105-column map is %d px wide, want more than %d", w, DefaultMaxWidth)
	}
	if got := b.Map.Label(grid.Coord{X: 103, Y: 2}); got != "10302" {
		t.Errorf("label %q", got)
	}
	mc := r.mustCache(t, b.Map)
	d := &drawer{l: &mc.lay, k: mc.kit.m, fs: &faceSet{}}
	room := textWidth(d.face(false, d.k.labelPx), "0000")
	_, px := d.fitFace("10302", false, d.k.labelPx, minLabelPx, room)
	if px >= d.k.labelPx || textWidth(d.face(false, px), "10302") > room {
		t.Errorf("five-digit labels at %d px (cell labels %d px)", px, d.k.labelPx)
	}
	if _, err := r.Zoom(b, grid.Coord{X: 103, Y: 2}, 2); err != nil {
		t.Errorf("zoom past column 99: %v", err)
	}
}
