package fakediscord

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func newFake(t *testing.T) *Server {
	t.Helper()
	spec, err := SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Token: "tok", Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func do(t *testing.T, s *Server, method, url, auth, body string) int {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		return -1
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// TestFakeRejects: the fake answers and records as failures what Discord
// would refuse: bodies its OpenAPI description rejects, endpoints it does
// not have (or the bot should not use), other hosts, a missing token.
func TestFakeRejects(t *testing.T) {
	s := newFake(t)
	api := "https://discord.com/api/v9"
	cases := []struct {
		name, method, url, auth, body string
		status                        int
		failure                       string
	}{
		{"valid message", "POST", api + "/channels/" + s.Channel + "/messages", "Bot tok", `{"content":"hi","allowed_mentions":{"parse":[]}}`, 200, ""},
		{"content too long", "POST", api + "/channels/" + s.Channel + "/messages", "Bot tok", `{"content":"` + strings.Repeat("x", 4001) + `"}`, 400, "rejected by Discord's OpenAPI description"},
		{"wrong type", "POST", api + "/channels/" + s.Channel + "/messages", "Bot tok", `{"content":5}`, 400, "rejected"},
		{"bad callback", "POST", api + "/interactions/1/tok/callback", "", `{"type":"deferred"}`, 400, "rejected"},
		{"bad snowflake", "GET", api + "/channels/abc", "Bot tok", "", 400, "rejected"},
		{"no such route", "GET", api + "/nothing/here", "Bot tok", "", 404, "unexpected endpoint"},
		{"route the bot must not use", "DELETE", api + "/channels/" + s.Channel, "Bot tok", "", 404, "not one the bot should use"},
		{"no token", "GET", api + "/users/@me", "", "", 401, "without the bot token"},
		{"wrong token", "GET", api + "/users/@me", "Bot nope", "", 401, "without the bot token"},
		{"other host", "GET", "https://example.com/api/v9/users/@me", "Bot tok", "", -1, "unexpected host"},
	}
	for _, c := range cases {
		before := len(s.Failures())
		if got := do(t, s, c.method, c.url, c.auth, c.body); got != c.status {
			t.Errorf("%s: status %d, want %d", c.name, got, c.status)
		}
		f := s.Failures()[before:]
		switch {
		case c.failure == "" && len(f) > 0:
			t.Errorf("%s: unexpected failures %v", c.name, f)
		case c.failure != "" && (len(f) != 1 || !strings.Contains(f[0], c.failure)):
			t.Errorf("%s: failures %v, want one containing %q", c.name, f, c.failure)
		}
	}
}

// TestSpecPathMissing: without ../shared/discord/openapi.json beside the
// repository, SpecPath says so (tests then fail; they never skip).
func TestSpecPathMissing(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "main")
	if err := os.MkdirAll(filepath.Join(repo, "bot"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(repo, "bot"))
	if _, err := SpecPath(); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "shared", "discord", "openapi.json")) {
		t.Errorf("SpecPath without the spec: %v", err)
	}
}
