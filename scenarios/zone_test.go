package scenarios

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game/grid"
)

func TestZones(t *testing.T) {
	// A 10×10 hex map of two 5-column boards P and Q, with a zone "z".
	g := grid.NewHex(10, 10, grid.Board{Name: "P", X0: 0, W: 4}, grid.Board{Name: "Q", X0: 4, W: 6})
	newEnv := func() *zoneEnv {
		return &zoneEnv{g: g, boards: g.Boards, defs: map[string]*zoneDef{
			"z":    {expr: "cells 0000 0101"},
			"self": {expr: "zone self + 0000"},
			"bad":  {expr: "rows 0-99"},
		}}
	}
	for _, tc := range []struct {
		expr  string
		n     int    // cells, when no error
		has   string // a cell that must be in
		hasnt string // a cell that must not be
		err   string // substring of the error
		token string // the token the error points at
	}{
		{expr: "all", n: 100, has: "0909"},
		{expr: "rows 0-2", n: 30, has: "0902", hasnt: "0003"},
		{expr: "rows 5", n: 10, has: "0305", hasnt: "0304"},
		{expr: "cols 3", n: 10, has: "0309", hasnt: "0409"},
		{expr: "cols 0-9", n: 100},
		{expr: "cells 0000 0101", n: 2, has: "0101"},
		{expr: "0000 0101 0000", n: 2, has: "0000"},
		{expr: "Q0000", n: 1, has: "0400"},
		{expr: "rows 0-1 - cells 0000", n: 19, hasnt: "0000"},
		{expr: "rows 0-4 & cols 0-1", n: 10, has: "0104", hasnt: "0105"},
		{expr: "rows 0-1 + rows 8-9", n: 40, has: "0509", hasnt: "0505"},
		{expr: "rows 0-1 + rows 0-1 - rows 1", n: 10, hasnt: "0001"},
		{expr: "zone z + 0202", n: 3, has: "0202"},
		{expr: "board Q", n: 60, has: "0400", hasnt: "0300"},
		{expr: "board q & rows 0", n: 6},
		{expr: "all - board P - board Q", n: 0},
		{expr: "", err: "empty zone expression"},
		{expr: "rows", err: `"rows" wants one range`, token: "rows"},
		{expr: "rows 5-2", err: "the range is backwards", token: "5-2"},
		{expr: "rows 0-10", err: "off the map (0 to 9)", token: "0-10"},
		{expr: "cols -1", err: "want a number or a range", token: "-1"},
		{expr: "+ rows 0", err: "a term is missing", token: "+"},
		{expr: "rows 0 +", err: "a term is missing"},
		{expr: "rows 0 + - rows 1", err: "a term is missing", token: "-"},
		{expr: "cells", err: `"cells" wants at least one cell`, token: "cells"},
		{expr: "zone nope", err: `no zone "nope"`, token: "nope"},
		{expr: "zone self", err: `zone "self" refers to itself`, token: "self"},
		{expr: "zone bad", err: "off the map", token: "0-99"},
		{expr: "board R", err: `no board "R"`, token: "R"},
		{expr: "all 3", err: `"all" takes nothing`, token: "3"},
		{expr: "row 3", err: `"row" is neither a cell nor one of`, token: "row"},
		{expr: "0000 zz", err: "not a cell label", token: "zz"},
		{expr: "cells row", err: "not a cell label", token: "row"},
		{expr: "1000", err: "off the map", token: "1000"},
		{expr: "P0500", err: "off board P", token: "P0500"},
	} {
		cells, err := newEnv().eval(tc.expr)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.msg, tc.err) || err.token != tc.token {
				t.Errorf("%q: error %v (token %q), want %q (token %q)", tc.expr, err, tokenOf(err), tc.err, tc.token)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.expr, err)
			continue
		}
		if len(cells) != tc.n {
			t.Errorf("%q: %d cells, want %d", tc.expr, len(cells), tc.n)
		}
		in := map[grid.Coord]bool{}
		for i, c := range cells {
			in[c] = true
			if i > 0 && !cells[i-1].Less(c) {
				t.Errorf("%q: cells not sorted at %d", tc.expr, i)
			}
		}
		if tc.has != "" && !in[grid.MustParse(g, tc.has)] {
			t.Errorf("%q: %s missing", tc.expr, tc.has)
		}
		if tc.hasnt != "" && in[grid.MustParse(g, tc.hasnt)] {
			t.Errorf("%q: %s should not be in", tc.expr, tc.hasnt)
		}
	}
}

func tokenOf(e *zoneErr) string {
	if e == nil {
		return ""
	}
	return e.token
}

// TestZonesSquare: rows and cols are counted from the north-west corner on
// square maps too; labels are a1…h8.
func TestZonesSquare(t *testing.T) {
	g := grid.NewSquare(8, 8)
	env := &zoneEnv{g: g, defs: map[string]*zoneDef{}}
	cells, err := env.eval("rows 0")
	if err != nil || len(cells) != 8 || g.Label(cells[0]) != "a8" {
		t.Errorf("rows 0 = %v, %v", cells, err)
	}
	cells, err = env.eval("a1 h8 - h8")
	if err != nil || len(cells) != 1 || cells[0] != (grid.Coord{X: 0, Y: 7}) {
		t.Errorf("a1 h8 - h8 = %v, %v", cells, err)
	}
	if _, err := env.eval("i1"); err == nil {
		t.Error("i1 accepted on an 8×8 board")
	}
}

// TestZonesBase1: on a hex map printed from 0101, rows and columns are
// numbered as printed.
func TestZonesBase1(t *testing.T) {
	g := grid.NewHex(10, 10)
	g.Base = 1
	env := &zoneEnv{g: g, defs: map[string]*zoneDef{}}
	cells, err := env.eval("rows 1 & cols 1-2 + 0505")
	want := []grid.Coord{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 4, Y: 4}}
	if err != nil || len(cells) != 3 || cells[0] != want[0] || cells[1] != want[1] || cells[2] != want[2] {
		t.Errorf("= %v, %v; want %v", cells, err, want)
	}
	for _, bad := range []string{"rows 0", "cols 1-11", "0000"} {
		if _, err := env.eval(bad); err == nil || !strings.Contains(err.msg, "off the map") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
