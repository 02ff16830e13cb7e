package bot

import (
	"strconv"
	"unicode/utf8"
)

// Lists that grow with use (`games`, `mine`, `history`) are answered one
// page at a time: one message per page, with page buttons where the
// platform has private replies with buttons (Discord) and the command for
// the next page written in the footer everywhere (`!g games 2` on Matrix).

// pageArg reads a page number argument (1 when absent).
func (c *call) pageArg() int {
	n, err := strconv.Atoi(c.p.args["page"])
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// paginate cuts lines into pages of at most per lines that each fit one
// message of the platform with room for a title and a footer. fromEnd:
// page 1 holds the last lines (a history, newest page first).
func (c *call) paginate(lines []string, per int, fromEnd bool) [][]string {
	if per < 1 {
		per = 1
	}
	budget := c.lim.MaxText - 300 // the title and the footer
	if c.lim.MaxText <= 0 {
		budget = 1 << 30
	}
	if budget < 200 {
		budget = 200
	}
	var pages [][]string
	var cur []string
	size := 0
	add := func(l string) {
		n := utf8.RuneCountInString(l) + 1
		if len(cur) > 0 && (len(cur) >= per || size+n > budget) {
			pages = append(pages, cur)
			cur, size = nil, 0
		}
		if n > budget { // one line longer than a message: cut it
			r := []rune(l)
			l, n = string(r[:budget-2])+"…", budget
		}
		cur = append(cur, l)
		size += n
	}
	if fromEnd {
		for i := len(lines) - 1; i >= 0; i-- {
			add(lines[i])
		}
	} else {
		for _, l := range lines {
			add(l)
		}
	}
	if len(cur) > 0 {
		pages = append(pages, cur)
	}
	if fromEnd {
		for _, p := range pages {
			for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
				p[i], p[j] = p[j], p[i]
			}
		}
	}
	return pages
}

// page replies with page n of lines under title: one message, a footer
// with where it stands and the command of the next page (cmd(k) is the
// command text of page k), and previous/next buttons.
func (c *call) page(gameID, title string, lines []string, per, n int, fromEnd bool, cmd func(int) string) error {
	pages := c.paginate(lines, per, fromEnd)
	if len(pages) == 0 {
		pages = [][]string{nil}
	}
	if n > len(pages) {
		return uerr("page.none", "page", n, "pages", len(pages))
	}
	c.pageReply(gameID, title, pages[n-1], n, len(pages), cmd)
	return nil
}

// pageReply is the message of page n of pages.
func (c *call) pageReply(gameID, title string, lines []string, n, pages int, cmd func(int) string) {
	text := title
	for _, l := range lines {
		text += "\n" + l
	}
	m := c.reply("")
	m.Game = gameID
	if pages > 1 {
		if n < pages {
			text += "\n" + T(c.lang, "page.footer", "page", n, "pages", pages, "command", cmd(n+1))
		} else {
			text += "\n" + T(c.lang, "page.last", "page", n, "pages", pages)
		}
		if n > 1 {
			m.Choices = append(m.Choices, Choice{Label: T(c.lang, "word.previous"), Command: cmd(n - 1)})
		}
		if n < pages {
			m.Choices = append(m.Choices, Choice{Label: T(c.lang, "word.next"), Command: cmd(n + 1)})
		}
		m.nav = true
	}
	m.Text = text
}
