// Package mech holds the mechanics that several games share, as plain
// functions over data. A ruleset flattens its map once, then asks mech the
// questions every hex-and-counter game asks, with its own numbers:
//
//   - Flatten, Flat, Feature, EdgeSet, EdgeTest: the map as slices indexed
//     by cell (i = x*H + y): terrain, level, labels, the neighbour in each
//     direction and the features of each edge (rivers, bridges, ridges …
//     read with Map.EdgeHas) or link (roads, paths: Map.Linked), one bit
//     each as the ruleset numbers them.
//   - ZOCRule, Project, ZOC, Exerts: zones of control into adjacent cells,
//     stopped by the edges and cells the ruleset names, all round or
//     through the front directions of a facing only.
//   - Flood: the movement flood (Dijkstra) over a Flat with keys the
//     ruleset composes (cost, then hazards) and several starts (entry from
//     off the map). grid.Reach is the same flood over coordinates.
//   - Paths: the retreat-path search, simple paths of n steps in direction
//     order, with the steps off the map.
//   - Assign: the matching of combat obligations, each defender out of
//     reach of close combat given its own bombarding unit.
//   - EitherTrace, Sight: lines of sight over grid.Lines' two traces,
//     clear when either trace is, or step by step with the cells beside an
//     edge the line runs along blocking together and blocking edges.
//   - Odds, OddsColumns, Axis, ParseAxis, Span, ParseSpans, SpanIndex:
//     combat tables read by odds ratio or by differential, with clamped
//     column shifts, and tables headed by strength spans ("3", "5-6",
//     "9+").
//
// mech knows no game: which units exert a zone, what a river costs, which
// cell blocks a line and which table a result is read from stay in the
// ruleset, passed in as data or small functions. A function belongs here
// once two rulesets need the same mechanism. Grands Stratèges
// (game/rules/gs) and Peter the Great (game/rules/ptg) use it today; its
// shape is meant for the games to come: Frédéric le Grand (hexes, lines of
// sight, command radius by distance), Le son du canon (hexes with facing:
// Project's direction mask) and Manœuvre (an 8×8 square grid: every
// function works on grid.Square as on grid.Hex).
//
// The package imports only the standard library, game and game/grid
// (DESIGN.md, "Packages and what they may import"); a test in game
// enforces it.
package mech
