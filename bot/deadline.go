package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // time zones for `tz` on hosts without a zoneinfo database

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// Deadlines configures the clock of games. Every obligation — a player's
// phase, a pending decision — gets a deadline when it arises; reminders
// go to the player who must act before it; when it passes, the kernel's
// default is applied for them (scheduler.go).
type Deadlines struct {
	// Phase is the deadline of a phase in games whose `new` set none
	// (deadline=48h); 0: such games have no deadline.
	Phase time.Duration
	// Scenario overrides Phase per scenario id.
	Scenario map[string]time.Duration
	// Decision is the deadline of a pending decision (a retreat, a loss
	// set); 0 or longer than the game's phase deadline: the phase's.
	Decision time.Duration
	// Reminders are sent before each deadline (nil: at half time and 2 h
	// before; empty: none).
	Reminders []Reminder
	// VacationDays is the yearly bank of vacation days a player has in
	// each room and each league that sets none (default 14).
	VacationDays int
	// DigestHour is the local hour at which the daily digest goes out:
	// 1–24 (24: midnight); 0 means the default, 8.
	DigestHour int
	// MaxExtend is the longest `extend` (default 7 days).
	MaxExtend time.Duration
	// TZ is the time zone of users and rooms that chose none (default UTC).
	TZ *time.Location
}

// Reminder is one reminder before a deadline: at a fraction of the time
// allowed (0.5: half time), or a duration before it.
type Reminder struct {
	Fraction float64
	Before   time.Duration
}

func (r Reminder) String() string {
	if r.Fraction > 0 {
		return strconv.FormatFloat(r.Fraction*100, 'f', -1, 64) + "%"
	}
	return fmtDuration(EN, r.Before)
}

// ParseReminder reads "50%" (half time) or a duration before the deadline
// ("2h", "1d").
func ParseReminder(s string) (Reminder, error) {
	s = strings.TrimSpace(s)
	if p, ok := strings.CutSuffix(s, "%"); ok {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || f <= 0 || f >= 100 {
			return Reminder{}, fmt.Errorf("reminder %q: a percentage between 0 and 100 (exclusive)", s)
		}
		return Reminder{Fraction: f / 100}, nil
	}
	d, err := ParseDuration(s)
	if err != nil {
		return Reminder{}, fmt.Errorf("reminder %q: a percentage of the time (50%%) or a duration before the deadline (2h)", s)
	}
	return Reminder{Before: d}, nil
}

// DefaultReminders are sent at half time and 2 h before the deadline.
var DefaultReminders = []Reminder{{Fraction: 0.5}, {Before: 2 * time.Hour}}

func (d Deadlines) withDefaults() Deadlines {
	if d.Reminders == nil {
		d.Reminders = DefaultReminders
	}
	if d.VacationDays <= 0 {
		d.VacationDays = 14
	}
	if d.DigestHour <= 0 || d.DigestHour > 24 {
		d.DigestHour = 8
	}
	if d.MaxExtend <= 0 {
		d.MaxExtend = 7 * 24 * time.Hour
	}
	if d.TZ == nil {
		d.TZ = time.UTC
	}
	return d
}

// phaseFor is the default phase deadline of a scenario.
func (d Deadlines) phaseFor(scenario string) time.Duration {
	if v, ok := d.Scenario[scenario]; ok {
		return v
	}
	return d.Phase
}

// keyClock holds a game's clock (gameClock) as an application value.
const keyClock = "bot/clock/"

// gameClock is a game's deadlines: the durations it was created with, the
// current obligations and their timers, pauses, extensions and missed
// turns. It is an application value (keyClock + game id), written when an
// obligation changes and when a timer fires; the store's deadline index
// holds the game's next timer (nextTimer).
type gameClock struct {
	Phase    time.Duration `json:"phase,omitempty"`
	Decision time.Duration `json:"decision,omitempty"`
	// Pace is the pace preset the game was created with (pace=live,
	// daily, weekly; "" none): Decision is then the time of a reaction
	// (reactionOf), Phase that of everything the active side owes.
	Pace   string       `json:"pace,omitempty"`
	Obls   []obligation `json:"obligations,omitempty"`
	Paused *pause       `json:"paused,omitempty"`
	// PauseAsk and ResumeAsk: the side that asked to pause or resume and
	// waits for the other's agreement ("" none).
	PauseAsk  string     `json:"pause_ask,omitempty"`
	ResumeAsk string     `json:"resume_ask,omitempty"`
	ExtendAsk *extendAsk `json:"extend_ask,omitempty"`
	// Extended is the phase key of the last phase extended (once a phase).
	Extended string `json:"extended,omitempty"`
	// Missed counts the deadlines each side let pass.
	Missed [2]int `json:"missed"`
	// League names the league the game belongs to ("room/name"), if any.
	League string `json:"league,omitempty"`
}

// obligation is what one side owes now: a decision or its phase. Sig is
// waitSig's signature: the obligation lasts while it stays the same.
type obligation struct {
	Side  game.Side `json:"side"`
	Sig   string    `json:"sig"`
	Phase string    `json:"phase"` // phaseKey of the state it arose in
	Start time.Time `json:"start"`
	Due   time.Time `json:"due,omitzero"` // zero: no deadline
	// Sent is a bit set of the reminders sent (by index in the
	// configuration's list); a reminder is sent at most once.
	Sent uint64 `json:"sent,omitempty"`
	// Expired: the deadline passed and the missed turn was counted; the
	// defaults are being (or were) applied.
	Expired bool `json:"expired,omitempty"`
	// Stuck: no default could be applied; an administrator must act.
	Stuck bool `json:"stuck,omitempty"`
}

// pause stops a game's clock. Kind is "agreed" (both players), "admin",
// or "vacation" (Until is then when it ends by itself; By lists the users
// whose vacation holds it).
type pause struct {
	Kind  string    `json:"kind"`
	Since time.Time `json:"since"`
	Until time.Time `json:"until,omitzero"`
	By    []string  `json:"by,omitempty"`
}

// extendAsk is a player's request for more time, waiting for the
// opponent's consent.
type extendAsk struct {
	Side  game.Side     `json:"side"`
	By    string        `json:"by"`
	For   time.Duration `json:"for"`
	Phase string        `json:"phase"`
}

// phaseKey names the phase a state is in: turn, phase, active side.
func phaseKey(s game.State) string {
	k := s.Clock()
	return fmt.Sprintf("%d:%s:%s", k.Turn, k.Phase, k.Active)
}

// clockOf returns the game's clock, read from the store on first use. A
// game without one (created before deadlines existed) gets the
// configuration's default.
func (a *App) clockOf(lg *live) (*gameClock, error) {
	if lg.clock != nil {
		return lg.clock, nil
	}
	raw, err := a.store.Value(keyClock + lg.id)
	if err != nil {
		return nil, err
	}
	clk := &gameClock{}
	if raw == nil {
		clk.Phase = a.cfg.Deadlines.phaseFor(lg.meta.Scenario)
		clk.Decision = a.decisionFor(clk.Phase)
	} else if err := json.Unmarshal(raw, clk); err != nil {
		return nil, fmt.Errorf("game %s: clock: %w", lg.id, err)
	}
	lg.clock, lg.clockRaw = clk, raw
	return clk, nil
}

func (a *App) decisionFor(phase time.Duration) time.Duration {
	if d := a.cfg.Deadlines.Decision; d > 0 && (phase == 0 || d < phase) {
		return d
	}
	return phase
}

// saveClock writes the clock when it changed, then points the store's
// deadline index at its next timer.
func (a *App) saveClock(lg *live) error {
	clk := lg.clock
	if clk == nil {
		return nil
	}
	b, err := json.Marshal(clk)
	if err != nil {
		return err
	}
	if string(b) != string(lg.clockRaw) {
		if err := a.putGameValue(lg.id, keyClock+lg.id, lg.clockRaw, b); err != nil {
			if errors.Is(err, errChanged) {
				lg.clock, lg.clockRaw = nil, nil // read again on next use
			}
			return err
		}
		lg.clockRaw = b
	}
	return a.setTimer(lg)
}

// setTimer points the deadline index at the clock's next timer.
func (a *App) setTimer(lg *live) error {
	next := time.Time{}
	if !lg.meta.Status.Ended() && lg.meta.Status != storage.StatusOpen && lg.clock != nil {
		next = lg.clock.nextTimer(lg.clock.reminders(a.cfg.Deadlines.Reminders))
	}
	if next.Equal(lg.meta.Deadline) {
		return nil
	}
	meta, err := a.store.SetDeadline(lg.id, next)
	if err != nil {
		return err
	}
	lg.meta = meta
	a.sched.poke()
	return nil
}

// durFor is how long an obligation of this kind is given.
func (clk *gameClock) durFor(decision bool) time.Duration {
	if decision && clk.Decision > 0 {
		return clk.Decision
	}
	return clk.Phase
}

// paceReminders are the reminders of a game with a pace preset: at 50 %
// and 90 % of the time allowed (MAN-P-45).
var paceReminders = []Reminder{{Fraction: 0.5}, {Fraction: 0.9}}

// reminders is the game's list of reminders: the configuration's, or
// paceReminders with a pace preset.
func (clk *gameClock) reminders(cfg []Reminder) []Reminder {
	if clk.Pace != "" {
		return paceReminders
	}
	return cfg
}

// durOf is how long side's obligation sig in st is given. Without a pace
// preset a decision gets the decision time and a phase the phase time;
// with one (MAN-P-45), a reaction gets the short time and everything else
// — the active side's phase and its own decisions — the long one.
func (clk *gameClock) durOf(st game.State, side game.Side, sig string) time.Duration {
	if clk.Pace == "" {
		return clk.durFor(strings.HasPrefix(sig, "d:"))
	}
	if reactionOf(st, side) {
		return clk.Decision
	}
	return clk.Phase
}

// reactionOf reports whether side's obligation in st is a reaction: a
// decision of the side that is not active (State.Clock().Active: a
// Guerrilla window, a defence, a retreat) while the active side waits.
// When both sides decide at once (a simultaneous set-up) neither is a
// reaction. The kernel tells it already: Pending names each decision's
// side and Clock the active side.
func reactionOf(st game.State, side game.Side) bool {
	active := st.Clock().Active
	if !active.Valid() || side == active {
		return false
	}
	mine, theirs := false, false
	for _, d := range st.Pending() {
		mine = mine || d.Side == side
		theirs = theirs || d.Side == active
	}
	return mine && !theirs
}

// sync makes the obligations those of state st: an obligation whose side
// still owes the same thing is kept with its timers; a new one starts now.
// It reports whether anything changed.
func (clk *gameClock) sync(st game.State, now time.Time) bool {
	var next []obligation
	if !st.Outcome().Over {
		for _, side := range game.Waiting(st) {
			sig := waitSig(st, side)
			if sig == "" {
				continue
			}
			if i := slices.IndexFunc(clk.Obls, func(o obligation) bool { return o.Side == side && o.Sig == sig }); i >= 0 {
				next = append(next, clk.Obls[i])
				continue
			}
			o := obligation{Side: side, Sig: sig, Phase: phaseKey(st), Start: now}
			if d := clk.durOf(st, side, sig); d > 0 {
				o.Due = now.Add(d)
			}
			next = append(next, o)
		}
	}
	changed := len(next) != len(clk.Obls)
	for i := range next {
		if changed || next[i].Sig != clk.Obls[i].Sig || next[i].Side != clk.Obls[i].Side {
			changed = true
			break
		}
	}
	clk.Obls = next
	if clk.ExtendAsk != nil && (len(next) == 0 || clk.ExtendAsk.Phase != phaseKey(st)) {
		clk.ExtendAsk, changed = nil, true
	}
	return changed
}

// reminderTimes are the times of an obligation's reminders, by index in
// the list; a reminder that falls outside (Start, Due) is zero (never
// sent).
func (o *obligation) reminderTimes(rs []Reminder) []time.Time {
	out := make([]time.Time, len(rs))
	if o.Due.IsZero() {
		return out
	}
	span := o.Due.Sub(o.Start)
	for i, r := range rs {
		var t time.Time
		if r.Fraction > 0 {
			t = o.Start.Add(time.Duration(math.Round(float64(span) * r.Fraction)))
		} else {
			t = o.Due.Add(-r.Before)
		}
		if t.After(o.Start) && t.Before(o.Due) {
			out[i] = t
		}
	}
	return out
}

// nextTimer is the earliest thing the scheduler must do for the game: a
// reminder not yet sent, a deadline, the end of a vacation. Zero: nothing.
func (clk *gameClock) nextTimer(rs []Reminder) time.Time {
	if p := clk.Paused; p != nil {
		return p.Until // zero for a pause without end
	}
	var next time.Time
	early := func(t time.Time) {
		if !t.IsZero() && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	for i := range clk.Obls {
		o := &clk.Obls[i]
		if o.Due.IsZero() || o.Stuck {
			continue
		}
		for j, t := range o.reminderTimes(rs) {
			if o.Sent&(1<<j) == 0 {
				early(t)
			}
		}
		early(o.Due)
	}
	return next
}

// due is the earliest deadline among the obligations (zero: none).
func (clk *gameClock) due() time.Time {
	var d time.Time
	for _, o := range clk.Obls {
		if !o.Due.IsZero() && (d.IsZero() || o.Due.Before(d)) {
			d = o.Due
		}
	}
	return d
}

// obligationOf returns side's obligation, or nil.
func (clk *gameClock) obligationOf(side game.Side) *obligation {
	for i := range clk.Obls {
		if clk.Obls[i].Side == side {
			return &clk.Obls[i]
		}
	}
	return nil
}

// stop pauses the clock.
func (clk *gameClock) stop(p pause) {
	clk.Paused = &p
	clk.PauseAsk, clk.ResumeAsk = "", ""
}

// restart ends a pause at now: every deadline moves on by the time the
// obligation spent paused (an obligation that arose during the pause
// starts its time now).
func (clk *gameClock) restart(now time.Time) {
	p := clk.Paused
	if p == nil {
		return
	}
	for i := range clk.Obls {
		o := &clk.Obls[i]
		from := p.Since
		if o.Start.After(from) {
			from = o.Start
		}
		if shift := now.Sub(from); shift > 0 {
			o.Start = o.Start.Add(shift)
			if !o.Due.IsZero() {
				o.Due = o.Due.Add(shift)
			}
		}
	}
	clk.Paused = nil
	clk.PauseAsk, clk.ResumeAsk = "", ""
}

// syncClock brings the game's obligations up to date after a change and
// stores them (with the index) when they changed.
// Another process may have written the clock meanwhile (a reminder
// marked sent): then the stored clock is read and brought up to date
// again.
func (c *call) syncClock(lg *live) {
	c.editClock(lg, func(clk *gameClock) { clk.sync(lg.g.State, c.now) })
}

// clockOver clears the timers of a game that has ended.
func (c *call) clockOver(lg *live) {
	c.editClock(lg, func(clk *gameClock) {
		clk.Obls, clk.Paused, clk.ExtendAsk, clk.PauseAsk, clk.ResumeAsk = nil, nil, nil, "", ""
	})
}

// editClock applies edit to the game's clock and saves it; when another
// process wrote the clock since it was read (errChanged), edit is applied
// once more to the clock as stored.
func (c *call) editClock(lg *live, edit func(*gameClock)) {
	for attempt := 0; ; attempt++ {
		clk, err := c.a.clockOf(lg)
		if err != nil {
			c.a.log.Error("bot: clock", "game", lg.id, "err", err)
			return
		}
		edit(clk)
		err = c.a.saveClock(lg)
		if errors.Is(err, errChanged) && attempt == 0 {
			continue
		}
		if err != nil {
			c.a.log.Error("bot: saving the clock", "game", lg.id, "err", err)
		}
		return
	}
}

// ---- time zones and formatting ----

// zoneOf is the time zone of a user's messages: theirs, their room's, the
// configuration's.
func (a *App) zoneOf(user, room string) *time.Location {
	if user != "" {
		if tz := a.userPrefs(user).TZ; tz != "" {
			if loc, err := time.LoadLocation(tz); err == nil {
				return loc
			}
		}
	}
	return a.roomZone(room)
}

// roomZone is the time zone of public messages in a room.
func (a *App) roomZone(room string) *time.Location {
	if tz := a.roomPrefs(room).TZ; tz != "" {
		if loc, err := time.LoadLocation(tz); err == nil {
			return loc
		}
	}
	return a.cfg.Deadlines.TZ
}

var (
	frDays   = []string{"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."}
	frMonths = []string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}
)

// fmtTime prints a moment in a zone: "Tue 24 Nov 18:00 CET".
func fmtTime(l Lang, t time.Time, loc *time.Location) string {
	t = t.In(loc)
	if l == FR {
		return fmt.Sprintf("%s %d %s %s", frDays[t.Weekday()], t.Day(), frMonths[t.Month()-1], t.Format("15:04 MST"))
	}
	return t.Format("Mon 2 Jan 15:04 MST")
}

// fmtDuration prints a duration in days, hours and minutes, the two
// largest units: "2 d 4 h", "3 h 20 min", "45 min".
func fmtDuration(l Lang, d time.Duration) string {
	if d < 0 {
		d = -d
	}
	d = d.Round(time.Minute)
	day := "d"
	if l == FR {
		day = "j"
	}
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	var parts []string
	if days > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", days, day))
	}
	if hours > 0 {
		parts = append(parts, fmt.Sprintf("%d h", hours))
	}
	if mins > 0 && days == 0 {
		parts = append(parts, fmt.Sprintf("%d min", mins))
	}
	if len(parts) == 0 {
		return "0 min"
	}
	if len(parts) > 2 {
		parts = parts[:2]
	}
	return strings.Join(parts, " ")
}

// dueText is a deadline with the time left: "Tue 24 Nov 18:00 CET (in 6 h)".
func (c *call) dueText(l Lang, due time.Time, loc *time.Location) string {
	left := due.Sub(c.now)
	if left <= 0 {
		return T(l, "deadline.passed", "time", fmtTime(l, due, loc))
	}
	return T(l, "deadline.at", "time", fmtTime(l, due, loc), "left", fmtDuration(l, left))
}

// clockLines are the status lines about a game's deadlines, for a viewer
// in zone loc.
func (c *call) clockLines(l Lang, lg *live, loc *time.Location) []string {
	clk, err := c.a.clockOf(lg)
	if err != nil {
		return nil
	}
	var lines []string
	if p := clk.Paused; p != nil {
		switch {
		case p.Kind == "vacation":
			var who []string
			for _, u := range p.By {
				who = append(who, c.a.userOf(u).Display())
			}
			lines = append(lines, T(l, "deadline.paused-vacation", "users", strings.Join(who, ", "), "until", fmtTime(l, p.Until, loc)))
		default:
			lines = append(lines, T(l, "deadline.paused", "since", fmtTime(l, p.Since, loc)))
		}
	}
	shown := false
	for _, o := range clk.Obls {
		if o.Due.IsZero() {
			continue
		}
		shown = true
		when := c.dueText(l, o.Due, loc)
		if clk.Paused != nil {
			when = T(l, "deadline.frozen", "left", fmtDuration(l, o.Due.Sub(maxTime(clk.Paused.Since, o.Start))))
		}
		if o.Stuck {
			when += " " + T(l, "deadline.stuck")
		}
		lines = append(lines, T(l, "deadline.side", "side", o.Side, "user", c.a.userOf(lg.meta.Seats[o.Side]).Display(), "when", when))
	}
	if !shown {
		if clk.Phase == 0 {
			lines = append(lines, T(l, "status.deadline"))
		}
	} else {
		if clk.Pace != "" {
			lines = append(lines, T(l, "deadline.pace", "pace", clk.Pace, "active", fmtDuration(l, clk.Phase), "reaction", fmtDuration(l, clk.Decision)))
		} else {
			lines = append(lines, T(l, "deadline.per-phase", "phase", fmtDuration(l, clk.Phase), "decision", fmtDuration(l, clk.durFor(true))))
		}
	}
	if ask := clk.ExtendAsk; ask != nil {
		lines = append(lines, T(l, "deadline.extend-asked", "side", ask.Side, "for", fmtDuration(l, ask.For)))
	}
	if clk.PauseAsk != "" {
		lines = append(lines, T(l, "deadline.pause-asked", "side", clk.PauseAsk))
	}
	if clk.ResumeAsk != "" {
		lines = append(lines, T(l, "deadline.resume-asked", "side", clk.ResumeAsk))
	}
	if clk.Missed != [2]int{} {
		lines = append(lines, T(l, "deadline.missed", "a", clk.Missed[0], "b", clk.Missed[1]))
	}
	return lines
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// legendDeadline is the deadline as the board legend shows it in zone loc.
func (c *call) legendDeadline(lg *live, loc *time.Location) string {
	clk, err := c.a.clockOf(lg)
	if err != nil || lg.meta.Status.Ended() {
		return ""
	}
	l := c.plang
	if clk.Paused != nil {
		return T(l, "deadline.legend-paused")
	}
	if d := clk.due(); !d.IsZero() {
		if !d.After(c.now) {
			// Passed, its defaults not yet played: not a time still ahead.
			return T(l, "deadline.legend-passed")
		}
		return fmtTime(l, d, loc)
	}
	return ""
}

// pingDeadline is the deadline line added to a ping for side's player.
func (c *call) pingDeadline(l Lang, lg *live, side game.Side) string {
	clk, err := c.a.clockOf(lg)
	if err != nil {
		return ""
	}
	o := clk.obligationOf(side)
	if o == nil || o.Due.IsZero() {
		return ""
	}
	loc := c.a.zoneOf(lg.meta.Seats[side], c.room)
	if clk.Paused != nil {
		return T(l, "deadline.ping-paused")
	}
	return T(l, "deadline.ping", "when", c.dueText(l, o.Due, loc))
}
