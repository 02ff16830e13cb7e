package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Record is one accepted order as the log keeps it: who gave it, the text,
// the parsed command, the dice it rolled and the events it caused.
type Record struct {
	Seq int `json:"seq"`
	// Clock is where the game stood when the order was given.
	Clock   Clock   `json:"clock"`
	Text    string  `json:"text,omitempty"`
	Command Command `json:"command"`
	Rolls   []Roll  `json:"rolls,omitempty"`
	Events  Events  `json:"events"`
}

// Roll is one die rolled by Decide: its index in the game's dice stream,
// the number of sides and the value.
type Roll struct {
	Index int `json:"i"`
	Sides int `json:"sides"`
	Value int `json:"value"`
}

// Game is a running game: a ruleset, the scenario it started from, the
// options, the current state, and the counters that position the log and
// the dice stream. It is not safe for concurrent use; callers serialise
// orders per game (the store checks sequence numbers).
type Game struct {
	Rules    Ruleset
	Scenario *Scenario
	Options  Options
	State    State
	// Seq is the number of records applied; Rolls the number of dice rolled.
	Seq   int
	Rolls int
}

// Start begins a game of sc under r.
func Start(r Ruleset, sc *Scenario, opts Options) (*Game, error) {
	st, err := r.Start(sc, opts)
	if err != nil {
		return nil, err
	}
	return &Game{Rules: r, Scenario: sc, Options: opts, State: st}, nil
}

// Decide runs the ruleset's Decide on the game's state without applying
// anything; dice rolled are counted from the game's position in the stream.
func (g *Game) Decide(cmd Command, d Dice) (events []Event, rolls []Roll, err error) {
	rec := &recordingDice{d: d, next: g.Rolls}
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(error); ok && errors.Is(e, ErrDiceExhausted) {
				events, rolls, err = nil, nil, e
				return
			}
			panic(p)
		}
	}()
	if !cmd.Side.Valid() { // the kernel's guard: only a seat gives orders
		return nil, nil, Reject(CodeWrongSide, "", "game.order.no-side")
	}
	if out := g.State.Outcome(); out.Over {
		return nil, nil, Reject(CodeGameOver, "", "game.over")
	}
	events, err = g.Rules.Decide(g.State, cmd, rec)
	if err != nil {
		return nil, nil, err
	}
	return events, rec.rolls, nil
}

// Apply decides cmd and, if it is accepted, folds its events into the
// state and returns the record. A refused order changes nothing.
func (g *Game) Apply(text string, cmd Command, d Dice) (Record, error) {
	events, rolls, err := g.Decide(cmd, d)
	if err != nil {
		return Record{}, err
	}
	rec := Record{Seq: g.Seq + 1, Clock: g.State.Clock(), Text: text, Command: cmd, Rolls: rolls, Events: events}
	g.Commit(rec)
	return rec, nil
}

// Commit folds an already decided record into the game.
func (g *Game) Commit(rec Record) {
	for _, e := range rec.Events {
		g.State = g.Rules.Evolve(g.State, e)
	}
	g.Seq = rec.Seq
	g.Rolls += len(rec.Rolls)
}

// CommitChecked folds a record that came from outside (a file, an
// import) into the game. Evolve trusts its events, so a crafted one (an
// unknown unit, a hex off the map, an impossible value) may panic it or
// leave a broken state: either is an error naming the record, and the
// game is left as it was. With a ruleset Checker the state is checked
// after every event.
func (g *Game) CommitChecked(rec Record) (err error) {
	st := g.State
	k := -1
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("record %d: event %d cannot be applied: %v", rec.Seq, k+1, p)
		}
	}()
	chk, _ := g.Rules.(Checker)
	for i, e := range rec.Events {
		k = i
		if e == nil {
			return fmt.Errorf("record %d: event %d is empty", rec.Seq, i+1)
		}
		st = g.Rules.Evolve(st, e)
		if chk != nil {
			if err := chk.Check(st); err != nil {
				return fmt.Errorf("record %d: event %d (%s) leaves an impossible state: %w", rec.Seq, i+1, e.Kind(), err)
			}
		}
	}
	for _, r := range rec.Rolls {
		if r.Sides < 1 || r.Value < 1 || r.Value > r.Sides {
			return fmt.Errorf("record %d: roll %d on a d%d", rec.Seq, r.Value, r.Sides)
		}
	}
	g.State, g.Seq = st, rec.Seq
	g.Rolls += len(rec.Rolls)
	return nil
}

// Replay rebuilds a game from its records by folding Evolve over their
// events. No rule is re-run, so a later rules fix never rewrites history.
// A record whose events make Evolve panic is an error naming it (logs
// from outside should go through ReplayChecked or Redecide).
func Replay(r Ruleset, sc *Scenario, opts Options, recs []Record) (*Game, error) {
	return replay(r, sc, opts, recs, false)
}

// ReplayChecked is Replay with every record folded by CommitChecked: for
// a log from outside whose events are not trusted.
func ReplayChecked(r Ruleset, sc *Scenario, opts Options, recs []Record) (*Game, error) {
	return replay(r, sc, opts, recs, true)
}

func replay(r Ruleset, sc *Scenario, opts Options, recs []Record, checked bool) (g *Game, err error) {
	g, err = Start(r, sc, opts)
	if err != nil {
		return nil, err
	}
	at := 0
	defer func() {
		if p := recover(); p != nil {
			g, err = nil, fmt.Errorf("replay: record %d cannot be applied: %v", at, p)
		}
	}()
	for i, rec := range recs {
		at = rec.Seq
		if rec.Seq != g.Seq+1 {
			return nil, fmt.Errorf("replay: record %d has sequence %d, want %d", i, rec.Seq, g.Seq+1)
		}
		if checked {
			if err := g.CommitChecked(rec); err != nil {
				return nil, fmt.Errorf("replay: %w", err)
			}
			continue
		}
		g.Commit(rec)
	}
	return g, nil
}

// Redecide re-runs every logged command with its recorded dice and reports
// the first record whose events differ from the log (rules drift: a
// *Drift), whose sequence or clock (when logged) is not where the game
// stands, or whose command makes the ruleset panic. Events are compared
// as data — their JSON, what Evolve applies — not as narration. A log
// that re-decides is one the rules wrote.
func Redecide(r Ruleset, sc *Scenario, opts Options, recs []Record) (err error) {
	return redecide(r, sc, opts, recs, CompareEvents)
}

// RedecideSince is Redecide for a log begun under version of r's rules.
// When that is this build's version it is Redecide. When it is an earlier
// one, the rules may since record more in an event than the log has (a
// result Decide now works out and Evolve copies, where the older Evolve
// worked it out itself): an event agrees when every field the log has is
// what the rules decide now (CompareEventsSince). A changed outcome is
// still drift.
func RedecideSince(version string, r Ruleset, sc *Scenario, opts Options, recs []Record) error {
	if version == "" || version == r.Version() {
		return Redecide(r, sc, opts, recs)
	}
	return redecide(r, sc, opts, recs, CompareEventsSince)
}

func redecide(r Ruleset, sc *Scenario, opts Options, recs []Record, compare func(logged, decided Events) *Drift) (err error) {
	g, err := Start(r, sc, opts)
	if err != nil {
		return err
	}
	at := Record{}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("record %d (%s): cannot be decided: %v", at.Seq, at.Command, p)
		}
	}()
	for _, rec := range recs {
		at = rec
		if rec.Seq != g.Seq+1 {
			return fmt.Errorf("record %d: sequence %d follows %d", rec.Seq, rec.Seq, g.Seq)
		}
		if rec.Clock != (Clock{}) && rec.Clock != g.State.Clock() {
			return fmt.Errorf("record %d (%s): clock %+v, the game stands at %+v", rec.Seq, rec.Command, rec.Clock, g.State.Clock())
		}

		fd := &replayDice{rolls: rec.Rolls}
		events, rolls, err := g.Decide(rec.Command, fd)
		if err != nil {
			return fmt.Errorf("record %d (%s): now refused: %w", rec.Seq, rec.Command, err)
		}
		if fd.pos != len(rec.Rolls) {
			return fmt.Errorf("record %d (%s): used %d dice, log has %d", rec.Seq, rec.Command, fd.pos, len(rec.Rolls))
		}
		for i := range rolls {
			if rolls[i] != rec.Rolls[i] {
				return fmt.Errorf("record %d (%s): die %d is %+v in the log, the rules rolled %+v", rec.Seq, rec.Command, i+1, rec.Rolls[i], rolls[i])
			}
		}
		if d := compare(rec.Events, events); d != nil {
			d.Seq, d.Command = rec.Seq, rec.Command
			return d
		}
		g.Commit(rec)
	}
	return nil
}

type recordingDice struct {
	d     Dice
	next  int
	rolls []Roll
}

func (r *recordingDice) Roll(sides int) int {
	if r.d == nil {
		panic(ErrDiceExhausted)
	}
	v := r.d.Roll(sides)
	r.rolls = append(r.rolls, Roll{Index: r.next, Sides: sides, Value: v})
	r.next++
	return v
}

// replayDice gives the logged dice back in order. A logged die of
// another size than the one the rules roll, or out of its range, is the
// end of the logged dice: the rules never see an impossible value.
type replayDice struct {
	rolls []Roll
	pos   int
}

func (f *replayDice) Roll(sides int) int {
	if f.pos >= len(f.rolls) {
		panic(ErrDiceExhausted)
	}
	r := f.rolls[f.pos]
	if r.Sides != sides || r.Value < 1 || r.Value > sides {
		panic(fmt.Errorf("%w: die %d of the log is %d on a d%d, the rules roll a d%d", ErrDiceExhausted, f.pos+1, r.Value, r.Sides, sides))
	}
	f.pos++
	return r.Value
}

// Drift is a record whose events, decided again with its dice, differ
// from the log: the rules changed since the log was written, or the log
// was not written by them.
type Drift struct {
	Seq     int
	Command Command
	// Event is the first event that differs, counted from 1; Logged and
	// Decided are its JSON in the log and as the rules decide it now
	// (empty when that side has fewer events).
	Event           int
	Logged, Decided string
}

func (d *Drift) Error() string {
	switch {
	case d.Logged == "":
		return fmt.Sprintf("record %d (%s): the rules now decide an event %d the log does not have: %s", d.Seq, d.Command, d.Event, d.Decided)
	case d.Decided == "":
		return fmt.Sprintf("record %d (%s): the log has an event %d the rules no longer decide: %s", d.Seq, d.Command, d.Event, d.Logged)
	}
	return fmt.Sprintf("record %d (%s): event %d differs from the log: logged %s, decided now %s", d.Seq, d.Command, d.Event, d.Logged, d.Decided)
}

// CompareEvents compares logged events with the events decided now, as
// data (their JSON as the log stores it, without the narration: see
// withoutNarration), and returns the first difference as a Drift without
// Seq and Command, or nil.
func CompareEvents(logged, decided Events) *Drift {
	return compareEvents(logged, decided, bytes.Equal)
}

// CompareEventsSince is CompareEvents for events logged under an earlier
// version of the rules: an event agrees when the decided one has every
// field of the logged one with the same value; fields the older version
// did not record (absent from the logged event) are not compared.
func CompareEventsSince(logged, decided Events) *Drift {
	return compareEvents(logged, decided, covers)
}

// compareEvents returns the first pair of events whose JSON, without the
// narration, agree does not accept.
func compareEvents(logged, decided Events, agree func(logged, decided []byte) bool) *Drift {
	for i := range max(len(logged), len(decided)) {
		var a, b []byte
		if i < len(logged) {
			a = marshalOrError(logged[i])
		}
		if i < len(decided) {
			b = marshalOrError(decided[i])
		}
		if !agree(withoutNarration(a), withoutNarration(b)) {
			return &Drift{Event: i + 1, Logged: string(a), Decided: string(b)}
		}
	}
	return nil
}

// covers reports whether the JSON value b has every object field of a
// with the same value (arrays element by element, of the same length).
func covers(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	return coversValue(x, y)
}

func coversValue(x, y any) bool {
	switch a := x.(type) {
	case map[string]any:
		b, ok := y.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !coversValue(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := y.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !coversValue(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return x == y
}

// marshalOrError is an event's JSON, or a text naming why it has none (so
// that it differs from any event that has).
func marshalOrError(e Event) []byte {
	if e == nil {
		return []byte("null")
	}
	b, err := MarshalEvent(e)
	if err != nil {
		return []byte(fmt.Sprintf("(unencodable %T: %v)", e, err))
	}
	return b
}
