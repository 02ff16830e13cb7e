// Package flg is the ruleset of Frédéric le Grand (Vincent Herelle, 2023),
// from the digest ../shared/rules/frederic-le-grand.md (rule ids FLG-…;
// the French seed 002_… wins where they disagree, and the digest's
// "Corrections against the seed" are followed). It is not registered in
// game/rules/all yet: the bot, the renderer and the store do not know it.
//
// # The game
//
// Two armies of miniatures on a hex cloth, one unit a hex, no facing and
// no zones of control. A player turn is a command phase (officers
// activate the units within their range), a movement phase and a combat
// phase; only activated units move and fight. Combat rolls symbol dice
// (FLG-T1: infantry, cavalry and artillery hits, two flags, the tactical
// advantage): faces matching the target's type are stands lost, flags are
// morale hits that push it back toward its own edge unless ignored, and a
// tactical advantage is read by FLG-T9. An army that has lost a third of
// its units is demoralised and loses.
//
// # The board
//
// The kernel's hex grid is flat-topped (odd-q columns, CCRR labels), so
// the digest's pointy-top rows (FLG-P-2) are its columns here: side A
// (the digest's South) holds the west edge, column 01, side B (North) the
// east edge, and "toward the own edge" is one of the two neighbours one
// column closer. The digest's axial (q, r) is column r+1, row
// q+(r − r mod 2)/2 + 1. Terrain is a hex's base terrain (clear, forest,
// town, marsh, rocks, sand, snow, mountain, lake, river, great-river,
// ford, bridge) and its level (1: a hill); roads are "road" links;
// linear obstacles are hexside features (wall, ditch, fortification,
// rampart) protecting the hexes listed in the scenario param "protected"
// (FLG-P-26).
//
// # Data
//
// data/units.txt is the troop catalogue (FLG-T2 with FLG-T4, the digest's
// reconstruction, AMB-1), data/tables.txt the tables FLG-T1 (faces and
// their d6 values, FLG-P-3), T3 with FLG-P-6, T5, T6, T7, T8, T12, T13,
// T14, T15; both are versioned and checked when loaded (data.go).
// Scenario params give the units and officers (Start documents the
// format): testdata/flg-brigade.toml is two FLG-P-33 "Brigade" presets.
//
// # Orders (Verbs)
//
//	activate OFFICER UNIT        command phase, one unit at a time (FLG-2.4)
//	move UNIT HEX                movement phase (FLG-3)
//	attack UNIT TARGET           combat phase: melee or fire (FLG-4)
//	advance UNIT · stay UNIT     an optional follow-up (FLG-4.50)
//	pursue UNIT HEX TARGET       a pursuit (FLG-4.51)
//	place OFFICER|HEX            a skipped turn's General-in-Chief (FLG-4.83)
//	end                          end the phase
//
// The dice are the kernel's committed dice (game/dice), one d6 a symbol
// die read through FLG-T1; every combat event records its faces, its
// dice breakdown and how each tactical advantage was read.
//
// # STATUS
//
// Implemented, with case files citing the rule ids (testdata/cases,
// named after the digest's worked examples FLG-TC-…) and Go tests:
//   - data: FLG-T1 (FLG-TC-001), T2, T3/FLG-P-6, T4, T5, T6, T7, T8 codes,
//     T12, T13, T14, T15 as versioned data files with tests;
//   - command: FLG-2.1 … FLG-2.5 (ranges, activations by army size, the
//     ability letters, each unit once, officers acting in the order they
//     activated, FLG-P-7), FLG-2.15 (officers follow their unit),
//     post-activation dice B4 and staff letter D;
//   - movement: FLG-3.1 … FLG-3.9 with FLG-P-12 (terrain costs and stops,
//     roads +1 without combat, mounted infantry +1, passing through
//     friendly artillery, no ZOC), "nc" allowances, B1, B2, B3;
//   - combat: FLG-4.2 … FLG-4.23 (dice FLG-P-15 with every modifier and
//     cap of FLG-T18 except the first-rank officer), lines of sight and
//     shadows FLG-P-13, FLG-4.30 … FLG-4.35 (hits, FLG-T9 with FLG-P-19,
//     FLG-T16 ignores), retreats FLG-4.40, FLG-4.41 (artillery caps, the
//     road, the carry-over), desertion FLG-4.42, follow-up FLG-4.50 with
//     FLG-T11, pursuit FLG-4.51, riposte FLG-4.60 … FLG-4.62, elephants
//     FLG-4.70, FLG-4.71 (panic, flight, blocking combats, FLG-P-37),
//     officer flight FLG-4.81, loss of the GC FLG-4.83 (skipped turn and
//     re-placement, FLG-P-24);
//   - victory: FLG-5.1, FLG-5.2 (immediate check), FLG-5.3, the turn cap
//     FLG-P-1 (option turn-cap, default 20) with FLG-P-30.
//
// Not implemented yet:
//   - messengers and aides-de-camp (FLG-2.10 … FLG-2.14), officers
//     activated alone and moving alone (FLG-2.15), allied and feudal units
//     (A5, A6, staff letter A), C1 Impétueux;
//   - officer actions: first rank (FLG-2.22), break-off and C6 Rompre
//     (FLG-2.23), rally (FLG-2.24), C4 Tireur élite (FLG-4.82), D3
//     Esquive; the defender's reactions are therefore not pending
//     decisions yet, and the riposte is always made (the digest's
//     default standing order);
//   - retreat paths are chosen by the digest's default (the fewest
//     losses, then the end with most friends, then the first label), not
//     asked of the player;
//   - set-up from chat: army building by preset or budget (FLG-P-33,
//     FLG-P-34), board sizes and the terrain generator (FLG-P-29,
//     FLG-P-31), officers by FLG-P-32, private deployment (FLG-P-35),
//     scenario files (FLG-P-36), reinforcements (FLG-3.11); the board
//     image and registration in game/rules/all.
//
// TestRuleCoverage lists the rule ids no case or test cites yet.
package flg
