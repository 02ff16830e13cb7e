package discord

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

func (e *env) gameCount() int {
	e.t.Helper()
	gs, err := e.store.Games("", 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(gs)
}

func (e *env) records(gameID string) int {
	e.t.Helper()
	rs, err := e.store.Records(gameID, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(rs)
}

// TestMissingPermissionRefused: in a channel where the bot lacks a
// permission it needs (computed by the fake like Discord: @everyone's and
// the bot's roles' guild permissions, then the channel's @everyone, role
// and member overwrites; Administrator bypasses), /new is refused before
// anything is done: the user is told privately, in their language, which
// permission to grant; nothing is posted (not even tried) and no game is
// stored. Where the overwrites still leave what the bot needs, the game is
// created.
func TestMissingPermissionRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	role := e.fake.BotRole()
	everyone := e.fake.Guild
	cases := []struct {
		name   string
		setup  func(ch string)
		locale string
		want   string // "" : allowed
		not    string
	}{
		{name: "no view for @everyone", setup: func(ch string) { e.fake.SetOverwrite(ch, everyone, 0, 0, fd.PermView) }, want: "View Channel"},
		{name: "no files for the bot's role", setup: func(ch string) { e.fake.SetOverwrite(ch, role, 0, 0, fd.PermAttachFiles) },
			want: "I am missing the Attach Files permission there", not: "Send Messages"},
		{name: "no send for @everyone", setup: func(ch string) { e.fake.SetOverwrite(ch, everyone, 0, 0, fd.PermSendMessages) },
			want: "Send Messages", not: "Attach Files"},
		{name: "no threads for the bot member, in French", locale: "fr",
			setup: func(ch string) { e.fake.SetOverwrite(ch, e.fake.Bot.ID, 1, 0, fd.PermCreatePublicThreads) },
			want:  "il me manque la permission Créer des fils publics"},
		{name: "the role's allow beats @everyone's deny", setup: func(ch string) {
			e.fake.SetOverwrite(ch, everyone, 0, 0, fd.PermSendMessages|fd.PermAttachFiles)
			e.fake.SetOverwrite(ch, role, 0, fd.PermSendMessages|fd.PermAttachFiles, 0)
		}},
		{name: "the member's deny beats the role's allow", setup: func(ch string) {
			e.fake.SetOverwrite(ch, role, 0, fd.PermSendMessagesInThreads, 0)
			e.fake.SetOverwrite(ch, e.fake.Bot.ID, 1, 0, fd.PermSendMessagesInThreads)
		}, want: "Send Messages in Threads"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ch := e.fake.AddChannel(strings.ReplaceAll(c.name, " ", "-"))
			c.setup(ch)
			e.alice.Locale = "en-US"
			if c.locale != "" {
				e.alice.Locale = c.locale
			}
			defer func() { e.alice.Locale = "en-US" }()
			games := e.gameCount()
			in, msgs := e.slash(e.alice, ch, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
			if c.want == "" {
				find(t, public(msgs), "challenges")
				if e.gameCount() != games+1 {
					t.Errorf("no game stored")
				}
				return
			}
			r := reply(t, in, msgs)
			if !strings.Contains(r.Content, c.want) || !strings.Contains(r.Content, "<#"+ch+">") || c.not != "" && strings.Contains(r.Content, c.not) {
				t.Errorf("the private answer: %q; want %q (not %q) and the channel", r.Content, c.want, c.not)
			}
			if p := public(msgs); len(p) != 0 {
				t.Errorf("public messages: %+v", p)
			}
			if rs := posts(e.fake.Requests(), "POST", "/channels/"+ch+"/messages"); len(rs) != 0 {
				t.Errorf("the bot tried to post: %+v", rs)
			}
			if n := e.gameCount(); n != games {
				t.Errorf("%d games stored; want %d (none created)", n, games)
			}
			if !strings.Contains(e.logs.String(), "missing channel permissions") || !strings.Contains(e.logs.String(), "channel="+ch) {
				t.Errorf("the log does not say which channel lacks what:\n%s", e.logs.String())
			}
		})
	}
	// A league's creation (which creates games) is refused the same way;
	// a private command (/help) is answered.
	ch := e.fake.AddChannel("league")
	e.fake.SetOverwrite(ch, everyone, 0, 0, fd.PermView)
	games := e.gameCount()
	in, msgs := e.slash(e.dave, ch, "league", fd.String("action", "new"),
		fd.String("details", "club players:<@"+e.alice.ID+"> <@"+e.bob.ID+"> scenarios:gs-1"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "View Channel") || e.gameCount() != games || len(public(msgs)) != 0 {
		t.Errorf("a league in a channel the bot cannot see: %q, %d games (had %d)", r.Content, e.gameCount(), games)
	}
	in, msgs = e.slash(e.alice, ch, "help")
	if r := reply(t, in, msgs); strings.Contains(r.Content, "missing") || r.Content == "" {
		t.Errorf("/help where the bot cannot post: %q", r.Content)
	}

	// Administrator bypasses every overwrite.
	ch = e.fake.AddChannel("admin")
	e.fake.SetOverwrite(ch, everyone, 0, 0, fd.PermView|fd.PermSendMessages)
	e.fake.SetRolePermissions(role, fd.PermAdministrator)
	games = e.gameCount()
	_, msgs = e.slash(e.alice, ch, "new", fd.String("scenario", "gs-1"))
	find(t, public(msgs), "g")
	if e.gameCount() != games+1 {
		t.Errorf("an administrator bot was refused")
	}
}

// TestPermissionLostMidGame: a permission removed during a game. An order
// sent in the game's thread is refused privately and not applied; a
// scheduled message that Discord refuses (403, 50013) is logged with the
// channel and the permission, once, not retried; when the bot could not
// check first (no app_permissions), the order is kept, the refused post
// logged and the player told privately where it could not post. Granted
// again, the game goes on where it was.
func TestPermissionLostMidGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	before := e.records("g1")
	e.fake.SetOverwrite(e.fake.Channel, e.fake.BotRole(), 0, 0, fd.PermSendMessagesInThreads)

	in, msgs := e.slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0706"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "Send Messages in Threads") {
		t.Errorf("the order's private answer: %q", r.Content)
	}
	if p := public(msgs); len(p) != 0 || e.records("g1") != before {
		t.Errorf("the refused order was applied: %d records (had %d), public %+v", e.records("g1"), before, p)
	}

	n := len(posts(e.fake.Requests(), "POST", "/channels/"+th+"/messages"))
	e.app.Deliver(t.Context(), []bot.Delivery{{Platform: Platform, Room: e.fake.Channel, Thread: th, Messages: []bot.Message{
		{Game: "g1", Text: "reminder: g1 is waiting"}}}})
	e.eventually("the refused delivery is logged", func() bool {
		return strings.Contains(e.logs.String(), "missing channel permission; not posted")
	})
	rs := posts(e.fake.Requests(), "POST", "/channels/"+th+"/messages")[n:]
	if len(rs) != 1 || rs[0].Status != 403 {
		t.Errorf("the refused delivery's requests: %+v; want one 403, not retried", rs)
	}
	log := e.logs.String()
	if !strings.Contains(log, "channel="+th) || !strings.Contains(log, `needs="Send Messages in Threads"`) {
		t.Errorf("the log lacks the channel or the permission:\n%s", log)
	}

	e.fake.SendAppPermissions(false)
	in, msgs = e.slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0706"))
	r := reply(t, in, msgs)
	if !strings.Contains(r.Content, "I could not post in <#"+th+"> for g1") || !strings.Contains(r.Content, "Send Messages in Threads") {
		t.Errorf("the private note of a refused post: %q", r.Content)
	}
	if p := public(msgs); len(p) != 0 {
		t.Errorf("public messages: %+v", p)
	}
	kept := e.records("g1")
	if kept <= before {
		t.Errorf("the order was lost: %d records, had %d", kept, before)
	}

	e.fake.SendAppPermissions(true)
	e.fake.SetOverwrite(e.fake.Channel, e.fake.BotRole(), 0, 0, 0)
	hin, msgs := e.slash(e.alice, th, "history")
	if h := reply(t, hin, msgs).Content; strings.Count(h, "move A6 0706") != 1 {
		t.Errorf("history once granted again:\n%s", h)
	}
	e.step(e.alice, th, "end", "turn 1: move phase of B")
}
