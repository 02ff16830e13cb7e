package game

// Dice rolls dice for Decide, the only place dice are rolled. Roll returns
// a value from 1 to sides. Implementations: game/dice (seeded commit–reveal
// dice for real games, fixed dice for tests). A fixed source that runs out
// panics with ErrDiceExhausted; Game.Apply turns that into an error.
type Dice interface {
	Roll(sides int) int
}

// OptionSpec documents a per-game option a ruleset understands, set with
// option=value when a game is created. Scenario files may change the
// default.
type OptionSpec struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Values  []string `json:"values,omitempty"` // empty: free text
	Rule    string   `json:"rule,omitempty"`
	Help    string   `json:"help"`
}

// Options are the option values of one game, by name.
type Options map[string]string

// Ruleset is one game system. Implementations live in game/rules/<name>
// and are listed explicitly in game/rules/all.
type Ruleset interface {
	// Name is the short id used in scenario files ("gs"); Title the full
	// name; Version changes whenever adjudication changes.
	Name() string
	Title() string
	Version() string
	// OptionSpecs lists the options the ruleset understands.
	OptionSpecs() []OptionSpec
	// Start builds the initial state of a scenario with the given options
	// (already merged with the defaults by the caller or not: Start applies
	// defaults for missing names and refuses unknown names or values).
	Start(sc *Scenario, opts Options) (State, error)
	// Decide validates a command against the state and returns the events
	// it causes, or a *RuleError. It must not change s, and must not roll a
	// die before it knows the command is legal.
	Decide(s State, cmd Command, d Dice) ([]Event, error)
	// Evolve applies one event and returns the new state. It cannot fail
	// and must not change s.
	Evolve(s State, e Event) State
	// Legal lists the orders side may give now, as a tree. Every leaf must
	// be accepted by Decide.
	Legal(s State, side Side) []Option
	// NewEvent returns a pointer to a zero event of the given kind, for
	// decoding the log.
	NewEvent(kind string) (Event, bool)
	// DecodeState reads a state written with encoding/json. States refer
	// to their scenario's map and tables without storing them, so the
	// caller passes the scenario (and options) the game started with.
	DecodeState(sc *Scenario, opts Options, b []byte) (State, error)
}

// Viewer is implemented by rulesets with hidden information: View returns
// what viewer may see of s (Nobody: a spectator). Rulesets without it have
// no secrets.
type Viewer interface {
	View(s State, viewer Side) State
}

// Checker is implemented by rulesets that can verify a state's invariants
// (no stacking violation, units on the map, counts add up). Tests run it
// after every event.
type Checker interface {
	Check(s State) error
}

// Boarder is implemented by rulesets whose states can be drawn: Board
// returns the picture of s for viewer (already a per-side view).
type Boarder interface {
	Board(s State, viewer Side) *Board
}

// Ranger is implemented by rulesets that can show where a unit may move
// (the `range` view) and lines of sight (the `los` view).
type Ranger interface {
	Range(s State, side Side, unit string) ([]Mark, error)
	LineOfSight(s State, from, to string) (clear bool, path []Mark, err error)
}

// ViewOf returns the per-side view of s, or s itself for rulesets with no
// hidden information. A viewer that is not a side (Nobody, or any other
// value) gets the spectator's view.
func ViewOf(r Ruleset, s State, viewer Side) State {
	if !viewer.Valid() {
		viewer = Nobody
	}
	if v, ok := r.(Viewer); ok {
		return v.View(s, viewer)
	}
	return s
}

// Legal lists the orders side may give now. It is the kernel's guard in
// front of Ruleset.Legal: a non-seat (Nobody, or any value other than A
// and B) has no orders in any ruleset, and the ruleset is never asked.
func Legal(r Ruleset, s State, side Side) []Option {
	if !side.Valid() {
		return nil
	}
	return r.Legal(s, side)
}
