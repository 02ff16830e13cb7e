package main

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadConfig: ReadConfig never panics on any file, and a file it
// accepts is a valid configuration.
//
//	go test ./cmd/grognard -run XXX -fuzz FuzzReadConfig -fuzztime 10m -parallel 1
func FuzzReadConfig(f *testing.F) {
	if b, err := os.ReadFile("../../config.example.toml"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("[bot]\nlanguage = \"fr\"\nrate-limit = 2\nrate-burst = 1\n"))
	f.Add([]byte("[deadlines]\nphase = \"48h\"\nreminders = \"50% 2h\"\ntime-zone = \"Europe/Paris\"\n"))
	f.Add([]byte("[matrix]\nprefix = \"!g\"\nthreads = \"auto\"\n[discord]\n"))
	f.Add([]byte("a = [[[[[[1]]]]]]\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		p := filepath.Join(dir, "fuzz.toml")
		if err := os.WriteFile(p, src, 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := ReadConfig(p)
		if err != nil {
			return
		}
		if err := cfg.validate(p); err != nil {
			t.Fatalf("accepted a configuration that does not validate: %v", err)
		}
	})
}
