package bot

import (
	"bufio"
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"
)

// The rules reference: a short text per rule id, per ruleset, in both
// languages, written for the project and embedded (ref/<ruleset>.txt).

//go:embed ref/*.txt
var refFiles embed.FS

// refEntry is one rule of the reference.
type refEntry struct {
	ID       string
	Keywords []string
	Text     map[Lang]string
}

// reference is one ruleset's reference, in file order.
type reference struct {
	Ruleset string
	Entries []*refEntry
}

var refs struct {
	once sync.Once
	all  map[string]*reference
	err  error
}

// references reads the embedded reference files once.
func references() (map[string]*reference, error) {
	refs.once.Do(func() {
		refs.all = map[string]*reference{}
		files, _ := refFiles.ReadDir("ref")
		for _, f := range files {
			b, err := refFiles.ReadFile(path.Join("ref", f.Name()))
			if err != nil {
				refs.err = err
				return
			}
			r, err := parseReference(f.Name(), string(b))
			if err != nil {
				refs.err = err
				return
			}
			refs.all[r.Ruleset] = r
		}
	})
	return refs.all, refs.err
}

// parseReference reads the format described at the top of ref/gs.txt.
func parseReference(name, src string) (*reference, error) {
	r := &reference{}
	var cur *refEntry
	var last Lang
	sc := bufio.NewScanner(strings.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "":
			last = ""
		case strings.HasPrefix(line, "ruleset:"):
			r.Ruleset = strings.TrimSpace(strings.TrimPrefix(line, "ruleset:"))
		case strings.HasPrefix(line, "== "):
			id, kw, _ := strings.Cut(strings.TrimPrefix(line, "== "), "|")
			cur = &refEntry{ID: strings.TrimSpace(id), Text: map[Lang]string{}}
			for _, k := range strings.Split(kw, ",") {
				if k = strings.TrimSpace(k); k != "" {
					cur.Keywords = append(cur.Keywords, k)
				}
			}
			r.Entries = append(r.Entries, cur)
			last = ""
		case strings.HasPrefix(line, "  ") && cur != nil && last != "":
			cur.Text[last] += " " + strings.TrimSpace(line)
		default:
			tag, text, ok := strings.Cut(line, ":")
			l, known := ParseLang(tag)
			if !ok || !known || cur == nil {
				return nil, fmt.Errorf("%s:%d: want \"== ID | keywords\", \"en: …\" or \"fr: …\"", name, n)
			}
			cur.Text[l] = strings.TrimSpace(text)
			last = l
		}
	}
	if r.Ruleset == "" {
		return nil, fmt.Errorf("%s: no \"ruleset:\" line", name)
	}
	return r, nil
}

// accents maps the accented letters of French to plain ones.
var accents = strings.NewReplacer("à", "a", "â", "a", "ä", "a", "ç", "c", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"î", "i", "ï", "i", "ô", "o", "ö", "o", "ù", "u", "û", "u", "ü", "u", "ÿ", "y", "œ", "oe", "æ", "ae")

// fold lower-cases and strips accents, for searching.
func fold(s string) string { return accents.Replace(strings.ToLower(s)) }

// maxRuleHits is how many entries a word search shows.
const maxRuleHits = 6

// lookupRules finds the entries for a topic: an exact rule id (with the
// ids under it listed), else the entries whose keywords or text in l
// contain every word of the topic.
func (r *reference) lookup(l Lang, topic string) (exact *refEntry, under []string, hits []*refEntry) {
	t := strings.ToUpper(strings.TrimSpace(topic))
	for _, e := range r.Entries {
		if strings.ToUpper(e.ID) == t {
			exact = e
		} else if strings.HasPrefix(strings.ToUpper(e.ID), t+".") {
			under = append(under, e.ID)
		}
	}
	if exact != nil || len(under) > 0 {
		return exact, under, nil
	}
	words := strings.Fields(fold(topic))
	type scored struct {
		e *refEntry
		n int
	}
	var found []scored
	for _, e := range r.Entries {
		kw := fold(strings.Join(e.Keywords, " "))
		text := fold(e.Text[l])
		all, n := true, 0
		for _, w := range words {
			switch {
			case strings.Contains(kw, w):
				n += 2
			case strings.Contains(text, w):
				n++
			default:
				all = false
			}
		}
		if all && n > 0 {
			found = append(found, scored{e, n})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].n > found[j].n })
	for _, f := range found {
		hits = append(hits, f.e)
	}
	return nil, nil, hits
}

// rules answers `rules <id | word>` from the reference of the room's game
// (or of the ruleset the id names).
func (c *call) rules() error {
	all, err := references()
	if err != nil {
		return err
	}
	topic := c.p.args["topic"]
	var ref *reference
	if id, err := c.gameID(pickMine); err == nil {
		if meta, err := c.a.store.Meta(id); err == nil {
			ref = all[meta.Ruleset]
		}
	}
	if ref == nil {
		for _, r := range all {
			if ref == nil || strings.HasPrefix(strings.ToUpper(topic), strings.ToUpper(r.Ruleset)+"-") {
				ref = r
			}
		}
	}
	if ref == nil {
		return uerr("rules.none")
	}
	l := c.lang
	exact, under, hits := ref.lookup(l, topic)
	var lines []string
	switch {
	case exact != nil:
		lines = append(lines, exact.ID+" — "+exact.Text[l])
		if len(under) > 0 {
			lines = append(lines, T(l, "rules.see", "ids", strings.Join(under, ", ")))
		}
	case len(under) > 0:
		lines = append(lines, T(l, "rules.see", "ids", strings.Join(under, ", ")))
	case len(hits) == 0:
		return uerr("rules.not-found", "topic", topic)
	default:
		for i, e := range hits {
			if i == maxRuleHits {
				var more []string
				for _, x := range hits[i:] {
					more = append(more, x.ID)
				}
				lines = append(lines, T(l, "rules.see", "ids", strings.Join(more, ", ")))
				break
			}
			lines = append(lines, e.ID+" — "+e.Text[l])
		}
	}
	c.reply(strings.Join(lines, "\n"))
	return nil
}
