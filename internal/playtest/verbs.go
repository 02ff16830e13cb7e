package playtest

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// CheckVerbs checks a ruleset's declared verbs (game.Verber) against what
// its Decide understands, on random games of each scenario:
//
//   - every verb of the legal-option tree, at each of steps random orders,
//     is declared;
//   - every declared verb is understood: at some point of those games
//     Decide answers it with something other than unknown-order;
//   - an undeclared verb is refused with unknown-order;
//   - names and aliases are unique, every verb has help in both languages
//     and its example starts with its name.
//
// It returns the verbs seen in the legal-option trees.
func CheckVerbs(tb testing.TB, rules game.Ruleset, scs []*game.Scenario, steps int) map[string]bool {
	tb.Helper()
	vr, ok := rules.(game.Verber)
	if !ok {
		tb.Fatalf("%s declares no verbs", rules.Name())
	}
	declared := map[string]bool{}
	words := map[string]string{}
	for _, v := range vr.Verbs() {
		declared[v.Name] = true
		for _, w := range append([]string{v.Name}, v.Aliases...) {
			if other, dup := words[w]; dup {
				tb.Errorf("%s: %q names both %s and %s", rules.Name(), w, other, v.Name)
			}
			words[w] = v.Name
		}
		if !fits(v.Help) {
			tb.Errorf("%s: verb %s lacks help in a language, or its help is longer than a typed command's description (100): %+v", rules.Name(), v.Name, v.Help)
		}
		if w := game.Words(v.Example); len(w) == 0 || w[0] != v.Name {
			tb.Errorf("%s: the example of %s is %q", rules.Name(), v.Name, v.Example)
		}
		for _, a := range v.Args {
			if !fits(a.Help) || a.Kind == "" {
				tb.Errorf("%s: argument %s of %s lacks a kind or help: %+v", rules.Name(), a.Name, v.Name, a)
			}
		}
	}
	seen := map[string]bool{}
	understood := map[string]bool{}
	chosen := map[string]int{}
	probe := func(st game.State) {
		for v := range declared {
			if understood[v] {
				continue
			}
			_, err := decide(rules, st, game.Command{Side: game.SideA, Verb: v})
			if re, ok := game.AsRuleError(err); !ok || re.Code != game.CodeUnknownVerb {
				understood[v] = true
			}
		}
	}
	for i, sc := range scs {
		g, err := game.Start(rules, sc, nil)
		if err != nil {
			tb.Fatalf("%s: %v", sc.ID, err)
		}
		probe(g.State)
		if _, err := decide(rules, g.State, game.Command{Side: game.SideA, Verb: "frobnicate"}); !isUnknown(err) {
			tb.Errorf("%s: an undeclared verb is answered %v, want %s", sc.ID, err, game.CodeUnknownVerb)
		}
		rng := rand.New(rand.NewPCG(uint64(i)+1, 11))
		d := &dice.Seeded{Seed: dice.SeedFromInt(int64(i) + 1)}
		for step := 0; step < steps && !g.State.Outcome().Over; step++ {
			waiting := game.Waiting(g.State)
			if len(waiting) == 0 {
				break
			}
			side := waiting[rng.IntN(len(waiting))]
			leaves := game.Leaves(game.Legal(rules, g.State, side))
			if len(leaves) == 0 {
				break
			}
			for _, l := range leaves {
				v := verbOf(l)
				if !seen[v] && !declared[v] {
					tb.Errorf("%s step %d: legal order %q has an undeclared verb", sc.ID, step, l)
				}
				seen[v] = true
			}
			order := pickVerb(rng, leaves, chosen)
			chosen[verbOf(order)]++
			cmd, err := game.ParseCommand(side, order)
			if err != nil {
				tb.Fatal(err)
			}
			if _, err := g.Apply(order, cmd, d); err != nil {
				tb.Fatalf("%s step %d: legal order %q refused: %v", sc.ID, step, order, err)
			}
			probe(g.State)
		}
	}
	var never []string
	for v := range declared {
		if !understood[v] {
			never = append(never, v)
		}
	}
	slices.Sort(never)
	if len(never) > 0 {
		tb.Errorf("%s: Decide never understands the declared verbs %v", rules.Name(), never)
	}
	return seen
}

// fits reports whether a help text is there in both languages, short
// enough for a Discord command description (100 characters).
func fits(t game.Text) bool {
	return t.EN != "" && t.FR != "" && utf8.RuneCountInString(t.EN) <= 100 && utf8.RuneCountInString(t.FR) <= 100
}

// verbOf is the verb of a legal order (its first word).
func verbOf(order string) string {
	v, _, _ := strings.Cut(strings.TrimSpace(order), " ")
	return strings.ToLower(v)
}

func isUnknown(err error) bool {
	re, ok := game.AsRuleError(err)
	return ok && re.Code == game.CodeUnknownVerb
}

// decide runs Decide with no dice: an order that must roll is understood.
func decide(rules game.Ruleset, st game.State, cmd game.Command) (evs []game.Event, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok && errors.Is(e, game.ErrDiceExhausted) {
				err = nil
				return
			}
			panic(r)
		}
	}()
	return rules.Decide(st, cmd, &dice.Fixed{})
}

// pickVerb picks a random order, half the time one of the verb chosen the
// least so far, so that short games reach many verbs; a set-up's "auto"
// orders go first, as they place a whole army at once.
func pickVerb(rng *rand.Rand, leaves []string, chosen map[string]int) string {
	var auto []string
	for _, l := range leaves {
		if strings.HasSuffix(l, " auto") && strings.Count(l, " ") == 1 {
			auto = append(auto, l)
		}
	}
	if len(auto) > 0 {
		return auto[rng.IntN(len(auto))]
	}
	if rng.IntN(2) == 0 {
		return leaves[rng.IntN(len(leaves))]
	}
	var rare []string
	least := -1
	for _, l := range leaves {
		n := chosen[verbOf(l)]
		switch {
		case least < 0 || n < least:
			least, rare = n, []string{l}
		case n == least:
			rare = append(rare, l)
		}
	}
	return rare[rng.IntN(len(rare))]
}

var declaredCache sync.Map // ruleset name -> map[string]bool

// CheckDeclared fails tb when a legal order's verb is not one rules
// declares (game.Verber): the random playouts call it at every step.
func CheckDeclared(tb testing.TB, rules game.Ruleset, leaves []string, seed uint64, step int) {
	tb.Helper()
	d, ok := declaredCache.Load(rules.Name())
	if !ok {
		m := map[string]bool{}
		if vr, ok := rules.(game.Verber); ok {
			for _, v := range vr.Verbs() {
				m[v.Name] = true
			}
		}
		d, _ = declaredCache.LoadOrStore(rules.Name(), m)
	}
	declared := d.(map[string]bool)
	for _, l := range leaves {
		if !declared[verbOf(l)] {
			tb.Fatalf("seed %d step %d: legal order %q has an undeclared verb", seed, step, l)
		}
	}
}
