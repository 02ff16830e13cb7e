package game

import (
	"regexp"
	"strings"
)

// Command is an order as a player typed it, split into a verb and its
// arguments: "move A3 0512" is Command{Verb: "move", Args: ["A3", "0512"]}.
// Rulesets interpret the arguments; the kernel only carries them, so the
// same notation works in every chat adapter. String gives the canonical
// text form, which parses back to the same command.
type Command struct {
	Side Side     `json:"side"`
	Verb string   `json:"verb"`
	Args []string `json:"args,omitempty"`
}

// String prints the order in its canonical notation (without the side).
func (c Command) String() string {
	if len(c.Args) == 0 {
		return c.Verb
	}
	return c.Verb + " " + strings.Join(c.Args, " ")
}

// ParseCommand splits an order. Words are separated by spaces or commas;
// "->" and "+" are kept as words of their own; the verb is lower-cased.
func ParseCommand(side Side, text string) (Command, error) {
	words := Words(text)
	if len(words) == 0 {
		return Command{}, Reject(CodeSyntax, "", "game.order.empty")
	}
	return Command{Side: side, Verb: strings.ToLower(words[0]), Args: words[1:]}, nil
}

// Words splits order text into words: whitespace and commas separate,
// "->" and "+" stand alone, and a coordinate pair as rule examples write
// it, "(5,12)" or "( 5, 12 )", is one word "(5,12)".
func Words(text string) []string {
	var words []string
	for {
		if strings.IndexByte(text, '(') < 0 { // the common case: no pair
			return append(words, plainWords(text)...)
		}
		m := coordPair.FindStringSubmatchIndex(text)
		if m == nil {
			return append(words, plainWords(text)...)
		}
		words = append(words, plainWords(text[:m[0]])...)
		words = append(words, "("+text[m[2]:m[3]]+","+text[m[4]:m[5]]+")")
		text = text[m[1]:]
	}
}

var coordPair = regexp.MustCompile(`\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)`)

func plainWords(text string) []string {
	text = strings.ReplaceAll(text, "→", "->")
	text = strings.ReplaceAll(text, "->", " -> ")
	text = strings.ReplaceAll(text, "+", " + ")
	text = strings.ReplaceAll(text, ",", " ")
	return strings.Fields(text)
}
