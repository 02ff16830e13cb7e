package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDockerImageKeepsGamesInData: the image's store is on its volume,
// and the example configuration it runs with does not move it (the
// environment beats the file): what `docker run` on the image does,
// without Docker.
func TestDockerImageKeepsGamesInData(t *testing.T) {
	b, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(b)
	env := regexp.MustCompile(`(?m)^ENV GROGNARD_DB=(\S+)$`).FindStringSubmatch(df)
	if env == nil || !strings.HasPrefix(env[1], "/data/") {
		t.Fatalf("the image sets no GROGNARD_DB under /data: %v", env)
	}
	for _, want := range []string{`VOLUME ["/data"]`, "--chown=65532:65532", "USER nonroot", `"--config", "/etc/grognard/config.toml"`, "COPY config.example.toml /etc/grognard/config.toml"} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	example, _ := filepath.Abs("../../config.example.toml")
	t.Setenv("GROGNARD_DB", env[1])
	cfg, err := ReadConfig(example)
	if err != nil || cfg.Store.Path != env[1] {
		t.Fatalf("serve --config config.example.toml in the image would open %q (%v), want %s", cfg.Store.Path, err, env[1])
	}
}
