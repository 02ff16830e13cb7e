package ptg_test

import (
	"testing"

	"github.com/grognard/grognard/internal/casetest"
)

// TestRuleCoverage fails on a rule id of testdata/ruleids.txt (every id
// of the digest) that no case file or test cites and that has no explicit
// entry (no behaviour / option, off by default: case X / not applicable
// because …). See docs/coverage.md, written by grognard coverage.
func TestRuleCoverage(t *testing.T) {
	casetest.CheckCoverage(t, "testdata")
}
