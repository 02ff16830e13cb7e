package render

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"strings"

	"github.com/fogleman/gg"
)

// Table sizes, in pixels.
const (
	tablePad     = 16
	tableRowH    = 30
	tableCellPad = 10
	tableFontPx  = 16
	tableTitlePx = 20
	tableNotePx  = 13
	tableMinW    = 480
	tableMaxRows = 200
)

var (
	tableInk    = color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
	tableHead   = color.RGBA{0x1f, 0x3b, 0x57, 0xff}
	tableStripe = color.RGBA{0xee, 0xf2, 0xf6, 0xff}
	tableRule   = color.RGBA{0xc8, 0xd0, 0xd8, 0xff}
	tableNote   = color.RGBA{0x55, 0x5f, 0x69, 0xff}
)

// Table draws a table — a title, a header row, the rows, a footer note
// wrapped to the table's width — as a PNG that reads on a phone: league
// standings. The second column (a name) is left-aligned, the others are
// centred. It refuses more than 200 rows or rows longer than the header.
func (r *Renderer) Table(title string, header []string, rows [][]string, footer string) ([]byte, error) {
	if len(header) == 0 {
		return nil, fmt.Errorf("render: table %q has no columns", title)
	}
	if len(rows) > tableMaxRows {
		return nil, fmt.Errorf("render: table %q has %d rows (at most %d)", title, len(rows), tableMaxRows)
	}
	for i, row := range rows {
		if len(row) > len(header) {
			return nil, fmt.Errorf("render: table %q row %d has %d cells for %d columns", title, i+1, len(row), len(header))
		}
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	r.init()
	fs := r.faces.Get().(*faceSet)
	defer r.faces.Put(fs)
	reg, bold := fs.face(false, tableFontPx), fs.face(true, tableFontPx)
	titleFace, noteFace := fs.face(true, tableTitlePx), fs.face(false, tableNotePx)

	widths := make([]float64, len(header))
	for j, h := range header {
		widths[j] = textWidth(bold, h)
	}
	for _, row := range rows {
		for j, v := range row {
			widths[j] = max(widths[j], textWidth(reg, v))
		}
	}
	tableW := 0.0
	for j := range widths {
		widths[j] += 2 * tableCellPad
		tableW += widths[j]
	}
	w := max(int(tableW)+2*tablePad, tableMinW, int(textWidth(titleFace, title))+2*tablePad)
	inner := float64(w - 2*tablePad)

	measure := gg.NewContext(1, 1)
	measure.SetFontFace(noteFace)
	var note []string
	if footer != "" {
		note = measure.WordWrap(footer, inner)
	}
	noteLineH := float64(tableNotePx) * 1.35
	titleH := float64(tableTitlePx) * 1.8
	h := tablePad + int(titleH) + tableRowH*(len(rows)+1) + tablePad/2 + int(noteLineH*float64(len(note))) + tablePad

	dc := gg.NewContext(w, h)
	dc.SetColor(color.White)
	dc.Clear()
	y := float64(tablePad)
	dc.SetFontFace(titleFace)
	dc.SetColor(tableInk)
	dc.DrawStringAnchored(title, tablePad, y+titleH/2, 0, 0.35)
	y += titleH

	x0 := float64(tablePad) + (inner-tableW)/2
	if x0 < tablePad {
		x0 = tablePad
	}
	drawRow := func(cells []string) {
		x := x0
		for j := range widths {
			v := ""
			if j < len(cells) {
				v = cells[j]
			}
			if j == 1 {
				dc.DrawStringAnchored(v, x+tableCellPad, y+tableRowH/2, 0, 0.35)
			} else {
				dc.DrawStringAnchored(v, x+widths[j]/2, y+tableRowH/2, 0.5, 0.35)
			}
			x += widths[j]
		}
	}
	// Header.
	dc.SetColor(tableHead)
	dc.DrawRectangle(x0, y, tableW, tableRowH)
	dc.Fill()
	dc.SetFontFace(bold)
	dc.SetColor(color.White)
	drawRow(header)
	y += tableRowH
	// Rows.
	dc.SetFontFace(reg)
	for i, row := range rows {
		if i%2 == 1 {
			dc.SetColor(tableStripe)
			dc.DrawRectangle(x0, y, tableW, tableRowH)
			dc.Fill()
		}
		dc.SetColor(tableInk)
		drawRow(row)
		y += tableRowH
	}
	dc.SetColor(tableRule)
	dc.SetLineWidth(1)
	dc.DrawRectangle(x0+0.5, float64(tablePad)+titleH+0.5, tableW-1, float64(tableRowH*(len(rows)+1))-1)
	dc.Stroke()
	// Footer.
	y += tablePad / 2
	dc.SetFontFace(noteFace)
	dc.SetColor(tableNote)
	for _, line := range note {
		dc.DrawStringAnchored(strings.TrimSpace(line), tablePad, y+noteLineH/2, 0, 0.35)
		y += noteLineH
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, dc.Image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
