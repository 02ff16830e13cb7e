package render

import (
	"image/color"
	"strings"

	"github.com/grognard/grognard/game"
)

// Colours. Every colour the renderer draws with is named here, because
// the palette of the output image starts from this list (keyColors): an
// exact drawing colour always survives quantization unchanged.
var (
	colMargin   = rgb(0xE4E1D8)
	colGrid     = rgb(0x8A8474)
	colInk      = rgb(0x1A1A1A)
	colWhite    = rgb(0xFFFFFF)
	colLabel    = rgb(0x3A362E)
	colLegendBg = rgb(0xFAF8F2)

	// Terrain fills and the inks of their symbols.
	colClear     = rgb(0xF2EDD7)
	colForest    = rgb(0xAED397)
	colForestInk = rgb(0x3B7430)
	colMarsh     = rgb(0xD3E6DE)
	colMarshInk  = rgb(0x3F7F92)
	colVillage   = rgb(0xEBD6BC)
	colHouse     = rgb(0x8C3B2B)
	colLake      = rgb(0x9ECBEB)
	colLakeInk   = rgb(0x3A7DBE)
	colFields    = rgb(0xEFE3A4)
	colFieldsInk = rgb(0xB29A48)
	colRough     = rgb(0xE3DCCB)
	colRoughInk  = rgb(0x7D7361)
	colUnknown   = rgb(0xD4D4D4)
	colUnkInk    = rgb(0x505050)
	colHigh      = rgb(0xC7A466) // blended into the fill of high ground
	colContour   = rgb(0x85652E)

	// Hexside features and links.
	colRiver  = rgb(0x2C6BB3)
	colStream = rgb(0x4C92DA)
	colRidge  = rgb(0x74542A)
	colDeck   = rgb(0xD8D1BF)
	colFord   = rgb(0xE9F3FB)
	colWorks  = rgb(0x4E3D2B)
	colRoad   = rgb(0x9A4519)
	colOther  = rgb(0x6A6A6A)

	// Counters: the Okabe–Ito blue/orange pair, readable with the common
	// colour-vision deficiencies; side B also has cut corners and dark text.
	colSideA     = rgb(0x0072B2)
	colSideAText = rgb(0xFFFFFF)
	colSideAEdge = rgb(0x0A2A45)
	colSideB     = rgb(0xE69F00)
	colSideBText = rgb(0x141414)
	colSideBEdge = rgb(0x141414)
	colNeutral   = rgb(0x9C9C9C)
	colHatchA    = rgb(0x2F8FC8)
	colHatchB    = rgb(0xC98A00)

	// Overlays.
	colCombat    = rgb(0x202020)
	colFire      = rgb(0xCC79A7)
	colChoice    = rgb(0xB0388A)
	colReachWash = color.NRGBA{0xFF, 0xF0, 0x60, 0x8C} // translucent
	colReachLine = rgb(0xA68E00)
	colBlocked   = rgb(0xD55E00)
	colObjective = rgb(0xF0C419)
	colElim      = rgb(0x3A3A3A)
)

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xFF}
}

// mix returns a·(1−t) + b·t, opaque.
func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xFF}
}

// over composites a translucent colour over an opaque one.
func over(top color.NRGBA, under color.RGBA) color.RGBA {
	return mix(under, color.RGBA{top.R, top.G, top.B, 0xFF}, float64(top.A)/255)
}

// symbol names the small drawing that tells a terrain apart without colour.
type symbol int

const (
	symNone symbol = iota
	symTrees
	symMarsh
	symHouses
	symTown
	symWaves
	symFurrows
	symDots
	symText // unknown terrain: its abbreviated name
)

// terrainStyle is how one terrain is drawn.
type terrainStyle struct {
	fill  color.RGBA
	ink   color.RGBA
	sym   symbol
	level int    // high ground implied by the terrain name ("hill")
	abbr  string // for symText
}

var terrainStyles = map[string]terrainStyle{
	"clear":   {fill: colClear},
	"forest":  {fill: colForest, ink: colForestInk, sym: symTrees},
	"marsh":   {fill: colMarsh, ink: colMarshInk, sym: symMarsh},
	"village": {fill: colVillage, ink: colHouse, sym: symHouses},
	"town":    {fill: colVillage, ink: colHouse, sym: symTown},
	"hill":    {fill: colClear, level: 1},
	"lake":    {fill: colLake, ink: colLakeInk, sym: symWaves},
	"fields":  {fill: colFields, ink: colFieldsInk, sym: symFurrows},
	"rough":   {fill: colRough, ink: colRoughInk, sym: symDots},
	// Frédéric le Grand's hex terrains: a stream or river fills its hexes,
	// crossed by fords and bridges; sand, snow, mountains.
	"river":    {fill: colLake, ink: colLakeInk, sym: symWaves},
	"ford":     {fill: mix(colLake, colClear, 0.55), ink: colLakeInk, sym: symText, abbr: "ford"},
	"bridge":   {fill: mix(colLake, colClear, 0.3), ink: colHouse, sym: symText, abbr: "="},
	"sand":     {fill: rgb(0xEBDCA8), ink: rgb(0xB8964A), sym: symDots},
	"snow":     {fill: rgb(0xF5F8FB)},
	"mountain": {fill: colRough, ink: colRoughInk, sym: symText, abbr: "mtn", level: 2},
}

// terrainAliases maps the names used by the rule digests and scenario
// files to the styles above.
var terrainAliases = map[string]string{
	"": "clear", "open": "clear", "plain": "clear", "clair": "clear", "island": "clear",
	"woods": "forest", "wood": "forest", "bois": "forest", "forêt": "forest", "foret": "forest", "trees": "forest",
	"swamp": "marsh", "marais": "marsh", "bog": "marsh",
	"hamlet": "village", "farm": "village", "ferme": "village",
	"city": "town", "ville": "town", "building": "town", "buildings": "town", "built-up": "town",
	"hills": "hill", "colline": "hill", "high": "hill", "plateau": "hill", "high-ground": "hill",
	"water": "lake", "pond": "lake", "lac": "lake", "sea": "lake",
	"field": "fields", "champ": "fields", "champs": "fields", "crops": "fields",
	"rocks": "rough", "rocky": "rough", "rocaille": "rough",
	"stream": "river", "great-river": "river", "gué": "ford", "pont": "bridge", "désert": "sand", "neige": "snow", "montagne": "mountain",
}

// terrainOf returns the style of a terrain name. Unknown names get a
// neutral fill and their first three letters as the symbol.
func terrainOf(name string) terrainStyle {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := terrainAliases[n]; ok {
		n = a
	}
	if s, ok := terrainStyles[n]; ok {
		return s
	}
	abbr := []rune(n)
	if len(abbr) > 3 {
		abbr = abbr[:3]
	}
	return terrainStyle{fill: colUnknown, ink: colUnkInk, sym: symText, abbr: string(abbr)}
}

// cellFill is the fill of a cell: its terrain, darkened toward tan for
// each level of high ground.
func cellFill(ts terrainStyle, level int) color.RGBA {
	if level <= 0 {
		return ts.fill
	}
	t := 0.38 + 0.2*float64(min(level, 3)-1)
	return mix(ts.fill, colHigh, t)
}

// counterColor is the fill, text, border and face-down hatch colours of
// a counter colour.
type counterColor struct{ fill, text, edge, hatch color.RGBA }

// counterPalette holds a colour for each game.CounterColors name. Blue and
// orange are the Okabe–Ito pair of the sides; the others are the rest of
// the Okabe–Ito set and a few darker uniform colours, with white or
// near-black text, whichever reads better.
var counterPalette = map[string]counterColor{
	"blue":       {colSideA, colSideAText, colSideAEdge, colHatchA},
	"orange":     {colSideB, colSideBText, colSideBEdge, colHatchB},
	"sky":        dressed(rgb(0x56B4E9), colSideBText, colSideBText),
	"green":      dressed(rgb(0x009E73), colWhite, rgb(0x0B3B2C)),
	"yellow":     dressed(rgb(0xF0E442), colSideBText, colSideBText),
	"red":        dressed(colBlocked, colWhite, rgb(0x3A1800)),
	"purple":     dressed(colFire, colSideBText, colSideBText),
	"white":      dressed(rgb(0xF4F2EC), colSideBText, colSideBText),
	"grey":       {colNeutral, colInk, colInk, colUnknown},
	"black":      dressed(rgb(0x2B2B2B), colWhite, colInk),
	"dark-blue":  dressed(rgb(0x1E3A6E), colWhite, rgb(0x0A1630)),
	"dark-green": dressed(rgb(0x2F5D3A), colWhite, rgb(0x10261A)),
}

// dressed makes a counter colour; the hatch of a face-down counter is the
// fill lightened or darkened a little.
func dressed(fill, text, edge color.RGBA) counterColor {
	h := mix(fill, colWhite, 0.22)
	if text == colWhite {
		h = mix(fill, colInk, 0.18)
	}
	return counterColor{fill, text, edge, h}
}

// counterColors returns the fill, text, border and hatch colours of a
// counter: its named colour, else its side's (A blue, B orange, others
// grey).
func counterColors(side game.Side, name string) (fill, text, edge, hatch color.RGBA) {
	c, ok := counterPalette[name]
	if !ok {
		switch side {
		case game.SideA:
			c = counterPalette["blue"]
		case game.SideB:
			c = counterPalette["orange"]
		default:
			c = counterPalette["grey"]
		}
	}
	return c.fill, c.text, c.edge, c.hatch
}

// keyColors lists the colours the palette starts from: every drawing
// colour (baseColors, kept exact), then the fills of high ground, the
// reach wash over every fill, and the anti-aliasing steps of counter text
// over counter fills (each kept to within its 5-bit bin).
func keyColors() []color.RGBA {
	out := baseColors()
	fills := []color.RGBA{colClear, colForest, colMarsh, colVillage, colLake, colFields, colRough, colUnknown}
	for _, f := range fills {
		for lv := 0; lv <= 2; lv++ {
			g := cellFill(terrainStyle{fill: f}, lv)
			if lv > 0 {
				out = append(out, g)
			}
			out = append(out, over(colReachWash, g))
		}
	}
	for _, t := range []float64{0.25, 0.5, 0.75} {
		out = append(out,
			mix(colSideA, colSideAText, t), mix(colSideB, colSideBText, t),
			mix(colWhite, colInk, t), mix(colSideA, colSideAEdge, t), mix(colSideB, colWhite, t))
	}
	// The other counter colours: exact fills, text and borders, and the
	// middle anti-aliasing step of the text.
	for _, name := range game.CounterColors {
		if name == "blue" || name == "orange" || name == "grey" {
			continue
		}
		c := counterPalette[name]
		out = append(out, c.fill, c.edge, c.hatch, mix(c.fill, c.text, 0.5))
	}
	return out
}

// baseColors are the opaque colours the renderer draws with.
func baseColors() []color.RGBA {
	return []color.RGBA{
		colMargin, colGrid, colInk, colWhite, colLabel, colLegendBg,
		colClear, colForest, colForestInk, colMarsh, colMarshInk, colVillage, colHouse,
		colLake, colLakeInk, colFields, colFieldsInk, colRough, colRoughInk, colUnknown, colUnkInk,
		colContour, colRiver, colStream, colRidge, colDeck, colFord, colWorks, colRoad, colOther,
		colSideA, colSideAText, colSideAEdge, colSideB, colSideBText, colNeutral, colHatchA, colHatchB,
		colCombat, colFire, colChoice, colReachLine, colBlocked, colObjective, colElim,
	}
}

// sideColors are the colours of a side's counters on this board (its
// SideColors), for arrows, set-up zones and the legend's key.
func (d *drawer) sideColors(side game.Side) (fill, text, edge, hatch color.RGBA) {
	return counterColors(side, d.sides[side])
}
