// Package all is the explicit list of rulesets grognard ships. Adding a
// game means adding it here; nothing registers itself.
package all

import (
	"fmt"
	"sort"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/game/rules/gs"
	"github.com/grognard/grognard/game/rules/man"
	"github.com/grognard/grognard/game/rules/ptg"
	"github.com/grognard/grognard/game/rules/sdc"
)

var rulesets = map[string]game.Ruleset{}

func init() {
	add(flg.New())
	add(gs.New())
	add(man.New())
	add(ptg.New())
	add(sdc.New())
}

func add(r game.Ruleset) { rulesets[r.Name()] = r }

// Get returns the ruleset with the given short name ("gs").
func Get(name string) (game.Ruleset, error) {
	if r, ok := rulesets[name]; ok {
		return r, nil
	}
	return nil, fmt.Errorf("%w %q", game.ErrUnknownRuleset, name)
}

// Names lists the registered rulesets in sorted order.
func Names() []string {
	out := make([]string, 0, len(rulesets))
	for k := range rulesets {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Rulesets lists the registered rulesets, sorted by name.
func Rulesets() []game.Ruleset {
	var out []game.Ruleset
	for _, n := range Names() {
		out = append(out, rulesets[n])
	}
	return out
}
