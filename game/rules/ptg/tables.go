package ptg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/mech"
)

// tables holds a scenario's tables, checked once: the CRT (T-CRT), the
// Bombardment (T-BOMB), Range Attenuation (T-RANGE) and Fire Zone (T-FZ)
// tables, whose printed bodies were lost and are reconstructions a club
// can replace, and the Terrain Effects Chart (T-TEC).
type tables struct {
	crt         *game.Table
	crtCols     mech.Axis // differentials
	crtRows     mech.Axis // modified die
	bomb        *game.Table
	bombCols    []mech.Span
	fz          *game.Table
	fzCols      []mech.Span
	rng         *game.Table
	rngCols     []mech.Span
	moveCost    *game.Table
	hexsideCost *game.Table
	morale      *game.Table
}

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
	t.crtCols, err = mech.ParseAxis(t.crt.Cols)
	if err != nil {
		return nil, fmt.Errorf("ptg: table crt columns: %v", err)
	}
	t.crtRows, err = mech.ParseAxis(t.crt.Rows)
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

// spans reads strength columns: "3", "5-6", "9+", increasing, from 1 up
// (from 2 for the range table).
func spans(t *game.Table) ([]mech.Span, error) {
	first := 1
	if t.Name == "range" {
		first = 2
	}
	sps, err := mech.ParseSpans(t.Cols, first)
	if err != nil {
		return nil, fmt.Errorf("ptg: table %s %w", t.Name, err)
	}
	return sps, nil
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

// crtResult reads the CRT at a (clamped) column and row.
func (t *tables) crtResult(col, row int) string {
	return t.crt.Cell[t.crtRows.Index(row)][t.crtCols.Index(col)]
}

// bombResult reads the Bombardment Table.
func (t *tables) bombResult(strength, die int) (string, string) {
	c := mech.SpanIndex(t.bombCols, max(1, strength))
	return t.bomb.Cell[die-1][c], t.bomb.Cols[c]
}

// fzResult reads the Fire Zone Table.
func (t *tables) fzResult(strength, die int) (string, string) {
	c := mech.SpanIndex(t.fzCols, max(1, strength))
	return t.fz.Cell[die-1][c], t.fz.Cols[c]
}

// attenuation reads the Range Attenuation Table: "N", "½" or "." for a
// type of artillery at a range of 2 or more.
func (t *tables) attenuation(typ string, r int) string {
	ri := slices.Index(t.rng.Rows, typ)
	c := mech.SpanIndex(t.rngCols, r)
	if ri < 0 || c < 0 {
		return "."
	}
	return t.rng.Cell[ri][c]
}

// signed prints a differential as the CRT heads it.
func signed(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}
