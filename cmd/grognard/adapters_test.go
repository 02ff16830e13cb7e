package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/bot/discord"
	"github.com/grognard/grognard/bot/discord/fakediscord"
	"github.com/grognard/grognard/internal/syncbuf"
)

// lockedBuffer is a log buffer safe for concurrent writers.
type lockedBuffer = syncbuf.Buffer

// TestMatrixDownDiscordAnswers: serve with Discord (a fake) and Matrix
// (a homeserver on a closed port). Matrix's failure is logged and retried
// with backoff; Discord answers all the while; /healthz reports each
// adapter's state. (Before, the Matrix login failure ended serve, Discord
// with it.)
func TestMatrixDownDiscordAnswers(t *testing.T) {
	for _, v := range []string{"GROGNARD_DISCORD_TOKEN", "GROGNARD_MATRIX_ACCESS_TOKEN", "GROGNARD_MATRIX_PASSWORD", "GROGNARD_DB"} {
		t.Setenv(v, "")
	}
	spec, err := fakediscord.SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	stopped := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	fake, err := fakediscord.New(fakediscord.Options{Token: "fake-token", Spec: spec, Clock: func() time.Time { return stopped }})
	if err != nil {
		t.Fatal(err)
	}
	defer fake.Close()
	alice := fake.AddUser("alice", 0)
	fake.AddUser("bob", 0)
	oldClient, oldFirst := discordHTTPClient, adapterRetryFirst
	discordHTTPClient, adapterRetryFirst = fake.Client(), 100*time.Millisecond
	defer func() { discordHTTPClient, adapterRetryFirst = oldClient, oldFirst }()

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close() // nothing listens there: the homeserver is down

	dir := t.TempDir()
	cfgPath := writeConfig(t, fmt.Sprintf(`[store]
path = %q
[discord]
token = "fake-token"
application-id = %q
[matrix]
homeserver = "http://%s"
user-id = "@grognard:localhost"
access-token = "matrix-token"
allow-invites = ["localhost"]
[http]
listen = "127.0.0.1:0"
`, filepath.Join(dir, "g.db"), fake.AppID(), closed))

	out, logs := &lockedBuffer{}, &lockedBuffer{}
	m := &Main{Stdin: strings.NewReader(""), Stdout: out, Stderr: logs}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx, []string{"serve", "--config", cfgPath}) }()
	defer func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve: %v", err)
			}
		case <-time.After(time.Minute):
			t.Error("serve did not stop within a minute of its context's end")
		}
	}()

	eventually := func(what string, f func() bool) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Minute)
		for !f() {
			select {
			case err := <-done:
				t.Fatalf("serve ended while waiting for %s: %v\nstdout:\n%s\nlog:\n%s", what, err, out.String(), logs.String())
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("no %s within 2 minutes\nstdout:\n%s\nlog:\n%s", what, out.String(), logs.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	var addr string
	addrRe := regexp.MustCompile(`http://(\S+)/healthz`)
	eventually("health listener", func() bool {
		if mm := addrRe.FindStringSubmatch(out.String()); mm != nil {
			addr = mm[1]
		}
		return addr != ""
	})
	healthz := func() (int, string) {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	// Matrix fails again and again (the log says so, with the reason),
	// and is reported as retrying.
	eventually("two Matrix failures in the log", func() bool {
		return strings.Count(logs.String(), "a chat adapter failed") >= 2
	})
	if l := logs.String(); !strings.Contains(l, "adapter=matrix") || !strings.Contains(l, "connection refused") {
		t.Errorf("the log does not name the adapter and the reason:\n%s", l)
	}
	var code int
	var body string
	eventually("/healthz with discord up and matrix retrying", func() bool {
		code, body = healthz()
		return strings.Contains(body, "discord: up") && strings.Contains(body, "matrix: retrying")
	})
	if code != http.StatusOK || !strings.HasPrefix(body, "ok\n") {
		t.Errorf("/healthz with one adapter working: %d %q, want 200 ok", code, body)
	}
	t.Logf("/healthz: %d\n%s", code, body)
	if !strings.Contains(body, "connection refused") {
		t.Errorf("/healthz does not say why matrix is retrying: %q", body)
	}

	// Discord answers meanwhile.
	eventually("the slash commands registered", func() bool { return len(fake.Commands(fake.Guild))+len(fake.Commands("")) > 0 })
	// Once connected, serve prints the invite link with the application id.
	eventually("the invite link on stdout", func() bool {
		return strings.Contains(out.String(), "invite: "+discord.InviteURL(fake.AppID()))
	})
	in, err := fake.Slash(alice, fake.Channel, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	eventually("the answer on Discord", func() bool {
		for _, msg := range fake.Messages() {
			if msg.InteractionID == in.ID && strings.Contains(msg.Content, "gs-1") {
				return true
			}
		}
		return false
	})
	if f := fake.Failures(); len(f) > 0 {
		t.Errorf("the fake Discord saw bad requests: %q", f)
	}
}
