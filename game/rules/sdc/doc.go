// Package sdc is the rules engine of Le son du canon ! (Asgard Figurines),
// a Napoleonic miniatures game played here on a hex grid: brigades of
// bases (elements) led by generals, activated one general at a time, with
// facing, formations, artillery fire and mêlée. The rules are the digest
// ../shared/rules/son-du-canon.md (rule ids SDC-n.m, its grid adaptation
// SDC-G.n, its tables TBL-n); the French seed wins where they disagree.
//
// # The grid
//
// The project's hex grid is flat-topped (CCRR labels, odd columns lower),
// the digest's pointy-top layout turned a quarter: the armies face each
// other across the west (side A) and east (side B) edges, and an element
// faces one of the six hex vertices, written NE, E, SE, SW, W, NW (A's
// default E, B's W). Its front is the two hexsides either side of that
// vertex, its flanks the hexsides at ±90°, its rear the two behind
// (SDC-G.7, TBL-24; geom.go). One element per hex; an attack formation is
// two elements in one hex, the head and the second (SDC-G.15). Distances
// are the digest's grid values (TBL-21): PM 3 hexes, PT 4.
//
// # Data
//
// data/elements.txt (TBL-5, TBL-4, TBL-8 in hexes, ranges), data/army.txt
// (TBL-1 schema, TBL-3 exchanges) and data/results.txt (TBL-10/TBL-13),
// each versioned in its header, embedded and read by LoadData.
// ValidateArmy checks a submitted army (SDC-1.10) and names the rule of
// every violation.
//
// # Orders
//
//	sector                     roll the part of the table for the river or a hill (terrain = "players", SDC-4.6)
//	place FEATURE HEX [SIZE]   place the river, a hill, bridge, ford, wood, village, farm or the road (SDC-4.6 … 4.11)
//	army opts=1,2,2 b1=… …     build an army in secret (armies = "choose", SDC-1.10)
//	deploy GEN HEX …           deploy a brigade in the zone (deploy = "players", SDC-5.3)
//	roll                       both players roll the initiative (SDC-6.1)
//	first | second             the winner starts or not (SDC-6.3; at deployment SDC-5.1)
//	activate GEN               command check, then the brigade's orders (SDC-7)
//	march [detach GUN …]       forced march, before anything moves (SDC-8.6)
//	move UNIT HEX [FACING]     an element (or the activated general) moves (SDC-8)
//	face UNIT FACING           pivot in place, the element's move (SDC-8.11)
//	square UNIT · line UNIT [FACING]   form or leave square (SDC-15.5, 15.7)
//	rally UNIT                 remove disorder for the whole move (SDC-14.2)
//	fire GUN [GUN …] TARGET    artillery fire; several guns of a grande batterie (SDC-10, 15.22)
//	fight UNIT TARGET          one combat, resolved at once (SDC-11)
//	react UNIT face|square|none   the contacted player's reaction (SDC-9)
//	enter [left|right] HEX …   place a brigade arriving from a flank march (SDC-17.6)
//	reroll SENIOR | keep       answer a senior general's reroll question (SDC-16)
//	recoil UNIT HEX            choose a recoil's end (option recoil-path=owner, SDC-12.3)
//	displace GEN HEX           choose where a contacted general goes (option displace=owner, SDC-8.14)
//	end                        end the activation (every contact fought, SDC-11.2)
//
// Moving an element into a friendly element of its brigade of the same
// arm forms an attack formation (SDC-15.13). Contact offers the enemy a
// reaction, a pending decision of the other player (SDC-9).
//
// # Test positions
//
// Scenarios write every unit with [[unit]]: type LI, EI, Cav, HC, LC, Art,
// HA, HvA or general; group = the brigade's general; values {facing = 0…5}
// (NE … NW) or {quality = 3|4|5} for a general; flags disordered, square,
// second (behind the element of its brigade in the same hex), destroyed;
// a general flagged flank marches on a flank with his brigade, which has
// no hex (SDC-17), one flagged destroyed lost his brigade earlier.
// Senior generals have type division or corps and values {rerolls = N}
// (default 3, SDC-16.1).
// [start] phase initiative, activate-A or activate-B; params activated
// (generals already activated this turn) and last-initiative (SDC-6.2).
// Counter faces: scenarios/data/sdc/counters.toml.
//
// # STATUS
//
// Implemented, by rule id:
//
//   - Army construction SDC-1.1 … 1.11, TBL-1 … TBL-4: ValidateArmy (the
//     schema, reorganisation, exchanges, general swaps, flank-march slots,
//     division generals' trades, batterie eligibility), every violation
//     naming its rule; element data TBL-5, TBL-8 (data/*.txt). With the
//     param armies = "choose" (brigades = N) each player builds his army
//     in play with the army order, in secret (View and the event's owner
//     hide it), refused with the rule it breaks; both are revealed once
//     the second is in, then deployed, with SDC-1.8's division generals
//     (one up to 5 brigades, one per 3 and a corps general from 6) and
//     the rerolls left after their trades (SDC-1.7) (army_phase.go).
//   - Facing, faces and arcs on the grid SDC-2.2, 2.4, SDC-G.2, G.7 … G.9,
//     TBL-24; one element per hex, attack formations as two (SDC-G.5,
//     G.6, G.15, TBL-25).
//   - Terrain SDC-3, TBL-15 (woods, built-up areas, the river and its
//     crossings, roads, hills; lines of sight SDC-3.10, SDC-G.16).
//   - The battlefield SDC-4.1 … 4.14, SDC-G.19 … G.22:
//     board size, zones, terrain roll and sectors, spacing checks, the
//     seeded generator (Generate, with param terrain = "generate"), or the
//     players laying it out in turn with param terrain = "players"
//     (terrain_phase.go: the terrain type and crossings rolled at set-up,
//     then the river and each hill in a rolled part, the crossings, a
//     wood each, the villages and the road, alternating from A, each
//     placement refused with its rule, the deadline default placing as
//     the generator would; the layout is kept in the state and becomes
//     the board), objectives and control; deployment SDC-5.1 … 5.4 by the default
//     template (SetUp), or by the players with param deploy = "players"
//     (deploy_phase.go: the deployment winner says who deploys first, then
//     one brigade each in turn with the deploy order, SDC-5.3).
//   - Turn, initiative, alternating activation SDC-6.1 … 6.5; the command
//     check and rout SDC-7.1 … 7.6.
//   - Movement SDC-8.1 … 8.16: allowances, road bonus, forced march with
//     detachment, terrain, contact stopping a move with the enemy in front,
//     general moves and displacement (the bot's default direction, or the
//     owner's choice with option displace=owner).
//   - Reactions SDC-9.1 … 9.6: facing, the square against cavalry for the
//     contacted infantry and, at the first cavalry contact on a brigade,
//     its infantry not in contact (SDC-Q.50; option square-reaction), the
//     square held through the next activation.
//   - Artillery fire SDC-10.1 … 10.17, TBL-9 … TBL-11, and the grande
//     batterie SDC-15.21 … 15.23 (misses rerolled automatically).
//   - Combat SDC-11.1 … 11.16, TBL-12, TBL-13: pairing with the maximal
//     declaration, the three supports (column support once per activation,
//     SDC-G.13; option cumulative-support), elite and heavy-cavalry
//     rerolls by the policy "reroll the lowest die when losing", defender
//     first; results, recoils (the straightest path, or the owner's
//     choice with option recoil-path=owner) and destruction SDC-12;
//     morale tests SDC-13;
//     disorder and rallying SDC-14 (option rally-test).
//   - Formations SDC-15: line, square, attack formation, grande batterie.
//   - Senior generals SDC-16.1 … 16.8 (senior.go): they move 2 PM once a
//     turn during their side's activations and are displaced like brigade
//     generals. When a die of a side fails (a morale test, a missed shot,
//     the lower combat total) and a division general within 6 PM, or a
//     corps general within 6 PT or through a division general's relay,
//     still has rerolls, the order stops with an Asked event and the die's
//     owner answers reroll or keep (keep on a timeout); the order is then
//     decided again from the start with the same dice and the answers, so
//     the log re-decides. A die rerolled once is never rerolled again.
//   - Flank marches SDC-17.1 … 17.7 (flank.go): the entry test from turn
//     2, side and distance dice, placement with the enter order (Legal
//     offers the placement nearest the own edge); declining keeps the
//     brigade off the table.
//   - Brigade destruction, army morale, victory points and the end of the
//     game SDC-18.1 … 18.6.
//   - Options (OptionSpecs): cumulative-support, square-reaction,
//     recoil-path, displace, general-captured, rout, swap-uses-exchange,
//     light-cavalry, rally-test, each naming its rule.
//
// Every worked example of §7 is traced: 106 of the 132 by case files
// (testdata/cases, 98 files with the cases of rules that have no
// example), the 26 of army building (T-ARMY) and set-up (T-SETUP) by Go
// tests (army_test.go, setup_test.go); all 415 of the digest's rule ids
// are traced (TestRuleCoverage).
//
// Legal is fast on the largest default table (BenchmarkLegal: 88 × 35
// hexes, 8 brigades a side, one brigade of 8 elements activated, 444
// orders): about 130 µs and 71 allocations (77 KB) an order list, from
// about 650 µs and 1,652 (328 KB) before (issue 21's figure ≤ 200 µs;
// both best of 8 runs on the shared 2-core machine). The board is flat by
// cell index (terrain, roads, neighbours, labels made once, board.go);
// the movement floods are breadth-first searches in pooled buffers
// (flood.go); Legal checks march and end without deciding them, moveCheck
// refuses without rendering a message, the orders are written in one
// buffer and the leaves made in one slice; Sight reads its traces from a
// cache by line offset. TestLegalReference compares the whole legal list
// and the floods (hexes, paths, road flags) with the map-based reference
// (legal_ref_test.go) along random playouts; TestBoardFlat and
// TestHexTraces check the flat board and the cached traces.
//
// Not implemented: a default number of senior generals in a scenario's
// armies (SDC-Q.7: the scenario places them; an army built in play gets
// SDC-1.8's default);
// a road other than a straight one from the north edge to the south in
// the players' placement (SDC-4.10), and the players' choice of adding no
// wood or road; a senior reroll offered on a die that
// succeeded, or on a flank-marching general's entry test (he has no
// hex); the leaderless artillery of option rout=general firing (its
// brigade never activates again, SDC-7.3).
//
// The ruleset is registered in game/rules/all and plays in chat
// (docs/sdc.md): shipped scenarios sdc-battle (the template's armies on a
// generated battlefield), sdc-choose (armies built in play) and
// sdc-terrain (terrain laid out and brigades deployed by the players), counter
// faces in scenarios/data/sdc/counters.toml. Board (the game.Boarder)
// prints each element's facing and state under its counter and gives its
// vertex as game.Piece.FacingVertex, which the renderer draws as a wedge
// toward that corner; it marks the objectives with their holders and the
// brigade that acted last. The bot's leak test plays sdc-choose; the
// terminal room's transcripts bot/console/testdata/sdc.txt (creation,
// army building, initiative, activations) and sdc/contact.txt (a move
// into contact, a reaction, two combats) follow a game.
package sdc
