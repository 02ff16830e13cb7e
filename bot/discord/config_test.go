package discord

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/grognard/grognard/bot"
	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

func TestConfigHidesToken(t *testing.T) {
	c := Config{Token: testToken, ApplicationID: "123", DevGuilds: []string{"456"}, Threads: true, AdminRole: "789"}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("config", "discord", c)
	slog.New(slog.NewTextHandler(&buf, nil)).Info("config", "discord", c)
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%v %+v %#v %s", c, c, c, c), fmt.Sprintf("%v", &c), buf.String()} {
		if strings.Contains(s, testToken) || strings.Contains(s, "s3cr3t") {
			t.Errorf("the token is printed: %s", s)
		}
		if !strings.Contains(s, "123") {
			t.Errorf("the rest of the configuration is not printed: %s", s)
		}
	}
}

func TestConfigEnvAndValidate(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	c := DefaultConfig().WithEnv(getenv)
	if c.Enabled() || !c.Threads {
		t.Errorf("default config: %v; want no token (disabled), threads on", c)
	}
	env[TokenEnv] = " env-token "
	c = Config{Token: "file-token"}.WithEnv(getenv)
	if c.Token != "env-token" || !c.Enabled() {
		t.Errorf("%s should win over the file: got %q", TokenEnv, c.Token)
	}
	for _, bad := range []Config{
		{Token: "Bot abc"}, {Token: "a b"}, {ApplicationID: "12x"}, {DevGuilds: []string{"1", "guild"}}, {AdminRole: "admins"},
		{ShardCount: -1}, {ShardID: 2, ShardCount: 2}, {ShardID: 1}, {ShardID: -1, ShardCount: 2}, {APIURL: "discord.example"}, {APIURL: "ftp://x/"},
		{APIURL: "https://ann:abc@proxy.example.org"}, {APIURL: "ftp://ann:abc@proxy.example.org"}, {APIURL: "https://ann:abc@[::1/"},
	} {
		err := bad.Validate()
		if err == nil {
			t.Errorf("%v: no error", bad)
		} else if strings.Contains(err.Error(), "abc") {
			t.Errorf("the error quotes the token or a password: %v", err)
		}
	}
	if err := (Config{Token: "abc.def", ApplicationID: "1", DevGuilds: []string{"2"}, AdminRole: "3", ShardID: 1, ShardCount: 2, APIURL: "http://127.0.0.1:8080"}).Validate(); err != nil {
		t.Errorf("good config: %v", err)
	}
	if _, err := New(Config{}, Options{App: &bot.App{}}); err == nil || !strings.Contains(err.Error(), TokenEnv) {
		t.Errorf("New without a token: %v", err)
	}
}

func TestMentionAndRedact(t *testing.T) {
	for in, want := range map[string]string{"<@123>": "123", "<@!123>": "123", "@123": "123", "123": "123"} {
		if got, ok := mentionID(in); !ok || got != want {
			t.Errorf("mentionID(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := mentionID("@bob"); ok {
		t.Errorf("mentionID(@bob) accepted a name")
	}
	s := redact(`Post "https://discord.com/api/v9/webhooks/1/itok-abc.DEF_9?wait=true": EOF; POST /api/v9/interactions/2/aW50ZXI/callback; Bot `+testToken, testToken)
	for _, secret := range []string{"itok-abc", "aW50ZXI", testToken} {
		if strings.Contains(s, secret) {
			t.Errorf("redact left %q in %s", secret, s)
		}
	}
	if !strings.Contains(s, "webhooks/1/[token]") || !strings.Contains(s, "interactions/2/[token]/callback") {
		t.Errorf("redact: %s", s)
	}
}

// TestTokenNeverLogged runs the bot with every log on (discordgo's
// informational lines included) through a rate limit, a reconnection and
// a game command: neither the bot token nor any interaction token is
// logged. (discordgo's lines of every bot running meanwhile reach this
// bot's log too, redacted the same way.)
func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{logLevel: slog.LevelDebug})
	e.fake.RateLimitOnce("POST", "/interactions/{interaction_id}/{interaction_token}/callback", 50*time.Millisecond, false)
	in1, _ := e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
	e.fake.DropGateway()
	in2, err := e.fake.Slash(e.alice, e.fake.Channel, "games")
	if err != nil {
		t.Fatal(err)
	}
	e.wait(in2, 1)
	e.stop()
	logs := e.logs.String()
	for _, want := range []string{"discordgo: Rate Limiting", "discord: rate limited", "resume", "discord: connected", "discord: disconnected"} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %q (so the test proves little):\n%s", want, logs)
		}
	}
	for _, secret := range []string{testToken, in1.Token, in2.Token} {
		if strings.Contains(logs, secret) {
			t.Errorf("a token (%s…) is in the log:\n%s", secret[:6], logs)
		}
	}
	if discordgo.Logger == nil {
		t.Errorf("discordgo's log hook is not installed")
	}
}
