package matrix

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/storage"
)

// ThreadMode says when a game gets its own thread.
type ThreadMode string

const (
	// ThreadsAuto opens a thread for a new game when the room already has
	// a game in progress (several games share the room).
	ThreadsAuto ThreadMode = "auto"
	// ThreadsAlways opens a thread for every new game.
	ThreadsAlways ThreadMode = "always"
	// ThreadsNever keeps every game in the room's main timeline.
	ThreadsNever ThreadMode = "never"
)

// Config is the Matrix adapter's configuration.
type Config struct {
	// Homeserver is the client-server API base URL ("https://matrix.example.org").
	Homeserver string
	// UserID is the bot's account ("@grognard:example.org").
	UserID string
	// AccessToken logs in. Without one, a token stored by an earlier
	// password login is used; without that, Password logs in once and the
	// token is stored in the bbolt file.
	AccessToken string
	Password    string
	// DeviceName names the device a password login creates (default "grognard").
	DeviceName string
	// DeviceID is the bot's device: a password login asks for it (default:
	// the crypto store's device, or a new one), and a token must belong to
	// it. Optional.
	DeviceID string
	// CryptoStore turns end-to-end encryption on: the path of the SQLite
	// file (pure-Go driver) that keeps the device's Olm account, the room
	// keys and the rooms' encryption state. It must stay with the device:
	// a new file is a new device, which cannot read what was sent before.
	// Empty: no encryption (the bot says in an encrypted room that it
	// cannot read it).
	CryptoStore string
	// PickleKey encrypts the keys inside the crypto store (default: a
	// fixed key, the file's permissions protecting it). A secret.
	PickleKey string
	// VerifiedDevicesOnly: the room keys of what the bot sends go only to
	// devices cross-signed by their owner, not to unverified devices
	// (default false: every device of the room's members).
	VerifiedDevicesOnly bool
	// Prefix starts a command ("!g new gs-1"); default "!g". Mentioning
	// the bot at the start of a message works too.
	Prefix string
	// AllowInvites lists who may invite the bot into a room: user ids
	// ("@alice:example.org"), server names ("example.org": every user of
	// that server) or "*" (anyone). Invites from anyone else are refused.
	AllowInvites []string
	// AdminPowerLevel is the room power level from which a member is a
	// room administrator for the bot (adjudicate, swap, room language …);
	// default 50 (moderator).
	AdminPowerLevel int
	// Threads: when a game gets its own thread (default auto).
	Threads ThreadMode
	// NoReactions: the bot does not put the number reactions under a
	// decision itself (players may still react with them).
	NoReactions bool
	// Lang is the language of the adapter's own notices (default en).
	Lang bot.Lang
	// HTTPClient talks to the homeserver (default: mautrix's client).
	HTTPClient *http.Client
	Logger     *slog.Logger
	// SyncTimeout is the long-poll timeout of /sync (default 30 s).
	SyncTimeout time.Duration
}

// Store is what the adapter needs of the bbolt store; *storage.Store
// implements it. It keeps its own values under "matrix/<bot user id>/…":
// the session, the sync position, direct rooms, game threads and the
// options of pending decisions (for reactions).
type Store interface {
	PutValue(key string, val []byte) error
	Value(key string) ([]byte, error)
	Values(prefix string) ([]storage.KeyValue, error)
	GamesInRoom(room string) ([]string, error)
	Meta(gameID string) (storage.GameMeta, error)
}

// withDefaults fills the defaults and checks every field.
func (c Config) withDefaults() (Config, error) {
	if c.DeviceName == "" {
		c.DeviceName = "grognard"
	}
	if c.Prefix == "" {
		c.Prefix = "!g"
	}
	if c.AdminPowerLevel <= 0 {
		c.AdminPowerLevel = 50
	}
	if c.Threads == "" {
		c.Threads = ThreadsAuto
	}
	if c.Lang == "" {
		c.Lang = bot.EN
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.SyncTimeout <= 0 {
		c.SyncTimeout = 30 * time.Second
	}
	return c, c.check()
}

func (c Config) check() error {
	var bad []string
	if u, err := url.Parse(c.Homeserver); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad = append(bad, fmt.Sprintf("homeserver %q is not an http(s) URL", c.Homeserver))
	}
	if _, _, err := id.UserID(c.UserID).Parse(); err != nil || !strings.HasPrefix(c.UserID, "@") {
		bad = append(bad, fmt.Sprintf("user-id %q is not a Matrix user id (@name:server)", c.UserID))
	}
	if strings.ContainsAny(c.DeviceID, " \t\n/") {
		bad = append(bad, fmt.Sprintf("device-id %q contains a space or a slash", c.DeviceID))
	}
	if strings.ContainsAny(c.Prefix, " \t\n") {
		bad = append(bad, fmt.Sprintf("prefix %q contains a space", c.Prefix))
	}
	switch c.Threads {
	case ThreadsAuto, ThreadsAlways, ThreadsNever:
	default:
		bad = append(bad, fmt.Sprintf("threads %q (want auto, always or never)", c.Threads))
	}
	if _, ok := bot.ParseLang(string(c.Lang)); !ok {
		bad = append(bad, fmt.Sprintf("language %q (want en or fr)", c.Lang))
	}
	for _, a := range c.AllowInvites {
		if !validAllow(a) {
			bad = append(bad, fmt.Sprintf("allow-invites entry %q (want @user:server, a server name, or *)", a))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("matrix: %s", strings.Join(bad, "; "))
	}
	return nil
}

func validAllow(a string) bool {
	switch {
	case a == "*":
		return true
	case strings.HasPrefix(a, "@"):
		_, _, err := id.UserID(a).Parse()
		return err == nil
	default:
		return a != "" && !strings.ContainsAny(a, " @/")
	}
}

// mayInvite reports whether user may invite the bot.
func (c Config) mayInvite(user id.UserID) bool {
	for _, a := range c.AllowInvites {
		switch {
		case a == "*":
			return true
		case strings.HasPrefix(a, "@"):
			if strings.EqualFold(a, string(user)) {
				return true
			}
		default:
			if strings.EqualFold(a, user.Homeserver()) {
				return true
			}
		}
	}
	return false
}

// Validate checks the configuration as New does, without connecting.
func (c Config) Validate() error {
	_, err := c.withDefaults()
	return err
}
