package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/storage"
)

// index lists the newest games and the leagues.
func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	l := s.langOf(r)
	games, err := s.o.App.GameList(50)
	if err != nil {
		s.internal(w, r, err)
		return
	}
	leagues, err := s.o.App.LeagueIDs()
	if err != nil {
		s.internal(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, l, "index", map[string]any{"Title": "grognard", "Games": games, "Leagues": leagues})
}

// lookupFailed answers a game the store does not have, or the error.
func (s *Server) lookupFailed(w http.ResponseWriter, r *http.Request, err error, id string) {
	if errors.Is(err, storage.ErrNotFound) {
		s.fail(w, r, http.StatusNotFound, "err.no-game", "game", quote(id))
		return
	}
	s.internal(w, r, err)
}

// game serves a game's page: /g/{id} (the spectator's view) or
// /p/{token} (a side's, by private link).
func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	id, viewer, base, step, ok := s.stepView(w, r)
	if !ok {
		return
	}
	l := s.langOf(r)
	// Every viewer of a game asks for the same page until its next order:
	// it is built once (a minute at most, for the deadlines' "in 3 h").
	version, err := s.o.App.GameVersion(id)
	if err != nil {
		s.lookupFailed(w, r, err, id)
		return
	}
	// The links carry the language only when the address chose it.
	q := ""
	if _, ok := langAsked(r); ok {
		q = "&lang=" + string(l)
	}
	// The key holds what the page is built from, nothing raw of the
	// address: odd ?lang= values do not push the pages out.
	key := fmt.Sprintf("%s|%s|%d|%s|%s|%d", base, l, step, q, version, s.o.Now().Unix()/60)
	if pg, ok := s.cache.Get(key); ok {
		s.sendPage(w, r, pg)
		return
	}
	p, err := s.o.App.GamePage(id, viewer, step, l)
	if err != nil {
		s.lookupFailed(w, r, err, id)
		return
	}
	if step > p.Steps {
		s.fail(w, r, http.StatusNotFound, "err.step", "step", step, "steps", p.Steps)
		return
	}
	// A finished game's page never changes; a live one is checked on
	// every view (the ETag spares the body), at most a minute old for
	// its deadlines' "in 3 h".
	etag := fmt.Sprintf(`"%s-%s-%s-%d"`, p.Version, viewer, l, p.Step)
	if !p.Ended() {
		etag = fmt.Sprintf(`"%s-%s-%s-%d-%d"`, p.Version, viewer, l, p.Step, s.o.Now().Unix()/60)
	}
	pg := &page{etag: etag, cache: "no-cache"}
	switch {
	case viewer.Valid():
		pg.cache, pg.etag = "private, no-store", ""
	case p.Ended():
		pg.cache = "public, max-age=86400"
	}
	img := func(k int) string { return fmt.Sprintf("%s/board.png?v=%s&step=%d", base, p.Version, k) }
	// The replay's labels go to the script as one attribute (a list per
	// step would be as long as the game).
	clocks, err := json.Marshal(p.StepClocks)
	if err != nil {
		s.internal(w, r, err)
		return
	}
	data := map[string]any{
		"Title": p.ID + " · " + p.Title, "P": p, "Base": base, "Q": q, "Img": img(p.Step), "ImgBase": img(0)[:len(img(0))-1],
		"Clocks": string(clocks), "History": historyHTML(p.History, base, q, T(l, "game.show")), "Rolls": rollsHTML(p.Rolls, p.Seed != ""),
		"Private": viewer.Valid(), "Side": viewer.String(),
		"Prev": max(p.Step-1, 0), "Next": min(p.Step+1, p.Steps), "Latest": p.Step == p.Steps,
		"Audit": len(p.Rolls) > 0 && p.Seed != "",
	}
	var buf bytes.Buffer
	if err := s.execute(&buf, r, l, "game", data); err != nil {
		s.internal(w, r, err)
		return
	}
	pg.body = buf.Bytes()
	if p.Version == version { // not an order stored meanwhile
		s.cache.Put(key, pg)
	}
	s.sendPage(w, r, pg)
}

// page is a game's page as sent.
type page struct {
	etag, cache string
	body        []byte
}

func (s *Server) sendPage(w http.ResponseWriter, r *http.Request, pg *page) {
	h := w.Header()
	h.Set("Cache-Control", pg.cache)
	if pg.etag != "" {
		h.Set("ETag", pg.etag)
		if r.Header.Get("If-None-Match") == pg.etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(pg.body)))
	w.Write(pg.body)
}

// pageCacheSize is how many built pages the site keeps.
const pageCacheSize = 128

// board serves a game's board image at a step.
func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	id, viewer, _, step, ok := s.stepView(w, r)
	if !ok {
		return
	}
	png, version, err := s.o.App.GameBoard(id, viewer, step, r.URL.Query().Get("v"))
	var se *bot.StepError
	switch {
	case errors.As(err, &se):
		s.fail(w, r, http.StatusNotFound, "err.step", "step", se.Step, "steps", se.Steps)
		return
	case errors.Is(err, bot.ErrNoImage):
		s.fail(w, r, http.StatusNotFound, "err.no-image")
		return
	case err != nil:
		s.lookupFailed(w, r, err, id)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	// An image asked for with its version never changes: the address
	// changes with every order.
	cache := "no-cache"
	if v := r.URL.Query().Get("v"); v != "" && v == version && step >= 0 {
		cache = "max-age=31536000, immutable"
	}
	if viewer.Valid() {
		// A side's board shows its secrets: like its page, never stored
		// (a shared computer's browser cache would keep it).
		cache = "private, no-store"
	} else if cache != "no-cache" {
		cache = "public, " + cache
	}
	h.Set("Cache-Control", cache)
	etag := fmt.Sprintf(`"%s-%s-%d"`, version, viewer, step)
	h.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(png)))
	w.Write(png)
}

// export serves the game's log as the viewer may read it.
func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	id, viewer, _, ok := s.viewOf(w, r)
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := s.o.App.GameExport(id, viewer, &buf); err != nil {
		if errors.Is(err, bot.ErrNoImage) {
			s.fail(w, r, http.StatusNotFound, "err.no-export")
			return
		}
		s.lookupFailed(w, r, err, id)
		return
	}
	name := id
	if viewer.Valid() {
		name += "-view" + viewer.String()
		w.Header().Set("Cache-Control", "private, no-store")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	w.Header().Set("Content-Type", "application/jsonl; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.jsonl"`, name))
	w.Write(buf.Bytes())
}

// league serves a league's page.
func (s *Server) league(w http.ResponseWriter, r *http.Request) {
	l := s.langOf(r)
	p, err := s.o.App.LeaguePage(r.PathValue("id"), l)
	if errors.Is(err, storage.ErrNotFound) {
		s.fail(w, r, http.StatusNotFound, "err.no-league")
		return
	}
	if err != nil {
		s.internal(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, l, "league", map[string]any{"Title": p.Name, "L": p, "Chart": ratingChart(p.Ratings, T(l, "league.chart-x"), T(l, "league.chart-y"))})
}

// static serves the style sheet and the scripts.
func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	b, err := files.ReadFile("static/" + name)
	if err != nil || strings.Contains(name, "/") {
		s.fail(w, r, http.StatusNotFound, "err.not-found")
		return
	}
	switch {
	case strings.HasSuffix(name, ".css"):
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	case strings.HasSuffix(name, ".js"):
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	case strings.HasSuffix(name, ".svg"):
		w.Header().Set("Content-Type", "image/svg+xml")
	}
	w.Header().Set("Cache-Control", "public, max-age=86400")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
}

// historyHTML is the history's lines, each record with its link to the
// replay. The lists of a long game are written here rather than by the
// template, whose actions cost ten times more a line; every text is
// escaped, and the links are the site's own paths.
func historyHTML(items []bot.HistoryItem, base, q, show string) template.HTML {
	var b strings.Builder
	base, show = html.EscapeString(base), html.EscapeString(show)
	q = html.EscapeString(q)
	for _, it := range items {
		if it.Undo {
			fmt.Fprintf(&b, "<li class=\"undo\">%s</li>\n", html.EscapeString(it.Text))
			continue
		}
		fmt.Fprintf(&b, "<li data-seq=\"%d\" id=\"rec-%d\">%s <a class=\"show\" href=\"%s?step=%d%s#board\">%s</a></li>\n",
			it.Seq, it.Seq, html.EscapeString(it.Text), base, it.Seq, q, show)
	}
	return template.HTML(b.String())
}

// rollsHTML is the dice audit's rows (with what the seed gives, and a
// cell for the browser's check, once the seed is revealed).
func rollsHTML(rolls []bot.RollItem, seed bool) template.HTML {
	var b strings.Builder
	for _, r := range rolls {
		fmt.Fprintf(&b, "<tr data-index=\"%d\" data-sides=\"%d\" data-value=\"%d\"><td><a href=\"#rec-%d\">#%d</a></td><td>%d</td><td>d%d</td><td>%d</td>",
			r.Index, r.Sides, r.Value, r.Seq, r.Seq, r.Index, r.Sides, r.Value)
		if seed {
			fmt.Fprintf(&b, "<td>%d</td><td class=\"browser\"></td>", r.Computed)
		}
		b.WriteString("</tr>\n")
	}
	return template.HTML(b.String())
}
