package playtest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// SoakEnv is the environment variable that turns the long randomized soak
// on (docs/testing.md). Unset or empty, the random-playout tests play a
// small fixed set of games, so that `go test -race ./...` stays within
// minutes on a small machine. "1" (or "true") plays every scenario to the
// end with every seed and option set; a duration ("20m") does that and then
// keeps playing fresh seeds until the duration has passed since the test
// started.
const SoakEnv = "GROGNARD_SOAK"

// Soak reads SoakEnv: whether the soak was asked for, and for how long to
// keep playing fresh seeds after the fixed soak set (zero: no extra games).
// A value that is neither a boolean nor a duration is an error, so that a
// mistyped CI setting does not silently run the short suite.
func Soak() (on bool, extra time.Duration, err error) {
	v := strings.TrimSpace(os.Getenv(SoakEnv))
	if v == "" {
		return false, 0, nil
	}
	if b, err := strconv.ParseBool(v); err == nil {
		return b, 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return false, 0, fmt.Errorf("%s=%q: want 1, 0 or a duration such as 20m", SoakEnv, v)
	}
	return true, d, nil
}
