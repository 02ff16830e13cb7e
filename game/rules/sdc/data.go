package sdc

import (
	"bufio"
	"embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

//go:embed data/*.txt
var dataFS embed.FS

// Class is an element's arm: infantry, cavalry or artillery (TBL-5).
type Class string

const (
	Infantry  Class = "infantry"
	Cavalry   Class = "cavalry"
	Artillery Class = "artillery"
)

// Kind is one element type of TBL-5, its moves in hexes (TBL-8 through
// TBL-21) and its fire (SDC-10).
type Kind struct {
	Type    string
	Class   Class
	Quality int // the morale test succeeds on 1d6 ≥ Quality (TBL-4)
	// Move and Forced are the standard and forced-march allowances in hexes.
	Move, Forced int
	Woods        bool // may enter woods (SDC-8.13)
	StopBuiltUp  bool // may end a move in a built-up area (SDC-8.13)
	Reroll       bool // may reroll one combat die (SDC-11.6)
	CavBonus     bool // +1 against infantry not in square (SDC-11.6)
	// Range is the artillery range in hexes, Step the hexes per point of
	// the score to beat (SDC-10.9), FireMod its fire modifier (TBL-11).
	Range, Step, FireMod int
	Battery              bool   // may form a grande batterie (SDC-15.21)
	AfterMove            string // "test": may fire after moving on a test; "never" (SDC-10.2)
}

// Exchange is one line of TBL-3: Give elements for Get elements.
type Exchange struct {
	ID        string
	Give, Get map[string]int
}

// ArmyRules are the army-construction data (SDC-1).
type ArmyRules struct {
	MinBrigades int
	Base        map[string]int
	Options     map[int]map[string]int
	Exchanges   map[string]Exchange
	Trade       []string       // what a division general's reroll buys (SDC-1.7)
	Generals    map[string]int // general quality → morale (TBL-4)
}

// Result is a line of TBL-10/TBL-13: the effect of a margin.
type Result struct {
	Margin   int
	Disorder bool
	Test     bool // morale test: failed → destroyed
	Destroy  bool
	Recoil   int // hexes
}

// Data is the game's data files, read once.
type Data struct {
	Kinds   map[string]*Kind
	Order   []string // the types in file order
	Army    ArmyRules
	Results []Result // by margin 0 … 3 (3 and above)
}

var (
	dataOnce sync.Once
	dataVal  *Data
	dataErr  error
)

// LoadData returns the embedded data files, parsed.
func LoadData() (*Data, error) {
	dataOnce.Do(func() { dataVal, dataErr = parseData() })
	return dataVal, dataErr
}

func mustData() *Data {
	d, err := LoadData()
	if err != nil {
		panic(err)
	}
	return d
}

func lines(name string) ([][]string, error) {
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	var out [][]string
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		l := sc.Text()
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		if f := strings.Fields(l); len(f) > 0 {
			out = append(out, f)
		}
	}
	return out, nil
}

func counts(words []string) (map[string]int, error) {
	m := map[string]int{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 1 {
			return nil, fmt.Errorf("%q: want TYPE=N", w)
		}
		m[k] += n
	}
	return m, nil
}

func parseData() (*Data, error) {
	d := &Data{Kinds: map[string]*Kind{}}
	rows, err := lines("elements.txt")
	if err != nil {
		return nil, err
	}
	yes := func(s string) bool { return s == "yes" }
	for _, f := range rows {
		if len(f) != 14 {
			return nil, fmt.Errorf("elements.txt: %q: want 14 columns", strings.Join(f, " "))
		}
		n := make([]int, 14)
		for _, i := range []int{2, 3, 4, 9, 10, 11} {
			if n[i], err = strconv.Atoi(f[i]); err != nil {
				return nil, fmt.Errorf("elements.txt: %s: column %d: %v", f[0], i+1, err)
			}
		}
		k := &Kind{Type: f[0], Class: Class(f[1]), Quality: n[2], Move: n[3], Forced: n[4], Woods: yes(f[5]), StopBuiltUp: yes(f[6]),
			Reroll: yes(f[7]), CavBonus: yes(f[8]), Range: n[9], Step: n[10], FireMod: n[11], Battery: yes(f[12]), AfterMove: f[13]}
		switch k.Class {
		case Infantry, Cavalry, Artillery:
		default:
			return nil, fmt.Errorf("elements.txt: %s: class %q", k.Type, k.Class)
		}
		d.Kinds[k.Type] = k
		d.Order = append(d.Order, k.Type)
	}
	rows, err = lines("army.txt")
	if err != nil {
		return nil, err
	}
	a := &d.Army
	a.Options, a.Exchanges, a.Generals = map[int]map[string]int{}, map[string]Exchange{}, map[string]int{}
	for _, f := range rows {
		bad := func(e error) error { return fmt.Errorf("army.txt: %q: %v", strings.Join(f, " "), e) }
		switch f[0] {
		case "min-brigades":
			if a.MinBrigades, err = strconv.Atoi(f[1]); err != nil {
				return nil, bad(err)
			}
		case "base":
			if a.Base, err = counts(f[1:]); err != nil {
				return nil, bad(err)
			}
		case "option":
			n, err := strconv.Atoi(f[1])
			if err != nil {
				return nil, bad(err)
			}
			if a.Options[n], err = counts(f[2:]); err != nil {
				return nil, bad(err)
			}
		case "exchange":
			if len(f) != 4 {
				return nil, bad(fmt.Errorf("want ID GIVE GET"))
			}
			give, err := counts(f[2:3])
			if err != nil {
				return nil, bad(err)
			}
			get, err := counts(f[3:4])
			if err != nil {
				return nil, bad(err)
			}
			a.Exchanges[f[1]] = Exchange{ID: f[1], Give: give, Get: get}
		case "trade":
			a.Trade = f[1:]
		case "generals":
			q, err := counts(f[1:])
			if err != nil {
				return nil, bad(err)
			}
			a.Generals = q
		default:
			return nil, bad(fmt.Errorf("unknown line"))
		}
	}
	for _, m := range append([]map[string]int{a.Base}, a.Options[1], a.Options[2]) {
		for t := range m {
			if d.Kinds[t] == nil {
				return nil, fmt.Errorf("army.txt: unknown element type %s", t)
			}
		}
	}
	for _, x := range a.Exchanges {
		for t := range x.Give {
			if d.Kinds[t] == nil {
				return nil, fmt.Errorf("army.txt: exchange %s: unknown type %s", x.ID, t)
			}
		}
		for t := range x.Get {
			if d.Kinds[t] == nil {
				return nil, fmt.Errorf("army.txt: exchange %s: unknown type %s", x.ID, t)
			}
		}
	}
	rows, err = lines("results.txt")
	if err != nil {
		return nil, err
	}
	for i, f := range rows {
		m, err := strconv.Atoi(f[0])
		if err != nil || m != i {
			return nil, fmt.Errorf("results.txt: margins must run 0, 1, 2 …: %q", f[0])
		}
		r := Result{Margin: m}
		for _, w := range f[1:] {
			switch {
			case w == "disorder":
				r.Disorder = true
			case w == "test":
				r.Test = true
			case w == "destroy":
				r.Destroy = true
			case strings.HasPrefix(w, "recoil="):
				if r.Recoil, err = strconv.Atoi(strings.TrimPrefix(w, "recoil=")); err != nil {
					return nil, fmt.Errorf("results.txt: %q", w)
				}
			default:
				return nil, fmt.Errorf("results.txt: %q", w)
			}
		}
		d.Results = append(d.Results, r)
	}
	if len(d.Results) == 0 || !d.Results[len(d.Results)-1].Destroy {
		return nil, fmt.Errorf("results.txt: the last margin must destroy")
	}
	return d, nil
}

// ResultOf is the effect of a margin ≥ 0 (TBL-10, TBL-13).
func (d *Data) ResultOf(margin int) Result {
	return d.Results[min(margin, len(d.Results)-1)]
}
