package render

import "image"

// tileSize is the side of the tiles in which changed pixels are tracked.
const tileSize = 16

// dirtyTiles records which tiles of an image a render draws into, so that
// each changed pixel is expanded and quantized once however many drawn
// rectangles overlap it.
type dirtyTiles struct {
	bounds image.Rectangle
	tw, th int
	set    []bool
}

func newDirtyTiles(b image.Rectangle) *dirtyTiles {
	tw := (b.Dx() + tileSize - 1) / tileSize
	th := (b.Dy() + tileSize - 1) / tileSize
	return &dirtyTiles{bounds: b, tw: tw, th: th, set: make([]bool, tw*th)}
}

// add marks the tiles that r touches.
func (t *dirtyTiles) add(r image.Rectangle) {
	r = r.Intersect(t.bounds)
	if r.Empty() {
		return
	}
	x0, y0 := (r.Min.X-t.bounds.Min.X)/tileSize, (r.Min.Y-t.bounds.Min.Y)/tileSize
	x1, y1 := (r.Max.X-t.bounds.Min.X-1)/tileSize, (r.Max.Y-t.bounds.Min.Y-1)/tileSize
	for y := y0; y <= y1; y++ {
		row := t.set[y*t.tw:]
		for x := x0; x <= x1; x++ {
			row[x] = true
		}
	}
}

// spans lists the marked tiles as rectangles, one per run of adjacent
// marked tiles in a tile row.
func (t *dirtyTiles) spans() []image.Rectangle {
	var out []image.Rectangle
	for y := 0; y < t.th; y++ {
		row := t.set[y*t.tw : (y+1)*t.tw]
		for x := 0; x < t.tw; {
			if !row[x] {
				x++
				continue
			}
			x0 := x
			for x < t.tw && row[x] {
				x++
			}
			r := image.Rect(x0*tileSize, y*tileSize, x*tileSize, (y+1)*tileSize).Add(t.bounds.Min)
			out = append(out, r.Intersect(t.bounds))
		}
	}
	return out
}
