package bot

import (
	"fmt"
	"strings"
)

// help lists the commands by group, or explains one.
func (c *call) help() error {
	l := c.lang
	if name := c.p.args["command"]; name != "" {
		cmd := c.a.cmds.lookup(strings.TrimPrefix(name, "/"))
		if cmd == nil {
			return c.a.cmds.unknown(name)
		}
		c.reply(commandHelp(l, cmd))
		return nil
	}
	lines := []string{T(l, "help.title")}
	// With several rulesets, their orders are named, a line a ruleset
	// (help <order> explains one): the full list would not fit a chat
	// message.
	var titles []string
	byRuleset := map[string][]string{}
	for _, cmd := range c.a.cmds {
		for _, v := range cmd.Variants {
			if _, ok := byRuleset[v.Ruleset]; !ok {
				titles = append(titles, v.Ruleset)
			}
			byRuleset[v.Ruleset] = append(byRuleset[v.Ruleset], cmd.Name)
		}
	}
	compact := len(titles) > 1
	for _, g := range groupOrder {
		lines = append(lines, "", groupTitle[g].In(l)+":")
		if g == GroupOrders && compact {
			for _, t := range titles {
				lines = append(lines, fmt.Sprintf("  %s: %s", t, strings.Join(byRuleset[t], ", ")))
			}
		}
		for _, cmd := range c.a.cmds {
			if cmd.Group == g && !(compact && len(cmd.Variants) > 0) {
				lines = append(lines, fmt.Sprintf("  %s — %s", cmd.Usage(), cmd.Help.In(l)))
			}
		}
	}
	lines = append(lines, "", T(l, "help.footer"))
	c.reply(strings.Join(lines, "\n"))
	return nil
}

// commandHelp explains one command: usage, aliases, who, arguments.
func commandHelp(l Lang, cmd *Command) string {
	lines := []string{cmd.Usage(), cmd.Help.In(l)}
	if len(cmd.Aliases) > 0 {
		lines = append(lines, T(l, "help.aliases", "aliases", strings.Join(cmd.Aliases, ", ")))
	}
	lines = append(lines, T(l, "help.who", "who", T(l, "role."+string(cmd.Who))))
	for _, a := range cmd.Args {
		lines = append(lines, fmt.Sprintf("  %s (%s) — %s", a.Name, T(l, "kind."+string(a.Kind)), a.Help.In(l)))
	}
	if len(cmd.Variants) > 0 && cmd.sameEverywhere() {
		lines = append(lines, T(l, "help.rules", "rules", cmd.rulesText()))
	} else {
		for _, v := range cmd.Variants {
			lines = append(lines, T(l, "help.variant", "ruleset", v.Ruleset, "usage", v.Usage, "help", v.Help.In(l), "rule", v.Rule))
		}
	}
	if cmd.Example != "" {
		lines = append(lines, T(l, "help.example", "example", cmd.Example))
	}
	if cmd.Game {
		lines = append(lines, T(l, "help.game-prefix", "example", "g2 "+cmd.Name))
	}
	if cmd.TypedOnly {
		lines = append(lines, T(l, "help.typed-only", "name", cmd.Name))
	}
	return strings.Join(lines, "\n")
}
