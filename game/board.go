package game

import "github.com/grognard/grognard/game/grid"

// Board is a neutral description of what a board image shows: the map, the
// pieces as one side sees them, overlays and the legend. Rulesets build it
// (Boarder); the render package draws it. It holds nothing the viewer may
// not see.
type Board struct {
	Map    *Map    `json:"-"`
	Viewer Side    `json:"viewer"`
	Pieces []Piece `json:"pieces"`
	Arrows []Arrow `json:"arrows,omitempty"`
	Marks  []Mark  `json:"marks,omitempty"`
	Legend Legend  `json:"legend"`
}

// Arrow is a move (from → to), a combat (attacker → defender, labelled with
// odds and result) or a line of fire.
type Arrow struct {
	From  grid.Coord `json:"from"`
	To    grid.Coord `json:"to"`
	Kind  string     `json:"kind"` // "move", "combat", "fire", "retreat", "advance"
	Side  Side       `json:"side"`
	Label string     `json:"label,omitempty"`
}

// Mark highlights one cell: a numbered choice of a pending decision, a
// reachable cell, an eliminated unit's last position, a line of sight, a
// cell of a side's set-up zone ("deploy", labelled with the side).
type Mark struct {
	At    grid.Coord `json:"at"`
	Kind  string     `json:"kind"` // "choice", "reach", "eliminated", "los", "blocked", "objective", "deploy"
	Label string     `json:"label,omitempty"`
}

// Legend is the text strip under the board.
type Legend struct {
	Game     string   `json:"game,omitempty"`
	Scenario string   `json:"scenario"`
	Turn     int      `json:"turn"`
	Turns    int      `json:"turns"`
	Phase    string   `json:"phase"`
	Active   Side     `json:"active"`
	Pending  string   `json:"pending,omitempty"`
	Deadline string   `json:"deadline,omitempty"`
	Lines    []string `json:"lines,omitempty"` // losses, victory points
}
