package scenarios

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Problem is one thing wrong with a data file: the file, the line (0 when
// it cannot be told) and what is wrong.
type Problem struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Msg  string `json:"msg"`
}

// String prints "file:line: msg", or "file: msg" without a line.
func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", p.File, p.Msg)
}

// Error is the error returned by Load, LoadFile and Parse: every problem
// found in the scenario and the files it includes.
type Error struct {
	Problems []Problem
}

// maxErrorLines is how many problems Error prints before "and N more".
const maxErrorLines = 10

func (e *Error) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i == maxErrorLines {
			fmt.Fprintf(&b, "\n… and %d more problems", len(e.Problems)-i)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// problems collects Problems while a file is read; reading goes on after a
// problem so that one run reports as much as it can.
type problems struct {
	list []Problem
}

func (ps *problems) add(file string, line int, format string, args ...any) {
	ps.list = append(ps.list, Problem{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (ps *problems) count() int { return len(ps.list) }

// err returns the collected problems as an *Error, or nil.
func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	return &Error{Problems: sortProblems(ps.list)}
}

// sortProblems orders problems by file and line and drops duplicates (a
// map shared by several scenarios is reported once).
func sortProblems(list []Problem) []Problem {
	out := slices.Clone(list)
	slices.SortStableFunc(out, func(a, b Problem) int {
		if c := cmp.Compare(a.File, b.File); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.Msg, b.Msg)
	})
	return slices.Compact(out)
}
