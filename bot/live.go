package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// extra is what the bot keeps about a game beyond the store's meta and log
// (an application value, keyGame+id): the lobby, offers, undo requests, the
// result of a game ended by hand.
type extra struct {
	Creator string `json:"creator,omitempty"`
	// Invited holds the user challenged for a seat until they accept.
	Invited map[game.Side]string `json:"invited,omitempty"`
	// DrawOffer is the side offering a draw ("" none).
	DrawOffer string   `json:"draw_offer,omitempty"`
	UndoAsk   *undoAsk `json:"undo_ask,omitempty"`
	// Undos counts the undo notes, kept under their own keys (undoKey) so
	// that this value stays small.
	Undos int `json:"undos,omitempty"`
	// Result is set when the game ended outside the rules: a concession,
	// an agreed draw, an abort, a declined challenge.
	Result *handResult `json:"result,omitempty"`
}

// undoAsk is a pending request to take back record Seq after a die was
// rolled; it lapses when another record is stored.
type undoAsk struct {
	Side game.Side `json:"side"`
	Seq  int       `json:"seq"`
	By   string    `json:"by"`
}

// undoKey is the key of a game's undo note n.
func undoKey(id string, n int) string { return fmt.Sprintf("%s%s/%08d", keyUndo, id, n) }

// undoNotes reads a game's undo notes, oldest first.
func (a *App) undoNotes(id string) ([]undoNote, error) {
	kvs, err := a.store.Values(keyUndo + id + "/")
	if err != nil {
		return nil, err
	}
	out := make([]undoNote, 0, len(kvs))
	for _, kv := range kvs {
		var u undoNote
		if err := json.Unmarshal(kv.Value, &u); err != nil {
			return nil, fmt.Errorf("game %s: undo note %s: %w", id, kv.Key, err)
		}
		out = append(out, u)
	}
	return out, nil
}

// undoNote records an undo for the history: record Seq (Text) taken back
// after record AfterSeq, by whom, with whose consent.
type undoNote struct {
	AfterSeq int       `json:"after"`
	Seq      int       `json:"seq"`
	Side     game.Side `json:"side"`
	Text     string    `json:"text"`
	By       string    `json:"by"`
	Consent  string    `json:"consent,omitempty"`
	Rolls    int       `json:"rolls,omitempty"`
	Time     time.Time `json:"time"`
	// Secret marks an undone order whose text only its side may read
	// (game.RecordAudience): history shows it to others as a secret order.
	Secret bool `json:"secret,omitempty"`
}

// handResult is the result of a game ended by a player or an admin.
type handResult struct {
	Kind   string    `json:"kind"` // "concede", "draw", "abort", "decline"
	Winner game.Side `json:"winner"`
	By     string    `json:"by"`
}

// live is a game held in memory: its meta, bot data, kernel game and
// log. Its mutex serialises the game's requests.
type live struct {
	mu     sync.Mutex
	id     string
	loaded bool
	meta   storage.GameMeta
	x      extra
	xRaw   []byte // what the store holds of x
	g      *game.Game
	recs   []game.Record
	info   []recInfo
	seed   []byte
	// clock is the game's deadlines (deadline.go), read on first use;
	// clockRaw is what the store holds of it.
	clock    *gameClock
	clockRaw []byte
	// legals caches the legal orders of the current state (legal).
	legals []legalCache
}

// recInfo is what the log keeps of a record besides the record.
type recInfo struct {
	Time  time.Time
	Actor string
}

// lock returns the game, locked and loaded from the store.
func (a *App) lock(id string) (*live, error) {
	a.mu.Lock()
	lg := a.games[id]
	if lg == nil {
		lg = &live{id: id}
		a.games[id] = lg
	}
	a.mu.Unlock()
	lg.mu.Lock()
	if lg.loaded && a.shared {
		// Another process may have changed the game (shared.go).
		if ok, err := a.fresh(lg); err != nil || !ok {
			lg.invalidate()
		}
	}
	if !lg.loaded {
		done := false
		defer func() { // a panic while loading must not leave the game locked
			if !done {
				lg.mu.Unlock()
			}
		}()
		if err := a.load(lg); err != nil {
			lg.mu.Unlock()
			done = true
			return nil, err
		}
		done = true
	}
	return lg, nil
}

// load reads a game from the store and replays its log. The clock of each
// record is rebuilt from the replay, so undo rules work on any log.
func (a *App) load(lg *live) error {
	meta, err := a.store.Meta(lg.id)
	if err != nil {
		return err
	}
	xRaw, err := a.store.Value(keyGame + lg.id)
	if err != nil {
		return err
	}
	x, err := decodeExtra(lg.id, xRaw)
	if err != nil {
		return err
	}
	r, err := a.ruleset(meta.Ruleset)
	if err != nil {
		return fmt.Errorf("game %s: %w", lg.id, err)
	}
	sc, err := a.store.Scenario(lg.id) // the game's own copy, whatever ships now
	if err != nil {
		return err
	}
	g, err := game.Start(r, sc, meta.Options)
	if err != nil {
		return fmt.Errorf("game %s: start: %w", lg.id, err)
	}
	entries, err := a.store.Records(lg.id, 1)
	if err != nil {
		return err
	}
	recs := make([]game.Record, 0, len(entries))
	info := make([]recInfo, 0, len(entries))
	for i := range entries {
		rec, err := entries[i].Record(r)
		if err != nil {
			return fmt.Errorf("game %s: %w", lg.id, err)
		}
		if rec.Seq != g.Seq+1 {
			return fmt.Errorf("game %s: record %d follows %d", lg.id, rec.Seq, g.Seq)
		}
		rec.Clock = g.State.Clock()
		g.Commit(rec)
		recs = append(recs, rec)
		info = append(info, recInfo{Time: entries[i].Time, Actor: entries[i].Actor})
	}
	g.Rolls = meta.Rolls
	var seed []byte
	if !meta.Status.Ended() {
		if seed, err = a.store.Seed(lg.id); err != nil && !errors.Is(err, storage.ErrNoSeed) {
			return err
		}
	}
	lg.meta, lg.x, lg.xRaw, lg.g, lg.recs, lg.info, lg.seed, lg.loaded = meta, x, xRaw, g, recs, info, seed, true
	lg.clock, lg.clockRaw = nil, nil
	return nil
}

// invalidate drops the in-memory copy; the next request reloads it.
func (lg *live) invalidate() { lg.loaded = false }

func (a *App) readExtra(id string) (extra, error) {
	raw, err := a.store.Value(keyGame + id)
	if err != nil {
		return extra{}, err
	}
	return decodeExtra(id, raw)
}

func decodeExtra(id string, raw []byte) (extra, error) {
	var x extra
	if raw == nil {
		return x, nil
	}
	if err := json.Unmarshal(raw, &x); err != nil {
		return x, fmt.Errorf("game %s: bot data: %w", id, err)
	}
	return x, nil
}

// saveExtra writes the game's lobby data over what was read of it; in a
// shared store, a write over another process's is refused (errChanged)
// and the game is loaded again on its next use.
func (a *App) saveExtra(lg *live) error {
	b, err := json.Marshal(lg.x)
	if err != nil {
		return err
	}
	if err := a.putGameValue(lg.id, keyGame+lg.id, lg.xRaw, b); err != nil {
		if errors.Is(err, errChanged) {
			lg.invalidate()
		}
		return err
	}
	lg.xRaw = b
	return nil
}

// scenario and rules of a loaded game.
func (lg *live) sc() *game.Scenario { return lg.g.Scenario }

// seatOf is the side user holds in the game, or Nobody.
func (lg *live) seatOf(user string) game.Side { return lg.meta.Side(user) }

// involved reports whether user plays or is invited to the game.
func (lg *live) involved(user string) bool {
	if lg.seatOf(user).Valid() {
		return true
	}
	for _, u := range lg.x.Invited {
		if u == user {
			return true
		}
	}
	return false
}

// gameNumber sorts ids like g2 < g10.
func gameNumber(id string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(id), "g"))
	if err != nil {
		return -1
	}
	return n
}

func sortGames(ids []string) {
	sort.Slice(ids, func(i, j int) bool {
		a, b := gameNumber(ids[i]), gameNumber(ids[j])
		if a != b {
			return a < b
		}
		return ids[i] < ids[j]
	})
}

// pick says which games a command prefers when none is named.
type pick int

const (
	pickMine    pick = iota // the sender's games, else the room's only live game
	pickJoin                // open challenges with a free seat
	pickInvited             // challenges addressed to the sender
)

// game finds and locks the game a request is about: the game named, the
// game of the thread, else the sender's only live game in the room.
func (c *call) game(how pick) (*live, error) {
	id, err := c.gameID(how)
	if err != nil {
		return nil, err
	}
	lg, err := c.a.lock(id)
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return nil, uerr("game.unknown", "game", id)
		}
		return nil, err
	}
	c.locked = lg
	return lg, nil
}

func (c *call) gameID(how pick) (string, error) {
	if id := c.p.game; id != "" {
		meta, err := c.a.store.Meta(id)
		if errors.Is(err, storage.ErrNotFound) {
			return "", uerr("game.unknown", "game", id)
		}
		if err != nil {
			return "", err
		}
		here := slices.ContainsFunc(meta.Rooms, func(r string) bool { return r == c.room || strings.HasPrefix(r, c.room+"/") })
		if !here && !meta.Side(c.ukey).Valid() {
			return "", uerr("game.elsewhere", "game", id)
		}
		return id, nil
	}
	if c.thread != "" {
		ids, err := c.a.store.GamesInRoom(c.thread)
		if err != nil {
			return "", err
		}
		if len(ids) == 1 {
			return ids[0], nil
		}
	}
	ids, err := c.a.store.GamesInRoom(c.room)
	if err != nil {
		return "", err
	}
	sortGames(ids)
	var live, mine, ended, own []string
	for _, id := range ids {
		meta, err := c.a.store.Meta(id)
		if err != nil {
			return "", err
		}
		if meta.Status.Ended() {
			ended = append(ended, id)
			continue
		}
		var x extra
		if meta.Status == storage.StatusOpen { // invitations exist only in the lobby
			if x, err = c.a.readExtra(id); err != nil {
				return "", err
			}
		}
		seated := meta.Side(c.ukey).Valid()
		invited := false
		for _, u := range x.Invited {
			invited = invited || u == c.ukey
		}
		free := meta.Status == storage.StatusOpen && len(meta.Seats) < 2 && len(x.Invited) == 0
		switch how {
		case pickJoin:
			if free && !seated {
				mine = append(mine, id)
			} else if seated && meta.Status == storage.StatusOpen {
				own = append(own, id)
			}
		case pickInvited:
			if invited {
				mine = append(mine, id)
			}
		default:
			if seated || invited {
				mine = append(mine, id)
			}
		}
		live = append(live, id)
	}
	example := "status" // a whole line being completed has no command yet
	if c.p.cmd != nil {
		example = c.p.cmd.Name
	}
	if c.p.order != "" {
		example = c.p.order
	}
	switch {
	case len(mine) == 1:
		return mine[0], nil
	case len(mine) > 1:
		return "", uerr("game.which", "games", strings.Join(mine, ", "), "example", mine[0]+" "+example)
	case how == pickJoin && len(own) > 0:
		// The sender's own challenge: join explains that it waits.
		return own[len(own)-1], nil
	case how == pickJoin:
		return "", uerr("join.none")
	case how == pickInvited:
		return "", uerr("accept.none")
	case len(live) == 1:
		return live[0], nil
	case len(live) > 1:
		return "", uerr("game.which", "games", strings.Join(live, ", "), "example", live[0]+" "+example)
	case len(ended) > 0:
		return ended[len(ended)-1], nil
	}
	return "", uerr("game.none")
}
