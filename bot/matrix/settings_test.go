package matrix

import (
	"testing"

	"maunium.net/go/mautrix/id"
)

// TestRoomSettings (issue 15, per-server settings), on Dendrite: on Matrix
// a room is its own server. Its creator (power 100) sets its language and
// rulesets with `!g settings`; a member at power 0 reads them but may not
// change them; a bad value is refused naming the field; Matrix has no
// roles to name; `new` follows the offered rulesets; another room keeps
// the bot's defaults.
func TestRoomSettings(t *testing.T) {
	h := needHomeserver(t)
	alice, carol := newClient(t, h, "alice"), newClient(t, h, "carol")
	b := newTestBot(t, h, Config{})
	me := b.id()
	club := alice.createRoom(t, "Club", me, carol.id)
	for _, u := range []id.UserID{me, carol.id} {
		alice.joined(t, club, u)
	}
	other := carol.createRoom(t, "Other", me)
	carol.joined(t, other, me)

	carol.send(t, club, "!g settings rulesets gs")
	alice.says(t, me, club, "only a server administrator")
	alice.send(t, club, "!g settings admin-role 42")
	alice.says(t, me, club, "this platform has no server roles")
	alice.send(t, club, "!g settings deadline forever")
	alice.says(t, me, club, "forever is not a valid deadline")
	alice.send(t, club, "!g settings rulesets ptg")
	alice.says(t, me, club, "set rulesets for this server: ptg")
	alice.send(t, club, "!g settings lang fr")
	alice.says(t, me, club, "a réglé lang pour ce serveur : fr")
	carol.send(t, club, "!g settings")
	alice.says(t, me, club, "rulesets: ptg")
	carol.send(t, club, "!g new gs-1")
	alice.says(t, me, club, "ce serveur ne propose pas le jeu de règles gs")
	// Carol's own room: she administers it; nothing of the club applies.
	carol.send(t, other, "!g new gs-1")
	carol.says(t, me, other, "g1: "+carol.name)
}
