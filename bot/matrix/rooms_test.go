package matrix

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
)

// TestInvites: the bot joins when an allowed user invites it, refuses
// anyone else, and does not answer what was said before it joined.
func TestInvites(t *testing.T) {
	h := needHomeserver(t)
	alice, mallory := newClient(t, h, "alice"), newClient(t, h, "mallory")
	b := newTestBot(t, h, Config{AllowInvites: []string{string(alice.id), "example.org"}})
	me := b.id()

	room := alice.createRoom(t, "Club")
	alice.send(t, room, "!g scenarios") // before the bot is there
	if _, err := alice.cli.InviteUser(context.Background(), room, &mautrix.ReqInviteUser{UserID: me}); err != nil {
		t.Fatal(err)
	}
	alice.joined(t, room, me)
	alice.send(t, room, "!g games")
	alice.says(t, me, room, "there is no game in this room yet")
	if old := alice.all(fromBot(me, room, event.MsgNotice, "gs-1")); len(old) != 0 {
		t.Errorf("the bot answered a command from before it joined: %q", old[0].Content.AsMessage().Body)
	}

	// mallory is neither on the list nor on a listed server.
	other := mallory.createRoom(t, "Mallory's", me)
	leave := mallory.wait(t, "(the bot refuses the invite)", func(evt *event.Event) bool {
		return evt.RoomID == other && evt.Type == event.StateMember && evt.GetStateKey() == string(me) &&
			evt.Content.AsMember().Membership == event.MembershipLeave
	})
	if leave.Sender != me {
		t.Errorf("the invite was ended by %s, not refused by the bot", leave.Sender)
	}
	for _, evt := range mallory.all(func(evt *event.Event) bool { return evt.RoomID == other }) {
		if evt.Sender == me && (evt.Type == event.EventMessage || evt.Content.AsMember().Membership == event.MembershipJoin) {
			t.Errorf("the bot acted in a room it was invited to by someone not allowed: %s", evt.Type.Type)
		}
	}
}

// TestEncryptedRoom: in an encrypted room the bot says once — across a
// restart too — that it cannot read encrypted messages.
func TestEncryptedRoom(t *testing.T) {
	h := needHomeserver(t)
	alice := newClient(t, h, "alice")
	b := newTestBot(t, h, Config{})
	me := b.id()
	resp, err := alice.cli.CreateRoom(context.Background(), &mautrix.ReqCreateRoom{
		Preset: "private_chat", Invite: []id.UserID{me},
		InitialState: []*event.Event{{Type: event.StateEncryption, Content: event.Content{Parsed: &event.EncryptionEventContent{Algorithm: id.AlgorithmMegolmV1}}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	room := resp.RoomID
	plain := alice.createRoom(t, "Plain", me) // unencrypted: its answers mark what the bot has read
	alice.joined(t, plain, me)
	notice := alice.says(t, me, room, "cannot read encrypted messages")
	if notice.Type != event.EventMessage || notice.Content.AsMessage().MsgType != event.MsgNotice {
		t.Errorf("the notice is %s %s, want a plain m.notice", notice.Type.Type, notice.Content.AsMessage().MsgType)
	}
	ciphertext := map[string]any{"algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "AwgAEn…", "device_id": "X", "sender_key": "k", "session_id": "s"}
	for round := range 2 {
		if _, err := alice.cli.SendMessageEvent(context.Background(), room, event.EventEncrypted, ciphertext); err != nil {
			t.Fatal(err)
		}
		// A command sent in clear in the encrypted room is not answered:
		// once a later one in an unencrypted room is, both were read.
		alice.send(t, room, "!g games")
		alice.send(t, plain, "!g games")
		alice.says(t, me, plain, "there is no game in this room yet")
		if n := len(alice.all(fromBot(me, room, event.MsgNotice, "there is no game"))); n != 0 {
			t.Fatalf("round %d: the bot answered a command in the encrypted room", round)
		}
		if n := len(alice.all(fromBot(me, room, event.MsgNotice, "cannot read encrypted messages"))); n != 1 {
			t.Fatalf("round %d: %d notices about encryption, want 1", round, n)
		}
		b.stop()
		b.start()
	}
}

// TestThreadsAndAdmins: a second game in a room gets its own thread,
// where its players speak without naming it; room administrators are the
// members whose power level reaches the configured one.
func TestThreadsAndAdmins(t *testing.T) {
	h := needHomeserver(t)
	alice, bob, carol, dave := newClient(t, h, "alice"), newClient(t, h, "bob"), newClient(t, h, "carol"), newClient(t, h, "dave")
	b := newTestBot(t, h, Config{})
	me := b.id()
	room := alice.createRoom(t, "Club", me, bob.id, carol.id, dave.id)
	for _, u := range []id.UserID{me, bob.id, carol.id, dave.id} {
		alice.joined(t, room, u)
	}

	alice.send(t, room, "!g new gs-1 vs @"+bob.name)
	first := alice.says(t, me, room, "g1: "+alice.name+" challenges "+bob.name)
	if first.Content.AsMessage().RelatesTo != nil {
		t.Errorf("the room's only game opened a thread")
	}
	bob.send(t, room, "!g accept")
	if m := alice.says(t, me, room, "g1 begins").Content.AsMessage(); m.RelatesTo.GetThreadParent() != "" {
		t.Errorf("g1 is played in a thread: %+v", m.RelatesTo)
	}

	carol.send(t, room, "!g new gs-1 vs "+string(dave.id))
	root := alice.says(t, me, room, "g2: "+carol.name+" challenges "+dave.name)
	if root.Content.AsMessage().RelatesTo != nil {
		t.Errorf("a thread root is itself in a thread: %+v", root.Content.AsMessage().RelatesTo)
	}
	dave.send(t, room, "!g accept")
	begins := alice.says(t, me, room, "g2 begins")
	if got := begins.Content.AsMessage().RelatesTo.GetThreadParent(); got != root.ID {
		t.Errorf("g2 begins in thread %q, want the challenge %s", got, root.ID)
	}
	// In the thread, "status" needs no game id; the reply stays there.
	ask := dave.sendContent(t, room, &event.MessageEventContent{MsgType: event.MsgText, Body: "!g status",
		RelatesTo: (&event.RelatesTo{}).SetThread(root.ID, root.ID)})
	st := alice.says(t, me, room, "g2 · Grands Stratèges")
	if rel := st.Content.AsMessage().RelatesTo; rel.GetThreadParent() != root.ID || rel.GetReplyTo() != ask {
		t.Errorf("the status reply is not in g2's thread as a reply: %+v", rel)
	}

	// carol (power 0) is no administrator; at 50 she is.
	carol.send(t, room, "!g g1 adjudicate")
	alice.says(t, me, room, "only an administrator of the room where g1 was created")
	var pl event.PowerLevelsEventContent
	ctx := context.Background()
	if err := alice.cli.StateEvent(ctx, room, event.StatePowerLevels, "", &pl); err != nil {
		t.Fatal(err)
	}
	pl.SetUserLevel(carol.id, 50)
	if _, err := alice.cli.SendStateEvent(ctx, room, event.StatePowerLevels, "", &pl); err != nil {
		t.Fatal(err)
	}
	carol.send(t, room, "!g g1 adjudicate")
	adj := alice.says(t, me, room, "(adjudicated by "+carol.name+": the default answer)")
	if !strings.HasPrefix(adj.Content.AsMessage().Body, "g1 · A") {
		t.Errorf("adjudication: %q", adj.Content.AsMessage().Body)
	}
	if n := len(alice.all(fromBot(me, room, event.MsgNotice, "only an administrator of the room where g1 was created"))); n != 1 {
		t.Errorf("%d refusals for carol, want 1 (before her promotion)", n)
	}
}

// TestRateLimit: a bot account the homeserver rate-limits still posts
// everything: it waits the retry_after_ms of each M_LIMIT_EXCEEDED.
//
// The 429 is certain, not a matter of speed: Dendrite lets a non-exempt
// device one rate-limited call per hsCooloff, and just before the bot's
// first upload the test spends that call with the bot's own token (GET
// media config, rate-limited too), so the upload that follows at once
// must be refused.
func TestRateLimit(t *testing.T) {
	h := needHomeserver(t)
	alice, bob := newClient(t, h, "alice"), newClient(t, h, "bob")
	uid, tok := h.register(t, uniq("slowbot"), false) // not exempt
	var limited atomic.Int64
	spend := &spendFirst{next: http.DefaultTransport, t: t}
	b := newTestBot(t, h, Config{UserID: string(uid), AccessToken: tok,
		HTTPClient: &http.Client{Transport: countStatus{spend, http.StatusTooManyRequests, &limited}}})
	me := b.id()
	room := alice.createRoom(t, "Slow", me, bob.id)
	alice.joined(t, room, me)
	alice.joined(t, room, bob.id)
	alice.send(t, room, "!g new gs-1 vs @"+bob.name)
	bob.send(t, room, "!g accept")
	alice.send(t, room, "!g deploy auto")
	bob.send(t, room, "!g deploy auto")
	alice.send(t, room, "!g ready")
	bob.send(t, room, "!g ready")
	img := alice.image(t, me, room, "g1-t01-move-A.png")
	checkImage(t, alice, b, img)
	alice.says(t, me, room, alice.name+" g1 · your turn")
	if !spend.done.Load() {
		t.Fatalf("the bot never uploaded")
	}
	if limited.Load() == 0 || b.ad.RateLimited() != limited.Load() {
		t.Errorf("the homeserver answered 429 %d times; the adapter waited %d times", limited.Load(), b.ad.RateLimited())
	}
}

// spendFirst spends the device's rate-limit allowance right before the
// first media upload: it sends GET /_matrix/media/v3/config, which Dendrite
// rate-limits, with the upload's own access token, then the upload.
type spendFirst struct {
	next http.RoundTripper
	t    testing.TB
	done atomic.Bool
}

func (s *spendFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPost && strings.Contains(r.URL.Path, "/media/") && strings.HasSuffix(r.URL.Path, "/upload") && s.done.CompareAndSwap(false, true) {
		u := *r.URL
		u.Path, u.RawPath, u.RawQuery = "/_matrix/media/v3/config", "", ""
		req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", r.Header.Get("Authorization"))
		resp, err := s.next.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			s.t.Errorf("GET media config with the bot's token: %s (want 200, spending the allowance)", resp.Status)
		}
	}
	return s.next.RoundTrip(r)
}

// countStatus counts the responses with a status.
type countStatus struct {
	next   http.RoundTripper
	status int
	n      *atomic.Int64
}

func (c countStatus) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := c.next.RoundTrip(r)
	if err == nil && resp.StatusCode == c.status {
		c.n.Add(1)
	}
	return resp, err
}

// TestPasswordLogin: a password logs in once; the token is kept in the
// store and used from then on.
func TestPasswordLogin(t *testing.T) {
	h := needHomeserver(t)
	alice := newClient(t, h, "alice")
	uid, _ := h.register(t, uniq("pwbot"), true)
	b := newTestBot(t, h, Config{UserID: string(uid), Password: "pw-" + uid.Localpart() + "-0123456789"})
	raw, err := b.store.Value("matrix/" + string(uid) + "/session")
	if err != nil || !strings.Contains(string(raw), `"access_token":"`) {
		t.Fatalf("stored session %q, %v", raw, err)
	}
	b.stop()
	b.cfg.Password = ""
	b.start()
	room := alice.createRoom(t, "Club", uid)
	alice.joined(t, room, uid)
	alice.send(t, room, "!g games")
	alice.says(t, uid, room, "there is no game in this room yet")

	// Without a token, a stored one or a password, Run says what is missing.
	st := b.store
	ad, err := New(Config{Homeserver: h.url, UserID: "@nobody:" + hsServerName}, b.app, st)
	if err != nil {
		t.Fatal(err)
	}
	if err := ad.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "no credentials") {
		t.Errorf("Run without credentials: %v", err)
	}
}

// TestMissedWhileDown: more commands arrived while the bot was down than
// one sync carries (a limited timeline): it fetches the ones left out and
// answers each once.
func TestMissedWhileDown(t *testing.T) {
	h := needHomeserver(t)
	alice := newClient(t, h, "alice")
	b := newTestBot(t, h, Config{})
	me := b.id()
	room := alice.createRoom(t, "Club", me)
	alice.joined(t, room, me)
	alice.send(t, room, "!g games")
	alice.says(t, me, room, "there is no game in this room yet")
	b.stop()
	// The bot reads timelineLimit while it runs: stop it before putting the
	// limit back (stop is idempotent; the cleanup stops it again).
	defer func(n int) { b.stop(); timelineLimit = n }(timelineLimit)
	timelineLimit = 2
	for range 5 {
		alice.send(t, room, "!g games")
	}
	alice.send(t, room, "!g scenarios")
	b.start()
	alice.says(t, me, room, "gs-1")
	if n := len(alice.all(fromBot(me, room, event.MsgNotice, "there is no game in this room yet"))); n != 6 {
		t.Errorf("%d answers to the 6 `games`, want 6", n)
	}
}

// TestDeliver: what the bot says unasked (here the deadline reminders of
// the scheduler) reaches the game's room, mentioning the player.
func TestDeliver(t *testing.T) {
	h := needHomeserver(t)
	alice, bob := newClient(t, h, "alice"), newClient(t, h, "bob")
	b := newTestBot(t, h, Config{})
	me := b.id()
	room := alice.createRoom(t, "Club", me, bob.id)
	alice.joined(t, room, me)
	alice.joined(t, room, bob.id)
	alice.send(t, room, "!g new gs-1 vs @"+bob.name+" deadline=2h")
	bob.send(t, room, "!g accept")
	alice.says(t, me, room, "g1 begins")
	b.ahead.Store(int64(61 * time.Minute)) // past half time
	ds, err := b.app.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b.app.Deliver(context.Background(), ds)
	for _, who := range []*client{alice, bob} {
		r := alice.says(t, me, room, "⏳ "+who.name+" g1 is still waiting for you")
		// The reminders of one delivery to one room are one event.
		if mm := r.Content.AsMessage().Mentions; mm == nil || !slices.Contains(mm.UserIDs, who.id) {
			t.Errorf("reminder m.mentions = %+v, want %s among them", mm, who.id)
		}
	}
	// A private message of a delivery goes to the user's direct room.
	if err := b.ad.Deliver(context.Background(), bot.Delivery{Platform: Platform,
		Messages: []bot.Message{{Text: "your daily digest", To: &bot.User{ID: string(bob.id)}}}}); err != nil {
		t.Fatal(err)
	}
	if got := bob.says(t, me, "", "your daily digest"); got.RoomID == room {
		t.Error("a private delivery was posted in the game room")
	}
	if err := b.ad.Deliver(context.Background(), bot.Delivery{Platform: Platform, Messages: []bot.Message{{Text: "lost"}}}); err == nil {
		t.Error("a public message without a room was accepted")
	}
}
