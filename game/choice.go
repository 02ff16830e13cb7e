package game

import (
	"fmt"
	"strconv"
)

// ResolveChoice turns "choose N" (or a bare number) into the order of
// option N of the first decision pending for side; any other command is
// returned unchanged.
func ResolveChoice(s State, cmd Command) (Command, error) {
	n := -1
	switch {
	case cmd.Verb == "choose" && len(cmd.Args) == 1:
		v, err := strconv.Atoi(cmd.Args[0])
		if err != nil {
			return cmd, Reject(CodeSyntax, "", "game.choose.syntax")
		}
		n = v
	case len(cmd.Args) == 0:
		if v, err := strconv.Atoi(cmd.Verb); err == nil {
			n = v
		}
	}
	if n < 0 {
		if cmd.Verb == "choose" {
			return cmd, Reject(CodeSyntax, "", "game.choose.syntax")
		}
		return cmd, nil
	}
	for _, d := range s.Pending() {
		if d.Side != cmd.Side {
			continue
		}
		if n < 1 || n > len(d.Options) {
			return cmd, Reject(CodeNoSuchChoice, d.Rule, "game.choose.range", "max", len(d.Options))
		}
		return ParseCommand(cmd.Side, d.Options[n-1].Command)
	}
	return cmd, Reject(CodeNoSuchChoice, "", "game.choose.none", "side", cmd.Side)
}

// UndoFree reports whether side may take back the last record without the
// opponent's consent: side gave it, and no die has been rolled in its
// phase up to now.
func UndoFree(recs []Record, side Side) error {
	if len(recs) == 0 {
		return Reject("nothing-to-undo", "", "game.undo.nothing")
	}
	last := recs[len(recs)-1]
	if last.Command.Side != side {
		return Reject("not-your-order", "", "game.undo.not-yours", "side", last.Command.Side)
	}
	for i := len(recs) - 1; i >= 0 && recs[i].Clock == last.Clock; i-- {
		if len(recs[i].Rolls) > 0 {
			return Reject("dice-rolled", "", "game.undo.dice-rolled", "seq", recs[i].Seq, "order", Plain(recs[i].Command.String()))
		}
	}
	return nil
}

// Describe formats a decision with numbered options for a prompt.
func (d Decision) Describe() string {
	s := fmt.Sprintf("%s: %s", d.Side, d.Prompt)
	for i, o := range d.Options {
		mark := ""
		if i == d.Default {
			mark = " (default)"
		}
		s += fmt.Sprintf("\n  %d. %s%s", i+1, o.Label, mark)
	}
	return s
}
