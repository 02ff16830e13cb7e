package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// DefaultMaxWidth is the widest whole-map image, in pixels.
const DefaultMaxWidth = 1600

// maxMaps is how many maps keep a cached static layer; the least recently
// used is dropped beyond it.
const maxMaps = 8

// ErrNoMap is returned for a board without a map or grid.
var ErrNoMap = errors.New("render: board has no map")

// Renderer draws boards to PNG. The zero value is ready to use and is
// safe for concurrent use. It caches, per map, the static layer (terrain,
// hexsides, roads, labels) as a paletted image with its palette, and, per
// cell size, the counter sprites.
type Renderer struct {
	// MaxWidth bounds the width of whole-map images; 0 means
	// DefaultMaxWidth. Set it before the first render.
	MaxWidth int

	initOnce sync.Once
	mu       sync.Mutex
	maps     map[*game.Map]*mapCache
	order    []*game.Map // least recently used first
	kits     map[kitKey]*scaleKit
	faces    sync.Pool
	work     sync.Pool
}

// New returns a Renderer with the default width.
func New() *Renderer { return &Renderer{} }

type kitKey struct {
	hex bool
	u   float64
}

// scaleKit is what depends only on the cell size: metrics and sprites.
type scaleKit struct {
	m       *metrics
	mu      sync.Mutex
	sprites map[look]*image.RGBA
}

// mapCache is the cached static layer of one map at its whole-map scale.
type mapCache struct {
	once   sync.Once
	err    error
	lay    layout
	kit    *scaleKit
	pal    *palette
	static *image.Paletted
}

func (r *Renderer) init() {
	r.initOnce.Do(func() {
		r.maps = map[*game.Map]*mapCache{}
		r.kits = map[kitKey]*scaleKit{}
		r.faces.New = func() any { return &faceSet{} }
	})
}

func (r *Renderer) maxWidth() int {
	if r.MaxWidth > 0 {
		return r.MaxWidth
	}
	return DefaultMaxWidth
}

func (r *Renderer) kitFor(hex bool, u float64) *scaleKit {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := kitKey{hex, u}
	if kit, ok := r.kits[k]; ok {
		return kit
	}
	if len(r.kits) >= 4*maxMaps {
		r.kits = map[kitKey]*scaleKit{}
	}
	kit := &scaleKit{m: newMetrics(u, hex), sprites: map[look]*image.RGBA{}}
	r.kits[k] = kit
	return kit
}

// cacheFor returns the static layer of m, drawing it on first use.
func (r *Renderer) cacheFor(m *game.Map) (*mapCache, error) {
	r.init()
	r.mu.Lock()
	mc, ok := r.maps[m]
	if !ok {
		mc = &mapCache{}
		r.maps[m] = mc
	}
	for i, x := range r.order {
		if x == m {
			r.order = append(r.order[:i], r.order[i+1:]...)
			break
		}
	}
	r.order = append(r.order, m)
	for len(r.order) > maxMaps {
		delete(r.maps, r.order[0])
		r.order = r.order[1:]
	}
	r.mu.Unlock()
	mc.once.Do(func() { mc.err = r.build(mc, m) })
	return mc, mc.err
}

func (r *Renderer) build(mc *mapCache, m *game.Map) error {
	if err := loadFonts(); err != nil {
		return err
	}
	mc.lay = baseLayout(m.Grid, r.maxWidth())
	mc.kit = r.kitFor(mc.lay.hex, mc.lay.u)
	fs := r.faces.Get().(*faceSet)
	defer r.faces.Put(fs)
	img := image.NewRGBA(image.Rect(0, 0, mc.lay.size.X, mc.lay.size.Y))
	d := &drawer{dc: gg.NewContextForRGBA(img), l: &mc.lay, k: mc.kit.m, fs: fs, m: m}
	d.drawStatic(img.Bounds())
	mc.pal = buildPalette(img)
	mc.static = image.NewPaletted(img.Bounds(), mc.pal.colors)
	mc.pal.quantize(mc.static, img, img.Bounds())
	return nil
}

func checkBoard(b *game.Board) error {
	if b == nil || b.Map == nil || b.Map.Grid == nil {
		return ErrNoMap
	}
	if w, h := b.Map.Grid.Size(); w <= 0 || h <= 0 {
		return fmt.Errorf("render: map %q has an empty %d×%d grid", b.Map.Source, w, h)
	}
	return loadFonts()
}

// PNG renders the whole board as a PNG.
func (r *Renderer) PNG(b *game.Board) ([]byte, error) {
	img, err := r.image(b)
	if err != nil {
		return nil, err
	}
	return r.encode(img)
}

// Image renders the whole board; the result is an *image.Paletted.
func (r *Renderer) Image(b *game.Board) (image.Image, error) {
	img, err := r.image(b)
	if err != nil {
		return nil, err
	}
	return img, nil
}

// image is the fast path: the cached static layer is copied, and only
// the rectangles under pieces, overlays and the legend are expanded to
// RGBA, drawn on and quantized back.
func (r *Renderer) image(b *game.Board) (*image.Paletted, error) {
	if err := checkBoard(b); err != nil {
		return nil, err
	}
	sc, err := sceneOf(b)
	if err != nil {
		return nil, err
	}
	mc, err := r.cacheFor(b.Map)
	if err != nil {
		return nil, err
	}
	fs := r.faces.Get().(*faceSet)
	defer r.faces.Put(fs)

	W, Hm := mc.lay.size.X, mc.lay.size.Y
	d := &drawer{l: &mc.lay, k: mc.kit.m, fs: fs, m: b.Map, sides: b.SideColors}
	lines := d.legendLines(b, float64(W-2*margin), "")
	H := Hm + d.legendHeight(lines)
	out := image.NewPaletted(image.Rect(0, 0, W, H), mc.pal.colors)
	copy(out.Pix, mc.static.Pix)

	work := r.getWork(W, H)
	defer r.work.Put(work)
	d.dc = gg.NewContextForRGBA(work)

	pad := mc.kit.spritePad()
	dirty := newDirtyTiles(out.Bounds())
	for _, rg := range r.regions(d, sc, pad, W, Hm, H) {
		dirty.add(rg)
	}
	spans := dirty.spans()
	mapArea := image.Rect(0, 0, W, Hm) // the legend is redrawn whole
	for _, rg := range spans {
		mc.pal.expand(work, out, rg.Intersect(mapArea))
	}
	d.drawScene(sc, func(lk look) *image.RGBA { return mc.kit.spriteOf(lk, fs) }, pad)
	d.drawLegend(lines, float64(Hm), float64(W))
	for _, rg := range spans {
		mc.pal.quantize(out, work, rg)
	}
	return out, nil
}

// regions lists the rectangles the scene and legend draw into.
func (r *Renderer) regions(d *drawer, sc *scene, pad, W, Hm, H int) []image.Rectangle {
	d.occupied = sc.occupied
	regs := make([]image.Rectangle, 0, len(sc.marks)+len(sc.stacks)+len(sc.arrows)+1)
	for _, m := range sc.marks {
		regs = append(regs, d.markRect(m))
	}
	for _, st := range sc.stacks {
		regs = append(regs, d.stackRect(st, pad))
	}
	for _, a := range sc.arrows {
		regs = append(regs, d.arrowRect(a))
	}
	for _, mc := range sc.markers {
		regs = append(regs, d.markersRect(mc))
	}
	for _, ac := range sc.attached {
		regs = append(regs, d.attachedRect(ac, sc.stackN[ac.at]))
	}
	if s, ok := sightOf(sc.marks); ok {
		regs = append(regs, d.sightRect(s))
	}
	regs = append(regs, image.Rect(0, Hm, W, H))
	return regs
}

// drawScene draws marks, counters and arrows in their order.
func (d *drawer) drawScene(sc *scene, sprite func(look) *image.RGBA, pad int) {
	d.occupied = sc.occupied
	d.drawMarks(sc.marks, true)
	d.commandOutline(sc.marks)
	d.drawStacks(sc.stacks, sprite, pad)
	d.drawAttached(sc.attached, sc.stackN)
	d.drawMarkers(sc.markers)
	d.drawArrows(sc.arrows)
	if s, ok := sightOf(sc.marks); ok {
		d.drawSight(s)
	}
	d.drawMarks(sc.marks, false)
	d.drawArrowLabels(sc.arrows)
}

// getWork returns a pooled RGBA scratch image at least w×h.
func (r *Renderer) getWork(w, h int) *image.RGBA {
	if x, ok := r.work.Get().(*image.RGBA); ok {
		if b := x.Bounds(); b.Dx() >= w && b.Dy() >= h {
			return x
		}
		w, h = max(w, x.Bounds().Dx()), max(h, x.Bounds().Dy())
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// Zoom renders a crop of radius cells around center at a larger scale,
// for phones. The crop has the same size wherever center lies; cells
// beyond the map edge show the margin colour.
func (r *Renderer) Zoom(b *game.Board, center grid.Coord, radius int) ([]byte, error) {
	img, err := r.ZoomImage(b, center, radius)
	if err != nil {
		return nil, err
	}
	return r.encode(img)
}

// ZoomImage is Zoom without the PNG encoding.
func (r *Renderer) ZoomImage(b *game.Board, center grid.Coord, radius int) (*image.Paletted, error) {
	if err := checkBoard(b); err != nil {
		return nil, err
	}
	if !b.Map.Grid.Contains(center) {
		return nil, fmt.Errorf("render: zoom centre %v is off the map", center)
	}
	if radius < 0 || radius > MaxZoomRadius {
		return nil, fmt.Errorf("render: zoom radius %d: want 0 to %d", radius, MaxZoomRadius)
	}
	sc, err := sceneOf(b)
	if err != nil {
		return nil, err
	}
	mc, err := r.cacheFor(b.Map)
	if err != nil {
		return nil, err
	}
	fs := r.faces.Get().(*faceSet)
	defer r.faces.Put(fs)
	lay := zoomLayout(b.Map.Grid, mc.lay.u, center, radius)
	kit := r.kitFor(lay.hex, lay.u)
	W, Hm := lay.size.X, lay.size.Y
	d := &drawer{l: &lay, k: kit.m, fs: fs, m: b.Map, legend: legendPhone, sides: b.SideColors}
	lines := d.legendLines(b, float64(W-2*margin), fmt.Sprintf("zoom %s ±%d", b.Map.Label(center), radius))
	H := Hm + d.legendHeight(lines)
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	d.dc = gg.NewContextForRGBA(img)
	d.drawStatic(image.Rect(0, 0, W, Hm))
	view := image.Rect(0, 0, W, Hm)
	var stacks []stack
	for _, st := range sc.stacks {
		if d.stackRect(st, kit.spritePad()).Overlaps(view) {
			stacks = append(stacks, st)
		}
	}
	vis := &scene{stacks: stacks, arrows: sc.arrows, marks: sc.marks, markers: sc.markers, attached: sc.attached, stackN: sc.stackN, occupied: sc.occupied}
	d.drawScene(vis, func(lk look) *image.RGBA { return kit.spriteOf(lk, fs) }, kit.spritePad())
	d.drawLegend(lines, float64(Hm), float64(W))
	out := image.NewPaletted(img.Bounds(), mc.pal.colors)
	mc.pal.quantize(out, img, img.Bounds())
	return out, nil
}

// encode writes a paletted image as PNG (see encodePaletted).
func (r *Renderer) encode(img *image.Paletted) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(img.Pix) / 6)
	if err := encodePaletted(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encode png: %w", err)
	}
	return buf.Bytes(), nil
}
