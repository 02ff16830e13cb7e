package sdc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// PhaseArmy: each player builds his army in secret (SDC-1, TBL-26), when
// the scenario says armies = "choose" (brigades = N, at least 3).
const PhaseArmy = "army"

// ParseArmy reads an army order's words:
//
//	opts=1,2,2 [x=X1,X1] [swap=N] [flank=B,…] [trade=LI,…] b1=Cav2,HC1[:elite] b2=… b3=…
//
// opts gives each brigade's option (TBL-1), x the exchanges (TBL-3), swap
// the general swaps (SDC-1.5), flank the brigades marching on a flank
// (SDC-17.1), trade the elements bought with division generals' rerolls,
// one per division general in order (SDC-1.7), and bN the elements of
// brigade N after reorganisation, each
// a type and a count, then optionally its general's quality (elite,
// average, mediocre; average when not said).
//
// Orders are split on commas as well as spaces (game.Words): a word
// without "=" continues the list of the word before it.
func ParseArmy(words []string) (ArmyList, error) {
	var a ArmyList
	bs := map[int]BrigadeList{}
	var joined []string
	for _, w := range words {
		if !strings.Contains(w, "=") && len(joined) > 0 {
			joined[len(joined)-1] += "," + w
			continue
		}
		joined = append(joined, w)
	}
	for _, w := range joined {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return a, fmt.Errorf("%q: want KEY=VALUE", w)
		}
		switch {
		case k == "opts":
			for _, o := range strings.Split(v, ",") {
				n, err := strconv.Atoi(o)
				if err != nil {
					return a, fmt.Errorf("opts: %q", o)
				}
				a.Options = append(a.Options, n)
			}
		case k == "x":
			a.Exchanges = strings.Split(v, ",")
		case k == "swap":
			n, err := strconv.Atoi(v)
			if err != nil {
				return a, fmt.Errorf("swap: %q", v)
			}
			a.Swaps = n
		case k == "trade":
			for i, t := range strings.Split(v, ",") {
				a.Trades = append(a.Trades, Trade{DivGeneral: i, Type: t})
			}
		case k == "flank":
			for _, o := range strings.Split(v, ",") {
				n, err := strconv.Atoi(o)
				if err != nil {
					return a, fmt.Errorf("flank: %q", o)
				}
				a.FlankMarches = append(a.FlankMarches, n-1)
			}
		case strings.HasPrefix(k, "b"):
			n, err := strconv.Atoi(k[1:])
			if err != nil || n < 1 || n > 99 {
				return a, fmt.Errorf("%q: want b1, b2 …", k)
			}
			b := BrigadeList{General: "average", Elements: map[string]int{}}
			if els, q, ok := strings.Cut(v, ":"); ok {
				v, b.General = els, q
			}
			for _, e := range strings.Split(v, ",") {
				i := strings.IndexAny(e, "0123456789")
				if i <= 0 {
					return a, fmt.Errorf("%q: want a type and a count (LI6)", e)
				}
				c, err := strconv.Atoi(e[i:])
				if err != nil {
					return a, fmt.Errorf("%q: want a type and a count (LI6)", e)
				}
				b.Elements[e[:i]] += c
			}
			bs[n] = b
		default:
			return a, fmt.Errorf("%q: unknown key", k)
		}
	}
	for n := 1; n <= len(bs); n++ {
		b, ok := bs[n]
		if !ok {
			return a, fmt.Errorf("no brigade b%d", n)
		}
		a.Brigades = append(a.Brigades, b)
	}
	return a, nil
}

// DefaultArmy is the balanced template offered at army building: the
// options 1, 2, 2, 1, 2, 2 … and no exchange (TBL-26).
func DefaultArmy(brigades int) string {
	d := mustData()
	var opts, bs []string
	for i := 0; i < brigades; i++ {
		o := 2
		if i%3 == 0 {
			o = 1
		}
		opts = append(opts, strconv.Itoa(o))
		els := map[string]int{}
		for t, n := range d.Army.Base {
			els[t] += n
		}
		for t, n := range d.Army.Options[o] {
			els[t] += n
		}
		var parts []string
		for _, t := range d.Order {
			if els[t] > 0 {
				parts = append(parts, t+strconv.Itoa(els[t]))
			}
		}
		bs = append(bs, fmt.Sprintf("b%d=%s", i+1, strings.Join(parts, ",")))
	}
	return "army opts=" + strings.Join(opts, ",") + " " + strings.Join(bs, " ")
}

// ArmyChosen: a player's army, secret until both are chosen (SDC-1).
type ArmyChosen struct {
	Side game.Side `json:"side"`
	List ArmyList  `json:"list"`
}

func (ArmyChosen) Kind() string        { return "army-chosen" }
func (e ArmyChosen) Owner() game.Side  { return e.Side }
func (e ArmyChosen) Message() game.Msg { return game.M("sdc.ev.army-chosen", "side", e.Side) }
func (e ArmyChosen) apply(s *State) {
	l := e.List
	s.Lists[e.Side] = &l
	s.Submitted[e.Side] = true
}

// ArmiesRevealed: both armies are revealed and deployed (SDC-1, SDC-5).
type ArmiesRevealed struct {
	Units []game.UnitSpec `json:"units"`
}

func (ArmiesRevealed) Kind() string        { return "armies-revealed" }
func (e ArmiesRevealed) Message() game.Msg { return game.M("sdc.ev.armies", "n", len(e.Units)) }
func (e ArmiesRevealed) apply(s *State) {
	if err := s.addUnits(e.Units); err != nil {
		panic(err)
	}
	s.Phase = PhaseInitiative
	s.deployPhase()
}

// DivGenerals is the default number of division generals of an army of
// n brigades (SDC-1.8 [P]): one up to 5 brigades, then one per 3.
func DivGenerals(n int) int {
	if n < 6 {
		return 1
	}
	return n / 3
}

// armyUnits are the units of a validated army: general GA1 and his
// elements GA1-1 … for side A's first brigade; the division generals DA1
// … with their rerolls left after trades, and from 6 brigades a corps
// general CA (SDC-1.8), all standing at the rear of the side's zone.
func armyUnits(side game.Side, a *ArmyList, m *board) []game.UnitSpec {
	cols, rows := m.g.Size()
	d := mustData()
	var out []game.UnitSpec
	rep, _ := ValidateArmy(*a, ArmyOptions{LightCavalry: true, SwapUsesExchange: false})
	x := 0
	if side == game.SideB {
		x = cols - 1
	}
	for i := 0; i < a.DivGenerals; i++ {
		r := 3
		if i < len(rep.Rerolls) {
			r = rep.Rerolls[i]
		}
		at := grid.Coord{X: x, Y: rows*(i+1)/(a.DivGenerals+1) + 1}
		for m != nil && m.river(at) {
			at.Y++
		}
		out = append(out, game.UnitSpec{ID: fmt.Sprintf("D%s%d", side, i+1), Side: side, Type: "division", Values: map[string]int{"rerolls": r}, At: &at})
	}
	if len(a.Options) >= 6 {
		at := grid.Coord{X: x, Y: rows / 2}
		for m != nil && m.river(at) {
			at.Y++
		}
		out = append(out, game.UnitSpec{ID: "C" + side.String(), Side: side, Type: "corps", At: &at})
	}
	for i, b := range a.Brigades {
		gen := fmt.Sprintf("G%s%d", side, i+1)
		g := game.UnitSpec{ID: gen, Side: side, Type: "general", Values: map[string]int{"quality": d.Army.Generals[b.General]}}
		if slices.Contains(a.FlankMarches, i) {
			g.Flags = []string{"flank"}
		}
		out = append(out, g)
		k := 0
		for _, t := range d.Order {
			for range b.Elements[t] {
				k++
				out = append(out, game.UnitSpec{ID: fmt.Sprintf("%s-%d", gen, k), Side: side, Type: t, Group: gen})
			}
		}
	}
	return out
}

// army records a player's army (SDC-1.10), and reveals and deploys both
// once the second is in.
func (x *decider) army(args []string) error {
	s := x.t
	if s.Phase != PhaseArmy {
		return reject(game.CodeWrongPhase, "SDC-1.10", "sdc.wrong-phase", "phase", term(s.Phase))
	}
	if s.Submitted[x.side] {
		return reject("chosen", "SDC-1.10", "sdc.army.chosen")
	}
	a, err := ParseArmy(args)
	if err != nil {
		return reject(game.CodeSyntax, "SDC-1.10", "sdc.army.syntax", "why", game.Plain(err.Error()), "example", game.Plain(DefaultArmy(s.Brigades)))
	}
	if len(a.Options) != s.Brigades {
		return reject("brigades", "SDC-1.1", "sdc.army.agreed", "n", len(a.Options), "agreed", s.Brigades)
	}
	a.DivGenerals = DivGenerals(s.Brigades)
	if _, bad := ValidateArmy(a, ArmyOptions{LightCavalry: s.on("light-cavalry"), SwapUsesExchange: s.on("swap-uses-exchange")}); len(bad) > 0 {
		return reject("invalid-army", bad[0].Rule, "sdc.army.invalid", "why", bad[0].Msg)
	}
	x.emit(ArmyChosen{Side: x.side, List: a})
	if !s.Submitted[x.side.Other()] {
		return nil
	}
	sc := *s.sc
	sc.Units = nil
	for _, side := range game.Sides {
		sc.Units = append(sc.Units, armyUnits(side, s.Lists[side], s.m)...)
	}
	if s.sc.Param("deploy", "") != "players" {
		deploy(&sc)
	}
	x.emit(ArmiesRevealed{Units: sc.Units})
	return nil
}

// armyDecisions are the army-building decisions still open.
func (s *State) armyDecisions() []game.Decision {
	var out []game.Decision
	for _, side := range game.Sides {
		if s.Submitted[side] {
			continue
		}
		o := DefaultArmy(s.Brigades)
		p := game.M("sdc.prompt.army", "n", s.Brigades)
		out = append(out, game.Decision{ID: "army-" + side.String(), Side: side, Kind: "army", Rule: "SDC-1.10", Prompt: game.Render(game.LangEN, p), PromptMsg: p,
			Options: []game.Option{{Label: o, Command: o, LabelMsg: game.M("sdc.opt.order", "order", game.Plain(o))}}})
	}
	return out
}

var _ game.Viewer = (*Rules)(nil)

// View hides the army a player has chosen from his opponent until both
// are revealed (SDC-1, TBL-26: simultaneous and secret).
func (*Rules) View(st game.State, viewer game.Side) game.State {
	s := st.(*State)
	if s.Phase != PhaseArmy {
		return s
	}
	c := s.clone()
	for _, side := range game.Sides {
		if side != viewer {
			c.Lists[side] = nil
		}
	}
	return c
}
