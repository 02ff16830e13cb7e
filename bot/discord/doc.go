// Package discord is grognard's Discord adapter: a bot on the gateway
// (github.com/bwmarrin/discordgo) that turns slash commands, autocomplete
// and button clicks into bot.Requests, and the bot's Responses into
// Discord messages. docs/discord.md is the club administrator's guide.
//
// # Use
//
//	cfg := discord.DefaultConfig()
//	cfg.Token = "…" // or cfg = cfg.WithEnv(os.Getenv): GROGNARD_DISCORD_TOKEN
//	b, err := discord.New(cfg, discord.Options{App: app, State: store, Logger: logger})
//	err = b.Run(ctx) // until ctx is done
//
// Run connects (intents: Guilds only, nothing privileged), overwrites the
// application's slash commands — globally, or in each of Config.DevGuilds
// — and answers interactions until ctx is done; then it finishes the
// interactions under way (at most 30 s) and closes the gateway with a
// normal close. discordgo reconnects by itself: RESUME after a dropped
// connection, op 7 RECONNECT or unanswered heartbeats (a zombie
// connection) or op 9 INVALID_SESSION with d=true, at READY's
// resume_gateway_url; a new IDENTIFY after INVALID_SESSION with d=false or
// when the session cannot be resumed. The build uses discordgo v0.29.0 patched in
// third_party/discordgo (PATCHES.md): unpatched, it closes a zombie or
// failed connection with code 1000, which ends the session on Discord, so
// the RESUME that follows is refused and the interactions sent meanwhile
// are lost; and it resumes at the ordinary gateway.
//
// With Config.ShardCount above 1 the bot is gateway shard Config.ShardID
// of ShardCount (discordgo's Session.ShardID and ShardCount: the IDENTIFY
// carries [id, count]): Discord sends it the events of the guilds whose
// (guild_id >> 22) % count is its id (ShardOf), and to shard 0 the DMs.
// Only shard 0 writes the slash commands. Deliveries and replies go by
// REST, which any shard may use (docs/scale-out.md).
//
// # From Discord to the bot
//
// The slash commands are bot.SlashCommands translated (SlashCommands),
// plus /order, which takes any line as it would be typed ("g2 move A3
// 0512") for the orders a ruleset has beyond the table. Options arrive as
// Request.Args by the table's names; a user option as its id, which
// Limits.Mention reads. Autocomplete is answered at once from
// App.Complete. Anything else is deferred at once (ephemerally: "is
// thinking" shows to the asker only), then handed to App.Handle with the
// interaction id, so that a repeated delivery is applied once (the adapter
// also drops an interaction id it has seen). Room is the channel (a
// thread's parent) and Thread the thread; IsAdmin is Manage Server (or
// Administrator) in the channel, or Config.AdminRole.
//
// Before a request that changes a game or posts in public (a new game,
// joining, an order, a button, a league's creation), the adapter reads the
// interaction's app_permissions (the bot's permissions in the channel):
// when View Channels, Send Messages (in a thread: Send Messages in
// Threads), Attach Files or, with game threads, Create Public Threads and
// Send Messages in Threads is missing, the user is told privately which to
// grant, the operator's log has a warning, and the request is not handed
// to the bot (perms.go). A post Discord refuses later (403, 50001/50013) is
// logged with the channel and permission and not retried; the asker is
// told privately; the game is kept.
//
// # From the bot to Discord
//
//   - Public messages are posted with the bot token in the game's thread
//     (else the game's first channel, else where the command came from).
//     Mention tokens become <@id>; allowed_mentions lets them ping the
//     mentioned users except the asker, and never @everyone or roles —
//     so a ping reaches the player who must act.
//   - Replies for the asker (Ephemeral, and private messages To the asker:
//     a side's view, a secret of their own order) are the interaction's
//     ephemeral response and follow-ups. With none, the deferral is
//     deleted, or says where the public messages went ("→ #g1 · gs-1").
//   - Private messages To anyone else (a hidden decision, the seat
//     holder's secret when an administrator adjudicates) go by DM. When
//     Discord answers 50007 (the user does not accept DMs), the game's
//     channel is told to open them, naming no secret.
//   - Choices become buttons (up to 5) or a select menu (up to 25) whose
//     custom id or value carries the command text; a click is a request
//     with that text, and a click that changed the game clears the
//     buttons it came from.
//   - Images are PNG attachments (multipart, files[n]).
//   - A message with NewThread (a new game) opens a public thread on it
//     (Config.Threads), bound with App.BindThread; the game's messages go
//     there.
//   - Each game's first message is its status message: whenever a board
//     is posted, it is edited (with the bot token: an interaction token
//     lasts 15 minutes) into the latest public board and who must act.
//
// The thread and status message of each game are kept in Options.State
// under "discord/…" keys (the store), so a restarted bot finds them.
//
// # Rate limits and secrets
//
// discordgo keeps the per-route buckets (X-RateLimit-Remaining,
// Reset-After) and retries a 429 after its retry_after; the adapter's
// HTTP transport adds the global limit, which discordgo only applies to
// the request that got it: after a global 429 every request waits, except
// interaction callbacks and interaction webhooks, which Discord exempts.
//
// The token is never logged: Config prints without it, discordgo's Debug
// flag (which prints request headers) is never set, and discordgo's log
// lines go through a hook that removes every running bot's token and any
// interaction token (a webhook URL holds one) before they reach the
// adapter's logger (discordgo's informational lines at debug level).
//
// # Tests
//
// The tests run the real adapter and discordgo against fakediscord, an
// in-repo fake Discord on 127.0.0.1 (REST and gateway) that validates
// every request body against Discord's OpenAPI description,
// ../shared/discord/openapi.json beside the repository: a rejected body,
// an unexpected endpoint or host, a late or second acknowledgement, a
// request during a rate limit all fail the test. No test measures elapsed
// time: the fake's 3-second acknowledgement deadline runs on a clock the
// tests stop (TestDeferBeforeWork checks the deferral comes before the
// work), rate limits are checked by the fake refusing early requests and
// by the order of requests, and every wait for the bot is bounded
// generously (two minutes). They play gs-1 from the
// challenge to the result, and cover autocomplete, buttons and menus,
// threads, DMs and 50007, administrators, repeated deliveries, spectators,
// two shards of one application on two guilds (TestShards),
// 429s (route, global, buckets), resume, reconnect, invalid sessions
// (resumable or not), re-identify, zombie connections, missing channel
// permissions (before acting and mid-game), shutdown and the token in logs. discordgo's Session.Close
// sleeps 1 s, so the tests run in parallel (TestMain raises -parallel's
// default to 8).
//
// # Caveats
//
//   - Only slash commands, components and autocomplete: the bot does not
//     read channel messages (no Message Content intent).
//   - Commands are for servers only; in DMs only the bot's buttons work.
//   - The status message is not pinned (that needs Manage Messages).
//   - One Run per Bot; discordgo's logger is process-wide, so with several
//     Bots running every one of them sees every discordgo line (redacted).
package discord
