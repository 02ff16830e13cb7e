package discord

import (
	"fmt"
	"log/slog"
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
}

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
	return fmt.Sprintf("discord{token:%s application-id:%s dev-guilds:%v threads:%v admin-role:%s}",
		c.redacted(), c.ApplicationID, c.DevGuilds, c.Threads, c.AdminRole)
}

// GoString is String, so that %#v does not print the token either.
func (c Config) GoString() string { return c.String() }

// LogValue logs the configuration without the token.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(slog.String("token", c.redacted()), slog.String("application-id", c.ApplicationID),
		slog.Any("dev-guilds", c.DevGuilds), slog.Bool("threads", c.Threads), slog.String("admin-role", c.AdminRole))
}
