package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
)

// Platform is the platform name the adapter gives the bot: rooms and users
// are stored as "matrix:!room:server" and "matrix:@user:server".
const Platform = "matrix"

// Limits are what a Matrix message carries: long texts, threads, no
// buttons but number reactions for up to ten options, no ephemeral
// replies (they are posted as replies in the room).
var Limits = bot.Limits{MaxText: 16000, Threads: true, Buttons: len(numberKeys)}

// Adapter connects one bot account to the App: it syncs, turns messages
// and reactions into requests, and posts the responses.
type Adapter struct {
	cfg   Config
	app   *bot.App
	store Store
	log   *slog.Logger
	cli   *mautrix.Client
	e2e   *e2ee // nil: no encryption (Config.CryptoStore empty, or not running)
	me    id.UserID
	key   string // "matrix/<me>/": the prefix of the adapter's stored values
	addr  addressing

	mu    sync.Mutex
	dmMu  sync.Mutex // one direct room created at a time
	rooms map[id.RoomID]*roomInfo
	dms   map[id.UserID]id.RoomID // the bot's direct room with each user
	dmOf  map[id.RoomID]id.UserID

	txn       atomic.Int64
	txnPrefix string
	limited   atomic.Int64
	// lastLimited is when the homeserver last answered M_LIMIT_EXCEEDED
	// (Unix nanoseconds; 0: never).
	lastLimited atomic.Int64
	synced      chan struct{}
	syncOnce    sync.Once

	healthMu  sync.Mutex
	syncErr   error     // the last sync's failure, nil after a success
	syncSince time.Time // when the syncs began failing
}

// roomInfo is what the adapter remembers of a room from the sync.
type roomInfo struct {
	power     *event.PowerLevelsEventContent
	names     map[id.UserID]string
	encrypted bool
}

// New returns an adapter for the App on the store. It does not connect:
// Run logs in and syncs.
func New(cfg Config, app *bot.App, store Store) (*Adapter, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if app == nil || store == nil {
		return nil, errors.New("matrix: New needs an App and a Store")
	}
	cli, err := mautrix.NewClient(cfg.Homeserver, id.UserID(cfg.UserID), "")
	if err != nil {
		return nil, fmt.Errorf("matrix: homeserver: %w", err)
	}
	if cfg.HTTPClient != nil {
		cli.Client = cfg.HTTPClient
	}
	cli.Log = zerolog.Nop()
	cli.IgnoreRateLimit = true // M_LIMIT_EXCEEDED is honoured by retry, with retry_after_ms
	cli.DefaultHTTPRetries = 0
	me := id.UserID(cfg.UserID)
	a := &Adapter{
		cfg: cfg, app: app, store: store, log: cfg.Logger, cli: cli, me: me,
		key:   "matrix/" + string(me) + "/",
		addr:  addressing{prefix: cfg.Prefix, me: me, names: []string{me.Localpart()}},
		rooms: map[id.RoomID]*roomInfo{}, dms: map[id.UserID]id.RoomID{}, dmOf: map[id.RoomID]id.UserID{},
		txnPrefix: fmt.Sprintf("grognard.%d.", time.Now().UnixNano()),
		synced:    make(chan struct{}),
	}
	lim := Limits
	lim.Mention = mentionID(me.Homeserver())
	app.SetLimits(Platform, lim)
	app.SetDeliverer(Platform, a.Deliver)
	// A game's administrators are those of its home room (bot/authority.go):
	// the power level there, whatever room the command comes from.
	app.SetAuthority(Platform, func(ctx context.Context, room, user string) bool {
		r := id.RoomID(room)
		a.mu.Lock()
		_, direct := a.dmOf[r]
		a.mu.Unlock()
		return !direct && a.powerLevel(ctx, r, id.UserID(user)) >= a.cfg.AdminPowerLevel
	})
	return a, nil
}

// UserID is the bot's Matrix id.
func (a *Adapter) UserID() id.UserID { return a.me }

// Synced is closed once the first sync has been handled: from then on
// the bot answers.
func (a *Adapter) Synced() <-chan struct{} { return a.synced }

// Health reports whether the adapter syncs: an error before the first
// sync succeeded, or while the syncs fail (the homeserver is down or
// unreachable), nil otherwise.
func (a *Adapter) Health() error {
	a.healthMu.Lock()
	defer a.healthMu.Unlock()
	if a.syncErr != nil {
		return fmt.Errorf("the syncs have failed since %s: %w", a.syncSince.UTC().Format(time.RFC3339), a.syncErr)
	}
	select {
	case <-a.synced:
		return nil
	default:
		return errors.New("not synced yet")
	}
}

func (a *Adapter) noteSync(err error) {
	a.healthMu.Lock()
	defer a.healthMu.Unlock()
	if err != nil && a.syncErr == nil {
		a.syncSince = time.Now()
	}
	a.syncErr = err
}

// wantReactions reports whether the bot puts the number reactions under
// a message with options itself: when configured, and while the
// homeserver has not rate-limited it for reactionsQuiet. Each reaction is
// an event, and a player can always answer with the number ("!g 2") or
// react with it himself.
func (a *Adapter) wantReactions() bool {
	if a.cfg.NoReactions {
		return false
	}
	last := a.lastLimited.Load()
	return last == 0 || time.Since(time.Unix(0, last)) > reactionsQuiet
}

// reactionsQuiet is how long after an M_LIMIT_EXCEEDED the bot puts no
// reactions of its own.
const reactionsQuiet = 30 * time.Minute

// RateLimited counts the M_LIMIT_EXCEEDED answers the adapter waited out.
func (a *Adapter) RateLimited() int64 { return a.limited.Load() }

// session is a login stored in the bbolt file.
type session struct {
	AccessToken string `json:"access_token"`
	DeviceID    string `json:"device_id,omitempty"`
}

// login sets the client's access token: the configured one, the stored
// one, or a new one from a password login (then stored).
// storedDevice is the device whose keys the crypto store holds ("": none).
func (a *Adapter) login(ctx context.Context, storedDevice id.DeviceID) error {
	var stored session
	if raw, err := a.store.Value(a.key + "session"); err != nil {
		return err
	} else if raw != nil {
		if err := json.Unmarshal(raw, &stored); err != nil {
			return fmt.Errorf("matrix: stored session: %w", err)
		}
	}
	tryToken := func(tok string, dev id.DeviceID) error {
		a.cli.AccessToken, a.cli.DeviceID = tok, dev
		var who *mautrix.RespWhoami
		err := a.retry(ctx, "whoami", func() (err error) { who, err = a.cli.Whoami(ctx); return })
		if err != nil {
			return err
		}
		if who.UserID != a.me {
			return fmt.Errorf("matrix: the access token belongs to %s, not to user-id %s", who.UserID, a.me)
		}
		if who.DeviceID != "" {
			a.cli.DeviceID = who.DeviceID
		}
		if a.cfg.DeviceID != "" && a.cli.DeviceID != id.DeviceID(a.cfg.DeviceID) {
			return fmt.Errorf("matrix: the access token belongs to device %s, not to device-id %s", a.cli.DeviceID, a.cfg.DeviceID)
		}
		return nil
	}
	switch {
	case a.cfg.AccessToken != "":
		if err := tryToken(a.cfg.AccessToken, ""); err != nil {
			return fmt.Errorf("matrix: access-token: %w", err)
		}
		return nil
	case stored.AccessToken != "":
		err := tryToken(stored.AccessToken, id.DeviceID(stored.DeviceID))
		if err == nil {
			return nil
		}
		if !errors.Is(err, mautrix.MUnknownToken) || a.cfg.Password == "" {
			return fmt.Errorf("matrix: stored access token: %w", err)
		}
		a.log.Warn("matrix: the stored access token is no longer valid; logging in with the password again")
	case a.cfg.Password == "":
		return errors.New("matrix: no credentials: set access-token, or password to log in once (the token is then kept in the store)")
	}
	device := id.DeviceID(a.cfg.DeviceID)
	if device == "" {
		device = storedDevice
	}
	if device == "" {
		device = id.DeviceID(stored.DeviceID)
	}
	var resp *mautrix.RespLogin
	err := a.retry(ctx, "login", func() (err error) {
		resp, err = a.cli.Login(ctx, &mautrix.ReqLogin{
			Type:                     mautrix.AuthTypePassword,
			Identifier:               mautrix.UserIdentifier{Type: mautrix.IdentifierTypeUser, User: string(a.me)},
			Password:                 a.cfg.Password,
			DeviceID:                 device,
			InitialDeviceDisplayName: a.cfg.DeviceName,
			StoreCredentials:         true,
		})
		return
	})
	if err != nil {
		return fmt.Errorf("matrix: password login as %s: %w", a.me, err)
	}
	raw, _ := json.Marshal(session{AccessToken: resp.AccessToken, DeviceID: string(resp.DeviceID)})
	if err := a.store.PutValue(a.key+"session", raw); err != nil {
		return err
	}
	a.log.Info("matrix: logged in with the password; the access token is stored", "user", a.me, "device", resp.DeviceID)
	return nil
}

// Run logs in and syncs until ctx is done; then it lets the /sync request
// in flight finish (at most 6 s), handles the batch in hand, stores the
// sync position and returns nil. It returns an error when the login fails
// or the token is revoked.
func (a *Adapter) Run(ctx context.Context) error {
	var e2e *e2ee
	var storedDevice id.DeviceID
	if a.cfg.CryptoStore != "" {
		pickle := a.cfg.PickleKey
		if pickle == "" {
			pickle = defaultPickleKey
		}
		var err error
		if e2e, storedDevice, err = newE2EE(ctx, a.cli, a.cfg.CryptoStore, []byte(pickle)); err != nil {
			return err
		}
		defer func() {
			a.mu.Lock()
			a.e2e = nil
			a.mu.Unlock()
			if err := e2e.close(); err != nil {
				a.log.Warn("matrix: closing the crypto store", "err", err)
			}
		}()
	}
	if err := a.login(ctx, storedDevice); err != nil {
		return err
	}
	if e2e != nil {
		if err := e2e.start(ctx, storedDevice, a.cfg.VerifiedDevicesOnly); err != nil {
			return err
		}
		a.mu.Lock()
		a.e2e = e2e
		a.mu.Unlock()
		a.log.Info("matrix: end-to-end encryption on", "device", a.cli.DeviceID, "store", a.cfg.CryptoStore)
	}
	if err := a.loadDMs(); err != nil {
		return err
	}
	if err := a.pruneChoices(time.Now()); err != nil {
		return err
	}
	if name, err := a.cli.GetOwnDisplayName(ctx); err == nil && name.DisplayName != "" && !strings.EqualFold(name.DisplayName, a.me.Localpart()) &&
		!slices.Contains(a.addr.names, name.DisplayName) {
		a.addr.names = append(a.addr.names, name.DisplayName)
	}
	filter := &mautrix.Filter{
		Presence:    &mautrix.FilterPart{NotTypes: []event.Type{{Type: "*"}}},
		AccountData: &mautrix.FilterPart{NotTypes: []event.Type{{Type: "*"}}},
		Room: &mautrix.RoomFilter{
			Timeline:  &mautrix.FilterPart{Limit: timelineLimit},
			Ephemeral: &mautrix.FilterPart{NotTypes: []event.Type{{Type: "*"}}},
		},
	}
	// The filter goes inline with every /sync: nothing to create on the
	// server first.
	inline, err := json.Marshal(filter)
	if err != nil {
		return err
	}
	filterID := string(inline)
	raw, err := a.store.Value(a.key + "next-batch")
	if err != nil {
		return err
	}
	since := string(raw)
	if e2e != nil && storedDevice == "" && since != "" {
		// Encryption turned on for a bot that already syncs: the stored
		// position will not repeat the rooms' state, which the new state
		// store needs (encryption, members).
		if err := a.seedState(ctx, e2e); err != nil {
			return err
		}
	}
	a.log.Info("matrix: syncing", "user", a.me, "resume", since != "")
	backoff := time.Second
	wait := time.Duration(0) // the first sync catches up at once
	for ctx.Err() == nil {
		resp, err := a.sync(ctx, mautrix.ReqSync{Timeout: int(wait / time.Millisecond), Since: since, FilterID: filterID})
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			if errors.Is(err, mautrix.MUnknownToken) {
				return fmt.Errorf("matrix: the access token was revoked: %w", err)
			}
			a.noteSync(err)
			a.log.Warn("matrix: sync failed", "err", err, "retry_in", backoff)
			select {
			case <-time.After(backoff):
			case <-ctx.Done():
			}
			backoff = min(backoff*2, time.Minute)
			continue
		}
		backoff = time.Second
		a.noteSync(nil)
		// The batch in hand is finished even when ctx ends meanwhile, so
		// that the stored position never skips or repeats it.
		work, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Minute)
		// A panic in the adapter's code is recovered and logged with a
		// reference (App.Guard); each event is guarded too (handle).
		a.app.Guard("matrix sync", func() { a.process(work, resp, since) }, "platform", Platform)
		cancel()
		since = resp.NextBatch
		if err := a.store.PutValue(a.key+"next-batch", []byte(since)); err != nil {
			return fmt.Errorf("matrix: store the sync position: %w", err)
		}
		a.syncOnce.Do(func() { close(a.synced) })
		wait = a.cfg.SyncTimeout
		if e2e != nil && e2e.waiting() {
			wait = min(wait, 2*time.Second) // come back soon for the keys awaited
		}
	}
	return nil
}

// sync runs one /sync request. When ctx ends meanwhile, the request is
// given the rest of its long-poll (at most 5 s more) to finish rather than
// being cut: a homeserver may mishandle a request cancelled while it reads
// its database (Dendrite on SQLite can be left with a stuck transaction).
// An answer that arrives in that time is returned and handled.
func (a *Adapter) sync(ctx context.Context, req mautrix.ReqSync) (*mautrix.RespSync, error) {
	reqCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	type result struct {
		resp *mautrix.RespSync
		err  error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		r.err = a.retry(reqCtx, "sync", func() (err error) {
			r.resp, err = a.cli.FullSyncRequest(reqCtx, req)
			return
		})
		done <- r
	}()
	select {
	case r := <-done:
		return r.resp, r.err
	case <-ctx.Done():
	}
	grace := time.Duration(req.Timeout)*time.Millisecond + time.Second
	select {
	case r := <-done:
		return r.resp, r.err
	case <-time.After(min(grace, 6*time.Second)):
		cancel()
		<-done
		return nil, ctx.Err()
	}
}

// retry runs f until it does not answer M_LIMIT_EXCEEDED, waiting the
// retry_after_ms the homeserver asks for (or its Retry-After header, or
// one second) between attempts; at most 10 attempts. A server error
// (HTTP 500 to 504) is tried again twice, after 0.25 s and 1 s.
func (a *Adapter) retry(ctx context.Context, what string, f func() error) error {
	failures := 0
	for attempt := 1; ; attempt++ {
		err := f()
		wait, limited := retryAfter(err)
		if !limited && serverError(err) && failures < 2 {
			failures++
			wait = time.Duration(failures*failures) * 250 * time.Millisecond
			a.log.Warn("matrix: homeserver error; trying again", "call", what, "err", err, "in", wait)
		} else if !limited || attempt >= 10 {
			return err
		} else {
			a.limited.Add(1)
			a.lastLimited.Store(time.Now().UnixNano())
			a.log.Warn("matrix: rate limited by the homeserver", "call", what, "retry_after", wait, "attempt", attempt)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// retryAfter reads an M_LIMIT_EXCEEDED error: how long to wait.
func retryAfter(err error) (time.Duration, bool) {
	var he mautrix.HTTPError
	if err == nil || !errors.As(err, &he) || he.RespError == nil || he.RespError.ErrCode != mautrix.MLimitExceeded.ErrCode {
		return 0, false
	}
	wait := time.Second
	if ms, ok := he.RespError.ExtraData["retry_after_ms"].(float64); ok && ms >= 0 {
		wait = time.Duration(ms) * time.Millisecond
	} else if he.Response != nil {
		var s int
		if _, err := fmt.Sscanf(he.Response.Header.Get("Retry-After"), "%d", &s); err == nil && s >= 0 {
			wait = time.Duration(s) * time.Second
		}
	}
	return min(wait, 5*time.Minute), true
}

// serverError reports an HTTP 500 to 504 answer.
func serverError(err error) bool {
	var he mautrix.HTTPError
	if err == nil || !errors.As(err, &he) || he.Response == nil {
		return false
	}
	return he.Response.StatusCode >= 500 && he.Response.StatusCode <= 504
}

// nextTxn is a transaction id unique to this process, kept across the
// retries of one send so the homeserver stores the event once.
func (a *Adapter) nextTxn() string {
	return a.txnPrefix + fmt.Sprint(a.txn.Add(1))
}

// seedState feeds the crypto side's state store with the state of every
// room the bot is in, from a full sync whose position and timelines are
// not used.
func (a *Adapter) seedState(ctx context.Context, e2e *e2ee) error {
	inline, err := json.Marshal(&mautrix.Filter{Room: &mautrix.RoomFilter{Timeline: &mautrix.FilterPart{Limit: 1}}})
	if err != nil {
		return err
	}
	var resp *mautrix.RespSync
	if err := a.retry(ctx, "sync", func() (err error) {
		resp, err = a.cli.FullSyncRequest(ctx, mautrix.ReqSync{FilterID: string(inline), FullState: true})
		return
	}); err != nil {
		return fmt.Errorf("matrix: the rooms' state for the new crypto store: %w", err)
	}
	for roomID, room := range resp.Rooms.Join {
		for _, evt := range append(room.State.Events, room.Timeline.Events...) {
			evt.RoomID = roomID
			e2e.noteState(ctx, evt)
		}
	}
	return nil
}
