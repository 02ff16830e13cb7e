package man

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The game's data are versioned text files embedded in the package
// (MAN-P-06): one file per army under data/armies, the map sections
// (data/sections.txt, MAN-P-03 placeholder set) and the tables
// (data/tables.txt: terrain effects T-3b, results T-9 and T-10).
//
// An army file has one statement a line ('#' starts a comment):
//
//	version 1
//	army CODE RANK NAME…                 RANK: the MAN-2.2.5 tie-break order
//	unit ID inf|cav FULL REDUCED NAME… [| ALIAS]
//	card UNIT VALUE… [xN]               A2d8 D7 B1d10 V2d6 R2 P1-4 W1-2 NRA
//	leader ID cmd=N cbt=N rally=1-N [pursuit=N] [battery] NAME…
//	hq TYPE N                           supply, withdraw, march, skirmish,
//	                                    redoubt, sappers, committed, spy,
//	                                    ambush, guerrilla, regroup
//
// Card ids: a unit card is UNIT-k (k = 1…5 in file order), a leader its
// id, another HQ card TYPE-k.

//go:embed data/armies/*.txt data/sections.txt data/tables.txt
var dataFS embed.FS

// Unit types.
const (
	Infantry = "inf"
	Cavalry  = "cav"
)

// HQ card types (T-6). A unit card has type "unit", a leader "leader".
const (
	CardUnit      = "unit"
	CardLeader    = "leader"
	CardSupply    = "supply"
	CardWithdraw  = "withdraw"
	CardMarch     = "march"
	CardSkirmish  = "skirmish"
	CardRedoubt   = "redoubt"
	CardSappers   = "sappers"
	CardCommitted = "committed"
	CardSpy       = "spy"
	CardAmbush    = "ambush"
	CardGuerrilla = "guerrilla"
	CardRegroup   = "regroup"
)

var hqTypes = []string{CardSupply, CardWithdraw, CardMarch, CardSkirmish, CardRedoubt, CardSappers, CardCommitted, CardSpy, CardAmbush, CardGuerrilla, CardRegroup}

// Dice is a dice expression NdX.
type Dice struct {
	N     int `json:"n"`
	Sides int `json:"sides"`
}

func (d Dice) String() string {
	if d.N == 0 {
		return ""
	}
	return fmt.Sprintf("%dd%d", d.N, d.Sides)
}

// Range is a d6 range lo–hi (pursuit, withdraw, rally).
type Range struct {
	Lo int `json:"lo"`
	Hi int `json:"hi"`
}

func (r Range) Has(v int) bool { return r.Hi > 0 && v >= r.Lo && v <= r.Hi }

func (r Range) String() string {
	if r.Hi == 0 {
		return ""
	}
	return fmt.Sprintf("%d-%d", r.Lo, r.Hi)
}

// UnitDef is a unit of an army (MAN-1.3).
type UnitDef struct {
	ID      string
	Name    string
	Alias   string
	Type    string // Infantry or Cavalry
	Full    int
	Reduced int
}

// Card is one card of an action deck (MAN-1.4, rule 8, rule 9).
type Card struct {
	ID   string
	Type string // CardUnit, CardLeader or an HQ type
	// Unit cards.
	Unit     string
	Attack   Dice
	Defense  int
	Bombard  Dice
	Volley   Dice
	Range    int
	Pursuit  Range
	Withdraw Range
	NRA      bool
	// Leaders.
	Name     string
	Command  int
	Combat   int
	Rally    Range
	LPursuit int
	Battery  bool
}

// Values prints a unit card's values as the digest writes them.
func (c *Card) Values() string {
	var p []string
	if c.Attack.N > 0 {
		p = append(p, "A"+c.Attack.String())
	}
	if c.Defense > 0 {
		p = append(p, fmt.Sprintf("D%d", c.Defense))
	}
	if c.Bombard.N > 0 {
		p = append(p, "B"+c.Bombard.String())
	}
	if c.Volley.N > 0 {
		p = append(p, "V"+c.Volley.String())
	}
	if c.Range > 0 {
		p = append(p, fmt.Sprintf("R%d", c.Range))
	}
	if c.Pursuit.Hi > 0 {
		p = append(p, "P"+c.Pursuit.String())
	}
	if c.Withdraw.Hi > 0 {
		p = append(p, "W"+c.Withdraw.String())
	}
	if c.NRA {
		p = append(p, "NRA")
	}
	if c.Type == CardLeader {
		p = append(p, fmt.Sprintf("cmd %d cbt %d rally %s", c.Command, c.Combat, c.Rally))
		if c.LPursuit > 0 {
			p = append(p, fmt.Sprintf("pursuit %d", c.LPursuit))
		}
	}
	return strings.Join(p, " ")
}

// Army is one nation's units and 60-card deck.
type Army struct {
	Code    string
	Name    string
	Rank    int // tie-break order, 1 wins (MAN-2.2.5)
	Version int
	Units   []UnitDef
	Cards   []Card // deck order as written
	byID    map[string]int
}

// Card returns the card with the id.
func (a *Army) Card(id string) *Card {
	if i, ok := a.byID[id]; ok {
		return &a.Cards[i]
	}
	return nil
}

// Unit returns the unit with the id.
func (a *Army) Unit(id string) *UnitDef {
	for i := range a.Units {
		if a.Units[i].ID == id {
			return &a.Units[i]
		}
	}
	return nil
}

// Has reports whether the deck holds a card of the type.
func (a *Army) Has(typ string) bool {
	return slices.ContainsFunc(a.Cards, func(c Card) bool { return c.Type == typ })
}

var (
	diceRE  = regexp.MustCompile(`^([12])d(6|8|10)$`)
	rangeRE = regexp.MustCompile(`^([1-6])-([1-6])$`)
)

func parseDice(s string) (Dice, error) {
	m := diceRE.FindStringSubmatch(s)
	if m == nil {
		return Dice{}, fmt.Errorf("dice %q: want 1d6 … 2d10", s)
	}
	n, _ := strconv.Atoi(m[1])
	x, _ := strconv.Atoi(m[2])
	return Dice{n, x}, nil
}

func parseRange(s string) (Range, error) {
	m := rangeRE.FindStringSubmatch(s)
	if m == nil {
		return Range{}, fmt.Errorf("range %q: want lo-hi within 1-6", s)
	}
	lo, _ := strconv.Atoi(m[1])
	hi, _ := strconv.Atoi(m[2])
	if lo > hi {
		return Range{}, fmt.Errorf("range %q: lo above hi", s)
	}
	return Range{lo, hi}, nil
}

// ParseArmy reads an army file. With fixture set (test positions), the
// deck-composition checks of MAN-P-06 are skipped.
func ParseArmy(name, src string, fixture bool) (*Army, error) {
	a := &Army{byID: map[string]int{}}
	hqN := map[string]int{}
	unitN := map[string]int{}
	bad := func(n int, f string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, n, fmt.Sprintf(f, args...))
	}
	add := func(c Card) {
		a.byID[c.ID] = len(a.Cards)
		a.Cards = append(a.Cards, c)
	}
	for n, line := range strings.Split(src, "\n") {
		n++
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		w := strings.Fields(line)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "version":
			if len(w) != 2 {
				return nil, bad(n, "version N")
			}
			a.Version, _ = strconv.Atoi(w[1])
		case "army":
			if len(w) < 4 {
				return nil, bad(n, "army CODE RANK NAME")
			}
			a.Code, a.Name = w[1], strings.Join(w[3:], " ")
			a.Rank, _ = strconv.Atoi(w[2])
		case "unit":
			if len(w) < 6 || (w[2] != Infantry && w[2] != Cavalry) {
				return nil, bad(n, "unit ID inf|cav FULL REDUCED NAME")
			}
			full, e1 := strconv.Atoi(w[3])
			red, e2 := strconv.Atoi(w[4])
			if e1 != nil || e2 != nil || red < 1 || red >= full {
				return nil, bad(n, "unit %s: strengths %s/%s", w[1], w[3], w[4])
			}
			if a.Unit(w[1]) != nil {
				return nil, bad(n, "unit %s twice", w[1])
			}
			nm, alias, _ := strings.Cut(strings.Join(w[5:], " "), "|")
			a.Units = append(a.Units, UnitDef{ID: w[1], Type: w[2], Full: full, Reduced: red, Name: strings.TrimSpace(nm), Alias: strings.TrimSpace(alias)})
		case "card":
			if len(w) < 3 || a.Unit(w[1]) == nil {
				return nil, bad(n, "card UNIT VALUES: unit first")
			}
			c := Card{Type: CardUnit, Unit: w[1]}
			copies := 1
			for _, v := range w[2:] {
				var err error
				switch {
				case v == "NRA":
					c.NRA = true
				case v[0] == 'x':
					copies, err = strconv.Atoi(v[1:])
				case v[0] == 'A':
					c.Attack, err = parseDice(v[1:])
				case v[0] == 'B':
					c.Bombard, err = parseDice(v[1:])
				case v[0] == 'V':
					c.Volley, err = parseDice(v[1:])
				case v[0] == 'D':
					c.Defense, err = strconv.Atoi(v[1:])
				case v[0] == 'R':
					c.Range, err = strconv.Atoi(v[1:])
				case v[0] == 'P':
					c.Pursuit, err = parseRange(v[1:])
				case v[0] == 'W':
					c.Withdraw, err = parseRange(v[1:])
				default:
					err = fmt.Errorf("unknown value")
				}
				if err != nil {
					return nil, bad(n, "card value %q: %v", v, err)
				}
			}
			if c.Bombard.N > 0 && c.Attack.N > 0 {
				return nil, bad(n, "an artillery card has no Attack value (MAN-6.1.1c)")
			}
			if (c.Bombard.N > 0 || c.Volley.N > 0) && c.Range < 1 {
				return nil, bad(n, "a Bombard or Volley card needs a range")
			}
			for range copies {
				unitN[c.Unit]++
				c.ID = fmt.Sprintf("%s-%d", c.Unit, unitN[c.Unit])
				add(c)
			}
		case "leader":
			if len(w) < 3 {
				return nil, bad(n, "leader ID cmd=N cbt=N rally=1-N NAME")
			}
			c := Card{Type: CardLeader, ID: w[1]}
			i := 2
			for ; i < len(w); i++ {
				k, v, ok := strings.Cut(w[i], "=")
				if !ok {
					if w[i] == "battery" {
						c.Battery = true
						continue
					}
					break
				}
				var err error
				switch k {
				case "cmd":
					c.Command, err = strconv.Atoi(v)
				case "cbt":
					c.Combat, err = strconv.Atoi(v)
				case "rally":
					c.Rally, err = parseRange(v)
				case "pursuit":
					c.LPursuit, err = strconv.Atoi(v)
				default:
					err = fmt.Errorf("unknown key")
				}
				if err != nil {
					return nil, bad(n, "leader %s: %s: %v", c.ID, w[i], err)
				}
			}
			c.Name = strings.Join(w[i:], " ")
			if c.Command < 1 || c.Command > 4 || c.Rally.Hi == 0 {
				return nil, bad(n, "leader %s needs cmd 1-4 and a rally range", c.ID)
			}
			if _, dup := a.byID[c.ID]; dup {
				return nil, bad(n, "card %s twice", c.ID)
			}
			add(c)
		case "hq":
			if len(w) != 3 || !slices.Contains(hqTypes, w[1]) {
				return nil, bad(n, "hq TYPE N, TYPE one of %s", strings.Join(hqTypes, ", "))
			}
			k, err := strconv.Atoi(w[2])
			if err != nil || k < 1 {
				return nil, bad(n, "hq %s: count %q", w[1], w[2])
			}
			for range k {
				hqN[w[1]]++
				add(Card{Type: w[1], ID: fmt.Sprintf("%s-%d", w[1], hqN[w[1]])})
			}
		default:
			return nil, bad(n, "unknown statement %q", w[0])
		}
	}
	if a.Code == "" {
		return nil, fmt.Errorf("%s: no army line", name)
	}
	for _, c := range a.Cards {
		if c.Type == CardUnit && a.Unit(c.Unit) == nil {
			return nil, fmt.Errorf("%s: card %s names no unit", name, c.ID)
		}
	}
	if fixture {
		return a, nil
	}
	return a, a.validate(name)
}

// validate checks a shipped army (MAN-P-06, MAN-1.3.1, MAN-1.4.4, MAN-1.4.6).
func (a *Army) validate(name string) error {
	if a.Version != 1 {
		return fmt.Errorf("%s: version %d, want 1", name, a.Version)
	}
	if len(a.Units) != 8 {
		return fmt.Errorf("%s: %d units, want 8 (MAN-1.3.1)", name, len(a.Units))
	}
	if len(a.Cards) != 60 {
		return fmt.Errorf("%s: %d cards, want 60 (MAN-1.4.1)", name, len(a.Cards))
	}
	per := map[string]int{}
	hq := map[string]bool{}
	leaders := 0
	for _, c := range a.Cards {
		switch c.Type {
		case CardUnit:
			per[c.Unit]++
		case CardLeader:
			leaders++
		default:
			hq[c.Type] = true
		}
	}
	for _, u := range a.Units {
		if per[u.ID] != 5 {
			return fmt.Errorf("%s: unit %s has %d cards, want 5 (MAN-1.4.4)", name, u.ID, per[u.ID])
		}
	}
	if leaders < 1 {
		return fmt.Errorf("%s: no Leader card (MAN-1.4.6)", name)
	}
	if len(hq) < 3 || len(hq) > 8 {
		return fmt.Errorf("%s: %d non-Leader HQ types, want 3-8 (MAN-1.4.6)", name, len(hq))
	}
	if !hq[CardWithdraw] {
		return fmt.Errorf("%s: no Withdraw card (MAN-6.1.3)", name)
	}
	return nil
}

// ArmyCodes lists the shipped armies in tie-break order (MAN-2.2.5).
var ArmyCodes = []string{"us", "ot", "sp", "at", "pr", "ru", "gb", "fr"}

var (
	armiesOnce sync.Once
	armies     map[string]*Army
	armiesErr  error
)

// ShippedArmy returns the shipped army with the code.
func ShippedArmy(code string) (*Army, error) {
	armiesOnce.Do(func() {
		armies = map[string]*Army{}
		for _, c := range ArmyCodes {
			b, err := dataFS.ReadFile("data/armies/" + c + ".txt")
			if err != nil {
				armiesErr = err
				return
			}
			a, err := ParseArmy(c+".txt", string(b), false)
			if err != nil {
				armiesErr = err
				return
			}
			armies[c] = a
		}
	})
	if armiesErr != nil {
		return nil, armiesErr
	}
	a, ok := armies[code]
	if !ok {
		return nil, fmt.Errorf("no army %q (armies: %s)", code, strings.Join(ArmyCodes, ", "))
	}
	return a, nil
}

// Terrain is one row of the terrain effects table (T-3b).
type Terrain struct {
	Name          string
	Defence       int
	Attack        int
	Blocks        bool
	Enter         bool
	AssaultFrom   bool
	MarchFrom     bool
	StopsMovement bool
}

// Tables are the game's tables as data.
type Tables struct {
	Terrain map[string]Terrain
	Redoubt int
	CRT     []CRTRow
	Fire    []CRTRow
}

// CRTRow is one row of T-9 or T-10.
type CRTRow struct {
	Test    string // ge4 ge3 ge2 gt eq lt le
	Result  string
	Chooser string
}

// Matches reports whether attack a against defence d satisfies the test.
func (r CRTRow) Matches(a, d int) bool {
	switch r.Test {
	case "ge4":
		return a >= 4*d
	case "ge3":
		return a >= 3*d
	case "ge2":
		return a >= 2*d
	case "gt":
		return a > d
	case "eq":
		return a == d
	case "lt":
		return a < d
	case "le":
		return a <= d
	}
	return false
}

var (
	tablesOnce sync.Once
	tables     *Tables
	tablesErr  error
)

// ShippedTables returns the tables of data/tables.txt.
func ShippedTables() (*Tables, error) {
	tablesOnce.Do(func() {
		b, err := dataFS.ReadFile("data/tables.txt")
		if err != nil {
			tablesErr = err
			return
		}
		tables, tablesErr = parseTables(string(b))
	})
	return tables, tablesErr
}

func parseTables(src string) (*Tables, error) {
	t := &Tables{Terrain: map[string]Terrain{}}
	yes := func(s string) bool { return s == "yes" }
	for n, line := range strings.Split(src, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		w := strings.Fields(line)
		if len(w) == 0 {
			continue
		}
		switch {
		case w[0] == "terrain" && len(w) == 9:
			def, e1 := strconv.Atoi(w[2])
			att, e2 := strconv.Atoi(w[3])
			if e1 != nil || e2 != nil {
				return nil, fmt.Errorf("tables.txt:%d: numbers", n+1)
			}
			t.Terrain[w[1]] = Terrain{Name: w[1], Defence: def, Attack: att, Blocks: yes(w[4]), Enter: yes(w[5]), AssaultFrom: yes(w[6]), MarchFrom: yes(w[7]), StopsMovement: yes(w[8])}
		case w[0] == "redoubt" && len(w) == 2:
			t.Redoubt, _ = strconv.Atoi(w[1])
		case w[0] == "crt" && len(w) == 4:
			t.CRT = append(t.CRT, CRTRow{w[1], w[2], w[3]})
		case w[0] == "fire" && len(w) == 3:
			t.Fire = append(t.Fire, CRTRow{Test: w[1], Result: w[2]})
		default:
			return nil, fmt.Errorf("tables.txt:%d: cannot read %q", n+1, line)
		}
	}
	for _, name := range terrainLetters {
		if _, ok := t.Terrain[name]; !ok {
			return nil, fmt.Errorf("tables.txt: no terrain %s", name)
		}
	}
	if len(t.CRT) == 0 || len(t.Fire) == 0 {
		return nil, fmt.Errorf("tables.txt: no crt or fire rows")
	}
	return t, nil
}

// terrainLetters maps a section file's letters to terrain names.
var terrainLetters = map[byte]string{'c': "clear", 'f': "field", 'h': "hill", 'w': "woods", 't': "town", 'm': "marsh", 'l': "lake"}

// Section is one 4×4 map section (MAN-1.1.1), rows north first.
type Section struct {
	ID      string
	Terrain [4][4]string // [row][col]
}

// Rotate returns the section turned clockwise by deg (0, 90, 180, 270).
func (s Section) Rotate(deg int) Section {
	out := s
	for range (deg / 90) % 4 {
		var r [4][4]string
		for y := range 4 {
			for x := range 4 {
				r[x][3-y] = out.Terrain[y][x]
			}
		}
		out.Terrain = r
	}
	return out
}

var (
	sectionsOnce sync.Once
	sections     []Section
	sectionsErr  error
)

// Sections returns the 24 shipped map sections (MAN-P-03 placeholders).
func Sections() ([]Section, error) {
	sectionsOnce.Do(func() {
		b, err := dataFS.ReadFile("data/sections.txt")
		if err != nil {
			sectionsErr = err
			return
		}
		sections, sectionsErr = parseSections(string(b))
	})
	return sections, sectionsErr
}

func parseSections(src string) ([]Section, error) {
	var out []Section
	row := 4
	for n, line := range strings.Split(src, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		w := strings.Fields(line)
		switch {
		case len(w) == 0 || w[0] == "version":
		case w[0] == "section" && len(w) == 2:
			if row != 4 {
				return nil, fmt.Errorf("sections.txt:%d: section %s has %d rows", n+1, out[len(out)-1].ID, row)
			}
			out = append(out, Section{ID: w[1]})
			row = 0
		case len(w) == 1 && len(w[0]) == 4 && len(out) > 0 && row < 4:
			for x := range 4 {
				t, ok := terrainLetters[w[0][x]]
				if !ok {
					return nil, fmt.Errorf("sections.txt:%d: letter %c", n+1, w[0][x])
				}
				out[len(out)-1].Terrain[row][x] = t
			}
			row++
		default:
			return nil, fmt.Errorf("sections.txt:%d: cannot read %q", n+1, line)
		}
	}
	if len(out) != 24 || row != 4 {
		return nil, fmt.Errorf("sections.txt: %d sections, want 24 (MAN-1.1.1)", len(out))
	}
	return out, nil
}
