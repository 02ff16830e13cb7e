package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/postgres"
)

// TestMigrate moves a bbolt store into PostgreSQL and back through the
// command: every game, value and server setting arrives, each game with
// the hash it had, the exports are the same bytes, and a non-empty target
// is refused unless --into-nonempty.
func TestMigrate(t *testing.T) {
	db := toyStore(t)
	func() {
		s, err := storage.Open(db, storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.Bind("live", "discord:1/2"); err != nil {
			t.Fatal(err)
		}
		if err := s.PutValue("bot/user/ann", []byte(`{"lang":"fr"}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.PutServerSettings("discord:1", []byte(`{"admin_role":"ref"}`)); err != nil {
			t.Fatal(err)
		}
	}()
	url := testPG.NewDatabase(t)
	out, err := runStoreCmd(t, "", "migrate", "--from", db, "--to", url)
	if err != nil {
		t.Fatalf("migrate to PostgreSQL: %v\n%s", err, out)
	}
	if !strings.Contains(out, ": 2 games (") || !strings.Contains(out, "1 values, 1 server settings") || !strings.Contains(out, "has the hash it had") {
		t.Fatalf("migrate said:\n%s", out)
	}
	t.Logf("grognard migrate said:\n%s", out)
	for _, id := range []string{"done", "live"} {
		a, err := runStoreCmd(t, "", "export", id, "--db", db)
		if err != nil {
			t.Fatal(err)
		}
		b, err := runStoreCmd(t, "", "export", id, "--db", url)
		if err != nil || a != b {
			t.Fatalf("export of %s from PostgreSQL differs (%v)", id, err)
		}
	}
	if out, err := runStoreCmd(t, "", "check", "--db", url); err != nil || !strings.Contains(out, "2 games") {
		t.Fatalf("check of the PostgreSQL store: %v\n%s", err, out)
	}
	if out, err := runStoreCmd(t, "", "migrate", "--from", db, "--to", url); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("a second migration into the same database: %v\n%s", err, out)
	}

	// grognard backup of the PostgreSQL store: a checked bbolt file.
	bak := filepath.Join(t.TempDir(), "backup.db")
	if out, err := runStoreCmd(t, "", "backup", bak, "--db", url); err != nil || !strings.Contains(out, "2 games") {
		t.Fatalf("backup of the PostgreSQL store: %v\n%s", err, out)
	}
	if out, err := runStoreCmd(t, "", "check", "--db", bak); err != nil || !strings.Contains(out, "2 games") {
		t.Fatalf("check of the backup: %v\n%s", err, out)
	}

	// And back into a new bbolt file: the same games, values and settings.
	back := filepath.Join(t.TempDir(), "back.db")
	if out, err := runStoreCmd(t, "", "migrate", "--from", url, "--to", "bbolt://"+back); err != nil {
		t.Fatalf("migrate back to bbolt: %v\n%s", err, out)
	}
	s, err := storage.Open(back, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	orig, err := storage.Open(db, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer orig.Close()
	for _, id := range []string{"done", "live"} {
		a, _ := orig.CopyGame(id)
		b, err := s.CopyGame(id)
		if err != nil || a.Sum() != b.Sum() {
			t.Fatalf("game %s after the round trip: %v", id, err)
		}
	}
	if v, _ := s.Value("bot/user/ann"); string(v) != `{"lang":"fr"}` {
		t.Fatalf("value after the round trip: %q", v)
	}
	if v, _ := s.ServerSettings("discord:1"); string(v) != `{"admin_role":"ref"}` {
		t.Fatalf("server settings after the round trip: %q", v)
	}
	if rooms, _ := s.GamesInRoom("discord:1/2"); len(rooms) != 1 || rooms[0] != "live" {
		t.Fatalf("room index after the round trip: %v", rooms)
	}
}

// TestServeOnPostgres: grognard serve on a PostgreSQL store (--db URL)
// plays a game in the terminal room, and a second serve process on the
// same database finds it where the first left it.
func TestServeOnPostgres(t *testing.T) {
	for _, v := range []string{"GROGNARD_DISCORD_TOKEN", "GROGNARD_MATRIX_ACCESS_TOKEN", "GROGNARD_MATRIX_PASSWORD"} {
		t.Setenv(v, "")
	}
	url := testPG.NewDatabase(t)
	images := filepath.Join(t.TempDir(), "img")
	script := strings.Join([]string{
		"new gs-1 vs bob", "/as bob", "accept", "deploy auto", "ready",
		"/as alice", "deploy auto", "ready", "/quit",
	}, "\n")
	out, err := runMain(t, script, "serve", "--db", url, "--images", images, "--user", "alice")
	if err != nil || !strings.Contains(out, "g1 begins") || !strings.Contains(out, "store postgres://") {
		t.Fatalf("serve on PostgreSQL: %v\n%s", err, out)
	}
	out, err = runMain(t, "status\n", "serve", "--db", url, "--images", images, "--user", "carol")
	if err != nil || !strings.Contains(out, "turn 1/8 · movement phase of A") {
		t.Fatalf("a second serve on the same database: %v\n%s", err, out)
	}
}

// TestMigrateInterrupted: a migration stopped before its end (here its
// context cancelled before the first game, and a target holding one of
// the two games, as a killed migration leaves it) leaves its mark in the
// target: serve refuses that store, a migration from another store is
// refused, and the same migration run again completes it, comparing the
// game already there by its hash.
func TestMigrateInterrupted(t *testing.T) {
	for _, v := range []string{"GROGNARD_DISCORD_TOKEN", "GROGNARD_MATRIX_ACCESS_TOKEN", "GROGNARD_MATRIX_PASSWORD"} {
		t.Setenv(v, "")
	}
	db := toyStore(t)
	url := testPG.NewDatabase(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out}
	if err := m.Run(ctx, []string{"migrate", "--from", db, "--to", url}); err == nil || !strings.Contains(err.Error(), "unfinished") {
		t.Fatalf("a cancelled migration: %v\n%s", err, out.String())
	}
	// As a migration killed after its first game leaves the target.
	func() {
		src, err := storage.Open(db, storage.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer src.Close()
		dst, err := postgres.Open(url, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		defer dst.Close()
		c, err := src.CopyGame("done")
		if err != nil {
			t.Fatal(err)
		}
		if err := dst.PutGameCopy(c); err != nil {
			t.Fatal(err)
		}
	}()
	if out, err := runMain(t, "status\n", "serve", "--db", url, "--images", t.TempDir()); err == nil || !strings.Contains(err.Error(), "unfinished") {
		t.Fatalf("serve on a half-migrated store: %v\n%s", err, out)
	}
	if out, err := runStoreCmd(t, "", "migrate", "--from", toyStore(t), "--to", url); err == nil || !strings.Contains(err.Error(), "unfinished migration from") {
		t.Fatalf("another migration into a half-migrated store: %v\n%s", err, out)
	}
	out2, err := runStoreCmd(t, "", "migrate", "--from", db, "--to", url)
	if err != nil || !strings.Contains(out2, "completing it") || !strings.Contains(out2, ": 2 games (") {
		t.Fatalf("the migration run again: %v\n%s", err, out2)
	}
	if out, err := runMain(t, "/quit\n", "serve", "--db", url, "--images", t.TempDir()); err != nil {
		t.Fatalf("serve after the migration completed: %v\n%s", err, out)
	}
	if out, err := runStoreCmd(t, "", "check", "--db", url); err != nil || !strings.Contains(out, "2 games") {
		t.Fatalf("check: %v\n%s", err, out)
	}
}

// growingStore is a store in which a game is created while a migration
// reads it (a bot still running on it): after its first page of games.
type growingStore struct {
	storage.Backend
	create func()
	done   bool
}

func (g *growingStore) Games(after string, limit int) ([]storage.GameMeta, error) {
	page, err := g.Backend.Games(after, limit)
	if !g.done && err == nil {
		g.done = true
		g.create()
	}
	return page, err
}

// TestMigrateSourceChanged: a game created in the old store during the
// migration, which its listing may miss, stops the migration with an
// error rather than leaving a copy without it.
func TestMigrateSourceChanged(t *testing.T) {
	db := toyStore(t)
	src, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := storage.Open(filepath.Join(t.TempDir(), "new.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	c, err := src.CopyGame("done")
	if err != nil {
		t.Fatal(err)
	}
	grow := &growingStore{Backend: src, create: func() {
		c.Meta.ID = "aaa" // before the games listed so far
		if err := src.PutGameCopy(c); err != nil {
			t.Fatal(err)
		}
	}}
	if n, err := migrate(context.Background(), grow, dst, false); err == nil || !strings.Contains(err.Error(), "changed during the migration") {
		t.Fatalf("a game created during the migration: %+v, %v", n, err)
	}
}
