package bot

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/grognard/grognard/storage"
)

// Several processes on one store (docs/scale-out.md): a store that
// several grognard processes share (storage/postgres) says so with
// Shared, and then every App on it
//
//   - checks a game held in memory against the store each time it takes
//     the game (lock): a new record, status, seat, room or ending, or new
//     lobby data, reloads it; a changed clock is read again;
//   - writes a game's lobby data and clock with a compare-and-swap
//     (SwapValue) against what it read: a write over another process's
//     is refused (errChanged, told to the asker as "the game changed at
//     the same moment"), and a clock brought up to date after an order is
//     read again and brought up to date once more;
//   - pairs a two-game match's first game by compare-and-swap too, and
//     charges and refunds a player's vacation bank so (addVacation);
//   - does not keep users', rooms' and servers' settings in memory;
//   - changes leagues holding the lease "leagues" besides App.leagueMu
//     (lockLeagues), so that two processes recording results of one
//     league do not write over each other;
//   - fires a game's due timers only while it holds the game's lease
//     ("deadline/<game>", Leaser), and only for games whose platform it
//     posts on (a deliverer registered); the daily digests under the lease
//     "digests".
//
// Records need nothing more: AppendEntry's expected sequence number
// already refuses an order decided on a stale game, which is then
// reloaded and decided again. A bbolt store is open in one process: it
// is not shared, its leases order the goroutines of that process only,
// and the App keeps everything in memory as before.

// Leaser is a store's leases (storage.Store, postgres.Store): the
// scheduler takes a game's lease before it fires its timers.
type Leaser interface {
	// TryLease takes or renews name for holder until ttl from now; false
	// when another holder has it.
	TryLease(name, holder string, ttl time.Duration) (bool, error)
	// ReleaseLease gives it up (nothing when another holder has it).
	ReleaseLease(name, holder string) error
}

// sharedStore is a store other processes write too.
type sharedStore interface{ Shared() bool }

// swapper is a store's compare-and-swap of application values.
type swapper interface {
	SwapValue(key string, old, val []byte) (bool, error)
}

// DefaultLeaseTTL is how long a process's hold on a game's timers lasts
// when it dies while firing them (Config.LeaseTTL's default).
const DefaultLeaseTTL = time.Minute

// errChanged: a game's value was written by another process since this
// one read it; nothing of the write was done.
var errChanged = errors.New("bot: the value changed in the store")

// changedError is errChanged as the asker reads it.
func changedError(id string) error {
	return &changed{userError{key: "game.changed", kv: []any{"game", id}}}
}

// changed is a userError that is also errChanged.
type changed struct{ userError }

func (e *changed) Unwrap() []error { return []error{errChanged, &e.userError} }

// newInstance names this process for leases: host, pid and a random
// suffix (a restarted process is another holder).
func newInstance() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	rand.Read(b)
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b))
}

// isShared reports whether the store says other processes write it too.
func isShared(st Store) bool {
	s, ok := st.(sharedStore)
	return ok && s.Shared()
}

// putGameValue writes one of a game's values (its lobby data, its clock)
// over old, what this App read of it: in a shared store only if it is
// still old (else errChanged), elsewhere at once.
func (a *App) putGameValue(gameID, key string, old, val []byte) error {
	sw, ok := a.store.(swapper)
	if !a.shared || !ok {
		return a.store.PutValue(key, val)
	}
	done, err := sw.SwapValue(key, old, val)
	if err != nil {
		return err
	}
	if !done {
		return changedError(gameID)
	}
	return nil
}

// fresh checks a loaded game against the store (shared stores only):
// it reports false when the game must be loaded again — another
// process stored a record, changed its status, seats, rooms or ending,
// or its lobby data. The meta is taken as stored (its deadline may have
// moved), and a clock written elsewhere is dropped, to be read again.
func (a *App) fresh(lg *live) (bool, error) {
	meta, err := a.store.Meta(lg.id)
	if err != nil {
		return false, err
	}
	m := lg.meta
	if meta.Seq != m.Seq || meta.Rolls != m.Rolls || meta.Status != m.Status || meta.Ending != m.Ending ||
		!maps.Equal(meta.Seats, m.Seats) || !slices.Equal(meta.Rooms, m.Rooms) {
		return false, nil
	}
	x, err := a.store.Value(keyGame + lg.id)
	if err != nil {
		return false, err
	}
	if string(x) != string(lg.xRaw) {
		return false, nil
	}
	lg.meta = meta
	if lg.clock != nil {
		raw, err := a.store.Value(keyClock + lg.id)
		if err != nil {
			return false, err
		}
		if string(raw) != string(lg.clockRaw) {
			lg.clock, lg.clockRaw = nil, nil
		}
	}
	return true, nil
}

// deliverable reports whether this App posts on a platform (an adapter
// registered its deliverer): in a shared store, a game's timers are
// fired by a process that can post in its room.
func (a *App) deliverable(platform string) bool {
	a.sched.mu.Lock()
	defer a.sched.mu.Unlock()
	return a.sched.deliver[platform] != nil
}

// leased runs fn holding the lease name (a shared store's leases; any
// other store: at once), and reports whether it ran: false when another
// process holds the lease.
func (a *App) leased(name string, fn func()) (bool, error) {
	l, ok := a.store.(Leaser)
	if !ok {
		fn()
		return true, nil
	}
	got, err := l.TryLease(name, a.cfg.Instance, a.cfg.LeaseTTL)
	if err != nil || !got {
		return false, err
	}
	defer func() {
		if err := l.ReleaseLease(name, a.cfg.Instance); err != nil {
			a.log.Warn("bot: releasing a lease", "lease", name, "err", err)
		}
	}()
	fn()
	return true, nil
}

// gameMetaFor is the stored meta of a due game, for the scheduler's
// choice (shared stores): ok false when the game is gone.
func (a *App) gameMetaFor(id string) (storage.GameMeta, bool, error) {
	m, err := a.store.Meta(id)
	if errors.Is(err, storage.ErrNotFound) {
		return m, false, nil
	}
	return m, err == nil, err
}

// leaguesLease is the lease held while a league is read and written
// (shared stores).
const leaguesLease = "leagues"

// lockLeagues takes App.leagueMu and, in a shared store, the lease
// "leagues", waiting for another process to release it (or for its time
// to run out, if that process died). Games are locked before it.
func (a *App) lockLeagues() {
	a.leagueMu.Lock()
	l, ok := a.store.(Leaser)
	if !a.shared || !ok {
		return
	}
	wait := 5 * time.Millisecond
	var failing time.Time // since when TryLease fails
	for {
		got, err := l.TryLease(leaguesLease, a.cfg.Instance, a.cfg.LeaseTTL)
		if got {
			return
		}
		switch {
		case err == nil:
			failing = time.Time{}
		case failing.IsZero():
			// A store that does not answer now may in a moment: asked
			// again, as while another process holds the lease, rather
			// than writing leagues another process may be writing.
			failing = time.Now()
			a.log.Warn("bot: taking the leagues' lease; trying again", "err", err)
		case time.Since(failing) > 2*a.cfg.LeaseTTL:
			// A league result must not be lost for want of a lease.
			a.log.Error("bot: taking the leagues' lease; going on without it", "err", err)
			return
		}
		time.Sleep(wait)
		wait = min(2*wait, 200*time.Millisecond)
	}
}

// unlockLeagues releases what lockLeagues took.
func (a *App) unlockLeagues() {
	if l, ok := a.store.(Leaser); ok && a.shared {
		if err := l.ReleaseLease(leaguesLease, a.cfg.Instance); err != nil {
			a.log.Warn("bot: releasing the leagues' lease", "err", err)
		}
	}
	a.leagueMu.Unlock()
}
