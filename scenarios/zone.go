package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game/grid"
)

// A zone expression names a set of cells. Terms:
//
//	all                 every cell
//	rows 0-2, rows 5    rows counted from the north edge, from 0 (from 1
//	                    on a hex map printed from 0101)
//	cols 0-19, cols 3   columns counted from the west edge, likewise
//	cells 0910 A1013    the listed cells ("cells" may be left out)
//	zone island         another zone of the map or scenario
//	board B             every cell of a board of a composed map
//
// joined left to right by " + " (union), " - " (difference) and " & "
// (intersection), with spaces around each operator.

// zoneErr is a problem in a zone expression; token narrows its line.
type zoneErr struct {
	msg, token string
}

func (e *zoneErr) Error() string { return e.msg }

// zoneDef is a named zone: its expression, and its cells once evaluated.
type zoneDef struct {
	expr  string
	cells []grid.Coord
	state int // 0 not yet evaluated, 1 being evaluated, 2 done
	err   *zoneErr
	// where it is defined, for problems
	n   *node
	key string
}

// zoneEnv evaluates zone expressions on a grid; defs are the named zones
// that "zone NAME" may refer to.
type zoneEnv struct {
	g      grid.Grid
	boards []grid.Board
	defs   map[string]*zoneDef
}

// resolve evaluates the named zone (once) and returns its cells.
func (z *zoneEnv) resolve(name string) ([]grid.Coord, *zoneErr) {
	d, ok := z.defs[name]
	if !ok {
		return nil, &zoneErr{msg: fmt.Sprintf("no zone %q", name), token: name}
	}
	switch d.state {
	case 1:
		return nil, &zoneErr{msg: fmt.Sprintf("zone %q refers to itself", name), token: name}
	case 2:
		return d.cells, d.err
	}
	d.state = 1
	d.cells, d.err = z.eval(d.expr)
	d.state = 2
	return d.cells, d.err
}

// eval evaluates an expression to a sorted set of cells.
func (z *zoneEnv) eval(expr string) ([]grid.Coord, *zoneErr) {
	words := strings.Fields(expr)
	if len(words) == 0 {
		return nil, &zoneErr{msg: "empty zone expression"}
	}
	set := map[grid.Coord]bool{}
	op := "+"
	start := 0
	for i := 0; i <= len(words); i++ {
		if i < len(words) && !isZoneOp(words[i]) {
			continue
		}
		if i == start {
			tok := ""
			if i < len(words) {
				tok = words[i]
			}
			return nil, &zoneErr{msg: fmt.Sprintf("%q: a term is missing around an operator", expr), token: tok}
		}
		cells, err := z.term(words[start:i])
		if err != nil {
			return nil, err
		}
		switch op {
		case "+":
			for _, c := range cells {
				set[c] = true
			}
		case "-":
			for _, c := range cells {
				delete(set, c)
			}
		case "&":
			keep := map[grid.Coord]bool{}
			for _, c := range cells {
				if set[c] {
					keep[c] = true
				}
			}
			set = keep
		}
		if i < len(words) {
			op = words[i]
		}
		start = i + 1
	}
	return sortedCells(set), nil
}

func isZoneOp(w string) bool { return w == "+" || w == "-" || w == "&" }

func (z *zoneEnv) term(words []string) ([]grid.Coord, *zoneErr) {
	w, h := z.g.Size()
	explicit := false
	switch words[0] {
	case "all":
		if len(words) != 1 {
			return nil, &zoneErr{msg: `"all" takes nothing after it`, token: words[1]}
		}
		return z.g.Cells(), nil
	case "rows", "cols":
		if len(words) != 2 {
			return nil, &zoneErr{msg: fmt.Sprintf("%q wants one range such as 0-2", words[0]), token: words[0]}
		}
		limit := h
		if words[0] == "cols" {
			limit = w
		}
		// Rows and columns are numbered as printed: from 1 on a hex
		// map with base 1.
		base := 0
		if hx, ok := z.g.(*grid.Hex); ok {
			base = hx.Base
		}
		lo, hi, err := parseRange(words[1], base, limit)
		if err != nil {
			return nil, &zoneErr{msg: fmt.Sprintf("%s %s: %v", words[0], words[1], err), token: words[1]}
		}
		lo, hi = lo-base, hi-base
		var out []grid.Coord
		for _, c := range z.g.Cells() {
			v := c.Y
			if words[0] == "cols" {
				v = c.X
			}
			if v >= lo && v <= hi {
				out = append(out, c)
			}
		}
		return out, nil
	case "zone":
		if len(words) != 2 {
			return nil, &zoneErr{msg: `"zone" wants one zone name`, token: words[0]}
		}
		return z.resolve(words[1])
	case "board":
		if len(words) != 2 {
			return nil, &zoneErr{msg: `"board" wants one board letter`, token: words[0]}
		}
		for _, b := range z.boards {
			if strings.EqualFold(b.Name, words[1]) {
				var out []grid.Coord
				for _, c := range z.g.Cells() {
					if c.X >= b.X0 && c.X < b.X0+b.W {
						out = append(out, c)
					}
				}
				return out, nil
			}
		}
		return nil, &zoneErr{msg: fmt.Sprintf("no board %q on this map", words[1]), token: words[1]}
	case "cells":
		explicit = true
		words = words[1:]
		if len(words) == 0 {
			return nil, &zoneErr{msg: `"cells" wants at least one cell`, token: "cells"}
		}
	}
	out := make([]grid.Coord, 0, len(words))
	for i, l := range words {
		c, err := z.g.Parse(l)
		if err != nil && i == 0 && !explicit && isName(l) && !strings.ContainsAny(l, "0123456789") {
			return nil, &zoneErr{msg: fmt.Sprintf("%q is neither a cell nor one of all, rows, cols, cells, zone, board", l), token: l}
		}
		if err != nil {
			return nil, &zoneErr{msg: err.Error(), token: l}
		}
		out = append(out, c)
	}
	return out, nil
}

// parseRange reads "a-b" or "a" with base <= a <= b < base+limit.
func parseRange(s string, base, limit int) (int, int, error) {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("want a number or a range such as 0-2")
	}
	if lo > hi {
		return 0, 0, fmt.Errorf("the range is backwards")
	}
	if lo < base || hi >= base+limit {
		return 0, 0, fmt.Errorf("off the map (%d to %d)", base, base+limit-1)
	}
	return lo, hi, nil
}

func sortedCells(set map[grid.Coord]bool) []grid.Coord {
	out := make([]grid.Coord, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b grid.Coord) int {
		if a.Less(b) {
			return -1
		}
		if b.Less(a) {
			return 1
		}
		return 0
	})
	return out
}
