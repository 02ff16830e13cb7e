package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/scenarios"
)

func init() {
	register(subcommand{name: "lint", usage: "check scenario, map and table files (the shipped ones, or the files and folders given)", run: runLint})
}

// runLint checks data files with the scenarios package, then starts every
// scenario under its ruleset with the default options so that rule-level
// mistakes (an unknown unit type, a missing deployment zone) show too.
func runLint(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("lint")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var problems []string
	for _, p := range scenarios.Lint(fs.Args()...) {
		problems = append(problems, p.String())
	}
	if len(problems) == 0 {
		problems = append(problems, startAll(fs.Args())...)
	}
	for _, p := range problems {
		fmt.Fprintln(m.Stdout, p)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%d problem(s)", len(problems))
	}
	fmt.Fprintln(m.Stdout, "ok")
	return nil
}

// startAll starts each scenario named by paths (or every shipped one).
func startAll(paths []string) []string {
	var out []string
	try := func(name string, sc *game.Scenario) {
		r, err := all.Get(sc.Ruleset)
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %v", name, err))
			return
		}
		// a set-up that rolls is settled by a fixed stream of dice
		sc, err = game.SetUp(r, sc, nil, dice.SetUpDice([]byte("lint")))
		if err == nil {
			_, err = r.Start(sc, nil)
		}
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %v", name, err))
		}
	}
	if len(paths) == 0 {
		for _, info := range scenarios.List() {
			sc, err := scenarios.Load(info.ID)
			if err != nil {
				out = append(out, fmt.Sprintf("%s: %v", info.ID, err))
				continue
			}
			try(info.ID, sc)
		}
		return out
	}
	var files []string
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			filepath.WalkDir(p, func(q string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(q, ".toml") {
					files = append(files, q)
				}
				return nil
			})
			continue
		}
		files = append(files, p)
	}
	for _, f := range files {
		sc, err := scenarios.LoadFile(f)
		if err != nil {
			continue // not a scenario (a map or a table), already linted
		}
		try(f, sc)
	}
	return out
}
