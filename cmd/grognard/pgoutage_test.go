package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage/postgres"
)

// pgCut is a unix-socket proxy in front of the test server: the store
// connects through it, and cut makes the database go away (every
// connection closed, new ones refused) until restore.
type pgCut struct {
	dir, target string
	mu          sync.Mutex
	ln          net.Listener
	conns       []net.Conn
}

func newPGCut(t *testing.T, serverURL string) (*pgCut, string) {
	t.Helper()
	u, err := url.Parse(serverURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	p := &pgCut{dir: t.TempDir(), target: filepath.Join(q.Get("host"), ".s.PGSQL."+q.Get("port"))}
	p.restore(t)
	t.Cleanup(func() { p.cut() })
	q.Set("host", p.dir)
	u.RawQuery = q.Encode()
	return p, u.String()
}

func (p *pgCut) restore(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("unix", filepath.Join(p.dir, ".s.PGSQL.5432"))
	if err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("unix", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
}

func (p *pgCut) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// TestPostgresOutage: the database goes away while a bot serves and
// comes back. An order given meanwhile is refused at once with the
// generic message (not a hang, nothing stored); the player's retry with
// the same interaction id, once the database is back, is taken once;
// delivered again it is dropped, or told it was taken already by another
// process (as a retry of an order whose commit the outage hid would be). The pool
// reconnects by itself.
func TestPostgresOutage(t *testing.T) {
	proxy, url := newPGCut(t, testPG.NewDatabase(t))
	st, err := postgres.Open(url, postgres.Options{Timeout: 5 * time.Second, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app, err := bot.New(bot.Config{Store: st, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	// app2 is another process on the database.
	app2, err := bot.New(bot.Config{Store: st, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	sayIn := func(app *bot.App, user, text, id string) string {
		var b strings.Builder
		for _, m := range app.Handle(context.Background(), bot.Request{Platform: "test", Room: "r1", User: bot.User{ID: user, Name: user}, Text: text, InteractionID: id}).Messages {
			b.WriteString(m.Plain() + "\n")
		}
		return b.String()
	}
	say := func(user, text, id string) string { return sayIn(app, user, text, id) }
	for _, l := range [][2]string{{"alice", "new gs-1 vs bob deadline=none"}, {"bob", "accept"}, {"alice", "deploy auto"},
		{"bob", "deploy auto"}, {"alice", "ready"}, {"bob", "ready"}} {
		if out := say(l[0], l[1], ""); strings.Contains(out, "✗") || strings.Contains(out, "went wrong") {
			t.Fatalf("%s: %s: %s", l[0], l[1], out)
		}
	}
	legal, err := app.LegalOrders("g1", game.SideA)
	if err != nil {
		t.Fatal(err)
	}
	var move string
	for _, o := range legal {
		if strings.HasPrefix(o, "move ") {
			move = o
			break
		}
	}
	before, err := st.Records("g1", 1)
	if err != nil {
		t.Fatal(err)
	}

	proxy.cut()
	if out := say("alice", move, "i-1"); !strings.Contains(out, "went wrong") || !strings.Contains(out, "try again") {
		t.Fatalf("an order while the database is away: %q", out)
	}
	proxy.restore(t)

	out := say("alice", move, "i-1")
	if !strings.Contains(out, "g1 · A") {
		t.Fatalf("the same order (same interaction id) once the database is back: %q", out)
	}
	if out := say("alice", move, "i-1"); out != "" {
		t.Errorf("the same interaction again in the same process: %q", out)
	}
	if out := sayIn(app2, "alice", move, "i-1"); !strings.Contains(out, "already taken") {
		t.Errorf("the same interaction in another process: %q", out)
	}
	after, err := st.Records("g1", 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(after) - len(before); n != 1 || after[len(after)-1].Text != move {
		t.Errorf("%d records after the outage, want the one move %q", n, move)
	}
}
