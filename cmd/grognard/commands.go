package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Main is the whole program, runnable from a test with its own standard
// streams.
type Main struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// NewMain returns a Main on the process's standard streams.
func NewMain() *Main { return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr} }

// subcommand is one `grognard <name>` entry. Each lives in its own file and
// adds itself to the table in an init function of this package.
type subcommand struct {
	name  string
	usage string
	run   func(m *Main, ctx context.Context, args []string) error
}

var subcommands = map[string]subcommand{}

func register(c subcommand) { subcommands[c.name] = c }

// defaultCommand runs when grognard is started with no arguments.
var defaultCommand = "serve"

// usageError is a command-line mistake: exit code 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func exitCode(err error) int {
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// Run dispatches to a subcommand.
func (m *Main) Run(ctx context.Context, args []string) error {
	name := defaultCommand
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		m.help()
		return nil
	}
	c, ok := subcommands[name]
	if !ok {
		m.help()
		return usageError{fmt.Sprintf("unknown command %q", name)}
	}
	return c.run(m, ctx, args)
}

func (m *Main) help() {
	fmt.Fprintln(m.Stdout, "usage: grognard <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(subcommands))
	for k := range subcommands {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(m.Stdout, "  %-8s %s\n", n, subcommands[n].usage)
	}
}

// newFlags returns a flag set that reports errors as usage errors.
func (m *Main) newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	return fs
}

// parseFlags parses args and turns flag errors into usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return usageError{"help requested"}
		}
		return usageError{strings.TrimSpace(err.Error())}
	}
	return nil
}
