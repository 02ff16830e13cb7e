package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/storage"
)

// mentionID reads a mention as typed into the user's platform id.
func (c *call) mentionID(word string) (string, bool) {
	if c.lim.Mention != nil {
		return c.lim.Mention(word)
	}
	id := strings.TrimPrefix(word, "@")
	return id, id != ""
}

// parseOptions reads "name=value name=value".
func parseOptions(s string) (game.Options, error) {
	opts := game.Options{}
	for _, w := range strings.Fields(s) {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" || v == "" {
			return nil, uerr("new.bad-option", "word", w)
		}
		opts[strings.ToLower(k)] = v
	}
	return opts, nil
}

// setUp resolves the scenario a new game plays (game.SetUp), with the
// set-up dice of its seed; the store keeps the result with the game.
func setUp(r game.Ruleset, sc *game.Scenario, opts game.Options, seed []byte) (*game.Scenario, error) {
	if _, ok := r.(game.SetUpper); !ok {
		return sc, nil
	}
	out, err := game.SetUp(r, sc, opts, dice.SetUpDice(seed))
	if err != nil {
		return nil, internal("scenario %s: set-up: %w", sc.ID, err)
	}
	if _, err := game.Start(r, out, opts); err != nil {
		return nil, internal("scenario %s does not start after set-up: %w", sc.ID, err)
	}
	return out, nil
}

// startable checks that sc starts with opts: after a set-up settled by a
// fixed stream of dice when the ruleset has one (the game's own set-up
// uses its seed, setUp), so that a scenario whose set-up rolls (the first
// player, random map sections) is checked as it will be played.
func startable(r game.Ruleset, sc *game.Scenario, opts game.Options) error {
	if _, ok := r.(game.SetUpper); ok {
		out, err := game.SetUp(r, sc, opts, dice.SetUpDice([]byte("startable")))
		if err != nil {
			return err
		}
		sc = out
	}
	_, err := game.Start(r, sc, opts)
	return err
}

// newGame: new <scenario> [vs @user] [side A|B|random] [name=value…].
func (c *call) newGame() error {
	scID := strings.ToLower(c.p.args["scenario"])
	sc, err := c.a.scenario(scID)
	if err != nil {
		var ids []string
		for _, in := range c.a.scenarioInfos() {
			ids = append(ids, in.ID)
		}
		return uerr("new.unknown-scenario", "scenario", scID, "list", strings.Join(ids, ", "))
	}
	if err := c.offered(sc.Ruleset); err != nil {
		return err
	}
	r, err := c.a.ruleset(sc.Ruleset)
	if err != nil {
		return err
	}
	opts, err := parseOptions(c.p.args["options"])
	if err != nil {
		return err
	}
	pace, err := c.paceOption(opts)
	if err != nil {
		return err
	}
	phase, err := c.newDeadline(opts, sc.ID)
	if err != nil {
		return err
	}
	if err := startable(r, sc, opts); err != nil {
		if _, ok := game.AsRuleError(err); ok {
			return err
		}
		return internal("scenario %s does not start: %w", sc.ID, err)
	}
	var opponent string
	if w := c.p.args["opponent"]; w != "" {
		id, ok := c.mentionID(w)
		if !ok {
			return uerr("new.bad-user", "user", w)
		}
		opponent = userKey(c.req.Platform, id)
		if opponent == c.ukey {
			return uerr("new.self")
		}
	}
	if err := c.openLimits(opponent); err != nil {
		return err
	}
	seed := c.a.cfg.NewSeed()
	if sc, err = setUp(r, sc, opts, seed); err != nil {
		return err
	}
	side := game.SideA
	switch c.p.args["side"] {
	case "B":
		side = game.SideB
	case "random":
		// The commitment's first digit decides: random, and checkable by
		// anyone once the game starts.
		if strings.IndexByte("02468ace", dice.Commitment(seed)[0]) < 0 {
			side = game.SideB
		}
	}
	meta := storage.GameMeta{
		Ruleset: r.Name(), RulesetVersion: r.Version(), Scenario: sc.ID, ScenarioHash: sc.Hash,
		Title: sc.Title, Options: opts, Seats: map[game.Side]string{side: c.ukey},
		Rooms: []string{c.room}, Status: storage.StatusOpen,
	}
	if len(opts) == 0 {
		meta.Options = nil
	}
	meta, err = c.a.store.CreateGame(meta, sc, seed)
	if err != nil {
		return err
	}
	x := extra{Creator: c.ukey}
	if opponent != "" {
		x.Invited = map[game.Side]string{side.Other(): opponent}
	}
	lg := &live{id: meta.ID, x: x}
	if err := c.a.saveExtra(lg); err != nil {
		return err
	}
	if pace != "" {
		err = c.a.newPacedClock(meta.ID, pace)
	} else {
		err = c.a.newClock(meta.ID, phase, "")
	}
	if err != nil {
		return err
	}
	l := c.plang
	title := fmt.Sprintf("%s — %s (%s, %s)", r.Title(), sc.Title, sc.ID, turnsText(l, sc.Turns))
	m := c.say(meta.ID, "")
	me := m.mention(c.user)
	if opponent != "" {
		them := m.mention(c.a.userOf(opponent))
		m.Text = T(l, "new.challenge", "game", meta.ID, "creator", me, "opponent", them, "title", title,
			"side", side, "other", side.Other())
		m.Choices = []Choice{{Label: T(l, "word.accept"), Command: meta.ID + " accept"}, {Label: T(l, "word.decline"), Command: meta.ID + " decline"}}
	} else {
		m.Text = T(l, "new.open", "game", meta.ID, "creator", me, "title", title, "side", side, "other", side.Other())
		m.Choices = []Choice{{Label: T(l, "word.join"), Command: meta.ID + " join"}}
	}
	if len(opts) > 0 {
		m.Text += "\n" + T(l, "new.options", "options", optionsText(opts))
	}
	if pace != "" {
		m.Text += "\n" + paceNote(l, pace)
	} else if note := c.a.deadlineNote(l, phase); note != "" {
		m.Text += "\n" + note
	}
	m.NewThread = fmt.Sprintf("%s · %s", meta.ID, sc.ID)
	return nil
}

// openLimits refuses a new game when the asker, the room or the
// challenged user already has as many games waiting for players as the
// flood limits allow (Config.Flood).
func (c *call) openLimits(opponent string) error {
	f := c.a.cfg.Flood
	countOpen := func(ids []string) (int, error) {
		n := 0
		for _, id := range ids {
			m, err := c.a.store.Meta(id)
			if err != nil {
				return 0, err
			}
			if m.Status == storage.StatusOpen {
				n++
			}
		}
		return n, nil
	}
	ids, err := c.a.store.GamesOfPlayer(c.ukey)
	if err != nil {
		return err
	}
	if n, err := countOpen(ids); err != nil {
		return err
	} else if n >= f.UserOpenGames {
		return uerr("limit.user-open", "count", n, "max", f.UserOpenGames)
	}
	if ids, err = c.a.store.GamesInRoom(c.room); err != nil {
		return err
	}
	if n, err := countOpen(ids); err != nil {
		return err
	} else if n >= f.RoomOpenGames {
		return uerr("limit.room-open", "count", n, "max", f.RoomOpenGames)
	}
	if opponent == "" {
		return nil
	}
	n := 0
	for after := ""; ; {
		metas, err := c.a.store.Games(after, 500)
		if err != nil {
			return err
		}
		if len(metas) == 0 {
			break
		}
		for _, m := range metas {
			after = m.ID
			if m.Status != storage.StatusOpen {
				continue
			}
			x, err := c.a.readExtra(m.ID)
			if err != nil {
				return err
			}
			for _, u := range x.Invited {
				if u == opponent {
					n++
				}
			}
		}
	}
	if n >= f.Invitations {
		return uerr("limit.invites", "user", c.a.userOf(opponent).Display(), "count", n, "max", f.Invitations)
	}
	return nil
}

func optionsText(o game.Options) string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+o[k])
	}
	return strings.Join(parts, " ")
}

// join takes the free seat of an open challenge.
func (c *call) join() error {
	lg, err := c.game(pickJoin)
	if err != nil {
		return err
	}
	if lg.meta.Status != storage.StatusOpen {
		return uerr("lobby.started", "game", lg.id)
	}
	if lg.seatOf(c.ukey).Valid() {
		if len(lg.x.Invited) > 0 {
			return uerr("join.own-challenge", "game", lg.id)
		}
		return uerr("join.already", "game", lg.id)
	}
	if len(lg.x.Invited) > 0 {
		return uerr("join.invited-only", "game", lg.id)
	}
	side := freeSeat(lg.meta)
	if !side.Valid() {
		return uerr("join.full", "game", lg.id)
	}
	return c.seatAndStart(lg, side)
}

func freeSeat(m storage.GameMeta) game.Side {
	for _, s := range game.Sides {
		if m.Seats[s] == "" {
			return s
		}
	}
	return game.Nobody
}

// accept takes the seat a challenge offers the sender.
func (c *call) accept() error {
	lg, err := c.game(pickInvited)
	if err != nil {
		return err
	}
	if lg.meta.Status != storage.StatusOpen {
		return uerr("lobby.started", "game", lg.id)
	}
	for side, u := range lg.x.Invited {
		if u == c.ukey {
			delete(lg.x.Invited, side)
			return c.seatAndStart(lg, side)
		}
	}
	return uerr("accept.not-invited", "game", lg.id)
}

// seatAndStart seats the sender and starts the game once both seats are
// taken.
func (c *call) seatAndStart(lg *live, side game.Side) error {
	meta, err := c.a.store.SetSeat(lg.id, side, c.ukey)
	if err != nil {
		lg.invalidate()
		return err
	}
	lg.meta = meta
	if err := c.a.saveExtra(lg); err != nil {
		lg.invalidate()
		return err
	}
	if freeSeat(meta).Valid() {
		m := c.say(lg.id, "")
		m.Text = T(c.plang, "join.seated", "game", lg.id, "user", m.mention(c.user), "side", side)
		return nil
	}
	meta, err = c.a.store.SetStatus(lg.id, storage.StatusActive)
	if err != nil {
		lg.invalidate()
		return err
	}
	lg.meta = meta
	l := c.plang
	m := c.say(lg.id, "")
	m.Text = T(l, "game.started", "game", lg.id, "a", m.mention(c.a.userOf(meta.Seats[game.SideA])),
		"b", m.mention(c.a.userOf(meta.Seats[game.SideB])), "commitment", meta.Commitment)
	c.afterChange(lg, nil)
	return nil
}

// decline refuses a challenge: the game is abandoned.
func (c *call) decline() error {
	lg, err := c.game(pickInvited)
	if err != nil {
		return err
	}
	if lg.meta.Status != storage.StatusOpen {
		return uerr("lobby.started", "game", lg.id)
	}
	invited := false
	for _, u := range lg.x.Invited {
		invited = invited || u == c.ukey
	}
	if !invited {
		return uerr("accept.not-invited", "game", lg.id)
	}
	if err := c.endByHand(lg, handResult{Kind: "decline", Winner: game.Nobody, By: c.ukey}); err != nil {
		return err
	}
	m := c.say(lg.id, "")
	m.Text = T(c.plang, "decline.done", "game", lg.id, "user", m.mention(c.user), "creator", m.mention(c.a.userOf(lg.x.Creator)))
	return nil
}

// abort cancels a game: its creator before it starts, an admin any time.
func (c *call) abort() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if lg.meta.Status.Ended() {
		return uerr("game.over", "game", lg.id)
	}
	creator := lg.x.Creator == c.ukey
	switch {
	case lg.meta.Status == storage.StatusOpen && creator:
	case c.req.IsAdmin || c.a.operator(c.ukey):
		if _, err := c.gameAdmin(lg); err != nil {
			return err
		}
	case lg.meta.Status == storage.StatusOpen:
		return uerr("abort.not-creator", "game", lg.id)
	default:
		return uerr("abort.started", "game", lg.id)
	}
	if err := c.endByHand(lg, handResult{Kind: "abort", Winner: game.Nobody, By: c.ukey}); err != nil {
		return err
	}
	m := c.say(lg.id, "")
	m.Text = T(c.plang, "abort.done", "game", lg.id, "user", m.mention(c.user))
	if lg.meta.Seed != "" && lg.g.Rolls > 0 {
		m.Text += "\n" + T(c.plang, "end.seed", "seed", lg.meta.Seed, "commitment", lg.meta.Commitment, "game", lg.id)
	}
	c.gameEnded(lg)
	return nil
}

// endByHand ends a game outside the rules and stores why.
func (c *call) endByHand(lg *live, r handResult) error {
	lg.x.Result = &r
	lg.x.DrawOffer, lg.x.UndoAsk = "", nil
	if err := c.a.saveExtra(lg); err != nil {
		lg.invalidate()
		return err
	}
	st := storage.StatusOver
	if r.Kind == "abort" || r.Kind == "decline" {
		st = storage.StatusAbandoned
	}
	meta, err := c.a.store.SetStatus(lg.id, st)
	if err != nil {
		lg.invalidate()
		if errors.Is(err, storage.ErrEnded) {
			return uerr("game.over", "game", lg.id)
		}
		return err
	}
	lg.meta = meta
	// The log does not hold a hand ending: the meta does, for exports and
	// replays (a store without it only loses that note).
	if es, ok := c.a.store.(interface {
		SetEnding(gameID, ending string) (storage.GameMeta, error)
	}); ok && st == storage.StatusOver {
		if meta, err := es.SetEnding(lg.id, c.resultTextIn(EN, lg)); err == nil {
			lg.meta = meta
		}
	}
	return nil
}

// games lists the room's games.
func (c *call) games() error {
	ids, err := c.a.store.GamesInRoom(c.room)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		c.reply(T(c.lang, "game.none"))
		return nil
	}
	sortGames(ids)
	// One page of games, the newest last; only the games shown are loaded.
	per := c.a.cfg.Flood.PageLines
	pages := (len(ids) + per - 1) / per
	n := c.pageArg()
	if n > pages {
		return uerr("page.none", "page", n, "pages", pages)
	}
	var lines []string
	for _, id := range ids[(n-1)*per : min(len(ids), n*per)] {
		line, err := c.gameLineOf(id)
		if err != nil {
			return err
		}
		lines = append(lines, "  "+line)
	}
	c.pageReply("", T(c.lang, "games.title"), lines, n, pages, func(k int) string { return "games " + strconv.Itoa(k) })
	return nil
}

// gameLineOf locks a game for its line in a list (and unlocks it even if
// building the line panics).
func (c *call) gameLineOf(id string) (string, error) {
	lg, err := c.a.lock(id)
	if err != nil {
		return "", err
	}
	defer lg.mu.Unlock()
	return c.gameLine(lg), nil
}

// gameLine is one game in a list: id, scenario, players, where it stands.
func (c *call) gameLine(lg *live) string {
	l := c.lang
	seat := func(s game.Side) string {
		if u := lg.meta.Seats[s]; u != "" {
			return c.a.userOf(u).Display()
		}
		if u := lg.x.Invited[s]; u != "" {
			return c.a.userOf(u).Display() + "?"
		}
		return "—"
	}
	where := ""
	switch {
	case lg.meta.Status == storage.StatusOpen:
		where = T(l, "status.open")
	case lg.meta.Status.Ended():
		where = c.resultText(lg)
	default:
		where = c.clockText(lg.g.State.Clock())
		if w := c.waitingText(lg); w != "" {
			where += " · " + w
		}
	}
	return fmt.Sprintf("%s · %s · A %s · B %s · %s", lg.id, lg.meta.Scenario, seat(game.SideA), seat(game.SideB), where)
}

// scenarioList lists the shipped scenarios.
func (c *call) scenarioList() error {
	lines := []string{T(c.lang, "scenarios.title")}
	for _, in := range c.a.scenarioInfos() {
		if c.offered(in.Ruleset) != nil {
			continue // not offered in this server (settings rulesets)
		}
		title := in.Ruleset
		if r, err := c.a.ruleset(in.Ruleset); err == nil {
			title = r.Title()
		}
		lines = append(lines, fmt.Sprintf("  %s · %s — %s (%s)", in.ID, title, in.Title, turnsText(c.lang, in.Turns)))
	}
	lines = append(lines, T(c.lang, "scenarios.hint"))
	c.reply(strings.Join(lines, "\n"))
	return nil
}

// turnsText is a scenario's length for the lobby: "8 turns", or "no turn
// limit" for a game its rules end (Manœuvre's attrition and nightfall).
func turnsText(l Lang, turns int) string {
	if turns == 0 {
		return T(l, "word.no-turn-limit")
	}
	return fmt.Sprintf("%d %s", turns, T(l, "word.turns"))
}
