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
	// Markers are the game's markers lying in cells (a redoubt, a
	// control flag, a smoke or fire chit), drawn as small labelled chips.
	Markers []Marker `json:"markers,omitempty"`
	// Zones are the places that are not cells (hands, decks, reserves,
	// the eliminated box) as the viewer sees them (ZonesOf): a panel
	// each under the map.
	Zones []Zone `json:"zones,omitempty"`
	// SideColors are the counter colours of the sides (CounterColors
	// names) for the legend's key; empty: the default blue and orange.
	SideColors map[Side]string `json:"side_colors,omitempty"`
	// Dice are the last rolls' dice as faces (a combat and its
	// riposte), drawn as a strip of dice under the map; the text of the
	// events names them too.
	Dice   []DieStrip `json:"dice,omitempty"`
	Legend Legend     `json:"legend"`
}

// DieStrip is one roll drawn as dice: Label says what was rolled
// ("A-inf-1 → B-cav-2"), Faces are the faces shown, each a die symbol
// name ("infantry", "cavalry", "artillery", "flag", "advantage", "hit",
// "miss") or, for any other name, drawn as its text ("6"); Side is whose
// roll it is, its dice drawn in that side's colour (Nobody: white).
type DieStrip struct {
	Label string   `json:"label,omitempty"`
	Faces []string `json:"faces"`
	Side  Side     `json:"side"`
}

// Marker is a game marker lying in a cell. Kind names what it is
// ("redoubt", "control", "fire"); Label is the text printed on it (the
// kind when empty); Side is its owner, drawn in that side's colour, or
// Nobody for a neutral marker (white) — the zero value is side A.
type Marker struct {
	At    grid.Coord `json:"at"`
	Kind  string     `json:"kind"`
	Label string     `json:"label,omitempty"`
	Side  Side       `json:"side"`
}

// DrawFrom completes a board a ruleset built with what its scenario and
// state say about drawing: each piece's counter symbol and colour from
// the scenario's counter faces (pieces without a type, such as face-down
// ones, get none), the sides' colours, and the state's zones as viewer
// sees them. s may be nil.
func (b *Board) DrawFrom(sc *Scenario, s State, viewer Side) {
	if sc != nil {
		for i := range b.Pieces {
			p := &b.Pieces[i]
			p.Symbol, p.Color = sc.CounterLook(*p)
		}
		for _, side := range Sides {
			if c := sc.Colors[side.String()]; c != "" {
				if b.SideColors == nil {
					b.SideColors = map[Side]string{}
				}
				b.SideColors[side] = c
			}
		}
	}
	if s != nil {
		b.Zones = ZonesOf(s, viewer)
	}
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
