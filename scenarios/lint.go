package scenarios

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Lint loads and checks data files and returns every problem found,
// sorted by file and line. With no paths it checks every shipped file;
// otherwise each path is a file or a directory (every .toml file under
// it). A file's kind is told by its name and content: tables.toml,
// counters.toml, a scenario (it has a ruleset), or a map (it has a grid or
// boards).
func Lint(paths ...string) []Problem {
	ps := &problems{}
	if len(paths) == 0 {
		_ = fs.WalkDir(shipped, "data", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") {
				lintFile(ps, p, false)
			}
			return nil
		})
		return sortProblems(ps.list)
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			ps.add(p, 0, "cannot read: %v", err)
			continue
		}
		if !st.IsDir() {
			lintFile(ps, p, true)
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				ps.add(q, 0, "cannot read: %v", err)
				return nil
			}
			if !d.IsDir() && strings.HasSuffix(q, ".toml") {
				lintFile(ps, q, true)
			}
			return nil
		})
		if err != nil {
			ps.add(p, 0, "cannot read: %v", err)
		}
	}
	return sortProblems(ps.list)
}

// lintFile checks one file; shipped scenarios must also be named by their
// id.
func lintFile(ps *problems, p string, disk bool) {
	l := newLoader()
	l.ps = ps
	f, found := l.read(p, disk)
	if !found {
		ps.add(p, 0, "no such file")
		return
	}
	if f == nil {
		return
	}
	slash := filepath.ToSlash(p)
	base := path.Base(slash)
	dir := path.Dir(slash)
	switch {
	case base == "tables.toml":
		l.readTables(f)
	case base == "counters.toml":
		l.readCounters(f)
	case f.raw["ruleset"] != nil || f.raw["id"] != nil:
		l.readScenario(f, !disk)
	case f.raw["grid"] != nil || f.raw["boards"] != nil:
		// A map file alone: its ruleset is told by its place,
		// <ruleset>/maps/<name>.toml with a shipped ruleset, for
		// shipped boards and the ruleset's feature names.
		if path.Base(dir) == "maps" {
			r := path.Base(path.Dir(dir))
			if st, err := fs.Stat(shipped, "data/"+r); err == nil && st.IsDir() {
				l.ruleset = r
			}
		}
		n := f.root(ps)
		md := l.readMap(n, false)
		n.finish()
		if md != nil {
			if tf := l.openShipped("tables.toml"); tf != nil {
				checkVocabulary(md, l.readTables(tf)["features"])
			}
		}
	default:
		ps.add(f.name, 1, "cannot tell what this file is: a scenario has ruleset = …, a map has grid = … or boards = …, tables and counters files are named tables.toml and counters.toml")
	}
}
