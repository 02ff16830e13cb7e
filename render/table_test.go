package render

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

// TestTable draws a standings table and checks its shape: a row more
// makes the image one row taller, the header band is the header colour,
// the striped rows alternate, and bad input is refused.
func TestTable(t *testing.T) {
	r := New()
	header := []string{"#", "Player", "P", "W", "D", "L", "Pts"}
	rows := [][]string{{"1", "alice", "3", "2", "1", "0", "2½"}, {"2", "bob", "3", "1", "1", "1", "1½"}}
	a, err := r.Table("League spring", header, rows, "Win 1, draw ½, loss 0.")
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Table("League spring", header, append(rows, []string{"3", "carol", "2", "0", "0", "2", "0"}), "Win 1, draw ½, loss 0.")
	if err != nil {
		t.Fatal(err)
	}
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := ib.Bounds().Dy() - ia.Bounds().Dy(); got != tableRowH {
		t.Errorf("one more row adds %d px, want %d", got, tableRowH)
	}
	if ia.Bounds().Dx() < tableMinW {
		t.Errorf("width %d < %d", ia.Bounds().Dx(), tableMinW)
	}
	// The header band: tablePad + title height, the cell's left padding.
	y := tablePad + int(float64(tableTitlePx)*1.8) + 3
	found := false
	for x := 0; x < ia.Bounds().Dx(); x++ {
		r, g, b, _ := ia.At(x, y).RGBA()
		if r>>8 == 0x1f && g>>8 == 0x3b && b>>8 == 0x57 {
			found = true
			break
		}
	}
	if !found {
		t.Errorf("no header colour on row y=%d", y)
	}
	if _, err := r.Table("x", nil, nil, ""); err == nil {
		t.Error("a table without columns was drawn")
	}
	if _, err := r.Table("x", []string{"a"}, [][]string{{"1", "2"}}, ""); err == nil || !strings.Contains(err.Error(), "row 1") {
		t.Errorf("a row longer than the header: %v", err)
	}
}
