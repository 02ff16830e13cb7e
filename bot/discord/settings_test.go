package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

// TestServerSettings (issue 15, per-server settings): /settings is
// registered for Manage Server whatever admin role is configured; a
// member with Manage Server sets the guild's language, rulesets and
// admin role; anyone reads them; the bot refuses a change from anyone
// else (Discord's default permission can be overridden by the server);
// the guild's admin role replaces the configured one.
func TestServerSettings(t *testing.T) {
	t.Parallel()
	global := "1300000000000000001"
	local := "1300000000000000002"
	e := newEnv(t, envOptions{cfg: func(c *Config, _ *fd.Server) { c.AdminRole = global }})
	var reg map[string]any
	for _, c := range e.fake.Commands("") {
		if c["name"] == "settings" {
			reg = c
		}
	}
	if reg == nil || reg["default_member_permissions"] != float64(discordgo.PermissionManageGuild) {
		t.Errorf("/settings registered as %v; want Manage Server (32) as its default permission", reg)
	}
	erin := e.fake.AddUser("erin", 0, global) // administrator by the configured role
	frank := e.fake.AddUser("frank", 0, local)

	// Refused to a member without Manage Server, the configured role's
	// members included; the store keeps nothing.
	in, msgs := e.slash(e.carol, e.fake.Channel, "settings", fd.String("field", "lang"), fd.String("value", "fr"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "only a server administrator") || !strings.Contains(r.Content, "change lang") {
		t.Errorf("carol's /settings lang fr: %q", r.Content)
	}
	in, msgs = e.slash(erin, e.fake.Channel, "settings", fd.String("field", "rulesets"), fd.String("value", "ptg"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "change rulesets") {
		t.Errorf("erin's /settings rulesets ptg: %q", r.Content)
	}
	if v, _ := e.store.ServerSettings("discord:" + e.fake.Guild); v != nil {
		t.Errorf("refused changes were stored: %s", v)
	}
	in, msgs = e.slash(e.dave, e.fake.Channel, "settings", fd.String("field", "deadline"), fd.String("value", "soon"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "soon is not a valid deadline") {
		t.Errorf("dave's /settings deadline soon: %q", r.Content)
	}

	// dave (Manage Server) sets them; the channel hears it.
	_, msgs = e.slash(e.dave, e.fake.Channel, "settings", fd.String("field", "rulesets"), fd.String("value", "ptg"))
	find(t, public(msgs), "dave set rulesets for this server: ptg")
	_, msgs = e.slash(e.dave, e.fake.Channel, "settings", fd.String("field", "admin-role"), fd.String("value", local))
	find(t, public(msgs), "<@&"+local+">")
	if v, _ := e.store.ServerSettings("discord:" + e.fake.Guild); !strings.Contains(string(v), local) {
		t.Errorf("stored settings of the guild: %s", v)
	}
	// Anyone reads them (here through /order, as /settings is hidden from
	// members without Manage Server).
	in, msgs = e.slash(e.carol, e.fake.Channel, orderCommand, fd.String("text", "settings"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "rulesets: ptg") || !strings.Contains(r.Content, "admin-role: <@&"+local+">") {
		t.Errorf("carol reading the settings: %q", r.Content)
	}
	// new follows the guild's rulesets.
	in, msgs = e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "this server does not offer the ruleset gs") {
		t.Errorf("/new gs-1 where only ptg is offered: %q", r.Content)
	}
	_, msgs = e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "ptg-historical"), fd.UserOption("opponent", e.bob))
	e.click(e.bob, find(t, msgs, "challenges").ID, "g:g1 accept")
	th := e.fake.Threads(e.fake.Channel)[0].ID
	// The guild's admin role replaces the configured one: frank
	// administers, erin no longer does.
	in, msgs = e.slash(erin, th, "adjudicate")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "only an administrator") {
		t.Errorf("erin (configured role, replaced by the guild's) adjudicating: %q", r.Content)
	}
	e.step(frank, th, "adjudicate", "(adjudicated by frank: the default answer)")
}
