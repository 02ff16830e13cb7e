package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// Actors and adjudicators of the orders the bot gives itself.
const (
	actorAuto     = "bot:auto"     // early resolution: nothing left to decide
	actorDeadline = "bot:deadline" // a deadline passed: the default
	autoEarly     = actorAuto
	autoExpired   = actorDeadline
)

// maxDefaultSteps bounds the orders given for one expired obligation.
const maxDefaultSteps = 64

// Delivery is what the bot says without being asked — a reminder, a
// deadline applied, a vacation that ends, a daily digest, a league round —
// and where: Platform, Room (the platform's room id) and Thread (the
// game's thread, "" for none). A digest has no room: its messages are
// private (Message.To). Adapters register a deliverer per platform
// (SetDeliverer); RunScheduler calls it.
type Delivery struct {
	Platform string
	Room     string
	Thread   string
	Messages []Message
}

// Deliverer posts a Delivery on its platform.
type Deliverer func(ctx context.Context, d Delivery) error

// scheduler is the App's timer state: the wake-up channel poked when an
// earlier deadline is set, the deliverers, the last tick (for health).
type scheduler struct {
	wake chan struct{}

	mu       sync.Mutex
	deliver  map[string]Deliverer
	running  bool
	lastTick time.Time // wall clock
	// skipped: the last Tick left due games to other processes (their
	// lease was held, or this process does not post on their platform).
	skipped bool
}

func (s *scheduler) init() {
	s.wake = make(chan struct{}, 1)
	s.deliver = map[string]Deliverer{}
}

// poke wakes RunScheduler so that it looks at the index again.
func (s *scheduler) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// SetDeliverer registers how a platform posts what the bot says without
// being asked (see Delivery). An adapter calls it when it starts.
func (a *App) SetDeliverer(platform string, fn Deliverer) {
	a.sched.mu.Lock()
	defer a.sched.mu.Unlock()
	a.sched.deliver[platform] = fn
}

// Deliver posts deliveries through their platforms' deliverers; a
// platform without one is logged and skipped.
func (a *App) Deliver(ctx context.Context, ds []Delivery) {
	for _, d := range ds {
		a.sched.mu.Lock()
		fn := a.sched.deliver[d.Platform]
		a.sched.mu.Unlock()
		if fn == nil {
			a.log.Warn("bot: no deliverer for the platform; messages dropped", "platform", d.Platform, "room", d.Room, "messages", len(d.Messages))
			continue
		}
		var err error
		a.Guard("delivery", func() { err = fn(ctx, d) }, "platform", d.Platform, "room", d.Room)
		if err != nil {
			a.log.Error("bot: delivery failed", "platform", d.Platform, "room", d.Room, "err", err)
		}
	}
}

// RunScheduler does what is due until ctx ends: a Tick at once (a
// deadline that passed while the bot was down is applied then, once),
// then one at the index's next deadline, whenever an order sets an
// earlier one, and at least once a minute (digests) — every 5 s (or half
// Config.LeaseTTL) on a shared store, whose other processes set timers
// this one is not told of. after is the clock's
// timer (nil: time.After); the App's Config.Now is the clock itself.
func (a *App) RunScheduler(ctx context.Context, after func(time.Duration) <-chan time.Time) error {
	if after == nil {
		after = time.After
	}
	a.sched.mu.Lock()
	a.sched.running = true
	a.sched.mu.Unlock()
	defer func() {
		a.sched.mu.Lock()
		a.sched.running = false
		a.sched.mu.Unlock()
	}()
	if err := a.Reconcile(); err != nil {
		a.log.Error("bot: reconciling the deadline index", "err", err)
	}
	for {
		var ds []Delivery
		var err error
		if ref := a.Guard("scheduler", func() { ds, err = a.Tick(ctx) }); ref != "" {
			err = fmt.Errorf("bot: scheduler tick: panic, reference %s", ref)
		}
		a.Deliver(ctx, ds)
		wait := time.Minute
		if a.shared {
			// Other processes set timers this one is not told of (a
			// process that dies leaves its games' timers to the others).
			wait = min(sharedPoll, max(a.cfg.LeaseTTL/2, 100*time.Millisecond))
		}
		if next, ok, e := a.store.NextDeadline(); e == nil && ok {
			if d := next.At.Sub(a.cfg.Now()); d < wait {
				wait = d
			}
		}
		if wait < 50*time.Millisecond {
			wait = 50 * time.Millisecond
		}
		if err != nil && wait < 5*time.Second {
			wait = 5 * time.Second // a game that keeps failing must not spin
		}
		a.sched.mu.Lock()
		skipped := a.sched.skipped
		a.sched.mu.Unlock()
		if skipped && wait < time.Second {
			wait = time.Second // due games another process fires: look again soon, not at once
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-a.sched.wake:
		case <-after(wait):
		}
	}
}

// sharedPoll is how often the scheduler looks at the deadline index of a
// shared store when nothing is due sooner (or half the lease's time, if
// shorter: a lease left by a dead process is taken over soon after it
// runs out).
const sharedPoll = 5 * time.Second

// Reconcile points the deadline index at every live game's next timer as
// its clock says (a crash between writing a clock and the index leaves
// them apart). RunScheduler calls it at start-up.
func (a *App) Reconcile() error {
	after := ""
	for {
		metas, err := a.store.Games(after, 500)
		if err != nil {
			return err
		}
		if len(metas) == 0 {
			return nil
		}
		for _, m := range metas {
			after = m.ID
			if m.Status != storage.StatusActive {
				continue
			}
			if err := a.reconcileGame(m); err != nil {
				return err
			}
		}
	}
}

// reconcileGame points a game's index entry at its clock's next timer.
// Another process may write the clock and then the index meanwhile: the
// clock is read again after the index is written, and the index written
// again if the clock moved (whatever that process wrote to the index
// after its clock then comes after this write).
func (a *App) reconcileGame(m storage.GameMeta) error {
	for range 3 {
		raw, err := a.store.Value(keyClock + m.ID)
		if err != nil {
			return err
		}
		var clk gameClock
		if raw != nil {
			if err := json.Unmarshal(raw, &clk); err != nil {
				a.log.Error("bot: unreadable clock", "game", m.ID, "err", err)
				return nil
			}
		}
		next := clk.nextTimer(clk.reminders(a.cfg.Deadlines.Reminders))
		if raw == nil && !m.Deadline.IsZero() {
			return nil // the scheduler will build the clock when it fires
		}
		if next.Equal(m.Deadline) {
			return nil
		}
		a.dropGame(m.ID)
		if m, err = a.store.SetDeadline(m.ID, next); err != nil {
			return err
		}
		again, err := a.store.Value(keyClock + m.ID)
		if err != nil || string(again) == string(raw) {
			return err
		}
	}
	return nil
}

// Tick does everything due at the App's clock time: reminders, expired
// deadlines (their defaults applied), the end of vacations, daily
// digests, and returns what to post. The effect of each timer is stored
// before Tick returns, so a second Tick at the same time does nothing.
//
// A game's timers are done under its lease ("deadline/<game>", when the
// store has leases): with several processes on one store, each due game
// is done by one of them, and a game whose lease another holds is left
// to it. In a shared store a process does only the games whose room is
// on a platform it posts on (shared.go).
func (a *App) Tick(ctx context.Context) ([]Delivery, error) {
	now := a.cfg.Now()
	due, err := a.store.DueDeadlines(now, 0)
	if err != nil {
		return nil, err
	}
	var out []Delivery
	var errs []error
	skipped := false
	for _, d := range due {
		if a.shared {
			m, ok, err := a.gameMetaFor(d.Game)
			if err != nil {
				errs = append(errs, fmt.Errorf("game %s: %w", d.Game, err))
				continue
			}
			room, _ := homeOf(m.Rooms)
			platform, _, _ := strings.Cut(room, ":")
			if !ok || !a.deliverable(platform) {
				skipped = skipped || ok
				continue
			}
		}
		var ds []Delivery
		var terr error
		ran, err := a.leased("deadline/"+d.Game, func() { ds, terr = a.tickGameGuarded(ctx, d.Game, now) })
		if err == nil {
			err = terr
		}
		if err != nil {
			a.log.Error("bot: timer failed", "game", d.Game, "err", err)
			errs = append(errs, fmt.Errorf("game %s: %w", d.Game, err))
		}
		skipped = skipped || !ran
		out = append(out, ds...)
	}
	var ds []Delivery
	if ref := a.Guard("scheduler digests", func() {
		var derr error
		ran, lerr := a.leased("digests", func() { ds, derr = a.digests(ctx, now) })
		err = errors.Join(lerr, derr)
		skipped = skipped || !ran
	}); ref != "" {
		err = fmt.Errorf("digests: panic, reference %s", ref)
	}
	out = append(out, ds...)
	if err != nil {
		errs = append(errs, err)
	}
	a.sched.mu.Lock()
	a.sched.lastTick = time.Now()
	a.sched.skipped = skipped
	a.sched.mu.Unlock()
	return out, errors.Join(errs...)
}

// tickGameGuarded is tickGame with a panic recovered: the stack is logged
// with a reference, the game is reloaded from the store on its next use,
// and its timer is put off an hour (a timer that panics must not spin the
// scheduler; Reconcile at start-up points it back at the clock). Other
// games' timers go on.
func (a *App) tickGameGuarded(ctx context.Context, id string, now time.Time) (ds []Delivery, err error) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		ref := a.panicked(p, "scheduler", "game", id)
		a.dropGame(id)
		if _, e := a.store.SetDeadline(id, now.Add(time.Hour)); e != nil {
			a.log.Error("bot: putting off a failing timer", "game", id, "ref", ref, "err", e)
		}
		ds, err = nil, fmt.Errorf("timer: panic, reference %s", ref)
	}()
	return a.tickGame(ctx, id, now)
}

// dropGame drops a game's in-memory copy (after a recovered panic): the
// next request reloads it from the store.
func (a *App) dropGame(id string) {
	a.mu.Lock()
	lg := a.games[id]
	a.mu.Unlock()
	if lg != nil {
		lg.mu.Lock()
		lg.invalidate()
		lg.mu.Unlock()
	}
}

// tickGame does one game's due timers.
func (a *App) tickGame(ctx context.Context, id string, now time.Time) ([]Delivery, error) {
	lg, err := a.lock(id)
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return nil, nil
		}
		return nil, err
	}
	defer lg.mu.Unlock()
	c := a.systemCall(ctx, lg)
	if lg.meta.Status != storage.StatusActive {
		return nil, a.setTimer(lg)
	}
	clk, err := a.clockOf(lg)
	if err != nil {
		return nil, err
	}
	clk.sync(lg.g.State, now)
	if p := clk.Paused; p != nil {
		if p.Until.IsZero() || now.Before(p.Until) {
			return c.deliveries(), a.saveClock(lg)
		}
		// A vacation ends: the clock restarts when it ended.
		clk.restart(p.Until)
		m := c.say(lg.id, "")
		m.Text = T(c.plang, "vacation.over", "game", lg.id)
	}
	rs := clk.reminders(a.cfg.Deadlines.Reminders)
	var expired []game.Side
	for i := range clk.Obls {
		o := &clk.Obls[i]
		if o.Due.IsZero() || o.Stuck {
			continue
		}
		if !now.Before(o.Due) {
			expired = append(expired, o.Side)
			continue
		}
		fire := -1
		var when time.Time
		for j, t := range o.reminderTimes(rs) {
			if !t.IsZero() && !now.Before(t) && o.Sent&(1<<j) == 0 {
				o.Sent |= 1 << j
				fire, when = j, t
			}
		}
		if fire >= 0 {
			// Several reminders due at once (the bot was down): one ping.
			c.remind(lg, *o)
			a.note(observation{kind: "reminder", game: lg.id, side: o.Side, start: o.Start, due: o.Due, when: when, index: fire, at: now})
		}
	}
	// The reminders are marked sent before anything is posted: a crash
	// loses a reminder rather than sending it twice.
	if err := a.saveClock(lg); err != nil {
		return nil, err
	}
	for _, side := range expired {
		if o := clk.obligationOf(side); o != nil && !o.Due.IsZero() && !now.Before(o.Due) && !o.Stuck {
			c.expire(lg, side)
		}
		if lg.meta.Status.Ended() || lg.g.State.Outcome().Over {
			break
		}
		clk = lg.clock
	}
	if lg.clock != nil {
		if err := a.saveClock(lg); err != nil {
			return c.deliveries(), err
		}
	}
	return c.deliveries(), nil
}

// observation is one timer done, for tests (App.observe).
type observation struct {
	kind  string // "reminder", "expired", "pairing"
	game  string
	side  game.Side
	start time.Time // the obligation's start
	due   time.Time // the obligation's deadline
	when  time.Time // when the timer was due
	index int       // the reminder's index; the pairing's round
	at    time.Time
}

// note reports an observation to the test hook, if any.
func (a *App) note(o observation) {
	if a.observe != nil {
		a.observe(o)
	}
}

// systemCall is a call made by the bot itself about a game: its messages
// go to the game's room, in the room's language.
func (a *App) systemCall(ctx context.Context, lg *live) *call {
	room, thread := homeOf(lg.meta.Rooms)
	return a.roomCall(ctx, room, thread)
}

// roomCall is a call made by the bot itself in a room (a store room key).
func (a *App) roomCall(ctx context.Context, room, thread string) *call {
	platform, id, _ := strings.Cut(room, ":")
	c := &call{a: a, ctx: ctx, req: Request{Platform: platform, Room: id, Thread: thread}, lim: a.limitsOf(platform), now: a.cfg.Now(), room: room}
	if thread != "" {
		c.thread = room + "/" + thread
	}
	c.server = a.serverOfRoom(room)
	c.lang, c.plang = a.langs("", room, c.server, "")
	c.p = parsed{cmd: systemCommand, args: map[string]string{}}
	return c
}

// systemCommand stands for the bot's own actions in a call.
var systemCommand = &Command{Name: "deadline", Group: GroupClock, Who: Admin}

// homeOf is a game's room (the one it was created in) and its thread, if
// one was bound.
func homeOf(rooms []string) (room, thread string) {
	if len(rooms) == 0 {
		return "", ""
	}
	room = rooms[0]
	for _, r := range rooms[1:] {
		if t, ok := strings.CutPrefix(r, room+"/"); ok {
			thread = t
		}
	}
	return room, thread
}

// deliveries turns the call's messages into one delivery to its room.
func (c *call) deliveries() []Delivery {
	resp := c.response()
	if len(resp.Messages) == 0 {
		return nil
	}
	return []Delivery{{Platform: c.req.Platform, Room: c.req.Room, Thread: c.req.Thread, Messages: resp.Messages}}
}

// ordersThisPhase counts the orders side gave in the current phase.
func ordersThisPhase(lg *live, side game.Side) int {
	k := lg.g.State.Clock()
	n := 0
	for i := len(lg.recs) - 1; i >= 0 && lg.recs[i].Clock == k; i-- {
		if lg.recs[i].Command.Side == side {
			n++
		}
	}
	return n
}

// decisionOf is side's first pending decision, or nil.
func decisionOf(s game.State, side game.Side) *game.Decision {
	for _, d := range s.Pending() {
		if d.Side == side {
			return &d
		}
	}
	return nil
}

// publicDecision reports whether the public view shows a decision and
// its options (else it is talked about privately).
func publicDecision(lg *live, dec game.Decision) bool {
	for _, d := range game.ViewOf(lg.g.Rules, lg.g.State, game.Nobody).Pending() {
		if d.ID == dec.ID && slices.EqualFunc(d.Options, dec.Options, func(a, b game.Option) bool { return a.Command == b.Command }) {
			return true
		}
	}
	return false
}

// remind tells the player of an obligation that the deadline nears: what
// they owe, what they did so far in the phase, when it ends. Players who
// chose a digest or nothing get no reminder.
func (c *call) remind(lg *live, o obligation) {
	user := lg.meta.Seats[o.Side]
	if user == "" {
		return
	}
	switch c.a.userPrefs(user).Notify {
	case notifyDigest, notifyOff:
		return
	}
	u := c.a.userOf(user)
	l := c.plang
	dec := decisionOf(lg.g.State, o.Side)
	private := dec != nil && !publicDecision(lg, *dec)
	var m *Message
	if private {
		l = c.a.langOf(user, c.room)
		m = c.private(lg.id, u, "")
	} else {
		m = c.say(lg.id, "")
	}
	what := T(l, "remind.turn", "clock", c.clockTextIn(l, lg.g.State.Clock()), "orders", ordersThisPhase(lg, o.Side))
	if dec != nil {
		what = T(l, "remind.decision", "prompt", promptText(l, *dec))
	}
	loc := c.a.zoneOf(user, c.room)
	m.Text = T(l, "remind.ping", "user", m.mention(u), "game", lg.id, "what", what, "when", c.dueText(l, o.Due, loc))
	c.a.applyNotify(user, m)
	c.a.cfg.Metrics.Deadline("reminder")
}

// expire applies the defaults for side, whose deadline has passed, and
// counts the missed turn. See defaultOrder for what is played; play goes
// on until side no longer owes anything in the phase in which its
// deadline passed (its decisions take their defaults, its phase ends). If
// nothing can be applied the obligation is marked stuck and the room is
// asked for an administrator.
func (c *call) expire(lg *live, side game.Side) {
	clk := lg.clock
	o := clk.obligationOf(side)
	if o == nil {
		return
	}
	user := lg.meta.Seats[side]
	if !o.Expired {
		o.Expired = true
		clk.Missed[side]++
		c.a.note(observation{kind: "expired", game: lg.id, side: side, start: o.Start, due: o.Due, when: o.Due, at: c.now})
		// Counted before anything is played: a crash now applies the
		// defaults at the next start without counting the turn twice.
		if err := c.a.saveClock(lg); err != nil {
			c.a.log.Error("bot: saving the clock", "game", lg.id, "err", err)
			return
		}
		c.a.cfg.Metrics.Deadline("expired")
	}
	l := c.plang
	m := c.say(lg.id, "")
	m.Text = T(l, "deadline.expired", "game", lg.id, "side", side, "user", m.mention(c.a.userOf(user)), "missed", clk.Missed[side])
	if c.a.userPrefs(user).Notify != notifyMention {
		m.unmention(c.a.userOf(user).ID) // the room is told; the player is not pinged
	}
	start := phaseKey(lg.g.State)
	stuck := ""
	// No pings to side while its defaults are played; it is pinged once
	// at the end if the game waits for it again.
	c.mute = map[game.Side]bool{side: true}
	defer func() {
		c.mute = nil
		if st := lg.g.State; !st.Outcome().Over && !lg.meta.Status.Ended() && slices.Contains(game.Waiting(st), side) {
			c.ping(lg, side)
		}
	}()
	for step := 0; ; step++ {
		st := lg.g.State
		if st.Outcome().Over || lg.meta.Status.Ended() || !slices.Contains(game.Waiting(st), side) || phaseKey(st) != start {
			break
		}
		if step == maxDefaultSteps {
			stuck = "too many orders"
			break
		}
		text, why := c.defaultOrder(lg, side)
		if text == "" {
			stuck = why
			break
		}
		seq := lg.g.Seq
		if err := c.apply(lg, side, text, actorDeadline, autoExpired); err != nil || lg.g.Seq == seq {
			stuck = fmt.Sprintf("%s: %v", text, err)
			break
		}
	}
	if stuck != "" {
		c.a.log.Warn("bot: no default applies", "game", lg.id, "side", side, "why", stuck)
		clk = lg.clock
		if o := clk.obligationOf(side); o != nil {
			o.Stuck = true
		}
		c.say(lg.id, T(l, "deadline.stuck-admin", "game", lg.id, "side", side))
	}
}

// defaultOrder is what the bot plays for side when its deadline has
// passed, or "" and why nothing can be: the ruleset's answer
// (game.Defaulter: a decision's default, "end", or the compulsory order an
// obligation requires). A ruleset without a Defaulter gets nothing played.
func (c *call) defaultOrder(lg *live, side game.Side) (string, string) {
	d, ok := lg.g.Rules.(game.Defaulter)
	if !ok {
		return "", "the ruleset has no deadline orders"
	}
	return d.DeadlineOrder(lg.g.State, side)
}

// earlyEnd plays at once the order the ruleset says the active side
// may give without waiting (game.Defaulter.AutoOrder: usually "end" when
// nothing is left to decide). It looks when the side's obligation has
// just changed and after an order that rolled dice (a combat resolved),
// not after every move (the ruleset lists the legal orders to answer). It
// reports whether it played.
func (c *call) earlyEnd(lg *live, before game.State) bool {
	st := lg.g.State
	side := st.Clock().Active
	d, ok := lg.g.Rules.(game.Defaulter)
	if !ok || !side.Valid() || lg.meta.Status != storage.StatusActive {
		return false
	}
	changed := before == nil || waitSig(before, side) != waitSig(st, side)
	rolled := len(lg.recs) > 0 && lg.recs[len(lg.recs)-1].Seq == lg.g.Seq && len(lg.recs[len(lg.recs)-1].Rolls) > 0
	if !changed && !rolled {
		return false
	}
	order := d.AutoOrder(st, side)
	if order == "" {
		return false
	}
	seq := lg.g.Seq
	if err := c.apply(lg, side, order, actorAuto, autoEarly); err != nil {
		c.a.log.Warn("bot: automatic order failed", "game", lg.id, "order", order, "err", err)
	}
	return lg.g.Seq != seq
}

// Notification settings (`notify`).
const (
	notifyMention = ""
	notifyDM      = "dm"
	notifyDigest  = "digest"
	notifyOff     = "off"
)

// shapePing adds the deadline to a ping for side's player and applies
// their notification setting.
func (c *call) shapePing(lg *live, side game.Side, m *Message) {
	user := lg.meta.Seats[side]
	l := c.plang
	if m.To != nil {
		l = c.a.langOf(user, c.room)
	}
	if dl := c.pingDeadline(l, lg, side); dl != "" {
		m.Text += "\n" + dl
	}
	c.a.applyNotify(user, m)
}

// applyNotify shapes a message that pings user by their setting: a
// mention in the room (the default), a direct message, or no mention at
// all (digest, off: the room still reads whose turn it is).
func (a *App) applyNotify(user string, m *Message) {
	u := a.userOf(user)
	switch a.userPrefs(user).Notify {
	case notifyDM:
		if m.To == nil {
			m.To = &u
			m.Ephemeral = false
		}
	case notifyDigest, notifyOff:
		m.unmention(u.ID)
	}
}

// unmention prints user id's mentions as a plain name, so that the
// platform does not notify them.
func (m *Message) unmention(id string) {
	old := Message{Text: m.Text, Mentions: m.Mentions}
	m.Mentions = nil
	m.Text = old.Format(func(u User) string {
		if u.ID == id {
			return u.Display()
		}
		return m.mention(u)
	})
}

// imageZone is the time zone of a board image's legend: its viewer's for
// a private view, the asker's for a view they asked for, else the room's.
func (c *call) imageZone(lg *live, side game.Side) *time.Location {
	switch {
	case side.Valid():
		return c.a.zoneOf(lg.meta.Seats[side], c.room)
	case c.p.cmd != nil && c.p.cmd.Group == GroupViews && c.ukey != "":
		return c.a.zoneOf(c.ukey, c.room)
	}
	return c.a.roomZone(c.room)
}

// keyDigest marks the users who chose the daily digest: + user key →
// digestMark.
const keyDigest = "bot/digest/"

type digestMark struct {
	Last string `json:"last,omitempty"` // the local date of the last digest
}

// digests sends the daily digest to the users who chose it, once a day
// at Deadlines.DigestHour in their time zone: the games waiting for them.
func (a *App) digests(ctx context.Context, now time.Time) ([]Delivery, error) {
	kvs, err := a.store.Values(keyDigest)
	if err != nil {
		return nil, err
	}
	var out []Delivery
	hour := a.cfg.Deadlines.DigestHour % 24
	for _, kv := range kvs {
		user := strings.TrimPrefix(kv.Key, keyDigest)
		if platform, _, _ := strings.Cut(user, ":"); a.shared && !a.deliverable(platform) {
			continue // the process that posts on the user's platform sends it
		}
		var mark digestMark
		_ = json.Unmarshal(kv.Value, &mark)
		local := now.In(a.zoneOf(user, ""))
		today := local.Format(time.DateOnly)
		if local.Hour() < hour || mark.Last == today {
			continue
		}
		mark.Last = today
		b, _ := json.Marshal(mark)
		if err := a.store.PutValue(kv.Key, b); err != nil {
			return out, err
		}
		l := a.langOf(user, "")
		lines, err := a.mineLines(ctx, user, l, now)
		if err != nil {
			return out, err
		}
		if len(lines) == 0 {
			continue
		}
		platform, _, _ := strings.Cut(user, ":")
		u := a.userOf(user)
		m := Message{Text: T(l, "digest.title", "date", fmtDate(l, local)) + "\n" + strings.Join(lines, "\n"), To: &u}
		out = append(out, Delivery{Platform: platform, Messages: []Message{m}})
		a.cfg.Metrics.Deadline("digest")
	}
	return out, nil
}

// fmtDate prints a local date: "Tue 24 Nov".
func fmtDate(l Lang, t time.Time) string {
	if l == FR {
		return fmt.Sprintf("%s %d %s", frDays[t.Weekday()], t.Day(), frMonths[t.Month()-1])
	}
	return t.Format("Mon 2 Jan")
}

// Health reports whether the App can serve: its store answers and, when
// the scheduler runs, it ticked in the last three minutes.
func (a *App) Health() error {
	if _, err := a.store.Value("bot/health"); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	a.sched.mu.Lock()
	running, last := a.sched.running, a.sched.lastTick
	a.sched.mu.Unlock()
	if running && time.Since(last) > 3*time.Minute {
		return fmt.Errorf("scheduler: last tick %s ago", time.Since(last).Round(time.Second))
	}
	return nil
}

// ActiveGames counts the games being played (for the metrics).
func (a *App) ActiveGames() (int, error) {
	n, after := 0, ""
	for {
		metas, err := a.store.Games(after, 1000)
		if err != nil || len(metas) == 0 {
			return n, err
		}
		for _, m := range metas {
			if m.Status == storage.StatusActive {
				n++
			}
			after = m.ID
		}
	}
}
