package main

import (
	"os"
	"testing"

	"github.com/grognard/grognard/internal/pgtest"
)

// testPG is the package's PostgreSQL server, started by the first test
// that asks it for a database (pgtest.Shared).
var testPG pgtest.Shared

func TestMain(m *testing.M) { os.Exit(testPG.Run(m)) }
