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
//	roll                       both players roll the initiative (SDC-6.1)
//	first | second             the winner starts or not (SDC-6.3)
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
// Implemented (rule ids): army construction and validation SDC-1.1 …
// 1.11 with TBL-1 … TBL-4 (ValidateArmy; SDC-1.8 senior generals only as
// a count of rerolls); element data TBL-5, TBL-8; turn and initiative
// SDC-6.1 … 6.5; command check and rout SDC-7.1 … 7.6 (rout removes the
// brigade, SDC-7.3 default); movement SDC-8.1 … 8.13, 8.15 with the
// terrain of SDC-3 and TBL-15 (the road bonus as a separate flood along
// the road, forced march through the front hexsides in open ground or
// along a road), general displacement SDC-8.14 by the bot's default
// (SDC-G.23, no choice offered); reactions SDC-9.1 … 9.6 (the square
// offered to the contacted elements only, SDC-Q.50's option); artillery
// fire SDC-10.1 … 10.17 with TBL-9 … TBL-11 and grande batterie rerolls
// SDC-15.21 … 15.23 (misses rerolled automatically); combat SDC-11.1 …
// 11.16 with TBL-12, TBL-13 (rerolls of elite infantry and heavy cavalry
// by the default policy "reroll the lowest die when losing", defender
// first); results SDC-12; morale tests SDC-13 (a natural 1 fails);
// disorder and rallying SDC-14 (option rally-test); formations SDC-15
// (line, square, attack formation, grande batterie); brigade destruction,
// army morale, objectives and victory SDC-18.1 … 18.6 and SDC-4.13
// (objectives are the scenario's [[objective]] cells); flank marches
// SDC-17.1 … 17.7 (the entry test, side and distance dice, placement
// with the enter order, Legal offering the default placement nearest the
// own edge; declining or failing to place keeps the brigade off the
// table).
//
// The battlefield (setup.go): BoardSize, the deployment zones, the
// terrain roll and sectors, the spacing checks of hills, villages and
// crossings (SDC-4.1 … 4.12, SDC-5.2, SDC-G.19 … G.21), and Generate, the
// seeded generator with the digest's defaults (a straight river across
// the table, 7-hex hills, a wood per player, 3-hex villages, a road over
// the first crossing), with its objectives and its map.
//
// Senior generals SDC-16.1 … 16.6, 16.8 (senior.go): when a die of a
// side fails (a morale test, a missed shot, the lower combat total) and a
// division general within 6 PM, or a corps general within 6 PT or through
// a division general's relay, still has rerolls, the order stops with an
// Asked event and the die's owner answers reroll or keep (the default:
// the pool is never spent on a timeout); the order is then decided again
// from the start with the same dice and the answers, so the log
// re-decides. A die already rerolled (elite infantry, heavy cavalry, a
// grande batterie, an attack-formation brigade's forced march) is never
// rerolled again.
//
// Set-up (deploy.go, game.SetUpper): param terrain = "generate" lays the
// battlefield out with Generate; units without a hex are deployed by the
// default template of TBL-26 (each brigade in ranks of up to five at the
// front of its side's zone, in its own band of rows, its general in the
// rank behind, facing the enemy; SDC-5.2 … 5.4); the deployment
// initiative is rolled (SDC-5.1) and decides turn 1's ties (SDC-6.2).
//
// Not implemented: senior generals' moves and displacement (SDC-16.7:
// they stay where the scenario puts them), rerolls of a flank-marching
// general's entry test (he has no hex), a senior reroll offered on a die
// that succeeded; set-up as
// orders: the players' alternate placement of terrain (SDC-4.6, 4.9 …
// 4.11: only the generator places it) and deployment by the players
// (SDC-5.3: only the template deploys, and the deployment winner's
// choice of who deploys first has nothing to act on); army building as
// orders (ValidateArmy
// exists, no verb uses it); a recoil or displacement path chosen by the
// owner (the bot's default path is taken); the options
// routLeavesElements, generalCapturedIfTrapped, generalSwapUsesExchange
// as game options (the last is an ArmyOptions field); column support used
// once per activation (SDC-G.13: it is given to every element in front).
// Worked examples without a case file or test: notYet in coverage_test.go.
package sdc
