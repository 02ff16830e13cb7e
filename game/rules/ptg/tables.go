package ptg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// tables holds a scenario's tables, checked once: the CRT (T-CRT), the
// Bombardment (T-BOMB), Range Attenuation (T-RANGE) and Fire Zone (T-FZ)
// tables, whose printed bodies were lost and are reconstructions a club
// can replace, and the Terrain Effects Chart (T-TEC).
type tables struct {
	crt         *game.Table
	crtCol      map[int]int // differential → column index
	crtRow      map[int]int // modified die → row index
	minCol      int
	maxCol      int
	minRow      int
	maxRow      int
	bomb        *game.Table
	bombCols    []span
	fz          *game.Table
	fzCols      []span
	rng         *game.Table
	rngCols     []span
	moveCost    *game.Table
	hexsideCost *game.Table
	morale      *game.Table
}

// span is a column heading of a strength-indexed table: "3", "5-6", "9+".
type span struct{ lo, hi int }

// crtResults are the result codes of the CRT legend (PTG T-CRT).
var crtResults = []string{".", "Br", "Ar", "Dr", "A1", "D1", "Ex", "AR", "DR", "Ee", "De"}

func loadTables(sc *game.Scenario) (*tables, error) {
	t := &tables{}
	need := func(name string) (*game.Table, error) {
		tb := sc.Tables[name]
		if tb == nil {
			return nil, fmt.Errorf("ptg: scenario %s has no %s table", sc.ID, name)
		}
		return tb, nil
	}
	var err error
	if t.crt, err = need("crt"); err != nil {
		return nil, err
	}
	t.crtCol, t.minCol, t.maxCol, err = intHeads(t.crt.Cols)
	if err != nil {
		return nil, fmt.Errorf("ptg: table crt columns: %v", err)
	}
	t.crtRow, t.minRow, t.maxRow, err = intHeads(t.crt.Rows)
	if err != nil {
		return nil, fmt.Errorf("ptg: table crt rows: %v", err)
	}
	if err := cellsIn(t.crt, crtResults); err != nil {
		return nil, err
	}
	if t.bomb, err = need("bombardment"); err != nil {
		return nil, err
	}
	if t.bombCols, err = spans(t.bomb); err != nil {
		return nil, err
	}
	if err := dieRows(t.bomb); err != nil {
		return nil, err
	}
	if err := cellsIn(t.bomb, []string{".", "r", "1"}); err != nil {
		return nil, err
	}
	if t.fz, err = need("firezone"); err != nil {
		return nil, err
	}
	if t.fzCols, err = spans(t.fz); err != nil {
		return nil, err
	}
	if err := dieRows(t.fz); err != nil {
		return nil, err
	}
	if err := cellsIn(t.fz, []string{".", "Rp", "1"}); err != nil {
		return nil, err
	}
	if t.rng, err = need("range"); err != nil {
		return nil, err
	}
	if t.rngCols, err = spans(t.rng); err != nil {
		return nil, err
	}
	if err := cellsIn(t.rng, []string{"N", "½", "."}); err != nil {
		return nil, err
	}
	for _, typ := range unitTypes {
		if classOf(typ) == ClassArtillery && !slices.Contains(t.rng.Rows, typ) {
			return nil, fmt.Errorf("ptg: table range has no row %s", typ)
		}
	}
	if t.moveCost, err = need("move-cost"); err != nil {
		return nil, err
	}
	for _, r := range []string{Clear, Woods, Ravine, Marsh, Building, "redoubt", "redoubt-building"} {
		if !slices.Contains(t.moveCost.Rows, r) {
			return nil, fmt.Errorf("ptg: table move-cost has no row %s", r)
		}
	}
	for _, c := range []string{"infantry", "cavalry"} {
		if !slices.Contains(t.moveCost.Cols, c) {
			return nil, fmt.Errorf("ptg: table move-cost has no column %s", c)
		}
	}
	if t.hexsideCost, err = need("hexside-cost"); err != nil {
		return nil, err
	}
	for _, r := range []string{River, Bridge, Entrenchment, Lake} {
		if !slices.Contains(t.hexsideCost.Rows, r) {
			return nil, fmt.Errorf("ptg: table hexside-cost has no row %s", r)
		}
	}
	if t.morale, err = need("army-morale"); err != nil {
		return nil, err
	}
	for _, side := range []string{"A", "B"} {
		for _, col := range []string{"start", "demoralized"} {
			v, err := t.morale.Lookup(side, col)
			if err != nil {
				return nil, fmt.Errorf("ptg: table army-morale: %v", err)
			}
			if _, err := strconv.Atoi(v); err != nil {
				return nil, fmt.Errorf("ptg: table army-morale (%s, %s): %q is not a number", side, col, v)
			}
		}
	}
	return t, nil
}

// intHeads reads headings such as "-7", "0", "+11": consecutive integers.
func intHeads(heads []string) (map[int]int, int, int, error) {
	out := map[int]int{}
	lo, hi := 0, 0
	for i, h := range heads {
		v, err := strconv.Atoi(strings.TrimPrefix(h, "+"))
		if err != nil {
			return nil, 0, 0, fmt.Errorf("%q is not a number", h)
		}
		if i == 0 {
			lo, hi = v, v
		} else if v != hi+1 {
			return nil, 0, 0, fmt.Errorf("%q does not follow %d", h, hi)
		}
		hi = v
		out[v] = i
	}
	return out, lo, hi, nil
}

// spans reads strength columns: "3", "5-6", "9+", increasing, from 1 up.
func spans(t *game.Table) ([]span, error) {
	var out []span
	next := 1
	if t.Name == "range" {
		next = 2
	}
	for i, h := range t.Cols {
		var sp span
		switch {
		case strings.HasSuffix(h, "+"):
			v, err := strconv.Atoi(strings.TrimSuffix(h, "+"))
			if err != nil || i != len(t.Cols)-1 {
				return nil, fmt.Errorf("ptg: table %s column %q: only the last column may be N+", t.Name, h)
			}
			sp = span{v, 1 << 30}
		case strings.Contains(h, "-"):
			a, b, _ := strings.Cut(h, "-")
			x, err1 := strconv.Atoi(a)
			y, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil || y < x {
				return nil, fmt.Errorf("ptg: table %s column %q: want N, N-M or N+", t.Name, h)
			}
			sp = span{x, y}
		default:
			v, err := strconv.Atoi(h)
			if err != nil {
				return nil, fmt.Errorf("ptg: table %s column %q: want N, N-M or N+", t.Name, h)
			}
			sp = span{v, v}
		}
		if sp.lo != next {
			return nil, fmt.Errorf("ptg: table %s column %q: expected a column starting at %d", t.Name, h, next)
		}
		next = sp.hi + 1
		out = append(out, sp)
	}
	return out, nil
}

func dieRows(t *game.Table) error {
	if !slices.Equal(t.Rows, []string{"1", "2", "3", "4", "5", "6"}) {
		return fmt.Errorf("ptg: table %s: rows must be the die, 1 to 6", t.Name)
	}
	return nil
}

func cellsIn(t *game.Table, allowed []string) error {
	for r, row := range t.Cell {
		for c, v := range row {
			if !slices.Contains(allowed, v) {
				return fmt.Errorf("ptg: table %s (%s, %s): %q is not one of %s", t.Name, t.Rows[r], t.Cols[c], v, strings.Join(allowed, " "))
			}
		}
	}
	return nil
}

// column finds the column of a strength in a span-headed table, or -1.
func column(sps []span, v int) int {
	for i, sp := range sps {
		if v >= sp.lo && v <= sp.hi {
			return i
		}
	}
	return -1
}

// crtResult reads the CRT at a (clamped) column and row.
func (t *tables) crtResult(col, row int) string {
	return t.crt.Cell[t.crtRow[row]][t.crtCol[col]]
}

// bombResult reads the Bombardment Table.
func (t *tables) bombResult(strength, die int) (string, string) {
	c := column(t.bombCols, max(1, strength))
	return t.bomb.Cell[die-1][c], t.bomb.Cols[c]
}

// fzResult reads the Fire Zone Table.
func (t *tables) fzResult(strength, die int) (string, string) {
	c := column(t.fzCols, max(1, strength))
	return t.fz.Cell[die-1][c], t.fz.Cols[c]
}

// attenuation reads the Range Attenuation Table: "N", "½" or "." for a
// type of artillery at a range of 2 or more.
func (t *tables) attenuation(typ string, r int) string {
	ri := slices.Index(t.rng.Rows, typ)
	c := column(t.rngCols, r)
	if ri < 0 || c < 0 {
		return "."
	}
	return t.rng.Cell[ri][c]
}

// clampCol and clampRow keep a column or row inside the CRT (T-CRT).
func (t *tables) clampCol(c int) int { return min(max(c, t.minCol), t.maxCol) }
func (t *tables) clampRow(r int) int { return min(max(r, t.minRow), t.maxRow) }

// signed prints a differential as the CRT heads it.
func signed(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}
