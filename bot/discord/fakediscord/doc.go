// Package fakediscord is a fake Discord for tests: an httptest server on
// 127.0.0.1 that speaks the gateway and the REST endpoints grognard's bot
// uses, and checks every request against Discord's OpenAPI description.
//
// # Use
//
//	spec, err := fakediscord.SpecPath() // ../shared/discord/openapi.json beside the repository
//	fake, err := fakediscord.New(fakediscord.Options{Token: "tok", Spec: spec})
//	defer fake.Close()
//	s, _ := discordgo.New("Bot tok")
//	s.Client = fake.Client() // discord.com → the fake; any other host is refused
//	alice := fake.AddUser("alice", 0)
//	in, err := fake.Slash(alice, fake.Channel, "new", fakediscord.String("scenario", "gs-1"))
//	… fake.Answer(in), fake.Messages(), fake.Log(), fake.Failures() …
//
// The HTTP client's transport rewrites discord.com to the fake (no
// discordgo endpoint globals are touched, so tests run in parallel); the
// gateway URL comes from GET /gateway.
//
// # What it checks
//
// Every REST request (v9 or v10 paths, read as v10) is routed and
// validated with kin-openapi against the description: parameters always,
// the JSON body — a multipart body's payload_json, its files[n] kept as
// attachments — once per distinct body and route (kin compiles a body's
// JSON Schema on every validation, which made the suite several times
// slower). Failures records, and answers as Discord would:
//
//   - a body or parameter the description rejects (400, 50035);
//   - a path not in the description, or one the bot has no business with
//     (404): the fake serves only gateway, users/@me, application commands,
//     interaction callbacks, interaction webhooks (follow-ups, @original),
//     channels, channel messages and edits, threads from a message, DM
//     channels;
//   - a request to another host; a missing or wrong bot token;
//   - an interaction acknowledged twice (40060) or more than 3 s after its
//     delivery (10062 Unknown interaction; the 3 s run on Options.Clock,
//     which tests stop so that a busy machine cannot fail them); a webhook call with a token that is unknown, expired
//     (ExpireTokens: 50027) or not yet acknowledged;
//   - a request during a global rate limit (interaction endpoints are
//     exempt), a retry before retry_after (RateLimitOnce), a request
//     beyond a route's bucket (SetBucket, announced in X-RateLimit-*
//     headers).
//
// Discord's semantics that the bot depends on are kept: the first
// follow-up of a deferred response fills it with the deferral's flags; an
// edit keeps what it does not send, and its attachments array lists the
// files to keep; a thread started on a message has the message's id; a
// DM to a user with DMs closed (SetDMsClosed) fails with 50007; ephemeral
// messages are not reachable through channel endpoints.
//
// The bot's permissions in a channel are computed like Discord's: the
// @everyone role's and the bot's roles' guild permissions (BotRole,
// SetRolePermissions; @everyone has DefaultEveryone), Administrator
// granting everything, then the channel's (a thread: its parent's)
// @everyone overwrite, the bot's role overwrites together and its member
// overwrite (SetOverwrite), nothing without View Channel. They travel in
// every interaction's app_permissions (SendAppPermissions(false) leaves it
// out), and the channel endpoints enforce them with Discord's bodies: 403
// {"code": 50001, "message": "Missing Access"} without View Channel, 403
// {"code": 50013, "message": "Missing Permissions"} to post without Send
// Messages (in a thread, Send Messages in Threads), with files without
// Attach Files, to start a thread without Create Public Threads.
// Interaction responses and follow-ups are not bound by them.
//
// The gateway sends HELLO, answers IDENTIFY with READY (whose
// resume_gateway_url is another address than GET /gateway's) and
// GUILD_CREATE, acknowledges heartbeats (Zombify stops that on the current
// connection), keeps every dispatched event so that a RESUME replays what
// the client missed and then sends RESUMED; a session closed with
// 1000/1001 or forgotten (ForgetSession) answers RESUME with
// INVALID_SESSION, as Discord does. Stats count the close codes the client
// sent and the resumes made elsewhere than at resume_gateway_url.
// DropGateway cuts the connection without a close frame; AskReconnect
// sends op 7 RECONNECT, after which the client must reconnect and resume;
// InvalidSession sends op 9 INVALID_SESSION, d=true (the session is kept
// for a RESUME, events wait for it) or d=false (the session is over: the
// client must IDENTIFY, events sent before that are lost).
// Interactions (Slash, Autocomplete, Click, Pick, Redeliver) are
// INTERACTION_CREATE events built like Discord's, including the partial
// channel object (a thread names its parent); their options must match a
// registered command, as Discord guarantees.
//
// In shard mode (Options.Shards) the fake has as many sessions as
// shards: each IDENTIFY must carry [id, Shards] (else it is closed with
// 4011 Sharding required or 4010 Invalid shard), READY and GUILD_CREATE
// list that shard's guilds (AddGuild adds guilds whose ids fall on
// successive shards), and an interaction goes to the session of its
// guild's shard, (guild_id >> 22) % Shards, or of shard 0 in a DM.
// DropGateway, AskReconnect, Zombify, ForgetSession and InvalidSession
// act on shard 0's session; Stats.Shards counts identifies by shard.
//
// # Caveats
//
// Text channels, public threads and DMs; guilds added with AddGuild share
// the first guild's members, roles and permissions; one bot session at a
// time per shard; no HTTP-interaction (webhook) mode; gateway payloads are
// hand-written from Discord's documentation (the description covers HTTP
// only) and sent as JSON text frames, never zlib.
package fakediscord
