package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// deadlineOption takes "deadline=48h" (or deadline=none) out of the
// options given at `new`; without it the scenario's default from the
// configuration applies. It returns the phase deadline (0: none).
func (c *call) deadlineOption(opts game.Options, scenario string) (time.Duration, error) {
	v, ok := opts["deadline"]
	if !ok {
		return c.a.cfg.Deadlines.phaseFor(scenario), nil
	}
	delete(opts, "deadline")
	if strings.EqualFold(v, "none") || v == "0" {
		return 0, nil
	}
	d, err := ParseDuration(v)
	if err != nil || d < time.Minute {
		return 0, uerr("new.bad-deadline", "value", v)
	}
	return d, nil
}

// paces are the pace presets of `new … pace=…` (Manœuvre's MAN-P-45, for
// every ruleset): the time a reaction is allowed (a decision of the side
// that is not active, reactionOf) and the time of an active phase.
var paces = map[string]struct{ Reaction, Active time.Duration }{
	"live":   {2 * time.Minute, 10 * time.Minute},
	"daily":  {24 * time.Hour, 48 * time.Hour},
	"weekly": {72 * time.Hour, 7 * 24 * time.Hour},
}

// paceOption takes "pace=live|daily|weekly" out of the options given at
// `new` ("" without it). It excludes deadline=….
func (c *call) paceOption(opts game.Options) (string, error) {
	v, ok := opts["pace"]
	if !ok {
		return "", nil
	}
	delete(opts, "pace")
	v = strings.ToLower(v)
	if _, ok := paces[v]; !ok {
		return "", uerr("new.bad-pace", "value", v)
	}
	if _, ok := opts["deadline"]; ok {
		return "", uerr("new.pace-deadline")
	}
	return v, nil
}

// newPacedClock stores the clock of a game created with a pace preset.
func (a *App) newPacedClock(id, pace string) error {
	p := paces[pace]
	b, err := json.Marshal(gameClock{Phase: p.Active, Decision: p.Reaction, Pace: pace})
	if err != nil {
		return err
	}
	return a.store.PutValue(keyClock+id, b)
}

// paceNote is the line of a new game's announcement about its pace.
func paceNote(l Lang, pace string) string {
	p := paces[pace]
	return T(l, "new.pace", "pace", pace, "active", fmtDuration(l, p.Active), "reaction", fmtDuration(l, p.Reaction))
}

// newClock stores the clock of a game just created.
func (a *App) newClock(id string, phase time.Duration, league string) error {
	clk := gameClock{Phase: phase, Decision: a.decisionFor(phase), League: league}
	b, err := json.Marshal(clk)
	if err != nil {
		return err
	}
	return a.store.PutValue(keyClock+id, b)
}

// deadlineNote is the line of a new game's announcement about its
// deadlines ("" for none).
func (a *App) deadlineNote(l Lang, phase time.Duration) string {
	if phase == 0 {
		return ""
	}
	return T(l, "new.deadline", "phase", fmtDuration(l, phase), "decision", fmtDuration(l, a.decisionFor(phase)))
}

// clockGame finds, locks and checks a game for the clock commands.
func (c *call) clockGame() (*live, *gameClock, error) {
	lg, err := c.game(pickMine)
	if err != nil {
		return nil, nil, err
	}
	if err := c.playable(lg); err != nil {
		return nil, nil, err
	}
	clk, err := c.a.clockOf(lg)
	if err != nil {
		return nil, nil, err
	}
	clk.sync(lg.g.State, c.now)
	return lg, clk, nil
}

// deadlinesLine lists the game's deadlines in the room's zone.
func (c *call) deadlinesLine(l Lang, lg *live, clk *gameClock) string {
	var parts []string
	loc := c.a.roomZone(c.room)
	for _, o := range clk.Obls {
		if !o.Due.IsZero() {
			parts = append(parts, fmt.Sprintf("%s (%s) %s", o.Side, c.a.userOf(lg.meta.Seats[o.Side]).Display(), c.dueText(l, o.Due, loc)))
		}
	}
	return strings.Join(parts, " · ")
}

// extend: extend 24h (ask, or an admin at once), extend accept|decline.
func (c *call) extend() error {
	lg, clk, err := c.clockGame()
	if err != nil {
		return err
	}
	if clk.Paused != nil {
		return uerr("extend.paused", "game", lg.id)
	}
	if clk.due().IsZero() {
		return uerr("extend.no-deadline", "game", lg.id)
	}
	l := c.plang
	side := lg.seatOf(c.ukey)
	arg := strings.ToLower(c.p.args["request"])
	switch arg {
	case "accept", "decline":
		ask := clk.ExtendAsk
		if !side.Valid() {
			return uerr("order.spectator", "game", lg.id)
		}
		if ask == nil || ask.Side == side {
			return uerr("extend.no-request", "game", lg.id)
		}
		m := c.say(lg.id, "")
		if arg == "decline" {
			clk.ExtendAsk = nil
			m.Text = T(l, "extend.declined", "game", lg.id, "user", m.mention(c.user), "asker", m.mention(c.a.userOf(ask.By)))
		} else {
			clk.extendBy(ask.For, ask.Phase)
			m.Text = T(l, "extend.done", "game", lg.id, "for", fmtDuration(l, ask.For), "user", m.mention(c.user), "deadlines", c.deadlinesLine(l, lg, clk))
		}
		return c.a.saveClock(lg)
	}
	d, err := ParseDuration(arg)
	if err != nil {
		return usageErr(c.p.cmd, "parse.duration", "arg", "request", "value", arg)
	}
	if d > c.a.cfg.Deadlines.MaxExtend {
		return uerr("extend.too-long", "max", fmtDuration(c.lang, c.a.cfg.Deadlines.MaxExtend))
	}
	pk := phaseKey(lg.g.State)
	if c.isGameAdmin(lg) {
		clk.extendBy(d, pk)
		m := c.say(lg.id, "")
		m.Text = T(l, "extend.admin", "game", lg.id, "for", fmtDuration(l, d), "admin", c.user.Display(), "deadlines", c.deadlinesLine(l, lg, clk))
		return c.a.saveClock(lg)
	}
	if !side.Valid() {
		return uerr("order.spectator", "game", lg.id)
	}
	if clk.Extended == pk {
		return uerr("extend.once", "game", lg.id)
	}
	if ask := clk.ExtendAsk; ask != nil && ask.Side == side {
		return uerr("extend.already-asked", "game", lg.id)
	}
	clk.ExtendAsk = &extendAsk{Side: side, By: c.ukey, For: d, Phase: pk}
	m := c.say(lg.id, "")
	m.Text = T(l, "extend.asked", "game", lg.id, "user", m.mention(c.user), "for", fmtDuration(l, d),
		"opponent", m.mention(c.a.userOf(lg.meta.Seats[side.Other()])))
	m.Choices = []Choice{{Label: T(l, "word.accept"), Command: lg.id + " extend accept"}, {Label: T(l, "word.decline"), Command: lg.id + " extend decline"}}
	return c.a.saveClock(lg)
}

// extendBy moves every deadline of the phase on by d.
func (clk *gameClock) extendBy(d time.Duration, phase string) {
	for i := range clk.Obls {
		if !clk.Obls[i].Due.IsZero() {
			clk.Obls[i].Due = clk.Obls[i].Due.Add(d)
			clk.Obls[i].Stuck = false
		}
	}
	clk.Extended = phase
	clk.ExtendAsk = nil
}

// pauseGame: both players ask, or an administrator pauses at once.
func (c *call) pauseGame() error {
	lg, clk, err := c.clockGame()
	if err != nil {
		return err
	}
	if clk.Phase == 0 {
		return uerr("pause.no-deadline", "game", lg.id)
	}
	if clk.Paused != nil {
		return uerr("pause.already", "game", lg.id)
	}
	l := c.plang
	side := lg.seatOf(c.ukey)
	m := c.say(lg.id, "")
	switch {
	case c.isGameAdmin(lg):
		clk.stop(pause{Kind: "admin", Since: c.now})
		m.Text = T(l, "pause.admin", "game", lg.id, "admin", c.user.Display())
	case !side.Valid():
		c.out = c.out[:len(c.out)-1]
		return uerr("order.spectator", "game", lg.id)
	case clk.PauseAsk == side.Other().String():
		clk.stop(pause{Kind: "agreed", Since: c.now})
		m.Text = T(l, "pause.done", "game", lg.id, "user", m.mention(c.user))
	case clk.PauseAsk == side.String():
		c.out = c.out[:len(c.out)-1]
		return uerr("pause.already-asked", "game", lg.id)
	default:
		clk.PauseAsk = side.String()
		m.Text = T(l, "pause.asked", "game", lg.id, "user", m.mention(c.user), "opponent", m.mention(c.a.userOf(lg.meta.Seats[side.Other()])))
		m.Choices = []Choice{{Label: T(l, "word.pause"), Command: lg.id + " pause"}}
	}
	return c.a.saveClock(lg)
}

// resumeGame: both players ask, or an administrator resumes at once.
func (c *call) resumeGame() error {
	lg, clk, err := c.clockGame()
	if err != nil {
		return err
	}
	if clk.Paused == nil {
		return uerr("resume.not-paused", "game", lg.id)
	}
	l := c.plang
	side := lg.seatOf(c.ukey)
	m := c.say(lg.id, "")
	switch {
	case c.isGameAdmin(lg) || side.Valid() && clk.ResumeAsk == side.Other().String():
		clk.restart(c.now)
		m.Text = T(l, "resume.done", "game", lg.id, "user", m.mention(c.user), "deadlines", c.deadlinesLine(l, lg, clk))
	case !side.Valid():
		c.out = c.out[:len(c.out)-1]
		return uerr("order.spectator", "game", lg.id)
	case clk.ResumeAsk == side.String():
		c.out = c.out[:len(c.out)-1]
		return uerr("resume.already-asked", "game", lg.id)
	default:
		clk.ResumeAsk = side.String()
		m.Text = T(l, "resume.asked", "game", lg.id, "user", m.mention(c.user), "opponent", m.mention(c.a.userOf(lg.meta.Seats[side.Other()])))
		m.Choices = []Choice{{Label: T(l, "word.resume"), Command: lg.id + " resume"}}
	}
	return c.a.saveClock(lg)
}

// notify sets how the user is told that a game waits for them.
func (c *call) notify() error {
	how := c.p.args["how"]
	p := c.a.userPrefs(c.ukey)
	p.Notify = how
	if how == "mention" {
		p.Notify = notifyMention
	}
	if err := c.a.putUserPrefs(c.ukey, p); err != nil {
		return err
	}
	var mark []byte
	if p.Notify == notifyDigest {
		mark, _ = json.Marshal(digestMark{})
		if old, err := c.a.store.Value(keyDigest + c.ukey); err == nil && old != nil {
			mark = old
		}
	}
	if err := c.a.store.PutValue(keyDigest+c.ukey, mark); err != nil {
		return err
	}
	key := map[string]string{"mention": "notify.mention", "dm": "notify.dm", "digest": "notify.digest", "off": "notify.off"}[how]
	c.reply(T(c.lang, key, "hour", c.a.cfg.Deadlines.DigestHour%24))
	return nil
}

// setTZ: tz [zone] [me|room].
func (c *call) setTZ() error {
	zone := c.p.args["zone"]
	if (zone == "room" || zone == "me") && c.p.args["scope"] == "" {
		zone, c.p.args["scope"] = "", zone // `tz room` shows the room's zone
	}
	room := c.p.args["scope"] == "room"
	if zone == "" {
		loc := c.a.zoneOf(c.ukey, c.room)
		if room {
			loc = c.a.roomZone(c.room)
		}
		c.reply(T(c.lang, "tz.show", "zone", loc.String(), "now", fmtTime(c.lang, c.now, loc)))
		return nil
	}
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "Local" {
		return uerr("tz.unknown", "zone", zone)
	}
	if room {
		if !c.roomAdmin() {
			return uerr("auth.admin", "command", "tz … room")
		}
		rp := c.a.roomPrefs(c.room)
		rp.TZ = loc.String()
		if err := c.a.putRoomPrefs(c.room, rp); err != nil {
			return err
		}
		c.say("", T(c.plang, "tz.room", "zone", loc.String(), "now", fmtTime(c.plang, c.now, loc)))
		return nil
	}
	p := c.a.userPrefs(c.ukey)
	p.TZ = loc.String()
	if err := c.a.putUserPrefs(c.ukey, p); err != nil {
		return err
	}
	c.reply(T(c.lang, "tz.user", "zone", loc.String(), "now", fmtTime(c.lang, c.now, loc)))
	return nil
}

// mine lists the games, in every room of the platform, that wait for the
// asker.
func (c *call) mine() error {
	lines, err := c.a.mineLines(c.ctx, c.ukey, c.lang, c.now)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		c.reply(T(c.lang, "mine.none"))
		return nil
	}
	return c.page("", T(c.lang, "mine.title"), lines, c.a.cfg.Flood.PageLines, c.pageArg(), false,
		func(k int) string { return "mine " + strconv.Itoa(k) })
}

// mineLines are the games waiting for user, one line each, earliest
// deadline first.
func (a *App) mineLines(ctx context.Context, user string, l Lang, now time.Time) ([]string, error) {
	ids, err := a.store.GamesOfPlayer(user)
	if err != nil {
		return nil, err
	}
	sortGames(ids)
	type line struct {
		due  time.Time
		text string
	}
	var out []line
	for _, id := range ids {
		meta, err := a.store.Meta(id)
		if err != nil {
			return nil, err
		}
		if meta.Status != storage.StatusActive {
			continue
		}
		// The game is unlocked by a defer, so that a panic in its line
		// cannot leave it locked (recover.go).
		if err := func() error {
			lg, err := a.lock(id)
			if err != nil {
				return err
			}
			defer lg.mu.Unlock()
			side := lg.seatOf(user)
			if slices.Contains(game.Waiting(lg.g.State), side) {
				room, _ := homeOf(lg.meta.Rooms)
				c := a.roomCall(ctx, room, "")
				c.now = now
				what := c.owedText(l, lg, side)
				text := fmt.Sprintf("  %s · %s · %s · %s", lg.id, lg.meta.Scenario, roomName(room), what)
				var due time.Time
				if clk, err := a.clockOf(lg); err == nil {
					if clk.Paused != nil {
						text += " · " + T(l, "deadline.legend-paused")
					} else if o := clk.obligationOf(side); o != nil && !o.Due.IsZero() {
						due = o.Due
						text += " · " + c.dueText(l, o.Due, a.zoneOf(user, room))
					}
				}
				out = append(out, line{due, text})
			}
			return nil
		}(); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(out, func(x, y line) int {
		switch {
		case x.due.Equal(y.due):
			return 0
		case x.due.IsZero():
			return 1
		case y.due.IsZero():
			return -1
		}
		return x.due.Compare(y.due)
	})
	texts := make([]string, len(out))
	for i, x := range out {
		texts[i] = x.text
	}
	return texts, nil
}

// roomName prints a room key without its platform.
func roomName(room string) string {
	_, id, _ := strings.Cut(room, ":")
	return id
}

// owedText says what side owes: its phase, or a decision (its prompt when
// the public view shows it).
func (c *call) owedText(l Lang, lg *live, side game.Side) string {
	if d := decisionOf(lg.g.State, side); d != nil {
		if publicDecision(lg, *d) {
			return T(l, "remind.decision", "prompt", promptText(l, *d))
		}
		return T(l, "mine.private-decision")
	}
	return T(l, "mine.turn", "clock", c.clockTextIn(l, lg.g.State.Clock()))
}

// waitingText is what a game waits for, for the `games` list.
func (c *call) waitingText(lg *live) string {
	l := c.lang
	var parts []string
	for _, side := range game.Waiting(game.ViewOf(lg.g.Rules, lg.g.State, c.viewer(lg))) {
		parts = append(parts, fmt.Sprintf("%s (%s)", side, c.a.userOf(lg.meta.Seats[side]).Display()))
	}
	if len(parts) == 0 {
		return ""
	}
	s := T(l, "games.waiting", "who", strings.Join(parts, ", "))
	if clk, err := c.a.clockOf(lg); err == nil {
		if clk.Paused != nil {
			s += " · " + T(l, "deadline.legend-paused")
		} else if d := clk.due(); !d.IsZero() {
			s += " · " + c.dueText(l, d, c.a.zoneOf(c.ukey, c.room))
		}
	}
	return s
}

// ---- vacations ----

// keyVacation holds the vacation days used: + year / user / scope →
// {"days": n}. A scope is a league ("league:<room>/<name>") or a room
// ("room:<room>").
const keyVacation = "bot/vacation/"

func vacationKey(year int, user, scope string) string {
	return fmt.Sprintf("%s%d/%s/%s", keyVacation, year, user, scope)
}

type vacationUse struct {
	Days int `json:"days"`
}

// scopeOf is the vacation scope of a game: its league, else its room.
func (a *App) scopeOf(lg *live) string {
	if clk, err := a.clockOf(lg); err == nil && clk.League != "" {
		return "league:" + clk.League
	}
	room, _ := homeOf(lg.meta.Rooms)
	return "room:" + room
}

// bankOf is the yearly vacation bank of a scope, in days.
func (a *App) bankOf(scope string) int {
	if lk, ok := strings.CutPrefix(scope, "league:"); ok {
		if lgue, err := a.readLeague(lk); err == nil && lgue != nil && lgue.VacationDays > 0 {
			return lgue.VacationDays
		}
	}
	if room, ok := strings.CutPrefix(scope, "room:"); ok {
		if d := a.roomPrefs(room).VacationDays; d > 0 {
			return d
		}
	}
	return a.cfg.Deadlines.VacationDays
}

func (a *App) vacationUsed(year int, user, scope string) (int, error) {
	raw, err := a.store.Value(vacationKey(year, user, scope))
	if err != nil || raw == nil {
		return 0, err
	}
	var u vacationUse
	if err := json.Unmarshal(raw, &u); err != nil {
		return 0, fmt.Errorf("vacation %s %s: %w", user, scope, err)
	}
	return u.Days, nil
}

// addVacation adds delta days (negative: a refund, down to none) to
// user's use of scope's bank in year, and returns the days then left of
// bank. A charge that would use more than bank is refused (false, and
// nothing written). The stored use is changed by compare-and-swap on
// what was read, again on the new value when another process (vacation
// typed in a server of another shard) or another command changed it
// meanwhile, so that two charges at once both count.
func (a *App) addVacation(year int, user, scope string, delta, bank int) (left int, ok bool, err error) {
	key := vacationKey(year, user, scope)
	sw, canSwap := a.store.(swapper)
	for range maxVacationSwaps {
		raw, err := a.store.Value(key)
		if err != nil {
			return 0, false, err
		}
		var u vacationUse
		if raw != nil {
			if err := json.Unmarshal(raw, &u); err != nil {
				return 0, false, fmt.Errorf("vacation %s %s: %w", user, scope, err)
			}
		}
		days := max(0, u.Days+delta)
		if delta > 0 && days > bank {
			return bank - u.Days, false, nil
		}
		var b []byte
		if days > 0 {
			b, _ = json.Marshal(vacationUse{Days: days})
		}
		if !canSwap {
			return bank - days, true, a.store.PutValue(key, b)
		}
		done, err := sw.SwapValue(key, raw, b)
		if err != nil {
			return 0, false, err
		}
		if done {
			return bank - days, true, nil
		}
	}
	return 0, false, fmt.Errorf("vacation %s %s: %w %d times in a row", user, scope, errChanged, maxVacationSwaps)
}

// maxVacationSwaps bounds addVacation's attempts: each failed one is
// another writer's success, so only a storm of them reaches it.
const maxVacationSwaps = 50

// scopeName prints a vacation scope.
func scopeName(l Lang, scope string) string {
	if lk, ok := strings.CutPrefix(scope, "league:"); ok {
		_, name, _ := strings.Cut(lk, "/")
		return T(l, "vacation.scope-league", "name", name)
	}
	return T(l, "vacation.scope-room", "room", roomName(strings.TrimPrefix(scope, "room:")))
}

// vacation: vacation [5d | end | bank <days>].
func (c *call) vacation() error {
	words := strings.Fields(strings.ToLower(c.p.args["request"]))
	switch {
	case len(words) == 0:
		return c.vacationBank()
	case words[0] == "bank":
		if !c.roomAdmin() {
			return uerr("auth.admin", "command", "vacation bank")
		}
		if len(words) != 2 {
			return usageErr(c.p.cmd, "parse.missing", "arg", "days")
		}
		days, err := strconv.Atoi(strings.TrimSuffix(words[1], "d"))
		if err != nil || days < 0 || days > 366 {
			return uerr("vacation.bad-bank", "value", words[1])
		}
		rp := c.a.roomPrefs(c.room)
		rp.VacationDays = days
		if err := c.a.putRoomPrefs(c.room, rp); err != nil {
			return err
		}
		c.say("", T(c.plang, "vacation.bank-set", "days", c.a.bankOf("room:"+c.room)))
		return nil
	case words[0] == "end" && len(words) == 1:
		return c.vacationEnd()
	case len(words) == 1:
		d, err := ParseDuration(words[0])
		if err != nil {
			return usageErr(c.p.cmd, "parse.duration", "arg", "request", "value", words[0])
		}
		return c.vacationTake(d)
	}
	return usageErr(c.p.cmd, "parse.extra", "words", strings.Join(words[1:], " "))
}

// liveGamesOf lists the ids of user's games being played.
func (a *App) liveGamesOf(user string) ([]string, error) {
	ids, err := a.store.GamesOfPlayer(user)
	if err != nil {
		return nil, err
	}
	sortGames(ids)
	var out []string
	for _, id := range ids {
		m, err := a.store.Meta(id)
		if err != nil {
			return nil, err
		}
		if m.Status == storage.StatusActive {
			out = append(out, id)
		}
	}
	return out, nil
}

// vacationBank shows the asker's bank in each scope of their games.
func (c *call) vacationBank() error {
	ids, err := c.a.liveGamesOf(c.ukey)
	if err != nil {
		return err
	}
	scopes := []string{"room:" + c.room}
	for _, id := range ids {
		lg, err := c.hold(id)
		if err != nil {
			return err
		}
		s := c.a.scopeOf(lg)
		c.unhold(lg)
		if !slices.Contains(scopes, s) {
			scopes = append(scopes, s)
		}
	}
	year := c.now.UTC().Year()
	lines := []string{T(c.lang, "vacation.bank-title", "year", year)}
	for _, s := range scopes {
		used, err := c.a.vacationUsed(year, c.ukey, s)
		if err != nil {
			return err
		}
		bank := c.a.bankOf(s)
		lines = append(lines, "  "+T(c.lang, "vacation.bank-line", "scope", scopeName(c.lang, s), "left", bank-used, "bank", bank))
	}
	c.reply(strings.Join(lines, "\n"))
	return nil
}

// vacationTake pauses all the asker's games for d, charging whole days
// to the bank of every scope (room or league) they play in; it is
// refused, and nothing changes, when one bank has too few days left.
func (c *call) vacationTake(d time.Duration) error {
	days := int(math.Ceil(d.Hours() / 24))
	ids, err := c.a.liveGamesOf(c.ukey)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return uerr("vacation.no-games")
	}
	year := c.now.UTC().Year()
	scopes := map[string][]string{}
	var order []string
	for _, id := range ids {
		lg, err := c.hold(id)
		if err != nil {
			return err
		}
		s := c.a.scopeOf(lg)
		c.unhold(lg)
		if scopes[s] == nil {
			order = append(order, s)
		}
		scopes[s] = append(scopes[s], id)
	}
	// Each bank is charged by compare-and-swap; when one is short, those
	// already charged are given their days back.
	for i, s := range order {
		left, ok, err := c.a.addVacation(year, c.ukey, s, days, c.a.bankOf(s))
		if err == nil && !ok {
			err = uerr("vacation.bank-short", "scope", scopeName(c.lang, s), "left", left, "days", days)
		}
		if err != nil {
			for _, done := range order[:i] {
				if _, _, rerr := c.a.addVacation(year, c.ukey, done, -days, 0); rerr != nil {
					c.a.log.Error("vacation: a charged bank not refunded", "user", c.ukey, "scope", done, "days", days, "err", rerr)
				}
			}
			return err
		}
	}
	until := c.now.Add(d)
	var paused []string
	for _, id := range ids {
		lg, err := c.hold(id)
		if err != nil {
			return err
		}
		ok, err := c.vacationPause(lg, until)
		c.unhold(lg)
		if err != nil {
			return err
		}
		if ok {
			paused = append(paused, id)
		}
	}
	c.reply(T(c.lang, "vacation.taken", "days", days, "until", fmtTime(c.lang, until, c.a.zoneOf(c.ukey, c.room)), "games", strings.Join(paused, ", ")))
	return nil
}

// vacationPause pauses one game for the asker's vacation (or lengthens a
// vacation pause) and tells its room. A game paused by agreement or an
// administrator stays as it is.
func (c *call) vacationPause(lg *live, until time.Time) (bool, error) {
	clk, err := c.a.clockOf(lg)
	if err != nil {
		return false, err
	}
	clk.sync(lg.g.State, c.now)
	switch p := clk.Paused; {
	case p == nil:
		clk.stop(pause{Kind: "vacation", Since: c.now, Until: until, By: []string{c.ukey}})
	case p.Kind == "vacation":
		if !slices.Contains(p.By, c.ukey) {
			p.By = append(p.By, c.ukey)
		}
		if until.After(p.Until) {
			p.Until = until
		}
	default:
		return false, nil
	}
	if err := c.a.saveClock(lg); err != nil {
		return false, err
	}
	c.gameNotice(lg, func(g *call, l Lang) string {
		return T(l, "vacation.game", "game", lg.id, "user", c.user.Display(), "until", fmtTime(l, clk.Paused.Until, g.a.roomZone(g.room)))
	})
	return true, nil
}

// vacationEnd ends the asker's vacation early: their games paused by it
// restart (once no other player's vacation holds them) and the whole days
// left go back to the banks.
func (c *call) vacationEnd() error {
	ids, err := c.a.liveGamesOf(c.ukey)
	if err != nil {
		return err
	}
	year := c.now.UTC().Year()
	refund := map[string]int{}
	var order, resumed []string
	for _, id := range ids {
		lg, err := c.hold(id)
		if err != nil {
			return err
		}
		clk, err := c.a.clockOf(lg)
		if err != nil {
			c.unhold(lg)
			return err
		}
		p := clk.Paused
		if p == nil || p.Kind != "vacation" || !slices.Contains(p.By, c.ukey) {
			c.unhold(lg)
			continue
		}
		s := c.a.scopeOf(lg)
		if _, ok := refund[s]; !ok {
			order = append(order, s)
		}
		refund[s] = max(refund[s], int(p.Until.Sub(c.now)/(24*time.Hour)))
		p.By = slices.DeleteFunc(p.By, func(u string) bool { return u == c.ukey })
		if len(p.By) == 0 {
			clk.restart(c.now)
			resumed = append(resumed, id)
			c.gameNotice(lg, func(g *call, l Lang) string {
				return T(l, "vacation.game-over", "game", lg.id, "user", c.user.Display(), "deadlines", g.deadlinesLine(l, lg, clk))
			})
		}
		err = c.a.saveClock(lg)
		c.unhold(lg)
		if err != nil {
			return err
		}
	}
	if len(order) == 0 {
		return uerr("vacation.none")
	}
	for _, s := range order {
		if _, _, err := c.a.addVacation(year, c.ukey, s, -refund[s], 0); err != nil {
			return err
		}
	}
	c.reply(T(c.lang, "vacation.ended", "games", strings.Join(resumed, ", ")))
	return nil
}

// gameNotice tells a game's room something: in this call's output when
// the game lives in the asker's room, else through the deliverers.
func (c *call) gameNotice(lg *live, text func(g *call, l Lang) string) {
	room, _ := homeOf(lg.meta.Rooms)
	if room == c.room {
		c.say(lg.id, text(c, c.plang))
		return
	}
	g := c.a.systemCall(c.ctx, lg)
	g.say(lg.id, text(g, g.plang))
	c.a.Deliver(c.ctx, g.deliveries())
}

// ---- for adapters and tools ----

// Turn is one thing a game waits for: the side and its player, a
// decision or the side's phase, and the deadline (zero: none).
type Turn struct {
	Game     string
	Side     game.Side
	Platform string
	User     User
	Decision bool
	Due      time.Time
}

// Turns lists what a game waits for (nothing for a game not being
// played).
func (a *App) Turns(gameID string) ([]Turn, error) {
	lg, err := a.lock(gameID)
	if err != nil {
		return nil, err
	}
	defer lg.mu.Unlock()
	if lg.meta.Status != storage.StatusActive {
		return nil, nil
	}
	clk, err := a.clockOf(lg)
	if err != nil {
		return nil, err
	}
	var out []Turn
	for _, side := range game.Waiting(lg.g.State) {
		user := lg.meta.Seats[side]
		platform, _, _ := strings.Cut(user, ":")
		t := Turn{Game: lg.id, Side: side, Platform: platform, User: a.userOf(user), Decision: decisionOf(lg.g.State, side) != nil}
		if o := clk.obligationOf(side); o != nil {
			t.Due = o.Due
		}
		out = append(out, t)
	}
	return out, nil
}

// LegalOrders lists the orders side may give now in a game: the
// ruleset's legal options, flattened (see game.Leaves).
func (a *App) LegalOrders(gameID string, side game.Side) ([]string, error) {
	lg, err := a.lock(gameID)
	if err != nil {
		return nil, err
	}
	defer lg.mu.Unlock()
	if lg.meta.Status != storage.StatusActive {
		return nil, errors.New("bot: game " + gameID + " is not being played")
	}
	return slices.Clone(lg.legal(side)), nil
}

// legalCache remembers the legal orders of one side in one state: the
// ruleset lists them in milliseconds, and early resolution, refusals,
// autocomplete and tools ask for them again in the same state.
type legalCache struct {
	// state is kept (so that its memory is not reused by another state)
	// and compared by pointer: Evolve returns a new state for a change.
	state  game.State
	side   game.Side
	leaves []string
}

// legal lists the orders side may give now (game.Leaves of the ruleset's
// Legal), cached while the state stays the same. The caller must not
// change the slice.
func (lg *live) legal(side game.Side) []string {
	v := reflect.ValueOf(lg.g.State)
	if v.Kind() != reflect.Pointer {
		return game.Leaves(game.Legal(lg.g.Rules, lg.g.State, side))
	}
	for _, c := range lg.legals {
		if reflect.ValueOf(c.state).Pointer() == v.Pointer() && c.side == side {
			return c.leaves
		}
	}
	leaves := game.Leaves(game.Legal(lg.g.Rules, lg.g.State, side))
	c := legalCache{state: lg.g.State, side: side, leaves: leaves}
	// One entry a side: the two players (and their autocompletes) ask in
	// turn during a simultaneous set-up, whose lists are long.
	lg.legals = append(slices.DeleteFunc(lg.legals, func(x legalCache) bool { return x.side == side }), c)
	return leaves
}
