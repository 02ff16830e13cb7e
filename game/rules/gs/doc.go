// Package gs is the Grands Stratèges ruleset: Napoleonic divisions on two
// geomorphic boards, odds-ratio combat, rigid zones of control and
// compulsory combat, as digested in shared/rules/grands-strateges.md. Rule
// ids in errors and narration (GS-4.16, GS-P-04 …) refer to that digest.
//
// # Turn
//
// A game starts with the simultaneous secret set-up (deploy UNIT HEX,
// deploy auto, ready); each turn is A's movement and combat phases, then
// B's; the time phase is the PhaseChanged event that starts the next turn.
// A combat phase in which the active side can fight nobody is skipped.
//
// # Orders
//
//	move A3 0512              cheapest legal path (or move A3 0511 0512 for a path; … off leaves the map)
//	attack A3 A4 -> B2 [at 2:1]   close combat; artillery not adjacent bombards
//	bombard A20 -> 1010       pure bombardment
//	retreat B2 1009           the owner's retreat choice (chain pushes likewise)
//	lose A3                   the attacker's loss set after an exchange
//	advance A3 1010 | advance none
//	end                       end the phase
//
// # Decisions and defaults
//
// After a result, retreats (owner), the exchange loss set (attacker) and
// advances (winner) are pending decisions, resolved in that order. A
// retreat with no legal hex eliminates the unit and one with a single hex
// is automatic, as is a single loss set. Defaults when a deadline passes:
// the retreat hex with the fewest adjacent enemy units (lowest label on a
// tie); the minimal loss set with the lowest total PC; no advance; for
// set-up, automatic placement.
//
// # Compulsory combat
//
// The engine enforces the obligation model GS-P-04: at the start of a
// combat phase every phasing unit in an enemy zone of control must attack,
// and every enemy unit controlling one of them must be attacked. A
// declaration is refused when it would leave the remaining obligations
// impossible to meet, and the phase cannot end while one can still be met.
//
// # Messages
//
// Player-facing text is data (game.Msg): refusals are game.Reject with a
// stable key (gs.too-far, gs.syntax.move …) and typed arguments; every
// event is a game.Narrator whose Msg was written when Decide knew the hex
// labels and factors, and whose Explain is its English rendering;
// decisions, option labels, results and score lines carry their message
// beside the English copy (PromptMsg, LabelMsg, ResultMsg, ItemMsg).
// messages_en.go and messages_fr.go are the catalogues; phases, terrain,
// arms and decision kinds are terms (term.combat, term.forest …). The
// English is the wording of earlier versions, so case files and
// transcripts read the same; an event of a log written before messages
// were data has only its English Text, which it narrates as it is.
package gs
