package discord

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/grognard/grognard/bot"
)

// orderCommand is the adapter's own slash command: any line as it would be
// typed in a chat ("g2 move A3 0512", "withdraw B4", "2"), for players who
// prefer typing a whole order to filling options, and for the orders that
// have no slash command of their own (bot.Command.TypedOnly). Its text is
// completed with the asker's legal orders (App.CompleteLine).
const orderCommand = "order"

// SlashCommands translates the bot's command table into Discord
// application commands. Administrator commands get Manage Server as their
// default permission unless an admin role is configured (then Discord
// shows them to everyone and the bot checks the role); every command is
// for servers only.
func SlashCommands(cfg Config) []*discordgo.ApplicationCommand {
	return slashCommands(cfg, bot.SlashCommands())
}

// slashCommands translates a command table (the App's: its rulesets'
// orders).
func slashCommands(cfg Config, scs []bot.SlashCommand) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	for _, sc := range scs {
		c := &discordgo.ApplicationCommand{
			Type: discordgo.ChatApplicationCommand, Name: sc.Name, Description: sc.Description,
			DescriptionLocalizations: locales(sc.Localized), Contexts: guildOnly,
		}
		if sc.AdminOnly && cfg.AdminRole == "" || sc.ManagerOnly {
			perm := int64(discordgo.PermissionManageGuild)
			c.DefaultMemberPermissions = &perm
		}
		for _, o := range sc.Options {
			opt := &discordgo.ApplicationCommandOption{
				Name: o.Name, Description: o.Description, DescriptionLocalizations: *locales(o.Localized),
				Required: o.Required, Autocomplete: o.Autocomplete,
			}
			switch o.Type {
			case bot.SlashInteger:
				opt.Type = discordgo.ApplicationCommandOptionInteger
			case bot.SlashUser:
				opt.Type = discordgo.ApplicationCommandOptionUser
			default:
				opt.Type = discordgo.ApplicationCommandOptionString
			}
			for _, ch := range o.Choices {
				opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch, Value: ch})
			}
			c.Options = append(c.Options, opt)
		}
		out = append(out, c)
	}
	if !slices.ContainsFunc(out, func(c *discordgo.ApplicationCommand) bool { return c.Name == orderCommand }) {
		out = append(out, &discordgo.ApplicationCommand{
			Type: discordgo.ChatApplicationCommand, Name: orderCommand, Contexts: guildOnly,
			Description:              "any order or command as you would type it: g2 move A3 0512, withdraw B4, 2",
			DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.French: "tout ordre ou commande tel que vous le taperiez : g2 move A3 0512, withdraw B4, 2"},
			Options: []*discordgo.ApplicationCommandOption{{
				Type: discordgo.ApplicationCommandOptionString, Name: "text", Required: true, Autocomplete: true,
				Description:              "the line, e.g. g2 move A3 0512",
				DescriptionLocalizations: map[discordgo.Locale]string{discordgo.French: "la ligne, par exemple g2 move A3 0512"},
			}},
		})
	}
	return out
}

func locales(m map[string]string) *map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for k, v := range m {
		out[discordgo.Locale(k)] = v
	}
	return &out
}
