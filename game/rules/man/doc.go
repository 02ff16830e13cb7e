// Package man is the ruleset of Manœuvre (GMT Games, 2008), from the
// digest ../shared/rules/manoeuvre.md (rule ids MAN-…; the French seed
// 001_… wins where they disagree). It is registered in game/rules/all
// and plays in the terminal room, on Discord and on Matrix; docs/man.md
// is the players' guide.
//
// # The game
//
// Two armies on an 8×8 board of squares (game/grid Square, a1 … h8,
// orthogonal adjacency only, MAN-1.1.3) built from four 4×4 map sections.
// Each side holds a hand of five cards drawn from its army's 60-card deck;
// unit cards start and feed combats, HQ cards (Leaders, Supply, Forced
// March, Withdraw, Ambush, Guerrilla, Redoubt …) bend the rules. A player
// turn is Discard (and draw to five), Movement (one unit must move),
// Combat (at most one), Restoration. A side wins by eliminating five
// enemy units, or at nightfall — when both first decks are exhausted — by
// controlling more of the enemy half.
//
// # Data (MAN-P-06, MAN-P-03, MAN-P-04)
//
// Versioned text files embedded in the package (data.go describes the
// format): data/armies/<code>.txt, the eight armies (units and 60 cards,
// seeded from the digest's Appendix A, unverified, flagged errors fixed
// and noted in each file), data/sections.txt (24 PLACEHOLDER sections,
// not the printed ones), data/tables.txt (terrain effects T-3b, results
// T-9 and T-10). Armies are checked when loaded (8 units, 60 cards, 5 per
// unit, a Leader, 3–8 other HQ types, Withdraw).
//
// # Scenarios
//
// A scenario's params name the armies (army-A, army-B: us ot sp at pr ru
// gb fr; both "choose": the second player offers two nations and the
// first takes one, MAN-3.4; both "beginner": the first player takes
// Great Britain or France, MAN-3.2), the edges (edge-A, default S; edge-B the opposite), the first
// player (first: A, B or roll) and the map (sections: "ID:ROT ×4" for NW,
// NE, SW, SE, random, or choose; otherwise the scenario's own 8×8 [map]).
// SetUp (game.SetUpper) rolls the first player and builds a given or
// random board from the set-up dice once, when the game is created. With
// sections = choose the game starts with the first player's "sections"
// order (MAN-3.3; the event carries the map, the state keeps it), with
// edge-A or edge-B = choose the second player's "edge" order follows
// (MAN-3.5); then the deal phase: the first player's "deal" shuffles both decks with the
// game's dice (a Fisher–Yates shuffle, one die a card: MAN-P-13) and draws
// the opening hands; each side deploys (first player first). A test
// position ([start]) places units and cards from params: at-A "UNIT:CELL
// …", reduced-A, eliminated-A, hand-A, deck-A (top first), discard-A,
// exhausted-A, redoubts; fixture-A holds a whole army file for test
// fixtures (no deck checks). scenarios/data/man/man-frgb.toml is the
// shipped scenario (France against Great Britain, the first player and
// the sections rolled at set-up); testdata/man-frgb.toml is the same
// game for this package's tests.
//
// # Orders (Verbs)
//
//	nations ARMY ARMY · nation ARMY · sections [ID:ROT ×4] · edge N|S|E|W
//	hand [CARD ×5]                                       (opening-hand = chosen)
//	deal · deploy UNIT CELL
//	discard [CARD…] · move UNIT CELL
//	march CARD UNIT CELL · supply CARD · spy CARD · end
//	assault CARD TARGET · volley CARD TARGET · bombard CARD TARGET [FIRER]
//	ambush CARD TARGET
//	withdraw CARD · defend [CARD…]                      (defender, steps 3-4)
//	play CARD · lead CARD [combat | command UNIT…] · commit CARD UNIT
//	sappers CARD · skirmish CARD CELL · fight            (attacker, step 5)
//	hit · retreat [CELL] · advance UNIT · stay           (results)
//	restore CARD [UNIT] · redoubt CARD UNIT
//	guerrilla CARD · pass                                (Guerrilla window)
//	standing ORDER…                      (either side, any time; MAN-P-46)
//
// # Hidden information
//
// Hands and discard piles are zones seen by their owner (game.Zone, Sees
// game.Only); deck orders are seen by nobody; cards in play are public.
// View drops the other side's hand and discards and every deck's order,
// keeping their sizes. Draws and discards are secret events of their
// owner, shuffles events of nobody, with a public event giving the
// counts. A decision that a card could answer (the Guerrilla window, the
// defence) lists only the card-free answer (pass, defend); the cards are
// the owner's orders in Legal. A Guerrilla window opens after every
// Supply, Forced March, Regroup or reinforcement when the opponent's army
// has Guerrilla cards at all (public), whatever his hand holds; AutoOrder
// plays only the deal and the end of a Movement Phase with no legal move,
// and neither it nor DeadlineOrder reads a hand (TestHiddenHands checks both
// against the opponent's view) — but for a side's own standing orders.
//
// # Standing orders and pace (MAN-P-46, MAN-P-45)
//
// "standing no-guerrilla | guerrilla-march | hit | flank-left |
// flank-right | none" (standing.go) replaces a side's standing orders:
// a secret event of its owner (StandingSet), kept in State.Standing,
// which a view keeps only for the viewer. DeadlineOrder answers a
// pending Guerrilla window, Hit or Retreat, or flank choice of that side
// with them (a Guerrilla only against a Forced March and when the hand
// holds one; a flank seen from the owner's edge), and with the default
// otherwise. AutoOrder ignores them: a standing order is played at the
// deadline, the moment a pass would be, never sooner (the leak rule of
// §9.3). The pace presets (pace=live|daily|weekly) are the bot's
// (bot/deadline.go): a reaction there is a decision of the side that is
// not Clock().Active, which holds for every reaction window of T-17
// (TestReactionSides).
//
// Board (game.Boarder) draws the battlefield with its sections' terrain,
// the units at their current strength, the Redoubts as markers, and a
// card area (cardArea): each side's hand and deck counts, its discard
// pile top card first — the other side's only by its public top card —
// and the cards in play; the viewer's own hand is listed in his view,
// each card with its values (Zone.Labels, cardLabels).
// In chat (bot), draws and discards reach only their owner, units lists
// the asker's hand privately, and the card arguments of orders complete
// over the asker's legal cards only.
//
// # STATUS
//
// Implemented and tested by case files (testdata/cases, the digest's
// worked examples MAN-TC-T03 … MAN-TC-T18 and MAN-TC-D01 … MAN-TC-D40,
// listed in each header) and Go tests:
//   - data: MAN-P-06 (TC-T01, TC-T02), MAN-P-03 placeholder sections with
//     rotation, T-3b, T-9, T-10;
//   - set-up: MAN-3.1 roll-off (SetUp), MAN-3.2 and MAN-3.4 nations
//     (params, or the players' orders; MAN-P-12 modes), MAN-3.3 sections (params, random,
//     or the first player's order), MAN-3.5 edges (params or the second
//     player's order),
//     MAN-3.6/MAN-P-13 shuffles, MAN-3.7, MAN-3.9, MAN-P-14, MAN-3.10,
//     MAN-P-10;
//   - sequence: MAN-4.1 … MAN-4.7, MAN-5.1 … MAN-5.6, MAN-P-15 … MAN-P-19,
//     MAN-9.2.3, MAN-9.2.10, MAN-9.2.4 (Guerrilla windows), MAN-A-38;
//   - combat: MAN-6.0.2, MAN-6.1.1 … MAN-6.1.7, MAN-6.2.1 … MAN-6.2.4
//     (lines of sight MAN-P-35), MAN-6.3 terrain (T-3b values), MAN-6.4
//     supporting units, MAN-6.5.2 … MAN-6.5.9, MAN-P-27 … MAN-P-30, MAN-6.6
//     pursuit (MAN-P-31, MAN-P-32), MAN-8.7 US withdraw (MAN-P-36),
//     MAN-9.1.2 … MAN-9.1.7 (Grand Battery MAN-P-38), MAN-9.2.1 Ambush
//     (French rules, 1d10), MAN-9.2.2 Committed Attack (MAN-P-40),
//     MAN-9.2.7 Sappers, MAN-9.2.8 Skirmish (MAN-P-43), MAN-9.2.11 Withdraw;
//   - hidden information: MAN-0.4 … MAN-0.6, MAN-P-08 (views, zones, the
//     top card of a discard pile public);
//   - restoration: MAN-7.1 … MAN-7.5, MAN-P-33, MAN-P-34, MAN-9.2.5
//     Redoubts (MAN-P-42), MAN-9.2.6 Regroup, MAN-9.2.9 Spy;
//   - victory: MAN-2.1.1 … MAN-2.1.3, MAN-2.2.1 … MAN-2.2.7, MAN-2.3,
//     MAN-P-11 with option day-end (end-of-game-turn, end-of-player-turn,
//     immediate);
//   - options ambush-cards = all-but-skirmish (MAN-A-24: supporters through
//     a Leader's Command, their cards, Committed Attack and Sappers in an
//     Ambush; no terrain for the attacker, no advance), fm-end-restriction
//     (MAN-A-25) and opening-hand = chosen
//     (MAN-3.8: both players pick five cards in secret, order hand);
//     rules = gmt2010 (Appendix B) sets both 2010 options unless they are
//     given (TestGMT2010): the other rows of Appendix B are the engine's
//     defaults either way;
//   - Spy partway through the Draw Phase (MAN-P-44, MAN-A-30): the
//     discard order draws at once, so a Spy played first thing in the
//     Movement Phase, before anything else (State.Drawing), is played
//     during the draw and the hand is drawn back to five (TestSpyMidDraw;
//     ruleset version 2);
//   - standing orders MAN-P-46 (case MAN-P-46, TestStandingSecret) and
//     the pace presets MAN-P-45 (bot TestPaceDurations, TestPaceOption);
//     T-18 maps the digest's engine hooks to this package (ruleids.txt).
//
// Not implemented yet:
//   - a custom map upload (MAN-P-03); MAN-P-45's timeout claim and
//     forfeit after twice the deadline;
//   - cards drawn as cards: the hand is a list with each card's values
//     (game.Zone Labels: units, and a panel of the board image); the
//     borders of the four map sections are not drawn.
//
// In chat and on the board (tests outside this package):
// bot/console/testdata/man.txt plays man-frgb in the terminal room from
// the deal through a combat to a concession, TestManEndgame (bot/console)
// the end of a game by attrition, TestManComplete the card completion;
// TestNoLeaks (bot) plays man-frgb through the bot and checks that no
// card of the other hand, of a deck or of a discard pile before it is
// public reaches a player; TestCardArea the board's card area.
//
// Figures (benchmarks, not timed tests, on the 2-core test machine
// shared with other work, load average 7 to 9): Legal for the active
// player 3.7 to 4.4 µs, a whole random game 32 to 36 ms (bench_test.go;
// issue 20 asks ≤ 100 µs and ≤ 50 ms); the board image (render
// BenchmarkManBoard: 8×8 squares, 16 counters, the card area) 11.8 to
// 13.4 ms with a warm renderer against 109 to 146 ms for the naive full
// redraw, 8 to 12× (the 40×24 hex map of BenchmarkPhaseImage gains 26×:
// on a small board the cached static layer is a smaller share and PNG
// encoding a larger one).
//
// TestRuleCoverage fails on a rule id no case, test or entry traces.
package man
