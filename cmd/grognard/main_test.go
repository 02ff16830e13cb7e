package main

import (
	"os"
	"testing"

	"github.com/grognard/grognard/internal/pgtest"
)

// testPG is the package's PostgreSQL server, started by the first test
// that asks it for a database (pgtest.Shared).
var testPG pgtest.Shared

func TestMain(m *testing.M) {
	if os.Getenv(asGrognard) == "1" { // a `grognard` child of a multi-process test (scaleout_test.go)
		main()
		os.Exit(0)
	}
	os.Exit(testPG.Run(m))
}
