package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
)

// process handles one /sync answer: invites first, then each joined
// room's state and timeline in order, then the rooms the bot left. On the
// very first sync (no stored position) the timelines are old history:
// only their state is read.
func (a *Adapter) process(ctx context.Context, resp *mautrix.RespSync, since string) {
	initial := since == ""
	e2e := a.crypto()
	if e2e != nil {
		// The state store first (encryption, members), then the to-device
		// events (room keys), device lists and one-time keys: the
		// timelines below are decrypted with them.
		for roomID, room := range resp.Rooms.Join {
			for _, evt := range append(room.State.Events, room.Timeline.Events...) {
				evt.RoomID = roomID
				e2e.noteState(ctx, evt)
			}
		}
		e2e.mach.ProcessSyncResponse(ctx, resp, since)
	}
	for _, roomID := range sortedKeys(resp.Rooms.Invite) {
		a.invited(ctx, roomID, resp.Rooms.Invite[roomID])
	}
	for _, roomID := range sortedKeys(resp.Rooms.Join) {
		room := resp.Rooms.Join[roomID]
		for _, evt := range room.State.Events {
			evt.RoomID = roomID
			a.noteState(evt)
		}
		timeline := room.Timeline.Events
		if room.Timeline.Limited && !initial {
			timeline = append(a.backfill(ctx, roomID, room.Timeline.PrevBatch, since), timeline...)
		}
		// Events before the bot's own join (history the room shows to
		// new members) are not addressed to it.
		for i := len(timeline) - 1; i >= 0; i-- {
			if a.isOwnJoin(timeline[i]) {
				for _, evt := range timeline[:i] {
					evt.RoomID = roomID
					a.noteState(evt)
				}
				timeline = timeline[i:]
				break
			}
		}
		for _, evt := range timeline {
			evt.RoomID = roomID
			a.noteState(evt)
			if initial {
				continue
			}
			a.handle(ctx, evt)
		}
		if n := len(timeline); n > 0 {
			a.seen(roomID, timeline[n-1].ID)
		}
		if e2e == nil && a.roomEncrypted(roomID) {
			a.encryptedNotice(ctx, roomID)
		}
	}
	for _, roomID := range sortedKeys(resp.Rooms.Leave) {
		a.left(roomID)
	}
	if e2e != nil {
		ready, unreadable := e2e.retryPending(ctx, time.Now())
		for _, evt := range ready {
			a.handle(ctx, evt)
		}
		for _, evt := range unreadable {
			a.unreadable(ctx, evt)
		}
	}
}

// crypto is the running encryption (nil: none).
func (a *Adapter) crypto() *e2ee {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.e2e
}

// unreadable tells the sender, once, that their encrypted message could
// not be decrypted (its room key never reached the bot's device).
func (a *Adapter) unreadable(ctx context.Context, evt *event.Event) {
	a.log.Warn("matrix: an encrypted message stays unreadable", "room", evt.RoomID, "sender", evt.Sender, "event", evt.ID)
	text := unreadableText[a.cfg.Lang]
	if text == "" {
		text = unreadableText[bot.EN]
	}
	m := bot.Message{Text: fmt.Sprintf(text, evt.Sender), Ephemeral: true}
	if err := a.post(ctx, m, origin{room: evt.RoomID, event: evt.ID}); err != nil {
		a.log.Warn("matrix: unreadable-message notice failed", "room", evt.RoomID, "err", err)
	}
}

var unreadableText = map[bot.Lang]string{
	bot.EN: "%s, I could not decrypt that message: its key did not reach my device, even when I asked for it. Please send it again; if this goes on, check that your client shares keys with unverified devices.",
	bot.FR: "%s, je n'ai pas pu déchiffrer ce message : sa clé n'est pas parvenue à mon appareil, même après l'avoir demandée. Renvoyez-le ; si cela se répète, vérifiez que votre client partage ses clés avec les appareils non vérifiés.",
}

// backfill fetches the events a limited timeline left out (more than
// timelineLimit arrived in the room since the last sync, say while the bot
// was down), oldest first: back from the timeline's start to the stored
// position, at most maxBackfill events.
func (a *Adapter) backfill(ctx context.Context, roomID id.RoomID, from, to string) []*event.Event {
	var older []*event.Event
	for from != "" && len(older) < maxBackfill {
		var resp *mautrix.RespMessages
		err := a.retry(ctx, "messages", func() (err error) {
			resp, err = a.cli.Messages(ctx, roomID, from, to, mautrix.DirectionBackward, nil, timelineLimit)
			return
		})
		if err != nil {
			a.log.Warn("matrix: fetching missed events failed; some commands may go unanswered", "room", roomID, "err", err)
			break
		}
		if len(resp.Chunk) == 0 {
			break
		}
		older = append(older, resp.Chunk...) // newest first
		from = resp.End
	}
	slices.Reverse(older)
	// The homeserver may include events at the stored position itself:
	// everything up to the last event handled in the room goes.
	if last, err := a.store.Value(a.key + "last/" + string(roomID)); err == nil && last != nil {
		if i := slices.IndexFunc(older, func(e *event.Event) bool { return e.ID == id.EventID(last) }); i >= 0 {
			older = older[i+1:]
		}
	}
	if len(older) > 0 {
		a.log.Info("matrix: fetched missed events", "room", roomID, "events", len(older))
	}
	return older
}

// seen records the last event of a room the bot has handled.
func (a *Adapter) seen(roomID id.RoomID, evt id.EventID) {
	if err := a.store.PutValue(a.key+"last/"+string(roomID), []byte(evt)); err != nil {
		a.log.Warn("matrix: store", "err", err)
	}
}

// timelineLimit is how many events of a room one sync (or one page of
// backfill) carries; maxBackfill bounds the events fetched after a gap.
var (
	timelineLimit = 100
	maxBackfill   = 2000
)

func sortedKeys[V any](m map[id.RoomID]V) []id.RoomID {
	keys := make([]id.RoomID, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// isOwnJoin reports whether evt is the bot joining (not a profile change).
func (a *Adapter) isOwnJoin(evt *event.Event) bool {
	if evt.Type != event.StateMember || evt.GetStateKey() != string(a.me) {
		return false
	}
	_ = evt.Content.ParseRaw(evt.Type)
	m := evt.Content.AsMember()
	if m.Membership != event.MembershipJoin {
		return false
	}
	if evt.Unsigned.PrevContent != nil {
		_ = evt.Unsigned.PrevContent.ParseRaw(evt.Type)
		if prev := evt.Unsigned.PrevContent.AsMember(); prev.Membership == event.MembershipJoin {
			return false
		}
	}
	return true
}

func (a *Adapter) room(roomID id.RoomID) *roomInfo {
	r := a.rooms[roomID]
	if r == nil {
		r = &roomInfo{names: map[id.UserID]string{}}
		a.rooms[roomID] = r
	}
	return r
}

// noteState remembers what the bot needs of a state event: power levels,
// display names, encryption; and it forgets a direct room its user left.
func (a *Adapter) noteState(evt *event.Event) {
	if evt.StateKey == nil {
		return
	}
	switch evt.Type {
	case event.StatePowerLevels, event.StateMember, event.StateEncryption:
	default:
		return
	}
	if err := parse(evt); err != nil {
		return
	}
	var forget id.UserID
	a.mu.Lock()
	r := a.room(evt.RoomID)
	switch evt.Type {
	case event.StatePowerLevels:
		r.power = evt.Content.AsPowerLevels()
	case event.StateEncryption:
		r.encrypted = true
	case event.StateMember:
		m := evt.Content.AsMember()
		uid := id.UserID(*evt.StateKey)
		if m.Displayname != "" {
			r.names[uid] = m.Displayname
		}
		if (m.Membership == event.MembershipLeave || m.Membership == event.MembershipBan) && a.dmOf[evt.RoomID] == uid {
			delete(a.dms, uid)
			delete(a.dmOf, evt.RoomID)
			forget = uid
		}
	}
	a.mu.Unlock()
	if forget != "" {
		a.forgetDM(forget, evt.RoomID)
	}
	if evt.Type == event.StateEncryption {
		// Kept in the store: after a restart the sync no longer repeats
		// the room's state.
		if err := a.store.PutValue(a.key+"encrypted/"+string(evt.RoomID), []byte("1")); err != nil {
			a.log.Warn("matrix: store", "err", err)
		}
	}
}

// roomEncrypted reports whether the room has turned encryption on (seen
// in the sync, or stored earlier).
func (a *Adapter) roomEncrypted(roomID id.RoomID) bool {
	a.mu.Lock()
	r := a.rooms[roomID]
	known := r != nil && r.encrypted
	a.mu.Unlock()
	if known {
		return true
	}
	if v, err := a.store.Value(a.key + "encrypted/" + string(roomID)); err != nil || v == nil {
		return false
	}
	a.mu.Lock()
	a.room(roomID).encrypted = true
	a.mu.Unlock()
	return true
}

// invited answers an invite: join when the inviter is allowed, refuse
// (leave) otherwise.
func (a *Adapter) invited(ctx context.Context, roomID id.RoomID, room *mautrix.SyncInvitedRoom) {
	var inviter id.UserID
	direct := false
	for _, evt := range room.State.Events {
		if evt.Type == event.StateMember && evt.GetStateKey() == string(a.me) {
			if err := parse(evt); err == nil && evt.Content.AsMember().Membership == event.MembershipInvite {
				inviter = evt.Sender
				direct = evt.Content.AsMember().IsDirect
			}
		}
	}
	if inviter == "" {
		return
	}
	if !a.cfg.mayInvite(inviter) {
		a.log.Warn("matrix: invite refused: the inviter is not on allow-invites", "room", roomID, "inviter", inviter)
		if err := a.retry(ctx, "leave", func() error {
			_, err := a.cli.LeaveRoom(ctx, roomID, &mautrix.ReqLeave{Reason: "not on this bot's invite allow-list"})
			return err
		}); err != nil {
			a.log.Warn("matrix: refusing the invite failed", "room", roomID, "err", err)
		}
		return
	}
	if err := a.retry(ctx, "join", func() error { _, err := a.cli.JoinRoomByID(ctx, roomID); return err }); err != nil {
		a.log.Warn("matrix: joining failed", "room", roomID, "inviter", inviter, "err", err)
		return
	}
	a.log.Info("matrix: joined", "room", roomID, "inviter", inviter)
	if direct {
		a.mu.Lock()
		_, known := a.dms[inviter]
		a.mu.Unlock()
		if !known {
			a.rememberDM(ctx, inviter, roomID)
		}
	}
}

// left forgets a room the bot is no longer in.
func (a *Adapter) left(roomID id.RoomID) {
	a.mu.Lock()
	delete(a.rooms, roomID)
	uid, dm := a.dmOf[roomID]
	if dm {
		delete(a.dms, uid)
		delete(a.dmOf, roomID)
	}
	a.mu.Unlock()
	if dm {
		a.forgetDM(uid, roomID)
	}
}

// encryptedNotice says once per room, in a plain notice, that the bot
// cannot read encrypted messages.
func (a *Adapter) encryptedNotice(ctx context.Context, roomID id.RoomID) {
	key := a.key + "encrypted-notice/" + string(roomID)
	if v, err := a.store.Value(key); err != nil || v != nil {
		return
	}
	text := encryptedText[a.cfg.Lang]
	if text == "" {
		text = encryptedText[bot.EN]
	}
	content := &event.MessageEventContent{MsgType: event.MsgNotice, Body: text}
	if _, err := a.send(ctx, roomID, event.EventMessage, content); err != nil {
		a.log.Warn("matrix: encrypted-room notice failed", "room", roomID, "err", err)
		return
	}
	if err := a.store.PutValue(key, []byte("1")); err != nil {
		a.log.Warn("matrix: store", "err", err)
	}
}

var encryptedText = map[bot.Lang]string{
	bot.EN: "This room is end-to-end encrypted and I cannot read encrypted messages yet, so I do not play here: I will answer no command in this room, even one sent unencrypted. " +
		"Please play in an unencrypted room: create a new room with encryption turned off (it cannot be turned off later) and invite me there. " +
		"Your games and their boards stay on the record either way.",
	bot.FR: "Ce salon est chiffré de bout en bout et je ne sais pas encore lire les messages chiffrés : je ne joue donc pas ici et ne répondrai à aucune commande dans ce salon, même envoyée en clair. " +
		"Jouez dans un salon non chiffré : créez un nouveau salon avec le chiffrement désactivé (il ne peut pas l'être ensuite) et invitez-moi. " +
		"Vos parties et leurs cartes restent enregistrées dans tous les cas.",
}

// handle turns one timeline event into a request. A panic in it (the
// adapter's code or the bot's) is recovered: the App logs it with a
// reference and the room is told the reference; the sync goes on.
func (a *Adapter) handle(ctx context.Context, evt *event.Event) {
	if evt.Sender == a.me {
		return
	}
	e2e := a.crypto()
	// Without encryption, in an encrypted room the bot answers nothing,
	// not even a command a client sent in clear: it says once that it
	// cannot play there (encryptedNotice, after the batch) and ignores the
	// rest.
	if e2e == nil && a.roomEncrypted(evt.RoomID) {
		return
	}
	if e2e != nil && evt.Type == event.EventEncrypted {
		dec, err := e2e.decrypt(ctx, evt)
		if err != nil {
			a.log.Warn("matrix: decryption failed", "room", evt.RoomID, "event", evt.ID, "err", err)
			a.unreadable(ctx, evt)
			return
		}
		if dec == nil { // waiting for its key
			a.log.Debug("matrix: encrypted event waits for its key", "room", evt.RoomID, "event", evt.ID)
			return
		}
		a.log.Debug("matrix: decrypted", "room", evt.RoomID, "event", evt.ID, "type", dec.Type.Type)
		evt = dec
	}
	ref := a.app.Guard("matrix event", func() { a.handleEvent(ctx, evt) },
		"platform", Platform, "room", string(evt.RoomID), "user", string(evt.Sender), "event", string(evt.ID))
	if ref != "" && (evt.Type == event.EventMessage || evt.Type == event.EventReaction) {
		m := bot.Message{Text: a.app.PanicText(ref, ""), Ephemeral: true}
		if err := a.post(ctx, m, origin{room: evt.RoomID, event: evt.ID}); err != nil {
			a.log.Warn("matrix: internal-error answer", "room", evt.RoomID, "ref", ref, "err", err)
		}
	}
}

// handleEvent is the work of handle.
func (a *Adapter) handleEvent(ctx context.Context, evt *event.Event) {
	switch evt.Type {
	case event.EventEncrypted:
		a.encryptedNotice(ctx, evt.RoomID)
	case event.EventMessage:
		a.message(ctx, evt)
	case event.EventReaction:
		a.reaction(ctx, evt)
	}
}

func (a *Adapter) message(ctx context.Context, evt *event.Event) {
	if err := parse(evt); err != nil {
		return
	}
	c := evt.Content.AsMessage()
	// Notices are other bots talking; edits are not new commands.
	if c.MsgType != event.MsgText || c.RelatesTo.GetReplaceID() != "" {
		return
	}
	a.mu.Lock()
	_, direct := a.dmOf[evt.RoomID]
	a.mu.Unlock()
	text, ok := a.addr.command(bodyText(c), direct)
	if !ok {
		return
	}
	if direct && a.newGameInDM(ctx, evt, text) {
		return
	}
	req := bot.Request{
		Platform: Platform, Room: string(evt.RoomID), Thread: string(c.RelatesTo.GetThreadParent()),
		User: bot.User{ID: string(evt.Sender), Name: a.displayName(ctx, evt.RoomID, evt.Sender)},
		Text: text, InteractionID: string(evt.ID),
	}
	req.IsAdmin = a.isAdmin(ctx, evt.RoomID, evt.Sender, text)
	a.answer(ctx, req, origin{room: evt.RoomID, event: evt.ID, thread: c.RelatesTo.GetThreadParent()})
}

// reaction answers a number reaction under a message that listed
// options: it is the option's command, sent by the reacting user.
func (a *Adapter) reaction(ctx context.Context, evt *event.Event) {
	if err := parse(evt); err != nil {
		return
	}
	rel := evt.Content.AsReaction().RelatesTo
	n, ok := reactionNumber(rel.Key)
	if !ok || rel.Type != event.RelAnnotation {
		return
	}
	opts, err := a.choicesOf(rel.EventID)
	if err != nil || opts == nil || opts.Room != evt.RoomID || n >= len(opts.Choices) {
		return
	}
	text := opts.Choices[n].Command
	req := bot.Request{
		Platform: Platform, Room: string(evt.RoomID), Thread: string(opts.Thread),
		User: bot.User{ID: string(evt.Sender), Name: a.displayName(ctx, evt.RoomID, evt.Sender)},
		Text: text, InteractionID: string(evt.ID),
	}
	req.IsAdmin = a.isAdmin(ctx, evt.RoomID, evt.Sender, text)
	a.answer(ctx, req, origin{room: evt.RoomID, event: rel.EventID, thread: opts.Thread})
}

// displayName is the user's display name in the room (its localpart when
// the room does not say).
func (a *Adapter) displayName(ctx context.Context, roomID id.RoomID, user id.UserID) string {
	a.mu.Lock()
	name := a.room(roomID).names[user]
	a.mu.Unlock()
	if name != "" {
		return name
	}
	var m event.MemberEventContent
	if err := a.retry(ctx, "member", func() error {
		return a.cli.StateEvent(ctx, roomID, event.StateMember, string(user), &m)
	}); err == nil && m.Displayname != "" {
		name = m.Displayname
	} else {
		name = user.Localpart()
	}
	a.mu.Lock()
	a.room(roomID).names[user] = name
	a.mu.Unlock()
	return name
}

var gameWord = regexp.MustCompile(`(?i)^g[0-9]+$`)

// isAdmin reports whether user is a room administrator for the request:
// their power level, in the room of every game the text names (or else
// in the room itself), reaches AdminPowerLevel. Nobody is an
// administrator through the bot's direct rooms.
func (a *Adapter) isAdmin(ctx context.Context, roomID id.RoomID, user id.UserID, text string) bool {
	var rooms []id.RoomID
	for _, w := range strings.Fields(text) {
		if !gameWord.MatchString(w) {
			continue
		}
		if home, ok := a.gameRoom(strings.ToLower(w)); ok && !slices.Contains(rooms, home) {
			rooms = append(rooms, home)
		}
	}
	if len(rooms) == 0 {
		rooms = []id.RoomID{roomID}
	}
	for _, r := range rooms {
		a.mu.Lock()
		_, direct := a.dmOf[r]
		a.mu.Unlock()
		if direct || a.powerLevel(ctx, r, user) < a.cfg.AdminPowerLevel {
			return false
		}
	}
	return true
}

// powerLevel is user's power level in the room (from the sync, or asked
// of the homeserver the first time).
func (a *Adapter) powerLevel(ctx context.Context, roomID id.RoomID, user id.UserID) int {
	a.mu.Lock()
	pl := a.room(roomID).power
	a.mu.Unlock()
	if pl == nil {
		var got event.PowerLevelsEventContent
		if err := a.retry(ctx, "power levels", func() error {
			return a.cli.StateEvent(ctx, roomID, event.StatePowerLevels, "", &got)
		}); err != nil {
			a.log.Warn("matrix: power levels", "room", roomID, "err", err)
			return 0
		}
		pl = &got
		a.mu.Lock()
		a.room(roomID).power = pl
		a.mu.Unlock()
	}
	return pl.GetUserLevel(user)
}

// gameRoom is the Matrix room a game was created in.
func (a *Adapter) gameRoom(gameID string) (id.RoomID, bool) {
	meta, err := a.store.Meta(gameID)
	if err != nil {
		return "", false
	}
	for _, r := range meta.Rooms {
		rest, ok := strings.CutPrefix(r, Platform+":")
		if ok && !strings.Contains(rest, "/") {
			return id.RoomID(rest), true
		}
	}
	return "", false
}

// storedChoices are the options of a message the bot posted, kept for
// the number reactions that answer them.
type storedChoices struct {
	Room    id.RoomID    `json:"room"`
	Thread  id.EventID   `json:"thread,omitempty"`
	Choices []bot.Choice `json:"choices"`
	At      time.Time    `json:"at"`
}

// choicesKept is how long the options of a message answer reactions.
const choicesKept = 60 * 24 * time.Hour

// pruneChoices forgets the options of messages older than choicesKept.
func (a *Adapter) pruneChoices(now time.Time) error {
	kvs, err := a.store.Values(a.key + "choices/")
	if err != nil {
		return err
	}
	for _, kv := range kvs {
		var s storedChoices
		if json.Unmarshal(kv.Value, &s) == nil && now.Sub(s.At) < choicesKept {
			continue
		}
		if err := a.store.PutValue(kv.Key, nil); err != nil {
			return err
		}
	}
	return nil
}

func (a *Adapter) choicesOf(evt id.EventID) (*storedChoices, error) {
	raw, err := a.store.Value(a.key + "choices/" + string(evt))
	if err != nil || raw == nil {
		return nil, err
	}
	var s storedChoices
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// parse parses an event's content, once: a decrypted event, or one the
// crypto side has read first, is parsed already.
func parse(evt *event.Event) error {
	if err := evt.Content.ParseRaw(evt.Type); err != nil && !errors.Is(err, event.ErrContentAlreadyParsed) {
		return err
	}
	return nil
}
