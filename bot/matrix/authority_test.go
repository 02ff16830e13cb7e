package matrix

import (
	"context"
	"testing"

	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"
)

// TestGameAuthority (issue 14 §2), on Dendrite with two rooms: carol
// administers her own room (power 100) and plays g1 in the club's room,
// where she has power 0; she never administers g1, from either room.
// dave, made an administrator of carol's room only, cannot administer g1
// from there; once the club's room raises him to 50 he can, from there.
func TestGameAuthority(t *testing.T) {
	h := needHomeserver(t)
	alice, carol, dave := newClient(t, h, "alice"), newClient(t, h, "carol"), newClient(t, h, "dave")
	b := newTestBot(t, h, Config{})
	me := b.id()
	club := alice.createRoom(t, "Club", me, carol.id, dave.id)
	for _, u := range []id.UserID{me, carol.id, dave.id} {
		alice.joined(t, club, u)
	}
	own := carol.createRoom(t, "Carol's", me, dave.id)
	for _, u := range []id.UserID{me, dave.id} {
		carol.joined(t, own, u)
	}
	setLevel := func(c *client, room id.RoomID, user id.UserID, level int) {
		t.Helper()
		var pl event.PowerLevelsEventContent
		ctx := context.Background()
		if err := c.cli.StateEvent(ctx, room, event.StatePowerLevels, "", &pl); err != nil {
			t.Fatal(err)
		}
		pl.SetUserLevel(user, level)
		if _, err := c.cli.SendStateEvent(ctx, room, event.StatePowerLevels, "", &pl); err != nil {
			t.Fatal(err)
		}
	}
	setLevel(carol, own, dave.id, 50)

	alice.send(t, club, "!g new gs-1 vs @"+carol.name)
	alice.says(t, me, club, "g1: "+alice.name+" challenges "+carol.name)
	carol.send(t, club, "!g accept")
	alice.says(t, me, club, "g1 begins")

	// carol, administrator of her own room, plays g1.
	carol.send(t, own, "!g g1 adjudicate")
	carol.says(t, me, own, "never uses adjudicate on his own game")
	carol.send(t, club, "!g g1 adjudicate")
	alice.says(t, me, club, "never uses adjudicate on his own game")
	// dave administers carol's room, not the club's.
	dave.send(t, own, "!g g1 adjudicate")
	carol.says(t, me, own, "g1 is not played in this room")
	dave.send(t, club, "!g g1 adjudicate")
	alice.says(t, me, club, "only an administrator of the room where g1 was created")
	// Raised in the club's room, he administers g1 there.
	setLevel(alice, club, dave.id, 50)
	dave.send(t, club, "!g g1 adjudicate")
	alice.says(t, me, club, "(adjudicated by "+dave.name+": the default answer)")
}
