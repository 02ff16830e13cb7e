package scenarios

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game/grid"
)

// maxTextProblems caps the problems reported for one text grid.
const maxTextProblems = 20

// checkText cross-checks a map's optional [text] drawing against its
// lists. The drawing has a header line of column numbers, then one line
// per row; each cell is three characters starting under its column
// number: a terrain letter (from the terrain legend), a link mark (the
// first of the links marks whose link kind touches the cell, or a space)
// and a level mark (the levels string, indexed by level).
func (l *loader) checkText(n *node, md *mapData) {
	t, ok := n.sub("text")
	if !ok {
		return
	}
	defer t.finish()
	type legendEntry struct {
		letter        byte
		terrain, zone string
	}
	legend := map[byte]legendEntry{}
	if lt, ok := t.sub("terrain"); ok {
		for _, k := range lt.keys() {
			v, ok := lt.str(k)
			if !ok {
				continue
			}
			if len(k) != 1 || k[0] == ' ' {
				lt.errf(k, "", "text.terrain: the key %q is not a single printable character", k)
				continue
			}
			terr, zone, _ := strings.Cut(v, "/")
			if zone != "" && md.zones[zone] == nil {
				lt.errf(k, "", "text.terrain: %q names no zone %q of this map", v, zone)
			}
			legend[k[0]] = legendEntry{k[0], terr, zone}
		}
		lt.finish()
	} else {
		t.require("terrain", "the legend: letter = terrain name")
	}
	type linkMark struct {
		mark byte
		kind string
	}
	var marks []linkMark
	if ls, ok := t.strs("links"); ok {
		for _, s := range ls {
			if len(s) < 2 || s[0] == ' ' {
				t.errf("links", "", "text.links: %q: want a mark followed by a link kind, like \"=road\"", s)
				continue
			}
			marks = append(marks, linkMark{s[0], s[1:]})
		}
	}
	levels := " ^"
	if s, ok := t.str("levels"); ok {
		levels = s
	}
	text, ok := t.str("grid")
	if !ok {
		t.require("grid", "the drawing")
		return
	}
	// The line of the drawing's first line in the file.
	base := t.line("grid", "")
	if base > 0 && base <= len(n.f.idx.lines) {
		l := strings.TrimSpace(n.f.idx.lines[base-1])
		if strings.HasSuffix(l, `"""`) || strings.HasSuffix(l, `'''`) {
			base++
		}
	}
	lineOf := func(k int) int {
		if base == 0 {
			return 0
		}
		return base + k
	}
	count := 0
	report := func(k int, format string, args ...any) {
		count++
		if count <= maxTextProblems {
			n.ps.add(n.f.name, lineOf(k), format, args...)
		} else if count == maxTextProblems+1 {
			n.ps.add(n.f.name, lineOf(k), "text: more differences not reported")
		}
	}

	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	w, h := md.g.Size()
	var cols []int
	hdr := lines[0]
	for i := 0; i < len(hdr); i++ {
		if hdr[i] != ' ' && hdr[i] != '\t' && (i == 0 || hdr[i-1] == ' ' || hdr[i-1] == '\t') {
			cols = append(cols, i)
		}
	}
	if len(cols) != w {
		report(0, "text: the header names %d columns, the map has %d", len(cols), w)
		return
	}
	if len(lines)-1 != h {
		report(len(lines)-1, "text: %d rows drawn, the map has %d", len(lines)-1, h)
		return
	}
	linked := map[grid.Coord][]string{}
	for e, kinds := range md.links {
		for _, k := range kinds {
			linked[e.A] = append(linked[e.A], k)
			linked[e.B] = append(linked[e.B], k)
		}
	}
	shown := map[grid.Coord]byte{}
	for y := 0; y < h; y++ {
		row := lines[y+1]
		for x := 0; x < w; x++ {
			c := grid.Coord{X: x, Y: y}
			var cell [3]byte
			for k := range cell {
				cell[k] = ' '
				if p := cols[x] + k; p < len(row) {
					cell[k] = row[p]
				}
			}
			lab := cellLabel(md.g, c)
			shown[c] = cell[0]
			got := md.cells[c]
			terr := got.Terrain
			if terr == "" {
				terr = "clear"
			}
			if e, ok := legend[cell[0]]; !ok {
				report(y+1, "text: %s: the letter %q is not in the terrain legend", lab, cell[0])
			} else {
				if e.terrain != terr {
					report(y+1, "text: %s is drawn %q (%s) but listed as %s", lab, cell[0], e.terrain, terr)
				}
				if e.zone != "" && md.zones[e.zone] != nil && !slices.Contains(md.zones[e.zone].cells, c) {
					report(y+1, "text: %s is drawn %q (zone %s) but is not in zone %s", lab, cell[0], e.zone, e.zone)
				}
			}
			want := byte(' ')
			for _, m := range marks {
				if slices.Contains(linked[c], m.kind) {
					want = m.mark
					break
				}
			}
			if cell[1] != want {
				report(y+1, "text: %s is drawn with link mark %q, the links give %q", lab, cell[1], want)
			}
			wantLevel := byte('?')
			if got.Level < len(levels) {
				wantLevel = levels[got.Level]
			}
			if cell[2] != wantLevel {
				report(y+1, "text: %s is drawn with level mark %q, its level is %d", lab, cell[2], got.Level)
			}
		}
	}
	letters := make([]byte, 0, len(legend))
	for k := range legend {
		letters = append(letters, k)
	}
	slices.Sort(letters)
	for _, k := range letters {
		e := legend[k]
		z := md.zones[e.zone]
		if e.zone == "" || z == nil {
			continue
		}
		for _, c := range z.cells {
			if s, ok := shown[c]; ok && legend[s].zone != e.zone {
				report(c.Y+1, "text: %s is in zone %s but drawn %q, not %q", cellLabel(md.g, c), e.zone, s, e.letter)
			}
		}
	}
}
