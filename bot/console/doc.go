// Package console is the terminal room: a chat room for the bot in a
// terminal, with no Discord or Matrix account. It is what `grognard serve`
// (and plain `grognard`) opens when no chat platform is configured.
//
// # Use
//
//	room := &console.Room{App: app, In: os.Stdin, Out: os.Stdout, ImageDir: "grognard-images", User: "alice"}
//	err := room.Run(ctx)
//
// Every line typed is a message from the current user, exactly as in chat
// ("new gs-1 vs bob", "g1 move A3 0512", "2"). Lines starting with a slash
// belong to the room itself:
//
//	/as bob        speak as bob from now on (hot-seat, or to try spectating)
//	/admin on|off  be a room administrator (adjudicate, swap, abort, lang … room)
//	/quit          leave
//
// Replies meant for one user are marked "[to alice]" (asker-only replies)
// or "[private to bob]" (secrets: a hidden set-up, a private board). Board
// images are written to ImageDir as numbered PNG files; each is printed as
// "[image <name> · <public | view A> · sha256:<12 hex>] <path>", so a
// transcript can assert what was drawn, and for whom, without the bytes.
//
// What the bot says without being asked — reminders, expired deadlines,
// digests, league rounds — comes through Room.Deliver, the room's
// bot.Deliverer (`grognard serve` registers it with App.SetDeliverer); it
// is printed like a reply, safely from the scheduler's goroutine.
//
// # Tests
//
// testdata/*.txt are transcripts of whole conversations (lobby, a complete
// game of scenario I with forced dice and a restart in the middle, every
// rejection path, undo with and without consent, administrators, a
// concession and a draw, French, views, the rate limit, deadlines and
// reminders with the scheduler ticked by hand, a league), run through Room
// with a real store, an injected clock, seeded and forced dice and a
// renderer that encodes the board as JSON (see transcript_test.go for the
// format). go test ./bot/console -run TestTranscripts -update rewrites the
// expected lines after an intended change; read the diff.
//
// # Caveats
//
// The terminal has no threads or buttons: decisions are answered by
// number. Everyone at the keyboard sees every message, private ones
// included; the marks only show who would see them on a chat platform.
package console
