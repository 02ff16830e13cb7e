package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSettingsPrecedence: defaults < configuration file < environment <
// flags. The Docker image runs `serve --config` on the example file,
// whose relative store path must not beat GROGNARD_DB=/data/grognard.db.
func TestSettingsPrecedence(t *testing.T) {
	for _, v := range []string{"GROGNARD_DISCORD_TOKEN", "GROGNARD_MATRIX_ACCESS_TOKEN", "GROGNARD_MATRIX_PASSWORD"} {
		t.Setenv(v, "")
	}
	example, _ := filepath.Abs("../../config.example.toml")
	dir := t.TempDir()
	t.Chdir(dir)
	file := writeConfig(t, "[store]\npath = \"from-file.db\"\n")

	t.Setenv("GROGNARD_DB", "")
	if cfg, err := ReadConfig(file); err != nil || cfg.Store.Path != "from-file.db" {
		t.Fatalf("file over the default: %q %v", cfg.Store.Path, err)
	}
	env := filepath.Join(dir, "data", "from-env.db")
	os.Mkdir(filepath.Dir(env), 0o755)
	t.Setenv("GROGNARD_DB", env)
	if cfg, err := ReadConfig(file); err != nil || cfg.Store.Path != env {
		t.Fatalf("environment over the file: %q %v", cfg.Store.Path, err)
	}
	if cfg, err := ReadConfig(example); err != nil || cfg.Store.Path != env {
		t.Fatalf("environment over config.example.toml: %q %v", cfg.Store.Path, err)
	}

	// What serve really opens.
	if out, err := runMain(t, "", "serve", "--config", file, "--images", dir); err != nil || !strings.Contains(out, "store "+env) {
		t.Fatalf("serve: %v\n%s", err, out)
	}
	if _, err := os.Stat(env); err != nil {
		t.Errorf("serve did not keep the games in $GROGNARD_DB: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "from-file.db")); err == nil {
		t.Error("serve created the file's store although GROGNARD_DB is set")
	}
	flag := filepath.Join(dir, "from-flag.db")
	if out, err := runMain(t, "", "serve", "--config", file, "--images", dir, "--db", flag); err != nil || !strings.Contains(out, "store "+flag) {
		t.Fatalf("serve --db: %v\n%s", err, out)
	}
}

func TestStartupWarnings(t *testing.T) {
	for _, v := range []string{"GROGNARD_DISCORD_TOKEN", "GROGNARD_MATRIX_ACCESS_TOKEN", "GROGNARD_MATRIX_PASSWORD"} {
		t.Setenv(v, "")
	}
	warned := func(c Config, terminal bool, wd string) string {
		var msgs []string
		for _, w := range c.startupWarnings(terminal, wd) {
			msgs = append(msgs, w[0].(string))
		}
		return strings.Join(msgs, "\n")
	}
	base := DefaultConfig()
	base.Store.Path = "/data/grognard.db"
	if got := warned(base, true, "/home/ann"); got != "" {
		t.Errorf("the defaults in a terminal warn: %s", got)
	}
	for name, c := range map[string]struct {
		edit     func(*Config)
		terminal bool
		wd       string
		want     string
	}{
		"no platform, no terminal": {func(*Config) {}, false, "/srv", "no chat platform is configured"},
		"matrix, nobody may invite": {func(c *Config) {
			c.Matrix.Homeserver, c.Matrix.UserID = "https://matrix.example.org", "@g:example.org"
		}, true, "/srv", "matrix.allow-invites is empty"},
		"matrix, power level out of reach": {func(c *Config) {
			c.Matrix.Homeserver, c.Matrix.UserID, c.Matrix.AllowInvites, c.Matrix.AdminPowerLevel = "https://matrix.example.org", "@g:example.org", "*", 101
		}, true, "/srv", "admin-power-level is 101"},
		"discord dev guilds": {func(c *Config) { c.Discord.Token, c.Discord.DevGuilds = "tok", "123" }, true, "/srv", "dev-guilds is set"},
		"rate limit":         {func(c *Config) { c.Bot.RateLimit = 0.5 }, true, "/srv", "fewer than one command a minute"},
		"relative store at /": {func(c *Config) { c.Store.Path = "grognard.db" }, true, "/",
			"the store path is relative and the working directory is /"},
		"metrics on every interface": {func(c *Config) { c.HTTP.Listen = ":9464" }, true, "/srv", "every network interface"},
		"discord api in clear":       {func(c *Config) { c.Discord.Token, c.Discord.APIURL = "tok", "http://proxy.example.org:8080" }, true, "/srv", "discord.api-url is plain http"},
		"web in clear":               {func(c *Config) { c.Web.Listen, c.Web.BaseURL = "127.0.0.1:8080", "http://grognard.example.org" }, true, "/srv", "plain http"},
	} {
		cfg := base
		c.edit(&cfg)
		if got := warned(cfg, c.terminal, c.wd); !strings.Contains(got, c.want) {
			t.Errorf("%s: warnings %q, want %q", name, got, c.want)
		}
		if strings.Contains(warned(cfg, c.terminal, c.wd), "tok") {
			t.Errorf("%s: a warning quotes the token", name)
		}
	}
}

func TestInteractive(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	if interactive(null) {
		t.Errorf("%s counts as a terminal", os.DevNull)
	}
	if interactive(strings.NewReader("")) {
		t.Error("a reader counts as a terminal")
	}
}
