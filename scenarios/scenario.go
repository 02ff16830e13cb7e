package scenarios

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// maxTurns bounds a scenario's length.
const maxTurns = 999

// objectiveKinds are the kinds an objective may have (game.Objective).
var objectiveKinds = []string{"hex", "bridge", "island", "zone", "exit"}

// readScenario reads a scenario file and everything it names. It returns
// nil if any problem was found, in this file or in a file it includes.
// shipped requires the id to match the file name.
func (l *loader) readScenario(f *file, shipped bool) *game.Scenario {
	before := l.ps.count()
	n := f.root(l.ps)
	defer n.finish()
	sc := &game.Scenario{}

	if id, ok := n.str("id"); ok {
		sc.ID = id
		if !isUnitWord(id) {
			n.errf("id", "", "id %q: no spaces, ':' or '|'", id)
		}
		if base := strings.TrimSuffix(path.Base(f.path), ".toml"); shipped && base != id {
			n.errf("id", "", "id %q differs from the file name %s.toml", id, base)
		}
	} else if !n.has("id") {
		n.require("id", `the scenario's id, like "gs-1"`)
	}
	if rs, ok := n.str("ruleset"); ok {
		if !isName(rs) {
			n.errf("ruleset", "", "ruleset %q: names are lower-case letters, digits and -", rs)
		} else {
			sc.Ruleset = rs
			l.ruleset = rs
		}
	} else if !n.has("ruleset") {
		n.require("ruleset", `the ruleset's name, like "gs"`)
	}
	sc.Title = sc.ID
	if t, ok := n.str("title"); ok {
		sc.Title = t
	}
	if t, ok := n.integer("turns"); ok {
		if t < 0 || t > maxTurns {
			n.errf("turns", "", "turns: %d is not between 0 (no set number: the ruleset ends the game) and %d", t, maxTurns)
		}
		sc.Turns = t
	} else if !n.has("turns") {
		n.require("turns", "the number of game turns")
	}

	md := l.scenarioMap(n)
	sc.Tables = l.scenarioTables(n)
	cf := l.scenarioCounters(n)
	if md != nil {
		sc.Map = md.Map()
		checkVocabulary(md, sc.Tables["features"])
	}
	sc.Params = stringTable(n, "params")
	if o := stringTable(n, "options"); o != nil {
		sc.Options = game.Options(o)
	}

	var env *zoneEnv
	if md != nil {
		env = l.scenarioZones(n, md)
		sc.Zones = map[string][]grid.Coord{}
		for name, d := range env.defs {
			if d.state == 2 && d.err == nil {
				sc.Zones[name] = d.cells
			}
		}
	} else {
		n.get("zones")
	}
	stacked := false
	if b, ok := n.boolean("stacking"); ok {
		stacked = b
	}
	var from []origin
	sc.Units, from = l.scenarioUnits(n, md, cf.counters, stacked)
	sc.Faces, sc.Colors = cf.faces, cf.colors
	if fs := readFaces(n); len(fs) > 0 {
		sc.Faces = maps.Clone(sc.Faces)
		maps.Copy(sc.Faces, fs)
	}
	if cs := readColors(n); len(cs) > 0 {
		sc.Colors = maps.Clone(sc.Colors)
		if sc.Colors == nil {
			sc.Colors = map[string]string{}
		}
		maps.Copy(sc.Colors, cs)
	}
	for i, u := range sc.Units {
		if _, ok := sc.Faces[u.Type]; !ok {
			from[i].errf("unit %s: type %q has no face (how its counter is drawn): add it to [faces] of the scenario or its counters file", u.ID, u.Type)
		}
	}
	sc.Objectives = readObjectives(n, env)
	sc.Start = readStart(n, sc.Turns)

	if l.ps.count() > before {
		return nil
	}
	return sc
}

// scenarioMap reads the map named by, or written inline as, "map".
func (l *loader) scenarioMap(n *node) *mapData {
	v, ok := n.m["map"]
	if !ok {
		n.require("map", "a map file name, or a [map] table")
		return nil
	}
	switch v.(type) {
	case string:
		name, _ := n.str("map")
		f := l.open("map", name, n, "map")
		if f == nil {
			return nil
		}
		mn := f.root(l.ps)
		defer mn.finish()
		return l.readMap(mn, false)
	case map[string]any:
		mn, _ := n.sub("map")
		defer mn.finish()
		return l.readMap(mn, false)
	}
	n.get("map")
	n.errf("map", "", "map: want a map file name or a [map] table, not %s", describe(v))
	return nil
}

// scenarioTables reads the file named by "tables", or the ruleset's
// shipped tables.toml if there is one.
func (l *loader) scenarioTables(n *node) map[string]*game.Table {
	var f *file
	if name, ok := n.str("tables"); ok {
		f = l.open("tables", name, n, "tables")
	} else if !n.has("tables") {
		f = l.openShipped("tables.toml")
	}
	if f == nil {
		return map[string]*game.Table{}
	}
	return l.readTables(f)
}

func (l *loader) scenarioCounters(n *node) *counterFile {
	var f *file
	if name, ok := n.str("counters"); ok {
		f = l.open("counters", name, n, "counters")
	} else if !n.has("counters") {
		f = l.openShipped("counters.toml")
	}
	if f == nil {
		return &counterFile{counters: map[string]*counter{}, faces: map[string]game.CounterFace{}}
	}
	return l.readCounters(f)
}

// checkVocabulary checks the names a map uses for terrain, edge features
// and links against the ruleset's "features" table (rows: names; column
// "kind": cell, edge or link), when the ruleset has one.
func checkVocabulary(md *mapData, t *game.Table) {
	if t == nil {
		return
	}
	keys := slices.Sorted(maps.Keys(md.uses))
	for _, k := range keys {
		kind, name, _ := strings.Cut(k, ":")
		got, err := t.Lookup(name, "kind")
		o := md.uses[k]
		switch {
		case err != nil:
			o.errf("%s: %q is not %s %s feature of this ruleset (its features table lists %s)", o.n.where(o.key), name, article(kind), kind, strings.Join(t.Rows, ", "))
		case got != kind:
			o.errf("%s: %q is %s %s feature in this ruleset, not %s %s feature", o.n.where(o.key), name, article(got), got, article(kind), kind)
		}
	}
}

// stringTable reads a table whose values are all strings.
func stringTable(n *node, key string) map[string]string {
	t, ok := n.sub(key)
	if !ok {
		return nil
	}
	defer t.finish()
	out := map[string]string{}
	for _, k := range t.keys() {
		if v, ok := t.str(k); ok {
			out[k] = v
		}
	}
	return out
}

// scenarioZones evaluates the scenario's [zones] with the map's zones.
func (l *loader) scenarioZones(n *node, md *mapData) *zoneEnv {
	env := &zoneEnv{g: md.g, boards: md.boards, defs: map[string]*zoneDef{}}
	for name, d := range md.zones {
		env.defs[name] = d
	}
	t, ok := n.sub("zones")
	if !ok {
		return env
	}
	defer t.finish()
	var names []string
	for _, name := range t.keys() {
		expr, ok := t.str(name)
		if !ok {
			continue
		}
		if _, dup := env.defs[name]; dup {
			t.errf(name, "", "zones: %q is already a zone of the map", name)
			continue
		}
		env.defs[name] = &zoneDef{expr: expr, n: t, key: name}
		names = append(names, name)
	}
	for _, name := range names {
		checkZone(env, name)
	}
	return env
}

// scenarioUnits builds the units of [forces] (A1…, B1…) and [[unit]].
// Unless stacked is set (the scenario's "stacking = true"), no two units
// may start in the same cell; with it, the ruleset checks its own
// stacking limits when the game starts.
func (l *loader) scenarioUnits(n *node, md *mapData, counters map[string]*counter, stacked bool) ([]game.UnitSpec, []origin) {
	var units []game.UnitSpec
	var from []origin
	if t, ok := n.sub("forces"); ok {
		for _, side := range t.keys() {
			if side != "A" && side != "B" {
				t.errf(side, "", "forces: %q is not a side (A or B)", side)
				continue
			}
		}
		for _, side := range []string{"A", "B"} {
			lists, ok := t.strs(side)
			if !ok {
				continue
			}
			s, _ := game.ParseSide(side)
			k := 0
			for _, list := range lists {
				group := ""
				if g, rest, ok := strings.Cut(list, ":"); ok {
					group = strings.TrimSpace(g)
					list = rest
					if group == "" || strings.ContainsAny(group, " \t") {
						t.errf(side, "", "forces.%s: %q: a group name is one word before ':'", side, g)
					}
				}
				for _, cid := range strings.Fields(list) {
					c, ok := counters[cid]
					if !ok {
						t.errf(side, cid, "forces.%s: no counter %q in the counters file", side, cid)
						continue
					}
					k++
					units = append(units, game.UnitSpec{
						ID: fmt.Sprintf("%s%d", side, k), Side: s, Type: c.typ, Name: cid,
						Values: maps.Clone(c.values), Flags: slices.Clone(c.flags), Group: group,
					})
					from = append(from, origin{t, side, cid})
				}
			}
		}
		t.finish()
	}
	for _, u := range n.subs("unit") {
		spec, o, ok := readUnit(u, md, counters)
		u.finish()
		if ok {
			units = append(units, spec)
			from = append(from, o)
		}
	}
	ids := map[string]int{}
	at := map[grid.Coord]int{}
	for i, u := range units {
		if j, dup := ids[u.ID]; dup {
			from[i].errf("unit id %q is used twice (the first is %s of side %s)", u.ID, units[j].Name, units[j].Side)
		} else {
			ids[u.ID] = i
		}
		if u.At != nil && !stacked {
			if j, dup := at[*u.At]; dup {
				from[i].errf("units %s and %s both start in %s (one unit per cell at set-up)", units[j].ID, u.ID, cellLabel(md.g, *u.At))
			} else {
				at[*u.At] = i
			}
		}
	}
	return units, from
}

// readUnit reads one [[unit]].
func readUnit(u *node, md *mapData, counters map[string]*counter) (game.UnitSpec, origin, bool) {
	var spec game.UnitSpec
	ok := true
	id, hasID := u.str("id")
	if !hasID {
		if !u.has("id") {
			u.require("id", `the unit's id, like "A3"`)
		}
		ok = false
	} else if !isUnitWord(id) {
		u.errf("id", "", "unit id %q: no spaces, ':' or '|'", id)
		ok = false
	}
	spec.ID = id
	o := origin{u, "id", ""}
	if s, has := u.str("side"); has {
		side, err := game.ParseSide(s)
		if err != nil || !side.Valid() {
			u.errf("side", "", "unit %s: side %q: want A or B", id, s)
			ok = false
		}
		spec.Side = side
	} else if !u.has("side") {
		u.require("side", "A or B")
		ok = false
	}
	if cid, has := u.str("counter"); has {
		c, found := counters[cid]
		if !found {
			u.errf("counter", "", "unit %s: no counter %q in the counters file", id, cid)
			ok = false
		} else {
			spec.Type, spec.Name = c.typ, cid
			spec.Values, spec.Flags = maps.Clone(c.values), slices.Clone(c.flags)
		}
	} else if !u.has("type") && !u.has("counter") {
		u.errf("", "", "unit %s: give a counter, or a type with its values", id)
		ok = false
	}
	if t, has := u.str("type"); has {
		spec.Type = t
	}
	if name, has := u.str("name"); has {
		spec.Name = name
	}
	if g, has := u.str("group"); has {
		spec.Group = g
	}
	if fl, has := u.strs("flags"); has {
		spec.Flags = fl
	}
	if vt, has := u.sub("values"); has {
		if spec.Values == nil {
			spec.Values = map[string]int{}
		}
		for _, k := range vt.keys() {
			if v, isInt := vt.integer(k); isInt {
				spec.Values[k] = v
			}
		}
		vt.finish()
	}
	if lab, has := u.str("at"); has && md != nil {
		c, err := md.g.Parse(lab)
		if err != nil {
			u.errf("at", "", "unit %s: at: %v", id, err)
			ok = false
		} else {
			spec.At = &c
		}
	}
	return spec, o, ok
}

func readObjectives(n *node, env *zoneEnv) []game.Objective {
	var out []game.Objective
	names := map[string]bool{}
	for _, t := range n.subs("objective") {
		var ob game.Objective
		if name, ok := t.str("name"); ok {
			if names[name] {
				t.errf("name", "", "objective %q is defined twice", name)
			}
			names[name] = true
			ob.Name = name
		} else if !t.has("name") {
			t.require("name", "the objective's name")
		}
		if kind, ok := t.str("kind"); ok {
			if !slices.Contains(objectiveKinds, kind) {
				t.errf("kind", "", "objective %s: kind %q: want one of %s", ob.Name, kind, strings.Join(objectiveKinds, ", "))
			}
			ob.Kind = kind
		} else if !t.has("kind") {
			t.require("kind", strings.Join(objectiveKinds, ", "))
		}
		if p, ok := t.integer("points"); ok {
			ob.Points = p
		} else if !t.has("points") {
			t.require("points", "the points it is worth")
		}
		cells := func(key string) []grid.Coord {
			expr, ok := t.str(key)
			if !ok || env == nil {
				return nil
			}
			cs, err := env.eval(expr)
			if err != nil {
				t.errf(key, err.token, "objective %s: %s: %v", ob.Name, key, err)
				return nil
			}
			if len(cs) == 0 {
				t.errf(key, "", "objective %s: %s is empty", ob.Name, key)
			}
			return cs
		}
		ob.Cells = cells("cells")
		for _, side := range game.Sides {
			key := "cells-" + strings.ToLower(side.String())
			if cs := cells(key); cs != nil {
				if ob.ForSide == nil {
					ob.ForSide = map[game.Side][]grid.Coord{}
				}
				ob.ForSide[side] = cs
			}
		}
		if !t.has("cells") && !t.has("cells-a") && !t.has("cells-b") {
			t.errf("", "", "objective %s: give cells, or cells-a and cells-b", ob.Name)
		}
		t.finish()
		out = append(out, ob)
	}
	return out
}

func readStart(n *node, turns int) *game.StartPos {
	t, ok := n.sub("start")
	if !ok {
		return nil
	}
	defer t.finish()
	st := &game.StartPos{}
	if turn, ok := t.integer("turn"); ok {
		if turn < 1 || (turns > 0 && turn > turns) {
			t.errf("turn", "", "start.turn: %d is not between 1 and the %d turns", turn, turns)
		}
		st.Turn = turn
	} else if !t.has("turn") {
		t.require("turn", "the turn the position starts in")
	}
	if ph, ok := t.str("phase"); ok {
		if strings.TrimSpace(ph) == "" {
			t.errf("phase", "", "start.phase is empty")
		}
		st.Phase = ph
	} else if !t.has("phase") {
		t.require("phase", "the phase the position starts in")
	}
	return st
}

func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}
