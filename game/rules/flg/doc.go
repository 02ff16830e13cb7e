// Package flg is the ruleset of Frédéric le Grand (Vincent Herelle, 2023),
// from the digest ../shared/rules/frederic-le-grand.md (rule ids FLG-…;
// the French seed 002_… wins where they disagree, and the digest's
// "Corrections against the seed" are followed). It is registered in
// game/rules/all and played from chat (docs/flg.md).
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
// east edge (swapped when FLG-A1.4's chooser takes the east), and "toward
// the own edge" is one of the two neighbours one column closer. The digest's axial (q, r) is column r+1, row
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
// T14, T15 and the provisional costs of FLG-P-34; both are versioned and
// checked when loaded (data.go).
//
// # Scenarios and set-up
//
// Scenario params give the units and officers (Start documents the
// format; "-" for a hex: to deploy; "off enter=TURN@HEX": a reinforcement,
// or an officer off the table with reinforcements, FLG-3.11), the linear obstacles' protected hexes (param "protected"),
// the victory (param victory = demoralisation, objectives or both, with
// objectives-A/-B, "HEX" or "HEX:VP", FLG-P-36), whether units may
// leave by their own edge (param exit-allowed, FLG-3.10; move.go's
// withdraw). Set-up (setup.go, game.SetUpper) reads
// army-A/-B (a FLG-P-33 preset, or "budget": built in secret by
// recruit/enlist/dismiss/done within param budget, FLG-P-34), board =
// generate (FLG-P-29 sizes, the FLG-P-31 generator with balance mode,
// theatre europe/desert/winter; without it the scenario's own map is the
// battlefield, FLG-P-36, its [[objective]] tables of kind "hex" becoming
// objectives-A/-B, and CheckScenario refuses names and params the rules
// do not know) and first = lot (FLG-A1.7); armies then
// get the reinforcements of params reinforcements-A/-B ("TURN@HEX TYPE|
// SG|SO …; …", off the table until then, FLG-3.11, FLG-P-36), and
// deploy (FLG-A1.5: in their two columns nearest their edge, or as many
// as params deploy-columns, deploy-columns-A/-B say, FLG-P-36): by
// default in secret behind the screen (FLG-P-35),
// with option deployment = slips (the opponent sees where the slips lie,
// with decoys, 1 per 4 units, "decoy HEX") or alternating (3 units at a
// time in the open, the first player first; FLG-A1.6).
// testdata/flg-brigade.toml is two "Brigade" presets already deployed.
//
// # Orders (Verbs)
//
//	recruit TYPE [WORDS] · enlist RANK [LETTERS] · dismiss ID · done
//	                                army building by budget (FLG-P-34)
//	deploy UNIT|OFFICER HEX · decoy HEX · ready
//	                                deployment (FLG-A1.5, FLG-A1.6, FLG-P-35)
//	activate OFFICER UNIT|OFFICER   command phase, one unit (or an officer
//	                                alone) at a time (FLG-2.4, FLG-2.15);
//	                                the phase's pending decision lists them
//	messenger OFFICER [ADC|OFFICER] command phase: send a messenger (FLG-2.11)
//	impetuous UNIT                  command phase: the C1 die (FLG-P-27)
//	move UNIT|OFFICER|MESSENGER HEX movement phase (FLG-3, FLG-2.15, FLG-2.11)
//	deliver MESSENGER UNIT          movement phase (FLG-2.12, FLG-2.14)
//	attack UNIT TARGET [OFFICER]    combat phase: melee or fire, with an
//	                                officer in the first rank (FLG-4, FLG-2.22)
//	rally OFFICER                   end of the combat phase (FLG-2.24)
//	advance UNIT [HEX] · stay UNIT  an optional follow-up, D5's extra hex (FLG-4.50)
//	pursue UNIT HEX TARGET          a pursuit (FLG-4.51)
//	place OFFICER|HEX               a skipped turn's General-in-Chief (FLG-4.83)
//	answer UNIT stand|firstrank|breakoff
//	                                the defender, before the roll (option
//	                                reactions = prompt; react.go, §9.2)
//	standing UNIT [WORD…]           either side, any time: standing orders
//	                                for the enemy's turn (breakoff, evade,
//	                                dodge, firstrank; §9.2)
//	end                             end the phase
//
// The dice are the kernel's committed dice (game/dice), one d6 a symbol
// die read through FLG-T1; every combat event records its faces, its
// dice breakdown and how each tactical advantage was read, and narrates
// the faces as words in English and French.
//
// # Hidden information
//
// Armies built by budget and deployments are secret until both sides are
// ready (secret events, View hides the other side's units and officers,
// types included); messengers (orders in transit) are their side's secret
// always, but for a capture or recoil, which the enemy caused.
//
// # Decisions and defaults
//
// The command phase is a pending decision of the active side (FLG-2.4,
// §9.1): "end", the default (§9.2: at the deadline the phase ends),
// then the unit activations officer by officer; an officer activated
// alone and messengers stay typed orders, so that the decision reads the
// same in every view. The attacker's optional follow-up and pursuit are
// pending decisions (default: stay); so are building and deploying (both
// sides at once). The defender's choices before a roll (break-off and
// Rompre, an officer in the first rank of the riposte) are a pending
// decision of the defender with option reactions = prompt (on in the
// shipped scenarios; react.go), batched, default stand, asked only for
// a unit without standing orders: standing orders, given with "standing"
// at any time, are the pre-set answer (§9.2), and with reactions =
// standing (the ruleset's default, for test positions) they and their
// defaults (stand, no first rank) answer at once; a pursuit's attack
// asks like any other. Esquive (D3, after the roll) keeps its standing
// order. The riposte is always
// made (the digest's default),
// retreat paths and a panicking elephant's way are the digest's defaults
// (the fewest losses, then the end hex with most friends, then the first
// label), and so are officers' flights (the nearest friendly unit, then
// the most stands) and the Tireur élite's officer (the highest ranked).
// DeadlineOrder plays a decision's default, an impetuous unit's
// compulsory attack, or "end".
//
// # STATUS
//
// Implemented, with case files citing the rule ids (testdata/cases,
// named after the digest's worked examples FLG-TC-… or the rule they
// check, written from the specs in testdata/gen) and Go tests; all 291
// rule ids of the digest are traced (TestRuleCoverage). All 125 worked
// examples of §7 are traced: 123 by case files, FLG-TC-001 by
// TestFaceFrequencies, FLG-TC-108 (symmetry) by every sight assertion;
// FLG-TC-009 keeps the rule where the digest's derived figure contradicts
// it (noted in its header).
//   - data: FLG-T1 (FLG-P-3), T2, T3/FLG-P-6, T4, T5, T6, T7, T8, T12, T13,
//     T14, T15, FLG-P-34 costs as versioned data files with tests;
//   - command: FLG-2.1 … FLG-2.6, FLG-P-7, FLG-P-10, FLG-2.15 (officers
//     follow their unit, or are activated alone anywhere and move 3 hexes
//     ignoring terrain), messengers FLG-2.10 … FLG-2.14 with FLG-P-8,
//     FLG-P-9 (improvised, ADCs, officers; loss, capture, recoil,
//     delivery), post-activation dice B4 and staff D, staff MS, allied
//     and feudal units and allied generals (A5, A6, staff A, AMB-10),
//     Impétueux C1 (FLG-P-27);
//   - movement: FLG-3.1 … FLG-3.11 with FLG-P-12 (terrain costs and stops,
//     roads +1 without combat, mounted infantry +1, through friendly
//     artillery, no ZOC, no exit, reinforcements), "nc" allowances, B1,
//     B2, B3;
//   - combat: FLG-4.1 … FLG-4.23 (dice FLG-P-15 with every modifier and cap
//     of FLG-T18), lines of sight and shadows (FLG-P-13), FLG-4.30 …
//     FLG-4.35 (hits, FLG-T9 with FLG-P-19, FLG-T16 ignores), retreats
//     FLG-4.40, FLG-4.41 (artillery caps, the road, the carry-over),
//     desertion FLG-4.42, follow-up FLG-4.50 with FLG-T11, pursuit
//     FLG-4.51 (D5: 2 hexes; D5 infantry's extra hex), riposte FLG-4.60 …
//     FLG-4.62, elephants FLG-4.70, FLG-4.71 (panic, flight at once and at
//     each turn start, blocking combats, FLG-P-37), officers FLG-2.21 …
//     FLG-2.24 (morale, first rank with wound tests, break-off and C6,
//     rally), C4 (FLG-4.82), D3, officer flight FLG-4.81, loss of the GC
//     FLG-4.83 (skipped turn, FLG-P-24);
//   - terrain: FLG-6.2, FLG-6.3, FLG-6.5 (linear obstacles, FLG-P-26),
//     FLG-T10;
//   - victory: FLG-5.1, FLG-5.2 (immediate check), FLG-5.3 (FLG-T15), the
//     turn cap FLG-P-1 (option turn-cap, default 20) with FLG-P-30,
//     objectives FLG-P-36;
//   - set-up: presets FLG-P-33 with officers FLG-P-32, budget armies
//     FLG-P-34, board sizes FLG-P-29 and the generator FLG-P-31 (features,
//     roads, a stream with fords and bridges, walled habitations and field
//     fortifications with param fortifications = on; balance mode;
//     property test),
//     a fixed battlefield given by the scenario's map (FLG-P-36: its
//     [[objective]] tables as objectives, CheckScenario's checks, which
//     grognard lint runs; fixed_test.go: the map file, not the
//     generator, and a victory by objectives),
//     first player by lot FLG-A1.7, deployment FLG-A1.5 by the screen
//     (FLG-P-35), slips of paper with decoys or alternating (FLG-A1.6);
//     with param terrain-by, the other player's choice of edge and first
//     player (FLG-A1.4, "edge west|east A|B");
//   - front ends: verbs (each with an example), defaults, views (the
//     other side's pending building and deployment left out of a view,
//     so that the bot sends them privately), Board, Range, LineOfSight,
//     English and French catalogues;
//   - chat: shipped scenarios scenarios/data/flg (flg-brigades and
//     flg-oriental: presets on generated terrain; flg-budget: armies of
//     100 points; flg-muhlbach: a fixed battlefield, maps/muhlbach.toml,
//     with objectives, bot/console TestFLGFixed; counters.toml: the faces
//     by troop type), the bot's
//     private building and deployment (bot TestNoLeaks plays flg-budget;
//     bot/console TestFLGDuel, a transcript from creation to a combat),
//     the board image (render BenchmarkFLGBoard: flg-oriental 8–21 ms
//     p50, noisy; 12.6–12.9 × the naive redraw) with the last combat's dice as FLG-T1
//     symbols (State.Rolls → Board.Dice: the attack with its riposte or
//     pre-emptive fire), officers and messengers as chips beside the unit
//     of their hex, and the activating officer's command radius on its
//     own side's board only (TestBoardCommandRadius), orders in transit
//     as lines from the sending officer to the messenger on its own
//     side's board only, the objectives' names beside their marks; the
//     troop types named in English and French (messages_types.go, the
//     bot's units list); bot/console TestFullGame plays flg-brigades
//     from the challenge to a victory by demoralisation (activations
//     answered by number, attacks answered by the defender: 170 orders,
//     under 3 s with -race; the same battle on the fake Discord is bot/discord
//     TestFullGameFLG, with GROGNARD_SOAK, and in a Matrix room against
//     Dendrite bot/matrix TestFullGameFLG, also with GROGNARD_SOAK; all
//     play internal/flgplay's player); bot/console TestFLGHostile
//     refuses spectators, the wrong side and malformed choices, answers
//     and standing orders at the decisions; grognard replay and audit --list narrate the dice faces
//     in either language (cmd/grognard TestFLGDiceFaces);
//   - FLG-P-36 beyond the objectives: a scenario's deployment depth
//     (deploy-columns, deploy-columns-A/-B), per-side reinforcement
//     lists for preset armies (reinforcements-A/-B), and a generated
//     battle fought on a shipped map chosen at creation
//     ("flg-brigades@muhlbach", TestTerrainFileAtCreation); the
//     objectives' victory points ("HEX:VP", [[objective]] points),
//     which decide at the turn limit before FLG-P-30 (case FLG-P-36-vp);
//     param exit-allowed (FLG-3.10: "move UNIT off" by the own edge, not
//     counted as lost, never the army's last unit; FLG-P-36-exit); param
//     first with the digest's S and N (FLG-P-36-first); CheckScenario
//     refuses a bad value of each, naming it.
//
// Not implemented yet:
//   - terrain placed by a player during the game (FLG-A1.4's choice of
//     edge and first player is there, for a map given to the game); a
//     terrain file uploaded from chat (a shipped map may be chosen at
//     creation, scenarios.Load's "flg-brigades@muhlbach", and a
//     scenario names its own map);
//   - prompts for the choices §9.2 keeps automatic (D3, the riposte
//     itself, retreat paths, flights).
//
// Figures (bench_test.go, go test -bench, on the shared 2-core machine,
// noisy): Legal on a 22 × 14 battle with 30 units a side (issue: ≤ 200
// µs), BenchmarkLegal before and after the movement floods moved to cell
// arrays (moveflood.go), the best of several runs (under load wall times
// double or triple; CPU time an op, from 20,000 ops, in brackets):
//
//	phase     before                               after
//	command   36 µs (38) · 11.8 KB · 146 allocs    39 µs (40) · 11.3 KB · 144 allocs
//	movement  182 µs (170) · 47.8 KB · 564 allocs  55 µs (49) · 23.6 KB · 109 allocs
//	combat    42 µs (41) · 12.0 KB · 145 allocs    42 µs (38) · 11.5 KB · 143 allocs
//
// (the movement phase floods 8 activated units; command and combat are
// the same within the noise: only UnitAt's index changed for them). The
// dense floods give the same options, paths included, as the map floods
// kept in moveref_test.go (TestLegalMovesReference, random battlefields
// with every terrain, roads, obstacles, mounts, reinforcements, officers
// alone and messengers). The largest generated battlefield 2.1 ms (issue: ≤ 50
// ms); a whole random brigade game (10-turn cap) 120–210 ms. The default
// suite runs in about 7–14 s under -race; GROGNARD_SOAK plays 40 brigade
// games and 24 games from every set-up, and checks 1,008 generated
// boards.
//
// TestRuleCoverage lists the rule ids no case or test cites yet.
package flg
