package matrix

import (
	"html"
	"net/url"
	"strings"

	xhtml "golang.org/x/net/html"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
)

// matrixTo is the prefix of a permalink to a user (a "pill").
const matrixTo = "https://matrix.to/#/"

// bodyText is what the user typed, as plain text: the formatted body with
// pills turned into the user ids they point to (a client shows "bob" but
// means @bob:example.org), or the plain body; reply quotes are left out.
func bodyText(c *event.MessageEventContent) string {
	if c.Format == event.FormatHTML && c.FormattedBody != "" {
		return htmlText(c.FormattedBody)
	}
	return stripReplyFallback(c.Body)
}

// stripReplyFallback drops the "> quoted" lines a client puts before a
// reply in the plain body.
func stripReplyFallback(body string) string {
	if !strings.HasPrefix(body, "> ") {
		return body
	}
	lines := strings.Split(body, "\n")
	i := 0
	for i < len(lines) && strings.HasPrefix(lines[i], ">") {
		i++
	}
	if i < len(lines) && lines[i] == "" {
		i++
	}
	return strings.Join(lines[i:], "\n")
}

// htmlText turns a formatted body into plain text: links to matrix.to
// users become the user id, <br> and block ends become line breaks, the
// reply quote (<mx-reply>) is dropped, every other tag is ignored.
func htmlText(s string) string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	skip := 0     // depth inside <mx-reply>
	pill := false // inside a user link: its text is replaced by the id
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return strings.TrimSpace(b.String())
		case xhtml.TextToken:
			if skip == 0 && !pill {
				b.Write(z.Text())
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			switch string(name) {
			case "mx-reply":
				skip++
			case "br":
				if skip == 0 {
					b.WriteByte('\n')
				}
			case "a":
				if skip > 0 {
					continue
				}
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					if string(k) == "href" {
						if u, ok := pillUser(string(v)); ok {
							b.WriteString(string(u))
							pill = true
						}
					}
				}
			}
		case xhtml.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "mx-reply":
				if skip > 0 {
					skip--
				}
			case "a":
				pill = false
			case "p", "div", "li", "pre", "blockquote", "h1", "h2", "h3":
				if skip == 0 {
					b.WriteByte('\n')
				}
			}
		}
	}
}

// pillUser reads a matrix.to link to a user.
func pillUser(href string) (id.UserID, bool) {
	rest, ok := strings.CutPrefix(href, matrixTo)
	if !ok {
		return "", false
	}
	rest, _, _ = strings.Cut(rest, "?")
	if u, err := url.PathUnescape(rest); err == nil {
		rest = u
	}
	uid := id.UserID(rest)
	if _, _, err := uid.Parse(); err != nil || !strings.HasPrefix(rest, "@") {
		return "", false
	}
	return uid, true
}

// addressing is how a message can speak to the bot.
type addressing struct {
	prefix string    // "!g"
	me     id.UserID // @grognard:example.org
	names  []string  // the bot's display name and localpart
}

// command returns the command in a line addressed to the bot: after the
// prefix ("!g new gs-1"), or after a mention of the bot at the start
// ("@grognard:example.org: new gs-1", "grognard, new gs-1"). direct: the
// line comes from the bot's direct room, where every line is a command.
// A bare prefix or mention asks for help.
func (ad addressing) command(text string, direct bool) (string, bool) {
	t := strings.TrimSpace(text)
	if rest, ok := cutWord(t, ad.prefix); ok {
		return orHelp(strings.TrimSpace(strings.TrimLeft(rest, ":,"))), true
	}
	for _, n := range append([]string{string(ad.me), "@" + ad.me.Localpart()}, ad.names...) {
		if n == "" {
			continue
		}
		if rest, ok := cutWord(t, n); ok {
			rest = strings.TrimLeft(rest, ":,")
			return orHelp(strings.TrimSpace(rest)), true
		}
	}
	if direct && t != "" {
		return t, true
	}
	return "", false
}

// cutWord cuts w (case-insensitively) from the start of t when what
// follows is the end, a space, or ':' / ','.
func cutWord(t, w string) (string, bool) {
	if w == "" || len(t) < len(w) || !strings.EqualFold(t[:len(w)], w) {
		return "", false
	}
	rest := t[len(w):]
	if rest != "" && !strings.ContainsRune(" \t\n:,", rune(rest[0])) {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

func orHelp(s string) string {
	if s == "" {
		return "help"
	}
	return s
}

// mentionID reads a user as typed in a command into a Matrix user id:
// "@bob:example.org" as is, "@bob" or "bob" on the bot's own server, or
// a matrix.to link.
func mentionID(server string) func(word string) (string, bool) {
	return func(word string) (string, bool) {
		w := strings.TrimSpace(word)
		if u, ok := pillUser(w); ok {
			return string(u), true
		}
		if !strings.HasPrefix(w, "@") {
			w = "@" + w
		}
		if !strings.Contains(w, ":") {
			w += ":" + server
		}
		if local, server, err := id.UserID(w).Parse(); err != nil || local == "" || server == "" {
			return "", false
		}
		return w, true
	}
}

// rendered is a bot message as Matrix bodies.
type rendered struct {
	plain, html string
	mentions    []id.UserID
}

// renderMessage turns a bot message into a plain body (mentions as display
// names) and an HTML body (mentions as pills, `code` as <code>, line
// breaks kept, leading spaces kept), and lists the users it mentions.
func renderMessage(m bot.Message) rendered {
	r := rendered{plain: m.Format(func(u bot.User) string { return u.Display() })}
	esc := bot.Message{Text: htmlLines(m.Text), Mentions: m.Mentions}
	r.html = esc.Format(func(u bot.User) string {
		if !strings.HasPrefix(u.ID, "@") {
			return html.EscapeString(u.Display())
		}
		return `<a href="` + matrixTo + html.EscapeString(u.ID) + `">` + html.EscapeString(u.Display()) + `</a>`
	})
	for _, u := range m.Mentions {
		uid := id.UserID(u.ID)
		if _, _, err := uid.Parse(); err == nil {
			r.mentions = append(r.mentions, uid)
		}
	}
	return r
}

// htmlLines escapes text for HTML line by line: `code` spans become
// <code>, leading spaces become non-breaking ones, lines are joined with
// <br>. Mention tokens pass through untouched.
func htmlLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		lead := strings.Repeat("&nbsp;", len(l)-len(trimmed))
		parts := strings.Split(trimmed, "`")
		var b strings.Builder
		b.WriteString(lead)
		for j, p := range parts {
			switch {
			case j%2 == 1 && j < len(parts)-1:
				b.WriteString("<code>" + html.EscapeString(p) + "</code>")
			case j%2 == 1: // an unmatched backtick
				b.WriteString("`" + html.EscapeString(p))
			default:
				b.WriteString(html.EscapeString(p))
			}
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "<br>")
}

// numberKeys are the reactions that answer option 1 to 10.
var numberKeys = []string{"1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"}

// reactionNumber reads a number reaction (with or without the emoji
// variation selector) as an option index from 0.
func reactionNumber(key string) (int, bool) {
	k := strings.ReplaceAll(key, "\uFE0F", "")
	for i, n := range numberKeys {
		if k == strings.ReplaceAll(n, "\uFE0F", "") {
			return i, true
		}
	}
	return 0, false
}
