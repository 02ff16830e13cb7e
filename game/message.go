package game

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Messages are data. An event's narration, a refusal, a decision's prompt
// carry a Msg: a stable key and typed arguments. Each ruleset ships one
// catalogue per language (Register, from its package's init) that maps
// keys to templates with {name} placeholders; front ends render a Msg in
// the reader's language with Render. English is the reference language:
// every key has an English template, and a test in each ruleset fails when
// a key lacks French.

// Language codes of the catalogues.
const (
	LangEN = "en"
	LangFR = "fr"
)

// Langs are the languages every catalogue must cover.
var Langs = []string{LangEN, LangFR}

// Msg is a message as data: Key names a template in the catalogues, Args
// the values substituted into its {name} placeholders.
//
// Argument values are rendered by type: string and integers verbatim;
// Side as its letter; Term through the catalogue (key "term.<word>",
// falling back to the word itself); a Msg or []Msg rendered recursively in
// the same language ([]Msg joined with ", "); anything else with %v.
type Msg struct {
	Key  string `json:"key"`
	Args []Arg  `json:"args,omitempty"`
}

// Arg is one named argument of a Msg. A message has a handful at most:
// a slice, looked up by name, costs less than a map to build, and legal
// options build one message each.
type Arg struct {
	Name  string
	Value any
}

// M builds a Msg from name, value pairs: M("gs.move.mp", "unit", id, "mp", 3).
// A later pair of the same name replaces an earlier one.
func M(key string, kv ...any) Msg {
	m := Msg{Key: key}
	if len(kv) > 1 {
		m.Args = make([]Arg, 0, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			k, ok := kv[i].(string)
			if !ok {
				k = fmt.Sprint(kv[i])
			}
			m = m.with(k, kv[i+1])
		}
	}
	return m
}

// with sets argument name (in place: only for a Msg being built),
// keeping the arguments sorted by name, as JSON reads them back.
func (m Msg) with(name string, v any) Msg {
	if n := len(m.Args); n == 0 || m.Args[n-1].Name < name { // given in order
		m.Args = append(m.Args, Arg{Name: name, Value: v})
		return m
	}
	i, found := slices.BinarySearchFunc(m.Args, name, func(a Arg, n string) int { return strings.Compare(a.Name, n) })
	if found {
		m.Args[i].Value = v
		return m
	}
	m.Args = slices.Insert(m.Args, i, Arg{Name: name, Value: v})
	return m
}

// Arg returns the value of the argument name.
func (m Msg) Arg(name string) (any, bool) {
	for _, a := range m.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return nil, false
}

// sortedArgs are m's arguments sorted by name (M keeps them so; a Msg
// built by hand may not).
func (m Msg) sortedArgs() []Arg {
	out := slices.Clone(m.Args)
	slices.SortFunc(out, func(a, b Arg) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// IsZero reports whether m is the empty message.
func (m Msg) IsZero() bool { return m.Key == "" }

// String renders m in English.
func (m Msg) String() string { return Render(LangEN, m) }

// Term is a word of the game's vocabulary (a phase, a terrain, a result)
// that a catalogue translates: it renders as the template of
// "term.<word>", or as the word itself when no catalogue has it.
type Term string

// Plain is a text argument that is never translated (a player's typed
// words echoed back). Plain strings render verbatim anyway; the type
// documents the intent.
type Plain string

// Catalogue maps message keys to templates in one language.
type Catalogue map[string]string

var (
	catMu      sync.RWMutex
	catalogues = map[string]Catalogue{}
	catOwners  = map[string]string{} // key → registering package
)

// Register adds a ruleset's (or the kernel's) templates for one language.
// owner names the registrant in the panic raised when two packages define
// the same key differently. Call it from init.
func Register(owner, lang string, c Catalogue) {
	catMu.Lock()
	defer catMu.Unlock()
	dst := catalogues[lang]
	if dst == nil {
		dst = Catalogue{}
		catalogues[lang] = dst
	}
	for k, v := range c {
		if old, ok := dst[k]; ok && old != v && catOwners[lang+"\x00"+k] != owner {
			panic(fmt.Sprintf("game: message key %q registered by %s and %s", k, catOwners[lang+"\x00"+k], owner))
		}
		dst[k] = v
		catOwners[lang+"\x00"+k] = owner
	}
}

// Template returns the template of key in lang, falling back to English.
func Template(lang, key string) (string, bool) {
	catMu.RLock()
	defer catMu.RUnlock()
	if t, ok := catalogues[lang][key]; ok {
		return t, true
	}
	t, ok := catalogues[LangEN][key]
	return t, ok
}

// Keys lists the keys registered in lang whose owner is owner (every
// owner when owner is ""), sorted. Catalogue tests compare languages with
// it.
func Keys(lang, owner string) []string {
	catMu.RLock()
	defer catMu.RUnlock()
	var out []string
	for k := range catalogues[lang] {
		if owner == "" || catOwners[lang+"\x00"+k] == owner {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// Placeholders lists the {name} placeholders of a template, sorted and
// without repeats.
func Placeholders(tmpl string) []string {
	seen := map[string]bool{}
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			break
		}
		seen[tmpl[i+1:i+j]] = true
		tmpl = tmpl[i+j+1:]
	}
	return slices.Sorted(maps.Keys(seen))
}

// Render writes m in lang. A key no catalogue knows renders as the key
// followed by its arguments, so that nothing is silently dropped.
func Render(lang string, m Msg) string {
	if m.Key == "" {
		return ""
	}
	t, ok := Template(lang, m.Key)
	if !ok {
		var b strings.Builder
		b.WriteString(m.Key)
		for _, a := range m.sortedArgs() {
			fmt.Fprintf(&b, " %s=%s", a.Name, renderArg(lang, a.Value))
		}
		return b.String()
	}
	if len(m.Args) == 0 {
		return t
	}
	var b strings.Builder
	b.Grow(len(t) + 8*len(m.Args))
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			break
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			b.WriteString(t)
			break
		}
		b.WriteString(t[:i])
		name := t[i+1 : i+j]
		if v, ok := m.Arg(name); ok {
			b.WriteString(renderArg(lang, v))
		} else {
			b.WriteString(t[i : i+j+1])
		}
		t = t[i+j+1:]
	}
	return b.String()
}

func renderArg(lang string, v any) string {
	switch x := v.(type) {
	case string:
		return x
	case Plain:
		return string(x)
	case int:
		return strconv.Itoa(x)
	case Side:
		return x.String()
	case Term:
		if t, ok := Template(lang, "term."+string(x)); ok {
			return t
		}
		return string(x)
	case Msg:
		return Render(lang, x)
	case *Msg:
		if x == nil {
			return ""
		}
		return Render(lang, *x)
	case []Msg:
		parts := make([]string, len(x))
		for i, m := range x {
			parts[i] = Render(lang, m)
		}
		return strings.Join(parts, ", ")
	case []string:
		return strings.Join(x, " ")
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// Narrator is implemented by events that narrate themselves as data: the
// one-line explanation with its factors and rule ids, in any language.
// Rulesets implement it instead of Explainer; Explain of a Narrator is
// its English rendering (see Narrate).
type Narrator interface {
	Event
	Message() Msg
}

// Narrate is e's narration in lang: its Message rendered, or for an event
// that still explains itself in English only, its Explain text, or its
// kind.
func Narrate(lang string, e Event) string {
	if n, ok := e.(Narrator); ok {
		return Render(lang, n.Message())
	}
	if x, ok := e.(Explainer); ok {
		return x.Explain()
	}
	return e.Kind()
}

// Or is the words joined by the language's "or": "on or off", "1, 2 or 3".
func Or(words ...string) Msg {
	switch len(words) {
	case 0:
		return Msg{}
	case 1:
		return M("game.word", "w", words[0])
	}
	return M("game.or", "a", strings.Join(words[:len(words)-1], ", "), "b", words[len(words)-1])
}
