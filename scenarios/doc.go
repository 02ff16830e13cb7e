// Package scenarios loads the data of the games: scenarios, maps, counters
// and tables, written as TOML files, into a *game.Scenario that a ruleset
// starts a game from.
//
// # Use
//
//	sc, err := scenarios.Load("gs-1")              // a shipped scenario
//	sc, err := scenarios.LoadFile("club/ambush.toml") // a club's own
//	sc, err := scenarios.Parse("case 12", src)     // a test position
//	for _, in := range scenarios.List() { … }      // what is shipped
//	for _, p := range scenarios.Lint() { fmt.Println(p) } // check it all
//
// The shipped files are embedded in the binary under data/:
//
//	data/<ruleset>/<id>.toml          a scenario
//	data/<ruleset>/maps/<name>.toml   a map: one board, or boards side by side
//	data/<ruleset>/tables.toml        the ruleset's tables (CRT, terrain costs)
//	data/<ruleset>/counters.toml      the ruleset's counters
//
// A scenario names its map (or writes it inline as [map]); maps are looked
// for next to the scenario file, then among the shipped maps of its
// ruleset. Tables and counters are the shipped ones of the ruleset unless
// the scenario names its own. docs/scenarios.md describes every file
// format, with examples, for clubs writing their own scenarios and for
// test positions.
//
// # Checks
//
// Loading checks everything it reads: unknown keys, labels that are not
// cells of the map, hexside features and links between cells that are not
// adjacent, bridges off rivers, zones that are empty, units off the map or
// two in one cell, unknown counters, incomplete tables, a map's text
// drawing that disagrees with its lists. A problem names the file and the
// line ("scenarios/data/gs/maps/board-a.toml:14: …"); Load, LoadFile and
// Parse return them all as an *Error and never a partial scenario. Lint
// runs the same reading over files and returns the problems as data.
//
// # Caveats
//
// The TOML library does not expose the positions of keys, so lines come
// from a small scanner of the source (lineIndex): a problem about one
// value of a list points at the line holding that value when it can be
// found, else at the key's line.
//
// Scenario.Hash is the SHA-256 of every file that made the scenario, in
// the order read (scenario, maps, tables, counters, each prefixed by its
// length). Any edit of a shipped file, even a comment, changes the hashes
// of the scenarios that use it; games record the hash they started with.
//
// Load caches shipped scenarios: every caller gets the same *Scenario and
// must treat it as read-only, as the kernel expects.
//
// The package imports game, game/grid, the TOML library and the standard
// library only. It knows no ruleset: ruleset-specific names are checked
// against the ruleset's own "features" table when it has one, and phase
// names in [start] are left to the ruleset.
package scenarios
