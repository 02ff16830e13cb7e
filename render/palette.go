package render

import (
	"image"
	"image/color"
	"sort"
)

// The output is an 8-bit paletted PNG: a quarter of the bytes to deflate,
// which is what makes encoding fast. The palette is built once per map:
// first every drawing colour (keyColors, kept exact), then the most
// frequent colours of the map's static layer (mostly anti-aliased edges).
// Any other colour is mapped through a lookup table indexed by its colour
// at 5 bits per channel.

const nbins = 1 << 15

func bin(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

type palette struct {
	colors color.Palette
	rgba   []color.RGBA
	lut    [nbins]uint8
}

// colorDist is a weighted squared RGB distance (green counts most, as the
// eye sees it).
func colorDist(a, b color.RGBA) int {
	dr := int(a.R) - int(b.R)
	dg := int(a.G) - int(b.G)
	db := int(a.B) - int(b.B)
	return 2*dr*dr + 4*dg*dg + 3*db*db
}

// minPaletteDist keeps near-duplicates of existing entries out of the
// palette, so that its 256 slots spread over the colours actually seen.
const minPaletteDist = 9 * 36

// buildPalette makes the palette of a map from its static layer.
func buildPalette(img *image.RGBA) *palette {
	p := &palette{}
	var owner [nbins]int16
	for i := range owner {
		owner[i] = -1
	}
	add := func(c color.RGBA) {
		b := bin(c.R, c.G, c.B)
		if owner[b] >= 0 || len(p.rgba) == 256 {
			return
		}
		owner[b] = int16(len(p.rgba))
		p.rgba = append(p.rgba, c)
	}
	for _, c := range keyColors() {
		add(c)
	}

	var count [nbins]uint32
	var sum [nbins][3]uint32
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
		for i := 0; i+3 < len(row); i += 4 {
			k := bin(row[i], row[i+1], row[i+2])
			count[k]++
			sum[k][0] += uint32(row[i])
			sum[k][1] += uint32(row[i+1])
			sum[k][2] += uint32(row[i+2])
		}
	}
	mean := func(k int) color.RGBA {
		n := count[k]
		if n == 0 {
			r, g, bb := uint8(k>>10)<<3|4, uint8(k>>5&31)<<3|4, uint8(k&31)<<3|4
			return color.RGBA{r, g, bb, 0xFF}
		}
		return color.RGBA{uint8((sum[k][0] + n/2) / n), uint8((sum[k][1] + n/2) / n), uint8((sum[k][2] + n/2) / n), 0xFF}
	}
	order := make([]int, 0, 4096)
	for k := range count {
		if count[k] > 0 {
			order = append(order, k)
		}
	}
	sort.Slice(order, func(i, j int) bool {
		if count[order[i]] != count[order[j]] {
			return count[order[i]] > count[order[j]]
		}
		return order[i] < order[j]
	})
	for _, k := range order {
		if len(p.rgba) == 256 {
			break
		}
		if owner[k] >= 0 {
			continue
		}
		c := mean(k)
		if _, d := p.nearest(c); d < minPaletteDist {
			continue
		}
		owner[k] = int16(len(p.rgba))
		p.rgba = append(p.rgba, c)
	}
	for k := range p.lut {
		if owner[k] >= 0 {
			p.lut[k] = uint8(owner[k])
			continue
		}
		i, _ := p.nearest(mean(k))
		p.lut[k] = uint8(i)
	}
	p.colors = make(color.Palette, len(p.rgba))
	for i, c := range p.rgba {
		p.colors[i] = c
	}
	return p
}

func (p *palette) nearest(c color.RGBA) (int, int) {
	best, bd := 0, int(^uint(0)>>1)
	for i, e := range p.rgba {
		if d := colorDist(c, e); d < bd {
			best, bd = i, d
			if d == 0 {
				break
			}
		}
	}
	return best, bd
}

// quantize writes the palette indices of src's pixels in r into dst.
// Both images share the same pixel coordinates.
func (p *palette) quantize(dst *image.Paletted, src *image.RGBA, r image.Rectangle) {
	r = r.Intersect(dst.Bounds()).Intersect(src.Bounds())
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[src.PixOffset(r.Min.X, y):]
		d := dst.Pix[dst.PixOffset(r.Min.X, y):][:w]
		for x := range d {
			d[x] = p.lut[bin(s[4*x], s[4*x+1], s[4*x+2])]
		}
	}
}

// expand writes the colours of src's palette indices in r into dst.
func (p *palette) expand(dst *image.RGBA, src *image.Paletted, r image.Rectangle) {
	r = r.Intersect(dst.Bounds()).Intersect(src.Bounds())
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[src.PixOffset(r.Min.X, y):][:w]
		d := dst.Pix[dst.PixOffset(r.Min.X, y):]
		for x, i := range s {
			c := p.rgba[i]
			d[4*x], d[4*x+1], d[4*x+2], d[4*x+3] = c.R, c.G, c.B, 0xFF
		}
	}
}
