package bot

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// playable refuses orders for a game that is not being played.
func (c *call) playable(lg *live) error {
	switch {
	case lg.meta.Status == storage.StatusOpen:
		return uerr("order.not-started", "game", lg.id)
	case lg.meta.Status.Ended():
		return uerr("game.over", "game", lg.id)
	}
	return nil
}

// seat returns the side the sender plays in the game, refusing
// spectators.
func (c *call) seat(lg *live) (game.Side, error) {
	side := lg.seatOf(c.ukey)
	if !side.Valid() {
		return game.Nobody, uerr("order.spectator", "game", lg.id)
	}
	return side, nil
}

// order hands a game order from a seated player to the ruleset.
func (c *call) order() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if err := c.playable(lg); err != nil {
		return err
	}
	side, err := c.seat(lg)
	if err != nil {
		return err
	}
	return c.apply(lg, side, c.p.order, c.ukey, "")
}

// choose answers the sender's pending decision by number.
func (c *call) choose() error {
	lg, side, err := c.myGame()
	if err != nil {
		return err
	}
	if stale, err := c.staleChoice(lg, side); stale || err != nil {
		return err
	}
	return c.apply(lg, side, "choose "+c.p.args["number"], c.ukey, "")
}

// apply decides an order with the game's dice, stores it and narrates it.
// adjudicator, when set, is the admin who gave it for side.
func (c *call) apply(lg *live, side game.Side, text, actor, adjudicator string) error {
	if lg.seed == nil {
		return uerr("order.no-seed", "game", lg.id)
	}
	for attempt := 0; ; attempt++ {
		cmd, err := game.ParseCommand(side, text)
		if err == nil {
			cmd, err = game.ResolveChoice(lg.g.State, cmd)
		}
		if err != nil {
			return c.refuseUnlessTaken(lg, side, text, err)
		}
		before := lg.g.State
		rec, err := lg.g.Apply(text, cmd, c.a.cfg.Dice(lg.id, lg.seed, lg.g.Rolls))
		if err != nil {
			if _, ok := game.AsRuleError(err); ok {
				return c.refuseUnlessTaken(lg, side, text, err)
			}
			return internal("game %s: %s: %w", lg.id, text, err)
		}
		err = c.a.store.AppendEntry(lg.id, rec.Seq-1, storage.Entry{Record: rec, Actor: actor, Interaction: c.req.InteractionID, State: lg.g.State})
		if err != nil {
			lg.invalidate()
			switch {
			case errors.Is(err, storage.ErrDuplicate):
				// This interaction's order is stored already (a retry
				// after the store failed to answer, a delivery again).
				c.reply(T(c.lang, "order.duplicate", "game", lg.id))
				return nil
			case errors.Is(err, storage.ErrConflict) && attempt == 0:
				if err := c.a.load(lg); err != nil {
					return err
				}
				continue
			case errors.Is(err, storage.ErrEnded):
				return uerr("game.over", "game", lg.id)
			}
			return err
		}
		if adjudicator == "" && actor == lg.meta.Seats[side] {
			c.answered(lg, side) // before the pings of afterChange
		}
		lg.recs = append(lg.recs, rec)
		lg.info = append(lg.info, recInfo{Time: c.now, Actor: actor})
		c.accepted++
		lg.meta.Seq, lg.meta.Rolls = rec.Seq, lg.g.Rolls
		if lg.g.State.Outcome().Over {
			if meta, err := c.a.store.Meta(lg.id); err == nil {
				lg.meta = meta
			} else {
				lg.invalidate()
			}
		}
		c.narrate(lg, rec, adjudicator)
		c.afterChange(lg, before)
		return nil
	}
}

// interactions is a store's index of the interactions stored with their
// orders (both backends).
type interactions interface {
	Interaction(id string) (gameID string, seq int, ok bool, err error)
}

// refuseUnlessTaken refuses an order the rules refuse, unless the
// request's interaction is stored already with an order of this game:
// then the order was taken before and its retry (the store failed to
// answer the first time, or another process took it) is told so rather
// than refused by the game it changed.
func (c *call) refuseUnlessTaken(lg *live, side game.Side, text string, err error) error {
	if ix, ok := c.a.store.(interactions); ok && c.req.InteractionID != "" {
		if g, _, found, ierr := ix.Interaction(c.req.InteractionID); ierr == nil && found && g == lg.id {
			c.reply(T(c.lang, "order.duplicate", "game", lg.id))
			return nil
		}
	}
	return c.refuse(lg, side, text, err)
}

// narrate reports an accepted order: its events, one line each, with the
// factors and rule ids the ruleset wrote. Secret events go to their
// owner only, with the owner's view of the board: the order's side, and
// the other side when the order made secret events of its (a deal that
// draws both hands).
func (c *call) narrate(lg *live, rec game.Record, adjudicator string) {
	l := c.plang
	side := rec.Command.Side
	var pub []string
	priv := map[game.Side][]game.Event{}
	// Public lines in the room's language; the owners' secret lines are
	// written below in theirs.
	for _, e := range rec.Events {
		if eventText(l, e) == "" {
			continue
		}
		if game.VisibleTo(e, game.Nobody) {
			pub = append(pub, eventText(l, e))
			continue
		}
		for _, s := range game.Sides {
			if game.VisibleTo(e, s) {
				priv[s] = append(priv[s], e)
			}
		}
	}
	who := side.String()
	if u := lg.meta.Seats[side]; u != "" {
		who += " (" + c.a.userOf(u).Display() + ")"
	}
	order := rec.Command.String()
	if len(priv[side]) > 0 || !game.RecordAudience(rec).Public() {
		order = T(l, "order.secret") // the order tells what its secret events do
	}
	head := T(l, "order.accepted", "game", lg.id, "who", who, "order", order)
	switch adjudicator {
	case "":
	case autoEarly:
		head = T(l, "order.auto-early", "game", lg.id, "who", who, "order", order)
	case autoExpired:
		head = T(l, "order.auto-expired", "game", lg.id, "who", who, "order", order)
	default:
		head = T(l, "order.adjudicated", "game", lg.id, "who", who, "order", order, "admin", c.a.userOf(adjudicator).Display())
	}
	lines := []string{head}
	for _, p := range pub {
		lines = append(lines, "  "+p)
	}
	c.say(lg.id, strings.Join(lines, "\n"))
	for _, s := range []game.Side{side, side.Other()} {
		u := lg.meta.Seats[s]
		if len(priv[s]) == 0 || u == "" {
			continue
		}
		pl := c.a.langOf(u, c.room)
		lines := make([]string, len(priv[s]))
		for i, e := range priv[s] {
			lines[i] = eventText(pl, e)
		}
		head := T(pl, "order.secret-done", "game", lg.id, "order", rec.Command.String())
		if s != side {
			head = T(pl, "order.secret-other", "game", lg.id, "who", who)
		}
		m := c.private(lg.id, c.a.userOf(u), head+"\n  "+strings.Join(lines, "\n  "))
		if img, err := c.boardImage(lg, s, nil, follow); err == nil && img != nil {
			m.Images = append(m.Images, *img)
		}
	}
}

// afterChange posts what follows a change of the game: the public board
// when a phase ended, the final result, and a ping to each player whose
// obligation changed. before is nil when the game has just started.
func (c *call) afterChange(lg *live, before game.State) {
	after := lg.g.State
	over := after.Outcome().Over
	if !over {
		// Before the board is drawn: its legend shows the new deadline.
		c.syncClock(lg)
	}
	if before != nil && (before.Clock() != after.Clock() || over) {
		if img, err := c.boardImage(lg, game.Nobody, nil, zoomSpec{follow: true, before: before}); err == nil && img != nil {
			c.attach(lg.id, *img)
		} else if err != nil && !isUserError(err) {
			c.a.log.Warn("bot: board image failed", "game", lg.id, "err", err)
		}
	}
	if over {
		c.finalMessage(lg)
		return
	}
	if c.earlyEnd(lg, before) {
		return
	}
	for _, side := range game.Waiting(after) {
		if before != nil && waitSig(before, side) == waitSig(after, side) {
			continue
		}
		c.ping(lg, side)
	}
}

func isUserError(err error) bool {
	var ue *userError
	return errors.As(err, &ue)
}

// attach adds an image to the last public message about the game.
func (c *call) attach(gameID string, img Image) {
	for i := len(c.out) - 1; i >= 0; i-- {
		if m := &c.out[i]; m.Game == gameID && m.To == nil && !m.Ephemeral {
			m.Images = append(m.Images, img)
			return
		}
	}
	c.say(gameID, "").Images = []Image{img}
}

// waitSig says what side is waiting on: a decision, its turn, or nothing.
func waitSig(s game.State, side game.Side) string {
	for _, d := range s.Pending() {
		if d.Side == side {
			return fmt.Sprintf("d:%s|%s|%d", d.ID, d.Prompt, len(d.Options))
		}
	}
	if k := s.Clock(); k.Active == side && len(s.Pending()) == 0 {
		return fmt.Sprintf("t:%d:%s", k.Turn, k.Phase)
	}
	return ""
}

// ping tells the player of side, and only them, what the game waits for.
func (c *call) ping(lg *live, side game.Side) {
	user := lg.meta.Seats[side]
	if user == "" || c.mute[side] {
		return
	}
	l := c.plang
	var dec *game.Decision
	for _, d := range lg.g.State.Pending() {
		if d.Side == side {
			dec = &d
			break
		}
	}
	if dec == nil {
		m := c.say(lg.id, "")
		m.Text = T(l, "ping.turn", "user", m.mention(c.a.userOf(user)), "game", lg.id, "clock", c.clockTextIn(l, lg.g.State.Clock()))
		c.shapePing(lg, side, m)
		return
	}
	// A decision whose options the public view does not show is sent
	// privately (hidden information); the room only hears who must act.
	public := false
	for _, d := range game.ViewOf(lg.g.Rules, lg.g.State, game.Nobody).Pending() {
		if d.ID == dec.ID && slices.EqualFunc(d.Options, dec.Options, func(a, b game.Option) bool { return a.Command == b.Command }) {
			public = true
		}
	}
	c.shownInPing(lg, side, *dec)
	text := c.decisionText(l, lg, *dec)
	var m *Message
	if public {
		m = c.say(lg.id, "")
	} else {
		c.say(lg.id, "").Text = T(l, "ping.private", "game", lg.id, "side", side)
		m = c.private(lg.id, c.a.userOf(user), "")
		l = c.a.langOf(user, c.room)
		text = c.decisionText(l, lg, *dec)
	}
	m.Text = T(l, "ping.decision", "user", m.mention(c.a.userOf(user)), "game", lg.id, "side", side) + "\n" + text
	for i, o := range dec.Options {
		m.Choices = append(m.Choices, Choice{Label: fmt.Sprintf("%d. %s", i+1, labelText(l, o)), Command: fmt.Sprintf("%s choose %d", lg.id, i+1)})
	}
	c.shapePing(lg, side, m)
}

// decisionText is a decision's prompt and numbered options.
func (c *call) decisionText(l Lang, lg *live, d game.Decision) string {
	head := promptText(l, d)
	if d.Rule != "" {
		head += " (" + d.Rule + ")"
	}
	lines := []string{head}
	for i, o := range d.Options {
		s := fmt.Sprintf("  %d. %s", i+1, labelText(l, o))
		if o.Command != "" && o.Command != o.Label {
			s += " — `" + o.Command + "`"
		}
		if i == d.Default {
			s += " " + T(l, "word.default")
		}
		lines = append(lines, s)
	}
	lines = append(lines, T(l, "ping.answer", "game", lg.id))
	return strings.Join(lines, "\n")
}

// refuse explains a refused order: the rule, the reason, and the nearest
// legal alternatives. A refused order and its refusal belong to the one
// who typed it (game.RefusalAudience): the refusal is a private message,
// which a platform with ephemeral replies shows as one, so the tried
// hexes and the reason (which can name a hex of a secret set-up or what
// a face-down unit is) never reach the room.
func (c *call) refuse(lg *live, side game.Side, text string, err error) error {
	re, ok := game.AsRuleError(err)
	if !ok {
		return err
	}
	if w := game.Words(text); len(w) == 1 && strings.EqualFold(w[0], "end") &&
		(re.Code == game.CodeWrongSide || re.Code == game.CodeWrongPhase) &&
		!slices.Contains(game.Waiting(lg.g.State), side) && c.hadPhase(lg, side) {
		// The phase ended already: on its own (nothing left to do in it),
		// at its deadline, or by an earlier end. Not a mistake to refuse.
		c.reply(T(c.lang, "end.already", "game", lg.id, "clock", c.clockText(lg.g.State.Clock())))
		return nil
	}
	c.refused++
	lines := []string{T(c.lang, "order.refused", "game", lg.id, "order", strings.Join(game.Words(text), " ")), ruleErrorText(c.lang, re)}
	if alts := alternatives(lg, side, text, re.Code); len(alts) > 0 {
		for i := range alts {
			alts[i] = "`" + alts[i] + "`"
		}
		lines = append(lines, T(c.lang, "order.alternatives", "list", strings.Join(alts, ", ")))
	}
	c.private(lg.id, c.user, strings.Join(lines, "\n")).Ephemeral = true
	return nil
}

// hadPhase reports whether side has already been the active side of a
// phase of lg (a phase of its own that is now over).
func (c *call) hadPhase(lg *live, side game.Side) bool {
	entries, err := c.a.store.Records(lg.id, 1)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(entries, func(e storage.LogEntry) bool { return e.Clock.Active == side })
}

// maxAlternatives is how many legal orders a refusal suggests.
const maxAlternatives = 3

// alternatives lists the legal orders nearest to a refused one: for a
// move, the unit's legal destinations nearest the hex asked for; for a
// combat, the declarations sharing most units with it; otherwise the
// legal orders with the same verb (any legal order for an unknown verb).
func alternatives(lg *live, side game.Side, text, code string) []string {
	legal := lg.legal(side)
	if len(legal) == 0 {
		return nil
	}
	words := game.Words(text)
	if len(words) == 0 {
		return nil
	}
	verb := strings.ToLower(words[0])
	var same []string
	for _, o := range legal {
		if w := game.Words(o); len(w) > 0 && w[0] == verb {
			same = append(same, o)
		}
	}
	// Orders of the unit named, when one is: another unit's orders are no
	// answer to what was typed.
	unit, named := "", false
	if len(words) >= 2 {
		unit, named = unitOf(lg, side, words[1])
	}
	var mine []string
	for _, o := range same {
		if w := game.Words(o); named && len(w) >= 2 && strings.EqualFold(w[1], unit) {
			mine = append(mine, o)
		}
	}
	switch {
	case verb == "move" && len(words) >= 2 && lg.sc().Map != nil:
		if !named {
			return nil
		}
		g := lg.sc().Map.Grid
		if to, err := g.Parse(words[len(words)-1]); err == nil && len(mine) > 0 {
			dist := func(o string) int {
				w := game.Words(o)
				c, err := g.Parse(w[len(w)-1])
				if err != nil {
					return 1 << 30
				}
				return g.Distance(c, to)
			}
			sort.SliceStable(mine, func(i, j int) bool { return dist(mine[i]) < dist(mine[j]) })
		}
		return first(mine, maxAlternatives)
	case verb == "attack" || verb == "bombard":
		asked := map[string]bool{}
		for _, w := range words[1:] {
			asked[strings.ToUpper(unitID(lg, side, w))] = true
		}
		score := func(o string) int {
			n := 0
			for _, w := range game.Words(o)[1:] {
				if asked[strings.ToUpper(w)] {
					n++
				}
			}
			return n
		}
		var scored []string
		for _, o := range same {
			if score(o) > 0 {
				scored = append(scored, o)
			}
		}
		sort.SliceStable(scored, func(i, j int) bool { return score(scored[i]) > score(scored[j]) })
		return first(scored, maxAlternatives)
	case named:
		return first(mine, maxAlternatives)
	}
	if len(same) > 0 {
		return first(same, maxAlternatives)
	}
	if code == game.CodeUnknownVerb {
		return first(legal, maxAlternatives)
	}
	return nil
}

// unitID resolves a unit word (id or counter name) to the unit's id.
func unitID(lg *live, side game.Side, w string) string {
	id, _ := unitOf(lg, side, w)
	return id
}

// unitOf resolves a unit word (id or counter name) to the unit's id, and
// reports whether it names a unit at all (w itself otherwise).
func unitOf(lg *live, side game.Side, w string) (string, bool) {
	pieces := game.ViewOf(lg.g.Rules, lg.g.State, side).Pieces()
	for _, p := range pieces {
		if strings.EqualFold(p.ID, w) {
			return p.ID, true
		}
	}
	for _, p := range pieces {
		if p.Side == side && strings.EqualFold(p.Name, w) {
			return p.ID, true
		}
	}
	return w, false
}

func first(s []string, n int) []string {
	if len(s) > n {
		s = s[:n]
	}
	return slices.Clone(s)
}

// myGame finds the sender's game, checks that it can still be played and
// returns the sender's side in it: the first steps of every player order.
func (c *call) myGame() (*live, game.Side, error) {
	lg, err := c.game(pickMine)
	if err != nil {
		return nil, game.Nobody, err
	}
	if err := c.playable(lg); err != nil {
		return nil, game.Nobody, err
	}
	side, err := c.seat(lg)
	if err != nil {
		return nil, game.Nobody, err
	}
	return lg, side, nil
}
