package casetest

import "testing"

func TestParse(t *testing.T) {
	c, s := Parse("# GS-TC-01 header\nmore\n-- position.toml --\nid = 1\n-- orders --\nA: end\n-- expect2 --\nok 1\n")
	if c != "# GS-TC-01 header\nmore\n" || s["position.toml"] != "id = 1\n" || s["orders"] != "A: end\n" || s["expect2"] != "ok 1\n" {
		t.Errorf("comment %q sections %q", c, s)
	}
	if v := variants(map[string]string{"position.toml": "", "position3.toml": "", "orders": ""}); len(v) != 2 || v[0] != "" || v[1] != "3" {
		t.Errorf("variants %q", v)
	}
}
