package console

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
)

// The toy is a card game the bot knows nothing about: two players hold
// three cards each, hidden from the other, and take turns to play one
// face up on a free cell of a 2×2 board, or pass. The game ends when the
// board is full or both pass in a row; the higher total on the board
// wins. It declares its verbs, hides its hands (a view and zones) and
// says what to play at a deadline, and plays through the terminal room
// with no change to the bot (TestToyRuleset).
type toyRules struct{}

var (
	toyCells = []string{"a1", "a2", "b1", "b2"}
	toyValue = map[string]int{"ace": 1, "deuce": 2, "trey": 3, "jack": 11, "queen": 12, "king": 13}
)

type toyState struct {
	Turn   int               `json:"turn"`
	Active game.Side         `json:"active"`
	Hands  [2][]string       `json:"hands"`
	Hidden [2]int            `json:"hidden,omitempty"` // cards a view may not show
	Board  map[string]string `json:"board"`            // cell -> card
	Owner  map[string]int    `json:"owner"`            // card -> side on the board
	Passes int               `json:"passes"`
	Done   bool              `json:"done"`
}

type toyPlayed struct {
	Side       game.Side `json:"side"`
	Card, Cell string
}
type toyPassed struct {
	Side game.Side `json:"side"`
}

func (toyPlayed) Kind() string { return "played" }
func (toyPassed) Kind() string { return "passed" }
func (e toyPlayed) Explain() string {
	return fmt.Sprintf("%s plays the %s on %s", e.Side, e.Card, e.Cell)
}
func (e toyPassed) Explain() string { return e.Side.String() + " passes" }

func (toyRules) Name() string                   { return "toy" }
func (toyRules) Title() string                  { return "Toy cards" }
func (toyRules) Version() string                { return "1" }
func (toyRules) OptionSpecs() []game.OptionSpec { return nil }

func (toyRules) Start(*game.Scenario, game.Options) (game.State, error) {
	return &toyState{Turn: 1, Active: game.SideA, Hands: [2][]string{{"ace", "deuce", "trey"}, {"jack", "queen", "king"}},
		Board: map[string]string{}, Owner: map[string]int{}}, nil
}

func (toyRules) Decide(gs game.State, cmd game.Command, _ game.Dice) ([]game.Event, error) {
	s := gs.(*toyState)
	switch {
	case cmd.Verb != "play" && cmd.Verb != "pass":
		return nil, game.Refuse(game.CodeUnknownVerb, "", "unknown order %q; orders: play, pass", cmd.Verb)
	case s.Done:
		return nil, game.Refuse(game.CodeGameOver, "", "the game is over")
	case cmd.Side != s.Active:
		return nil, game.Refuse(game.CodeWrongSide, "T-1", "it is %s's turn", s.Active)
	case cmd.Verb == "pass":
		return []game.Event{&toyPassed{cmd.Side}}, nil
	case len(cmd.Args) != 2:
		return nil, game.Refuse(game.CodeSyntax, "T-2", "write: play CARD CELL")
	case !slices.Contains(s.Hands[cmd.Side], cmd.Args[0]):
		return nil, game.Refuse("not-in-hand", "T-2", "you hold no %s", cmd.Args[0])
	case !slices.Contains(toyCells, cmd.Args[1]) || s.Board[cmd.Args[1]] != "":
		return nil, game.Refuse("cell-taken", "T-3", "%s is not a free cell", cmd.Args[1])
	}
	return []game.Event{&toyPlayed{cmd.Side, cmd.Args[0], cmd.Args[1]}}, nil
}

func (toyRules) Evolve(gs game.State, e game.Event) game.State {
	s := gs.(*toyState).clone()
	switch e := e.(type) {
	case *toyPlayed:
		s.Hands[e.Side] = slices.DeleteFunc(s.Hands[e.Side], func(c string) bool { return c == e.Card })
		s.Board[e.Cell], s.Owner[e.Card], s.Passes = e.Card, int(e.Side), 0
	case *toyPassed:
		s.Passes++
	}
	s.Active, s.Turn = s.Active.Other(), s.Turn+1
	s.Done = len(s.Board) == len(toyCells) || s.Passes == 2
	return s
}

func (toyRules) Legal(gs game.State, side game.Side) []game.Option {
	s := gs.(*toyState)
	if s.Done || side != s.Active {
		return nil
	}
	out := []game.Option{{Label: "pass", Command: "pass"}}
	for _, c := range s.Hands[side] {
		for _, cell := range toyCells {
			if s.Board[cell] == "" {
				out = append(out, game.Option{Label: c + " on " + cell, Command: "play " + c + " " + cell})
			}
		}
	}
	return out
}

func (toyRules) NewEvent(kind string) (game.Event, bool) {
	switch kind {
	case "played":
		return &toyPlayed{}, true
	case "passed":
		return &toyPassed{}, true
	}
	return nil, false
}

func (toyRules) DecodeState(_ *game.Scenario, _ game.Options, b []byte) (game.State, error) {
	var s toyState
	return &s, json.Unmarshal(b, &s)
}

// View hides the other side's hand: its cards become a count.
func (toyRules) View(gs game.State, viewer game.Side) game.State {
	s := gs.(*toyState).clone()
	for _, side := range game.Sides {
		if side != viewer {
			s.Hidden[side], s.Hands[side] = len(s.Hands[side]), nil
		}
	}
	return s
}

func (toyRules) Verbs() []game.Verb {
	return []game.Verb{
		{Name: "play", Rule: "T-2", Example: "play ace a1", Help: game.Text{EN: "play a card of your hand on a free cell", FR: "jouer une carte de votre main sur une case libre"},
			Args: []game.VerbArg{{Name: "card", Kind: game.ArgCard, Required: true, Help: game.Text{EN: "a card of your hand", FR: "une carte de votre main"}},
				{Name: "cell", Kind: game.ArgCell, Required: true, Help: game.Text{EN: "a free cell", FR: "une case libre"}}}},
		{Name: "pass", Rule: "T-1", Example: "pass", Help: game.Text{EN: "play no card this turn", FR: "ne jouer aucune carte ce tour"}},
	}
}

// DeadlineOrder passes for a side that let its deadline go by.
func (toyRules) DeadlineOrder(gs game.State, side game.Side) (string, string) {
	if s := gs.(*toyState); s.Done || s.Active != side {
		return "", "not side's turn"
	}
	return "pass", ""
}

// AutoOrder passes at once for a side with an empty hand: everyone knows
// how many cards it holds, so passing for it reveals nothing.
func (toyRules) AutoOrder(gs game.State, side game.Side) string {
	if s := gs.(*toyState); !s.Done && s.Active == side && len(s.Hands[side]) == 0 {
		return "pass"
	}
	return ""
}

func (s *toyState) clone() *toyState {
	c := *s
	c.Hands = [2][]string{slices.Clone(s.Hands[0]), slices.Clone(s.Hands[1])}
	c.Board, c.Owner = map[string]string{}, map[string]int{}
	for k, v := range s.Board {
		c.Board[k] = v
	}
	for k, v := range s.Owner {
		c.Owner[k] = v
	}
	return &c
}

func (s *toyState) Clock() game.Clock {
	active := s.Active
	if s.Done {
		active = game.Nobody
	}
	return game.Clock{Turn: s.Turn, Turns: 20, Phase: "play", Active: active}
}

func (s *toyState) Pending() []game.Decision { return nil }

func (s *toyState) Outcome() game.Outcome {
	var o game.Outcome
	for card, side := range s.Owner {
		o.Score[side] += toyValue[card]
	}
	o.Over, o.Winner = s.Done, game.Nobody
	switch {
	case !s.Done:
	case o.Score[0] > o.Score[1]:
		o.Winner, o.Result = game.SideA, "A wins on points"
	case o.Score[1] > o.Score[0]:
		o.Winner, o.Result = game.SideB, "B wins on points"
	default:
		o.Result = "a draw"
	}
	return o
}

// Pieces are the cards on the board and the cards of the hands the
// state shows.
func (s *toyState) Pieces() []game.Piece {
	var out []game.Piece
	for _, cell := range toyCells {
		if c := s.Board[cell]; c != "" {
			out = append(out, game.Piece{ID: c, Side: game.Side(s.Owner[c]), Hex: cell, Type: "card", Values: fmt.Sprint(toyValue[c]), Status: game.StatusActive})
		}
	}
	for _, side := range game.Sides {
		for _, c := range s.Hands[side] {
			out = append(out, game.Piece{ID: c, Side: side, Type: "card", Values: fmt.Sprint(toyValue[c]), Status: "hand"})
		}
	}
	return out
}

// Zones are the two hands, each seen by its owner only.
func (s *toyState) Zones() []game.Zone {
	var out []game.Zone
	for _, side := range game.Sides {
		out = append(out, game.Zone{Name: "hand", Side: side, Sees: game.Only(side), Items: s.Hands[side], Count: len(s.Hands[side]) + s.Hidden[side]})
	}
	return out
}

// toyScenario is the toy's only scenario, built in Go.
var toyScenario = &game.Scenario{ID: "toy-1", Ruleset: "toy", Title: "Four cells", Hash: "toy-1", Turns: 20}

// TestToyRuleset plays a toy card game through the terminal room
// (testdata/toy/toy.txt): a new game, orders typed and refused, each hand
// shown only to its owner, a deadline order, the end of the game — with
// the bot given nothing but the ruleset and its scenario.
func TestToyRuleset(t *testing.T) {
	var _ interface {
		game.Verber
		game.Viewer
		game.Defaulter
	} = toyRules{}
	var _ game.Zoner = &toyState{}
	h := newHarness(t)
	h.rulesets = []game.Ruleset{toyRules{}}
	h.scenarios = []*game.Scenario{toyScenario}
	got := runTranscriptWith(t, "testdata/toy/toy.txt", h)
	for _, want := range []string{
		"play <card> <cell> — play a card of your hand on a free cell", // help from the toy's verbs
		"ace · card 1 · hand", "queen · card 12 · hand",
		"you hold no king (T-2)", // a refusal, from the toy
		"g1 is over: B wins on points",
		"g2 · B (bob) · pass",   // the deadline order
		"g2 · A (alice) · pass", // the automatic order
		"g2 is over: A wins on points",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the conversation does not show %q", want)
		}
	}
	// Each hand only to its owner: alice's units never show bob's cards
	// in hand, and bob's never show alice's.
	for _, block := range strings.Split(got, "\n> ") {
		who, _, _ := strings.Cut(block, ":")
		if !strings.Contains(block, "units") {
			continue
		}
		hidden := map[string][]string{"alice": {"jack", "queen", "king"}, "bob": {"ace", "deuce", "trey"}, "carol": {"ace", "jack"}}
		for _, c := range hidden[who] {
			if strings.Contains(block, c+" · card "+fmt.Sprint(toyValue[c])+" · hand") {
				t.Errorf("%s sees the %s in the other hand:\n%s", who, c, block)
			}
		}
	}
}

// TestToyComplete: autocomplete fills the toy's order arguments from its
// legal-option tree: the cards of the asker's own hand, then the free
// cells.
func TestToyComplete(t *testing.T) {
	h := newHarness(t)
	h.rulesets = []game.Ruleset{toyRules{}}
	h.scenarios = []*game.Scenario{toyScenario}
	h.open()
	for _, l := range [][2]string{{"alice", "new toy-1 vs bob"}, {"bob", "accept"}, {"alice", "play ace a1"}} {
		h.room.User = l[0]
		if _, err := h.room.Line(h.ctx, l[1]); err != nil {
			t.Fatal(err)
		}
	}
	complete := func(user, arg string, args map[string]string) []string {
		req := bot.Request{Platform: Platform, Room: "terminal", User: bot.User{ID: user, Name: user}, Command: "play", Args: args}
		var out []string
		for _, c := range h.app.Complete(h.ctx, req, arg, "") {
			out = append(out, c.Command)
		}
		return out
	}
	if got := complete("bob", "card", map[string]string{}); !slices.Equal(got, []string{"jack", "queen", "king"}) {
		t.Errorf("bob's cards: %v", got)
	}
	if got := complete("alice", "card", map[string]string{}); len(got) != 0 {
		t.Errorf("alice, whose turn it is not, is offered %v", got)
	}
	if got := complete("bob", "cell", map[string]string{"card": "queen"}); !slices.Equal(got, []string{"a2", "b1", "b2"}) {
		t.Errorf("free cells: %v", got)
	}
}

// toyNoDefaults is the toy without its Defaulter.
type toyNoDefaults struct {
	game.Ruleset
	game.Verber
	game.Viewer
}

// TestToyWithoutDefaults: for a ruleset that does not say what to play
// at a deadline, the bot plays nothing and calls for an administrator.
func TestToyWithoutDefaults(t *testing.T) {
	h := newHarness(t)
	h.rulesets = []game.Ruleset{toyNoDefaults{toyRules{}, toyRules{}, toyRules{}}}
	h.scenarios = []*game.Scenario{toyScenario}
	got := runTranscriptWith(t, "testdata/toy/no-defaults.txt", h)
	if !strings.Contains(got, "no default could be played for A") || strings.Contains(got, "A (alice) · pass") {
		t.Errorf("an order was played, or no administrator called:\n%s", got)
	}
}
