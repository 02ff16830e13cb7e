package bot

import (
	"fmt"
	"strings"
)

// CommandsMarkdown is docs/commands.md, generated from the command table
// (a test keeps the file in step: go test ./bot -run TestCommandsDoc
// -update rewrites it).
func CommandsMarkdown() string {
	var b strings.Builder
	b.WriteString(`# Commands

<!-- Generated from the command table (bot/commands.go) and the rulesets'
     declared verbs (game.Verber) by
     go test ./bot -run TestCommandsDoc -update
     Do not edit by hand. -->

The same commands work on every platform: typed as a line in a Matrix room
or in the terminal room (` + "`grognard serve`" + ` without chat credentials), or as
Discord slash commands with typed, autocompleted options.

- A room may hold several games. A command for one of them starts with its
  id: ` + "`g7 move A3 0512`" + `, ` + "`g7 board`" + `. Without it the bot takes your only
  game in the room (or the room's only game, for spectators).
- Orders (` + "`move`, `attack`" + ` …) are written in the game's own notation and
  checked by its rules engine; a refused order comes back to you alone with the rule id,
  the reason and the nearest legal orders.
- A pending decision is answered by its number: ` + "`choose 2`" + `, or just ` + "`2`" + `.
- Every command also has a French help text; ` + "`lang fr`" + ` switches your replies
  to French.

Who may use a command: **anyone** in the room (spectators included),
a **player** seated in the game (for their own side), or a room
**admin** (the platform's own notion: Discord Manage Server or the
server's admin role, Matrix power level). A **manager** command is read by
anyone and changed by a server administrator only (Discord Manage Server,
Matrix power level).

`)
	for _, g := range groupOrder {
		fmt.Fprintf(&b, "## %s / %s\n\n", groupTitle[g].EN, groupTitle[g].FR)
		for _, c := range commands {
			if c.Group != g {
				continue
			}
			fmt.Fprintf(&b, "### `%s`\n\n", c.Usage())
			fmt.Fprintf(&b, "%s\n\n*fr :* %s\n\n", capitalize(c.Help.EN), capitalize(c.Help.FR))
			if len(c.Variants) > 0 && c.sameEverywhere() {
				fmt.Fprintf(&b, "- rules: %s\n", c.rulesText())
			} else {
				for _, v := range c.Variants {
					fmt.Fprintf(&b, "- in %s: `%s` — %s (%s) / *fr :* %s\n", v.Ruleset, v.Usage, v.Help.EN, v.Rule, v.Help.FR)
				}
			}
			if c.Example != "" {
				fmt.Fprintf(&b, "- example: `%s`\n", c.Example)
			}
			fmt.Fprintf(&b, "- who: %s\n", c.Who)
			if len(c.Aliases) > 0 {
				fmt.Fprintf(&b, "- aliases: %s\n", "`"+strings.Join(c.Aliases, "`, `")+"`")
			}
			if c.Game {
				fmt.Fprintf(&b, "- acts on one game: `g7 %s …`\n", c.Name)
			}
			if c.Order {
				b.WriteString("- a game order: the text goes to the rules engine as typed\n")
			}
			if c.TypedOnly {
				fmt.Fprintf(&b, "- on Discord: no slash command of its own (Discord's %d are taken): `/order text:%s …`\n", SlashMax, c.Name)
			}
			if len(c.Args) > 0 {
				b.WriteString("\n| argument | type | required | help | aide |\n|---|---|---|---|---|\n")
				for _, a := range c.Args {
					req := ""
					if a.Required {
						req = "yes"
					}
					kind := string(a.Kind)
					if len(a.Choices) > 0 {
						kind += ": " + strings.Join(a.Choices, ", ")
					}
					if a.Keyword != "" {
						kind += " (after `" + a.Keyword + "`)"
					}
					fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", a.Name, kind, req, a.Help.EN, a.Help.FR)
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:]) + "."
}
