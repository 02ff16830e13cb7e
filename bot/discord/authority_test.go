package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

// TestGameAuthority (issue 14 §2): the administrator commands are
// registered for Manage Server only, and rights over a game come from the
// game, not from the channel: dave (Manage Server) never administers a
// game he plays, from its thread or from another channel; he does
// administer another game of the server, from that game's channel.
func TestGameAuthority(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	for _, c := range e.fake.Commands("") {
		switch c["name"] {
		case "adjudicate", "swap":
			if c["default_member_permissions"] != float64(discordgo.PermissionManageGuild) {
				t.Errorf("/%s registered with default permissions %v; want Manage Server (32)", c["name"], c["default_member_permissions"])
			}
		case "status", "move":
			if c["default_member_permissions"] != nil {
				t.Errorf("/%s registered with default permissions %v; want none", c["name"], c["default_member_permissions"])
			}
		}
	}
	other := e.fake.AddChannel("other")

	// g1: dave against carol.
	_, msgs := e.slash(e.dave, e.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.carol))
	e.click(e.carol, find(t, msgs, "challenges").ID, "g:g1 accept")
	th1 := e.fake.Threads(e.fake.Channel)[0].ID
	for _, ch := range []string{th1, other} {
		in, msgs := e.slash(e.dave, ch, "adjudicate", fd.String("game", "g1"))
		if r := reply(t, in, msgs); !strings.Contains(r.Content, "never uses adjudicate on his own game") {
			t.Errorf("dave adjudicates his own game in %s: %q", ch, r.Content)
		}
		in, msgs = e.slash(e.dave, ch, "order", fd.String("text", "g1 abort"))
		if r := reply(t, in, msgs); !strings.Contains(r.Content, "never uses abort on his own game") {
			t.Errorf("dave aborts his own game in %s: %q", ch, r.Content)
		}
	}

	// g2: alice against bob; dave administers it from its channel only.
	_, msgs = e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
	e.click(e.bob, find(t, msgs, "challenges").ID, "g:g2 accept")
	in, msgs := e.slash(e.dave, other, "adjudicate", fd.String("game", "g2"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "not played in this room") {
		t.Errorf("dave adjudicates g2 from another channel: %q", r.Content)
	}
	_, msgs = e.slash(e.dave, e.fake.Channel, "adjudicate", fd.String("game", "g2"))
	find(t, public(msgs), "(adjudicated by dave: the default answer)")
}
