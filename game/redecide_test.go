package game_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// tally is a one-rule game for the drift check: "add N" adds N (plus the
// rule's bonus, the outcome a rules fix may change) to the side's tally;
// "roll" adds a d6; "add 9" also rings a bell (an event more).
type tally struct{ bonus int }

type tallyState struct{ Tally [2]int }

type added struct {
	Side game.Side `json:"side"`
	N    int       `json:"n"`
	Text string    `json:"text"`
}

type bell struct{}

func (added) Kind() string { return "added" }
func (bell) Kind() string  { return "bell" }

func (s *tallyState) Clock() game.Clock        { return game.Clock{Turn: 1, Active: game.Nobody} }
func (s *tallyState) Pending() []game.Decision { return nil }
func (s *tallyState) Outcome() game.Outcome    { return game.Outcome{Score: s.Tally} }
func (s *tallyState) Pieces() []game.Piece     { return nil }

func (tally) Name() string                   { return "tally" }
func (tally) Title() string                  { return "Tally" }
func (tally) Version() string                { return "1" }
func (tally) OptionSpecs() []game.OptionSpec { return nil }
func (tally) Legal(game.State, game.Side) []game.Option {
	return nil
}
func (tally) Start(*game.Scenario, game.Options) (game.State, error) { return &tallyState{}, nil }
func (tally) DecodeState(*game.Scenario, game.Options, []byte) (game.State, error) {
	return &tallyState{}, nil
}

func (t tally) Decide(s game.State, cmd game.Command, d game.Dice) ([]game.Event, error) {
	n := 0
	switch cmd.Verb {
	case "add":
		n, _ = strconv.Atoi(cmd.Args[0])
		n += t.bonus
	case "roll":
		n = d.Roll(6)
	}
	evs := []game.Event{added{Side: cmd.Side, N: n, Text: cmd.Side.String() + " adds " + strconv.Itoa(n)}}
	if n >= 9+t.bonus*2 {
		evs = append(evs, bell{})
	}
	return evs, nil
}

func (tally) Evolve(s game.State, e game.Event) game.State {
	n := *s.(*tallyState)
	if a, ok := e.(added); ok {
		n.Tally[a.Side] += a.N
	}
	return &n
}

func (tally) NewEvent(kind string) (game.Event, bool) {
	switch kind {
	case "added":
		return &added{}, true
	case "bell":
		return &bell{}, true
	}
	return nil, false
}

// TestRedecideDrift: re-deciding a log with the rules that wrote it finds
// no drift; once a rule's outcome changes, the first record whose events
// differ is reported with the differing event as data, and the log still
// replays to the state it reached.
func TestRedecideDrift(t *testing.T) {
	sc := &game.Scenario{}
	g, err := game.Start(tally{}, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	var recs []game.Record
	for _, o := range []string{"A: roll", "B: add 3", "A: add 9"} {
		side, order, _ := strings.Cut(o, ": ")
		s, _ := game.ParseSide(side)
		cmd, _ := game.ParseCommand(s, order)
		rec, err := g.Apply(order, cmd, dice.NewFixed(5))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	if err := game.Redecide(tally{}, sc, nil, recs); err != nil {
		t.Errorf("unchanged rules: %v", err)
	}

	err = game.Redecide(tally{bonus: 1}, sc, nil, recs)
	var d *game.Drift
	if !errors.As(err, &d) {
		t.Fatalf("changed rule: %v, want a *game.Drift", err)
	}
	if d.Seq != 2 || d.Event != 1 || !strings.Contains(d.Logged, `"n":3`) || !strings.Contains(d.Decided, `"n":4`) {
		t.Errorf("changed rule: drift %+v, want record 2, event 1, n 3 logged and 4 decided", d)
	}

	// A rule that no longer rings the bell: the log has an event more.
	d = game.CompareEvents(recs[2].Events, game.Events{recs[2].Events[0]})
	if d == nil || d.Event != 2 || d.Decided != "" || !strings.Contains(d.Logged, `"bell"`) {
		t.Errorf("a missing event: drift %+v, want event 2 logged only", d)
	}

	r, err := game.Replay(tally{bonus: 1}, sc, nil, recs)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.State.(*tallyState).Tally; got != [2]int{14, 3} {
		t.Errorf("replay under changed rules: tally %v, want the logged [14 3]", got)
	}
}

// tally2 is tally's next version: it records in each event the side's new
// total (a result the older Evolve would have worked out itself).
type tally2 struct{ tally }

type added2 struct {
	Side  game.Side `json:"side"`
	N     int       `json:"n"`
	Total int       `json:"total,omitempty"`
}

func (added2) Kind() string    { return "added" }
func (tally2) Version() string { return "2" }
func (t tally2) Decide(s game.State, cmd game.Command, d game.Dice) ([]game.Event, error) {
	evs, err := t.tally.Decide(s, cmd, d)
	if err != nil {
		return nil, err
	}
	a := evs[0].(added)
	evs[0] = added2{Side: a.Side, N: a.N, Total: s.(*tallyState).Tally[a.Side] + a.N}
	return evs, nil
}
func (tally2) Evolve(s game.State, e game.Event) game.State {
	n := *s.(*tallyState)
	switch a := e.(type) {
	case added:
		n.Tally[a.Side] += a.N
	case added2:
		n.Tally[a.Side] += a.N
	}
	return &n
}
func (tally2) NewEvent(kind string) (game.Event, bool) {
	switch kind {
	case "added":
		return &added2{}, true
	case "bell":
		return &bell{}, true
	}
	return nil, false
}

// TestRedecideSince: a log written by version 1 re-decides under version
// 2, which records more in its events, when the fields the log has agree;
// a changed outcome is still drift; a log of this version is compared
// whole.
func TestRedecideSince(t *testing.T) {
	sc := &game.Scenario{}
	g, err := game.Start(tally{}, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	var recs []game.Record
	for _, o := range []string{"A: add 3", "B: add 2", "A: add 4"} {
		side, order, _ := strings.Cut(o, ": ")
		s, _ := game.ParseSide(side)
		cmd, _ := game.ParseCommand(s, order)
		rec, err := g.Apply(order, cmd, dice.NewFixed())
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	if err := game.Redecide(tally2{}, sc, nil, recs); err == nil {
		t.Error("Redecide compared version 1's events whole and found no drift in the new field")
	}
	if err := game.RedecideSince("1", tally2{}, sc, nil, recs); err != nil {
		t.Errorf("version 1 log under version 2: %v", err)
	}
	var d *game.Drift
	if err := game.RedecideSince("1", tally2{tally{bonus: 1}}, sc, nil, recs); !errors.As(err, &d) || d.Seq != 1 {
		t.Errorf("version 1 log under a changed version 2: %v, want drift at record 1", err)
	}
	if err := game.RedecideSince("2", tally2{}, sc, nil, recs); err == nil {
		t.Error("a log said to be of this version was compared leniently")
	}
}
