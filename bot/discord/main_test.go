package discord

import (
	"flag"
	"os"
	"testing"
)

// TestMain runs more tests at once than -parallel's default (GOMAXPROCS)
// unless -parallel is given: these tests wait far more than they compute
// (discordgo's Session.Close sleeps 1 s; rate limits and reconnections
// wait), so on a 2-core machine the default would leave them queued.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", "8")
	}
	os.Exit(m.Run())
}
