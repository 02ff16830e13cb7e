package render

import (
	"fmt"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are compiled into the binary, so rendering needs no
// system fonts.
var (
	fontsOnce sync.Once
	fontsErr  error
	fontReg   *truetype.Font
	fontBold  *truetype.Font
)

func loadFonts() error {
	fontsOnce.Do(func() {
		var err error
		if fontReg, err = truetype.Parse(goregular.TTF); err != nil {
			fontsErr = fmt.Errorf("render: parse Go Regular: %w", err)
			return
		}
		if fontBold, err = truetype.Parse(gobold.TTF); err != nil {
			fontsErr = fmt.Errorf("render: parse Go Bold: %w", err)
		}
	})
	return fontsErr
}

// faceKey is a font and a size in whole pixels.
type faceKey struct {
	bold bool
	px   int
}

// faceSet holds font faces for one goroutine at a time: a truetype face
// caches glyphs and is not safe for concurrent use, so each render takes
// a set from a pool and puts it back.
type faceSet struct {
	faces map[faceKey]font.Face
}

func (fs *faceSet) face(bold bool, px int) font.Face {
	k := faceKey{bold, px}
	if f, ok := fs.faces[k]; ok {
		return f
	}
	f := fontReg
	if bold {
		f = fontBold
	}
	face := &cachedFace{
		Face: truetype.NewFace(f, &truetype.Options{Size: float64(px), DPI: 72, Hinting: font.HintingFull}),
		adv:  map[rune]fixed.Int26_6{},
	}
	if fs.faces == nil {
		fs.faces = map[faceKey]font.Face{}
	}
	fs.faces[k] = face
	return face
}

// cachedFace remembers glyph advances: a hinted truetype face runs the
// glyph's hinting program on every GlyphAdvance, and text is measured
// often (centring, wrapping, fitting).
type cachedFace struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

func (f *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if a, ok := f.adv[r]; ok {
		return a, true
	}
	a, ok := f.Face.GlyphAdvance(r)
	if ok {
		f.adv[r] = a
	}
	return a, ok
}

// textWidth is the advance width of s in pixels.
func textWidth(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}
