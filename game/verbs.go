package game

// Rulesets declare their verbs. A Verber lists the orders its players type
// (move, attack, play, activate, face …) with typed arguments and help in
// both languages; the bot builds its order commands, Discord slash
// commands, Matrix parsing, autocomplete, help and docs/commands.md from
// the verbs of every ruleset, beside its own lobby and admin commands. An
// order is still handed to Decide as text in the shared notation: the
// declaration describes it for typed front ends and help.

// ArgKind is the type of an order argument: it decides how a typed front
// end asks for it and what autocomplete offers (the matching words of the
// ruleset's legal-option tree).
type ArgKind string

const (
	ArgUnit    ArgKind = "unit"    // a unit id or counter name ("A3")
	ArgCell    ArgKind = "cell"    // a board cell label ("0512", "c4")
	ArgCard    ArgKind = "card"    // a card in the player's hand
	ArgOfficer ArgKind = "officer" // an officer or general
	ArgFace    ArgKind = "face"    // a die face or symbol
	ArgChoice  ArgKind = "choice"  // one word of Choices
	ArgNumber  ArgKind = "number"  // a whole number
	ArgText    ArgKind = "text"    // free words (a combat "A3 A4 -> B2")
)

// Text is a help string in English and French.
type Text struct {
	EN string `json:"en"`
	FR string `json:"fr"`
}

// In returns the text in lang, English when French is missing.
func (t Text) In(lang string) string {
	if lang == LangFR && t.FR != "" {
		return t.FR
	}
	return t.EN
}

// VerbArg is one argument of a verb.
type VerbArg struct {
	Name     string   `json:"name"`
	Kind     ArgKind  `json:"kind"`
	Required bool     `json:"required,omitempty"`
	Rest     bool     `json:"rest,omitempty"` // takes every remaining word
	Choices  []string `json:"choices,omitempty"`
	Help     Text     `json:"help"`
}

// Verb is one order of a ruleset.
type Verb struct {
	Name    string    `json:"name"`
	Aliases []string  `json:"aliases,omitempty"` // French and short forms
	Args    []VerbArg `json:"args,omitempty"`
	Help    Text      `json:"help"`
	// Example is a typed example ("move A3 0512") that the ruleset's
	// scenarios accept at some point of play.
	Example string `json:"example,omitempty"`
	// Rule is the rule id the verb implements, for help.
	Rule string `json:"rule,omitempty"`
	// Answer marks a verb that only answers a pending decision, whose
	// options a front end shows as buttons and "choose N": one short of
	// room for its menus (Discord's 100 commands) leaves it out first.
	Answer bool `json:"answer,omitempty"`
}

// Verber is implemented by rulesets that declare their verbs. Every verb
// Decide accepts must be declared, and every declared verb must be one
// Decide understands (a test in each ruleset checks both against its
// legal-option tree).
type Verber interface {
	Verbs() []Verb
}

// Defaulter is implemented by rulesets that answer, for the bot, the
// questions a deadline and an idle phase raise. The bot holds no rules
// knowledge: without a Defaulter it plays nothing on anyone's behalf.
type Defaulter interface {
	// DeadlineOrder is the order played for side when its deadline has
	// passed: its first pending decision's default, or what the rules
	// make of an idle phase (usually "end", or the compulsory order an
	// obligation requires). It returns "" and a reason (in English, for
	// the operator's log) when nothing can be played.
	DeadlineOrder(s State, side Side) (order string, why string)
	// AutoOrder is an order the bot may play for side at once, without
	// waiting, because side has nothing left to decide — and playing it
	// reveals nothing side's opponent may not know. "" when none. A
	// ruleset with hidden hands returns "" whenever the answer would
	// depend on a hidden card.
	AutoOrder(s State, side Side) string
}
