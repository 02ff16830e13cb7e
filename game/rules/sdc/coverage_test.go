package sdc_test

import (
	"regexp"
	"testing"

	"github.com/grognard/grognard/internal/casetest"
)

// TestRuleCoverage fails on a rule id of testdata/ruleids.txt (every id
// of the digest, its worked examples among them) that no case file or
// test cites and that has no explicit entry, and on a case file citing an
// id the digest does not have (a typo) or named like a worked example the
// digest does not have. See docs/coverage.md, written by grognard
// coverage.
func TestRuleCoverage(t *testing.T) {
	casetest.CheckCoverage(t, "testdata")
	casetest.CheckCitations(t, "testdata", regexp.MustCompile(`\b(?:SDC-T-[A-Z]+-\d+|SDC-[QGC]\.\d+|SDC-\d+\.\d+|TBL-\d+)\b`), "SDC-T-")
}
