package flg

import (
	"embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The game's data are versioned text files embedded in the package:
// data/units.txt, the troop catalogue (FLG-T2 with FLG-T4; AMB-1 asks for
// it as data so that a reading of the original can correct it), and
// data/tables.txt (FLG-T1, T3, T5, T6, T7, T8, T12, T13, T14, T15). Each
// file starts with "version N"; the formats are described in the files.

//go:embed data/units.txt data/tables.txt
var dataFS embed.FS

// Unit families.
const (
	FamInf   = "inf"
	FamCav   = "cav" // mounted troops other than war elephants
	FamEle   = "ele" // war elephants
	FamArt   = "art"
	FamPanic = "panic"
)

// Faces of the symbol die (FLG-T1).
const (
	FaceINF  = "INF"
	FaceCAV  = "CAV"
	FaceART  = "ART"
	FaceFlag = "FLAG"
	FaceTA   = "TA"
)

// Type is one row of the troop catalogue (FLG-T2).
type Type struct {
	ID      string
	Family  string
	MA      int // hexes with combat
	Max     int // hexes at most ("nc")
	Range   int
	Dice    int
	Hit     string
	Retreat int
	Stands  int
	Tags    []string
}

// Has reports whether the type carries a tag.
func (t *Type) Has(tag string) bool { return slices.Contains(t.Tags, tag) }

// Mounted reports whether the type is mounted troops (cavalry, lancers,
// camelry, elephants).
func (t *Type) Mounted() bool {
	return t.Family == FamCav || t.Family == FamEle || t.Family == FamPanic
}

// Tables are the game's tables, each as rows of words by key.
type Tables struct {
	Version int
	rows    map[string]map[string][]string
	order   map[string][]string
}

// Row returns a table's row.
func (t *Tables) Row(table, key string) ([]string, bool) {
	r, ok := t.rows[table][key]
	return r, ok
}

// Keys returns a table's keys in file order.
func (t *Tables) Keys(table string) []string { return t.order[table] }

// Int returns the first value of a row as a number.
func (t *Tables) Int(table, key string) (int, bool) {
	r, ok := t.Row(table, key)
	if !ok || len(r) == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(r[0])
	return n, err == nil
}

type catalogue struct {
	version int
	types   map[string]*Type
	order   []string
	tables  *Tables
	err     error
}

var (
	catOnce sync.Once
	cat     catalogue
)

func load() *catalogue {
	catOnce.Do(func() {
		b, err := dataFS.ReadFile("data/units.txt")
		if err == nil {
			cat.version, cat.types, cat.order, err = ParseUnits(string(b))
		}
		if err == nil {
			b, err = dataFS.ReadFile("data/tables.txt")
		}
		if err == nil {
			cat.tables, err = ParseTables(string(b))
		}
		if err == nil {
			err = checkTables(cat.tables)
		}
		cat.err = err
	})
	return &cat
}

// Catalogue returns the troop types in catalogue order.
func Catalogue() ([]*Type, error) {
	c := load()
	if c.err != nil {
		return nil, c.err
	}
	out := make([]*Type, 0, len(c.order))
	for _, id := range c.order {
		out = append(out, c.types[id])
	}
	return out, nil
}

// TypeOf returns a troop type by id (nil if there is none).
func TypeOf(id string) *Type { return load().types[id] }

// GameTables returns the tables.
func GameTables() (*Tables, error) {
	c := load()
	return c.tables, c.err
}

var families = []string{FamInf, FamCav, FamEle, FamArt, FamPanic}
var knownTags = []string{"modern", "rifle", "irregular", "nomissile", "lancer", "camel", "elephant", "animal", "superheavy", "permove", "flatmove", "nofiremove", "cap1", "rocket", "eleborne", "eletowed", "dwarf", "full", "fixed"}

// ParseUnits reads a catalogue file.
func ParseUnits(src string) (int, map[string]*Type, []string, error) {
	types := map[string]*Type{}
	var order []string
	version := 0
	for n, line := range strings.Split(src, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		w := strings.Fields(line)
		if len(w) == 0 {
			continue
		}
		bad := func(f string, a ...any) error {
			return fmt.Errorf("units.txt:%d: %s", n+1, fmt.Sprintf(f, a...))
		}
		switch w[0] {
		case "version":
			if len(w) != 2 {
				return 0, nil, nil, bad("version N")
			}
			v, err := strconv.Atoi(w[1])
			if err != nil || v < 1 {
				return 0, nil, nil, bad("version %q", w[1])
			}
			version = v
		case "unit":
			if len(w) < 10 {
				return 0, nil, nil, bad("unit ID FAMILY MA MAX RANGE DICE HIT RETREAT STANDS [TAG…]")
			}
			t := &Type{ID: w[1], Family: w[2], Hit: w[7], Tags: w[10:]}
			nums := []*int{&t.MA, &t.Max, &t.Range, &t.Dice}
			for i, p := range nums {
				v, err := strconv.Atoi(w[3+i])
				if err != nil || v < 0 {
					return 0, nil, nil, bad("%s: %q is not a number", t.ID, w[3+i])
				}
				*p = v
			}
			for i, p := range []*int{&t.Retreat, &t.Stands} {
				v, err := strconv.Atoi(w[8+i])
				if err != nil || v < 0 {
					return 0, nil, nil, bad("%s: %q is not a number", t.ID, w[8+i])
				}
				*p = v
			}
			switch {
			case !slices.Contains(families, t.Family):
				return 0, nil, nil, bad("%s: family %q", t.ID, t.Family)
			case t.Hit != FaceINF && t.Hit != FaceCAV && t.Hit != FaceART:
				return 0, nil, nil, bad("%s: hit face %q", t.ID, t.Hit)
			case t.MA > t.Max:
				return 0, nil, nil, bad("%s: MA %d above its most %d", t.ID, t.MA, t.Max)
			case t.Range < 1 || t.Dice < 1 || t.Stands < 1:
				return 0, nil, nil, bad("%s: range, dice and stands are at least 1", t.ID)
			case types[t.ID] != nil:
				return 0, nil, nil, bad("%s listed twice", t.ID)
			}
			for _, tag := range t.Tags {
				if !slices.Contains(knownTags, tag) {
					return 0, nil, nil, bad("%s: unknown tag %q", t.ID, tag)
				}
			}
			types[t.ID] = t
			order = append(order, t.ID)
		default:
			return 0, nil, nil, bad("unknown statement %q", w[0])
		}
	}
	if version == 0 {
		return 0, nil, nil, fmt.Errorf("units.txt: no version line")
	}
	return version, types, order, nil
}

// ParseTables reads a tables file.
func ParseTables(src string) (*Tables, error) {
	t := &Tables{rows: map[string]map[string][]string{}, order: map[string][]string{}}
	cur := ""
	for n, line := range strings.Split(src, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		w := strings.Fields(line)
		if len(w) == 0 {
			continue
		}
		switch {
		case w[0] == "version" && len(w) == 2:
			v, err := strconv.Atoi(w[1])
			if err != nil || v < 1 {
				return nil, fmt.Errorf("tables.txt:%d: version %q", n+1, w[1])
			}
			t.Version = v
		case w[0] == "table" && len(w) == 3:
			cur = w[1]
			if _, dup := t.rows[cur]; dup {
				return nil, fmt.Errorf("tables.txt:%d: table %s twice", n+1, cur)
			}
			t.rows[cur] = map[string][]string{}
		case cur == "":
			return nil, fmt.Errorf("tables.txt:%d: a row before any table", n+1)
		default:
			if _, dup := t.rows[cur][w[0]]; dup {
				return nil, fmt.Errorf("tables.txt:%d: %s: row %s twice", n+1, cur, w[0])
			}
			t.rows[cur][w[0]] = w[1:]
			t.order[cur] = append(t.order[cur], w[0])
		}
	}
	if t.Version == 0 {
		return nil, fmt.Errorf("tables.txt: no version line")
	}
	return t, nil
}

// checkTables insists on the tables and rows the rules read.
func checkTables(t *Tables) error {
	need := map[string][]string{
		"faces":       {"1", "2", "3", "4", "5", "6"},
		"training":    {"super-elite", "elite", "trained", "recruits", "levy"},
		"morale":      {"iron", "solid", "normal", "weak", "unstable"},
		"traits":      {"A1", "A2", "A3", "A4", "A5", "A6", "A7", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4", "C5", "C6", "D1", "D2", "D3", "D4", "D5"},
		"officers":    {"GC", "SG", "SO"},
		"ability":     {"B", "F", "M"},
		"staff":       {"A", "D", "MS"},
		"activations": {"9", "15", "20", "30"},
		"countries":   nil,
		"victory":     {"20", "50", "100"},
	}
	for name, rows := range need {
		if _, ok := t.rows[name]; !ok {
			return fmt.Errorf("tables.txt: no table %s", name)
		}
		for _, r := range rows {
			if _, ok := t.rows[name][r]; !ok {
				return fmt.Errorf("tables.txt: table %s has no row %s", name, r)
			}
		}
	}
	for _, k := range t.order["faces"] {
		f := t.rows["faces"][k]
		if len(f) != 1 || !slices.Contains([]string{FaceINF, FaceCAV, FaceART, FaceFlag, FaceTA}, f[0]) {
			return fmt.Errorf("tables.txt: faces: %s is not a face", k)
		}
	}
	return nil
}

// Face is the symbol of a d6 value (FLG-T1, FLG-P-3).
func Face(v int) string {
	t, _ := GameTables()
	if t == nil {
		return ""
	}
	r, _ := t.Row("faces", strconv.Itoa(v))
	if len(r) == 0 {
		return ""
	}
	return r[0]
}

// RollFace rolls one symbol die.
func RollFace(d interface{ Roll(int) int }) string { return Face(d.Roll(6)) }

// TrainingDice is the dice modifier of a training level (FLG-T6).
func TrainingDice(level string) (int, bool) {
	t, _ := GameTables()
	return t.Int("training", level)
}

// MoraleStands is the stand count of a moral solidity (FLG-T7).
func MoraleStands(level string) (int, bool) {
	t, _ := GameTables()
	return t.Int("morale", level)
}

// Activations is the number of activations and units per activation of an
// army that had n units at the start (FLG-T3, FLG-P-6).
func Activations(n int) (acts, units int) {
	t, _ := GameTables()
	keys := t.Keys("activations")
	last := 0
	for _, k := range keys {
		lim, _ := strconv.Atoi(k)
		r, _ := t.Row("activations", k)
		a, _ := strconv.Atoi(r[0])
		u, _ := strconv.Atoi(r[1])
		acts, units = a, u
		if n <= lim {
			return acts, units
		}
		last = lim
	}
	return acts + (n-last)/15, units
}

// VictoryLevel is the FLG-T15 level of a loss difference in per cent.
func VictoryLevel(diff int) string {
	t, _ := GameTables()
	for _, k := range t.Keys("victory") {
		lim, _ := strconv.Atoi(k)
		if diff <= lim {
			r, _ := t.Row("victory", k)
			return r[0]
		}
	}
	return "decisive"
}
