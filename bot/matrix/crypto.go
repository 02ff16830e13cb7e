package matrix

// End-to-end encryption: Olm/Megolm with mautrix's crypto package (the
// copy in third_party/mautrixcrypto, which always uses the pure-Go Olm,
// so no build tag and no cgo), its SQL crypto store and SQL state store
// on a pure-Go SQLite driver (modernc.org/sqlite) in one file beside the
// bbolt file.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"go.mau.fi/util/dbutil"
	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"
	"maunium.net/go/mautrix/sqlstatestore"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go

	crypto "github.com/grognard/grognard/third_party/mautrixcrypto"
)

// defaultPickleKey encrypts the Olm account and sessions in the crypto
// store when the configuration gives no key (as mautrix's bridges do:
// the file's permissions protect it then).
const defaultPickleKey = "grognard: matrix end-to-end encryption store"

// e2ee is the adapter's encryption: the Olm machine, its stores, and the
// encrypted events waiting for their room key. It implements
// mautrix.CryptoHelper, so the client encrypts what it sends to an
// encrypted room.
type e2ee struct {
	db    *dbutil.Database
	state *sqlstatestore.SQLStateStore
	store *crypto.SQLCryptoStore
	mach  *crypto.OlmMachine
	cli   *mautrix.Client

	mu      sync.Mutex
	pending []*pendingEvent
}

// pendingEvent is an encrypted event whose room key has not arrived.
type pendingEvent struct {
	evt       *event.Event
	first     time.Time
	requested bool
}

// Unreadable waits: the key of an event that could not be decrypted is
// asked of the sender's devices after keyRequestAfter; the sender is told
// once that the message stays unreadable after unreadableAfter.
var (
	keyRequestAfter = 3 * time.Second
	unreadableAfter = time.Minute
)

// openCryptoDB opens (creating it) the SQLite file of the crypto and
// state stores. Every failure is an error: there is no in-memory
// fallback, which would make the bot a new device at every start.
func openCryptoDB(path string) (*dbutil.Database, error) {
	if path == "" {
		return nil, errors.New("matrix: encryption needs crypto-store, the path of its SQLite file")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("matrix: crypto store: %w", err)
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("matrix: crypto store %s: %w", path, err)
	}
	raw.SetMaxOpenConns(4)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := raw.ExecContext(ctx, "SELECT 1"); err != nil {
		raw.Close()
		return nil, fmt.Errorf("matrix: crypto store %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		raw.Close()
		return nil, fmt.Errorf("matrix: crypto store: %w", err)
	}
	db, err := dbutil.NewWithDB(raw, "sqlite")
	if err != nil {
		raw.Close()
		return nil, err
	}
	return db, nil
}

// newE2EE opens the stores (upgrading their tables) and returns the
// device id they hold ("" for a new store).
func newE2EE(ctx context.Context, cli *mautrix.Client, path string, pickleKey []byte) (*e2ee, id.DeviceID, error) {
	db, err := openCryptoDB(path)
	if err != nil {
		return nil, "", err
	}
	e := &e2ee{db: db, cli: cli}
	e.state = sqlstatestore.NewSQLStateStore(db, dbutil.NoopLogger, false)
	if err := e.state.Upgrade(ctx); err != nil {
		db.Close()
		return nil, "", fmt.Errorf("matrix: crypto store %s: state tables: %w", path, err)
	}
	e.store = crypto.NewSQLCryptoStore(db, dbutil.NoopLogger, "", "", pickleKey)
	if err := e.store.DB.Upgrade(ctx); err != nil {
		db.Close()
		return nil, "", fmt.Errorf("matrix: crypto store %s: crypto tables: %w", path, err)
	}
	dev, err := e.store.FindDeviceID(ctx)
	if err != nil {
		db.Close()
		return nil, "", fmt.Errorf("matrix: crypto store %s: %w", path, err)
	}
	return e, dev, nil
}

// start loads (or creates) the device's Olm account once the client is
// logged in as the store's device, and publishes its keys.
func (e *e2ee) start(ctx context.Context, stored id.DeviceID, verifiedOnly bool) error {
	if stored != "" && stored != e.cli.DeviceID {
		return fmt.Errorf("matrix: the crypto store holds the keys of device %s but the bot is logged in as device %s: log in as %s (device-id), or move the crypto store away to start a new device",
			stored, e.cli.DeviceID, stored)
	}
	e.store.DeviceID = e.cli.DeviceID
	e.cli.StateStore = e.state
	log := zerolog.Nop()
	e.mach = crypto.NewOlmMachine(e.cli, &log, e.store, e.state)
	if verifiedOnly {
		e.mach.SendKeysMinTrust = id.TrustStateCrossSignedTOFU
	}
	if err := e.mach.Load(ctx); err != nil {
		return fmt.Errorf("matrix: load the Olm account: %w", err)
	}
	resp, err := e.cli.QueryKeys(ctx, &mautrix.ReqQueryKeys{DeviceKeys: map[id.UserID]mautrix.DeviceIDList{e.cli.UserID: {e.cli.DeviceID}}})
	if err != nil {
		return fmt.Errorf("matrix: query the bot's own device keys: %w", err)
	}
	own := e.mach.OwnIdentity()
	device, ok := resp.DeviceKeys[e.cli.UserID][e.cli.DeviceID]
	switch {
	case !ok || len(device.Keys) == 0:
		if e.mach.GetAccount().Shared {
			return fmt.Errorf("matrix: the keys of device %s have disappeared from the homeserver", e.cli.DeviceID)
		}
		if err := e.mach.ShareKeys(ctx, -1); err != nil {
			return fmt.Errorf("matrix: publish the device keys: %w", err)
		}
	case !e.mach.GetAccount().Shared:
		return fmt.Errorf("matrix: device %s already has keys on the homeserver that are not those of the crypto store: use a new device-id, or the crypto store of that device", e.cli.DeviceID)
	case device.Keys.GetEd25519(e.cli.DeviceID) != own.SigningKey:
		return fmt.Errorf("matrix: the homeserver's identity key of device %s is not the crypto store's", e.cli.DeviceID)
	}
	e.cli.Crypto = e
	return nil
}

// close closes the stores. The client keeps them as its Crypto and
// StateStore: what it is asked to send afterwards fails (the database is
// closed) rather than going in clear into an encrypted room.
func (e *e2ee) close() error {
	return e.db.Close()
}

// noteState keeps the state store (encryption, members) up to date and
// tells the Olm machine about membership and history changes: a member
// leaving rotates the room's outbound session.
func (e *e2ee) noteState(ctx context.Context, evt *event.Event) {
	if evt.StateKey == nil {
		return
	}
	if evt.Content.Parsed == nil {
		_ = evt.Content.ParseRaw(evt.Type)
	}
	mautrix.UpdateStateStore(ctx, e.state, evt)
	switch evt.Type {
	case event.StateMember:
		e.mach.HandleMemberEvent(ctx, evt)
	case event.StateHistoryVisibility:
		e.mach.HandleHistoryVisibility(ctx, evt)
	}
}

func (e *e2ee) encrypted(ctx context.Context, room id.RoomID) bool {
	ok, err := e.state.IsEncrypted(ctx, room)
	return err == nil && ok
}

// Encrypt encrypts content for the room, sharing a new Megolm session
// with the members' devices first when needed (mautrix.CryptoHelper).
func (e *e2ee) Encrypt(ctx context.Context, room id.RoomID, typ event.Type, content any) (*event.EncryptedEventContent, error) {
	enc, err := e.mach.EncryptMegolmEvent(ctx, room, typ, content)
	if err == nil || (!errors.Is(err, crypto.ErrSessionExpired) && !errors.Is(err, crypto.ErrNoGroupSession) && !errors.Is(err, crypto.ErrSessionNotShared)) {
		return enc, err
	}
	users, err := e.state.GetRoomJoinedOrInvitedMembers(ctx, room)
	if err != nil {
		return nil, fmt.Errorf("room members: %w", err)
	}
	if err := e.mach.ShareGroupSession(ctx, room, users); err != nil {
		return nil, fmt.Errorf("share the room key: %w", err)
	}
	return e.mach.EncryptMegolmEvent(ctx, room, typ, content)
}

// Decrypt decrypts a Megolm event (mautrix.CryptoHelper).
func (e *e2ee) Decrypt(ctx context.Context, evt *event.Event) (*event.Event, error) {
	return e.mach.DecryptMegolmEvent(ctx, evt)
}

func (e *e2ee) WaitForSession(ctx context.Context, room id.RoomID, key id.SenderKey, session id.SessionID, timeout time.Duration) bool {
	return e.mach.WaitForSession(ctx, room, key, session, timeout)
}

func (e *e2ee) RequestSession(ctx context.Context, room id.RoomID, key id.SenderKey, session id.SessionID, user id.UserID, device id.DeviceID) {
	if device == "" {
		device = "*"
	}
	_ = e.mach.SendRoomKeyRequest(ctx, room, key, session, "", map[id.UserID][]id.DeviceID{user: {device}, e.cli.UserID: {"*"}})
}

func (e *e2ee) Init(context.Context) error { return nil }

// decrypt returns the decrypted event, or nil when it cannot be read
// yet: then it waits (pending) for its room key.
func (e *e2ee) decrypt(ctx context.Context, evt *event.Event) (*event.Event, error) {
	_ = evt.Content.ParseRaw(evt.Type)
	dec, err := e.mach.DecryptMegolmEvent(ctx, evt)
	if err == nil {
		return dec, nil
	}
	if errors.Is(err, crypto.ErrNoSessionFound) {
		e.mu.Lock()
		e.pending = append(e.pending, &pendingEvent{evt: evt, first: time.Now()})
		e.mu.Unlock()
		return nil, nil
	}
	return nil, err
}

// retryPending tries the events waiting for their key again: it returns
// those now readable (decrypted) and those given up (still encrypted);
// it asks the sender's devices for the keys still missing after
// keyRequestAfter.
func (e *e2ee) retryPending(ctx context.Context, now time.Time) (ready, unreadable []*event.Event) {
	e.mu.Lock()
	pending := e.pending
	e.pending = nil
	e.mu.Unlock()
	var keep []*pendingEvent
	for _, p := range pending {
		dec, err := e.mach.DecryptMegolmEvent(ctx, p.evt)
		switch {
		case err == nil:
			ready = append(ready, dec)
			continue
		case !errors.Is(err, crypto.ErrNoSessionFound) || now.Sub(p.first) >= unreadableAfter:
			unreadable = append(unreadable, p.evt)
			continue
		}
		if !p.requested && now.Sub(p.first) >= keyRequestAfter {
			c := p.evt.Content.AsEncrypted()
			e.RequestSession(ctx, p.evt.RoomID, c.SenderKey, c.SessionID, p.evt.Sender, c.DeviceID)
			p.requested = true
		}
		keep = append(keep, p)
	}
	e.mu.Lock()
	e.pending = append(keep, e.pending...)
	e.mu.Unlock()
	return ready, unreadable
}

// waiting reports whether events wait for their keys.
func (e *e2ee) waiting() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.pending) > 0
}
