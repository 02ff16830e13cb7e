package game

import "github.com/grognard/grognard/game/grid"

// Clock is where a game stands in its turn sequence.
type Clock struct {
	Turn   int    `json:"turn"`
	Turns  int    `json:"turns"`
	Phase  string `json:"phase"`
	Active Side   `json:"active"`
}

// Decision is a choice some player must make before play goes on: a
// retreat hex, an advance, an exchange loss set, a deployment, a reaction.
// Every option is an order that Decide accepts; answering "choose N" is the
// same as typing option N's order. Default is the index of the option taken
// when the deadline passes (see the ruleset's documentation of defaults).
type Decision struct {
	ID     string `json:"id"`
	Side   Side   `json:"side"`
	Kind   string `json:"kind"`
	Rule   string `json:"rule,omitempty"`
	Prompt string `json:"prompt"`
	// PromptMsg is Prompt as data, for rendering in the reader's
	// language; Prompt is its English rendering.
	PromptMsg Msg      `json:"prompt_msg,omitzero"`
	Options   []Option `json:"options"`
	Default   int      `json:"default"`
	// Cells lists the board cells the options point at (numbered like the
	// options) so a board image can show them.
	Cells []grid.Coord `json:"cells,omitempty"`
}

// Option is one node of a legal-options tree. A leaf carries an order
// (Command text); an inner node groups its children under a label (a unit,
// a target). Decision options are leaves.
type Option struct {
	Label    string   `json:"label"`
	Command  string   `json:"command,omitempty"`
	Children []Option `json:"children,omitempty"`
	// LabelMsg is Label as data; Label is its English rendering.
	LabelMsg Msg `json:"label_msg,omitzero"`
}

// Leaves flattens an option tree to its orders, in tree order.
func Leaves(opts []Option) []string {
	n := countLeaves(opts)
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	var walk func([]Option)
	walk = func(os []Option) {
		for i := range os { // by index: options are large to copy
			if c := os[i].Command; c != "" {
				out = append(out, c)
			}
			walk(os[i].Children)
		}
	}
	walk(opts)
	return out
}

// countLeaves is the number of orders in an option tree (Leaves sizes
// its list once: legal trees hold thousands of orders).
func countLeaves(opts []Option) int {
	n := 0
	for i := range opts {
		if opts[i].Command != "" {
			n++
		}
		n += countLeaves(opts[i].Children)
	}
	return n
}

// ScoreLine is one item of a score breakdown.
type ScoreLine struct {
	Side   Side   `json:"side"`
	Item   string `json:"item"`
	Points int    `json:"points"`
	// ItemMsg is Item as data; Item is its English rendering.
	ItemMsg Msg `json:"item_msg,omitzero"`
}

// Outcome is the result of a game, or the running score of one still on.
type Outcome struct {
	Over   bool        `json:"over"`
	Winner Side        `json:"winner"`
	Result string      `json:"result,omitempty"`
	Score  [2]int      `json:"score"`
	Lines  []ScoreLine `json:"breakdown,omitempty"`
	Rule   string      `json:"rule,omitempty"`
	// ResultMsg is Result as data; Result is its English rendering.
	ResultMsg Msg `json:"result_msg,omitzero"`
}

// Piece is a unit as a view shows it: on the board, in reserve, gone.
// Hidden values are already removed in a per-side view.
type Piece struct {
	ID     string      `json:"id"`
	Side   Side        `json:"side"`
	Hex    string      `json:"hex"`
	At     *grid.Coord `json:"-"`
	Type   string      `json:"type,omitempty"`
	Name   string      `json:"name,omitempty"`
	Values string      `json:"values,omitempty"`
	Status string      `json:"status"`
	Facing int         `json:"facing,omitempty"`
	// FacingVertex (1…Dirs) is the facing of a unit that faces a corner
	// of its cell rather than a side (Le son du canon !'s elements face
	// a hex vertex): the corner clockwise of direction FacingVertex-1.
	// 0: none.
	FacingVertex int      `json:"facing_vertex,omitempty"`
	Flags        []string `json:"flags,omitempty"`
	// Symbol and Color are how the counter is drawn (CounterSymbols,
	// CounterColors), from the scenario's counter faces (Board.DrawFrom);
	// empty: a plain box in the side's colour.
	Symbol string `json:"symbol,omitempty"`
	Color  string `json:"color,omitempty"`
}

// Piece statuses shared by rulesets.
const (
	StatusActive     = "active"
	StatusEliminated = "eliminated"
	StatusReserve    = "reserve" // not yet on the map (reinforcement, undeployed)
	StatusExited     = "exited"  // left the map and scored
	StatusHidden     = "hidden"  // placed, but not visible to this viewer
	StatusPlaced     = "placed"  // put down in a secret set-up, not yet revealed
)

// State is a game position. It is a value: Evolve returns a new State and
// never changes the one it was given. Implementations are JSON-encodable so
// that snapshots can be stored; Ruleset.DecodeState reads them back.
type State interface {
	Clock() Clock
	// Pending lists the decisions waiting for a player, oldest first.
	Pending() []Decision
	// Outcome is the result once Over, and the running score before.
	Outcome() Outcome
	// Pieces lists every unit as this state shows it.
	Pieces() []Piece
}

// Waiting returns the sides that must act now: the sides of pending
// decisions if there are any, else the active side, else nobody when the
// game is over.
func Waiting(s State) []Side {
	if s.Outcome().Over {
		return nil
	}
	seen := map[Side]bool{}
	var out []Side
	for _, d := range s.Pending() {
		if !seen[d.Side] {
			seen[d.Side] = true
			out = append(out, d.Side)
		}
	}
	if len(out) == 0 && s.Clock().Active.Valid() {
		out = append(out, s.Clock().Active)
	}
	return out
}
