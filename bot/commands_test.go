package bot

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/commands.md")

const commandsDoc = "../docs/commands.md"

// TestCommandsDoc fails when docs/commands.md is not what the command
// table generates; go test ./bot -run TestCommandsDoc -update rewrites it.
func TestCommandsDoc(t *testing.T) {
	want := CommandsMarkdown()
	got, err := os.ReadFile(commandsDoc)
	if *update {
		if err := os.WriteFile(commandsDoc, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v (go test ./bot -run TestCommandsDoc -update writes it)", err)
	}
	if string(got) != want {
		t.Errorf("%s is stale: go test ./bot -run TestCommandsDoc -update", commandsDoc)
	}
	for _, c := range commands {
		if !strings.Contains(want, "### `"+c.Usage()+"`") {
			t.Errorf("the doc lacks %s", c.Name)
		}
	}
}

func TestCommandTable(t *testing.T) {
	names := map[string]string{}
	for _, c := range commands {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if o, dup := names[n]; dup {
				t.Errorf("%q names both %s and %s", n, o, c.Name)
			}
			names[n] = c.Name
			if isGameRef(n) {
				t.Errorf("%s: name %q looks like a game id", c.Name, n)
			}
		}
		if c.Help.EN == "" || c.Help.FR == "" {
			t.Errorf("%s: help missing in a language", c.Name)
		}
		if c.run == nil {
			t.Errorf("%s: no handler", c.Name)
		}
		if c.Who == "" || c.Group == "" {
			t.Errorf("%s: no role or group", c.Name)
		}
		rest := false
		for _, a := range c.Args {
			if a.Help.EN == "" || a.Help.FR == "" {
				t.Errorf("%s %s: help missing in a language", c.Name, a.Name)
			}
			if (a.Kind == ArgChoice || a.Kind == ArgSide) && len(a.Choices) == 0 {
				t.Errorf("%s %s: a %s argument needs choices", c.Name, a.Name, a.Kind)
			}
			if rest && a.Keyword == "" && a.Kind != ArgOptions {
				t.Errorf("%s %s: a positional argument after a Rest one can never be read", c.Name, a.Name)
			}
			rest = rest || a.Rest
		}
		if lookup(strings.ToUpper(c.Name)) != c {
			t.Errorf("lookup(%s) is not case-insensitive", c.Name)
		}
	}
}

// TestSlashCommands checks the typed-command description against
// Discord's rules for application commands.
func TestSlashCommands(t *testing.T) {
	name := regexp.MustCompile(`^[-_a-z0-9]{1,32}$`)
	cmds := SlashCommands()
	typed := 0
	for _, c := range commands {
		if c.TypedOnly {
			typed++
		}
	}
	if len(cmds) != len(commands)-typed {
		t.Fatalf("%d slash commands for %d commands, %d of them typed-only", len(cmds), len(commands), typed)
	}
	byName := map[string]SlashCommand{}
	for _, sc := range cmds {
		byName[sc.Name] = sc
		if !name.MatchString(sc.Name) {
			t.Errorf("command name %q", sc.Name)
		}
		if n := len([]rune(sc.Description)); n < 1 || n > 100 {
			t.Errorf("%s: description of %d characters", sc.Name, n)
		}
		if n := len([]rune(sc.Localized["fr"])); n < 1 || n > 100 {
			t.Errorf("%s: French description of %d characters", sc.Name, n)
		}
		optional := false
		for _, o := range sc.Options {
			if !name.MatchString(o.Name) {
				t.Errorf("%s: option name %q", sc.Name, o.Name)
			}
			if n := len([]rune(o.Description)); n < 1 || n > 100 {
				t.Errorf("%s %s: description of %d characters", sc.Name, o.Name, n)
			}
			if o.Required && optional {
				t.Errorf("%s %s: required option after an optional one", sc.Name, o.Name)
			}
			optional = optional || !o.Required
			if len(o.Choices) > 25 || len(o.Choices) > 0 && o.Autocomplete {
				t.Errorf("%s %s: choices %v with autocomplete %v", sc.Name, o.Name, o.Choices, o.Autocomplete)
			}
		}
	}
	move := byName["move"]
	if len(move.Options) != 3 || move.Options[0].Name != "unit" || !move.Options[0].Autocomplete || move.Options[1].Kind != ArgHex || move.Options[2].Name != "game" {
		t.Errorf("move: %+v", move.Options)
	}
	if n := byName["new"]; n.Options[1].Type != SlashUser || len(n.Options[2].Choices) != 3 {
		t.Errorf("new: %+v", n.Options)
	}
	if !byName["adjudicate"].AdminOnly || byName["board"].AdminOnly {
		t.Error("admin-only flags")
	}
	if byName["choose"].Options[0].Type != SlashInteger {
		t.Errorf("choose: %+v", byName["choose"].Options)
	}
}

func TestParseText(t *testing.T) {
	cases := []struct {
		in    string
		cmd   string
		game  string
		order string
		args  map[string]string
		err   string
	}{
		{in: "new gs-1 vs @bob side random combined-arms=on long-range=on", cmd: "new",
			args: map[string]string{"scenario": "gs-1", "opponent": "@bob", "side": "random", "options": "combined-arms=on long-range=on"}},
		{in: "new gs-1 side b", cmd: "new", args: map[string]string{"scenario": "gs-1", "side": "B"}},
		{in: "challenge gs-2", cmd: "new", args: map[string]string{"scenario": "gs-2"}},
		{in: "g7 move A3 0512", cmd: "move", game: "g7", order: "move A3 0512"},
		{in: "G7   Move  A3   0512  ", cmd: "move", game: "g7", order: "move A3 0512"},
		{in: "fin", cmd: "end", order: "end"},
		{in: "g2 2", cmd: "choose", game: "g2", args: map[string]string{"number": "2"}},
		{in: "3", cmd: "choose", args: map[string]string{"number": "3"}},
		{in: "frobnicate A1 B2", err: "parse.unknown-command"},
		{in: "adc", cmd: "aide-de-camp", order: "aide-de-camp"},
		{in: "aide", cmd: "help", args: map[string]string{}},
		{in: "prêt", cmd: "ready", order: "ready"},
		{in: "g2 rally all", cmd: "rally", game: "g2", order: "rally all"},
		{in: "join g4", cmd: "join", game: "g4", args: map[string]string{"game": "g4"}},
		{in: "board g3", cmd: "board", game: "g3", args: map[string]string{}},
		{in: "g3", cmd: "status", game: "g3"},
		{in: "zoom 0512 4", cmd: "zoom", args: map[string]string{"hex": "0512", "radius": "4"}},
		{in: "rules zone of control", cmd: "rules", args: map[string]string{"topic": "zone of control"}},
		{in: "draw OFFER", cmd: "draw", args: map[string]string{"action": "offer"}},
		{in: "lang fr room", cmd: "lang", args: map[string]string{"language": "fr", "scope": "room"}},
		{in: "swap a @carol", cmd: "swap", args: map[string]string{"side": "A", "user": "@carol"}},
		{in: "draw", cmd: "draw", args: map[string]string{}},
		{in: "concede", cmd: "concede", args: map[string]string{}},
		{in: "abandon OUI", cmd: "concede", args: map[string]string{"confirm": "oui"}},
		{in: "concede maybe", err: "parse.choice"},
		{in: "zoom (5, 12) 2", cmd: "zoom", args: map[string]string{"hex": "(5,12)", "radius": "2"}},
		{in: "g1 move A3 (5, 12)", cmd: "move", game: "g1", order: "move A3 (5,12)"},
		{in: "draw maybe", err: "parse.choice"},
		{in: "zoom 0512 x", err: "parse.number"},
		{in: "history 5 6", err: "parse.extra"},
		{in: "new gs-1 vs", err: "parse.missing-value"},
		{in: "   ", err: "empty"},
	}
	for _, tc := range cases {
		p, err := commands.parseText(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %s", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		name := p.cmd.Name
		if name != tc.cmd || p.game != tc.game || p.order != tc.order {
			t.Errorf("%q: command %s game %q order %q, want %s %q %q", tc.in, name, p.game, p.order, tc.cmd, tc.game, tc.order)
		}
		for k, v := range tc.args {
			if p.args[k] != v {
				t.Errorf("%q: %s = %q, want %q", tc.in, k, p.args[k], v)
			}
		}
	}
}

func TestTypedOrder(t *testing.T) {
	if got := typedOrder(lookup("move"), map[string]string{"unit": "A3", "to": "0511 0512", "game": "g2"}); got != "move A3 0511 0512" {
		t.Errorf("typedOrder = %q", got)
	}
	if got := typedOrder(lookup("ready"), nil); got != "ready" {
		t.Errorf("typedOrder = %q", got)
	}
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]string{"90m": "1h30m0s", "48h": "48h0m0s", "5d": "120h0m0s", "1d12h": "36h0m0s"} {
		d, err := ParseDuration(in)
		if err != nil || d.String() != want {
			t.Errorf("ParseDuration(%q) = %v, %v", in, d, err)
		}
	}
	for _, in := range []string{"", "0d", "x", "-3h", "2w"} {
		if _, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) accepted", in)
		}
	}
}
