package discord

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/grognard/grognard/bot"
	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

// start plays the lobby and the set-up of a gs-1 game between alice (A)
// and bob (B) and returns the game's thread (the channel when threads are
// off) and the challenge message.
func (e *env) start() (thread, challenge string) {
	e.t.Helper()
	return e.startIn(e.fake.Channel, "g1")
}

// startIn is start in a channel, for the game the store will call id.
func (e *env) startIn(ch, id string) (thread, challenge string) {
	e.t.Helper()
	_, msgs := e.slash(e.alice, ch, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
	challenge = find(e.t, public(msgs), "challenges").ID
	thread = ch
	if ths := e.fake.Threads(ch); len(ths) == 1 {
		thread = ths[0].ID
	}
	e.click(e.bob, challenge, "g:"+id+" accept")
	e.slash(e.alice, thread, "deploy", fd.String("placements", "auto"))
	e.slash(e.bob, thread, "deploy", fd.String("placements", "auto"))
	e.step(e.alice, thread, "ready", "A has finished deploying")
	e.step(e.bob, thread, "ready", "the screens are lifted")
	return thread, challenge
}

func values(cs []fd.Choice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprint(c.Value))
	}
	return out
}

// TestAutocomplete: suggestions come from the rules engine's legal orders
// for the asker's side — units that can act, a unit's legal destinations —
// and every one suggested is accepted.
func TestAutocomplete(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	scen := values(e.complete(e.alice, e.fake.Channel, "new", fd.Focused(fd.String("scenario", "gs-"))))
	if !slices.Contains(scen, "gs-1") || slices.ContainsFunc(scen, func(v string) bool { return !strings.HasPrefix(v, "gs-") }) {
		t.Errorf("scenarios for gs-: %v", scen)
	}
	th, _ := e.start()

	units := values(e.complete(e.alice, th, "move", fd.Focused(fd.String("unit", ""))))
	if !slices.Contains(units, "A6") || slices.ContainsFunc(units, func(v string) bool { return !strings.HasPrefix(v, "A") }) {
		t.Errorf("alice's units that can move: %v; want A units only, A6 among them", units)
	}
	if got := e.complete(e.bob, th, "move", fd.Focused(fd.String("unit", ""))); len(got) != 0 {
		t.Errorf("bob, whose turn it is not, is offered %v", values(got))
	}
	if got := e.complete(e.carol, th, "move", fd.Focused(fd.String("unit", ""))); len(got) != 0 {
		t.Errorf("carol, a spectator, is offered %v", values(got))
	}
	hexes := values(e.complete(e.alice, th, "move", fd.String("unit", "A6"), fd.Focused(fd.String("to", "07"))))
	if !slices.Contains(hexes, "0706") || slices.Contains(hexes, "0707") || len(hexes) > 25 {
		t.Errorf("A6's destinations starting 07: %v; want 0706 (6 MP) and not 0707 (7 MP)", hexes)
	}
	for _, h := range hexes {
		if !regexp.MustCompile(`^07[0-9]{2}$`).MatchString(h) {
			t.Errorf("destination %q does not match what was typed", h)
		}
	}
	// The refusal's nearest legal orders are among the suggestions, and
	// every suggestion is a legal order (tried, then taken back: undo is
	// free before a die is rolled).
	in, msgs := e.slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0707"))
	_, alts, _ := strings.Cut(reply(t, in, msgs).Content, "nearest legal orders")
	found := regexp.MustCompile("`move A6 (07[0-9]{2})`").FindAllStringSubmatch(alts, -1)
	if len(found) == 0 {
		t.Errorf("the refusal suggests no move of A6 to 07xx")
	}
	for _, alt := range found {
		if !slices.Contains(hexes, alt[1]) {
			t.Errorf("the refusal suggests %s, autocomplete does not", alt[1])
		}
	}
	for _, h := range hexes {
		e.step(e.alice, th, "move", "A6 0801 → "+h, fd.String("unit", "A6"), fd.String("to", h))
		e.step(e.alice, th, "undo", "taken back by <@"+e.alice.ID+">")
	}
	// /order completes a whole line with the same legal orders (the orders
	// without a slash command of their own are given this way).
	lines := values(e.complete(e.alice, th, orderCommand, fd.Focused(fd.String("text", "move A6 07"))))
	if len(lines) != len(hexes) {
		t.Errorf("/order move A6 07 offers %v; the move command offers %v", lines, hexes)
	}
	for _, h := range hexes {
		if !slices.Contains(lines, "move A6 "+h) {
			t.Errorf("/order does not offer move A6 %s: %v", h, lines)
		}
	}
	if got := e.complete(e.bob, th, orderCommand, fd.Focused(fd.String("text", "move "))); len(got) != 0 {
		t.Errorf("/order offers bob, whose turn it is not, %v", values(got))
	}
}

// TestDuplicateInteraction: an interaction the gateway delivers twice
// changes the game once and is acknowledged once.
func TestDuplicateInteraction(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	in, _ := e.slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0706"))
	if err := e.fake.Redeliver(in); err != nil {
		t.Fatal(err)
	}
	e.wait(in, 2)
	n := 0
	for _, m := range e.fake.Messages() {
		n += strings.Count(m.Content, "g1 · A (alice) · move A6 0706")
	}
	if n != 1 {
		t.Errorf("the move was narrated %d times", n)
	}
	hin, msgs := e.slash(e.alice, th, "history")
	if h := reply(t, hin, msgs).Content; strings.Count(h, "move A6 0706") != 1 {
		t.Errorf("history after a repeated delivery:\n%s", h)
	}
}

// TestNonPlayerOrder: a spectator's order is refused, ephemerally, and
// nothing is posted.
func TestNonPlayerOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	in, msgs := e.slash(e.carol, th, "move", fd.String("unit", "A6"), fd.String("to", "0706"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "you do not play in g1") {
		t.Errorf("carol's order: %q", r.Content)
	}
	if p := public(msgs); len(p) != 0 {
		t.Errorf("carol's refused order posted %q", p[0].Content)
	}
	// The game did not move: alice's order still applies from 0801.
	e.step(e.alice, th, "move", "A6 0801 → 0706", fd.String("unit", "A6"), fd.String("to", "0706"))
}

// TestAdminsAndDMs: administrator commands need Manage Server (by
// default) or the configured role; an administrator's adjudication sends
// the player's secret by DM, and a player who refuses DMs is told in the
// game's thread, without the secret.
func TestAdminsAndDMs(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	var adj map[string]any
	for _, c := range e.fake.Commands("") {
		if c["name"] == "adjudicate" {
			adj = c
		}
	}
	if adj == nil || adj["default_member_permissions"] != float64(discordgo.PermissionManageGuild) {
		t.Errorf("/adjudicate registered as %v; want Manage Server (32) as its default permission", adj)
	}
	_, msgs := e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
	challenge := find(t, msgs, "challenges")
	e.click(e.bob, challenge.ID, "g:g1 accept")
	th := e.fake.Threads(e.fake.Channel)[0].ID

	in, msgs := e.slash(e.carol, th, "adjudicate")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "only an administrator of the room where g1 was created") {
		t.Errorf("carol's adjudicate: %q", r.Content)
	}
	// dave (Manage Server) applies A's default set-up: the secret goes to
	// alice by DM, the thread hears that it happened.
	_, msgs = e.slash(e.dave, th, "adjudicate")
	find(t, public(msgs), "(adjudicated by dave: the default answer)")
	dm := find(t, msgs, "for your eyes only")
	if !dm.DM || dm.ChannelID != e.fake.DMChannel(e.alice) || len(dm.Attachments) != 1 {
		t.Errorf("alice's secret: %+v; want a DM to alice with her view", dm)
	}
	// bob refuses DMs: an administrator's adjudication of his set-up tells
	// him, in the thread, to open them — and nothing else.
	e.step(e.alice, th, "ready", "A has finished deploying")
	e.fake.SetDMsClosed(e.bob, true)
	_, msgs = e.slash(e.dave, th, "adjudicate")
	notice := find(t, msgs, "I have a private message for you (g1)")
	if !notice.Public() || notice.ChannelID != th || !strings.HasPrefix(notice.Content, "<@"+e.bob.ID+">") || !slices.Equal(notice.Mentions.Users, []string{e.bob.ID}) {
		t.Errorf("the DM notice: %+v", notice)
	}
	for _, m := range msgs {
		if m.DM {
			t.Errorf("a DM reached bob although he refuses them: %q", m.Content)
		}
	}
	checkSecrets(t, e.fake.Log(), []string{"for your eyes only", "placed 7 unit"})

	// With an admin role configured, its members are administrators and
	// the command is visible to everyone (the bot checks).
	role := "1300000000000000001"
	e2 := newEnv(t, envOptions{cfg: func(c *Config, _ *fd.Server) { c.AdminRole = role }})
	for _, c := range e2.fake.Commands("") {
		if c["name"] == "adjudicate" && c["default_member_permissions"] != nil {
			t.Errorf("with an admin role, /adjudicate still has default permissions %v", c["default_member_permissions"])
		}
	}
	erin := e2.fake.AddUser("erin", 0, role)
	_, msgs = e2.slash(e2.alice, e2.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e2.bob))
	e2.click(e2.bob, find(t, msgs, "challenges").ID, "g:g1 accept")
	th2 := e2.fake.Threads(e2.fake.Channel)[0].ID
	e2.step(erin, th2, "adjudicate", "(adjudicated by erin: the default answer)")
}

// TestSelectMenu: a decision with more than five options comes as a
// select menu whose choice routes like a typed command.
func TestSelectMenu(t *testing.T) {
	t.Parallel()
	var many []bot.Choice
	for i := 1; i <= 7; i++ {
		many = append(many, bot.Choice{Label: fmt.Sprintf("%d. option", i), Command: fmt.Sprintf("g1 choose %d", i)})
	}
	comps := components(many)
	row, ok := comps[0].(discordgo.ActionsRow)
	if !ok || len(row.Components) != 1 {
		t.Fatalf("seven choices: %#v", comps)
	}
	if menu, ok := row.Components[0].(discordgo.SelectMenu); !ok || len(menu.Options) != 7 || menu.Options[6].Value != "g1 choose 7" {
		t.Errorf("seven choices should be a select menu: %#v", row.Components[0])
	}
	if comps := components(many[:3]); len(comps[0].(discordgo.ActionsRow).Components) != 3 {
		t.Errorf("three choices should be three buttons")
	}
	if comps := components([]bot.Choice{{Label: "x", Command: strings.Repeat("y", 99)}}); comps != nil {
		t.Errorf("a command longer than a custom id became a button")
	}

	// Through Discord: a menu in the game's thread, picked by alice.
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	in, _ := e.slash(e.carol, th, "status")
	o := &outbox{b: e.bot, ctx: t.Context(), i: &discordgo.Interaction{ID: in.ID}, p: place{Guild: e.fake.Guild, Channel: th, Room: e.fake.Channel, Thread: th},
		asker: bot.User{ID: e.carol.ID}, boards: map[string]*board{}}
	o.post(bot.Message{Text: "pick", Choices: []bot.Choice{
		{Label: "a", Command: "g1 history 1"}, {Label: "b", Command: "g1 status"}, {Label: "c", Command: "g1 units"},
		{Label: "d", Command: "g1 board"}, {Label: "e", Command: "help"}, {Label: "f", Command: "g1 history 2"}}})
	menu := find(t, e.fake.Messages(), "pick")
	if len(menu.Options) != 6 || len(menu.Buttons) != 0 {
		t.Fatalf("menu message: %+v", menu)
	}
	before := len(e.fake.Log())
	pin, err := e.fake.Pick(e.alice, menu.ID, menu.Options[1].CustomID, "g1 status")
	if err != nil {
		t.Fatal(err)
	}
	e.wait(pin, 1)
	if r := reply(t, pin, e.since(before)); !strings.Contains(r.Content, "turn 1/8 · movement phase of A") {
		t.Errorf("picking g1 status: %q", r.Content)
	}

	// Choices in replies for the asker: the first fills the interaction's
	// response, the next is an ephemeral follow-up; only the asker can
	// click them.
	o2 := &outbox{b: e.bot, ctx: t.Context(), i: &discordgo.Interaction{ID: in.ID, AppID: e.fake.AppID(), Token: in.Token, Type: discordgo.InteractionApplicationCommand},
		p: o.p, asker: o.asker, boards: map[string]*board{}}
	o2.reply(bot.Message{Text: "two", Ephemeral: true, Choices: many[:2]})
	o2.reply(bot.Message{Text: "seven", Ephemeral: true, Choices: many})
	two, seven := find(t, e.fake.Messages(), "two"), find(t, e.fake.Messages(), "seven")
	if two.Via != "response" || !two.Ephemeral || len(two.Buttons) != 2 || seven.Via != "followup" || !seven.Ephemeral || len(seven.Options) != 7 {
		t.Errorf("replies with choices: %+v / %+v", two, seven)
	}
	if _, err := e.fake.Click(e.alice, two.ID, two.Buttons[0].CustomID); err == nil {
		t.Errorf("alice could click carol's ephemeral buttons")
	}

	// A button in a DM (a private decision's options go there) answers
	// in the game's thread, not in the DM.
	o.direct(bot.Message{Game: "g1", Text: "your move?", To: &bot.User{ID: e.alice.ID}, Choices: []bot.Choice{{Label: "A6 → 0706", Command: "g1 move A6 0706"}}})
	dm := find(t, e.fake.Messages(), "your move?")
	if !dm.DM || len(dm.Buttons) != 1 {
		t.Fatalf("the DM with a button: %+v", dm)
	}
	_, msgs := e.click(e.alice, dm.ID, dm.Buttons[0].CustomID)
	if m := find(t, msgs, "A6 0801 → 0706"); m.ChannelID != th || !m.Public() {
		t.Errorf("the order clicked in a DM was narrated in %s (public %v), want the thread %s", m.ChannelID, m.Public(), th)
	}
	if m, _ := e.fake.Message(dm.ID); len(m.Buttons) != 0 {
		t.Errorf("the DM's button was not cleared once used")
	}
}

// TestThreadsOff: without threads, a game stays in its channel.
func TestThreadsOff(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{cfg: func(c *Config, _ *fd.Server) { c.Threads = false }})
	th, challenge := e.start()
	if th != e.fake.Channel || len(e.fake.Threads(e.fake.Channel)) != 0 {
		t.Fatalf("a thread was opened with threads off")
	}
	msgs := e.step(e.alice, th, "end", "turn 1: move phase of B")
	for _, m := range public(msgs) {
		if m.ChannelID != e.fake.Channel {
			t.Errorf("message %q posted in %s", m.Content, m.ChannelID)
		}
	}
	if st, _ := e.fake.Message(challenge); !strings.Contains(st.Content, "movement phase of B") || len(st.Attachments) != 1 {
		t.Errorf("status message: %q", st.Content)
	}
}

// TestDevGuildCommands: with dev guilds, the commands are registered in
// them (not globally): every command of the table, and /order for any
// typed line; a French client gets French answers.
func TestDevGuildCommands(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{cfg: func(c *Config, f *fd.Server) { c.DevGuilds = []string{f.Guild} }, noWait: true})
	e.eventually("commands in the dev guild", func() bool { return len(e.fake.Commands(e.fake.Guild)) > 0 })
	if g := e.fake.Commands(""); len(g) != 0 {
		t.Errorf("%d global commands with a dev guild", len(g))
	}
	var names []string
	for _, c := range e.fake.Commands(e.fake.Guild) {
		names = append(names, fmt.Sprint(c["name"]))
	}
	for _, sc := range bot.SlashCommands() {
		if !slices.Contains(names, sc.Name) {
			t.Errorf("/%s is not registered", sc.Name)
		}
	}
	if !slices.Contains(names, orderCommand) {
		t.Errorf("/%s is not registered", orderCommand)
	}
	in, msgs := e.slash(e.alice, e.fake.Channel, orderCommand, fd.String("text", "scenarios"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "gs-1") {
		t.Errorf("/order scenarios: %q", r.Content)
	}
	e.carol.Locale = "fr"
	in, msgs = e.slash(e.carol, e.fake.Channel, "games")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "partie") {
		t.Errorf("/games for a French client: %q", r.Content)
	}
}

// TestHeartbeats: the bot heartbeats at the announced interval; when the
// gateway stops acknowledging them, it leaves the zombie connection
// without ending its session (a close code other than 1000/1001), resumes
// it at resume_gateway_url on a new connection, and an interaction sent
// to the zombie connection meanwhile is replayed and answered.
//
// The interval is short for a quick test but long enough (discordgo gives
// up after five intervals without an acknowledgement) that a busy machine
// does not take a slow acknowledgement for a zombie.
func TestHeartbeats(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{heartbeat: 500 * time.Millisecond})
	e.eventually("three heartbeats", func() bool { return e.fake.Stats().Heartbeats >= 3 })
	if err := e.fake.Zombify(); err != nil {
		t.Fatal(err)
	}
	in, err := e.fake.Slash(e.alice, e.fake.Channel, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	e.eventually("the bot resumes on a new connection", func() bool {
		st := e.fake.Stats()
		return st.Connections >= 2 && st.Resumes >= 1 && e.fake.Connected()
	})
	e.wait(in, 1)
	if !e.fake.Answer(in).Acked {
		t.Errorf("the interaction sent to the zombie connection was not answered")
	}
	st := e.fake.Stats()
	if st.Identifies != 1 || st.ResumeFailures != 0 || st.ResumesElsewhere != 0 || len(st.CloseCodes) == 0 ||
		slices.Contains(st.CloseCodes, 1000) || slices.Contains(st.CloseCodes, 1001) {
		t.Errorf("after a zombie connection: %+v; want a close that keeps the session (not 1000/1001), a RESUME at resume_gateway_url, no new IDENTIFY", st)
	}
}
