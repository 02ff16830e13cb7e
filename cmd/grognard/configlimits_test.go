package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigLimits (issue 14 §5): a configuration file too large or too
// deeply nested is refused before it is parsed, at once; operators and
// flood limits are read and checked.
func TestConfigLimits(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	_, err := ReadConfig(write("nested.toml", "[bot]\nx = "+strings.Repeat("{a=", 4000)+"1"+strings.Repeat("}", 4000)+"\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2: arrays or tables nested more than 20 deep") {
		t.Fatalf("nested config: %v", err)
	}
	if _, err := ReadConfig(write("big.toml", "# "+strings.Repeat("x", maxConfigBytes)+"\n")); err == nil || !strings.Contains(err.Error(), "bytes (the limit)") {
		t.Fatalf("big config: %v", err)
	}
	cfg, err := ReadConfig(write("ok.toml", "[bot]\noperators = [\"discord:123456789012345678\", \"matrix:@ann:example.org\"]\nmax-open-games = 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if ops := cfg.Bot.operators(); len(ops) != 2 || ops[1] != "matrix:@ann:example.org" || cfg.Bot.flood().UserOpenGames != 2 || cfg.Bot.flood().PageLines != 15 {
		t.Fatalf("operators %v, flood %+v", ops, cfg.Bot.flood())
	}
	if _, err := ReadConfig(write("bad.toml", "[bot]\noperators = [\"ann\"]\nmax-line-length = 10\n")); err == nil ||
		!strings.Contains(err.Error(), `bot.operators: "ann"`) || !strings.Contains(err.Error(), "bot.max-line-length is 10") {
		t.Fatalf("bad operators and line length: %v", err)
	}
}
