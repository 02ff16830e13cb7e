package matrix

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"
)

// TestGame plays scenario I of Grands Stratèges from the challenge to the
// result in a Matrix room, against a real Dendrite: two players and a
// spectator, forced dice, the secret set-ups in direct rooms, a decision
// answered by number and two by reaction, a spectator's order refused,
// and a restart of the bot in the middle (with orders typed while it was
// down). Every board posted is downloaded and compared with what the
// renderer produced.
func TestGame(t *testing.T) {
	h := needHomeserver(t)
	alice, bob, carol := newClient(t, h, "alice"), newClient(t, h, "bob"), newClient(t, h, "carol")
	b := newTestBot(t, h, Config{})
	me := b.id()
	room := alice.createRoom(t, "Vanguards", me, bob.id, carol.id)
	for _, u := range []id.UserID{me, bob.id, carol.id} {
		alice.joined(t, room, u)
	}
	A, B := alice.name, bob.name

	// The challenge, addressed to the bot by a pill, naming bob by a pill.
	alice.sendContent(t, room, &event.MessageEventContent{
		MsgType: event.MsgText, Body: "grognard: new gs-1 vs " + B,
		Format:        event.FormatHTML,
		FormattedBody: `<a href="https://matrix.to/#/` + string(me) + `">grognard</a>: new gs-1 vs <a href="https://matrix.to/#/` + string(bob.id) + `">` + B + `</a>`,
	})
	ch := alice.says(t, me, room, "g1: "+A+" challenges "+B+" to Grands Stratèges")
	m := ch.Content.AsMessage()
	if m.Mentions == nil || !slices.Equal(m.Mentions.UserIDs, []id.UserID{alice.id, bob.id}) {
		t.Errorf("challenge m.mentions = %+v, want alice and bob", m.Mentions)
	}
	if m.Format != event.FormatHTML || !strings.Contains(m.FormattedBody, `<a href="https://matrix.to/#/`+string(bob.id)+`">`+B+`</a>`) {
		t.Errorf("challenge HTML has no pill for bob: %q", m.FormattedBody)
	}
	if m.RelatesTo != nil {
		t.Errorf("the only game of the room opened a thread: %+v", m.RelatesTo)
	}
	// The options (accept, decline) are offered as number reactions.
	for _, key := range numberKeys[:2] {
		alice.wait(t, "(bot reaction "+key+")", func(evt *event.Event) bool {
			return evt.Sender == me && evt.Type == event.EventReaction && evt.Content.AsReaction().RelatesTo.EventID == ch.ID &&
				evt.Content.AsReaction().RelatesTo.Key == key
		})
	}

	bob.send(t, room, "!g accept")
	alice.says(t, me, room, "g1 begins: A "+A+", B "+B)
	decA := alice.says(t, me, room, A+" g1 · A to decide:\ndeploy your units in zone deploy-A")
	// The answer to "accept" is one event: "g1 begins" (naming both
	// players) and A's decision; B's decision, with options of its own,
	// is a second one.
	if mm := decA.Content.AsMessage().Mentions; mm == nil || !slices.Contains(mm.UserIDs, alice.id) {
		t.Errorf("decision ping m.mentions = %+v, want alice among them", mm)
	}
	alice.says(t, me, room, B+" g1 · B to decide:\ndeploy your units in zone deploy-B")

	// Secret set-ups: the narration in the room says nothing; the orders
	// and each side's board go to the player's direct room.
	alice.send(t, room, "!g deploy auto")
	alice.says(t, me, room, "g1 · A ("+A+") · (secret order)")
	secretA := alice.says(t, me, "", "g1, for your eyes only: `deploy auto`\n  A placed 7 unit(s)")
	dmA := secretA.RoomID
	if dmA == room {
		t.Fatal("alice's secret set-up was posted in the game room")
	}
	alice.image(t, me, dmA, "g1-t01-setup-viewA.png")
	bob.send(t, room, "!g 1") // the deploy decision, answered by its number
	alice.says(t, me, room, "g1 · B ("+B+") · (secret order)")
	secretB := bob.says(t, me, "", "g1, for your eyes only: `deploy auto`\n  B placed 7 unit(s)")
	dmB := secretB.RoomID
	if dmB == room || dmB == dmA {
		t.Fatalf("bob's secret went to %s (game room %s, alice's direct room %s)", dmB, room, dmA)
	}
	bob.image(t, me, dmB, "g1-t01-setup-viewB.png")
	for _, c := range []struct {
		who  *client
		room id.RoomID
	}{{alice, dmA}, {bob, dmB}} {
		checkDirectRoom(t, c.who, c.room, me)
	}

	alice.send(t, room, "!g ready")
	alice.says(t, me, room, "A has finished deploying")
	bob.send(t, room, "!g ready")
	alice.says(t, me, room, "both sides have deployed: the screens are lifted")
	alice.image(t, me, room, "g1-t01-move-A.png")
	turn := alice.says(t, me, room, A+" g1 · your turn: turn 1/8 · movement phase of A.")
	if mm := turn.Content.AsMessage().Mentions; mm == nil || !slices.Equal(mm.UserIDs, []id.UserID{alice.id}) {
		t.Errorf("turn ping m.mentions = %+v, want alice", mm)
	}
	if !strings.Contains(turn.Content.AsMessage().FormattedBody, `<a href="https://matrix.to/#/`+string(alice.id)+`">`) {
		t.Errorf("turn ping has no pill: %q", turn.Content.AsMessage().FormattedBody)
	}

	// Turn 1: a refused order and its refusal are private to the player
	// who typed it (game.RefusalAudience): the refusal goes to her direct
	// room, never to the game room.
	alice.send(t, room, "!g move A6 0707")
	alice.says(t, me, dmA, "✗ g1: `move A6 0707` refused\nA6 cannot reach 0707")
	play := func(who *client, order string, want ...string) {
		t.Helper()
		who.send(t, room, "!g "+order)
		for _, w := range want {
			if strings.HasSuffix(w, ".png") {
				alice.image(t, me, room, w)
			} else {
				alice.says(t, me, room, w)
			}
		}
	}
	play(alice, "move A6 0706", "A6 0801 → 0706 (6 MP of 6)")
	play(alice, "end", "A has no combat to fight; turn 1: move phase of B", "g1-t01-move-B.png")
	play(bob, "move B6 0716", "B6 0822 → 0716 (6 MP of 6)")
	play(bob, "move B3 off", "B3 leaves the map from 0923")
	play(bob, "end", "turn 2: move phase of A", "g1-t02-move-A.png")
	play(alice, "move A6 0711", "A6 0706 → 0711 (5 MP of 6)")
	play(alice, "end", "turn 2: move phase of B", "g1-t02-move-B.png")
	play(bob, "end", "turn 3: move phase of A", "g1-t03-move-A.png")

	// The bot stops; alice gives two orders meanwhile; a new bot on the
	// same store file answers them once, and nothing older.
	b.stop()
	alice.send(t, room, "!g move A6 0715")
	alice.send(t, room, "!g end")
	b.start()
	alice.says(t, me, room, "A6 0711 → 0715 (5 MP of 6), stops in an enemy zone of control")
	alice.says(t, me, room, "turn 3: combat phase of A")
	alice.image(t, me, room, "g1-t03-combat-A.png")

	// Turn 3: combat; bob's retreat by number, alice's advance by reaction.
	b.dice.Push(4)
	play(alice, "attack A6 -> B6", "A6 2 vs B6 2 → 1:1 (GS-4.16); roll 4 → DR")
	alice.says(t, me, room, B+" g1 · B to decide:\nB6 must retreat one hex from 0716")
	carol.send(t, room, "!g end")
	alice.says(t, me, room, "you do not play in g1")
	play(bob, "1", "retreat: B6 0716 → 0816")
	adv := alice.says(t, me, room, A+" g1 · A to decide:\nadvance after combat into an emptied hex?")
	alice.react(t, room, adv.ID, "1️⃣")
	alice.says(t, me, room, "g1 · A ("+A+") · advance A6 0716\n  A6 advances 0715 → 0716")
	play(alice, "end", "turn 3: move phase of B", "g1-t03-move-B.png")
	play(bob, "move B1 0923 off", "B1 leaves the map from 0923")
	play(bob, "end", "turn 3: combat phase of B", "g1-t03-combat-B.png")
	play(bob, "end", "turn 4: move phase of A", "g1-t04-move-A.png")

	// Turn 4: bob answers the retreat with the third reaction.
	play(alice, "end", "turn 4: combat phase of A", "g1-t04-combat-A.png")
	b.dice.Push(5)
	play(alice, "attack A6 -> B6", "A6 2 vs B6 4 (B6 forest ×2) → 1:2 (GS-4.16); roll 5 → DR")
	ret := alice.says(t, me, room, B+" g1 · B to decide:\nB6 must retreat one hex from 0816")
	bob.react(t, room, ret.ID, "3\u20e3") // without the variation selector, as some clients send it
	alice.says(t, me, room, "retreat: B6 0816 → 0916")
	play(alice, "advance none", "A does not advance")
	play(alice, "end", "turn 4: move phase of B", "g1-t04-move-B.png")
	play(bob, "end", "turn 5: move phase of A", "g1-t05-move-A.png")
	for turn := 5; turn <= 8; turn++ {
		play(alice, "end", "g1-t0"+string(rune('0'+turn))+"-move-B.png")
		if turn < 8 {
			play(bob, "end", "g1-t0"+string(rune('0'+turn+1))+"-move-A.png")
		}
	}
	play(bob, "end", "game over: A wins", "g1-t08-over.png", "g1 is over: A wins (losses A 0, B 10")
	if n := len(b.dice.Left()); n != 0 {
		t.Errorf("%d forced dice were not rolled", n)
	}

	// No order was answered twice, the restart included (every order's
	// narration names the turn and phase it changed).
	seen := map[string]int{}
	for _, evt := range alice.all(fromBot(me, room, event.MsgNotice, "")) {
		if !strings.HasPrefix(evt.Content.AsMessage().Body, "g1 · ") {
			continue
		}
		seen[evt.Content.AsMessage().Body]++
	}
	for body, n := range seen {
		if n > 1 {
			t.Errorf("the bot said %d times:\n%s", n, body)
		}
	}
	if n := len(alice.all(fromBot(me, room, event.MsgNotice, "· move A6 0715"))); n != 1 {
		t.Errorf("the order given while the bot was down was answered %d times", n)
	}

	// Secrets: bob never sees alice's set-up, her view of the board or her
	// direct room; alice never sees bob's.
	for _, c := range []struct {
		who      *client
		otherDM  id.RoomID
		otherImg string
	}{{alice, dmB, "g1-t01-setup-viewB.png"}, {bob, dmA, "g1-t01-setup-viewA.png"}} {
		for _, evt := range c.who.all(func(*event.Event) bool { return true }) {
			if evt.RoomID == c.otherDM {
				t.Errorf("%s received an event of the other player's direct room: %s", c.who.name, evt.Type.Type)
			}
			if evt.Type == event.EventMessage && evt.Content.AsMessage().FileName == c.otherImg {
				t.Errorf("%s received %s", c.who.name, c.otherImg)
			}
		}
	}

	// Every board, in the room and in the direct rooms, is exactly what
	// the renderer produced, with its size and a thumbnail that fits.
	images := 0
	for _, c := range []*client{alice, bob} {
		for _, evt := range c.all(fromBot(me, "", event.MsgImage, "")) {
			checkImage(t, c, b, evt)
			images++
		}
	}
	if images < 22 {
		t.Errorf("%d images checked, want at least 22", images)
	}
}

// checkDirectRoom checks that a direct room was created by the bot for
// the user alone, unencrypted.
func checkDirectRoom(t *testing.T, c *client, room id.RoomID, botID id.UserID) {
	t.Helper()
	ctx := context.Background()
	state, err := c.cli.State(ctx, room)
	if err != nil {
		t.Fatalf("%s: state of %s: %v", c.name, room, err)
	}
	if cr := state[event.StateCreate][""]; cr == nil || cr.Sender != botID {
		t.Errorf("%s: direct room %s was not created by the bot", c.name, room)
	}
	if len(state[event.StateEncryption]) != 0 {
		t.Errorf("%s: direct room %s is encrypted", c.name, room)
	}
	var members []string
	for user, evt := range state[event.StateMember] {
		_ = evt.Content.ParseRaw(evt.Type)
		if ms := evt.Content.AsMember().Membership; ms == event.MembershipJoin || ms == event.MembershipInvite {
			members = append(members, user)
		}
	}
	slices.Sort(members)
	want := []string{string(botID), string(c.id)}
	slices.Sort(want)
	if !slices.Equal(members, want) {
		t.Errorf("%s: direct room %s members %v, want %v", c.name, room, members, want)
	}
}

// checkImage downloads a board and its thumbnail and checks them.
func checkImage(t *testing.T, c *client, b *testBot, evt *event.Event) {
	t.Helper()
	ctx := context.Background()
	m := evt.Content.AsMessage()
	url, err := m.URL.Parse()
	if err != nil {
		t.Fatalf("%s: bad url %q", m.FileName, m.URL)
	}
	data, err := download(ctx, c, url)
	if err != nil {
		t.Fatalf("%s: download: %v", m.FileName, err)
	}
	if !b.rend.produced(data) {
		t.Errorf("%s: the downloaded bytes (%d) are not a board the renderer produced", m.FileName, len(data))
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", m.FileName, err)
	}
	if m.Info == nil || m.Info.MimeType != "image/png" || m.Info.Size != len(data) || m.Info.Width != cfg.Width || m.Info.Height != cfg.Height {
		t.Errorf("%s: info %+v, want image/png %d bytes %d×%d", m.FileName, m.Info, len(data), cfg.Width, cfg.Height)
		return
	}
	turl, err := m.Info.ThumbnailURL.Parse()
	if err != nil || m.Info.ThumbnailInfo == nil {
		t.Errorf("%s: no thumbnail (%q)", m.FileName, m.Info.ThumbnailURL)
		return
	}
	thumb, err := download(ctx, c, turl)
	if err != nil {
		t.Fatalf("%s: thumbnail download: %v", m.FileName, err)
	}
	tc, err := jpeg.DecodeConfig(bytes.NewReader(thumb))
	if ti := m.Info.ThumbnailInfo; ti != nil && ti.MimeType == "image/png" {
		tc, err = png.DecodeConfig(bytes.NewReader(thumb))
	}
	ti := m.Info.ThumbnailInfo
	if err != nil || tc.Width != ti.Width || tc.Height != ti.Height || len(thumb) != ti.Size || tc.Width > ThumbWidth || tc.Height > ThumbHeight {
		t.Errorf("%s: thumbnail %d×%d %d bytes (%v), info %+v", m.FileName, tc.Width, tc.Height, len(thumb), err, ti)
	}
}

// download fetches media as a client does (authenticated media). Dendrite
// v0.15.2 rate-limits downloads by client address, and answers a limited
// download with status 200 and the 429 response as its body: each
// download here comes from its own forwarded address, so the test
// server's strict rate limit (meant for the bot) does not slow it down.
func download(ctx context.Context, c *client, u id.ContentURI) ([]byte, error) {
	dl.Lock()
	dl.n++
	fwd := fmt.Sprintf("10.9.%d.%d", dl.n/250, dl.n%250+1)
	dl.Unlock()
	url := c.cli.HomeserverURL.JoinPath("_matrix", "client", "v1", "media", "download", u.Homeserver, u.FileID)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.cli.AccessToken)
	req.Header.Set("X-Forwarded-For", fwd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err == nil && (resp.StatusCode != http.StatusOK || bytes.HasPrefix(data, []byte(`{"Code":`))) {
		err = fmt.Errorf("download %s: HTTP %d %s", u, resp.StatusCode, data)
	}
	return data, err
}

var dl struct {
	sync.Mutex
	n int
}
