package discord

import (
	"fmt"
	"log/slog"
	"net/url"
	"strings"
)

// TokenEnv is the environment variable that holds the bot token; when
// set, it wins over the configuration file's token.
const TokenEnv = "GROGNARD_DISCORD_TOKEN"

// Config is the [discord] section of grognard's configuration file.
//
// The token is a secret: Config prints (String, GoString, slog) without
// it, and the adapter never logs it.
type Config struct {
	// Token is the bot token from the Developer Portal (Bot → Reset
	// Token). Prefer the GROGNARD_DISCORD_TOKEN environment variable.
	Token string `toml:"token"`
	// ApplicationID is the application's id (General Information →
	// Application ID); empty: taken from the gateway's READY.
	ApplicationID string `toml:"application-id"`
	// DevGuilds are servers (guild ids) to register the slash commands
	// in, instantly, instead of globally (global commands can take a
	// while to appear everywhere): for testing a new version.
	DevGuilds []string `toml:"dev-guilds"`
	// Threads opens a thread per game under the message that created it,
	// and keeps the game's messages there.
	Threads bool `toml:"threads"`
	// AdminRole is the id of a role whose members are room administrators,
	// besides members with the Manage Server permission.
	AdminRole string `toml:"admin-role"`
	// ShardID and ShardCount split the gateway between processes
	// (docs/scale-out.md): this process identifies as shard ShardID of
	// ShardCount and receives the events of the guilds whose
	// (guild_id >> 22) % ShardCount is ShardID; Discord sends every DM
	// interaction to shard 0. ShardCount 0 or 1: one process, unsharded.
	ShardID    int `toml:"shard-id"`
	ShardCount int `toml:"shard-count"`
	// APIURL sends the requests for discord.com to another address ("":
	// Discord itself): a REST proxy that shares rate limits between the
	// processes of a sharded bot, or a fake Discord in tests. The gateway
	// is the one the API's GET /gateway names.
	APIURL string `toml:"api-url"`
}

// Sharded reports whether the gateway is split between processes.
func (c Config) Sharded() bool { return c.ShardCount > 1 }

// DefaultConfig is the configuration without a file: no token (the
// adapter is off), threads on.
func DefaultConfig() Config { return Config{Threads: true} }

// WithEnv returns the configuration with the token from TokenEnv when
// getenv (os.Getenv) has one.
func (c Config) WithEnv(getenv func(string) string) Config {
	if t := strings.TrimSpace(getenv(TokenEnv)); t != "" {
		c.Token = t
	}
	return c
}

// Enabled reports whether a token is configured: only then does grognard
// serve connect to Discord.
func (c Config) Enabled() bool { return strings.TrimSpace(c.Token) != "" }

// Validate checks the ids. It never quotes the token.
func (c Config) Validate() error {
	var bad []string
	if c.Enabled() {
		t := strings.TrimSpace(c.Token)
		if strings.HasPrefix(t, "Bot ") || strings.ContainsAny(t, " \t\n") {
			bad = append(bad, "discord.token must be the bare token, without \"Bot \" or spaces")
		}
	}
	if c.ApplicationID != "" && !snowflake(c.ApplicationID) {
		bad = append(bad, fmt.Sprintf("discord.application-id %q is not a Discord id (digits)", c.ApplicationID))
	}
	for _, g := range c.DevGuilds {
		if !snowflake(g) {
			bad = append(bad, fmt.Sprintf("discord.dev-guilds: %q is not a Discord id (digits)", g))
		}
	}
	if c.AdminRole != "" && !snowflake(c.AdminRole) {
		bad = append(bad, fmt.Sprintf("discord.admin-role %q is not a role id (digits; Developer Mode → right-click the role → Copy Role ID)", c.AdminRole))
	}
	if c.APIURL != "" {
		switch u, err := url.Parse(c.APIURL); {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			bad = append(bad, "discord.api-url is not an http(s) URL such as https://proxy.example.org")
		case u.User != nil:
			// The requests carry the bot's token, never this; a secret
			// here would only end up in error messages.
			bad = append(bad, fmt.Sprintf("discord.api-url %q holds a user or password, which is not sent: remove it", u.Redacted()))
		}
	}
	switch {
	case c.ShardCount < 0:
		bad = append(bad, fmt.Sprintf("discord.shard-count is %d (want 0 or 1 for one process, or the number of shards)", c.ShardCount))
	case c.ShardID < 0 || c.ShardID >= max(c.ShardCount, 1):
		bad = append(bad, fmt.Sprintf("discord.shard-id is %d (want 0 to shard-count - 1 = %d)", c.ShardID, max(c.ShardCount, 1)-1))
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s", strings.Join(bad, "; "))
	}
	return nil
}

func snowflake(s string) bool {
	if len(s) < 1 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// redacted describes the token without showing it.
func (c Config) redacted() string {
	if c.Enabled() {
		return "[set]"
	}
	return "[none]"
}

// String prints the configuration without the token.
func (c Config) String() string {
	return fmt.Sprintf("discord{token:%s application-id:%s dev-guilds:%v threads:%v admin-role:%s shard:%d/%d}",
		c.redacted(), c.ApplicationID, c.DevGuilds, c.Threads, c.AdminRole, c.ShardID, max(c.ShardCount, 1))
}

// GoString is String, so that %#v does not print the token either.
func (c Config) GoString() string { return c.String() }

// LogValue logs the configuration without the token.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(slog.String("token", c.redacted()), slog.String("application-id", c.ApplicationID),
		slog.Any("dev-guilds", c.DevGuilds), slog.Bool("threads", c.Threads), slog.String("admin-role", c.AdminRole),
		slog.Int("shard-id", c.ShardID), slog.Int("shard-count", max(c.ShardCount, 1)))
}
