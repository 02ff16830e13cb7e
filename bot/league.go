package bot

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// LeagueDefaults are the settings of a league that `league new` leaves
// out: format ("round-robin" or "swiss"; default round-robin), tie-break
// ("sb" or "h2h"; default sb), the deadline of its games (0: the
// scenario's default deadline) and the yearly vacation bank (0: the
// deadlines' default).
type LeagueDefaults struct {
	Format       string
	TieBreak     string
	Deadline     time.Duration
	VacationDays int
}

// keyLeague holds the leagues: + room / name → league.
const keyLeague = "bot/league/"

// league is a competition among the players of a room: its settings, its
// entries, and every pairing with its game and result. It is an
// application value written under App.leagueMu.
type league struct {
	Name      string        `json:"name"`
	Room      string        `json:"room"`
	Format    string        `json:"format"` // "round-robin" or "swiss"
	Rounds    int           `json:"rounds"` // total rounds
	Scenarios []string      `json:"scenarios"`
	Deadline  time.Duration `json:"deadline,omitempty"`
	TieBreak  string        `json:"tiebreak"` // "sb" (Sonneborn–Berger) or "h2h"
	// VacationDays is the yearly vacation bank in this league (0: the
	// configuration's).
	VacationDays int       `json:"vacation_days,omitempty"`
	By           string    `json:"by"`
	Created      time.Time `json:"created"`
	Entries      []entry   `json:"entries"`
	Pairings     []pairing `json:"pairings"`
	Round        int       `json:"round"` // the round being played (1-based)
	Done         bool      `json:"done,omitempty"`
}

// entry is one place in a league: the player holding it now (a
// substitute takes over the place with its results) and the players who
// held it before.
type entry struct {
	User      string   `json:"user"`
	Former    []string `json:"former,omitempty"`
	Withdrawn string   `json:"withdrawn,omitempty"` // "", "forfeit", "cancel"
}

// pairing is one game of a league: the entries on side A and B (B = -1: a
// bye for A), its round and scenario, its game once created, its result.
type pairing struct {
	Round    int     `json:"round"`
	A        int     `json:"a"`
	B        int     `json:"b"`
	Scenario string  `json:"scenario"`
	Game     string  `json:"game,omitempty"`
	Result   *result `json:"result,omitempty"`
}

// result is how a pairing ended. Kind: "played" (by the rules, a
// concession or an agreed draw), "forfeit" (a withdrawn player's game),
// "cancelled" (not counted), "bye". Winner is A, B or Nobody (a draw).
type result struct {
	Kind   string    `json:"kind"`
	Winner game.Side `json:"winner"`
	Score  [2]int    `json:"score"`
}

func (p *pairing) bye() bool { return p.B < 0 }

// leagueID is how a game's clock names its league: room "/" name.
func leagueID(room, name string) string { return room + "/" + name }

func (a *App) readLeague(id string) (*league, error) {
	raw, err := a.store.Value(keyLeague + id)
	if err != nil || raw == nil {
		return nil, err
	}
	var lgue league
	if err := json.Unmarshal(raw, &lgue); err != nil {
		return nil, fmt.Errorf("league %s: %w", id, err)
	}
	return &lgue, nil
}

func (a *App) saveLeague(lgue *league) error {
	b, err := json.Marshal(lgue)
	if err != nil {
		return err
	}
	return a.store.PutValue(keyLeague+leagueID(lgue.Room, lgue.Name), b)
}

var leagueName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// league dispatches the league commands.
func (c *call) league() error {
	words := strings.Fields(c.p.args["details"])
	action := c.p.args["action"]
	switch action {
	case "new", "substitute", "withdraw":
		if !c.roomAdmin() {
			return uerr("auth.admin", "command", "league "+action)
		}
	}
	switch action {
	case "new":
		return c.leagueNew(words)
	case "list":
		return c.leagueList()
	}
	lgue, rest, err := c.pickLeague(words)
	if err != nil {
		return err
	}
	if (action == "substitute" || action == "withdraw") && !c.a.operator(c.ukey) &&
		slices.ContainsFunc(lgue.Entries, func(e entry) bool { return e.User == c.ukey }) {
		// A player of the league never administers it (issue 14 §2).
		c.a.log.Warn("bot: administrator action refused: the administrator plays in the league", "league", lgue.Name, "command", "league "+action, "platform", c.req.Platform, "user", c.req.User.ID)
		return uerr("auth.own-game", "game", lgue.Name, "command", "league "+action)
	}
	switch action {
	case "standings":
		return c.leagueStandings(lgue)
	case "schedule":
		return c.leagueSchedule(lgue)
	case "substitute":
		return c.leagueSubstitute(lgue, rest)
	default:
		return c.leagueWithdraw(lgue, rest)
	}
}

// pickLeague finds the league a command names (its first word), or the
// room's only league.
func (c *call) pickLeague(words []string) (*league, []string, error) {
	if len(words) > 0 && leagueName.MatchString(strings.ToLower(words[0])) {
		lgue, err := c.a.readLeague(leagueID(c.room, strings.ToLower(words[0])))
		if err != nil {
			return nil, nil, err
		}
		if lgue != nil {
			return lgue, words[1:], nil
		}
	}
	kvs, err := c.a.store.Values(keyLeague + c.room + "/")
	if err != nil {
		return nil, nil, err
	}
	var names []string
	for _, kv := range kvs {
		if n := strings.TrimPrefix(kv.Key, keyLeague+c.room+"/"); !strings.Contains(n, "/") {
			names = append(names, n)
		}
	}
	switch {
	case len(names) == 1:
		lgue, err := c.a.readLeague(leagueID(c.room, names[0]))
		return lgue, words, err
	case len(names) == 0:
		return nil, nil, uerr("league.none")
	case len(words) > 0:
		return nil, nil, uerr("league.unknown", "name", words[0], "list", strings.Join(names, ", "))
	}
	return nil, nil, uerr("league.which", "list", strings.Join(names, ", "))
}

// leagueArgs reads "key:value" words; words without a key go on the
// previous key's value (players:@a @b @c). A word starting with @ or <
// is a mention even when it holds a colon (Matrix ids).
func leagueArgs(words []string) (map[string][]string, error) {
	out := map[string][]string{}
	key := ""
	for _, w := range words {
		if !strings.HasPrefix(w, "@") && !strings.HasPrefix(w, "<") {
			if k, v, ok := strings.Cut(w, ":"); ok && regexp.MustCompile(`^[a-z-]+$`).MatchString(strings.ToLower(k)) {
				key = strings.ToLower(k)
				if _, dup := out[key]; dup {
					return nil, uerr("league.dup-key", "key", key)
				}
				out[key] = nil
				if v != "" {
					out[key] = append(out[key], v)
				}
				continue
			}
		}
		if key == "" {
			return nil, uerr("league.bad-word", "word", w)
		}
		out[key] = append(out[key], w)
	}
	return out, nil
}

// leagueNew: league new <name> players:@a @b … scenarios:gs-1,gs-3
// [format:round-robin|swiss] [rounds:N] [deadline:72h] [tiebreak:sb|h2h]
// [vacation:14d]. It pairs the players and starts round 1.
func (c *call) leagueNew(words []string) error {
	if len(words) == 0 || !leagueName.MatchString(strings.ToLower(words[0])) {
		return uerr("league.bad-name")
	}
	name := strings.ToLower(words[0])
	if old, err := c.a.readLeague(leagueID(c.room, name)); err != nil {
		return err
	} else if old != nil {
		return uerr("league.exists", "name", name)
	}
	args, err := leagueArgs(words[1:])
	if err != nil {
		return err
	}
	known := []string{"players", "scenarios", "format", "rounds", "deadline", "tiebreak", "vacation"}
	for k := range args {
		if !slices.Contains(known, k) {
			return uerr("league.unknown-key", "key", k, "list", strings.Join(known, ", "))
		}
	}
	def := c.a.cfg.Leagues
	lgue := &league{Name: name, Room: c.room, Format: "round-robin", TieBreak: "sb", By: c.ukey, Created: c.now, VacationDays: def.VacationDays}
	if def.Format == "swiss" {
		lgue.Format = def.Format
	}
	if def.TieBreak == "h2h" {
		lgue.TieBreak = def.TieBreak
	}
	for _, w := range args["players"] {
		id, ok := c.mentionID(w)
		if !ok {
			return uerr("new.bad-user", "user", w)
		}
		u := userKey(c.req.Platform, id)
		if slices.ContainsFunc(lgue.Entries, func(e entry) bool { return e.User == u }) {
			return uerr("league.dup-player", "user", w)
		}
		lgue.Entries = append(lgue.Entries, entry{User: u})
	}
	if len(lgue.Entries) < 2 {
		return uerr("league.few-players")
	}
	for _, v := range args["scenarios"] {
		for _, id := range strings.Split(v, ",") {
			if id = strings.ToLower(strings.TrimSpace(id)); id == "" {
				continue
			}
			if _, err := c.a.scenario(id); err != nil {
				return uerr("new.unknown-scenario", "scenario", id, "list", c.a.scenarioIDs())
			}
			lgue.Scenarios = append(lgue.Scenarios, id)
		}
	}
	if len(lgue.Scenarios) == 0 {
		return uerr("league.no-scenario", "list", c.a.scenarioIDs())
	}
	if v := one(args["format"]); v != "" {
		if v != "round-robin" && v != "swiss" {
			return uerr("league.bad-format", "value", v)
		}
		lgue.Format = v
	}
	if v := one(args["tiebreak"]); v != "" {
		if v != "sb" && v != "h2h" {
			return uerr("league.bad-tiebreak", "value", v)
		}
		lgue.TieBreak = v
	}
	n := len(lgue.Entries)
	rounds := 0
	if v := one(args["rounds"]); v != "" {
		r, err := strconv.Atoi(v)
		if err != nil || r < 1 || r > 50 {
			return uerr("league.bad-rounds", "value", v)
		}
		rounds = r
	}
	if v := one(args["deadline"]); v != "" {
		d, err := ParseDuration(v)
		if err != nil || d < time.Minute {
			return uerr("new.bad-deadline", "value", v)
		}
		lgue.Deadline = d
	} else if def.Deadline > 0 {
		lgue.Deadline = def.Deadline
	} else {
		lgue.Deadline = c.a.cfg.Deadlines.phaseFor(lgue.Scenarios[0])
	}
	if v := one(args["vacation"]); v != "" {
		days, err := strconv.Atoi(strings.TrimSuffix(v, "d"))
		if err != nil || days < 0 || days > 366 {
			return uerr("vacation.bad-bank", "value", v)
		}
		lgue.VacationDays = days
	}
	if lgue.Format == "round-robin" {
		cycles := max(rounds, 1)
		lgue.Pairings = roundRobin(n, cycles)
		lgue.Rounds = lgue.Pairings[len(lgue.Pairings)-1].Round
		if rounds == 0 {
			rounds = 1
		}
	} else {
		if rounds == 0 {
			rounds = max(1, int(math.Ceil(math.Log2(float64(n)))))
		}
		// Up to half the players' number of rounds, a pairing without a
		// rematch always exists (each player still has at least half the
		// field to meet).
		if rounds > (n+1)/2 {
			return uerr("league.swiss-rounds", "max", (n+1)/2)
		}
		lgue.Rounds = rounds
	}
	for i := range lgue.Pairings {
		lgue.Pairings[i].Scenario = lgue.Scenarios[(lgue.Pairings[i].Round-1)%len(lgue.Scenarios)]
	}
	c.a.lockLeagues()
	defer c.a.unlockLeagues()
	l := c.plang
	var players []string
	m := c.say("", "")
	for _, e := range lgue.Entries {
		players = append(players, m.mention(c.a.userOf(e.User)))
	}
	format := lgue.Format
	if format == "round-robin" && rounds > 1 {
		format += fmt.Sprintf(" ×%d", rounds)
	}
	dl := T(l, "status.deadline")
	if lgue.Deadline > 0 {
		dl = T(l, "league.deadline", "phase", fmtDuration(l, lgue.Deadline))
	}
	m.Text = T(l, "league.created", "name", name, "players", strings.Join(players, " "), "format", format, "rounds", lgue.Rounds,
		"scenarios", strings.Join(lgue.Scenarios, ", "), "deadline", dl)
	return c.startRound(lgue)
}

func one(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return strings.ToLower(strings.Join(v, " "))
}

func (a *App) scenarioIDs() string {
	var ids []string
	for _, in := range a.scenarioInfos() {
		ids = append(ids, in.ID)
	}
	return strings.Join(ids, ", ")
}

// roundRobin schedules n entries by the circle method: every entry meets
// every other once per cycle; with an odd n each round gives one entry a
// bye. Sides are chosen when a round starts (balanceSides).
func roundRobin(n, cycles int) []pairing {
	ids := make([]int, 0, n+1)
	for i := range n {
		ids = append(ids, i)
	}
	if n%2 == 1 {
		ids = append(ids, -1)
	}
	m := len(ids)
	var out []pairing
	round := 0
	for range cycles {
		ring := slices.Clone(ids)
		for range m - 1 {
			round++
			for i := range m / 2 {
				x, y := ring[i], ring[m-1-i]
				switch {
				case x < 0:
					out = append(out, pairing{Round: round, A: y, B: -1})
				case y < 0:
					out = append(out, pairing{Round: round, A: x, B: -1})
				default:
					out = append(out, pairing{Round: round, A: x, B: y})
				}
			}
			// Keep the first, rotate the others one step.
			ring = append([]int{ring[0], ring[m-1]}, ring[1:m-1]...)
		}
	}
	return out
}

// balanceSides gives side A to the entry that had it less often so far
// (then the one that had B last, then alternately the lower and higher
// entry by round), so that every player alternates sides as evenly as
// the pairings allow.
func balanceSides(lgue *league, p *pairing) {
	if p.bye() {
		return
	}
	countA := func(e int) (as, last int) {
		last = -1
		for _, q := range lgue.Pairings {
			if q.Game == "" || q.bye() || q.Round >= p.Round {
				continue
			}
			switch e {
			case q.A:
				as++
				last = 0
			case q.B:
				last = 1
			}
		}
		return
	}
	// A pair that met before plays with the sides of their last meeting
	// reversed.
	for i := len(lgue.Pairings) - 1; i >= 0; i-- {
		q := lgue.Pairings[i]
		if q.Game == "" || q.Round >= p.Round {
			continue
		}
		if q.A == p.A && q.B == p.B || q.A == p.B && q.B == p.A {
			p.A, p.B = q.B, q.A
			return
		}
	}
	xa, xl := countA(p.A)
	ya, yl := countA(p.B)
	swap := false
	switch {
	case xa != ya:
		swap = xa > ya
	case xl != yl:
		swap = xl == 0 // A played A last: give it B now
	default:
		swap = p.Round%2 == 0 && p.A < p.B || p.Round%2 == 1 && p.A > p.B
	}
	if swap {
		p.A, p.B = p.B, p.A
	}
}

// swissPairs pairs a Swiss round: entries by score (then rating, then
// place), the lowest-ranked entry without a bye gets one when their
// number is odd, then top down, each with the first entry it has not met
// (backtracking; a rematch only when no other pairing exists).
func swissPairs(lgue *league, round int) []pairing {
	st := lgue.standingsRaw()
	var order []int
	for _, r := range st {
		if lgue.Entries[r.entry].Withdrawn == "" {
			order = append(order, r.entry)
		}
	}
	var out []pairing
	if len(order)%2 == 1 {
		pick := len(order) - 1
		for i := len(order) - 1; i >= 0; i-- {
			if !lgue.hadBye(order[i]) {
				pick = i
				break
			}
		}
		out = append(out, pairing{Round: round, A: order[pick], B: -1})
		order = slices.Delete(order, pick, pick+1)
	}
	met := func(x, y int) bool {
		for _, p := range lgue.Pairings {
			if p.A == x && p.B == y || p.A == y && p.B == x {
				return true
			}
		}
		return false
	}
	var solve func(rest []int, allowRematch bool) ([][2]int, bool)
	solve = func(rest []int, allowRematch bool) ([][2]int, bool) {
		if len(rest) == 0 {
			return nil, true
		}
		x := rest[0]
		for j := 1; j < len(rest); j++ {
			y := rest[j]
			if !allowRematch && met(x, y) {
				continue
			}
			others := append(slices.Clone(rest[1:j]), rest[j+1:]...)
			if sub, ok := solve(others, allowRematch); ok {
				return append([][2]int{{x, y}}, sub...), true
			}
		}
		return nil, false
	}
	pairs, ok := solve(order, false)
	if !ok {
		pairs, _ = solve(order, true)
	}
	for _, pr := range pairs {
		out = append(out, pairing{Round: round, A: pr[0], B: pr[1]})
	}
	return out
}

func (lgue *league) hadBye(e int) bool {
	return slices.ContainsFunc(lgue.Pairings, func(p pairing) bool { return p.A == e && p.bye() })
}

// startRound begins the league's next round: it pairs it (Swiss), gives
// the byes and the withdrawn players' pairings their results, creates the
// games (sides balanced) and announces them. The caller holds leagueMu;
// the league is saved.
func (c *call) startRound(lgue *league) error {
	lgue.Round++
	round := lgue.Round
	if lgue.Format == "swiss" {
		ps := swissPairs(lgue, round)
		for i := range ps {
			ps[i].Scenario = lgue.Scenarios[(round-1)%len(lgue.Scenarios)]
		}
		lgue.Pairings = append(lgue.Pairings, ps...)
	}
	l := c.plang
	var lines []string
	var created []string
	for i := range lgue.Pairings {
		p := &lgue.Pairings[i]
		if p.Round != round {
			continue
		}
		if p.Result != nil { // a withdrawn player's pairing, settled already
			if !p.bye() && p.Game == "" {
				lines = append(lines, T(l, "league.not-played", "a", c.a.userOf(lgue.Entries[p.A].User).Display(), "b", c.a.userOf(lgue.Entries[p.B].User).Display(),
					"result", c.resultWord(l, lgue, p)))
			}
			continue
		}
		if p.bye() {
			p.Result = &result{Kind: "bye", Winner: game.SideA}
			lines = append(lines, T(l, "league.bye", "user", c.a.userOf(lgue.Entries[p.A].User).Display()))
			continue
		}
		if w := lgue.withdrawnIn(p); w >= 0 {
			p.Result = withdrawnResult(lgue, p, w)
			lines = append(lines, T(l, "league.not-played", "a", c.a.userOf(lgue.Entries[p.A].User).Display(), "b", c.a.userOf(lgue.Entries[p.B].User).Display(),
				"result", c.resultWord(l, lgue, p)))
			continue
		}
		balanceSides(lgue, p)
		id, err := c.createLeagueGame(lgue, p)
		if err != nil {
			return err
		}
		p.Game = id
		created = append(created, id)
		c.a.note(observation{kind: "pairing", game: id, index: round, at: c.now})
		lines = append(lines, fmt.Sprintf("%s · %s (A) – %s (B) · %s", id, c.a.userOf(lgue.Entries[p.A].User).Display(), c.a.userOf(lgue.Entries[p.B].User).Display(), p.Scenario))
	}
	if err := c.a.saveLeague(lgue); err != nil {
		return err
	}
	c.say("", T(l, "league.round", "name", lgue.Name, "round", round, "rounds", lgue.Rounds)+"\n  "+strings.Join(lines, "\n  "))
	for _, id := range created {
		if err := c.announceLeagueGame(lgue, id); err != nil {
			return err
		}
	}
	if len(created) == 0 {
		return c.roundOver(lgue)
	}
	return nil
}

// withdrawnIn is the side of a pairing whose player has withdrawn (A or
// B, the first), or -1.
func (lgue *league) withdrawnIn(p *pairing) game.Side {
	switch {
	case lgue.Entries[p.A].Withdrawn != "":
		return game.SideA
	case !p.bye() && lgue.Entries[p.B].Withdrawn != "":
		return game.SideB
	}
	return -1
}

// withdrawnResult is the result of a pairing that a withdrawn player will
// not play: a forfeit won by the other (both withdrawn: cancelled), or
// cancelled, as the withdrawal said.
func withdrawnResult(lgue *league, p *pairing, w game.Side) *result {
	e := lgue.Entries[p.A]
	if w == game.SideB {
		e = lgue.Entries[p.B]
	}
	both := lgue.Entries[p.A].Withdrawn != "" && lgue.Entries[p.B].Withdrawn != ""
	if e.Withdrawn == "cancel" || both {
		return &result{Kind: "cancelled", Winner: game.Nobody}
	}
	return &result{Kind: "forfeit", Winner: w.Other()}
}

// createLeagueGame stores a pairing's game, both seats taken, active.
func (c *call) createLeagueGame(lgue *league, p *pairing) (string, error) {
	sc, err := c.a.scenario(p.Scenario)
	if err != nil {
		return "", err
	}
	r, err := c.a.ruleset(sc.Ruleset)
	if err != nil {
		return "", err
	}
	if err := startable(r, sc, nil); err != nil {
		return "", internal("scenario %s does not start: %w", sc.ID, err)
	}
	meta := storage.GameMeta{
		Ruleset: r.Name(), RulesetVersion: r.Version(), Scenario: sc.ID, ScenarioHash: sc.Hash,
		Title:  fmt.Sprintf("%s · %s r%d", sc.Title, lgue.Name, p.Round),
		Seats:  map[game.Side]string{game.SideA: lgue.Entries[p.A].User, game.SideB: lgue.Entries[p.B].User},
		Rooms:  []string{lgue.Room},
		Status: storage.StatusActive,
	}
	seed := c.a.cfg.NewSeed()
	if sc, err = setUp(r, sc, nil, seed); err != nil {
		return "", err
	}
	meta, err = c.a.store.CreateGame(meta, sc, seed)
	if err != nil {
		return "", err
	}
	if err := c.a.saveExtra(&live{id: meta.ID, x: extra{Creator: lgue.By}}); err != nil {
		return "", err
	}
	if err := c.a.newClock(meta.ID, lgue.Deadline, leagueID(lgue.Room, lgue.Name)); err != nil {
		return "", err
	}
	return meta.ID, nil
}

// announceLeagueGame posts a league game's start (in a thread of its own
// where the platform has threads) and pings the player who must act.
func (c *call) announceLeagueGame(lgue *league, id string) error {
	lg, err := c.a.lock(id)
	if err != nil {
		return err
	}
	defer lg.mu.Unlock()
	l := c.plang
	m := c.say(lg.id, "")
	m.Text = T(l, "game.started", "game", lg.id, "a", m.mention(c.a.userOf(lg.meta.Seats[game.SideA])),
		"b", m.mention(c.a.userOf(lg.meta.Seats[game.SideB])), "commitment", lg.meta.Commitment)
	m.Text += "\n" + T(l, "league.game", "name", lgue.Name, "round", lgue.Round, "scenario", lg.meta.Scenario)
	if note := c.a.deadlineNote(l, lgue.Deadline); note != "" {
		m.Text += "\n" + note
	}
	m.NewThread = fmt.Sprintf("%s · %s r%d", lg.id, lgue.Name, lgue.Round)
	c.afterChange(lg, nil)
	return nil
}

// gameEnded is called once a game has ended (by the rules or by hand):
// its timers are cleared and, in a league, its result is recorded, the
// ratings move, and the next round starts when this one is complete.
func (c *call) gameEnded(lg *live) {
	c.clockOver(lg)
	clk, err := c.a.clockOf(lg)
	if err != nil || clk.League == "" {
		return
	}
	c.a.lockLeagues()
	defer c.a.unlockLeagues()
	lgue, err := c.a.readLeague(clk.League)
	if err != nil || lgue == nil {
		c.a.log.Error("bot: league of a game", "game", lg.id, "league", clk.League, "err", err)
		return
	}
	i := slices.IndexFunc(lgue.Pairings, func(p pairing) bool { return p.Game == lg.id })
	if i < 0 || lgue.Pairings[i].Result != nil {
		return
	}
	lgue.Pairings[i].Result = resultOf(lg)
	if err := c.a.saveLeague(lgue); err != nil {
		c.a.log.Error("bot: saving a league", "league", clk.League, "err", err)
		return
	}
	if lgue.Pairings[i].Round == lgue.Round {
		if err := c.roundOver(lgue); err != nil {
			c.a.log.Error("bot: next league round", "league", clk.League, "err", err)
		}
	}
}

// resultOf is a finished game's league result.
func resultOf(lg *live) *result {
	o := lg.g.State.Outcome()
	r := &result{Kind: "played", Winner: game.Nobody, Score: o.Score}
	if h := lg.x.Result; h != nil {
		switch h.Kind {
		case "concede", "draw":
			r.Winner = h.Winner
		case "forfeit":
			r.Kind, r.Winner = "forfeit", h.Winner
		default: // abort, withdraw: not counted
			r.Kind = "cancelled"
		}
		return r
	}
	if o.Over {
		r.Winner = o.Winner
	}
	return r
}

// roundOver starts the next round when every pairing of the current one
// has a result, or closes the league after the last round. The caller
// holds leagueMu.
func (c *call) roundOver(lgue *league) error {
	for _, p := range lgue.Pairings {
		if p.Round == lgue.Round && p.Result == nil {
			return nil
		}
	}
	if lgue.Round < lgue.Rounds && lgue.active() >= 2 {
		return c.startRound(lgue)
	}
	if lgue.Done {
		return nil
	}
	lgue.Done = true
	if err := c.a.saveLeague(lgue); err != nil {
		return err
	}
	l := c.plang
	st := lgue.standingsRaw()
	win := c.a.userOf(lgue.Entries[st[0].entry].User)
	m := c.say("", "")
	m.Text = T(l, "league.done", "name", lgue.Name, "winner", m.mention(win)) + "\n" + c.standingsText(l, lgue)
	if img := c.standingsImage(l, lgue); img != nil {
		m.Images = append(m.Images, *img)
	}
	return nil
}

func (lgue *league) active() int {
	n := 0
	for _, e := range lgue.Entries {
		if e.Withdrawn == "" {
			n++
		}
	}
	return n
}

// leagueList lists the room's leagues.
func (c *call) leagueList() error {
	kvs, err := c.a.store.Values(keyLeague + c.room + "/")
	if err != nil {
		return err
	}
	l := c.lang
	var lines []string
	for _, kv := range kvs {
		var lgue league
		if json.Unmarshal(kv.Value, &lgue) != nil || lgue.Room != c.room {
			continue
		}
		state := T(l, "league.state-round", "round", lgue.Round, "rounds", lgue.Rounds)
		if lgue.Done {
			state = T(l, "league.state-done")
		}
		lines = append(lines, fmt.Sprintf("  %s · %s · %d · %s", lgue.Name, lgue.Format, len(lgue.Entries), state))
	}
	if len(lines) == 0 {
		return uerr("league.none")
	}
	c.reply(T(l, "league.list") + "\n" + strings.Join(lines, "\n"))
	return nil
}

// leagueSchedule lists every round: games, players, sides, results;
// Swiss rounds not yet paired are announced as such.
func (c *call) leagueSchedule(lgue *league) error {
	l := c.lang
	lines := []string{T(l, "league.schedule", "name", lgue.Name, "format", lgue.Format)}
	for r := 1; r <= lgue.Rounds; r++ {
		lines = append(lines, T(l, "league.round-head", "round", r))
		any := false
		for i := range lgue.Pairings {
			p := &lgue.Pairings[i]
			if p.Round != r {
				continue
			}
			any = true
			a := c.a.userOf(lgue.Entries[p.A].User).Display()
			if p.bye() {
				lines = append(lines, "  "+T(l, "league.bye", "user", a))
				continue
			}
			b := c.a.userOf(lgue.Entries[p.B].User).Display()
			id := p.Game
			if id == "" {
				id = "—"
			}
			sides := fmt.Sprintf("%s (A) – %s (B)", a, b)
			if p.Game == "" {
				sides = a + " – " + b // sides are chosen when a game is created
			}
			lines = append(lines, fmt.Sprintf("  %s · %s · %s · %s", id, sides, p.Scenario, c.resultWord(l, lgue, p)))
		}
		if !any {
			lines = append(lines, "  "+T(l, "league.unpaired"))
		}
	}
	c.reply(strings.Join(lines, "\n"))
	return nil
}

// resultWord prints a pairing's result.
func (c *call) resultWord(l Lang, lgue *league, p *pairing) string {
	r := p.Result
	if r == nil {
		if p.Game != "" {
			return T(l, "league.playing")
		}
		return T(l, "league.to-play")
	}
	score := fmt.Sprintf("%s (VP %d–%d)", map[game.Side]string{game.SideA: "1–0", game.SideB: "0–1", game.Nobody: "½–½"}[r.Winner], r.Score[0], r.Score[1])
	switch r.Kind {
	case "forfeit":
		return T(l, "league.forfeit", "score", map[game.Side]string{game.SideA: "1–0", game.SideB: "0–1"}[r.Winner])
	case "cancelled":
		return T(l, "league.cancelled")
	case "bye":
		return T(l, "league.bye-result")
	}
	return score
}

// leagueSubstitute: league substitute <name> @old @new — the new player
// takes over the old one's place: their results, their seat in the
// league's unfinished games, their future pairings.
func (c *call) leagueSubstitute(lgue *league, words []string) error {
	if len(words) != 2 {
		return uerr("league.substitute-usage")
	}
	var users [2]string
	for i, w := range words {
		id, ok := c.mentionID(w)
		if !ok {
			return uerr("new.bad-user", "user", w)
		}
		users[i] = userKey(c.req.Platform, id)
	}
	c.a.lockLeagues()
	lgue, err := c.a.readLeague(leagueID(lgue.Room, lgue.Name)) // fresh, under the lock
	if err != nil || lgue == nil {
		c.a.unlockLeagues()
		return err
	}
	e := slices.IndexFunc(lgue.Entries, func(x entry) bool { return x.User == users[0] })
	if e < 0 {
		c.a.unlockLeagues()
		return uerr("league.not-player", "user", words[0], "name", lgue.Name)
	}
	if slices.ContainsFunc(lgue.Entries, func(x entry) bool { return x.User == users[1] }) {
		c.a.unlockLeagues()
		return uerr("league.already-player", "user", words[1], "name", lgue.Name)
	}
	lgue.Entries[e].Former = append(lgue.Entries[e].Former, users[0])
	lgue.Entries[e].User = users[1]
	var games []string
	for _, p := range lgue.Pairings {
		if p.Game != "" && p.Result == nil && (p.A == e || p.B == e) {
			games = append(games, p.Game)
		}
	}
	err = c.a.saveLeague(lgue)
	c.a.unlockLeagues()
	if err != nil {
		return err
	}
	// Seats change outside the league lock (games are locked before it
	// everywhere else).
	for _, id := range games {
		lg, err := c.hold(id)
		if err != nil {
			return err
		}
		side := lg.seatOf(users[0])
		if side.Valid() {
			meta, err := c.a.store.SetSeat(id, side, users[1])
			if err != nil {
				lg.invalidate()
				c.unhold(lg)
				return err
			}
			lg.meta = meta
		}
		c.unhold(lg)
	}
	list := "—"
	if len(games) > 0 {
		list = strings.Join(games, ", ")
	}
	m := c.say("", "")
	m.Text = T(c.plang, "league.substituted", "name", lgue.Name, "old", c.a.userOf(users[0]).Display(), "new", m.mention(c.a.userOf(users[1])),
		"games", list, "admin", c.user.Display())
	return nil
}

// leagueWithdraw: league withdraw <name> @player [forfeit|cancel]. The
// player's game in progress and every pairing left to them end as the
// mode says: forfeit (default: the opponent wins, counted in the
// standings) or cancel (not counted). Their finished games stay.
func (c *call) leagueWithdraw(lgue *league, words []string) error {
	if len(words) < 1 || len(words) > 2 {
		return uerr("league.withdraw-usage")
	}
	mode := "forfeit"
	if len(words) == 2 {
		mode = strings.ToLower(words[1])
		if mode != "forfeit" && mode != "cancel" {
			return uerr("league.withdraw-usage")
		}
	}
	id, ok := c.mentionID(words[0])
	if !ok {
		return uerr("new.bad-user", "user", words[0])
	}
	user := userKey(c.req.Platform, id)
	c.a.lockLeagues()
	lgue, err := c.a.readLeague(leagueID(lgue.Room, lgue.Name))
	if err != nil || lgue == nil {
		c.a.unlockLeagues()
		return err
	}
	e := slices.IndexFunc(lgue.Entries, func(x entry) bool { return x.User == user })
	if e < 0 {
		c.a.unlockLeagues()
		return uerr("league.not-player", "user", words[0], "name", lgue.Name)
	}
	if lgue.Entries[e].Withdrawn != "" {
		c.a.unlockLeagues()
		return uerr("league.withdrawn-already", "user", words[0])
	}
	lgue.Entries[e].Withdrawn = mode
	// Pairings not yet started: their result now.
	for i := range lgue.Pairings {
		p := &lgue.Pairings[i]
		if p.Result == nil && p.Game == "" && !p.bye() && (p.A == e || p.B == e) {
			p.Result = withdrawnResult(lgue, p, lgue.withdrawnIn(p))
		}
	}
	var games []string
	for _, p := range lgue.Pairings {
		if p.Game != "" && p.Result == nil && (p.A == e || p.B == e) {
			games = append(games, p.Game)
		}
	}
	err = c.a.saveLeague(lgue)
	c.a.unlockLeagues()
	if err != nil {
		return err
	}
	m := c.say("", "")
	modeText := T(c.plang, "league.mode-forfeit")
	if mode == "cancel" {
		modeText = T(c.plang, "league.mode-cancel")
	}
	m.Text = T(c.plang, "league.withdrew", "name", lgue.Name, "user", c.a.userOf(user).Display(), "mode", modeText, "admin", c.user.Display())
	// The games in progress end by hand; each end records its result and
	// may complete the round (gameEnded takes the league lock itself).
	for _, id := range games {
		lg, err := c.hold(id)
		if err != nil {
			return err
		}
		if lg.meta.Status.Ended() {
			c.unhold(lg)
			continue
		}
		side := lg.seatOf(user)
		r := handResult{Kind: "forfeit", Winner: side.Other(), By: user}
		if mode == "cancel" {
			r = handResult{Kind: "withdraw", Winner: game.Nobody, By: user}
		}
		err = c.endByHand(lg, r)
		if err == nil {
			c.finalMessage(lg)
		}
		c.unhold(lg)
		if err != nil {
			return err
		}
	}
	// Nothing in progress: the round may be complete already.
	c.a.lockLeagues()
	defer c.a.unlockLeagues()
	lgue, err = c.a.readLeague(leagueID(lgue.Room, lgue.Name))
	if err != nil || lgue == nil {
		return err
	}
	return c.roundOver(lgue)
}
