package storage

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// The store's rules, shared by every backend (see Backend): a backend
// runs these inside its own transactions and only reads and writes.

// NewGame checks a game CreateGame is asked to store and fills in what the
// store decides (status, times, commitment, scenario sum). It returns the
// meta to store (with an empty ID when the backend must assign "g<N>")
// and the scenario's stored form.
func NewGame(meta GameMeta, sc *game.Scenario, seed []byte, now time.Time) (GameMeta, []byte, error) {
	if sc == nil {
		return GameMeta{}, nil, badInput("new game: no scenario")
	}
	if meta.Scenario == "" && meta.ScenarioHash == "" {
		meta.Scenario, meta.ScenarioHash = sc.ID, sc.Hash
	}
	if meta.Scenario != sc.ID || meta.ScenarioHash != sc.Hash {
		return GameMeta{}, nil, badInput("new game: the meta names scenario %s (hash %.12s), the scenario given is %s (hash %.12s)", meta.Scenario, meta.ScenarioHash, sc.ID, sc.Hash)
	}
	if meta.ScenarioSum != "" || meta.ScenarioNote != "" {
		return GameMeta{}, nil, badInput("new game: scenario_sum and scenario_note must be empty")
	}
	scb, sum, err := EncodeScenario(sc)
	if err != nil {
		return GameMeta{}, nil, badInput("new game: %v", err)
	}
	meta.ScenarioSum = sum
	if len(seed) < MinSeedLen {
		return GameMeta{}, nil, badInput("seed of %d bytes (want at least %d)", len(seed), MinSeedLen)
	}
	if meta.Seq != 0 || meta.Rolls != 0 || meta.Seed != "" {
		return GameMeta{}, nil, badInput("new game: seq, rolls and seed must be empty")
	}
	if meta.Status == "" {
		meta.Status = StatusActive
	}
	if meta.Status.Ended() {
		return GameMeta{}, nil, badInput("new game: status %s", meta.Status)
	}
	meta.Created, meta.Updated = now, now
	meta.Commitment = dice.Commitment(seed)
	meta.Options = cloneOptions(meta.Options)
	meta.Seats = cloneSeats(meta.Seats)
	meta.Rooms = slices.Clone(meta.Rooms)
	check := meta
	if check.ID == "" {
		check.ID = "g0" // placeholder for validation
	}
	if err := check.validate(); err != nil {
		return GameMeta{}, nil, err
	}
	return meta, scb, nil
}

// PendingAppend is an order checked and encoded outside the transaction
// that stores it (PrepareAppend); Apply checks it against the game's meta
// inside that transaction.
type PendingAppend struct {
	Game      string
	ExpectSeq int
	// Entry is the log entry to store (its Actor is filled in by Apply).
	Entry LogEntry
	// Snapshot, when not nil, is the state after the record, to store
	// as a snapshot in the same transaction.
	Snapshot []byte
	// Over: the state after the record ends the game.
	Over bool
}

// PrepareAppend checks AppendEntry's arguments and encodes the record
// and, every snapshotEvery records or at the end of the game, the state.
func PrepareAppend(gameID string, expectSeq int, e Entry, now time.Time, snapshotEvery int) (*PendingAppend, error) {
	rec := e.Record
	if expectSeq < 0 {
		return nil, badInput("game %s: expected sequence %d", gameID, expectSeq)
	}
	if rec.Seq != expectSeq+1 {
		return nil, badInput("game %s: record has sequence %d, want %d (expected sequence + 1)", gameID, rec.Seq, expectSeq+1)
	}
	for i, r := range rec.Rolls {
		if i > 0 && r.Index != rec.Rolls[0].Index+i {
			return nil, badInput("game %s record %d: roll %d has index %d, want %d", gameID, rec.Seq, i, r.Index, rec.Rolls[0].Index+i)
		}
		if r.Sides < 1 || r.Value < 1 || r.Value > r.Sides {
			return nil, badInput("game %s record %d: roll %d is %d on a d%d", gameID, rec.Seq, i, r.Value, r.Sides)
		}
	}
	if e.Interaction != "" {
		if err := validName("interaction id", e.Interaction); err != nil {
			return nil, err
		}
	}
	if e.Actor != "" {
		if err := validName("actor", e.Actor); err != nil {
			return nil, err
		}
	}
	events, err := json.Marshal(rec.Events)
	if err != nil {
		return nil, fmt.Errorf("storage: game %s record %d: events: %w", gameID, rec.Seq, err)
	}
	p := &PendingAppend{Game: gameID, ExpectSeq: expectSeq, Entry: LogEntry{
		Seq: rec.Seq, Clock: rec.Clock, Time: now, Actor: e.Actor, Interaction: e.Interaction,
		Text: rec.Text, Command: rec.Command, Rolls: rec.Rolls, Events: events,
	}}
	if e.State != nil {
		p.Over = e.State.Outcome().Over
		if p.Over || rec.Seq%snapshotEvery == 0 {
			st, err := json.Marshal(e.State)
			if err != nil {
				return nil, fmt.Errorf("storage: game %s record %d: state: %w", gameID, rec.Seq, err)
			}
			p.Snapshot = st
		}
	}
	return p, nil
}

// Apply checks the order against the game's meta m as it stands in the
// writing transaction (the game takes orders, its sequence number is
// still the one expected, the dice follow on) and turns m into the meta
// after it; seed is the game's secret seed, revealed when the order ends
// the game. It returns the entry to store and its encoding. An error is a
// refusal (ErrEnded, ErrConflict, ErrBadInput): nothing must be written.
func (p *PendingAppend) Apply(m *GameMeta, seed []byte) (LogEntry, []byte, error) {
	if m.Status.Ended() {
		return LogEntry{}, nil, fmt.Errorf("%w: game %s is %s", ErrEnded, p.Game, m.Status)
	}
	if m.Seq != p.ExpectSeq {
		return LogEntry{}, nil, &ConflictError{Game: p.Game, Expected: p.ExpectSeq, Actual: m.Seq}
	}
	rolls := p.Entry.Rolls
	if len(rolls) > 0 && rolls[0].Index != m.Rolls {
		return LogEntry{}, nil, badInput("game %s record %d: first roll has index %d, the game has rolled %d dice", p.Game, p.Entry.Seq, rolls[0].Index, m.Rolls)
	}
	le := p.Entry
	if le.Actor == "" {
		le.Actor = m.Seats[le.Command.Side]
	}
	val, err := encodeEntry(&le)
	if err != nil {
		return LogEntry{}, nil, err
	}
	m.Seq = le.Seq
	m.Rolls += len(rolls)
	m.Updated = le.Time
	if p.Over {
		m.Status = StatusOver
		revealSeed(m, seed)
	}
	return le, val, nil
}

// EncodeEntry is a log entry's stored form (a versioned JSON envelope);
// DecodeEntry reads it back.
func EncodeEntry(e *LogEntry) ([]byte, error) { return encodeEntry(e) }

// DecodeEntry reads a stored log entry.
func DecodeEntry(b []byte) (LogEntry, error) { return decodeEntry(b) }

// EncodeSnapshot is a snapshot's stored form; DecodeSnapshot reads it back.
func EncodeSnapshot(sn *Snapshot) ([]byte, error) {
	return json.Marshal(storedSnapshot{V: snapshotVersion, Snapshot: *sn})
}

// DecodeSnapshot reads a stored snapshot.
func DecodeSnapshot(b []byte) (Snapshot, error) { return decodeSnapshot(b) }

// revealSeed fills in the seed of a game that ends and clears its
// deadline.
func revealSeed(m *GameMeta, seed []byte) {
	if seed != nil {
		m.Seed = hex.EncodeToString(seed)
	}
	m.Deadline = time.Time{}
}

// A Change edits a game's meta inside a backend's write transaction
// (ApplyChange); seed is the game's secret seed (nil: none stored). It
// returns a refusal (ErrEnded, ErrBadInput) to write nothing.
type Change func(m *GameMeta, seed []byte) error

// ApplyChange returns the meta after ch, validated, with Updated set to
// now; old is left as it was.
func ApplyChange(old *GameMeta, seed []byte, ch Change, now time.Time) (GameMeta, error) {
	m := *old
	m.Seats = cloneSeats(old.Seats)
	m.Rooms = slices.Clone(old.Rooms)
	if err := ch(&m, seed); err != nil {
		return GameMeta{}, err
	}
	if err := m.validate(); err != nil {
		return GameMeta{}, err
	}
	m.Updated = now
	return m, nil
}

// ChangeEnding is SetEnding's change.
func ChangeEnding(ending string) Change {
	return func(m *GameMeta, _ []byte) error { m.Ending = ending; return nil }
}

// ChangeStatus is SetStatus's change.
func ChangeStatus(gameID string, st Status) (Change, error) {
	if !st.valid() {
		return nil, badInput("status %q (want open, active, over or abandoned)", st)
	}
	return func(m *GameMeta, seed []byte) error {
		if m.Status.Ended() && st != m.Status {
			return fmt.Errorf("%w: game %s is %s", ErrEnded, gameID, m.Status)
		}
		m.Status = st
		if st.Ended() {
			revealSeed(m, seed)
		}
		return nil
	}, nil
}

// ChangeSeat is SetSeat's change.
func ChangeSeat(side game.Side, user string) (Change, error) {
	if !side.Valid() {
		return nil, badInput("side %v (want A or B)", side)
	}
	return func(m *GameMeta, _ []byte) error {
		if m.Seats == nil {
			m.Seats = map[game.Side]string{}
		}
		if user == "" {
			delete(m.Seats, side)
		} else {
			m.Seats[side] = user
		}
		return nil
	}, nil
}

// ChangeBind is Bind's change.
func ChangeBind(room string) (Change, error) {
	if err := validName("room", room); err != nil {
		return nil, err
	}
	return func(m *GameMeta, _ []byte) error {
		if !slices.Contains(m.Rooms, room) {
			m.Rooms = append(m.Rooms, room)
		}
		return nil
	}, nil
}

// ChangeUnbind is Unbind's change.
func ChangeUnbind(room string) Change {
	return func(m *GameMeta, _ []byte) error {
		m.Rooms = slices.DeleteFunc(m.Rooms, func(r string) bool { return r == room })
		return nil
	}
}

// ChangeDeadline is SetDeadline's change.
func ChangeDeadline(gameID string, at time.Time) (Change, error) {
	if !at.IsZero() {
		if _, err := deadlineKey(at, gameID); err != nil {
			return nil, err
		}
		at = at.UTC()
	}
	return func(m *GameMeta, _ []byte) error {
		if m.Status.Ended() && !at.IsZero() {
			return fmt.Errorf("%w: game %s is %s", ErrEnded, gameID, m.Status)
		}
		m.Deadline = at
		return nil
	}, nil
}

// PlayerSides maps each seated user to the sides they hold ("A", "B",
// "AB"): the player index's entries for the game.
func (m *GameMeta) PlayerSides() map[string]string { return m.playerSides() }

// CheckDeadline checks that the deadline index can order at (1970–2262).
func CheckDeadline(at time.Time) error {
	_, err := deadlineKey(at, "g")
	return err
}

// Loaded is what a backend reads of a game for Load, in one read
// transaction: the meta, the stored scenario, the newest snapshot (nil:
// none, or none wanted) and the records after it.
type Loaded struct {
	Meta     GameMeta
	Scenario []byte
	Snapshot *Snapshot
	Entries  []LogEntry
}

// LoadGame is Load over what a backend read: the snapshot decoded with
// the ruleset and the records after it folded in. A snapshot that does
// not decode is ignored (snapshots are a cache): whole then reads the
// game again without a snapshot and the whole log is replayed.
func LoadGame(res Resolver, d *Loaded, whole func() (*Loaded, error), log *slog.Logger) (*game.Game, GameMeta, error) {
	m := &d.Meta
	if m.ScenarioNote != "" {
		log.Warn("storage: game does not play the scenario version it started on", "game", m.ID, "scenario", m.Scenario, "started_hash", m.ScenarioHash, "note", m.ScenarioNote)
	}
	r, sc, err := resolve(res, m, d.Scenario)
	if err != nil {
		return nil, *m, err
	}
	if d.Snapshot != nil {
		g, err := fromSnapshot(r, sc, m, *d.Snapshot, d.Entries)
		if err == nil {
			return g, *m, nil
		}
		log.Warn("storage: snapshot unusable, replaying the whole log", "game", m.ID, "seq", d.Snapshot.Seq, "err", err)
		if d, err = whole(); err != nil {
			return nil, GameMeta{}, err
		}
		m = &d.Meta
	}
	g, err := replayEntries(r, sc, m, d.Entries)
	return g, *m, err
}

// InteractionEntry is one entry of the interactions index: the
// interaction id whose order is record Seq of its game, stored at At.
type InteractionEntry struct {
	ID  string    `json:"id"`
	Seq int       `json:"seq"`
	At  time.Time `json:"at"`
}

// GameCopy is everything a store keeps of one game, its secret seed
// included: what `grognard migrate` moves between backends. The room,
// player and deadline index entries follow from the meta.
type GameCopy struct {
	Meta         GameMeta           `json:"meta"`
	Scenario     []byte             `json:"scenario"`
	Seed         []byte             `json:"seed,omitempty"`
	Entries      []LogEntry         `json:"entries"`
	Snapshots    []Snapshot         `json:"snapshots"`
	Interactions []InteractionEntry `json:"interactions"`
}

// Sum is the hex SHA-256 of the copy's JSON: two copies of a game with
// the same sum hold the same meta, scenario, seed, records, snapshots and
// interaction ids.
func (c *GameCopy) Sum() string {
	b, err := json.Marshal(c)
	if err != nil {
		return "unencodable: " + err.Error()
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// CheckCopy checks one game as Check does, on a copy a backend read: the
// meta, the stored scenario against its sum, a gapless log whose dice
// indices follow on, snapshots that sit on the log, the seed against the
// commitment, the interaction entries against the records, then (with
// opts.Resolver) that replaying the log gives every snapshot, and (with
// opts.Redecide) that re-deciding it gives the logged events. Problems go
// to rep; it counts the game, its records and snapshots.
func CheckCopy(c *GameCopy, opts CheckOptions, rep *Report) {
	m := &c.Meta
	id := m.ID
	rep.Games++
	if err := m.validate(); err != nil {
		rep.add(id, "meta: %v", err)
	}
	if _, err := gameScenario(m, c.Scenario); err != nil {
		rep.add(id, "%v", err)
	}
	rollsAfter := map[int]int{0: 0}
	next, rolls := 1, 0
	bySeq := map[int]*LogEntry{}
	for i := range c.Entries {
		e := &c.Entries[i]
		if e.Seq != next {
			rep.add(id, "log has record %d where %d was expected", e.Seq, next)
		}
		next = e.Seq + 1
		for _, r := range e.Rolls {
			if r.Index != rolls {
				rep.add(id, "record %d: roll index %d, want %d", e.Seq, r.Index, rolls)
			}
			rolls = r.Index + 1
		}
		rollsAfter[e.Seq] = rolls
		bySeq[e.Seq] = e
		rep.Records++
	}
	if next-1 != m.Seq {
		rep.add(id, "log ends at record %d, meta says %d", next-1, m.Seq)
	}
	if rolls != m.Rolls {
		rep.add(id, "log rolled %d dice, meta says %d", rolls, m.Rolls)
	}
	for _, sn := range c.Snapshots {
		rep.Snapshots++
		want, ok := rollsAfter[sn.Seq]
		switch {
		case !ok:
			rep.add(id, "snapshot at record %d, which is not in the log", sn.Seq)
		case want != sn.Rolls:
			rep.add(id, "snapshot at record %d says %d dice rolled, the log says %d", sn.Seq, sn.Rolls, want)
		}
	}
	checkSeed(c.Seed, m, rep)
	for _, in := range c.Interactions {
		e, ok := bySeq[in.Seq]
		switch {
		case !ok:
			rep.add(id, "interaction %q points at record %d, the log ends at %d", in.ID, in.Seq, m.Seq)
		case e.Interaction != in.ID:
			rep.add(id, "interaction %q points at record %d, which came from %q", in.ID, in.Seq, e.Interaction)
		}
	}
	if opts.Resolver != nil {
		rep.Replayed++
		replayCheck(m, c.Scenario, c.Entries, c.Snapshots, opts, rep)
	}
}

// Add reports a problem (gameID empty: the store as a whole).
func (r *Report) Add(gameID, format string, a ...any) { r.add(gameID, format, a...) }

// StoredScenario decodes the stored scenario b of game m after checking
// it is the copy m records (ErrScenario otherwise), as Store.Scenario
// does.
func StoredScenario(m *GameMeta, b []byte) (*game.Scenario, error) { return gameScenario(m, b) }
