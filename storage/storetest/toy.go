// Package storetest holds test helpers for the storage package and its
// callers: Toy, a tiny ruleset that implements game.Ruleset (and rolls its
// dice through the game.Dice it is given, so audits can be tested), and
// Resolver, which resolves it. It is for tests only.
package storetest

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/grognard/grognard/game"
)

// Toy is a race: each side adds to its tally ("add N", 1 ≤ N ≤ 9) or rolls
// dice ("roll" adds a d6, "roll2" two d6); both sides may order at any
// time. The first side whose tally reaches the option "goal" (default 100)
// wins. It exists to exercise the store, not to be played.
type Toy struct{}

// State is the toy's state.
type State struct {
	Tally  [2]int    `json:"tally"`
	Orders [2]int    `json:"orders"`
	Goal   int       `json:"goal"`
	Winner game.Side `json:"winner"`
	Over   bool      `json:"over"`
}

func (s *State) Clock() game.Clock {
	return game.Clock{Turn: s.Orders[0] + s.Orders[1] + 1, Phase: "race", Active: game.Nobody}
}
func (s *State) Pending() []game.Decision { return nil }
func (s *State) Outcome() game.Outcome {
	return game.Outcome{Over: s.Over, Winner: s.Winner, Score: s.Tally}
}
func (s *State) Pieces() []game.Piece { return nil }

// Added: a side added N to its tally.
type Added struct {
	Side game.Side `json:"side"`
	N    int       `json:"n"`
}

// Rolled: a side rolled dice and added them.
type Rolled struct {
	Side   game.Side `json:"side"`
	Values []int     `json:"values"`
}

// Won: a side reached the goal.
type Won struct {
	Side game.Side `json:"side"`
}

func (Added) Kind() string  { return "added" }
func (Rolled) Kind() string { return "rolled" }
func (Won) Kind() string    { return "won" }

func (Toy) Name() string    { return "toy" }
func (Toy) Title() string   { return "Toy race" }
func (Toy) Version() string { return "1" }

func (Toy) OptionSpecs() []game.OptionSpec {
	return []game.OptionSpec{{Name: "goal", Default: "100", Help: "tally that wins"}}
}

// Start reads the goal from the option, else from the scenario's "goal"
// parameter (so that tests can tell which version of a scenario a game
// plays), else 100.
func (Toy) Start(sc *game.Scenario, opts game.Options) (game.State, error) {
	goal := 100
	if v, err := strconv.Atoi(sc.Param("goal", "")); err == nil && v > 0 {
		goal = v
	}
	for k, v := range opts {
		if k != "goal" {
			return nil, fmt.Errorf("toy: unknown option %q", k)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("toy: option goal=%q: want a positive number", v)
		}
		goal = n
	}
	return &State{Goal: goal, Winner: game.Nobody}, nil
}

func (Toy) Decide(st game.State, cmd game.Command, d game.Dice) ([]game.Event, error) {
	s := st.(*State)
	if !cmd.Side.Valid() {
		return nil, game.Refuse(game.CodeWrongSide, "", "no side")
	}
	var evs []game.Event
	total := s.Tally[cmd.Side]
	switch cmd.Verb {
	case "add":
		if len(cmd.Args) != 1 {
			return nil, game.Refuse(game.CodeSyntax, "", "add takes one number")
		}
		n, err := strconv.Atoi(cmd.Args[0])
		if err != nil || n < 1 || n > 9 {
			return nil, game.Refuse(game.CodeSyntax, "", "add %q: want 1 to 9", cmd.Args[0])
		}
		evs = append(evs, Added{Side: cmd.Side, N: n})
		total += n
	case "roll", "roll2":
		k := 1
		if cmd.Verb == "roll2" {
			k = 2
		}
		r := Rolled{Side: cmd.Side}
		for range k {
			v := d.Roll(6)
			r.Values = append(r.Values, v)
			total += v
		}
		evs = append(evs, r)
	default:
		return nil, game.Refuse(game.CodeUnknownVerb, "", "unknown order %q", cmd.Verb)
	}
	if total >= s.Goal {
		evs = append(evs, Won{Side: cmd.Side})
	}
	return evs, nil
}

func (Toy) Evolve(st game.State, e game.Event) game.State {
	n := *st.(*State)
	switch e := e.(type) {
	case Added:
		n.Tally[e.Side] += e.N
		n.Orders[e.Side]++
	case Rolled:
		for _, v := range e.Values {
			n.Tally[e.Side] += v
		}
		n.Orders[e.Side]++
	case Won:
		n.Over, n.Winner = true, e.Side
	}
	return &n
}

func (Toy) Legal(st game.State, side game.Side) []game.Option {
	return []game.Option{{Label: "add 1", Command: "add 1"}, {Label: "roll", Command: "roll"}}
}

func (Toy) NewEvent(kind string) (game.Event, bool) {
	switch kind {
	case "added":
		return &Added{}, true
	case "rolled":
		return &Rolled{}, true
	case "won":
		return &Won{}, true
	}
	return nil, false
}

func (Toy) DecodeState(sc *game.Scenario, opts game.Options, b []byte) (game.State, error) {
	s := &State{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("toy state: %w", err)
	}
	return s, nil
}

// Scenario is the toy's one scenario.
var Scenario = &game.Scenario{ID: "toy-race", Ruleset: "toy", Title: "Toy race", Hash: "toyhash1"}

// Resolver resolves the toy ruleset and scenario.
type Resolver struct{}

func (Resolver) Ruleset(name string) (game.Ruleset, error) {
	if name != "toy" {
		return nil, fmt.Errorf("%w %q", game.ErrUnknownRuleset, name)
	}
	return Toy{}, nil
}

// Scenario returns the toy scenario whatever the hash asked for (the
// store compares hashes itself).
func (Resolver) Scenario(id, hash string) (*game.Scenario, error) {
	if id != Scenario.ID {
		return nil, fmt.Errorf("no scenario %q", id)
	}
	return Scenario, nil
}
