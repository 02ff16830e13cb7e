package game

import (
	"strings"
	"testing"
)

func TestMergeOptions(t *testing.T) {
	specs := []OptionSpec{{Name: "charges", Default: "off", Values: []string{"on", "off"}, Rule: "GS-8"}, {Name: "note", Default: "x"}}
	got, err := MergeOptions(specs, Options{"charges": "on", "note": "a"}, Options{"note": "b"})
	if err != nil || got["charges"] != "on" || got["note"] != "b" {
		t.Fatalf("%v %v", got, err)
	}
	if got.Value(specs, "note") != "b" || (Options{}).Value(specs, "charges") != "off" || (Options{}).Value(specs, "nope") != "" {
		t.Error("Value")
	}
	if _, err := MergeOptions(specs, nil, Options{"bogus": "1"}); err == nil || !strings.Contains(err.Error(), "charges, note") {
		t.Errorf("unknown option: %v", err)
	}
	re, ok := AsRuleError(func() error { _, err := MergeOptions(specs, nil, Options{"charges": "yes"}); return err }())
	if !ok || re.Rule != "GS-8" || !strings.Contains(re.Msg, "on or off") {
		t.Errorf("bad value: %v", re)
	}
}
