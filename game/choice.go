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
			return cmd, Refuse(CodeSyntax, "", "write: choose N, with N the number of an option")
		}
		n = v
	case len(cmd.Args) == 0:
		if v, err := strconv.Atoi(cmd.Verb); err == nil {
			n = v
		}
	}
	if n < 0 {
		if cmd.Verb == "choose" {
			return cmd, Refuse(CodeSyntax, "", "write: choose N, with N the number of an option")
		}
		return cmd, nil
	}
	for _, d := range s.Pending() {
		if d.Side != cmd.Side {
			continue
		}
		if n < 1 || n > len(d.Options) {
			return cmd, Refuse(CodeNoSuchChoice, d.Rule, "choose a number from 1 to %d", len(d.Options))
		}
		return ParseCommand(cmd.Side, d.Options[n-1].Command)
	}
	return cmd, Refuse(CodeNoSuchChoice, "", "there is no decision waiting for %s", cmd.Side)
}

// UndoFree reports whether side may take back the last record without the
// opponent's consent: side gave it, and no die has been rolled in its
// phase up to now.
func UndoFree(recs []Record, side Side) error {
	if len(recs) == 0 {
		return Refuse("nothing-to-undo", "", "there is nothing to undo")
	}
	last := recs[len(recs)-1]
	if last.Command.Side != side {
		return Refuse("not-your-order", "", "the last order was %s's, not yours", last.Command.Side)
	}
	for i := len(recs) - 1; i >= 0 && recs[i].Clock == last.Clock; i-- {
		if len(recs[i].Rolls) > 0 {
			return Refuse("dice-rolled", "", "a die has been rolled in this phase (order %d: %s): undo needs your opponent's consent", recs[i].Seq, recs[i].Command)
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
