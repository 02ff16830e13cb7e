package main

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestAdminDocListsEveryKey: docs/admin.md has a row for every key of
// every section of Config, under that section's heading.
func TestAdminDocListsEveryKey(t *testing.T) {
	b, err := os.ReadFile("../../docs/admin.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	sections := map[string]string{}
	for _, part := range strings.Split(doc, "\n### `[")[1:] {
		name, body, _ := strings.Cut(part, "]`")
		sections[name] = body
	}
	ct := reflect.TypeFor[Config]()
	for i := range ct.NumField() {
		sf := ct.Field(i)
		sec := sf.Tag.Get("toml")
		body, ok := sections[sec]
		if !ok {
			t.Errorf("docs/admin.md has no section ### `[%s]`", sec)
			continue
		}
		for j := range sf.Type.NumField() {
			key := sf.Type.Field(j).Tag.Get("toml")
			if key != "" && !strings.Contains(body, "| `"+key+"` |") {
				t.Errorf("docs/admin.md, section [%s], has no row for key %s", sec, key)
			}
		}
	}
	for _, e := range configEnv {
		if !strings.Contains(doc, "`"+e.name+"`") {
			t.Errorf("docs/admin.md does not list %s", e.name)
		}
	}
}
