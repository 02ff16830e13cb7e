package bot

import (
	"strings"
	"testing"
)

// TestEveryCommandHasAnExample: help shows an example for every command,
// and the example reads as that command.
func TestEveryCommandHasAnExample(t *testing.T) {
	for _, c := range commands {
		if c.Example == "" {
			t.Errorf("%s has no example (examples.go)", c.Name)
			continue
		}
		p, err := commands.parseText(c.Example)
		if err != nil || p.cmd != c {
			t.Errorf("%s: example %q reads as %v (%v)", c.Name, c.Example, p.cmd, err)
		}
		for _, l := range Langs {
			if h := commandHelp(l, c); !strings.Contains(h, c.Example) {
				t.Errorf("help %s (%s) does not show the example:\n%s", c.Name, l, h)
			}
		}
	}
	for name := range examples {
		if lookup(name) == nil || lookup(name).Name != name {
			t.Errorf("examples.go: no command %q", name)
		}
	}
}

// TestSlashDescriptionsFit: no slash-command or option description is cut
// to Discord's 100 characters; a long help has its Short form.
func TestSlashDescriptionsFit(t *testing.T) {
	for _, sc := range SlashCommands() {
		texts := []string{sc.Description, sc.Localized["fr"]}
		for _, o := range sc.Options {
			texts = append(texts, o.Description, o.Localized["fr"])
		}
		for _, d := range texts {
			if strings.HasSuffix(d, "…") || len([]rune(d)) > slashDescMax {
				t.Errorf("/%s: description cut or too long (%d): %s", sc.Name, len([]rune(d)), d)
			}
		}
	}
}
