package discord

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/internal/flgplay"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

var update = flag.Bool("update", false, "rewrite testdata/full/*.txt with the actual conversation")

// TestFullGameFLG (GROGNARD_SOAK: a whole game through discordgo takes
// seconds) plays Frédéric le Grand's flg-brigades on the fake Discord from
// the challenge to the victory, both players given their orders by the
// terminal room's player (flgplay.Attack, bot/console TestFullGame):
// typed orders with /order in the game's thread (a secret deployment's
// answer is ephemeral), decisions answered with their buttons or menu.
// What everyone saw is written to testdata/full/flg-brigades.txt (-update
// rewrites it): the channel's and thread's messages, each player's
// ephemeral answers and direct messages, their buttons and menus.
func TestFullGameFLG(t *testing.T) {
	if on, _, err := playtest.Soak(); err != nil {
		t.Fatal(err)
	} else if !on {
		t.Skip("GROGNARD_SOAK: a whole game through the fake Discord")
	}
	e := newEnv(t, envOptions{})
	users := map[game.Side]*fd.User{game.SideA: e.alice, game.SideB: e.bob}
	asker := map[string]string{} // interaction → who asked (an ephemeral answer's reader)
	in, msgs := e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "flg-brigades"), fd.UserOption("opponent", e.bob))
	asker[in.ID] = e.alice.Name
	challenge := find(t, public(msgs), "challenges <@"+e.bob.ID+">")
	in, _ = e.click(e.bob, challenge.ID, "g:g1 accept")
	asker[in.ID] = e.bob.Name
	th := e.fake.Channel
	if ths := e.fake.Threads(th); len(ths) == 1 {
		th = ths[0].ID
	}
	number := regexp.MustCompile(`^\d+$`)
	over := false
	for range 2000 {
		g, _, err := e.store.Load("g1", shipped{})
		if err != nil {
			t.Fatal(err)
		}
		if over = g.State.Outcome().Over; over {
			break
		}
		side := game.Waiting(g.State)[0]
		leaves := game.Leaves(game.Legal(g.Rules, g.State, side))
		order := flgplay.Attack(g, side, leaves)
		u := users[side]
		var in *fd.Interaction
		if number.MatchString(order) {
			in = e.answer(u, "g1 choose "+order, asker)
		}
		if in == nil {
			in, _ = e.slash(u, th, "order", fd.String("text", order))
		}
		asker[in.ID] = u.Name
	}
	if !over {
		t.Fatal("the game did not end in 2000 orders")
	}
	got := e.transcript(asker)
	if !strings.Contains(got, "g1 is over: ") {
		t.Error("the thread was not told the result")
	}
	path := filepath.Join("testdata", "full", "flg-brigades.txt")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want, _ := os.ReadFile(path); string(want) != got {
		t.Errorf("%s differs from the actual game (GROGNARD_SOAK=1 go test ./bot/discord -run TestFullGameFLG -update rewrites it)", path)
	}
}

// answer clicks the button, or picks the menu option, whose command is
// cmd on the newest message u can read that offers it; nil when none
// does.
func (e *env) answer(u *fd.User, cmd string, asker map[string]string) *fd.Interaction {
	e.t.Helper()
	ms := e.fake.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if ch, _ := e.fake.ChannelInfo(m.ChannelID); m.Ephemeral && asker[m.InteractionID] != u.Name || m.DM && ch.Recipient != u.ID {
			continue
		}
		for _, b := range m.Buttons {
			if b.CustomID == "g:"+cmd {
				in, _ := e.click(u, m.ID, b.CustomID)
				return in
			}
		}
		for _, o := range m.Options {
			if o.Value == cmd {
				in, err := e.fake.Pick(u, m.ID, o.CustomID, o.Value)
				if err != nil {
					e.t.Fatal(err)
				}
				e.wait(in, 1)
				return in
			}
		}
	}
	return nil
}

// transcript is every message as it was posted, in posting order: where
// it was and who could read it, its text with mentions as names, its
// buttons, menu and images (a decision's buttons are taken away once it
// is answered: they are shown as posted); a message edited since (the
// challenge, which becomes the game's status) is followed by its last
// text.
func (e *env) transcript(asker map[string]string) string {
	names := map[string]string{}
	for _, u := range []*fd.User{e.alice, e.bob, e.carol, e.dave} {
		names[u.ID] = u.Name
	}
	mention := regexp.MustCompile(`<@!?(\d+)>`)
	text := func(m fd.Message) string {
		t := mention.ReplaceAllStringFunc(m.Content, func(s string) string { return "@" + names[mention.FindStringSubmatch(s)[1]] })
		return strings.ReplaceAll(t, "\n", "\n    ")
	}
	final := map[string]fd.Message{}
	for _, m := range e.fake.Messages() {
		final[m.ID] = m
	}
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteString("# A whole game of flg-brigades on the fake Discord, both sides played by bot/console's player (bot/discord TestFullGameFLG).\n")
	for _, m := range e.fake.Log() {
		if f := final[m.ID]; seen[m.ID] || m.Loading || f.Deleted || m.Content == "" && len(m.Buttons)+len(m.Options)+len(m.Attachments) == 0 {
			continue // a deferral, deleted once answered
		}
		seen[m.ID] = true
		where := "channel"
		switch ch, _ := e.fake.ChannelInfo(m.ChannelID); {
		case m.DM:
			where = "DM to " + names[ch.Recipient]
		case m.Ephemeral:
			where = "only " + asker[m.InteractionID]
		case ch.ParentID != "":
			where = "thread " + ch.Name
		}
		fmt.Fprintf(&b, "[%s] %s\n", where, text(m))
		var buttons []string
		for _, x := range m.Buttons {
			buttons = append(buttons, x.Label)
		}
		if len(buttons) > 0 {
			fmt.Fprintf(&b, "    {buttons: %s}\n", strings.Join(buttons, " | "))
		}
		if n := len(m.Options); n > 0 {
			fmt.Fprintf(&b, "    {menu of %d: %s … %s}\n", n, m.Options[0].Label, m.Options[n-1].Label)
		}
		for _, a := range m.Attachments {
			fmt.Fprintf(&b, "    [image %s]\n", a.Filename)
		}
		if f := final[m.ID]; f.Content != m.Content && !f.Deleted {
			fmt.Fprintf(&b, "    (edited %d times, at last:) %s\n", f.Edits, text(f))
		}
	}
	return b.String()
}

// shipped resolves games from the shipped rulesets and scenarios.
type shipped struct{}

func (shipped) Ruleset(name string) (game.Ruleset, error) { return all.Get(name) }
func (shipped) Scenario(id, _ string) (*game.Scenario, error) {
	return scenarios.Load(id)
}
