package scenarios

import (
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
)

// readTables reads a tables file: one TOML table per game table, each with
// cols, rows and cells (one array of strings per row).
func (l *loader) readTables(f *file) map[string]*game.Table {
	root := f.root(l.ps)
	defer root.finish()
	out := map[string]*game.Table{}
	for _, name := range root.keys() {
		t, ok := root.sub(name)
		if !ok {
			continue
		}
		if tb := readTable(t, name); tb != nil {
			out[name] = tb
		}
		t.finish()
	}
	return out
}

func readTable(t *node, name string) *game.Table {
	tb := &game.Table{Name: name}
	okAll := true
	for _, k := range []string{"cols", "rows"} {
		v, ok := t.strs(k)
		if !ok {
			if !t.has(k) {
				t.require(k, "an array of names")
			}
			okAll = false
			continue
		}
		if _, isStr := t.m[k].(string); isStr {
			t.errf(k, "", "%s: want an array of names, not one string", t.where(k))
			okAll = false
			continue
		}
		if len(v) == 0 {
			t.errf(k, "", "%s: empty", t.where(k))
			okAll = false
		}
		seen := map[string]bool{}
		for _, s := range v {
			if strings.TrimSpace(s) == "" {
				t.errf(k, "", "%s: an empty name", t.where(k))
				okAll = false
			}
			if seen[s] {
				t.errf(k, s, "%s: %q appears twice", t.where(k), s)
				okAll = false
			}
			seen[s] = true
		}
		if k == "cols" {
			tb.Cols = v
		} else {
			tb.Rows = v
		}
	}
	raw, ok := t.get("cells")
	if !ok {
		t.require("cells", "one array of strings per row")
		return nil
	}
	rows, isArr := raw.([]any)
	if !isArr {
		t.errf("cells", "", "%s: want an array of rows, not %s", t.where("cells"), describe(raw))
		return nil
	}
	if okAll && len(rows) != len(tb.Rows) {
		t.errf("cells", "", "%s: %d rows of cells for %d row names", t.where("cells"), len(rows), len(tb.Rows))
		okAll = false
	}
	for i, r := range rows {
		line := rowLine(t, "cells", i)
		rowName := ""
		if i < len(tb.Rows) {
			rowName = " (" + tb.Rows[i] + ")"
		}
		vals, isArr := r.([]any)
		if !isArr {
			t.ps.add(t.f.name, line, "%s: row %d%s: want an array of strings, not %s", t.where("cells"), i+1, rowName, describe(r))
			okAll = false
			continue
		}
		if tb.Cols != nil && len(vals) != len(tb.Cols) {
			t.ps.add(t.f.name, line, "%s: row %d%s has %d cells for %d columns", t.where("cells"), i+1, rowName, len(vals), len(tb.Cols))
			okAll = false
		}
		row := make([]string, len(vals))
		for j, v := range vals {
			s, isStr := v.(string)
			if !isStr {
				t.ps.add(t.f.name, line, "%s: row %d%s, cell %d: want a string, not %s", t.where("cells"), i+1, rowName, j+1, describe(v))
				okAll = false
				continue
			}
			if strings.TrimSpace(s) == "" {
				t.ps.add(t.f.name, line, "%s: row %d%s, cell %d is empty", t.where("cells"), i+1, rowName, j+1)
				okAll = false
			}
			row[j] = s
		}
		tb.Cell = append(tb.Cell, row)
	}
	if !okAll {
		return nil
	}
	return tb
}

// rowLine finds the line of the i-th row of a multi-line array of arrays:
// the i-th line of the key's span that starts with '[' (the first row may
// share the key's line).
func rowLine(n *node, key string, i int) int {
	first := n.line(key, "")
	if first == 0 {
		return 0
	}
	lines := n.f.idx.lines
	var starts []int
	if _, after, ok := strings.Cut(lines[first-1], "="); ok {
		if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(after), "[")), "[") {
			starts = append(starts, first)
		}
	}
	span := n.f.idx.spans[strings.Join(n.keyPath(key), ".")]
	for l := first + 1; l <= span.last && l <= len(lines); l++ {
		if strings.HasPrefix(strings.TrimSpace(lines[l-1]), "[") {
			starts = append(starts, l)
		}
	}
	if i < len(starts) {
		return starts[i]
	}
	return first
}

// counter is one entry of a counters file.
type counter struct {
	id     string
	typ    string
	values map[string]int
	flags  []string
}

// counterFile is what a counters file holds: the counters by id, the
// faces of their types and the colours of sides and flags.
type counterFile struct {
	counters map[string]*counter
	faces    map[string]game.CounterFace
	colors   map[string]string
}

// Reserved keys of a counters file: they are not counter ids.
const (
	keyFaces  = "faces"
	keyColors = "colors"
)

// readCounters reads a counters file: one table per counter id with a
// type, optional flags, and integer values; [faces], how each type is
// drawn, and [colors]. Every type used must have a face, and a face's
// values must be values of every counter of its type.
func (l *loader) readCounters(f *file) *counterFile {
	root := f.root(l.ps)
	defer root.finish()
	cf := &counterFile{counters: map[string]*counter{}}
	cf.faces = readFaces(root)
	cf.colors = readColors(root)
	faceless := map[string]bool{} // types, and type-value pairs, reported (once each)
	for _, id := range root.keys() {
		if id == keyFaces || id == keyColors {
			continue
		}
		t, ok := root.sub(id)
		if !ok {
			continue
		}
		if !isUnitWord(id) {
			t.errf("", "", "counter %q: ids have no spaces, ':' or '|'", id)
		}
		c := &counter{id: id, values: map[string]int{}}
		if typ, ok := t.str("type"); ok {
			c.typ = typ
		} else {
			t.require("type", `the arm, like "infantry"`)
		}
		if fl, ok := t.strs("flags"); ok {
			if _, isStr := t.m["flags"].(string); isStr {
				t.errf("flags", "", "%s: want an array of strings", t.where("flags"))
			}
			c.flags = fl
		}
		for _, k := range t.keys() {
			if k == "type" || k == "flags" {
				continue
			}
			if !isName(k) {
				t.errf(k, "", "%s: value names are lower-case letters, digits and -", t.where(k))
				continue
			}
			if v, ok := t.integer(k); ok {
				c.values[k] = v
			}
		}
		if c.typ != "" {
			face, ok := cf.faces[c.typ]
			switch {
			case !ok && !faceless[c.typ]:
				faceless[c.typ] = true
				t.errf("type", "", "counter %s: type %q has no face in [faces] (how its counter is drawn)", id, c.typ)
			case ok:
				for _, v := range face.Values {
					if _, has := c.values[v]; !has && !faceless[c.typ+" "+v] {
						faceless[c.typ+" "+v] = true
						t.errf("type", "", "counter %s: the face of %q prints %q, which %s has not", id, c.typ, v, id)
					}
				}
			}
		}
		t.finish()
		cf.counters[id] = c
	}
	return cf
}

// readFaces reads [faces]: per unit type, the symbol of its counters and
// the values printed.
func readFaces(n *node) map[string]game.CounterFace {
	t, ok := n.sub(keyFaces)
	if !ok {
		return map[string]game.CounterFace{}
	}
	defer t.finish()
	out := map[string]game.CounterFace{}
	for _, typ := range t.keys() {
		ft, ok := t.sub(typ)
		if !ok {
			continue
		}
		var face game.CounterFace
		if sym, ok := ft.str("symbol"); ok {
			if slices.Contains(game.CounterSymbols, sym) {
				face.Symbol = sym
			} else {
				ft.errf("symbol", "", "%s: %q is not a counter symbol (%s)", ft.where("symbol"), sym, strings.Join(game.CounterSymbols, ", "))
			}
		} else {
			ft.require("symbol", "the NATO-style symbol, like \"infantry\"")
		}
		if vs, ok := ft.strs("values"); ok {
			face.Values = vs
		}
		ft.finish()
		out[typ] = face
	}
	return out
}

// readColors reads [colors]: a counter colour per side ("A", "B") or per
// unit flag (a nationality).
func readColors(n *node) map[string]string {
	t, ok := n.sub(keyColors)
	if !ok {
		return nil
	}
	defer t.finish()
	out := map[string]string{}
	for _, k := range t.keys() {
		c, ok := t.str(k)
		if !ok {
			continue
		}
		if !slices.Contains(game.CounterColors, c) {
			t.errf(k, "", "%s: %q is not a counter colour (%s)", t.where(k), c, strings.Join(game.CounterColors, ", "))
			continue
		}
		out[k] = c
	}
	return out
}

// isUnitWord reports whether s can stand as one word in a forces list.
func isUnitWord(s string) bool {
	return s != "" && !strings.ContainsAny(s, " \t\n:|") && !slices.Contains([]string{"+", "-", "&"}, s)
}
