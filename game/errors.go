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
	// Text is the refusal as data (a message key and typed arguments) for
	// rendering in the reader's language; Msg is its English rendering.
	// Refusals built with the older Refuse have an empty Text.
	Text Msg `json:"text,omitzero"`
}

// In renders the refusal's message in lang, with its rule id.
func (e *RuleError) In(lang string) string {
	msg := e.Msg
	if !e.Text.IsZero() {
		msg = Render(lang, e.Text)
	}
	if e.Rule == "" {
		return msg
	}
	return msg + " (" + e.Rule + ")"
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

// Reject builds a RuleError from a message key and name, value pairs
// (see Msg): Reject("wrong-phase", "GS-2.7", "gs.move.phase", "phase", Term("combat")).
func Reject(code, rule, key string, kv ...any) *RuleError {
	m := M(key, kv...)
	return &RuleError{Code: code, Rule: rule, Msg: Render(LangEN, m), Text: m}
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
