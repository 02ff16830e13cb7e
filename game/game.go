package game

import (
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
	if out := g.State.Outcome(); out.Over {
		return nil, nil, Refuse(CodeGameOver, "", "the game is over")
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

// Replay rebuilds a game from its records by folding Evolve over their
// events. No rule is re-run, so a later rules fix never rewrites history.
func Replay(r Ruleset, sc *Scenario, opts Options, recs []Record) (*Game, error) {
	g, err := Start(r, sc, opts)
	if err != nil {
		return nil, err
	}
	for i, rec := range recs {
		if rec.Seq != g.Seq+1 {
			return nil, fmt.Errorf("replay: record %d has sequence %d, want %d", i, rec.Seq, g.Seq+1)
		}
		g.Commit(rec)
	}
	return g, nil
}

// Redecide re-runs every logged command with its recorded dice and reports
// the first record whose events differ from the log (rules drift).
func Redecide(r Ruleset, sc *Scenario, opts Options, recs []Record, same func(a, b Events) bool) error {
	g, err := Start(r, sc, opts)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		vals := make([]int, len(rec.Rolls))
		for i, x := range rec.Rolls {
			vals[i] = x.Value
		}
		fd := &replayDice{vals: vals}
		events, _, err := g.Decide(rec.Command, fd)
		if err != nil {
			return fmt.Errorf("record %d (%s): now refused: %w", rec.Seq, rec.Command, err)
		}
		if fd.pos != len(vals) {
			return fmt.Errorf("record %d (%s): used %d dice, log has %d", rec.Seq, rec.Command, fd.pos, len(vals))
		}
		if !same(events, rec.Events) {
			return fmt.Errorf("record %d (%s): events differ from the log", rec.Seq, rec.Command)
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

type replayDice struct {
	vals []int
	pos  int
}

func (f *replayDice) Roll(sides int) int {
	if f.pos >= len(f.vals) {
		panic(ErrDiceExhausted)
	}
	v := f.vals[f.pos]
	f.pos++
	return v
}
