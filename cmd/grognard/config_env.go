package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// Precedence of settings, lowest to highest: the defaults, the
// configuration file, the environment, the command-line flags. So a
// container's GROGNARD_DB=/data/grognard.db beats the relative `path` of
// the example configuration baked into the image, and `--db` beats both.
// The secrets follow the same rule (GROGNARD_DISCORD_TOKEN,
// GROGNARD_MATRIX_ACCESS_TOKEN, GROGNARD_MATRIX_PASSWORD,
// GROGNARD_MATRIX_PICKLE_KEY: see the adapters'
// configuration). docs/admin.md lists them.
var configEnv = []struct {
	name, key string
	set       func(*Config, string)
}{
	{"GROGNARD_DB", "store.path", func(c *Config, v string) { c.Store.setRef(v) }},
	{"GROGNARD_BACKUP_DIR", "store.backup-dir", func(c *Config, v string) { c.Store.BackupDir = v }},
}

// applyEnv sets the keys that environment variables override.
func (c *Config) applyEnv(getenv func(string) string) {
	for _, e := range configEnv {
		if v := strings.TrimSpace(getenv(e.name)); v != "" {
			e.set(c, v)
		}
	}
}

// startupWarnings are the settings that start a bot that works in no
// visible way: each is logged (slog, warning) when serve starts.
func (c Config) startupWarnings(stdinTerminal bool, workDir string) [][]any {
	var w [][]any
	add := func(msg string, attrs ...any) { w = append(w, append([]any{msg}, attrs...)) }
	discordOn, matrixOn := c.Discord.adapter().Enabled(), c.Matrix.enabled()
	if !discordOn && !matrixOn && !stdinTerminal {
		add("no chat platform is configured and standard input is not a terminal: the terminal room reads no commands and stops at the end of its input",
			"fix", "set GROGNARD_DISCORD_TOKEN, or [discord] token, or [matrix] homeserver (docs/admin.md)")
	}
	if matrixOn && strings.TrimSpace(string(c.Matrix.AllowInvites)) == "" {
		add("matrix.allow-invites is empty: every invitation is refused, so the bot joins no new room",
			"fix", `list who may invite it, e.g. allow-invites = ["example.org"] (docs/matrix.md)`)
	}
	if matrixOn && c.Matrix.AdminPowerLevel > 100 {
		add(fmt.Sprintf("matrix.admin-power-level is %d: no member of a room reaches it (100 is the highest usual level), so nobody can use the administrators' commands", c.Matrix.AdminPowerLevel))
	}
	if discordOn && strings.TrimSpace(string(c.Discord.DevGuilds)) != "" {
		add("discord.dev-guilds is set: the slash commands are registered in those servers only; every other server sees none",
			"dev-guilds", string(c.Discord.DevGuilds))
	}
	if c.Bot.RateLimit > 0 && c.Bot.RateLimit < 1 {
		add(fmt.Sprintf("bot.rate-limit is %g: a user may send fewer than one command a minute", c.Bot.RateLimit))
	}
	if c.Store.URL == "" && !filepath.IsAbs(c.Store.Path) && workDir == "/" {
		add("the store path is relative and the working directory is /: the games are kept in /"+c.Store.Path+", likely not where you back them up, and maybe lost with the container",
			"fix", "set an absolute store.path or GROGNARD_DB (docs/admin.md)")
	}
	if host, _, err := net.SplitHostPort(c.HTTP.Listen); err == nil && (host == "" || host == "0.0.0.0" || host == "::") {
		add("http.listen answers on every network interface: /metrics and /healthz are meant for a private address", "listen", c.HTTP.Listen)
	}
	if u, err := url.Parse(c.Discord.APIURL); discordOn && c.Discord.APIURL != "" && err == nil && u.Scheme == "http" && !loopback(u.Hostname()) {
		add("discord.api-url is plain http to another machine: every request carries the bot's secret, which can be read on the network",
			"fix", "use https, or a proxy on this machine (docs/scale-out.md)")
	}
	if u, err := url.Parse(c.Web.BaseURL); c.Web.enabled() && err == nil && u.Scheme == "http" && !loopback(u.Hostname()) {
		add("web.base-url is plain http: the private links can be read on the network, and used by whoever reads one",
			"fix", "serve the site behind a reverse proxy with TLS and give its https address (docs/web.md)")
	}
	return w
}

// loopback reports whether host names this machine.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// interactive reports whether r is a terminal someone types in: a
// character device that is not /dev/null (a container's or a service's
// standard input).
func interactive(r any) bool {
	f, ok := r.(*os.File)
	if !ok || !isTerminal(r) {
		return false
	}
	fi, err := f.Stat()
	null, nerr := os.Stat(os.DevNull)
	return err == nil && (nerr != nil || !os.SameFile(fi, null))
}

// logStartupWarnings logs startupWarnings for this process.
func logStartupWarnings(logger *slog.Logger, c Config, stdinTerminal bool) {
	wd, _ := os.Getwd()
	for _, w := range c.startupWarnings(stdinTerminal, wd) {
		logger.Warn(w[0].(string), w[1:]...)
	}
}
