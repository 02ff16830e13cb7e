package matrix

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"image/png"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"
)

// newCryptoClient is a test user whose client encrypts and decrypts
// (Olm/Megolm, its own crypto store in a temporary directory), as
// Element does.
func newCryptoClient(t testing.TB, h *homeserver, name string) *client {
	t.Helper()
	uid, tok := h.register(t, uniq(name), true)
	cli, err := mautrix.NewClient(h.url, uid, tok)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	who, err := cli.Whoami(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cli.DeviceID = who.DeviceID
	e, stored, err := newE2EE(ctx, cli, filepath.Join(t.TempDir(), "crypto.db"), []byte("test pickle key"))
	if err != nil {
		t.Fatal(err)
	}
	if err := e.start(ctx, stored, false); err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, cli: cli, id: uid, name: uid.Localpart(), used: map[int]map[string]bool{}, changed: make(chan struct{}), e2e: e}
	go c.sync()
	t.Cleanup(func() { c.stopped.Store(true) })
	return c
}

// e2eSync feeds the crypto side of a sync: room state, then to-device
// events (room keys), device lists and one-time keys.
func (c *client) e2eSync(ctx context.Context, resp *mautrix.RespSync, since string) {
	for roomID, room := range resp.Rooms.Join {
		for _, evt := range append(room.State.Events, room.Timeline.Events...) {
			evt.RoomID = roomID
			c.e2e.noteState(ctx, evt)
		}
	}
	c.e2e.mach.ProcessSyncResponse(ctx, resp, since)
}

// decrypt returns the decrypted event, or nil when its key has not
// arrived (it is tried again after the next syncs).
func (c *client) decrypt(ctx context.Context, evt *event.Event) *event.Event {
	dec, err := c.e2e.mach.DecryptMegolmEvent(ctx, evt)
	if err != nil {
		c.pending = append(c.pending, evt)
		return nil
	}
	return dec
}

func (c *client) decryptPending(ctx context.Context) []*event.Event {
	pending := c.pending
	c.pending = nil
	var got []*event.Event
	for _, evt := range pending {
		if dec := c.decrypt(ctx, evt); dec != nil {
			got = append(got, dec)
		}
	}
	return got
}

// createEncryptedRoom creates a private room with encryption on (a
// direct one when direct) and invites users; the client's state store
// knows it at once, so what it sends next is encrypted.
func (c *client) createEncryptedRoom(t testing.TB, name string, direct bool, invite ...id.UserID) id.RoomID {
	t.Helper()
	ctx := context.Background()
	enc := &event.EncryptionEventContent{Algorithm: id.AlgorithmMegolmV1}
	resp, err := c.cli.CreateRoom(ctx, &mautrix.ReqCreateRoom{
		Preset: "private_chat", Name: name, Invite: invite, IsDirect: direct,
		InitialState: []*event.Event{{Type: event.StateEncryption, Content: event.Content{Parsed: enc}}},
	})
	if err != nil {
		t.Fatalf("create room: %v", err)
	}
	if err := c.e2e.state.SetEncryptionEvent(ctx, resp.RoomID, enc); err != nil {
		t.Fatal(err)
	}
	if err := c.e2e.state.SetMembership(ctx, resp.RoomID, c.id, event.MembershipJoin); err != nil {
		t.Fatal(err)
	}
	for _, u := range invite {
		if err := c.e2e.state.SetMembership(ctx, resp.RoomID, u, event.MembershipInvite); err != nil {
			t.Fatal(err)
		}
	}
	return resp.RoomID
}

// reactEncrypted reacts with key, the reaction encrypted (as Element
// does in encrypted rooms; mautrix's SendReaction sends it in clear).
func (c *client) reactEncrypted(t testing.TB, room id.RoomID, evt id.EventID, key string) {
	t.Helper()
	ctx := context.Background()
	enc, err := c.e2e.Encrypt(ctx, room, event.EventReaction, &event.ReactionEventContent{
		RelatesTo: event.RelatesTo{Type: event.RelAnnotation, EventID: evt, Key: key},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.cli.SendMessageEvent(ctx, room, event.EventEncrypted, enc); err != nil {
		t.Fatalf("%s reacts %s: %v", c.name, key, err)
	}
}

// wasEncrypted fails the test when evt reached the client in clear.
func wasEncrypted(t testing.TB, evt *event.Event) {
	t.Helper()
	if !evt.Mautrix.WasEncrypted {
		t.Errorf("%s in %s was sent in clear: %q", evt.Type.Type, evt.RoomID, evt.Content.AsMessage().Body)
	}
}

// checkEncryptedImage downloads an encrypted board, decrypts it and
// checks it is the PNG the renderer produced.
func checkEncryptedImage(t testing.TB, c *client, b *testBot, evt *event.Event) {
	t.Helper()
	wasEncrypted(t, evt)
	m := evt.Content.AsMessage()
	if m.File == nil || m.URL != "" {
		t.Fatalf("%s: the board is not an encrypted attachment (url %q, file %v)", m.FileName, m.URL, m.File)
	}
	uri, err := m.File.URL.Parse()
	if err != nil {
		t.Fatal(err)
	}
	data, err := c.cli.DownloadBytes(context.Background(), uri)
	if err != nil {
		t.Fatalf("%s: download: %v", m.FileName, err)
	}
	if _, err := png.DecodeConfig(bytes.NewReader(data)); err == nil {
		t.Errorf("%s: the media repository holds the PNG in clear", m.FileName)
	}
	if err := m.File.DecryptInPlace(data); err != nil {
		t.Fatalf("%s: decrypt: %v", m.FileName, err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Fatalf("%s: decrypted, not a PNG: %v", m.FileName, err)
	}
	if !b.rend.produced(data) {
		t.Errorf("%s: the decrypted board is not one the renderer produced", m.FileName)
	}
	if m.Info == nil || m.Info.Size != len(data) || m.Info.ThumbnailFile == nil || m.Info.ThumbnailURL != "" {
		t.Errorf("%s: info %+v: want the size and an encrypted thumbnail", m.FileName, m.Info)
	}
}

// TestEncryptedGame plays the start of a game in encrypted rooms against
// the real Dendrite, every client encrypting as Element does: alice
// creates an encrypted room and an encrypted direct room with the bot,
// which has encryption off (it says it cannot read them) and is restarted
// with it on;
// the challenge is accepted by an encrypted number reaction; the secret set-ups and
// their boards go to the players' encrypted direct rooms (alice's, and
// one the bot creates for bob); the bot restarts on the same stores while
// bob answers his decision by number, and answers it after; the boards
// are encrypted attachments, decrypted and compared with the renderer's
// PNGs; an order is played; a message whose key never comes is answered
// once with a notice.
func TestEncryptedGame(t *testing.T) {
	h := needHomeserver(t)
	keyRequestAfter, unreadableAfter = 500*time.Millisecond, 3*time.Second
	t.Cleanup(func() { keyRequestAfter, unreadableAfter = 3*time.Second, time.Minute })
	alice, bob := newCryptoClient(t, h, "alice"), newCryptoClient(t, h, "bob")
	b := newTestBot(t, h, Config{}) // encryption off at first
	me := b.id()
	A, B := alice.name, bob.name

	dmA := alice.createEncryptedRoom(t, "", true, me)
	room := alice.createEncryptedRoom(t, "Encrypted", false, me, bob.id)
	alice.joined(t, dmA, me)
	for _, u := range []id.UserID{me, bob.id} {
		alice.joined(t, room, u)
	}
	alice.says(t, me, room, "cannot read encrypted messages")
	// Encryption turned on: the new crypto store learns the state of the
	// rooms the bot is already in (seedState).
	b.stop()
	b.cfg.CryptoStore = filepath.Join(t.TempDir(), "crypto", "grognard-crypto.db")
	b.start()
	device := b.ad.cli.DeviceID
	before := len(alice.all(fromBot(me, "", event.MsgNotice, "")))

	alice.send(t, room, "!g new gs-1 vs "+B)
	ch := alice.says(t, me, room, "g1: "+A+" challenges "+B+" to Grands Stratèges")
	wasEncrypted(t, ch)
	bob.reactEncrypted(t, room, ch.ID, "1️⃣") // accept
	wasEncrypted(t, alice.says(t, me, room, "g1 begins: A "+A+", B "+B))
	bob.says(t, me, room, B+" g1 · B to decide:\ndeploy your units in zone deploy-B")

	alice.send(t, room, "!g deploy auto")
	alice.says(t, me, room, "g1 · A ("+A+") · (secret order)")
	secretA := alice.says(t, me, "", "g1, for your eyes only: `deploy auto`\n  A placed 7 unit(s)")
	if secretA.RoomID != dmA {
		t.Fatalf("alice's secret went to %s, not to her encrypted direct room %s", secretA.RoomID, dmA)
	}
	wasEncrypted(t, secretA)
	checkEncryptedImage(t, alice, b, alice.image(t, me, dmA, "g1-t01-setup-viewA.png"))

	// The bot stops; bob answers his decision by number meanwhile; the
	// bot, restarted on the same stores, is the same device and reads it.
	b.stop()
	bob.send(t, room, "!g 1")
	b.start()
	if b.ad.cli.DeviceID != device {
		t.Errorf("the bot came back as device %s, not %s", b.ad.cli.DeviceID, device)
	}
	alice.says(t, me, room, "g1 · B ("+B+") · (secret order)")
	secretB := bob.says(t, me, "", "g1, for your eyes only: `deploy auto`\n  B placed 7 unit(s)")
	dmB := secretB.RoomID
	if dmB == room || dmB == dmA {
		t.Fatalf("bob's secret went to %s", dmB)
	}
	wasEncrypted(t, secretB)
	if ok, err := bob.e2e.state.IsEncrypted(context.Background(), dmB); err != nil || !ok {
		t.Errorf("the direct room the bot created for bob is not encrypted (%v)", err)
	}
	checkEncryptedImage(t, bob, b, bob.image(t, me, dmB, "g1-t01-setup-viewB.png"))

	alice.send(t, room, "!g ready")
	alice.says(t, me, room, "A has finished deploying")
	bob.send(t, room, "!g ready")
	alice.says(t, me, room, "both sides have deployed: the screens are lifted")
	checkEncryptedImage(t, alice, b, alice.image(t, me, room, "g1-t01-move-A.png"))
	alice.send(t, room, "!g move A6 0706")
	wasEncrypted(t, alice.says(t, me, room, "A6 0801 → 0706 (6 MP of 6)"))

	// A message encrypted with a session the bot never gets: it asks for
	// the key, then says once that it cannot read it.
	bogus := &event.EncryptedEventContent{
		Algorithm: id.AlgorithmMegolmV1, SenderKey: alice.e2e.mach.OwnIdentity().IdentityKey,
		DeviceID: alice.cli.DeviceID, SessionID: id.SessionID(randomB64(t, 32)),
		MegolmCiphertext: []byte(randomB64(t, 96)),
	}
	if _, err := alice.cli.SendMessageEvent(context.Background(), room, event.EventEncrypted, bogus); err != nil {
		t.Fatal(err)
	}
	alice.says(t, me, room, "I could not decrypt that message")
	alice.send(t, room, "!g end")
	alice.says(t, me, room, "turn 1: move phase of B")
	if n := len(alice.all(fromBot(me, room, event.MsgNotice, "I could not decrypt"))); n != 1 {
		t.Errorf("%d notices about the unreadable message, want 1", n)
	}
	for _, evt := range alice.all(fromBot(me, "", event.MsgNotice, ""))[before:] {
		if !evt.Mautrix.WasEncrypted {
			t.Errorf("the bot said in clear in an encrypted room: %q", evt.Content.AsMessage().Body)
		}
		if strings.Contains(evt.Content.AsMessage().Body, "cannot read encrypted messages") {
			t.Errorf("the bot says it cannot read encrypted rooms")
		}
	}
}

func randomB64(t testing.TB, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return base64.RawStdEncoding.EncodeToString(b)
}
