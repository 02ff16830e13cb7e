package bot

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/internal/bounded"
	"github.com/grognard/grognard/storage"
)

// Site is what the bot knows of the read-only web view (bot/web): where
// it is, so that board posts and status messages carry the game's page,
// and how private links are signed. The zero value is no web view.
type Site struct {
	// BaseURL is the public address of the site, without a final slash
	// ("https://grognard.example.org").
	BaseURL string
	// Key signs private links (HMAC-SHA256); at least 32 bytes. It is
	// never logged nor shown.
	Key []byte
	// LinkTTL is how long a private link works (default 30 days).
	LinkTTL time.Duration
}

// DefaultLinkTTL is the life of a private link when Site.LinkTTL is 0.
const DefaultLinkTTL = 30 * 24 * time.Hour

// The reasons a private link is refused (App.OpenLink).
var (
	ErrLinkInvalid = errors.New("bot: the link is not one the bot signed")
	ErrLinkExpired = errors.New("bot: the link has expired")
	ErrLinkRevoked = errors.New("bot: the link was revoked")
	// ErrNoSite: private links need Site.BaseURL and Site.Key.
	ErrNoSite = errors.New("bot: no web view is configured")
)

// keyLinkGen holds a user's private-link generation: + user key → a
// number; `link revoke` raises it and every older link stops working.
const keyLinkGen = "bot/link/"

// Link is what a valid private link names: the game, the player and the
// side whose view it opens.
type Link struct {
	Game    string    `json:"g"`
	User    string    `json:"u"`
	Side    game.Side `json:"s"`
	Expires int64     `json:"e"`
	Gen     int       `json:"n"`
}

// GameURL is the public page of a game ("" without a web view).
func (a *App) GameURL(id string) string {
	if a.cfg.Site.BaseURL == "" {
		return ""
	}
	return a.cfg.Site.BaseURL + "/g/" + url.PathEscape(id)
}

// LeagueURL is the page of a league ("" without a web view).
func (a *App) LeagueURL(id string) string {
	if a.cfg.Site.BaseURL == "" {
		return ""
	}
	return a.cfg.Site.BaseURL + "/l/" + url.PathEscape(id)
}

// linkMAC signs a link's payload.
func (a *App) linkMAC(payload string) []byte {
	m := hmac.New(sha256.New, a.cfg.Site.Key)
	m.Write([]byte("grognard private link v1\x00"))
	m.Write([]byte(payload))
	return m.Sum(nil)
}

// PrivateToken signs a link to user's view of a game as side.
func (a *App) PrivateToken(gameID, user string, side game.Side) (string, time.Time, error) {
	if a.cfg.Site.BaseURL == "" || len(a.cfg.Site.Key) == 0 {
		return "", time.Time{}, ErrNoSite
	}
	gen, err := a.linkGen(user)
	if err != nil {
		return "", time.Time{}, err
	}
	ttl := a.cfg.Site.LinkTTL
	if ttl <= 0 {
		ttl = DefaultLinkTTL
	}
	exp := a.cfg.Now().Add(ttl).Truncate(time.Second)
	raw, err := json.Marshal(Link{Game: gameID, User: user, Side: side, Expires: exp.Unix(), Gen: gen})
	if err != nil {
		return "", time.Time{}, err
	}
	p := base64.RawURLEncoding.EncodeToString(raw)
	return p + "." + base64.RawURLEncoding.EncodeToString(a.linkMAC(p)), exp, nil
}

// OpenLink checks a private link's token: signed by this bot's key, not
// expired, not revoked, and its user still holds the side's seat.
func (a *App) OpenLink(token string) (Link, error) {
	var l Link
	if len(a.cfg.Site.Key) == 0 {
		return l, ErrNoSite
	}
	p, mac, ok := strings.Cut(token, ".")
	if !ok || len(token) > 1024 {
		return l, ErrLinkInvalid
	}
	// The signature is compared as the bot spells it: a token has one
	// spelling (base64 decoding would also take other final characters
	// and skip line breaks).
	want := base64.RawURLEncoding.EncodeToString(a.linkMAC(p))
	if !hmac.Equal([]byte(mac), []byte(want)) {
		return l, ErrLinkInvalid
	}
	raw, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil || json.Unmarshal(raw, &l) != nil || !l.Side.Valid() || storage.ValidID(l.Game) != nil {
		return Link{}, ErrLinkInvalid
	}
	if !a.cfg.Now().Before(time.Unix(l.Expires, 0)) {
		return Link{}, ErrLinkExpired
	}
	gen, err := a.linkGen(l.User)
	if err != nil {
		return Link{}, err
	}
	if gen != l.Gen {
		return Link{}, ErrLinkRevoked
	}
	meta, err := a.store.Meta(l.Game)
	if err != nil {
		return Link{}, err
	}
	if meta.Seats[l.Side] != l.User {
		return Link{}, ErrLinkRevoked // the seat changed hands (a substitute)
	}
	return l, nil
}

func (a *App) linkGen(user string) (int, error) {
	raw, err := a.store.Value(keyLinkGen + user)
	if err != nil || raw == nil {
		return 0, err
	}
	return strconv.Atoi(string(raw))
}

// link answers `link` (a private link to the asker's view of the game)
// and `link revoke` (every link the asker was sent stops working).
func (c *call) link() error {
	if c.a.cfg.Site.BaseURL == "" || len(c.a.cfg.Site.Key) == 0 {
		return uerr("link.off")
	}
	if c.p.args["action"] == "revoke" {
		gen, err := c.a.linkGen(c.ukey)
		if err != nil {
			return err
		}
		if err := c.a.store.PutValue(keyLinkGen+c.ukey, []byte(strconv.Itoa(gen+1))); err != nil {
			return err
		}
		c.private("", c.user, T(c.lang, "link.revoked")).Ephemeral = true
		return nil
	}
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	side := c.viewer(lg)
	if !side.Valid() {
		return uerr("link.not-player", "game", lg.id, "url", c.a.GameURL(lg.id))
	}
	tok, exp, err := c.a.PrivateToken(lg.id, c.ukey, side)
	if err != nil {
		return err
	}
	m := c.private(lg.id, c.user, T(c.lang, "link.private", "game", lg.id, "side", side,
		"url", c.a.cfg.Site.BaseURL+"/p/"+tok, "until", fmtTime(c.lang, exp, c.a.zoneOf(c.ukey, c.room))))
	m.Ephemeral = true
	return nil
}

// HistoryItem is one line of a game's history on its page: a record (Seq
// > 0, the replay step after it) or an undo note (Undo).
type HistoryItem struct {
	Seq  int
	Undo bool
	Text string
}

// RollItem is one die of the dice audit: the record that rolled it, its
// index in the game's stream, its sides and the value logged; Computed is
// what the revealed seed gives (0 while the seed is secret).
type RollItem struct {
	Seq, Index, Sides, Value, Computed int
}

// GamePage is everything a game's web page shows, as viewer may see it:
// the spectator's view (game.Nobody) or one side's. Nothing in it is
// more than that view shows.
type GamePage struct {
	ID, Title, Scenario, Ruleset string
	Status                       storage.Status
	Viewer                       game.Side
	// Steps is the number of records; Step the one shown (the board after
	// record Step; 0: the set-up).
	Steps, Step int
	// Panel is the status as the bot prints it (seats, turn, phase, who
	// must act and on what, the deadlines, the score, the dice).
	Panel []string
	// StepClock is where the game stood after record Step.
	StepClock string
	// Units are the units and the zones (hands, decks) as viewer sees
	// them at Step.
	Units   []string
	History []HistoryItem
	// StepClocks[k] is the clock after record k (the replay's labels).
	StepClocks []string
	Commitment string
	// Seed is revealed once the game has ended.
	Seed  string
	Rolls []RollItem
	// HiddenRolls counts the dice of records viewer may not see.
	HiddenRolls int
	// Version changes with every record stored or undone: a cache key.
	Version string
}

// Ended reports whether the game is over (everything public, the seed
// revealed).
func (p *GamePage) Ended() bool { return p.Status.Ended() }

// siteCall is a call with no request behind it, for the web view's texts
// in l.
func (a *App) siteCall(l Lang) *call {
	return &call{a: a, lang: l, plang: l, now: a.cfg.Now(), clocks: map[game.Clock]string{}}
}

// gameSnap is what the web view copies out of a live game under its lock,
// so that pages and images are built while orders go on.
type gameSnap struct {
	id      string
	meta    storage.GameMeta
	rules   game.Ruleset
	sc      *game.Scenario
	opts    game.Options
	state   game.State
	recs    []game.Record
	times   []int64
	version string
}

func (a *App) snapshot(id string) (*gameSnap, *live, error) {
	lg, err := a.lockKnown(id)
	if err != nil {
		return nil, nil, err
	}
	defer relockOnPanic(lg)
	s := &gameSnap{id: id, meta: lg.meta, recs: slices.Clone(lg.recs)}
	if lg.g != nil {
		s.rules, s.sc, s.opts, s.state = lg.g.Rules, lg.g.Scenario, lg.g.Options, lg.g.State
	}
	s.times = make([]int64, len(lg.info))
	for i := range lg.info {
		s.times[i] = lg.mark(i)
	}
	s.version = lg.version()
	return s, lg, nil
}

// lockKnown is App.lock for the web view, whose ids come from anyone's
// address bar: an id the store does not hold is ErrNotFound before the
// App keeps an entry for it (App.games is never pruned, so every unknown
// id asked for would stay in memory for good).
func (a *App) lockKnown(id string) (*live, error) {
	if storage.ValidID(id) != nil {
		return nil, storage.ErrNotFound
	}
	a.mu.Lock()
	_, held := a.games[id]
	a.mu.Unlock()
	if !held {
		if _, err := a.store.Meta(id); err != nil {
			return nil, err
		}
	}
	return a.lock(id)
}

// relockOnPanic, deferred while the web view holds a game's lock, lets a
// panic go on only after the game is dropped from memory and unlocked,
// as the bot's own entry points do (finish): otherwise the game would
// stay locked for ever and its players' orders would wait for good.
func relockOnPanic(lg *live) {
	if p := recover(); p != nil {
		lg.invalidate()
		lg.mu.Unlock()
		panic(p)
	}
}

// mark is record i's mark: its time and its order, so that an undo
// followed by another order gives a new mark, even on a stopped clock.
func (lg *live) mark(i int) int64 {
	h := fnv.New64a()
	h.Write([]byte(lg.recs[i].Command.String()))
	return lg.info[i].Time.UnixNano() ^ int64(h.Sum64())
}

// version changes with every record stored or undone and with the
// game's status.
func (lg *live) version() string {
	last := int64(0)
	if n := len(lg.recs); n > 0 {
		last = lg.mark(n - 1)
	}
	return fmt.Sprintf("%d-%x-%s", len(lg.recs), last, lg.meta.Status)
}

// GameVersion is the game's GamePage.Version, read without building the
// page (the web view's page cache).
func (a *App) GameVersion(id string) (string, error) {
	lg, err := a.lockKnown(id)
	if err != nil {
		return "", err
	}
	defer lg.mu.Unlock()
	return lg.version(), nil
}

// GamePage builds a game's page for viewer (game.Nobody: a spectator) in
// l, showing the board after record step (step < 0 or beyond the log:
// the latest). The game is locked only while its data is copied.
func (a *App) GamePage(id string, viewer game.Side, step int, l Lang) (*GamePage, error) {
	s, lg, err := a.snapshot(id)
	if err != nil {
		return nil, err
	}
	c := a.siteCall(l)
	p := &GamePage{ID: id, Scenario: s.meta.Scenario, Ruleset: s.meta.Ruleset, Status: s.meta.Status, Viewer: viewer,
		Steps: len(s.recs), Commitment: s.meta.Commitment, Seed: s.meta.Seed, Version: s.version}
	p.Title = s.meta.Scenario
	if s.rules != nil {
		p.Title = fmt.Sprintf("%s — %s", s.rules.Title(), s.sc.Title)
	}
	// The status and the history as the bot prints them, under the lock
	// (they read the clock and the undo notes of the game).
	items, uerr := func() ([]HistoryItem, error) {
		defer relockOnPanic(lg)
		p.Panel = strings.Split(c.statusText(lg, viewer), "\n")
		undos, err := a.undoNotes(id)
		return c.historyItems(lg, viewer, undos), err
	}()
	lg.mu.Unlock()
	if uerr != nil {
		return nil, uerr
	}
	p.History = items
	if step < 0 || step > p.Steps {
		step = p.Steps
	}
	p.Step = step
	if s.rules == nil || s.meta.Status == storage.StatusOpen {
		return p, nil
	}
	states, err := a.replayStates(s)
	if err != nil {
		return nil, err
	}
	ended := s.meta.Status.Ended()
	p.StepClocks = make([]string, len(states))
	for k, st := range states {
		p.StepClocks[k] = c.clockText(st.Clock())
	}
	p.StepClock = p.StepClocks[step]
	see := viewer
	if ended {
		see = game.Nobody
	}
	for _, u := range c.unitLinesOf(s.rules, states[step], see, game.Nobody) {
		p.Units = append(p.Units, strings.TrimSpace(u))
	}
	var seed []byte
	if ended && s.meta.Seed != "" {
		seed, _ = hex.DecodeString(s.meta.Seed)
	}
	for _, rec := range s.recs {
		if !ended && !game.RecordAudience(rec).Allows(viewer) {
			p.HiddenRolls += len(rec.Rolls) // dice can tell a secret shuffle
			continue
		}
		for _, r := range rec.Rolls {
			ri := RollItem{Seq: rec.Seq, Index: r.Index, Sides: r.Sides, Value: r.Value}
			if seed != nil && r.Sides > 0 {
				ri.Computed = dice.Value(seed, r.Index, r.Sides)
			}
			p.Rolls = append(p.Rolls, ri)
		}
	}
	return p, nil
}

// replayCache keeps the state after every record of the games the web
// view shows (the last replayCacheGames), so that stepping through a
// replay does not replay the log each time. States are values (Evolve
// returns a new one), so they are shared.
type replayCache = bounded.Map[string, *replayed]

type replayed struct {
	times  []int64
	states []game.State // states[k]: after record k
}

const replayCacheGames = 32

// initSite sizes the web view's caches.
func (a *App) initSite() {
	a.replays.Max = replayCacheGames
	a.images.drawn.Max = imageCacheSize
	a.images.ready.Max = imageCacheSize
}

// replayStates is the state after each record of s (index 0: the
// start), from the cache when its records are the same.
func (a *App) replayStates(s *gameSnap) ([]game.State, error) {
	r, _ := a.replays.Get(s.id)
	if r != nil && len(r.times) <= len(s.times) && slices.Equal(r.times, s.times[:len(r.times)]) {
		if len(r.times) == len(s.times) {
			return r.states, nil
		}
	} else {
		g, err := game.Start(s.rules, s.sc, s.opts)
		if err != nil {
			return nil, fmt.Errorf("game %s: start: %w", s.id, err)
		}
		r = &replayed{states: []game.State{g.State}}
	}
	// Extend a copy: other readers hold the cached slices.
	n := &replayed{times: slices.Clone(s.times), states: slices.Clip(r.states)}
	for _, rec := range s.recs[len(r.times):] {
		st := n.states[len(n.states)-1]
		for _, e := range rec.Events {
			st = s.rules.Evolve(st, e)
		}
		n.states = append(n.states, st)
	}
	a.replays.Put(s.id, n)
	return n.states, nil
}

// imageCache keeps the web view's board images, one per game, record,
// viewer and version; concurrent requests for one image draw it once.
type imageCache struct {
	drawn bounded.Map[string, *imageEntry]
	// ready holds images by the version the page asked for, so that a
	// viewer's image is served without the game's lock.
	ready bounded.Map[string, []byte]
}

type imageEntry struct {
	once sync.Once
	png  []byte
	err  error
}

const imageCacheSize = 256

// get returns the image of key, drawing it once. A drawing that fails
// or panics is an error for the requests that waited for it, and is not
// kept: the next request draws again (a sync.Once that panicked would
// otherwise answer an empty image for good).
func (ic *imageCache) get(key string, draw func() ([]byte, error)) ([]byte, error) {
	e := ic.drawn.GetOrPut(key, func() *imageEntry { return &imageEntry{} })
	e.once.Do(func() {
		defer func() {
			if p := recover(); p != nil {
				e.png, e.err = nil, fmt.Errorf("board image %s: panic: %v", key, p)
			}
		}()
		e.png, e.err = draw()
	})
	if e.err != nil {
		ic.drawn.Put(key, &imageEntry{})
	}
	return e.png, e.err
}

// StepError: a replay step beyond the game's log (GameBoard).
type StepError struct{ Step, Steps int }

func (e *StepError) Error() string {
	return fmt.Sprintf("bot: no step %d in a game of %d records", e.Step, e.Steps)
}

// ErrNoImage: the game has no board to draw (no renderer, a game still
// in the lobby, a ruleset without boards).
var ErrNoImage = errors.New("bot: no board image")

// GameBoard is the board after record step (< 0: the latest; beyond the
// log: a *StepError) as viewer sees it, as a PNG at full resolution, and the version it belongs to
// (GamePage.Version). Images are cached per record and viewer; one asked
// for with the version of the game it was drawn for (version, from the
// page's address) is answered without locking the game.
func (a *App) GameBoard(id string, viewer game.Side, step int, version string) ([]byte, string, error) {
	alias := fmt.Sprintf("%s/%d/%s/%s", id, step, viewer, version)
	if version != "" && step >= 0 {
		if png, ok := a.images.ready.Get(alias); ok {
			return png, version, nil
		}
	}
	s, lg, err := a.snapshot(id)
	if err != nil {
		return nil, "", err
	}
	lg.mu.Unlock()
	br, ok := s.rules.(game.Boarder)
	if a.cfg.Renderer == nil || !ok || s.meta.Status == storage.StatusOpen {
		return nil, "", ErrNoImage
	}
	if step > len(s.recs) {
		return nil, "", &StepError{Step: step, Steps: len(s.recs)}
	}
	orig := step
	if step < 0 {
		step = len(s.recs)
	}
	if s.meta.Status.Ended() {
		viewer = game.Nobody
	}
	var at int64
	if step > 0 {
		at = s.times[step-1]
	}
	key := fmt.Sprintf("%s/%d/%x/%s/%s", id, step, at, viewer, s.meta.Status)
	png, err := a.images.get(key, func() ([]byte, error) {
		states, err := a.replayStates(s)
		if err != nil {
			return nil, err
		}
		st := states[step]
		b := br.Board(st, viewer)
		if viewer.Valid() {
			if pub := br.Board(st, game.Nobody); sameBoard(b, pub) {
				b = pub
			}
		}
		b.Legend.Game = id
		// Boards that show the same things share one image: a side's
		// view without secrets, a step that changed nothing on the map.
		j, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(j)
		return a.images.get(fmt.Sprintf("board/%x", sum), func() ([]byte, error) {
			start := time.Now()
			defer func() { a.cfg.Metrics.Render(time.Since(start)) }()
			return a.cfg.Renderer.PNG(b)
		})
	})
	if err == nil && version == s.version && step == orig {
		a.images.ready.Put(alias, png)
	}
	return png, s.version, err
}

// GameExport writes the game's log as viewer may read it: the whole
// export once the game has ended, a side's or the spectator's view
// (storage.WriteExportView) while it is on.
func (a *App) GameExport(id string, viewer game.Side, w io.Writer) error {
	s, lg, err := a.snapshot(id)
	if err != nil {
		return err
	}
	lg.mu.Unlock()
	if s.rules == nil {
		return ErrNoImage
	}
	entries, err := a.store.Records(id, 1)
	if err != nil {
		return err
	}
	sc, _, err := storage.EncodeScenario(s.sc)
	if err != nil {
		return err
	}
	x := &storage.Exported{Meta: s.meta, Scenario: sc, Entries: entries}
	if s.meta.Status.Ended() {
		return storage.WriteExport(w, x)
	}
	return storage.WriteExportView(w, x, s.rules, viewer)
}

// LeagueRound is one round of a league page.
type LeagueRound struct {
	N     int
	Games []LeagueGame
}

// LeagueGame is one pairing: its game (none yet: ""), the players and
// the result in words.
type LeagueGame struct {
	Game, A, B, Scenario, Result string
	Bye                          bool
}

// RatingSeries is one player's Elo after each rated game of the league
// (Points[0] is the start).
type RatingSeries struct {
	Player string
	Points []float64
}

// LeaguePage is everything a league's page shows; a league has no
// secrets.
type LeaguePage struct {
	ID, Name, Format string
	Round, Rounds    int
	Done             bool
	Title            string
	Header           []string
	Rows             [][]string
	Footer           string
	RoundsPlayed     []LeagueRound
	Ratings          []RatingSeries
}

// LeaguePage builds a league's page in l.
func (a *App) LeaguePage(id string, l Lang) (*LeaguePage, error) {
	if id == "" || len(id) > 300 {
		return nil, storage.ErrNotFound
	}
	lgue, err := func() (*league, error) {
		a.leagueMu.Lock()
		defer a.leagueMu.Unlock() // a panic must not leave every league locked
		return a.readLeague(id)
	}()
	if err != nil {
		return nil, err
	}
	if lgue == nil {
		return nil, storage.ErrNotFound
	}
	c := a.siteCall(l)
	p := &LeaguePage{ID: id, Name: lgue.Name, Format: lgue.Format, Round: lgue.Round, Rounds: lgue.Rounds, Done: lgue.Done,
		Title: strings.TrimSuffix(T(l, "league.standings", "name", lgue.Name, "round", lgue.Round, "rounds", lgue.Rounds), ":"), Footer: T(l, "league.footer")}
	p.Header, p.Rows = c.standingsTable(l, lgue)
	name := func(e int) string { return a.userOf(lgue.Entries[e].User).Display() }
	for r := 1; r <= lgue.Rounds; r++ {
		lr := LeagueRound{N: r}
		for i := range lgue.Pairings {
			pr := &lgue.Pairings[i]
			if pr.Round != r {
				continue
			}
			g := LeagueGame{Game: pr.Game, A: name(pr.A), Scenario: pr.Scenario, Result: c.resultWord(l, lgue, pr), Bye: pr.bye()}
			if !pr.bye() {
				g.B = name(pr.B)
			}
			lr.Games = append(lr.Games, g)
		}
		p.RoundsPlayed = append(p.RoundsPlayed, lr)
	}
	for e, pts := range lgue.ratingHistory() {
		p.Ratings = append(p.Ratings, RatingSeries{Player: name(e), Points: pts})
	}
	return p, nil
}

// LeagueIDs lists the leagues (room/name), for the site's index.
func (a *App) LeagueIDs() ([]string, error) {
	kvs, err := a.store.Values(keyLeague)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(kvs))
	for _, kv := range kvs {
		out = append(out, strings.TrimPrefix(kv.Key, keyLeague))
	}
	return out, nil
}

// GameList is a page of the games for the site's index: newest first,
// at most n.
func (a *App) GameList(n int) ([]storage.GameMeta, error) {
	var all []storage.GameMeta
	after := ""
	for {
		page, err := a.store.Games(after, 500)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		if len(page) < 500 {
			break
		}
		after = page[len(page)-1].ID
	}
	slices.SortFunc(all, func(x, y storage.GameMeta) int { return gameNumber(y.ID) - gameNumber(x.ID) })
	if len(all) > n {
		all = all[:n]
	}
	return all, nil
}

// ratingHistory is each entry's Elo after every rated game of the
// league in pairing order (standingsRaw's ratings), the start first.
func (lgue *league) ratingHistory() [][]float64 {
	cur := make([]float64, len(lgue.Entries))
	out := make([][]float64, len(lgue.Entries))
	for i := range cur {
		cur[i] = eloStart
		out[i] = []float64{eloStart}
	}
	for _, p := range lgue.Pairings {
		if r := p.Result; r != nil && r.Kind == "played" && !p.bye() {
			cur[p.A], cur[p.B] = eloGame(cur[p.A], cur[p.B], r.Winner)
			for i := range cur {
				out[i] = append(out[i], math.Round(cur[i]*10)/10)
			}
		}
	}
	return out
}

// linkLine is the line that carries a game's page in board posts and
// status messages ("" without a web view).
func (c *call) linkLine(gameID string) string {
	u := c.a.GameURL(gameID)
	if u == "" {
		return ""
	}
	return T(c.plang, "link.page", "url", u)
}

// addPageLink appends the game's page to a board post or status message.
func (c *call) addPageLink(m *Message) {
	if m.Game == "" || !(len(m.Images) > 0 || m.status) {
		return
	}
	if line := c.linkLine(m.Game); line != "" && !strings.Contains(m.Text, line) {
		m.Text += "\n" + line
	}
}
