package game

import (
	"slices"
	"strings"
)

// MergeOptions combines a scenario's option defaults with the options a
// game was created with (the game's win) and checks every name and value
// against the ruleset's specs. A refusal names the option and what it
// takes, and is safe to show to the player who created the game.
func MergeOptions(specs []OptionSpec, scenario, chosen Options) (Options, error) {
	out := Options{}
	for k, v := range scenario {
		out[k] = v
	}
	for k, v := range chosen {
		out[k] = v
	}
	for k, v := range out {
		i := slices.IndexFunc(specs, func(o OptionSpec) bool { return o.Name == k })
		if i < 0 {
			var names []string
			for _, o := range specs {
				names = append(names, o.Name)
			}
			return nil, Reject("bad-option", "", "game.option.unknown", "name", Plain(k), "options", strings.Join(names, ", "))
		}
		if vs := specs[i].Values; len(vs) > 0 && !slices.Contains(vs, v) {
			return nil, Reject("bad-option", specs[i].Rule, "game.option.value", "name", k, "values", Or(vs...), "value", Plain(v))
		}
	}
	return out, nil
}

// Value is the option's value, or its documented default.
func (o Options) Value(specs []OptionSpec, name string) string {
	if v, ok := o[name]; ok {
		return v
	}
	for _, s := range specs {
		if s.Name == name {
			return s.Default
		}
	}
	return ""
}
