package matrix

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/storage"
)

func TestCommand(t *testing.T) {
	ad := addressing{prefix: "!g", me: "@grognard:example.org", names: []string{"grognard", "Le Grognard"}}
	for _, c := range []struct {
		text   string
		direct bool
		want   string
		ok     bool
	}{
		{"!g new gs-1 vs @bob", false, "new gs-1 vs @bob", true},
		{"  !G   status ", false, "status", true},
		{"!g", false, "help", true},
		{"!gnew", false, "", false},
		{"!g: 2", false, "2", true},
		{"@grognard:example.org: g1 move A3 0512", false, "g1 move A3 0512", true},
		{"@grognard: board", false, "board", true},
		{"grognard, units", false, "units", true},
		{"Le Grognard: status", false, "status", true},
		{"grognards are old soldiers", false, "", false},
		{"hello everyone", false, "", false},
		{"status", true, "status", true},
		{"!g status", true, "status", true},
		{"", true, "", false},
	} {
		got, ok := ad.command(c.text, c.direct)
		if got != c.want || ok != c.ok {
			t.Errorf("command(%q, direct=%v) = %q, %v; want %q, %v", c.text, c.direct, got, ok, c.want, c.ok)
		}
	}
}

func TestBodyText(t *testing.T) {
	for _, c := range []struct {
		content event.MessageEventContent
		want    string
	}{
		{event.MessageEventContent{Body: "!g status"}, "!g status"},
		{event.MessageEventContent{Body: "> <@bob:x.org> the board?\n> more\n\n!g board"}, "!g board"},
		{event.MessageEventContent{Body: "grognard: new gs-1 vs bob", Format: event.FormatHTML,
			FormattedBody: `<a href="https://matrix.to/#/@grognard:x.org">grognard</a>: new gs-1 vs <a href="https://matrix.to/#/%40bob%3Ax.org?via=x.org">Bob &amp; co</a>`},
			"@grognard:x.org: new gs-1 vs @bob:x.org"},
		{event.MessageEventContent{Body: "> quoted\n\n!g 2", Format: event.FormatHTML,
			FormattedBody: `<mx-reply><blockquote><a href="https://matrix.to/#/!r:x.org/$e">In reply to</a> <a href="https://matrix.to/#/@g:x.org">g</a><br>options</blockquote></mx-reply>!g 2`},
			"!g 2"},
		{event.MessageEventContent{Body: "!g rules retreat", Format: event.FormatHTML,
			FormattedBody: `<p>!g rules <a href="https://example.org">retreat</a> &lt;now&gt;</p>`}, "!g rules retreat <now>"},
	} {
		if got := bodyText(&c.content); got != c.want {
			t.Errorf("bodyText(%q) = %q, want %q", c.content.FormattedBody+c.content.Body, got, c.want)
		}
	}
}

func TestMentionID(t *testing.T) {
	m := mentionID("example.org")
	for _, c := range []struct {
		word, want string
		ok         bool
	}{
		{"@bob:other.org", "@bob:other.org", true},
		{"@bob", "@bob:example.org", true},
		{"bob", "@bob:example.org", true},
		{"https://matrix.to/#/@bob:x.org", "@bob:x.org", true},
		{"@", "", false},
		{"", "", false},
	} {
		got, ok := m(c.word)
		if got != c.want || ok != c.ok {
			t.Errorf("mention %q = %q, %v; want %q, %v", c.word, got, ok, c.want, c.ok)
		}
	}
}

// TestRenderMessage renders a real bot message: the challenge naming two
// players.
func TestRenderMessage(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app, err := bot.New(bot.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	lim := Limits
	lim.Mention = mentionID("x.org")
	app.SetLimits(Platform, lim)
	resp := app.Handle(context.Background(), bot.Request{Platform: Platform, Room: "!r:x.org",
		User: bot.User{ID: "@ann:x.org", Name: "Ann <3"}, Text: "new gs-1 vs @bob"})
	if len(resp.Messages) != 1 {
		t.Fatalf("%d messages", len(resp.Messages))
	}
	m := resp.Messages[0]
	m.Mentions[1].Name = "Bob"
	r := renderMessage(m)
	if !strings.HasPrefix(r.plain, "g1: Ann <3 challenges Bob to ") {
		t.Errorf("plain body %q", r.plain)
	}
	for _, want := range []string{
		`g1: <a href="https://matrix.to/#/@ann:x.org">Ann &lt;3</a> challenges <a href="https://matrix.to/#/@bob:x.org">Bob</a> to `,
		"<code>accept g1</code>",
	} {
		if !strings.Contains(r.html, want) {
			t.Errorf("HTML body lacks %q:\n%s", want, r.html)
		}
	}
	if len(r.mentions) != 2 || r.mentions[0] != "@ann:x.org" || r.mentions[1] != "@bob:x.org" {
		t.Errorf("mentions %v", r.mentions)
	}
	if len(m.Choices) != 2 || m.NewThread == "" {
		t.Errorf("the challenge has %d choices, thread %q", len(m.Choices), m.NewThread)
	}
}

func TestHTMLLines(t *testing.T) {
	got := htmlLines("g1 · `move A3 0512` <refused> & more\n  1. 0816 — `retreat B6 0816`\nan odd ` tick")
	want := "g1 · <code>move A3 0512</code> &lt;refused&gt; &amp; more<br>&nbsp;&nbsp;1. 0816 — <code>retreat B6 0816</code><br>an odd ` tick"
	if got != want {
		t.Errorf("htmlLines:\n got %s\nwant %s", got, want)
	}
}

func TestReactionNumber(t *testing.T) {
	for key, want := range map[string]int{"1️⃣": 0, "1\u20e3": 0, "3️⃣": 2, "🔟": 9} {
		if n, ok := reactionNumber(key); !ok || n != want {
			t.Errorf("reactionNumber(%q) = %d, %v; want %d", key, n, ok, want)
		}
	}
	for _, key := range []string{"👍", "1", "11️⃣", ""} {
		if _, ok := reactionNumber(key); ok {
			t.Errorf("reactionNumber(%q) is a number", key)
		}
	}
}

func TestConfig(t *testing.T) {
	good := Config{Homeserver: "https://matrix.example.org", UserID: "@grognard:example.org"}
	c, err := good.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if c.Prefix != "!g" || c.AdminPowerLevel != 50 || c.Threads != ThreadsAuto || c.Lang != bot.EN {
		t.Errorf("defaults: %+v", c)
	}
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Homeserver = "matrix.example.org" }, "homeserver"},
		{func(c *Config) { c.UserID = "grognard" }, "user-id"},
		{func(c *Config) { c.Prefix = "! g" }, "prefix"},
		{func(c *Config) { c.Threads = "sometimes" }, "threads"},
		{func(c *Config) { c.Lang = "de" }, "language"},
		{func(c *Config) { c.AllowInvites = []string{"@bad"} }, "allow-invites"},
	} {
		cfg := good
		c.edit(&cfg)
		if _, err := cfg.withDefaults(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error naming %s, got %v", c.want, err)
		}
	}
	allow := Config{AllowInvites: []string{"@ann:a.org", "b.org"}}
	for user, want := range map[id.UserID]bool{"@ann:a.org": true, "@bob:a.org": false, "@bob:b.org": true, "@eve:c.org": false} {
		if allow.mayInvite(user) != want {
			t.Errorf("mayInvite(%s) = %v", user, !want)
		}
	}
	if !(Config{AllowInvites: []string{"*"}}).mayInvite("@eve:c.org") || (Config{}).mayInvite("@ann:a.org") {
		t.Error("* must allow everyone and an empty list no one")
	}
}

func TestRetryAfter(t *testing.T) {
	limited := func(extra map[string]any, header string) error {
		resp := &http.Response{StatusCode: 429, Header: http.Header{}}
		if header != "" {
			resp.Header.Set("Retry-After", header)
		}
		extra["errcode"] = "M_LIMIT_EXCEEDED"
		return mautrix.HTTPError{Response: resp, RespError: &mautrix.RespError{ErrCode: "M_LIMIT_EXCEEDED", ExtraData: extra, StatusCode: 429}}
	}
	for _, c := range []struct {
		err  error
		want time.Duration
		ok   bool
	}{
		{limited(map[string]any{"retry_after_ms": 1500.0}, ""), 1500 * time.Millisecond, true},
		{limited(map[string]any{}, "3"), 3 * time.Second, true},
		{limited(map[string]any{}, ""), time.Second, true},
		{limited(map[string]any{"retry_after_ms": 9e9}, ""), 5 * time.Minute, true},
		{mautrix.HTTPError{Response: &http.Response{StatusCode: 403}, RespError: &mautrix.RespError{ErrCode: "M_FORBIDDEN"}}, 0, false},
		{nil, 0, false},
	} {
		got, ok := retryAfter(c.err)
		if got != c.want || ok != c.ok {
			t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", c.err, got, ok, c.want, c.ok)
		}
	}
}

func TestThumbnail(t *testing.T) {
	encode := func(w, h int) ([]byte, image.Config) {
		var b bytes.Buffer
		if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
			t.Fatal(err)
		}
		return b.Bytes(), image.Config{Width: w, Height: h}
	}
	for _, c := range []struct{ w, h, tw, th int }{{1000, 750, 800, 600}, {618, 893, 415, 600}, {1000, 250, 800, 200}} {
		data, cfg := encode(c.w, c.h)
		thumb, tw, th, err := thumbnail(data, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jpeg.DecodeConfig(bytes.NewReader(thumb))
		if err != nil || tw != c.tw || th != c.th || got.Width != tw || got.Height != th {
			t.Errorf("%d×%d: thumbnail %d×%d (JPEG %d×%d, %v), want %d×%d", c.w, c.h, tw, th, got.Width, got.Height, err, c.tw, c.th)
		}
	}
	data, cfg := encode(400, 300)
	if thumb, _, _, err := thumbnail(data, cfg); thumb != nil || err != nil {
		t.Errorf("a small image gets a thumbnail of its own (%v)", err)
	}
}

func TestPruneChoices(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app, err := bot.New(bot.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	ad, err := New(Config{Homeserver: "http://127.0.0.1:1", UserID: "@g:x.org"}, app, st)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	for evt, age := range map[string]time.Duration{"$old": choicesKept + time.Hour, "$new": time.Hour} {
		raw := fmt.Appendf(nil, `{"room":"!r:x.org","choices":[{"label":"1. A","command":"g1 choose 1"}],"at":%q}`, now.Add(-age).Format(time.RFC3339))
		if err := st.PutValue(ad.key+"choices/"+evt, raw); err != nil {
			t.Fatal(err)
		}
	}
	if err := ad.pruneChoices(now); err != nil {
		t.Fatal(err)
	}
	if c, err := ad.choicesOf("$old"); c != nil || err != nil {
		t.Errorf("old options kept: %+v %v", c, err)
	}
	if c, err := ad.choicesOf("$new"); c == nil || err != nil || c.Choices[0].Command != "g1 choose 1" {
		t.Errorf("recent options lost: %+v %v", c, err)
	}
}
