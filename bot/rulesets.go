package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/scenarios"
)

// useRulesets sets the rulesets the App plays (all.Rulesets() when none
// are given) and builds its command table from their verbs.
func (a *App) useRulesets(rs []game.Ruleset) error {
	if len(rs) == 0 {
		a.rules = map[string]game.Ruleset{}
		for _, r := range all.Rulesets() {
			a.rules[r.Name()] = r
		}
		a.cmds = commands
		return nil
	}
	cs, err := buildCommands(rs)
	if err != nil {
		return err
	}
	a.rules = map[string]game.Ruleset{}
	for _, r := range rs {
		a.rules[r.Name()] = r
	}
	a.cmds = cs
	return nil
}

// ruleset returns the ruleset the App plays under name.
func (a *App) ruleset(name string) (game.Ruleset, error) {
	if r, ok := a.rules[name]; ok {
		return r, nil
	}
	return nil, fmt.Errorf("%w %q", game.ErrUnknownRuleset, name)
}

// rulesetNames lists the rulesets the App plays, sorted.
func (a *App) rulesetNames() []string {
	var out []string
	for n := range a.rules {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// scenario returns a scenario of Config.Scenarios, else a shipped one.
func (a *App) scenario(id string) (*game.Scenario, error) {
	for _, sc := range a.cfg.Scenarios {
		if strings.EqualFold(sc.ID, id) {
			return sc, nil
		}
	}
	return scenarios.Load(id)
}

// scenarioInfos lists the scenarios of the rulesets the App plays: the
// shipped ones, then Config.Scenarios.
func (a *App) scenarioInfos() []scenarios.Info {
	var out []scenarios.Info
	for _, in := range scenarios.List() {
		if _, ok := a.rules[in.Ruleset]; ok {
			out = append(out, in)
		}
	}
	for _, sc := range a.cfg.Scenarios {
		if _, ok := a.rules[sc.Ruleset]; ok {
			out = append(out, scenarios.Info{ID: sc.ID, Ruleset: sc.Ruleset, Title: sc.Title, Turns: sc.Turns})
		}
	}
	return out
}
