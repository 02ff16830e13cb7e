package bot

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/grognard/grognard/game"
)

var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

func placeholders(s string) []string {
	p := placeholder.FindAllString(s, -1)
	sort.Strings(p)
	return slices.Compact(p)
}

// TestCatalogue fails when a message is missing in a language, when the
// two languages disagree on a message's placeholders, or when the code
// uses a key the catalogue lacks.
func TestCatalogue(t *testing.T) {
	for _, l := range Langs {
		if len(catalogue[l]) == 0 {
			t.Fatalf("no catalogue for %s", l)
		}
	}
	for key, en := range messagesEN {
		fr, ok := messagesFR[key]
		if !ok {
			t.Errorf("%s: missing in French", key)
			continue
		}
		if !slices.Equal(placeholders(en), placeholders(fr)) {
			t.Errorf("%s: placeholders %v in English, %v in French", key, placeholders(en), placeholders(fr))
		}
		if en == "" || fr == "" {
			t.Errorf("%s: empty text", key)
		}
	}
	for key := range messagesFR {
		if _, ok := messagesEN[key]; !ok {
			t.Errorf("%s: missing in English", key)
		}
	}

	// Every literal key the code passes to T, uerr or usageErr.
	files, _ := filepath.Glob("*.go")
	use := regexp.MustCompile(`(?:\bT\([a-zA-Z.]+, |uerr\(|usageErr\(c, |key(?: :)?= )"([a-z0-9-]+\.[a-z0-9.-]+)"`)
	seen := 0
	for _, f := range files {
		if filepath.Ext(f) != ".go" || regexp.MustCompile(`_test\.go$`).MatchString(f) {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			seen++
			for _, l := range Langs {
				if _, ok := catalogue[l][m[1]]; !ok {
					t.Errorf("%s uses %q, missing in %s", f, m[1], l)
				}
			}
		}
	}
	if seen < 100 {
		t.Errorf("found only %d uses of message keys in the code: is the scan broken?", seen)
	}

	// Keys built from data: phases, unit statuses, arms, roles, kinds.
	var dynamic []string
	for _, p := range []string{"setup", "move", "combat", "over"} {
		dynamic = append(dynamic, "phase."+p)
	}
	for _, s := range []string{game.StatusActive, game.StatusEliminated, game.StatusReserve, game.StatusExited, game.StatusHidden, game.StatusPlaced} {
		dynamic = append(dynamic, "unit."+s)
	}
	for _, a := range []string{"infantry", "cavalry", "artillery"} {
		dynamic = append(dynamic, "arm."+a)
	}
	for _, c := range commands {
		dynamic = append(dynamic, "role."+string(c.Who))
		for _, a := range c.Args {
			dynamic = append(dynamic, "kind."+string(a.Kind))
		}
	}
	for _, k := range dynamic {
		for _, l := range Langs {
			if _, ok := catalogue[l][k]; !ok {
				t.Errorf("%s: missing in %s", k, l)
			}
		}
	}
}

func TestT(t *testing.T) {
	if got := T(FR, "join.seated", "user", "@ann", "side", game.SideB, "game", "g3"); got != "@ann prend le camp B dans g3." {
		t.Errorf("T = %q", got)
	}
	if got := T(EN, "no.such.key"); got != "[no.such.key]" {
		t.Errorf("missing key = %q", got)
	}
	for in, want := range map[string]Lang{"fr": FR, "fr-CA": FR, "en_GB": EN, " EN ": EN} {
		if l, ok := ParseLang(in); !ok || l != want {
			t.Errorf("ParseLang(%q) = %q, %v", in, l, ok)
		}
	}
	if _, ok := ParseLang("de"); ok {
		t.Error("ParseLang(de) accepted")
	}
}
