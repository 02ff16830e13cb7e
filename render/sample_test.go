package render

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/grognard/grognard/game/grid"
)

// go test ./render -run TestWriteSamples -samples DIR writes the fixture
// images to DIR for a look with an image viewer.
var samplesDir = flag.String("samples", "", "write sample PNGs of the fixtures to this directory")

func TestWriteSamples(t *testing.T) {
	if *samplesDir == "" {
		t.Skip("no -samples directory")
	}
	if err := os.MkdirAll(*samplesDir, 0o755); err != nil {
		t.Fatal(err)
	}
	r := New()
	write := func(name string, data []byte, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p := filepath.Join(*samplesDir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", p, len(data))
	}
	big := bigHexBoard()
	data, err := r.PNG(big)
	write("big-hex.png", data, err)
	data, err = r.Zoom(big, grid.Coord{X: 20, Y: 13}, 3)
	write("big-hex-zoom-2013.png", data, err)
	data, err = r.Zoom(big, grid.Coord{X: 0, Y: 0}, 3)
	write("big-hex-zoom-0000.png", data, err)
	data, err = r.PNG(smallHexBoard())
	write("small-hex.png", data, err)
	data, err = r.PNG(smallSquareBoard())
	write("small-square.png", data, err)
	data, err = r.Zoom(smallSquareBoard(), grid.MustParse(smallSquareBoard().Map.Grid, "e5"), 2)
	write("small-square-zoom.png", data, err)
	ship := largestShippedBoard(t)
	data, err = r.PNG(ship)
	write("shipped-largest.png", data, err)
	data, err = r.Zoom(ship, grid.Coord{X: 20, Y: 13}, 3)
	write("shipped-zoom-2013.png", data, err)
	data, err = r.PNG(oddBoard())
	write("odd.png", data, err)
	data, err = r.PNG(diagonalBoard())
	write("diagonal.png", data, err)
	pb := peterBoard()
	data, err = r.PNG(pb)
	write("peter.png", data, err)
	data, err = r.Zoom(pb, grid.Coord{X: 20, Y: 20}, 4)
	write("peter-zoom.png", data, err)
}
