// Package matrix is grognard's Matrix adapter: one bot account, on
// maunium.net/go/mautrix, that turns room messages and reactions into
// bot.Requests and posts the bot.Responses, in plain and end-to-end
// encrypted rooms (crypto.go; pure-Go Olm, so CGO_ENABLED=0 builds). docs/matrix.md is the administrator's guide.
//
// # Use
//
//	ad, err := matrix.New(matrix.Config{
//		Homeserver: "https://matrix.example.org", UserID: "@grognard:example.org",
//		AccessToken: token, AllowInvites: []string{"example.org"},
//	}, app, store)
//	err = ad.Run(ctx) // until ctx ends
//
// # What a Matrix user sees
//
//   - Login with an access token, or a password once: the token it gets is
//     kept in the bbolt file (with the device id) and used from then on.
//   - The sync position (next_batch) is stored in the bbolt file after each
//     batch, so a restart continues exactly where the bot stopped: what was
//     said while it was down is answered once, older events never again.
//     On the very first start the rooms' history is not answered. The
//     bot's own events, and events a room shows from before the bot joined
//     it, are ignored. When more events arrived in a room than one sync
//     carries (100, say after a long stop), the missed ones are fetched
//     back to the stored position (up to 2,000) and answered in order.
//   - Invites are accepted from the users and servers of AllowInvites
//     only; any other invite is refused (the bot leaves with a reason).
//   - A command is a message starting with the prefix ("!g new gs-1 vs
//     @bob") or with a mention of the bot (a pill, its user id, its name:
//     "grognard: status"); in the bot's direct room with a user every
//     line is a command. The text is then exactly what every adapter hands
//     to the bot (bot.Request.Text), with pills turned into user ids.
//     Edits and notices (other bots) are not commands.
//   - Replies are m.notice with a plain body (mentions as display names)
//     and an HTML body (mentions as pills, `code`); m.mentions lists
//     exactly the users mentioned, so only the player who must act is
//     notified. A reply meant for the asker (a refusal, a status) is a
//     Matrix reply to their message.
//   - Boards are uploaded to the media repository and posted as m.image
//     with w, h, size, mimetype and a thumbnail (a JPEG that fits 800×600,
//     or the image itself when it is that small).
//   - One event per answer where Matrix allows: the messages of one answer
//     (or one delivery) for the same room and thread are merged into one
//     (never two sets of options in one event), and a board carries that
//     text as its caption (body and formatted_body, filename the file's
//     name: Matrix 1.10 media captions). Homeservers limit how many events
//     an account sends (Synapse: a burst of 10, then one every 5 s).
//   - A message with options (a pending decision, a challenge) gets the
//     number reactions 1️⃣…🔟 (none for 30 minutes after the homeserver
//     rate-limited the bot); a player answers with "!g 2", or by
//     reacting with the number. The options are kept in the bbolt file by
//     event id, so reactions work across restarts (for 60 days).
//   - Several games in one room: a new game opens a thread (m.thread,
//     rooted at its challenge) when another game is in progress there
//     (Threads "auto"; or "always", "never"). The thread is bound to the
//     game (bot.App.BindThread), so its players speak there without naming
//     it; the game's public messages go there wherever they were asked.
//   - Private views and secrets go to the bot's direct room with the
//     player, created by the bot (m.direct updated; encrypted when
//     encryption is on) when there is none, or the one a player invited
//     the bot to as direct.
//   - A game created in the bot's direct room with a player ("new gs-1
//     vs @bob") gets a room of its own: the bot creates it, invites the
//     opponent (whose profile must exist) and the player, hands the
//     command to the App there and says where in the direct room. An
//     open challenge there is refused (nobody else could see it).
//   - Room administrators (bot.Request.IsAdmin) are the members whose
//     power level reaches AdminPowerLevel (default 50) in the room of the
//     game concerned; nobody is an administrator through a direct room.
//   - M_LIMIT_EXCEEDED is waited out for retry_after_ms (or Retry-After)
//     and the call repeated, with the same transaction id for sends.
//   - Adapter.Health says whether the bot syncs (serve's /healthz asks
//     it); Run returns an error when the login fails, and serve starts it
//     again with backoff.
//   - What the bot says unasked (deadline reminders, defaults played at a
//     deadline, digests) goes through Adapter.Deliver, the platform's
//     bot.Deliverer (New registers it): into the game's room or thread,
//     private parts into direct rooms.
//   - End-to-end encryption (Config.CryptoStore set): Olm/Megolm with
//     mautrix's crypto package, copied in third_party/mautrixcrypto so
//     that it always uses the pure-Go Olm (no build tag, no cgo), on
//     mautrix's SQL crypto and state stores in a SQLite file
//     (modernc.org/sqlite, pure Go) that must open, or Run fails: no
//     in-memory fallback. Each sync feeds the state store and the
//     to-device events (room keys) before the timelines; encrypted
//     messages and reactions are decrypted and handled as plain ones;
//     what the bot sends to an encrypted room is encrypted (the room key
//     shared with every device of the members, or the cross-signed ones
//     with VerifiedDevicesOnly; a new session when a member leaves), boards
//     as encrypted attachments. A message whose key is missing waits (in
//     memory); the key is requested after keyRequestAfter, and after
//     unreadableAfter the sender is told once. The device is the crypto
//     store's: a token of another device is refused.
//   - Without encryption, in an encrypted room the bot posts once
//     (remembered in the store) a plain notice saying it cannot read
//     encrypted messages and what to do instead, and answers nothing else
//     there, not even a command sent unencrypted. An encrypted direct room
//     is not used for secrets then: the bot creates an unencrypted one.
//
// # Stored values
//
// Under "matrix/<bot user id>/" in the store's application values:
// session, next-batch, last/<room> (the last event handled), dm/<user>,
// thread/<game>, choices/<event id>, encrypted/<room>, encrypted-notice/<room>.
//
// # Tests
//
// The tests run against a real Dendrite (the pinned tools/dendrite
// module), built on first use into $GROGNARD_DENDRITE_BIN or
// <user cache dir>/grognard/dendrite-<version>/dendrite (about two
// minutes on a cold Go cache; .ci/run builds it beforehand), started on
// 127.0.0.1 with SQLite in a temporary directory and stopped by PID when
// the tests end. Users are registered with the shared secret; mautrix
// clients play a whole game of Grands Stratèges scenario I, and encrypting
// clients the start of one in encrypted rooms (TestEncryptedGame). If Dendrite
// cannot be built, the end-to-end tests are skipped with a loud message,
// or fail when CI=true.
//
// # Caveats
//
// Encryption: no device verification, no cross-signing keys of the bot's
// own, no key backup; events waiting for a key are lost at a restart. A batch is handled before its position
// is stored: if the process dies in the middle of one, its orders are not
// applied twice (the bot remembers the event ids of stored orders) but a
// view or lobby command of that batch may be answered again. Commands are
// handled one at a time, in the order the homeserver gives them. At
// shutdown the /sync request in flight is let finish (up to 6 s) rather
// than cut, which Dendrite on SQLite handles badly.
package matrix
