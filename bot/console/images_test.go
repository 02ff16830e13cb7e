package console

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
)

// TestImageFiles: board images are named by game and log position, and a
// later run writing into the same folder never overwrites an earlier
// run's file with other bytes.
func TestImageFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(img bot.Image) string {
		t.Helper()
		var out bytes.Buffer
		r := &Room{Out: &out, ImageDir: dir} // a new Room: a new run
		if err := r.Print(bot.Response{Messages: []bot.Message{{Images: []bot.Image{img}}}}); err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(out.String())
		return filepath.Base(f[len(f)-1])
	}
	board := bot.Image{Name: "g1-t01-move-A.png", PNG: []byte("first run"), Game: "g1", Seq: 12}
	if got := write(board); got != "g1-0012-t01-move-A.png" {
		t.Fatalf("file %s", got)
	}
	if got := write(board); got != "g1-0012-t01-move-A.png" {
		t.Errorf("the same board again: file %s", got)
	}
	other := board
	other.PNG = []byte("second run, another game g1")
	if got := write(other); got != "g1-0012-t01-move-A-2.png" {
		t.Errorf("other bytes under the same name: file %s", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "g1-0012-t01-move-A.png")); string(b) != "first run" {
		t.Errorf("the first run's file was overwritten: %q", b)
	}
	if got := write(bot.Image{Name: "spring-standings-r2.png", PNG: []byte("x")}); got != "spring-standings-r2.png" {
		t.Errorf("an image of no game: file %s", got)
	}
}
