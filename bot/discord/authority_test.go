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

// TestPageButtons (issue 14 §5): `games` answers one private page with a
// next-page button; the button brings the next page.
func TestPageButtons(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	for _, u := range []*fd.User{e.alice, e.bob, e.carol, e.dave} {
		for range 4 {
			e.slash(u, e.fake.Channel, "new", fd.String("scenario", "gs-1"))
		}
	}
	in, msgs := e.slash(e.alice, e.fake.Channel, "games")
	r := reply(t, in, msgs)
	if !strings.Contains(r.Content, "g15 ·") || strings.Contains(r.Content, "g16 ·") || !strings.Contains(r.Content, "page 1/2 · next: `games 2`") {
		t.Fatalf("games, page 1: %q", r.Content)
	}
	if len(r.Buttons) != 1 || r.Buttons[0].CustomID != "g:games 2" {
		t.Fatalf("page buttons: %+v", r.Buttons)
	}
	in, msgs = e.click(e.alice, r.ID, "g:games 2")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "g16 ·") || !strings.Contains(r.Content, "page 2/2") {
		t.Fatalf("games, page 2: %q", r.Content)
	}
}

// TestPanicAnswered (issue 14 §1): a panic while answering a command is
// answered with its reference, privately, and the bot goes on.
func TestPanicAnswered(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	_, msgs := e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
	e.click(e.bob, find(t, msgs, "challenges").ID, "g:g1 accept")
	e.mu.Lock()
	e.render = func() { panic("injected panic in the renderer") }
	e.mu.Unlock()
	in, msgs := e.slash(e.carol, e.fake.Channel, "board", fd.String("game", "g1"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "internal error, reference ") {
		t.Fatalf("the answer to a panic: %q", r.Content)
	}
	e.mu.Lock()
	e.render = nil
	e.mu.Unlock()
	in, msgs = e.slash(e.carol, e.fake.Channel, "status", fd.String("game", "g1"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "g1 ·") {
		t.Fatalf("after a panic: %q", r.Content)
	}
}
