package bot

import (
	"strings"
	"testing"
)

// Boards posted after an order, and `board`, follow the action when the
// renderer crops (a large map on a phone); `board full` draws the whole
// map; a renderer that does not crop gets the whole map everywhere.
func TestBoardFollowsAction(t *testing.T) {
	e := newEnv(t)
	e.rend.follow = true
	e.startGame()
	e.must("alice", "move A6 0706")
	r := e.must("alice", "end")
	var posted *Image
	for _, m := range r.Messages {
		for i := range m.Images {
			posted = &m.Images[i]
		}
	}
	if posted == nil {
		t.Fatalf("no board posted at the end of the phase: %s", texts(r))
	}
	if !posted.Cropped || !strings.Contains(posted.Name, "-zoom-0706") || !strings.Contains(posted.Alt, "board g1 full") {
		t.Errorf("posted board %q (alt %q, cropped %v): want the crop around 0706 with the hint", posted.Name, posted.Alt, posted.Cropped)
	}

	zooms := e.rend.zooms
	r = e.must("bob", "board")
	if e.rend.zooms != zooms || strings.Contains(texts(r), "full") {
		t.Errorf("board before any action of the phase drew a crop: %s", texts(r))
	}
	e.must("bob", "move B1 0718")
	zooms = e.rend.zooms
	r = e.must("bob", "board")
	if e.rend.zooms != zooms+1 || !strings.Contains(texts(r), "board g1 full") {
		t.Errorf("board: %d crops drawn, text %q; want one crop and the hint", e.rend.zooms-zooms, texts(r))
	}
	r = e.must("bob", "board full")
	if e.rend.zooms != zooms+1 || strings.Contains(texts(r), "board g1 full") {
		t.Errorf("board full: crops drawn %d, text %q; want the whole map", e.rend.zooms-zooms-1, texts(r))
	}
	r = e.must("bob", "carte full")
	if e.rend.zooms != zooms+1 {
		t.Errorf("carte full drew a crop: %s", texts(r))
	}

	e.rend.follow = false
	r = e.must("bob", "board")
	if e.rend.zooms != zooms+1 || strings.Contains(texts(r), "full") {
		t.Errorf("a renderer that does not crop: board drew a crop or offered full: %s", texts(r))
	}
}
