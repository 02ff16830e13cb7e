// Package game is the rules kernel of grognard: the types every ruleset
// and every front end share, and the fold that turns orders into history.
//
// # One order
//
// A player's text becomes a Command (a verb and its words, ParseCommand).
// The ruleset's Decide validates it against the current State and returns
// the Events it causes, or a *RuleError naming the rule that forbids it.
// Decide is the only place dice are rolled (through a Dice: seeded and
// auditable in real games, fixed in tests). The events are then folded
// into the state with Evolve, which cannot fail and runs no rule: it
// applies what an event says, every rule's outcome being worked out by
// Decide and recorded in the event, so a later rules fix never rewrites a
// finished game (a ruleset whose older logs lack such an outcome works it
// out for them alone, on a documented legacy path). Game.Apply does both
// and returns a Record for the log; Replay folds a log again; Redecide
// re-runs the logged commands with their recorded dice and compares the
// events as data to detect rules drift (a *Drift).
//
// # Decisions
//
// Mid-turn choices (retreat hexes, advances, exchange losses, secret
// deployment) are Decisions in the state: who must act, on what, with which
// options, and which option is the default when the deadline passes. Every
// option is an order Decide accepts, so "choose 2" is just option 2's text.
// Legal lists every order a side may give now as a tree (unit →
// destinations); tests play random games from it.
//
// # What a ruleset brings (kernel v2)
//
// The bot and the other front ends hold no knowledge of any one game;
// each ruleset brings its own:
//
//   - Its scenario. A game carries the resolved Scenario it started with
//     (board, forces, tables; shipped, uploaded, or built at creation by a
//     SetUpper from the game's seed), stored and hashed with the game: a
//     running game never changes board when a new version ships.
//   - Its verbs (Verber): every order word with typed arguments (unit,
//     cell, card, officer, die face, choice), help in English and French
//     and a rule id. The bot builds its order commands, slash commands,
//     parsing, autocomplete, help and docs from them.
//   - Its defaults (Defaulter): the order played for a side whose deadline
//     has passed, and an order the bot may play at once because the side
//     has nothing left to decide, never one that would reveal a secret.
//     Without a Defaulter the bot plays nothing on anyone's behalf.
//   - Its words (Msg, Register): events narrate themselves as a message
//     key with typed arguments (Narrator), refusals are RuleErrors built by
//     Reject, prompts and option labels carry messages too; each ruleset
//     registers an English and a French catalogue, and front ends Render
//     a message in the reader's language.
//   - Its zones (Zone, Zoner): hands, decks, discards, reserves, off-map
//     and eliminated boxes beside the map cells, each with the audience
//     that may see its contents; others see its count (ZonesOf).
//
// # Hidden information
//
// Rulesets with secrets implement Viewer: View(state, side) is what that
// side may see. Board images, JSON output and messages are all built from
// views, never from the full state. Every piece of output has an Audience
// (some sides, and the spectators or not): an event's is AudienceOf (a
// Secret is its owner's), a record's order text is RecordAudience (those
// who may see all its events), and a refused order and its refusal belong
// to the side that gave it alone (RefusalAudience). Front ends deliver each
// part only to its audience: the bot's messages, `play --side` and
// `export --side`.
//
// Logs from outside are not trusted: Redecide re-runs each record's
// command with its dice and compares the events; CommitChecked and
// ReplayChecked turn a crafted event that panics Evolve or breaks the
// ruleset's invariants into an error naming the record.
//
// # Boundaries
//
// The kernel imports the standard library and game/grid only. Rulesets
// (game/rules/...) import the kernel, game/grid and game/mech, the
// mechanics they share (map flattening, zones of control, movement flood,
// retreat paths, combat matching, lines of sight, combat tables); mech
// imports the kernel and game/grid only. Nothing under game/ imports chat,
// storage, drawing or TOML code, and a test enforces it.
package game
