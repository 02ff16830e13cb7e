package bot

import (
	"fmt"
	"slices"
	"strings"
)

// SlashCommand describes one command for platforms with typed commands
// (Discord application commands), as plain data that the adapter
// translates to its library's types. It is generated from the command
// table.
type SlashCommand struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Localized holds the description by platform locale ("fr").
	Localized map[string]string `json:"description_localizations,omitempty"`
	Options   []SlashOption     `json:"options,omitempty"`
	// AdminOnly: only room administrators may use it (the adapter may set
	// default member permissions).
	AdminOnly bool `json:"admin_only,omitempty"`
	// ManagerOnly: only a server's administrators (the platform's own
	// right to manage the server) may change what it sets; the adapter
	// gives it that default permission whatever admin role is configured.
	ManagerOnly bool `json:"manager_only,omitempty"`
}

// SlashType is an option's type.
type SlashType string

const (
	SlashString  SlashType = "string"
	SlashInteger SlashType = "integer"
	SlashUser    SlashType = "user"
)

// SlashOption is one option of a SlashCommand.
type SlashOption struct {
	Name        string            `json:"name"`
	Type        SlashType         `json:"type"`
	Description string            `json:"description"`
	Localized   map[string]string `json:"description_localizations,omitempty"`
	Required    bool              `json:"required,omitempty"`
	// Autocomplete: the adapter asks App.Complete as the user types.
	Autocomplete bool `json:"autocomplete,omitempty"`
	// Choices is a fixed list of values (at most 25).
	Choices []string `json:"choices,omitempty"`
	// Kind is the table's argument kind, for the adapter's own use.
	Kind ArgKind `json:"kind"`
}

// Discord's limits on names and descriptions.
const (
	slashDescMax = 100
	slashOptsMax = 25
)

// SlashCommands returns the typed-command description of the command
// table of the shipped rulesets: one command per table entry (aliases are
// for typing), options in table order with the required ones first, and
// an optional "game" option on every command that acts on one game.
func SlashCommands() []SlashCommand { return commands.slash() }

// SlashCommands describes the App's own command table (Config.Rulesets).
func (a *App) SlashCommands() []SlashCommand { return a.cmds.slash() }

func (cs commandSet) slash() []SlashCommand {
	var out []SlashCommand
	for _, c := range cs {
		if c.TypedOnly {
			continue
		}
		desc := c.Help
		if c.Short.EN != "" {
			desc = c.Short
		}
		sc := SlashCommand{Name: c.Name, Description: clip(desc.EN), Localized: map[string]string{"fr": clip(desc.FR)}, AdminOnly: c.Who == Admin, ManagerOnly: c.Who == Manager}
		args := slices.Clone(c.Args)
		if c.Game && !slices.ContainsFunc(args, func(a Arg) bool { return a.Kind == ArgGame }) {
			args = append(args, argGame)
		}
		for _, a := range args {
			o := SlashOption{Name: a.Name, Type: SlashString, Description: clip(a.Help.EN), Localized: map[string]string{"fr": clip(a.Help.FR)},
				Required: a.Required, Kind: a.Kind}
			switch a.Kind {
			case ArgNumber:
				o.Type = SlashInteger
			case ArgUser:
				o.Type = SlashUser
			case ArgChoice, ArgSide:
				o.Choices = slices.Clone(a.Choices)
			case ArgUnit, ArgHex, ArgScenario, ArgGame, ArgCard, ArgOfficer, ArgFace:
				o.Autocomplete = true
			case ArgText:
				o.Autocomplete = c.Order
			}
			sc.Options = append(sc.Options, o)
		}
		slices.SortStableFunc(sc.Options, func(x, y SlashOption) int {
			switch {
			case x.Required == y.Required:
				return 0
			case x.Required:
				return -1
			}
			return 1
		})
		if len(sc.Options) > slashOptsMax {
			panic(fmt.Sprintf("bot: command %s has %d options (max %d)", c.Name, len(sc.Options), slashOptsMax))
		}
		out = append(out, sc)
	}
	return out
}

// clip shortens a description to Discord's 100 characters.
func clip(s string) string {
	r := []rune(s)
	if len(r) <= slashDescMax {
		return s
	}
	return strings.TrimSpace(string(r[:slashDescMax-1])) + "…"
}
