// Package bot is grognard's chat application, independent of any chat
// platform: the command table, the lobby, seats and permissions, orders
// through the rules engine, narration, pings, views, undo, the end of a
// game, languages and rate limits. Adapters (bot/console, bot/discord,
// bot/matrix) only translate: a platform event becomes a Request, the
// Response's messages become platform messages.
//
// # Use
//
//	app, err := bot.New(bot.Config{Store: store, Renderer: render.New()})
//	app.SetLimits("discord", bot.Limits{MaxText: 2000, Threads: true, Buttons: 25, Ephemeral: true})
//	resp := app.Handle(ctx, bot.Request{Platform: "discord", Room: channelID, User: bot.User{ID: id, Name: name},
//		IsAdmin: canManage, Text: "g2 move A3 0512", InteractionID: interactionID})
//	for _, m := range resp.Messages { … m.Format(mentionSyntax), m.Images, m.Choices, m.To … }
//
// A request carries either the typed line (Text) or a parsed command
// (Command and Args by the table's argument names, as Discord slash
// commands deliver them). Complete answers autocomplete from the rules
// engine's legal orders; SlashCommands describes the table as plain data
// for typed front ends; BindThread ties a thread the adapter opened (after
// a message with NewThread) to its game.
//
// # The command table
//
// commands.go holds every lobby and admin command once: name, aliases,
// typed arguments (unit, hex, side, scenario, game, user, number,
// duration, text, choice, options), English and French help, and who may
// use it (anyone, a player of the game, a room administrator). The game
// orders are not written there: they are the verbs the rulesets declare
// (game.Verber, verbs.go), one command a verb, merged where rulesets share
// a verb (each one's help kept where they differ); a verb word that is
// also a lobby word in either language refuses to build. The text parser,
// `help`, autocomplete (an order's arguments from the legal-option tree),
// the Discord description (SlashCommands) and docs/commands.md
// (CommandsMarkdown, kept in step by TestCommandsDoc) are all generated
// from the table. An order's text goes to the ruleset as typed. The
// rulesets are Config.Rulesets (all.Rulesets() by default), so a new
// game's orders need no bot change: bot/console's toy ruleset proves it.
//
// # Games in rooms
//
// Games live in the storage package: created in the lobby with status
// open (seats fill as players join or accept), active once both seats are
// confirmed, over or abandoned at the end. Store ids are short ("g7"). A
// request names its game with a "g7" prefix; otherwise the bot takes the
// game of the thread, then the sender's only live game in the room, then
// the room's only live game, then the room's last game. Rooms and users are
// keyed by platform ("discord:123", "console:alice"), so seats in the store
// are platform-qualified.
//
// What the store does not model — who created a game, who is invited,
// draw offers, undo requests and notes, a result by concession or
// agreement — and the users' and rooms' settings (language, display name)
// are kept as application values in the same bbolt file
// (storage.Store.PutValue, keys "bot/…"). A new App on the same file
// continues every game exactly: it replays each game's log on first use.
//
// # Orders
//
// An order is parsed with game.ParseCommand, a "choose N" or bare number is
// resolved with game.ResolveChoice — only if the side's pending decision
// is the one whose numbered options the bot last showed that side
// (shown.go: a digest per game and side, application value keyShown);
// otherwise, its decision settled meanwhile, the number is refused to
// its typist with the decision now pending — and Game.Apply decides it with the
// game's dice positioned at its roll count (Config.Dice: seeded by the
// store's secret seed, forced in tests). The record is appended to the
// store against the expected sequence number (a conflict reloads and
// decides again once; a repeated interaction id is applied once). The
// narration is each event's Explain line; secret events (a hidden set-up)
// go only to their owner, with the owner's board. A refusal shows the rule
// id, the reason, and up to three nearest legal orders from Legal (for a
// move, the unit's destinations nearest the hex asked for).
//
// After every change the bot pings exactly the players whose obligation
// changed — a decision with its numbered options (and Choices for buttons),
// or their turn — and posts the public board when a phase ends. Decisions
// whose options the public view does not show go privately.
//
// Undo takes back the last record with storage.Store.TruncateLog: free
// when game.UndoFree allows it (no die rolled in the phase), otherwise as
// a request the opponent accepts. The dice are rewound with the log, so
// the next roll repeats the one taken back: an undo never buys a re-roll.
// Every undo is noted and shown in `history`.
//
// # Deadlines and the scheduler
//
// Every obligation — a side's phase, a pending decision — gets a
// deadline when it arises (deadline.go): the game's phase deadline, set at
// `new` (deadline=48h) or from Config.Deadlines, and a shorter one for
// decisions; or a pace preset (pace=live|daily|weekly, MAN-P-45: the short
// time for a reaction, reactionOf, the long one for the rest). A game's clock (obligations, reminders sent, pause,
// extension, missed deadlines) is an application value (keyClock); the
// store's deadline index holds each game's next timer. App.Tick does what
// is due at Config.Now — reminders (each once per obligation), expired
// deadlines (defaultOrder: the ruleset's game.Defaulter.DeadlineOrder —
// nothing is played for a ruleset without one), the end of
// vacations, daily digests — and RunScheduler calls it at the index's
// next timer. What it says goes out as Deliveries through the deliverer
// each adapter registers (SetDeliverer). After every change the bot also
// plays at once the order the ruleset allows without waiting
// (Defaulter.AutoOrder: "end" when nothing is left to decide). extend, pause, resume, vacation, notify, tz, games and mine
// are the players' commands (clockcmds.go); docs/deadlines.md is the
// players' and operators' account.
//
// # Several processes on one store
//
// When the store says it is shared (Shared() true: storage/postgres,
// which several processes use at once), the App checks a game held in
// memory against the store each time it takes it and reloads what
// another process changed, writes a game's lobby data and clock by
// compare-and-swap (SwapValue), reads settings from the store each time,
// and fires a game's timers only under the game's lease (Leaser:
// "deadline/<game>", Config.Instance holding it for Config.LeaseTTL) and
// only for platforms it has a deliverer for (shared.go).
// docs/scale-out.md is the operators' account.
//
// # Leagues
//
// league.go and standings.go: `league new` pairs the players (round robin
// by the circle method, or Swiss round by round without rematches),
// creates each round's games with both seats taken and the sides
// alternating, records each result as a game ends (gameEnded), and starts
// the next round when a round is complete. Standings (points, SB or
// head-to-head, VP difference, Elo) come as text and, when the renderer
// draws tables (TableRenderer), as a PNG. Substitutions and withdrawals
// are documented in docs/leagues.md. A league is an application value
// written under App.leagueMu (and, in a shared store, the lease
// "leagues": lockLeagues); games are always locked before it.
//
// # Languages
//
// Every string the bot writes comes from the catalogue (messages_en.go,
// messages_fr.go; TestCatalogue fails on a missing key or placeholder). A
// user's `lang` setting wins over the room's, which wins over the
// platform's locale and Config.Lang; public messages use the room's
// language when it has one.
//
// Rulesets write refusals, narration, prompts, option labels and results
// as data — a message key and typed arguments (game.Msg) — with their own
// English and French catalogues; gametext.go renders them in the reader's
// language (game.Render, game.Narrate, RuleError.In). Text a ruleset still
// writes in English only is shown as it is; a French reader gets such a
// refusal inside a French frame that names the rule id and the code.
//
// # Hidden information
//
// Every view is built from game.ViewOf for the asker's side. A board, a
// status, a unit list or a history is posted in the room (or as an
// ephemeral reply) only when the asker's view shows nothing more than the
// public one; otherwise it goes to the asker alone (Message.To). Messages
// marked Ephemeral are replies for the asker that carry no secret, so a
// platform without ephemeral messages may post them in the room. Events
// are narrated to their audience (game.AudienceOf): a secret event to its
// owner's player, with "(secret order)" in the room. A refused order and
// its refusal go to the player who typed it alone (game.RefusalAudience),
// ephemeral on Discord, in the direct room on Matrix. TestNoLeaks plays
// random games of every scenario with hidden information and checks what
// each player receives.
//
// # The web view
//
// site.go is what bot/web reads: GamePage, GameBoard (PNG per record and
// viewer, cached), GameExport and LeaguePage build a game's or a league's
// page for one viewer — game.Nobody, or the side a private link names —
// from the same status, history and unit texts the chat views print,
// holding the game's lock only while its data is copied (the replay's
// states are cached per game). With Config.Site set, board posts and
// status messages end with the game's page, and `link` sends the asker a
// private link to his side's view (HMAC-signed, expiring; `link revoke`
// raises the user's link generation, OpenLink checks it and the seat).
//
// # Caveats
//
// Interaction ids of commands that store no order (new, join …)
// are remembered in memory only (the last 4,096), so a retry of such a
// command after a restart is answered again. The rate limiter's buckets
// are in memory too.
//
// Deadlines are per obligation, so an absent player's phase that ends
// with a decision of the opponent (a retreat after the default attack)
// needs that decision answered, and a new deadline for anything the
// absent side owes after it. A reminder is at most once: a crash between
// marking it sent and posting it loses it. Digest times are not in the
// deadline index (it is keyed by game): the scheduler looks at the
// digest users at least once a minute. Early resolution is checked when
// an obligation changes and after dice were rolled, not after every move.
// A league lives in one room; league ids are "<room>/<name>".
package bot
