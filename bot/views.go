package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/storage"
)

// zoomSpec asks boardImage for a close-up.
type zoomSpec struct {
	center grid.Coord
	radius int
	// follow: crop around the latest action when the renderer is a
	// Follower and the board is large (center and radius unused).
	follow bool
	// before is the state before the order that changed the phase: when
	// the new board shows no action yet, the crop follows the action of
	// the phase that just ended.
	before game.State
}

// follow is the zoom that follows the action, for boardImage.
var follow = zoomSpec{follow: true}

// boardImage draws the game as viewer sees it (game.Nobody: the public
// view). The image's Side is viewer only when that view shows more than
// the public one, so a player's board without secrets may be posted in
// the room. It returns nil, nil when no renderer is configured.
func (c *call) boardImage(lg *live, viewer game.Side, decorate func(*game.Board), zoom ...zoomSpec) (*Image, error) {
	r := c.a.cfg.Renderer
	if r == nil {
		return nil, nil
	}
	br, ok := lg.g.Rules.(game.Boarder)
	if !ok {
		return nil, uerr("view.no-board", "ruleset", lg.g.Rules.Title())
	}
	st := lg.g.State
	b := br.Board(st, viewer)
	side := viewer
	if viewer.Valid() {
		if pub := br.Board(st, game.Nobody); sameBoard(b, pub) {
			b, side = pub, game.Nobody
		}
	}
	b.Legend.Game = lg.id
	if decorate != nil {
		decorate(b)
	}
	k := st.Clock()
	name := fmt.Sprintf("%s-t%02d-%s", lg.id, k.Turn, k.Phase)
	if k.Active.Valid() {
		name += "-" + k.Active.String()
	}
	if b.Legend.Deadline == "" {
		b.Legend.Deadline = c.legendDeadline(lg, c.imageZone(lg, side))
	}
	var png []byte
	var err error
	start := time.Now()
	defer func() { c.a.cfg.Metrics.Render(time.Since(start)) }()
	cropped := false
	if len(zoom) > 0 && zoom[0].follow {
		spec := zoom[0]
		zoom = nil
		if f, ok := r.(Follower); ok {
			fb := b
			if len(b.Arrows) == 0 && spec.before != nil {
				prev := br.Board(spec.before, side)
				cp := *b
				cp.Arrows, cp.Marks = prev.Arrows, append(slices.Clone(b.Marks), prev.Marks...)
				fb = &cp
			}
			if at, rad, ok := f.Follow(fb); ok {
				zoom, cropped = []zoomSpec{{center: at, radius: rad}}, true
			}
		}
	}
	if len(zoom) > 0 {
		name += fmt.Sprintf("-zoom-%s", lg.sc().Map.Label(zoom[0].center))
		png, err = r.Zoom(b, zoom[0].center, zoom[0].radius)
	} else {
		png, err = r.PNG(b)
	}
	if err != nil {
		return nil, internal("game %s: render: %w", lg.id, err)
	}
	if side.Valid() {
		name += "-view" + side.String()
	}
	img := &Image{Name: name + ".png", PNG: png, Side: side, Alt: c.boardAlt(lg), Game: lg.id, Seq: lg.g.Seq, Cropped: cropped}
	if cropped {
		img.Alt += " · " + T(c.plang, "view.follow", "game", lg.id)
	}
	return img, nil
}

// sameBoard reports whether two boards show the same things (whoever
// they were drawn for).
func sameBoard(a, b *game.Board) bool {
	x, y := *a, *b
	x.Viewer, y.Viewer = game.Nobody, game.Nobody
	jx, err1 := json.Marshal(x)
	jy, err2 := json.Marshal(y)
	return err1 == nil && err2 == nil && bytes.Equal(jx, jy)
}

func (c *call) boardAlt(lg *live) string {
	return fmt.Sprintf("%s · %s · %s", lg.id, lg.meta.Scenario, c.clockTextIn(c.plang, lg.g.State.Clock()))
}

// postImage sends an image: in the room when it is the public view,
// privately to the asker otherwise.
func (c *call) postImage(lg *live, text string, img *Image) {
	if img == nil {
		c.reply(text + "\n" + T(c.lang, "view.no-renderer")).Game = lg.id
		return
	}
	var m *Message
	if img.Side.Valid() {
		m = c.private(lg.id, c.user, text)
	} else {
		m = c.say(lg.id, text)
		m.Ephemeral = true
	}
	m.Images = append(m.Images, *img)
}

// viewer is the side whose view the sender gets: their seat, or Nobody.
func (c *call) viewer(lg *live) game.Side { return lg.seatOf(c.ukey) }

// started refuses views of a game still in the lobby.
func (c *call) started(lg *live) error {
	if lg.meta.Status == storage.StatusOpen {
		return uerr("order.not-started", "game", lg.id)
	}
	return nil
}

func (c *call) board() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if err := c.started(lg); err != nil {
		return err
	}
	var zoom []zoomSpec
	if c.p.args["view"] == "" {
		zoom = append(zoom, follow)
	}
	img, err := c.boardImage(lg, c.viewer(lg), nil, zoom...)
	if err != nil {
		return err
	}
	text := T(c.lang, "view.board", "game", lg.id, "clock", c.clockText(lg.g.State.Clock()))
	if img != nil && img.Cropped {
		text += "\n" + T(c.lang, "view.follow", "game", lg.id)
	}
	c.postImage(lg, text, img)
	return nil
}

// zoomRadius bounds the zoom radius a user may ask for.
const maxZoom = 8

func (c *call) zoom() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if err := c.started(lg); err != nil {
		return err
	}
	at, err := c.cell(lg, c.p.args["hex"])
	if err != nil {
		return err
	}
	radius := 3
	if v := c.p.args["radius"]; v != "" {
		radius, _ = strconv.Atoi(v)
		if radius < 1 || radius > maxZoom {
			return uerr("view.radius", "max", maxZoom)
		}
	}
	img, err := c.boardImage(lg, c.viewer(lg), nil, zoomSpec{center: at, radius: radius})
	if err != nil {
		return err
	}
	c.postImage(lg, T(c.lang, "view.zoom", "game", lg.id, "hex", lg.sc().Map.Label(at), "radius", radius), img)
	return nil
}

// cell reads a hex label of the game's map (a ruleset may have none).
func (c *call) cell(lg *live, w string) (grid.Coord, error) {
	if lg.sc().Map == nil {
		return grid.Coord{}, uerr("view.no-board", "ruleset", lg.g.Rules.Title())
	}
	at, err := lg.sc().Map.Grid.Parse(w)
	if err != nil {
		return grid.Coord{}, uerr("view.bad-hex", "hex", w)
	}
	return at, nil
}

// maxRangeList is how many hexes the range view lists in text (the image
// shows them all).
const maxRangeList = 24

// rangeView shows where a unit may move: the ruleset's Ranger, or the
// unit's legal move destinations when the ruleset has none.
func (c *call) rangeView() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if err := c.started(lg); err != nil {
		return err
	}
	viewer := c.viewer(lg)
	unit := c.p.args["unit"]
	var marks []game.Mark
	if rg, ok := lg.g.Rules.(game.Ranger); ok {
		side := viewer
		if !side.Valid() {
			side = pieceSide(lg, unit)
		}
		marks, err = rg.Range(game.ViewOf(lg.g.Rules, lg.g.State, viewer), side, unit)
		if err != nil {
			if re, ok := game.AsRuleError(err); ok {
				c.reply(ruleErrorText(c.lang, re)).Game = lg.id
				return nil
			}
			return err
		}
	} else {
		marks = legalRange(lg, viewer, unit)
	}
	id := unitID(lg, viewer, unit)
	if len(marks) == 0 {
		c.reply(T(c.lang, "view.range-none", "game", lg.id, "unit", id)).Game = lg.id
		return nil
	}
	var cells []string
	for i, m := range marks {
		if i == maxRangeList {
			cells = append(cells, T(c.lang, "view.more", "count", len(marks)-i))
			break
		}
		s := lg.sc().Map.Label(m.At)
		if m.Label != "" {
			s += " (" + m.Label + ")"
		}
		cells = append(cells, s)
	}
	text := T(c.lang, "view.range", "game", lg.id, "unit", id, "count", len(marks), "cells", strings.Join(cells, ", "))
	img, err := c.boardImage(lg, viewer, func(b *game.Board) { b.Marks = append(b.Marks, marks...) })
	if err != nil {
		return err
	}
	c.postImage(lg, text, img)
	return nil
}

// pieceSide is the side of the unit a spectator asks about.
func pieceSide(lg *live, w string) game.Side {
	for _, p := range game.ViewOf(lg.g.Rules, lg.g.State, game.Nobody).Pieces() {
		if strings.EqualFold(p.ID, w) {
			return p.Side
		}
	}
	return game.Nobody
}

// legalRange is the range view of rulesets without a Ranger: the legal
// move destinations of the unit.
func legalRange(lg *live, side game.Side, unit string) []game.Mark {
	id := unitID(lg, side, unit)
	var out []game.Mark
	if lg.sc().Map == nil {
		return nil
	}
	for _, o := range game.Leaves(game.Legal(lg.g.Rules, lg.g.State, side)) {
		w := game.Words(o)
		if len(w) >= 3 && w[0] == "move" && strings.EqualFold(w[1], id) {
			if at, err := lg.sc().Map.Grid.Parse(w[len(w)-1]); err == nil {
				out = append(out, game.Mark{At: at, Kind: "reach"})
			}
		}
	}
	return out
}

func (c *call) los() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if err := c.started(lg); err != nil {
		return err
	}
	rg, ok := lg.g.Rules.(game.Ranger)
	if !ok {
		return uerr("view.no-los", "ruleset", lg.g.Rules.Title())
	}
	from, to := c.p.args["from"], c.p.args["to"]
	clear, marks, err := rg.LineOfSight(lg.g.State, from, to)
	if err != nil {
		if re, ok := game.AsRuleError(err); ok {
			c.reply(ruleErrorText(c.lang, re)).Game = lg.id
			return nil
		}
		return err
	}
	key := "view.los-clear"
	if !clear {
		key = "view.los-blocked"
	}
	a, _ := c.cell(lg, from)
	b, _ := c.cell(lg, to)
	text := T(c.lang, key, "game", lg.id, "from", lg.sc().Map.Label(a), "to", lg.sc().Map.Label(b))
	img, err := c.boardImage(lg, c.viewer(lg), func(b *game.Board) { b.Marks = append(b.Marks, marks...) })
	if err != nil {
		return err
	}
	c.postImage(lg, text, img)
	return nil
}

// clockText prints where a game stands in the asker's language.
func (c *call) clockText(k game.Clock) string {
	if c.clocks == nil {
		return c.clockTextIn(c.lang, k)
	}
	t, ok := c.clocks[k]
	if !ok {
		t = c.clockTextIn(c.lang, k)
		c.clocks[k] = t
	}
	return t
}

func (c *call) clockTextIn(l Lang, k game.Clock) string {
	phase := T(l, "phase."+k.Phase)
	if strings.HasPrefix(phase, "[") {
		phase = k.Phase
	}
	key := "clock"
	if k.Turns == 0 {
		key = "clock.open" // a game not bounded by a number of turns (Manœuvre)
	}
	if k.Active.Valid() {
		return T(l, key+".side", "turn", k.Turn, "turns", k.Turns, "phase", phase, "side", k.Active)
	}
	return T(l, key, "turn", k.Turn, "turns", k.Turns, "phase", phase)
}

func (c *call) status() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	c.viewReply(lg, func(viewer game.Side) string { return c.statusText(lg, viewer) })
	c.out[len(c.out)-1].status = true
	return nil
}

// viewReply answers the asker with a text built for their side, as an
// ephemeral reply when it shows nothing more than the public view, and
// privately otherwise: a platform without ephemeral replies posts those
// in the room, and a side's view holds its own secrets (a secret set-up,
// face-down identities, a hidden threshold).
func (c *call) viewReply(lg *live, text func(viewer game.Side) string) {
	viewer := c.viewer(lg)
	mine := text(viewer)
	c.reply(mine).Game = lg.id
	if viewer.Valid() && mine != text(game.Nobody) {
		c.privateLast()
	}
}

// privateLast makes the last message a private one to the asker (still
// ephemeral where the platform has that).
func (c *call) privateLast() {
	u := c.user
	c.out[len(c.out)-1].To = &u
}

// statusText is the status of a game as viewer sees it.
func (c *call) statusText(lg *live, viewer game.Side) string {
	l := c.lang
	title := lg.meta.Scenario
	if lg.g != nil {
		title = fmt.Sprintf("%s — %s (%s)", lg.g.Rules.Title(), lg.sc().Title, lg.meta.Scenario)
	}
	lines := []string{fmt.Sprintf("%s · %s", lg.id, title)}
	seat := func(s game.Side) string {
		if u := lg.meta.Seats[s]; u != "" {
			return c.a.userOf(u).Display()
		}
		if u := lg.x.Invited[s]; u != "" {
			return T(l, "status.invited", "user", c.a.userOf(u).Display())
		}
		return T(l, "status.free")
	}
	lines = append(lines, T(l, "status.seats", "a", seat(game.SideA), "b", seat(game.SideB)))
	switch {
	case lg.meta.Status == storage.StatusOpen:
		lines = append(lines, T(l, "status.open"))
	case lg.meta.Status.Ended():
		lines = append(lines, T(l, "status.over", "result", c.resultText(lg)))
	default:
		st := game.ViewOf(lg.g.Rules, lg.g.State, viewer)
		lines = append(lines, c.clockText(st.Clock()))
		for _, side := range game.Waiting(st) {
			what := T(l, "status.to-play")
			for _, d := range st.Pending() {
				if d.Side == side {
					what = promptText(l, d)
					break
				}
			}
			lines = append(lines, T(l, "status.waiting", "side", side, "user", c.a.userOf(lg.meta.Seats[side]).Display(), "what", what))
		}
		if lg.x.DrawOffer != "" {
			lines = append(lines, T(l, "status.draw-offer", "side", lg.x.DrawOffer))
		}
		if ask := lg.x.UndoAsk; ask != nil && ask.Seq == lg.g.Seq {
			lines = append(lines, T(l, "status.undo-ask", "side", ask.Side, "seq", ask.Seq))
		}
		lines = append(lines, c.clockLines(l, lg, c.a.zoneOf(c.ukey, c.room))...)
	}
	if lg.g != nil && lg.meta.Status != storage.StatusOpen {
		// The score as the asker's view has it: a side's secret total
		// (face-down strengths, a hidden threshold) stays its own.
		lines = append(lines, c.scoreLines(l, game.ViewOf(lg.g.Rules, lg.g.State, viewer).Outcome())...)
	}
	lines = append(lines, T(l, "status.dice", "rolls", lg.meta.Rolls, "commitment", lg.meta.Commitment))
	if lg.meta.Seed != "" {
		lines = append(lines, T(l, "status.seed", "seed", lg.meta.Seed))
	}
	return strings.Join(lines, "\n")
}

// scoreLines prints a score with its breakdown.
func (c *call) scoreLines(l Lang, o game.Outcome) []string {
	out := []string{T(l, "score", "a", o.Score[game.SideA], "b", o.Score[game.SideB])}
	for _, ln := range o.Lines {
		out = append(out, fmt.Sprintf("  %s · %s: %d", ln.Side, msgText(l, ln.ItemMsg, ln.Item), ln.Points))
	}
	if o.Rule != "" {
		out[0] += " (" + o.Rule + ")"
	}
	return out
}

func (c *call) units() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if err := c.started(lg); err != nil {
		return err
	}
	viewer := c.viewer(lg)
	only := game.Nobody
	if s := c.p.args["side"]; s != "" {
		only, _ = game.ParseSide(s)
	}
	l := c.lang
	title := T(l, "units.title", "game", lg.id)
	if viewer.Valid() {
		title = T(l, "units.title-side", "game", lg.id, "side", viewer)
	}
	lines := c.unitLines(lg, viewer, only)
	c.reply(title + "\n" + strings.Join(lines, "\n")).Game = lg.id
	if viewer.Valid() && !slices.Equal(lines, c.unitLines(lg, game.Nobody, only)) {
		c.privateLast() // the side's view: its own secrets
	}
	return nil
}

// unitLines lists the units as viewer sees them (only: one side's).
func (c *call) unitLines(lg *live, viewer, only game.Side) []string {
	return c.unitLinesOf(lg.g.Rules, lg.g.State, viewer, only)
}

// unitLinesOf lists the units of a state as viewer sees them.
func (c *call) unitLinesOf(r game.Ruleset, st game.State, viewer, only game.Side) []string {
	l := c.lang
	var lines []string
	for _, p := range game.ViewOf(r, st, viewer).Pieces() {
		if only.Valid() && p.Side != only {
			continue
		}
		name := p.ID
		if p.Name != "" {
			name += " " + p.Name
		}
		where := p.Hex
		if p.Status != game.StatusActive || where == "" {
			st := T(l, "unit."+p.Status)
			if strings.HasPrefix(st, "[") {
				st = p.Status
			}
			if where != "" {
				st = where + " (" + st + ")"
			}
			where = st
		}
		arm := T(l, "arm."+p.Type)
		if strings.HasPrefix(arm, "[") {
			// A ruleset may name its own types ("arm.INF_H_MUSKET").
			if t, ok := game.Template(string(l), "arm."+p.Type); ok && p.Type != "" {
				arm = t
			} else {
				arm = p.Type
			}
		}
		lines = append(lines, fmt.Sprintf("  %s · %s %s · %s", name, arm, p.Values, where))
	}
	return append(lines, c.zoneLines(r, st, viewer, only)...)
}

// zoneLines lists the places that are not cells (hands, decks, discard
// piles, the cards in play) as viewer sees them: the cards of the zones
// it may see, the count of the others.
func (c *call) zoneLines(r game.Ruleset, st game.State, viewer, only game.Side) []string {
	l := c.lang
	var lines []string
	for _, z := range game.ZonesOf(game.ViewOf(r, st, viewer), viewer) {
		if only.Valid() && z.Side != only || z.Count == 0 && len(z.Items) == 0 {
			continue
		}
		name := T(l, "zone."+z.Name)
		if strings.HasPrefix(name, "[") {
			name = z.Name
		}
		line := fmt.Sprintf("  %s %s · %d", name, z.Side, z.Count)
		if len(z.Items) > 0 {
			items := make([]string, len(z.Items))
			for i := range z.Items {
				items[i] = z.Item(i)
			}
			line += ": " + strings.Join(items, ", ")
		}
		lines = append(lines, line)
	}
	return lines
}

// history lists the last orders, with the undos in their place. Orders
// whose events the asker may not see are shown without their text.
func (c *call) history() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	n := 10
	if v := c.p.args["count"]; v != "" {
		n, _ = strconv.Atoi(v)
	}
	if n < 1 {
		n = 1
	}
	undos, err := c.a.undoNotes(lg.id)
	if err != nil {
		return err
	}
	viewer := c.viewer(lg)
	if lg.meta.Status.Ended() {
		viewer = game.Nobody // everything is public once the game is over …
	}
	lines := c.historyLines(lg, viewer, undos)
	if len(lines) == 0 {
		c.reply(T(c.lang, "history.empty", "game", lg.id)).Game = lg.id
		return nil
	}
	err = c.page(lg.id, T(c.lang, "history.title", "game", lg.id), lines, n, c.pageArg(), true,
		func(k int) string { return fmt.Sprintf("%s history %d page %d", lg.id, n, k) })
	if err == nil && viewer.Valid() && !slices.Equal(lines, c.historyLines(lg, game.Nobody, undos)) {
		c.privateLast() // the side's own secret orders are in it
	}
	return err
}

// historyLines is the history as viewer may read it, the undos in their
// place.
func (c *call) historyLines(lg *live, viewer game.Side, undos []undoNote) []string {
	items := c.historyItems(lg, viewer, undos)
	lines := make([]string, len(items))
	for i, it := range items {
		lines[i] = it.Text
	}
	return lines
}

// historyItems is historyLines with each line's record (the web view
// links every record to its step of the replay).
func (c *call) historyItems(lg *live, viewer game.Side, undos []undoNote) []HistoryItem {
	l := c.lang
	var lines []HistoryItem
	notes := func(after int) {
		for _, u := range undos {
			if u.AfterSeq != after {
				continue
			}
			key := "history.undo-free"
			if u.Consent != "" {
				key = "history.undo-consent"
			}
			text := u.Text
			if u.Secret && u.Side != viewer && !lg.meta.Status.Ended() {
				text = T(l, "order.secret")
			}
			lines = append(lines, HistoryItem{Seq: after, Undo: true, Text: T(l, key, "seq", u.Seq, "side", u.Side, "order", text,
				"user", c.a.userOf(u.By).Display(), "consent", c.a.userOf(u.Consent).Display())})
		}
	}
	notes(0)
	for i, rec := range lg.recs {
		var text []string
		for _, e := range rec.Events {
			if line := eventText(l, e); line != "" && (game.VisibleTo(e, viewer) || lg.meta.Status.Ended()) {
				text = append(text, line)
			}
		}
		order := rec.Command.String()
		if !game.RecordAudience(rec).Allows(viewer) && !lg.meta.Status.Ended() {
			order = T(l, "order.secret")
		}
		who := rec.Command.Side.String()
		if a := lg.info[i].Actor; a != "" {
			who += " (" + c.a.userOf(a).Display() + ")"
		}
		line := fmt.Sprintf("#%d %s · %s · %s", rec.Seq, c.clockText(rec.Clock), who, order)
		if len(text) > 0 {
			line += " — " + strings.Join(text, "; ")
		}
		lines = append(lines, HistoryItem{Seq: rec.Seq, Text: line})
		notes(rec.Seq)
	}
	return lines
}
