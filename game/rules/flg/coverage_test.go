package flg_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/grognard/grognard/internal/casetest"
)

// TestRuleCoverage traces every rule id of testdata/ruleids.txt (every id
// of the digest) to the case files and Go tests that cite it. The ruleset
// is not complete (see STATUS in doc.go): the untraced ids are listed,
// not failed; what fails is a case file citing an id the digest does not
// have (a typo), and a worked example of §7 that had a case losing it.
func TestRuleCoverage(t *testing.T) {
	traces, err := casetest.Coverage("testdata")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	var untraced, examples []string
	for _, tr := range traces {
		known[tr.ID] = true
		if !tr.Traced() {
			untraced = append(untraced, tr.ID)
		} else if strings.HasPrefix(tr.ID, "FLG-TC-") {
			examples = append(examples, tr.ID)
		}
	}
	t.Logf("%d of %d rule ids traced, %d worked examples; untraced: %s", len(traces)-len(untraced), len(traces), len(examples), strings.Join(untraced, " "))
	files, _ := os.ReadDir("testdata/cases")
	cite := regexp.MustCompile(`\bFLG-(?:TC-\d+|P-\d+|T\d+|A\d(?:\.\d+)?|\d+\.\d+[a-d]?)\b`)
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
		if name := strings.TrimSuffix(f.Name(), ".txtar"); strings.HasPrefix(name, "FLG-TC-") && !known[name] {
			t.Errorf("case file %s is not named after a worked example of the digest", f.Name())
		}
	}
	if len(examples) < minExamples {
		t.Errorf("%d worked examples traced, fewer than the %d already covered", len(examples), minExamples)
	}
}

// minExamples is the number of §7 worked examples with a case file or a
// test; it only grows.
const minExamples = 125
