package bot

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// parsed is a request read against the command table.
type parsed struct {
	cmd  *Command
	args map[string]string
	// game is the game named by a "gN" prefix or a game argument.
	game string
	// order is the order text for Order commands.
	order string
}

var (
	gameRef   = regexp.MustCompile(`^[gG][0-9]+$`)
	coordPair = regexp.MustCompile(`\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)`)
)

// isGameRef reports whether a word names a game ("g7").
func isGameRef(w string) bool { return gameRef.MatchString(w) }

// parseText reads a typed line against the table. A word that is no
// command is refused: every order of every ruleset is in the table.
func (cs commandSet) parseText(text string) (parsed, error) {
	// "(5, 12)" as rule examples write a hex is one word, as in orders.
	words := strings.Fields(coordPair.ReplaceAllString(text, "($1,$2)"))
	var p parsed
	if len(words) > 0 && isGameRef(words[0]) {
		p.game = strings.ToLower(words[0])
		words = words[1:]
	}
	if len(words) == 0 {
		if p.game != "" {
			return parsed{cmd: cs.lookup("status"), args: map[string]string{}, game: p.game}, nil
		}
		return p, errEmpty
	}
	if _, err := strconv.Atoi(words[0]); err == nil && len(words) == 1 {
		return parsed{cmd: cs.lookup("choose"), args: map[string]string{"number": words[0]}, game: p.game}, nil
	}
	c := cs.lookup(words[0])
	if c == nil {
		return p, cs.unknown(words[0])
	}
	p.cmd = c
	if c.Order {
		p.args = map[string]string{}
		p.order = strings.Join(append([]string{c.Name}, words[1:]...), " ")
		return p, nil
	}
	args, game, err := readArgs(c, words[1:])
	if err != nil {
		return p, err
	}
	if game != "" {
		p.game = game
	}
	p.args = args
	return p, nil
}

// readArgs fills a command's arguments from words: keyword arguments
// where their keyword appears, name=value words into an options argument,
// a game id anywhere for a game command, the rest by position.
func readArgs(c *Command, words []string) (map[string]string, string, error) {
	args := map[string]string{}
	game := ""
	var positional []Arg
	var options *Arg
	for i := range c.Args {
		a := &c.Args[i]
		switch {
		case a.Kind == ArgOptions:
			options = a
		case a.Keyword == "":
			positional = append(positional, *a)
		}
	}
	var rest []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if a := keywordArg(c, w); a != nil {
			if i+1 >= len(words) {
				return nil, "", usageErr(c, "parse.missing-value", "arg", a.Keyword)
			}
			args[a.Name] = words[i+1]
			i++
			continue
		}
		if options != nil && strings.Contains(w, "=") {
			if args[options.Name] != "" {
				args[options.Name] += " "
			}
			args[options.Name] += w
			continue
		}
		rest = append(rest, w)
	}
	// A game id given as a word, for game commands without a game argument.
	if c.Game && !slices.ContainsFunc(c.Args, func(a Arg) bool { return a.Kind == ArgGame }) {
		rest = slices.DeleteFunc(rest, func(w string) bool {
			if isGameRef(w) {
				game = strings.ToLower(w)
				return true
			}
			return false
		})
	}
	for _, a := range positional {
		if len(rest) == 0 {
			break
		}
		if a.Rest {
			args[a.Name] = strings.Join(rest, " ")
			rest = nil
			break
		}
		if a.Kind == ArgGame && !isGameRef(rest[0]) {
			continue
		}
		args[a.Name] = rest[0]
		rest = rest[1:]
	}
	if len(rest) > 0 {
		return nil, "", usageErr(c, "parse.extra", "words", strings.Join(rest, " "))
	}
	if err := checkArgs(c, args); err != nil {
		return nil, "", err
	}
	if g := args["game"]; g != "" {
		game = strings.ToLower(g)
	}
	return args, game, nil
}

func keywordArg(c *Command, w string) *Arg {
	for i := range c.Args {
		if k := c.Args[i].Keyword; k != "" && strings.EqualFold(k, w) {
			return &c.Args[i]
		}
	}
	return nil
}

// checkArgs checks required arguments and the words of typed kinds, and
// normalises them (choices lower-cased, sides upper-cased).
func checkArgs(c *Command, args map[string]string) error {
	for _, a := range c.Args {
		v, ok := args[a.Name]
		if !ok || v == "" {
			if a.Required {
				return usageErr(c, "parse.missing", "arg", a.Name)
			}
			continue
		}
		switch a.Kind {
		case ArgChoice, ArgSide:
			i := slices.IndexFunc(a.Choices, func(ch string) bool { return strings.EqualFold(ch, v) })
			if i < 0 {
				return usageErr(c, "parse.choice", "arg", a.Name, "value", v, "choices", strings.Join(a.Choices, ", "))
			}
			args[a.Name] = a.Choices[i]
		case ArgNumber:
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return usageErr(c, "parse.number", "arg", a.Name, "value", v)
			}
		case ArgDuration:
			if _, err := ParseDuration(v); err != nil {
				return usageErr(c, "parse.duration", "arg", a.Name, "value", v)
			}
		case ArgGame:
			if !isGameRef(v) {
				return usageErr(c, "parse.game", "value", v)
			}
		}
	}
	return nil
}

// typedOrder rebuilds the text of an order from typed arguments, in the
// table's order: move {unit: A3, to: 0512} is "move A3 0512".
func typedOrder(c *Command, args map[string]string) string {
	words := []string{c.Name}
	for _, a := range c.Args {
		if v := strings.TrimSpace(args[a.Name]); v != "" {
			words = append(words, v)
		}
	}
	return strings.Join(words, " ")
}

// ParseDuration reads a duration with an optional day unit: "90m", "48h",
// "5d", "1d12h".
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	var days int
	if i := strings.IndexByte(s, 'd'); i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil {
			return 0, err
		}
		days, s = n, s[i+1:]
	}
	var d time.Duration
	if s != "" {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, err
		}
	}
	d += time.Duration(days) * 24 * time.Hour
	if d <= 0 {
		return 0, errNotPositive
	}
	return d, nil
}
