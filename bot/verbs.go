package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
)

// The order commands are not written in the command table: they are the
// verbs the rulesets declare (game.Verber), one command a verb name. A
// verb several rulesets share is one command (its aliases merged, its
// arguments those of the first ruleset) that keeps each ruleset's help
// where they differ (Variants).

// Variant is a shared verb's help in one ruleset.
type Variant struct {
	Ruleset string // the ruleset's title
	Usage   string
	Help    Text
	Example string
	Rule    string
}

// sameEverywhere reports whether an order reads the same (help and
// usage) in every ruleset that has it: help then gives only the rulesets
// and their rule ids.
func (c *Command) sameEverywhere() bool {
	return !slices.ContainsFunc(c.Variants, func(v Variant) bool { return v.Help != c.Variants[0].Help || v.Usage != c.Variants[0].Usage })
}

// rulesText lists the rulesets of an order with their rule ids.
func (c *Command) rulesText() string {
	var parts []string
	for _, v := range c.Variants {
		parts = append(parts, strings.TrimSpace(v.Ruleset+" "+v.Rule))
	}
	return strings.Join(parts, "; ")
}

// commandSet is a command table: the shared lobby and admin commands and
// the order commands of some rulesets.
type commandSet []*Command

// lookup finds a command by name or alias, case-insensitively.
func (cs commandSet) lookup(name string) *Command {
	name = strings.ToLower(name)
	for _, c := range cs {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}

// buildCommands makes the command table for rulesets: the lobby table
// with the rulesets' verbs as its order commands (before choose). It
// refuses a verb word (name or alias) that is also a lobby command word,
// in either language, or that names two different verbs.
func buildCommands(rulesets []game.Ruleset) (commandSet, error) {
	lobby := commandTable()
	for _, c := range lobby {
		c.Example = examples[c.Name]
		if s, ok := shortHelp[c.Name]; ok {
			c.Short = s
		}
	}
	taken := map[string]string{} // word -> what it names
	for _, c := range lobby {
		for _, w := range append([]string{c.Name}, c.Aliases...) {
			taken[w] = "the command " + c.Name
		}
	}
	var orders []*Command
	byName := map[string]*Command{}
	for _, r := range rulesets {
		vr, ok := r.(game.Verber)
		if !ok {
			continue
		}
		for _, v := range vr.Verbs() {
			words := append([]string{v.Name}, v.Aliases...)
			for _, w := range words {
				if w != strings.ToLower(w) || strings.ContainsAny(w, " \t") || isGameRef(w) {
					return nil, fmt.Errorf("bot: %s verb %s: %q is not a lower-case word", r.Name(), v.Name, w)
				}
				if what, ok := taken[w]; ok && what != "the verb "+v.Name {
					return nil, fmt.Errorf("bot: %s verb %s: %q is already %s", r.Name(), v.Name, w, what)
				}
			}
			for _, w := range words {
				taken[w] = "the verb " + v.Name
			}
			c := byName[v.Name]
			if c == nil {
				c = verbCommand(v)
				c.answers = v.Answer
				byName[v.Name] = c
				orders = append(orders, c)
			} else {
				c.answers = c.answers && v.Answer
				for _, a := range v.Aliases {
					if !slices.Contains(c.Aliases, a) {
						c.Aliases = append(c.Aliases, a)
					}
				}
				merge(c, v)
			}
			vc := verbCommand(v)
			c.Variants = append(c.Variants, Variant{Ruleset: r.Title(), Usage: vc.Usage(), Help: vc.Help, Example: v.Example, Rule: v.Rule})
		}
	}
	typedOnly(len(lobby), orders)
	at := slices.IndexFunc(lobby, func(c *Command) bool { return c.Name == "choose" })
	return slices.Concat(lobby[:at], orders, lobby[at:]), nil
}

// SlashMax is how many chat commands Discord registers for one
// application; the Discord adapter adds its own /order to the table's.
const SlashMax = 100

// typedOnly marks the order commands that get no slash command of their
// own when the lobby's commands, the orders and the adapter's /order pass
// SlashMax: the orders that only answer a pending decision go first
// (game.Verb.Answer: their buttons and "choose N" answer them), then the
// orders fewest rulesets share (an order of every game keeps its slash
// command), then the later ones in the table (the last ruleset's, in the
// order it declares them). They are still typed as
// any order is, in Matrix and the terminal room, and on Discord through
// /order, whose completion offers every legal order line.
func typedOnly(lobby int, orders []*Command) {
	room := SlashMax - 1 - lobby
	if len(orders) <= room {
		return
	}
	rank := slices.Clone(orders)
	slices.SortStableFunc(rank, func(a, b *Command) int {
		if a.answers != b.answers {
			if a.answers {
				return 1
			}
			return -1
		}
		return len(b.Variants) - len(a.Variants)
	})
	for _, c := range rank[max(room, 0):] {
		c.TypedOnly = true
	}
}

// merge folds another ruleset's verb into a shared verb's command, so
// that a typed command (a Discord option marked required, or named) never
// refuses or misnames any ruleset's order:
//   - an argument another ruleset does not require becomes optional
//     (Manœuvre's bare "retreat" beside Grands Stratèges' "retreat UNIT
//     HEX");
//   - an argument that names different things at the same place is named
//     and explained as both ("card-or-works": Manœuvre's Redoubt card
//     beside Peter the Great's list of works), and is free text when the
//     kinds differ; completion still offers each game's own legal words,
//     which come from the game's option tree by position;
//   - an argument that takes the rest of the line in one ruleset takes it
//     in the shared command, which then has no argument after it;
//   - arguments only the other ruleset has are added, optional.
func merge(c *Command, v game.Verb) {
	n := 0 // the verb's required arguments, which come first
	for _, a := range v.Args {
		if a.Required {
			n++
		}
	}
	for i := range c.Args {
		if i >= n {
			c.Args[i].Required = false
		}
	}
	for i, va := range v.Args {
		if i >= len(c.Args) {
			c.Args = append(c.Args, Arg{Name: va.Name, Kind: argKind(va.Kind), Rest: va.Rest,
				Choices: slices.Clone(va.Choices), Help: Text(va.Help)})
			continue
		}
		ca := &c.Args[i]
		if ca.Rest {
			return
		}
		if !slices.Contains(strings.Split(ca.Name, "-or-"), va.Name) {
			if name := ca.Name + "-or-" + va.Name; len(name) <= 32 {
				ca.Name = name
			} else {
				ca.Name = fmt.Sprintf("arg%d", i+1)
			}
			ca.Help = Text{EN: ca.Help.EN + ", or " + va.Help.EN, FR: ca.Help.FR + ", ou " + va.Help.FR}
		}
		if k := argKind(va.Kind); k != ca.Kind {
			ca.Kind, ca.Choices = ArgText, nil
		} else {
			for _, ch := range va.Choices {
				if !slices.Contains(ca.Choices, ch) {
					ca.Choices = append(ca.Choices, ch)
				}
			}
		}
		if va.Rest {
			ca.Rest = true
			c.Args = c.Args[:i+1]
			return
		}
	}
}

// verbCommand is the order command of one ruleset's verb.
func verbCommand(v game.Verb) *Command {
	c := &Command{Name: v.Name, Aliases: slices.Clone(v.Aliases), Group: GroupOrders, Who: Player, Game: true, Order: true,
		Help: Text(v.Help), Example: v.Example, run: (*call).order}
	for _, a := range v.Args {
		c.Args = append(c.Args, Arg{Name: a.Name, Kind: argKind(a.Kind), Required: a.Required, Rest: a.Rest,
			Choices: slices.Clone(a.Choices), Help: Text(a.Help)})
	}
	return c
}

// argKind is the command-table kind of a verb argument's kind.
func argKind(k game.ArgKind) ArgKind {
	switch k {
	case game.ArgCell:
		return ArgHex
	case game.ArgUnit, game.ArgCard, game.ArgOfficer, game.ArgFace:
		// Words of the legal-option tree, completed like units.
		return ArgKind(k)
	case game.ArgNumber:
		return ArgNumber
	case game.ArgChoice:
		return ArgChoice
	}
	return ArgText
}
