package bot

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// TableRenderer draws a table as a PNG (*render.Renderer implements it);
// league standings use it when the App's renderer does.
type TableRenderer interface {
	Table(title string, header []string, rows [][]string, footer string) ([]byte, error)
}

// Elo parameters of the league ratings.
const (
	eloStart = 1500.0
	eloK     = 32.0
)

// standing is one entry's line of the standings. Points are counted in
// half points (a draw is 1, a win 2) so that they stay exact.
type standing struct {
	entry             int
	played, w, d, l   int
	byes              int
	half              int // points ×2
	vp                int // victory-point difference, played games only
	tieBreak          float64
	rating            float64
	missed            int
	withdrawn, former string
}

// standingsRaw computes the standings, sorted: points, then the league's
// tie-break (Sonneborn–Berger, or the points scored between the tied
// entries), then the VP difference, then the rating, then the order of
// entry. A win is 1 point, a draw ½, a loss 0; a bye is 1 point and is
// not a game played; a forfeit is a game won or lost; a cancelled game
// does not count. Ratings are Elo (K 32, from 1500) over the played
// games in pairing order; forfeits and byes do not move them.
func (lgue *league) standingsRaw() []standing {
	n := len(lgue.Entries)
	rows := make([]standing, n)
	for i := range rows {
		rows[i] = standing{entry: i, rating: eloStart, withdrawn: lgue.Entries[i].Withdrawn}
	}
	type game2 struct {
		a, b   int
		winner game.Side
	}
	var counted []game2
	for _, p := range lgue.Pairings {
		r := p.Result
		if r == nil {
			continue
		}
		if r.Kind == "bye" {
			rows[p.A].byes++
			rows[p.A].half += 2
			continue
		}
		if r.Kind == "cancelled" {
			continue
		}
		a, b := &rows[p.A], &rows[p.B]
		a.played++
		b.played++
		switch r.Winner {
		case game.SideA:
			a.w, b.l, a.half = a.w+1, b.l+1, a.half+2
		case game.SideB:
			b.w, a.l, b.half = b.w+1, a.l+1, b.half+2
		default:
			a.d, b.d, a.half, b.half = a.d+1, b.d+1, a.half+1, b.half+1
		}
		counted = append(counted, game2{p.A, p.B, r.Winner})
		if r.Kind == "played" {
			a.vp += r.Score[0] - r.Score[1]
			b.vp += r.Score[1] - r.Score[0]
			a.rating, b.rating = eloGame(a.rating, b.rating, r.Winner)
		}
	}
	// Tie-breaks.
	for i := range rows {
		x := &rows[i]
		var tb float64
		for _, g := range counted {
			switch {
			case g.a == x.entry && lgue.TieBreak != "h2h":
				tb += sbShare(g.winner, game.SideA, rows[g.b].half)
			case g.b == x.entry && lgue.TieBreak != "h2h":
				tb += sbShare(g.winner, game.SideB, rows[g.a].half)
			case lgue.TieBreak == "h2h" && (g.a == x.entry || g.b == x.entry):
				other, mine := g.b, game.SideA
				if g.b == x.entry {
					other, mine = g.a, game.SideB
				}
				if rows[other].half == x.half {
					switch g.winner {
					case mine:
						tb += 1
					case game.Nobody:
						tb += 0.5
					}
				}
			}
		}
		x.tieBreak = tb
	}
	slices.SortStableFunc(rows, func(x, y standing) int {
		switch {
		case x.half != y.half:
			return y.half - x.half
		case x.tieBreak != y.tieBreak:
			if y.tieBreak > x.tieBreak {
				return 1
			}
			return -1
		case x.vp != y.vp:
			return y.vp - x.vp
		case x.rating != y.rating:
			if y.rating > x.rating {
				return 1
			}
			return -1
		}
		return x.entry - y.entry
	})
	return rows
}

// eloGame is the ratings of A and B after a game between them that
// winner won (Nobody: a draw).
func eloGame(a, b float64, winner game.Side) (float64, float64) {
	ea := 1 / (1 + math.Pow(10, (b-a)/400))
	sa := 0.5
	switch winner {
	case game.SideA:
		sa = 1
	case game.SideB:
		sa = 0
	}
	return a + eloK*(sa-ea), b - eloK*(sa-ea)
}

// sbShare is the Sonneborn–Berger share of one game: the opponent's
// points for a win, half of them for a draw.
func sbShare(winner, mine game.Side, oppHalf int) float64 {
	switch winner {
	case mine:
		return float64(oppHalf) / 2
	case game.Nobody:
		return float64(oppHalf) / 4
	}
	return 0
}

// halfText prints half points: 3, 2½, ½.
func halfText(h int) string {
	s := strconv.Itoa(h / 2)
	if h%2 == 1 {
		if h == 1 {
			return "½"
		}
		s += "½"
	}
	return s
}

func tbText(tb float64) string {
	s := strconv.FormatFloat(tb, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "" {
		return "0"
	}
	return s
}

// missedOf counts the deadlines each entry let pass in the league's games
// (from the games' clocks).
func (a *App) missedOf(lgue *league) map[int]int {
	out := map[int]int{}
	for _, p := range lgue.Pairings {
		if p.Game == "" {
			continue
		}
		raw, err := a.store.Value(keyClock + p.Game)
		if err != nil || raw == nil {
			continue
		}
		var clk gameClock
		if json.Unmarshal(raw, &clk) != nil {
			continue
		}
		out[p.A] += clk.Missed[0]
		if !p.bye() {
			out[p.B] += clk.Missed[1]
		}
	}
	return out
}

// standingsTable is the standings as a header and rows, in l.
func (c *call) standingsTable(l Lang, lgue *league) ([]string, [][]string) {
	tb := "SB"
	if lgue.TieBreak == "h2h" {
		tb = T(l, "league.col-h2h")
	}
	header := []string{T(l, "league.col-rank"), T(l, "league.col-player"), T(l, "league.col-played"), T(l, "league.col-w"), T(l, "league.col-d"), T(l, "league.col-l"),
		T(l, "league.col-points"), T(l, "league.col-vp"), tb, "Elo", T(l, "league.col-missed")}
	missed := c.a.missedOf(lgue)
	var rows [][]string
	for i, s := range lgue.standingsRaw() {
		name := c.a.userOf(lgue.Entries[s.entry].User).Display()
		if s.withdrawn != "" {
			name += " " + T(l, "league.withdrawn-mark")
		}
		vp := strconv.Itoa(s.vp)
		if s.vp > 0 {
			vp = "+" + vp
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), name, strconv.Itoa(s.played), strconv.Itoa(s.w), strconv.Itoa(s.d), strconv.Itoa(s.l),
			halfText(s.half), vp, tbText(s.tieBreak), strconv.Itoa(int(math.Round(s.rating))), strconv.Itoa(missed[s.entry])})
	}
	return header, rows
}

// standingsText is the standings as aligned text.
func (c *call) standingsText(l Lang, lgue *league) string {
	header, rows := c.standingsTable(l, lgue)
	all := append([][]string{header}, rows...)
	width := make([]int, len(header))
	for _, r := range all {
		for j, v := range r {
			width[j] = max(width[j], len([]rune(v)))
		}
	}
	var b strings.Builder
	b.WriteString("```\n")
	for _, r := range all {
		for j, v := range r {
			pad := strings.Repeat(" ", width[j]-len([]rune(v)))
			if j == 1 {
				b.WriteString(v + pad)
			} else {
				b.WriteString(pad + v)
			}
			if j < len(r)-1 {
				b.WriteString("  ")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("```")
	return b.String()
}

// standingsImage draws the standings when the renderer can draw tables.
func (c *call) standingsImage(l Lang, lgue *league) *Image {
	tr, ok := c.a.cfg.Renderer.(TableRenderer)
	if !ok {
		return nil
	}
	header, rows := c.standingsTable(l, lgue)
	title := T(l, "league.standings", "name", lgue.Name, "round", lgue.Round, "rounds", lgue.Rounds)
	footer := T(l, "league.footer")
	png, err := tr.Table(title, header, rows, footer)
	if err != nil {
		c.a.log.Warn("bot: standings image", "league", lgue.Name, "err", err)
		return nil
	}
	return &Image{Name: fmt.Sprintf("%s-standings-r%d.png", lgue.Name, lgue.Round), PNG: png, Side: game.Nobody, Alt: title}
}

// leagueStandings shows the standings as text and, when the renderer can,
// as a PNG table.
func (c *call) leagueStandings(lgue *league) error {
	l := c.lang
	text := T(l, "league.standings", "name", lgue.Name, "round", lgue.Round, "rounds", lgue.Rounds) + "\n" + c.standingsText(l, lgue) + "\n" + T(l, "league.footer")
	m := c.reply(text)
	if img := c.standingsImage(l, lgue); img != nil {
		m.Images = append(m.Images, *img)
	}
	return nil
}
