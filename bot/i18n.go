package bot

import (
	"fmt"
	"strings"
)

// Lang is a language of the message catalogue.
type Lang string

const (
	EN Lang = "en"
	FR Lang = "fr"
)

// Langs lists the languages every message exists in.
var Langs = []Lang{EN, FR}

// ParseLang reads "en", "fr" or a locale such as "fr-FR", "en_GB".
func ParseLang(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i > 0 {
		s = s[:i]
	}
	for _, l := range Langs {
		if string(l) == s {
			return l, true
		}
	}
	return "", false
}

// catalogue holds every player-facing string by key and language. The
// texts live in messages_en.go and messages_fr.go; a test checks that both
// have the same keys and placeholders, and that every key the code uses
// exists.
var catalogue = map[Lang]map[string]string{EN: messagesEN, FR: messagesFR}

// T formats the message key in language l. kv are placeholder names and
// values: T(FR, "game.started", "game", "g1") fills {game}. A missing key
// prints as [key] (and fails the catalogue test).
func T(l Lang, key string, kv ...any) string {
	msg, ok := catalogue[l][key]
	if !ok {
		if msg, ok = catalogue[EN][key]; !ok {
			return "[" + key + "]"
		}
	}
	return Fill(msg, kv...)
}

// Fill replaces msg's {name} placeholders by the values of kv (name,
// value pairs) in one pass, so that a value that itself holds a
// placeholder (a player's name "{url}") is not filled again.
func Fill(msg string, kv ...any) string {
	if len(kv) == 0 {
		return msg
	}
	pairs := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+fmt.Sprint(kv[i])+"}", fmt.Sprint(kv[i+1]))
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

// Text is a string in both languages, for the command table.
type Text struct {
	EN string
	FR string
}

// In returns the text in l.
func (t Text) In(l Lang) string {
	if l == FR && t.FR != "" {
		return t.FR
	}
	return t.EN
}
