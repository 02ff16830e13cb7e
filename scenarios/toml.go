package scenarios

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// file is one data file as read: its name in messages, where it was found,
// its bytes, the decoded TOML and an index of the lines of its keys.
type file struct {
	name string // as printed in problems
	path string // disk path, or path inside the embedded data
	disk bool   // path is on disk rather than embedded
	src  []byte
	raw  map[string]any
	idx  *lineIndex
}

// readFile decodes src; on a TOML syntax error it records a problem with
// the library's line and returns nil.
//
// Size and nesting are checked first (guard.go): nested inline
// tables take the TOML library time that grows much faster than the file.
func readFile(ps *problems, name, path string, disk bool, src []byte) *file {
	if err := CheckTOML(src, MaxTOMLBytes, MaxTOMLDepth); err != nil {
		var ge *TOMLLimitError
		if errors.As(err, &ge) {
			ps.add(name, ge.Line, "too large to read: %s", ge.Msg)
		} else {
			ps.add(name, 0, "too large to read: %v", err)
		}
		return nil
	}
	var raw map[string]any
	if _, err := toml.Decode(string(src), &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			ps.add(name, pe.Position.Line, "TOML syntax: %s", pe.Message)
		} else {
			ps.add(name, 0, "TOML: %v", err)
		}
		return nil
	}
	return &file{name: name, path: path, disk: disk, src: src, raw: raw, idx: indexLines(string(src))}
}

// root returns the top-level table of f as a node.
func (f *file) root(ps *problems) *node {
	return &node{f: f, ps: ps, m: f.raw, used: map[string]bool{}}
}

// lineIndex finds the line of a key in TOML source. The TOML library keeps
// key positions private, so this is a small scanner of its own: it follows
// table headers, array-of-tables counts, keys, strings (multi-line too)
// and brackets, and records the first line of every key path and of every
// header. A key's span runs to the line before the next key or header.
type lineIndex struct {
	lines []string
	spans map[string]lineSpan
}

type lineSpan struct{ first, last int } // 1-based, inclusive

func indexLines(src string) *lineIndex {
	ix := &lineIndex{lines: strings.Split(src, "\n"), spans: map[string]lineSpan{}}
	type entry struct {
		path   string // "" for a header met again
		line   int
		header bool
	}
	var order []entry
	record := func(path string, line int, header bool) {
		if _, ok := ix.spans[path]; ok {
			path = ""
		} else {
			ix.spans[path] = lineSpan{first: line}
		}
		order = append(order, entry{path, line, header})
	}
	var sc valueScanner
	var prefix []string
	arrays := map[string]int{} // array-of-tables header → elements so far
	for i, line := range ix.lines {
		ln := i + 1
		if sc.busy() {
			sc.scan(line)
			continue
		}
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t[0] == '#':
			continue
		case t[0] == '[':
			isArray := strings.HasPrefix(t, "[[")
			inner := strings.TrimPrefix(t, "[")
			if isArray {
				inner = strings.TrimPrefix(inner, "[")
			}
			end := closingBracket(inner)
			parts := keyParts(inner[:end])
			if isArray {
				arrays[strings.Join(parts, ".")]++
			}
			for k := 1; k <= len(parts); k++ {
				n, ok := arrays[strings.Join(parts[:k], ".")]
				if ok && n > 0 {
					parts[k-1] = fmt.Sprintf("%s[%d]", parts[k-1], n-1)
				}
			}
			prefix = parts
			record(strings.Join(prefix, "."), ln, true)
		default:
			eq := equalsAt(t)
			if eq < 0 {
				continue
			}
			path := append(slices.Clone(prefix), keyParts(t[:eq])...)
			record(strings.Join(path, "."), ln, false)
			sc.scan(t[eq+1:])
		}
	}
	// A key's span ends before the next key or header; a header's span
	// (the whole table) before the next header.
	for k, e := range order {
		if e.path == "" {
			continue
		}
		last := len(ix.lines)
		for _, next := range order[k+1:] {
			if next.header || !e.header {
				last = next.line - 1
				break
			}
		}
		ix.spans[e.path] = lineSpan{first: e.line, last: max(last, e.line)}
	}
	return ix
}

// valueScanner follows a TOML value over lines: open multi-line strings
// and the nesting of arrays and inline tables.
type valueScanner struct {
	ml    string // open multi-line string delimiter, or ""
	depth int
}

func (v *valueScanner) busy() bool { return v.ml != "" || v.depth > 0 }

func (v *valueScanner) scan(s string) {
	for i := 0; i < len(s); i++ {
		if v.ml != "" {
			if v.ml == `"""` && s[i] == '\\' {
				i++
				continue
			}
			if strings.HasPrefix(s[i:], v.ml) {
				i += len(v.ml) - 1
				v.ml = ""
			}
			continue
		}
		switch c := s[i]; c {
		case '#':
			return
		case '"', '\'':
			delim := string([]byte{c, c, c})
			if strings.HasPrefix(s[i:], delim) {
				v.ml = delim
				i += 2
				continue
			}
			for i++; i < len(s) && s[i] != c; i++ {
				if c == '"' && s[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			v.depth++
		case ']', '}':
			if v.depth > 0 {
				v.depth--
			}
		}
	}
}

// closingBracket returns the index of the first ']' outside quotes.
func closingBracket(s string) int {
	var q byte
	for i := 0; i < len(s); i++ {
		switch {
		case q != 0:
			if s[i] == q {
				q = 0
			}
		case s[i] == '"' || s[i] == '\'':
			q = s[i]
		case s[i] == ']':
			return i
		}
	}
	return len(s)
}

// equalsAt returns the index of the '=' that ends the key of a key/value
// line, or -1.
func equalsAt(s string) int {
	var q byte
	for i := 0; i < len(s); i++ {
		switch {
		case q != 0:
			if s[i] == q {
				q = 0
			}
		case s[i] == '"' || s[i] == '\'':
			q = s[i]
		case s[i] == '=':
			return i
		}
	}
	return -1
}

// keyParts splits a dotted TOML key, unquoting quoted parts.
func keyParts(s string) []string {
	var parts []string
	var b strings.Builder
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			} else {
				b.WriteByte(c)
			}
		case c == '"' || c == '\'':
			q = c
		case c == '.':
			parts = append(parts, strings.TrimSpace(b.String()))
			b.Reset()
		case c == ' ' || c == '\t':
		default:
			b.WriteByte(c)
		}
	}
	return append(parts, strings.TrimSpace(b.String()))
}

// line returns the line of the key path, or of the first line inside its
// span holding token as a whole word when token is set. A path not found
// falls back to its parents; a token not found in any span is searched in
// the whole file. 0 means unknown.
func (ix *lineIndex) line(path []string, token string) int {
	for n := len(path); n > 0; n-- {
		s, ok := ix.spans[strings.Join(path[:n], ".")]
		if !ok {
			continue
		}
		if token != "" {
			for l := s.first; l <= s.last && l <= len(ix.lines); l++ {
				if hasWord(ix.lines[l-1], token) {
					return l
				}
			}
		}
		return s.first
	}
	if token != "" {
		for i, l := range ix.lines {
			if hasWord(l, token) {
				return i + 1
			}
		}
	}
	return 0
}

// hasWord reports whether token occurs in s with no letter or digit
// touching either end.
func hasWord(s, token string) bool {
	for off := 0; off <= len(s); {
		i := strings.Index(s[off:], token)
		if i < 0 {
			return false
		}
		i += off
		j := i + len(token)
		if (i == 0 || !isWordByte(s[i-1])) && (j == len(s) || !isWordByte(s[j])) {
			return true
		}
		off = i + 1
	}
	return false
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// node is one TOML table being read: typed getters record a problem (with
// the key's line) on a wrong type, and finish reports every key that no
// getter asked for.
type node struct {
	f    *file
	ps   *problems
	path []string
	m    map[string]any
	used map[string]bool
}

func (n *node) keyPath(key string) []string {
	return append(slices.Clone(n.path), key)
}

// line is the line of key (with token, see lineIndex.line).
func (n *node) line(key, token string) int {
	if key == "" {
		return n.f.idx.line(n.path, token)
	}
	return n.f.idx.line(n.keyPath(key), token)
}

// where prints the dotted name of key for messages.
func (n *node) where(key string) string {
	p := n.path
	if key != "" {
		p = n.keyPath(key)
	}
	return strings.Join(p, ".")
}

// errf records a problem at key (token narrows the line).
func (n *node) errf(key, token, format string, args ...any) {
	n.ps.add(n.f.name, n.line(key, token), format, args...)
}

func (n *node) has(key string) bool {
	_, ok := n.m[key]
	return ok
}

func (n *node) get(key string) (any, bool) {
	v, ok := n.m[key]
	if ok {
		n.used[key] = true
	}
	return v, ok
}

// keys lists the table's keys in source order (order of their lines),
// marking them used.
func (n *node) keys() []string {
	out := make([]string, 0, len(n.m))
	for k := range n.m {
		out = append(out, k)
		n.used[k] = true
	}
	slices.SortFunc(out, func(a, b string) int {
		la, lb := n.line(a, ""), n.line(b, "")
		if la != lb {
			return la - lb
		}
		return strings.Compare(a, b)
	})
	return out
}

// require records a problem if key is missing: at the table's header, or
// on line 1 for a key of the top level.
func (n *node) require(key, what string) bool {
	if n.has(key) {
		return true
	}
	line := 1
	if len(n.path) > 0 {
		line = max(n.line("", ""), 1)
	}
	n.ps.add(n.f.name, line, "%smissing %s (%s)", n.prefix(), key, what)
	return false
}

// prefix is "path: " for a table, "" for the top level.
func (n *node) prefix() string {
	if len(n.path) == 0 {
		return ""
	}
	return strings.Join(n.path, ".") + ": "
}

// str reads a string; ok is false if the key is absent or not a string.
func (n *node) str(key string) (string, bool) {
	v, ok := n.get(key)
	if !ok {
		return "", false
	}
	s, isStr := v.(string)
	if !isStr {
		n.errf(key, "", "%s: want a string, not %s", n.where(key), describe(v))
		return "", false
	}
	return s, true
}

// integer reads an integer that fits an int.
func (n *node) integer(key string) (int, bool) {
	v, ok := n.get(key)
	if !ok {
		return 0, false
	}
	i, isInt := v.(int64)
	if !isInt {
		n.errf(key, "", "%s: want an integer, not %s", n.where(key), describe(v))
		return 0, false
	}
	if i < math.MinInt32 || i > math.MaxInt32 {
		n.errf(key, "", "%s: %d is out of range", n.where(key), i)
		return 0, false
	}
	return int(i), true
}

func (n *node) boolean(key string) (bool, bool) {
	v, ok := n.get(key)
	if !ok {
		return false, false
	}
	b, isBool := v.(bool)
	if !isBool {
		n.errf(key, "", "%s: want true or false, not %s", n.where(key), describe(v))
		return false, false
	}
	return b, true
}

// strs reads a string or an array of strings.
func (n *node) strs(key string) ([]string, bool) {
	v, ok := n.get(key)
	if !ok {
		return nil, false
	}
	switch x := v.(type) {
	case string:
		return []string{x}, true
	case []any:
		out := make([]string, 0, len(x))
		for i, e := range x {
			s, isStr := e.(string)
			if !isStr {
				n.errf(key, "", "%s[%d]: want a string, not %s", n.where(key), i, describe(e))
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	n.errf(key, "", "%s: want a string or an array of strings, not %s", n.where(key), describe(v))
	return nil, false
}

// sub reads a table.
func (n *node) sub(key string) (*node, bool) {
	v, ok := n.get(key)
	if !ok {
		return nil, false
	}
	m, isMap := v.(map[string]any)
	if !isMap {
		n.errf(key, "", "%s: want a table, not %s", n.where(key), describe(v))
		return nil, false
	}
	return &node{f: n.f, ps: n.ps, path: n.keyPath(key), m: m, used: map[string]bool{}}, true
}

// subs reads an array of tables ([[key]] sections).
func (n *node) subs(key string) []*node {
	v, ok := n.get(key)
	if !ok {
		return nil
	}
	var list []map[string]any
	switch x := v.(type) {
	case []map[string]any:
		list = x
	case []any:
		for i, e := range x {
			m, isMap := e.(map[string]any)
			if !isMap {
				n.errf(key, "", "%s[%d]: want a table, not %s", n.where(key), i, describe(e))
				return nil
			}
			list = append(list, m)
		}
	default:
		n.errf(key, "", "%s: want [[%s]] tables, not %s", n.where(key), key, describe(v))
		return nil
	}
	out := make([]*node, len(list))
	for i, m := range list {
		p := append(slices.Clone(n.path), fmt.Sprintf("%s[%d]", key, i))
		out[i] = &node{f: n.f, ps: n.ps, path: p, m: m, used: map[string]bool{}}
	}
	return out
}

// finish reports every key no getter asked for.
func (n *node) finish() {
	var unknown []string
	for k := range n.m {
		if !n.used[k] {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	for _, k := range unknown {
		n.errf(k, "", "%sunknown key %q", n.prefix(), k)
	}
}

// describe names the TOML type of a decoded value.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", x)
	case int64:
		return fmt.Sprintf("the integer %d", x)
	case float64:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return fmt.Sprintf("%v", x)
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("a %T", v)
}
