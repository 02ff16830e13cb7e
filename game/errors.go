package game

import (
	"errors"
	"fmt"
)

// RuleError is a refused order: a stable machine code, the rule id from the
// game's digest (e.g. "GS-3.6"), and a message a player understands. A
// RuleError is always safe to show to the player who gave the order; it
// never names anything that player may not see.
type RuleError struct {
	Code string `json:"code"`
	Rule string `json:"rule"`
	Msg  string `json:"message"`
	// Args holds the values substituted into Msg, by name, so that a chat
	// front end can render the message in another language.
	Args map[string]string `json:"args,omitempty"`
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return e.Msg
	}
	return e.Msg + " (" + e.Rule + ")"
}

// Refuse builds a RuleError with a formatted message.
func Refuse(code, rule, format string, a ...any) *RuleError {
	return &RuleError{Code: code, Rule: rule, Msg: fmt.Sprintf(format, a...)}
}

// AsRuleError returns the RuleError in err's chain, if any.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}

// Stable codes shared by every ruleset. Rulesets add their own.
const (
	CodeSyntax       = "syntax"        // the order cannot be read
	CodeUnknownVerb  = "unknown-order" // no such order in this game
	CodeUnknownUnit  = "unknown-unit"
	CodeNotYourUnit  = "not-your-unit"
	CodeBadCell      = "bad-cell" // off the map or not a label
	CodeWrongSide    = "not-your-turn"
	CodeWrongPhase   = "wrong-phase"
	CodePending      = "decision-pending" // another decision must be answered first
	CodeGameOver     = "game-over"
	CodeNoSuchChoice = "no-such-choice"
)

// Sentinel errors for callers of the kernel.
var (
	// ErrDiceExhausted is returned by Game.Apply when fixed dice ran out.
	ErrDiceExhausted = errors.New("game: no dice left")
	// ErrUnknownRuleset is returned when a scenario names a ruleset that is
	// not registered.
	ErrUnknownRuleset = errors.New("game: unknown ruleset")
)
