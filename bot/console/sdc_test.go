package console

import (
	"strings"
	"testing"
)

// TestSdcCombat plays a Le son du canon ! activation through the terminal
// room (testdata/sdc/contact.txt): alice's element moves into contact,
// bob answers the reaction, and the combat is resolved with its totals.
func TestSdcCombat(t *testing.T) {
	h := scenarioHarness(t, "testdata/sdc/contact.toml")
	got := runTranscriptWith(t, "testdata/sdc/contact.txt", h)
	shows(t, got, "contact: GB1-2 may react", "1. GB1-2 tries to form square", "GA1-1 attacks GB1-1 (front)", "GB1-1 recoils")
}

// TestSdcArmySecret: in testdata/sdc.txt alice builds her army with an
// exchange (x=X1, three elite infantry in her first brigade); until both
// armies are revealed bob receives nothing of it, only that A has chosen.
func TestSdcArmySecret(t *testing.T) {
	got := runTranscriptWith(t, "testdata/sdc.txt", newHarness(t))
	before, _, ok := strings.Cut(got, "both armies are revealed")
	if !ok {
		t.Fatal("the armies are never revealed")
	}
	recv := received(before, "alice", "bob")
	if s := recv["bob"]; strings.Contains(s, "x=X1 b1") || strings.Contains(s, "LI3") || strings.Contains(s, "EI3") || !strings.Contains(s, "g1 · A (alice) · (secret order)") {
		t.Errorf("bob, before the reveal, received:\n%s", s)
	}
	if !strings.Contains(recv["alice"], "x=X1 b1=LI3 EI3 HC1") {
		t.Error("alice does not read her own army back")
	}
}
