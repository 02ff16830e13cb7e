package matrix

import (
	"context"
	"strings"
	"testing"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"
)

// TestNewGameInDirectRoom: a player creates a game in his direct room
// with the bot against someone who is not there. The bot opens a room
// for the game, invites both, and the game is played there; an open
// challenge, or one against a user the bot cannot invite, is refused
// with a clear message (in French for `nouvelle`), and creates nothing.
func TestNewGameInDirectRoom(t *testing.T) {
	h := needHomeserver(t)
	alice, bob := newClient(t, h, "alice"), newClient(t, h, "bob")
	b := newTestBot(t, h, Config{})
	me := b.id()
	resp, err := alice.cli.CreateRoom(context.Background(), &mautrix.ReqCreateRoom{
		Preset: "trusted_private_chat", Invite: []id.UserID{me}, IsDirect: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	dm := resp.RoomID
	alice.joined(t, dm, me)

	// An open challenge nobody could see.
	alice.send(t, dm, "new gs-1")
	alice.says(t, me, dm, "nobody could take an open challenge here")
	// An opponent the bot cannot invite.
	alice.send(t, dm, "nouvelle gs-1 vs @nobody-here:"+hsServerName)
	alice.says(t, me, dm, "Je n'ai pas pu inviter @nobody-here:"+hsServerName)

	// A challenge to bob, who is not in the direct room.
	alice.send(t, dm, "new gs-1 vs @"+bob.name)
	opened := alice.says(t, me, dm, "g1 is played in a room of its own")
	body := opened.Content.AsMessage().Body
	i := strings.Index(body, matrixTo)
	if i < 0 {
		t.Fatalf("the answer does not link the game's room: %q", body)
	}
	room := id.RoomID(strings.TrimSpace(body[i+len(matrixTo):]))
	if room == dm {
		t.Fatal("the game was created in the direct room")
	}
	bob.joined(t, room, bob.id) // bob's client accepts the bot's invite
	bob.says(t, me, room, "g1: "+alice.name+" challenges "+bob.name)
	bob.send(t, room, "!g accept")
	alice.says(t, me, room, "g1 begins")
	for _, evt := range bob.all(func(evt *event.Event) bool { return evt.RoomID == dm }) {
		t.Errorf("bob saw an event of alice's direct room: %s", evt.Type.Type)
	}
	if n := len(alice.all(fromBot(me, dm, event.MsgNotice, "challenges"))); n != 0 {
		t.Errorf("the challenge was posted in the direct room %d times", n)
	}
	// The refused attempts created no game: the one created is g1.
	if ids, err := b.store.GamesInRoom(Platform + ":" + string(dm)); err != nil || len(ids) != 0 {
		t.Errorf("games in the direct room: %v %v", ids, err)
	}
}
