package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigExampleParses(t *testing.T) {
	t.Setenv("GROGNARD_DB", "")
	t.Setenv("USER", "tester")
	cfg, err := ReadConfig("../../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg != DefaultConfig() {
		t.Errorf("config.example.toml should show the defaults:\n got  %+v\n want %+v", cfg, DefaultConfig())
	}
}

func writeConfig(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "grognard.toml")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConfigErrors(t *testing.T) {
	for src, want := range map[string]string{
		"[bot]\nlangage = \"fr\"\n":             "unknown key(s): bot.langage",
		"[discord]\napplication-id = \"x\"\n":   "discord.application-id",
		"[bot]\nlanguage = \"de\"\n":            `bot.language "de"`,
		"[bot]\nrate-limit = -1\n":              "bot.rate-limit is negative",
		"[bot]\nrate-limit = 5\nrate-burst = 0": "bot.rate-burst",
		"[store]\npath = \"\"\n":                "store.path is empty",
		"[store\n":                              "grognard.toml",
	} {
		_, err := ReadConfig(writeConfig(t, src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
	cfg, err := ReadConfig(writeConfig(t, "[bot]\nlanguage = \"fr\"\nrate-limit = 0\n[console]\nuser = \"ann\"\n"))
	if err != nil || cfg.Bot.Language != "fr" || cfg.Bot.RateLimit != 0 || cfg.Console.User != "ann" || cfg.Console.Images != "grognard-images" {
		t.Errorf("partial config over the defaults: %+v %v", cfg, err)
	}
}

// TestServeConsole plays in the terminal room through grognard serve, with
// the real renderer, then starts it again on the same store.
func TestServeConsole(t *testing.T) {
	// A developer's shell may hold chat credentials: this test wants the
	// terminal room only.
	for _, v := range []string{"GROGNARD_DISCORD_TOKEN", "GROGNARD_MATRIX_ACCESS_TOKEN", "GROGNARD_MATRIX_PASSWORD"} {
		t.Setenv(v, "")
	}
	dir := t.TempDir()
	db, images := filepath.Join(dir, "g.db"), filepath.Join(dir, "img")
	script := strings.Join([]string{
		"new gs-1 vs bob", "/as bob", "accept", "deploy auto", "ready",
		"/as alice", "deploy auto", "ready", "board", "/quit", "status",
	}, "\n")
	out, err := runMain(t, script, "serve", "--db", db, "--images", images, "--user", "alice")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"You are alice.", "g1 begins", "(you are now bob)", "turn 1: move phase of A", "[image g1-t01-move-A.png · public"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "waiting for") {
		t.Error("a line after /quit was read")
	}
	files, _ := filepath.Glob(filepath.Join(images, "*.png"))
	if len(files) < 3 {
		t.Fatalf("%d images written", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("%s is not a PNG (%v)", f, err)
		}
		if !strings.Contains(out, f) {
			t.Errorf("path %s not printed", f)
		}
	}
	out, err = runMain(t, "status\n", "serve", "--db", db, "--images", images, "--user", "carol")
	if err != nil || !strings.Contains(out, "turn 1/8 · movement phase of A") {
		t.Errorf("after a restart: %v\n%s", err, out)
	}
}

// TestDefaultCommandServes: grognard without arguments opens the terminal
// room on $GROGNARD_DB.
func TestDefaultCommandServes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GROGNARD_DB", filepath.Join(dir, "default.db"))
	t.Chdir(dir)
	out, err := runMain(t, "scenarios\n")
	if err != nil || !strings.Contains(out, "gs-1 · Grands Stratèges") {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "default.db")); err != nil {
		t.Errorf("store not created: %v", err)
	}
	if _, err := runMain(t, "", "serve", "--config", filepath.Join(dir, "missing.toml")); err == nil {
		t.Error("a missing config file was accepted")
	}
	if _, err := runMain(t, "", "serve", "extra"); err == nil {
		t.Error("an extra argument was accepted")
	}
}
