// Package ptg is the Peter the Great ruleset: the battle of Poltava, 28
// June 1709, Charles XII's Swedes against Peter I's Russians, as digested
// in shared/rules/peter-the-great.md from the French translation of the
// rules published in The Wargamer no. 27. Rule ids in errors and
// narration (PTG-7.3.2, P-FORCE, T-CRT …) refer to that digest.
//
// It exercises what Grands Stratèges does not: a CRT read by strength
// differential with the morale differential as a die modifier, two-step
// units, routs and rallies, leaders with command radii and uncommanded
// units, artillery with range attenuation, bombardment and lines of sight
// along hexsides, fire zones that strike during movement, redoubts and
// entrenchments, chains of push-backs, army morale with demoralization and
// collapse, the Russian Alert, reinforcements, and the seventeen optional
// rules of PTG-14.
//
// # Sides, turns and phases
//
// The Swedish army is side A, the Russian army side B. A game starts with
// the sequential set-up (place, redoubt, equip, ready: the Russians first,
// except in 13.4); each of the 11 turns (04:00 to 11:30) is a Swedish then
// a Russian player turn (the other way round in 13.4), each a movement,
// combat and rally phase; "end" closes a phase. The end of a player turn
// places replacement leaders (PTG-8.3); a combat phase with nothing to
// fight and a rally phase with nobody routed are skipped.
//
// # Orders
//
//	place SW-I03 1138            set-up; redoubt 1533 building; equip SW-I02; ready
//	move SW-C01 1235 [HEX …]     cheapest path, or the hexes in order; a unit may go on
//	                             with its remaining MP until another unit moves
//	move SW-C01 2427 charge      a cavalry charge (PTG-14.9); move RU-I08 2441 off: exit
//	aide · dismount U · mount U · square U [off] · release U
//	attack SW-I01 SW-A1 -> 1533 [morale U] [at -2] [grenade U] [canister] [rolling U]
//	bombard SW-A1 -> 1533        artillery alone at a distance (T-BOMB)
//	zone 2029 2030               where a redoubt's fire zone goes at the end of the phase
//	rally SW-I03 · rally all · end
//
// Own units may be named without their side prefix ("I03"), targets by
// hex or unit id.
//
// # Decisions and defaults
//
// Everything a player decides mid-turn is a pending decision, answered
// with an order (or "choose N"): the defender's response to an attack
// when optional rules give him one (defend with bonuses, surrender,
// evade), step losses, retreat and rout paths tied after the priorities
// of PTG-7.3.2, which unit a retreat pushes back, advances after combat,
// the Rp-or-step choice of a fire zone, where a leader hit by a stray
// bullet goes, where a replacement leader takes command. A decision with
// one legal answer is never asked. Defaults (§9.2 of the digest): no
// bonus, the loss costing the least army morale, the first tied path,
// no advance, repulse rather than a step, the strongest friendly hex.
//
// # Mandatory combat
//
// The obligation model P-FORCE: at the start of a combat phase every
// phasing unit in mutual zone of control with an enemy unit must attack
// and every such enemy must be attacked, less the exemptions (pickets,
// routed units, cavalry against woods, ravines and completed redoubts,
// units in completed redoubts). A declaration that would leave a
// satisfiable obligation unsatisfiable is refused; "end" is refused while
// one can still be met. Bombardment meets an obligation (P-BOMB-FORCE).
//
// # Hidden information
//
// The rules hide nothing once the battle has begun: visibility (PTG-14.7)
// changes movement, artillery range and rallies, not what a player sees.
// The one secret is a side's set-up until it declares ready; View hides
// it from the other side.
//
// # Data
//
// The map (scenarios/data/ptg/maps/poltava.toml), the order of battle
// (counters.toml) and the bodies of the CRT, Bombardment, Range
// Attenuation and Fire Zone tables (tables.toml) are reconstructions of
// lost originals (P-MAP, P-OOB, P-CRT, P-BOMB, P-RANGE, P-FZ); the code
// reads them as data, so a club can drop in the printed ones
// (docs/ptg.md).
//
// # Messages
//
// Refusals, narration, prompts and option labels are messages (game.Msg):
// a key of messages_en.go and messages_fr.go and typed arguments, written
// when Decide runs, so a log renders in either language long after. The
// French follows the words of the French rules (hex., ZdC, TRC, PM, pas de
// puissance, déroute, zone de feu, moral de l'armée); unit ids, hex labels,
// orders and result codes read the same in both. The English templates
// keep the wording the engine always had. Events of logs written before
// carry an English Text instead, shown as it is in every language.
//
// # Caveats
//
// Legal lists a representative set of combat declarations (every attacker
// alone, every subset of up to four, all together with the supporting
// artillery, each attacker against all its neighbours, bombardments), not
// every combination, and a few set-up hexes per unit; Decide accepts any
// legal declaration or placement typed by hand.
package ptg
