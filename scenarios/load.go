package scenarios

import (
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/grognard/grognard/game"
)

// shipped holds the scenario, map, table and counter files built into the
// binary: data/<ruleset>/<id>.toml, data/<ruleset>/maps/<name>.toml,
// data/<ruleset>/tables.toml and data/<ruleset>/counters.toml.
//
//go:embed data
var shipped embed.FS

// shippedName is how a shipped file is named in problems: its path in the
// source tree.
func shippedName(p string) string { return "scenarios/" + p }

// ErrUnknown is returned (wrapped) by Load for an id that names no shipped
// scenario.
var ErrUnknown = errors.New("unknown scenario")

// Info describes a shipped scenario for menus and help.
type Info struct {
	ID      string `json:"id"`
	Ruleset string `json:"ruleset"`
	Title   string `json:"title"`
	Turns   int    `json:"turns"`
}

var cache struct {
	sync.Mutex
	byID map[string]*game.Scenario
}

// Load returns the shipped scenario with the given id ("gs-1"). The
// scenario is loaded once and shared: callers must not modify it.
//
// "ID@MAP" is the shipped scenario ID played on the shipped map MAP of
// its ruleset (data/<ruleset>/maps/MAP.toml: "flg-brigades@muhlbach"), a
// terrain file chosen when a game is created. Only a scenario whose own
// map is blank, a placeholder for a battlefield generated at set-up, may
// be played on another map; its id and title name the map, and its hash
// covers the map file.
func Load(id string) (*game.Scenario, error) {
	cache.Lock()
	defer cache.Unlock()
	if sc, ok := cache.byID[id]; ok {
		return sc, nil
	}
	base, mapName, onMap := strings.Cut(id, "@")
	p, ok := shippedScenario(base)
	if !ok {
		var ids []string
		for _, in := range List() {
			ids = append(ids, in.ID)
		}
		return nil, fmt.Errorf("scenario %q: %w (shipped: %s)", id, ErrUnknown, strings.Join(ids, ", "))
	}
	l := newLoader()
	sc := l.scenarioAt(p, false, true)
	if onMap && sc != nil {
		sc = l.onMap(sc, mapName)
	}
	if err := l.ps.err(); err != nil {
		return nil, err
	}
	if cache.byID == nil {
		cache.byID = map[string]*game.Scenario{}
	}
	cache.byID[id] = sc
	return sc, nil
}

// LoadFile loads a scenario file from disk. The maps it names are looked
// for next to it (name.toml, then maps/name.toml), then among the shipped
// maps of its ruleset; tables and counters files it names likewise, and
// without them it gets the shipped tables and counters of its ruleset.
func LoadFile(p string) (*game.Scenario, error) {
	l := newLoader()
	sc := l.scenarioAt(p, true, false)
	if err := l.ps.err(); err != nil {
		return nil, err
	}
	return sc, nil
}

// Parse reads a scenario from bytes (a test position inside a test case
// file, an upload). name is used in problems. Maps, tables and counters
// are looked for among the shipped files of its ruleset.
func Parse(name string, src []byte) (*game.Scenario, error) {
	l := newLoader()
	f := l.add(readFile(l.ps, name, "", false, src))
	var sc *game.Scenario
	if f != nil {
		sc = l.readScenario(f, false)
		sc = l.finish(sc)
	}
	if err := l.ps.err(); err != nil {
		return nil, err
	}
	return sc, nil
}

// onMap is sc on the shipped map name of its ruleset (Load's "ID@MAP").
func (l *loader) onMap(sc *game.Scenario, name string) *game.Scenario {
	where := shippedName("data/" + sc.Ruleset + "/" + sc.ID + ".toml")
	if m := sc.Map; len(m.Cells) > 0 || len(m.Edges) > 0 || len(m.Links) > 0 {
		l.ps.add(where, 0, "scenario %s has a battlefield of its own: it cannot be played on map %q", sc.ID, name)
		return nil
	}
	p := "data/" + sc.Ruleset + "/maps/" + name + ".toml"
	f, found := l.read(p, false)
	if !found || name == "" || strings.ContainsAny(name, "/.") {
		var names []string
		if files, err := fs.ReadDir(shipped, "data/"+sc.Ruleset+"/maps"); err == nil {
			for _, f := range files {
				names = append(names, strings.TrimSuffix(f.Name(), ".toml"))
			}
		}
		l.ps.add(where, 0, "no shipped map %q for %s (maps: %s)", name, sc.Ruleset, strings.Join(names, ", "))
		return nil
	}
	if f == nil {
		return nil
	}
	mn := f.root(l.ps)
	md := l.readMap(mn, false)
	mn.finish()
	if md == nil || l.ps.count() > 0 {
		return nil
	}
	out := *sc
	out.ID, out.Title, out.Map = sc.ID+"@"+name, sc.Title+" ("+name+")", md.Map()
	out.Hash = l.hash()
	return &out
}

// List describes every shipped scenario, sorted by id. The shipped files
// never change while the program runs: they are read once (autocomplete
// asks for the list at every keystroke).
func List() []Info {
	listOnce.Do(func() { listed = list() })
	return slices.Clone(listed)
}

var (
	listOnce sync.Once
	listed   []Info
)

func list() []Info {
	var out []Info
	for _, p := range shippedScenarios() {
		src, err := shipped.ReadFile(p)
		if err != nil {
			continue
		}
		var in Info
		if _, err := toml.Decode(string(src), &in); err != nil {
			continue
		}
		out = append(out, in)
	}
	slices.SortFunc(out, func(a, b Info) int { return CompareIDs(a.ID, b.ID) })
	return out
}

// CompareIDs orders scenario ids with their numbers compared as numbers,
// so that gs-2 comes before gs-10 (and gs-9a before gs-9b).
func CompareIDs(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, _ := strconv.Atoi(a[:da])
			nb, _ := strconv.Atoi(b[:db])
			if na != nb {
				return na - nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && n < 9 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// shippedScenarios lists data/<ruleset>/<id>.toml.
func shippedScenarios() []string {
	var out []string
	rulesets, _ := fs.ReadDir(shipped, "data")
	for _, r := range rulesets {
		if !r.IsDir() {
			continue
		}
		files, _ := fs.ReadDir(shipped, "data/"+r.Name())
		for _, f := range files {
			if !f.IsDir() && isScenarioName(f.Name()) {
				out = append(out, "data/"+r.Name()+"/"+f.Name())
			}
		}
	}
	return out
}

func isScenarioName(base string) bool {
	return strings.HasSuffix(base, ".toml") && base != "tables.toml" && base != "counters.toml"
}

func shippedScenario(id string) (string, bool) {
	for _, p := range shippedScenarios() {
		if strings.TrimSuffix(path.Base(p), ".toml") == id {
			return p, true
		}
	}
	return "", false
}

// loader reads one scenario (or one file being linted) and the files it
// names, collecting problems and the source bytes for the hash.
type loader struct {
	ps      *problems
	ruleset string
	files   []*file          // every file read, in order: the hash input
	opened  map[string]*file // by location, so a file is read once
	tried   map[string]bool  // locations found missing
}

func newLoader() *loader {
	return &loader{ps: &problems{}, opened: map[string]*file{}, tried: map[string]bool{}}
}

func (l *loader) add(f *file) *file {
	if f != nil {
		l.files = append(l.files, f)
	}
	return f
}

// scenarioAt reads the scenario at p (on disk or shipped).
func (l *loader) scenarioAt(p string, disk, shippedID bool) *game.Scenario {
	f, found := l.read(p, disk)
	if !found {
		name := p
		if !disk {
			name = shippedName(p)
		}
		l.ps.add(name, 0, "no such file")
		return nil
	}
	if f == nil {
		return nil
	}
	return l.finish(l.readScenario(f, shippedID))
}

// finish sets the hash of a scenario read without problems.
func (l *loader) finish(sc *game.Scenario) *game.Scenario {
	if sc == nil || l.ps.count() > 0 {
		return nil
	}
	sc.Hash = l.hash()
	return sc
}

// hash is the SHA-256 of every file that made the scenario, in the order
// read (scenario, maps, tables, counters), each preceded by its length as
// 8 big-endian bytes so that moving bytes between files changes the hash.
func (l *loader) hash() string {
	h := sha256.New()
	var n [8]byte
	for _, f := range l.files {
		binary.BigEndian.PutUint64(n[:], uint64(len(f.src)))
		h.Write(n[:])
		h.Write(f.src)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// read reads and decodes a file once. found is false if there is no file
// there; f is nil if it was found but could not be read or decoded (the
// problem is recorded).
func (l *loader) read(p string, disk bool) (f *file, found bool) {
	key := fmt.Sprintf("%v:%s", disk, p)
	if f, ok := l.opened[key]; ok {
		return f, true
	}
	if l.tried[key] {
		return nil, false
	}
	var src []byte
	var err error
	name := p
	if disk {
		src, err = ReadTOMLFile(p, MaxTOMLBytes)
	} else {
		name = shippedName(p)
		if !fs.ValidPath(p) {
			l.tried[key] = true
			return nil, false
		}
		src, err = shipped.ReadFile(p)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			l.tried[key] = true
			return nil, false
		}
		l.ps.add(name, 0, "cannot read: %v", err)
		l.opened[key] = nil
		return nil, true
	}
	if disk {
		f = readFile(l.ps, name, p, disk, src)
	} else if c, ok := shippedFiles.Load(p); ok {
		f = c.(*file)
	} else if f = readFile(l.ps, name, p, disk, src); f != nil {
		shippedFiles.Store(p, f)
	}
	f = l.add(f)
	l.opened[key] = f
	return f, true
}

// shippedFiles are the shipped files already read, by path: they are
// embedded, so their decoded form never changes, and every game start of
// a test position reads the same counters and maps again. Loaders only
// read a file's decoded tables (the use of their keys is tracked per
// node).
var shippedFiles sync.Map

type location struct {
	path string
	disk bool
}

// candidates lists where a file named by another file may be: next to
// that file (and in maps/ beside it, for maps), then among the shipped
// files of the ruleset.
func (l *loader) candidates(kind, name string, from *file) []location {
	base := name
	if !strings.HasSuffix(base, ".toml") {
		base += ".toml"
	}
	var out []location
	switch {
	case from.disk:
		dir := filepath.Dir(from.path)
		out = append(out, location{filepath.Join(dir, filepath.FromSlash(base)), true})
		if kind == "map" && filepath.Base(dir) != "maps" {
			out = append(out, location{filepath.Join(dir, "maps", filepath.FromSlash(base)), true})
		}
	case from.path != "":
		dir := path.Dir(from.path)
		if kind == "map" && path.Base(dir) != "maps" {
			dir = path.Join(dir, "maps")
		}
		out = append(out, location{path.Join(dir, base), false})
	}
	if l.ruleset != "" {
		dir := "data/" + l.ruleset
		if kind == "map" {
			dir += "/maps"
		}
		loc := location{path.Join(dir, base), false}
		if !slices.Contains(out, loc) {
			out = append(out, loc)
		}
	}
	return out
}

// open finds and reads a file named by key of node from; it records a
// problem there when no candidate exists.
func (l *loader) open(kind, name string, from *node, key string) *file {
	if strings.TrimSpace(name) == "" {
		from.errf(key, "", "%s: empty file name", from.where(key))
		return nil
	}
	cands := l.candidates(kind, name, from.f)
	var looked []string
	for _, c := range cands {
		f, found := l.read(c.path, c.disk)
		if found {
			return f
		}
		if c.disk {
			looked = append(looked, c.path)
		} else {
			looked = append(looked, shippedName(c.path))
		}
	}
	from.errf(key, name, "%s: no %s file %q (looked for %s)", from.where(key), kind, name, strings.Join(looked, ", "))
	return nil
}

// openShipped reads a shipped file of the current ruleset, if it exists.
func (l *loader) openShipped(base string) *file {
	if l.ruleset == "" {
		return nil
	}
	f, _ := l.read("data/"+l.ruleset+"/"+base, false)
	return f
}
