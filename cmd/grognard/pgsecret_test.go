package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestPostgresPasswordNotPrinted: a password in a PostgreSQL URL (as its
// userinfo, or as the password or sslpassword parameter pgx reads in its
// query) appears in no output of the store's commands, no operator log
// and no error: migrate, check, backup and serve on a database that
// answers; serve, check and migrate on one that refuses (no such
// database), on a malformed URL, and on a URL of another scheme.
func TestPostgresPasswordNotPrinted(t *testing.T) {
	for _, v := range []string{"GROGNARD_DISCORD_TOKEN", "GROGNARD_MATRIX_ACCESS_TOKEN", "GROGNARD_MATRIX_PASSWORD"} {
		t.Setenv(v, "")
	}
	const secret = "Zq7sEcretPw"
	db := toyStore(t)
	base := testPG.NewDatabase(t) // postgres://grognard@/NAME?host=…
	withPW := strings.Replace(base, "grognard@", "grognard:"+secret+"@", 1)
	inQuery := base + "&password=" + secret + "&sslpassword=" + secret
	missing := strings.Replace(withPW, "@/", "@/nosuchdb", 1)
	missing = missing[:strings.Index(missing, "?")] + base[strings.Index(base, "?"):]
	missing = strings.Replace(missing, "grognard@", "grognard:"+secret+"@", 1)
	run := func(stdin string, args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
		err := m.Run(context.Background(), args)
		text := out.String() + errb.String()
		if err != nil {
			text += "\nerror: " + err.Error()
		}
		if strings.Contains(text, secret) {
			t.Errorf("grognard %s printed the password:\n%s", strings.Join(args, " "), text)
		}
		return text
	}
	images := filepath.Join(t.TempDir(), "img")
	bak := filepath.Join(t.TempDir(), "b.db")
	for i, url := range []string{withPW, inQuery} {
		if i == 0 {
			if out := run("", "migrate", "--from", db, "--to", url); !strings.Contains(out, "2 games") {
				t.Fatalf("migrate: %s", out)
			}
		} else {
			run("", "migrate", "--from", db, "--to", url) // refused: not empty
		}
		if out := run("", "check", "--db", url); !strings.Contains(out, "2 games") {
			t.Fatalf("check: %s", out)
		}
		run("", "backup", bak, "--db", url)
		if out := run("status\n/quit\n", "serve", "--db", url, "--images", images); !strings.Contains(out, "store postgres://") {
			t.Fatalf("serve: %s", out)
		}
	}
	for _, url := range []string{missing, missing + "&password=" + secret,
		"postgres://ann:" + secret + "@[::1/db?password=" + secret,
		"mysql://ann:" + secret + "@db.example.org/grognard"} {
		run("", "serve", "--db", url, "--images", images)
		run("", "check", "--db", url)
		run("", "migrate", "--from", db, "--to", url)
		run("", "bench", "--db", url, "--games", "1", "--orders", "1")
	}
}

// TestBenchPartArgs: the parts of `grognard bench --processes N` get the
// store's URL, which may hold a password, by the environment, not on
// their command line (which ps shows every user of the machine).
func TestBenchPartArgs(t *testing.T) {
	const url = "postgres://ann:Zq7sEcretPw@db.example.org/grognard"
	for _, args := range [][]string{
		{"--db", url, "--processes", "2", "--games", "4"},
		{"--games=4", "--db=" + url, "--processes=2"},
	} {
		got := strings.Join(benchPartArgs(args, 1, 2), " ")
		if strings.Contains(got, "Zq7sEcretPw") || strings.Contains(got, "processes") || !strings.Contains(got, "--part 1/2") || !strings.Contains(got, "4") {
			t.Errorf("part's command line for %q: %s", args, got)
		}
	}
}
