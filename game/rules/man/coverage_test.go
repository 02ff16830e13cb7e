package man_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/internal/casetest"
)

// TestRuleCoverage traces every rule id of testdata/ruleids.txt (every id
// of the digest) to the case files and Go tests that cite it, or to an
// explicit entry: every id is traced now, so an untraced one fails
// (casetest.CheckCoverage), as does a case file citing an id the digest
// does not have (a typo).
func TestRuleCoverage(t *testing.T) {
	casetest.CheckCoverage(t, "testdata")
	traces, err := casetest.Coverage("testdata")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	var untraced []string
	for _, tr := range traces {
		known[tr.ID] = true
		if !tr.Traced() {
			untraced = append(untraced, tr.ID)
		}
	}
	t.Logf("%d of %d rule ids traced; untraced: %s", len(traces)-len(untraced), len(traces), strings.Join(untraced, " "))
	files, _ := os.ReadDir("testdata/cases")
	cite := regexp.MustCompile(`\bMAN-(?:TC-[TD]\d+|P-\d+|A-\d+|\d+(?:\.\d+)*[a-z]?)\b`)
	for _, f := range files {
		b, err := os.ReadFile("testdata/cases/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		header, _, _ := strings.Cut(string(b), "\n-- ")
		for _, id := range cite.FindAllString(header, -1) {
			if !known[id] {
				t.Errorf("%s cites %s, which is not a rule id of the digest", f.Name(), id)
			}
		}
	}
	// Every worked example of the digest has a case file or a test.
	for _, tr := range traces {
		if strings.HasPrefix(tr.ID, "MAN-TC-") && !tr.Traced() && !slices.Contains(notYet, tr.ID) {
			t.Errorf("worked example %s has no case file or test", tr.ID)
		}
	}
}

// notYet lists the worked examples without a case yet.
var notYet = []string{}
