package discord

import (
	"slices"
	"strings"
	"testing"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
	"github.com/grognard/grognard/game"
)

// TestGameGS1 plays Grands Stratèges scenario I from the challenge to the
// final result through discordgo and the fake Discord, with the dice of
// bot/console/testdata/game.txt: slash commands, buttons, the game's
// thread, ephemeral replies, boards as PNG attachments, the status
// message edited in place, pings for the player who must act.
func TestGameGS1(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	alice, bob := e.alice, e.bob
	ch := e.fake.Channel

	// The challenge: a public message in the channel pinging bob (not
	// alice, who asked), with accept/decline buttons, and the game's
	// thread under it.
	in, msgs := e.slash(alice, ch, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", bob))
	challenge := find(t, public(msgs), "challenges <@"+bob.ID+">")
	if challenge.ChannelID != ch || !challenge.Mentions.Set || !slices.Equal(challenge.Mentions.Users, []string{bob.ID}) || len(challenge.Mentions.Parse) != 0 {
		t.Errorf("challenge: channel %s, allowed mentions %+v; want channel %s pinging bob only", challenge.ChannelID, challenge.Mentions, ch)
	}
	if got := buttonIDs(challenge); !slices.Equal(got, []string{"g:g1 accept", "g:g1 decline"}) {
		t.Errorf("challenge buttons %v", got)
	}
	threads := e.fake.Threads(ch)
	if len(threads) != 1 || threads[0].ID != challenge.ID || threads[0].Name != "g1 · gs-1" {
		t.Fatalf("threads under the channel: %+v; want one, named g1 · gs-1, on the challenge", threads)
	}
	th := threads[0].ID
	if a := e.fake.Answer(in); a.CallbackType != 5 {
		t.Errorf("/new answered with callback %d, want 5 (deferred)", a.CallbackType)
	}
	deferral, _ := e.fake.Message(e.fake.Answer(in).Original)
	if !deferral.Deleted || !deferral.Ephemeral {
		t.Errorf("the deferral of /new: %+v; want an ephemeral one, deleted (the answer is public)", deferral)
	}

	// bob accepts with the button: the game begins in the thread; each
	// player is asked to deploy, with a button.
	in, msgs = e.click(bob, challenge.ID, "g:g1 accept")
	begins := find(t, msgs, "g1 begins")
	if begins.ChannelID != th {
		t.Errorf("g1 begins posted in %s, want the thread %s", begins.ChannelID, th)
	}
	if r := reply(t, in, msgs); r.Content != "→ <#"+th+">" {
		t.Errorf("the answer to bob's click is %q, want a pointer to the thread", r.Content)
	}
	if m, _ := e.fake.Message(challenge.ID); len(m.Buttons) != 0 {
		t.Errorf("the challenge still has buttons after it was accepted: %v", m.Buttons)
	}
	alicePing := find(t, msgs, "<@"+alice.ID+"> g1 · A to decide")
	bobPing := find(t, msgs, "<@"+bob.ID+"> g1 · B to decide")
	if !slices.Equal(alicePing.Mentions.Users, []string{alice.ID}) || len(bobPing.Mentions.Users) != 0 {
		t.Errorf("pings: alice's allows %v, bob's %v; want alice's to ping her, bob's (he asked) nobody", alicePing.Mentions.Users, bobPing.Mentions.Users)
	}
	if got := buttonIDs(bobPing); !slices.Equal(got, []string{"g:g1 choose 1"}) {
		t.Errorf("bob's decision buttons %v", got)
	}

	// alice deploys with a slash command in the thread: the secret comes
	// back to her alone, with her view of the board.
	in, msgs = e.slash(alice, th, "deploy", fd.String("placements", "auto"))
	secret := reply(t, in, msgs)
	if !strings.Contains(secret.Content, "for your eyes only") || len(secret.Attachments) != 1 || boardOf(t, secret.Attachments[0]).Viewer != game.SideA {
		t.Errorf("alice's deploy: reply %q with %d attachment(s); want her secret and her view", secret.Content, len(secret.Attachments))
	}
	find(t, public(msgs), "g1 · A (alice) · (secret order)")
	// bob answers his decision with its button.
	in, msgs = e.click(bob, bobPing.ID, "g:g1 choose 1")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "for your eyes only") || boardOf(t, r.Attachments[0]).Viewer != game.SideB {
		t.Errorf("bob's deploy button: reply %q", r.Content)
	}
	e.step(alice, th, "ready", "A has finished deploying")
	msgs = e.step(bob, th, "ready", "both sides have deployed: the screens are lifted")
	lifted := find(t, msgs, "the screens are lifted")
	if len(lifted.Attachments) != 1 || boardOf(t, lifted.Attachments[0]).Viewer != game.Nobody {
		t.Fatalf("the lifted screens come without the public board: %+v", lifted.Attachments)
	}
	status, _ := e.fake.Message(challenge.ID)
	if !strings.Contains(status.Content, "turn 1/8") || len(status.Attachments) != 1 || boardOf(t, status.Attachments[0]).Viewer != game.Nobody {
		t.Errorf("status message after the set-up: %q with %d attachment(s)", status.Content, len(status.Attachments))
	}

	// Turn 1.
	in, msgs = e.slash(alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0707"))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "refused") || !strings.Contains(r.Content, "needs 7 MP") || !strings.Contains(r.Content, "`move A6 0706`") {
		t.Errorf("the refusal of move A6 0707: %q", r.Content)
	}
	if p := public(msgs); len(p) != 0 {
		t.Errorf("a refused order posted publicly: %q", p[0].Content)
	}
	e.step(alice, th, "move", "A6 0801 → 0706 (6 MP of 6)", fd.String("unit", "A6"), fd.String("to", "0706"))
	e.step(alice, th, "end", "<@"+bob.ID+"> g1 · your turn: turn 1/8 · movement phase of B.")
	e.step(bob, th, "move", "B6 0822 → 0716", fd.String("unit", "B6"), fd.String("to", "0716"))
	e.step(bob, th, "move", "B3 leaves the map from 0923", fd.String("unit", "B3"), fd.String("to", "off"))
	e.step(bob, th, "end", "turn 2: move phase of A")
	// Interaction tokens expire after 15 minutes; the status message is
	// edited with the bot token, so the game goes on.
	e.fake.ExpireTokens()
	// Turn 2.
	e.step(alice, th, "move", "A6 0706 → 0711", fd.String("unit", "A6"), fd.String("to", "0711"))
	e.step(alice, th, "end", "turn 2: move phase of B")
	e.step(bob, th, "end", "turn 3: move phase of A")
	// Turn 3: A's light cavalry closes in and must attack; B retreats by
	// button, A advances by button.
	e.step(alice, th, "move", "stops in an enemy zone of control", fd.String("unit", "A6"), fd.String("to", "0715"))
	e.step(alice, th, "end", "turn 3: combat phase of A")
	e.dice(4)
	msgs = e.step(alice, th, "attack", "A6 2 vs B6 2 → 1:1 (GS-4.16); roll 4 → DR", fd.String("combat", "A6 -> B6"))
	retreat := find(t, msgs, "B6 must retreat one hex from 0716")
	if got := buttonIDs(retreat); len(got) != 4 || got[0] != "g:g1 choose 1" || !slices.Equal(retreat.Mentions.Users, []string{bob.ID}) {
		t.Errorf("retreat decision: buttons %v, pings %v", got, retreat.Mentions.Users)
	}
	in, msgs = e.click(e.carol, retreat.ID, "g:g1 choose 1")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "you do not play in g1") {
		t.Errorf("carol's click on bob's decision: %q", r.Content)
	}
	if m, _ := e.fake.Message(retreat.ID); len(m.Buttons) != 4 {
		t.Errorf("a refused click cleared the decision's buttons")
	}
	_, msgs = e.click(bob, retreat.ID, "g:g1 choose 1")
	find(t, msgs, "retreat: B6 0716 → 0816")
	advance := find(t, msgs, "advance after combat into an emptied hex?")
	in, msgs = e.slash(alice, th, "status")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "waiting for A (alice): advance after combat") {
		t.Errorf("status: %q", r.Content)
	}
	_, msgs = e.click(alice, advance.ID, "g:g1 choose 1")
	find(t, msgs, "A6 advances 0715 → 0716")
	e.step(alice, th, "end", "turn 3: move phase of B")
	e.step(bob, th, "move", "B1 leaves the map from 0923", fd.String("unit", "B1"), fd.String("to", "0923 off"))
	e.step(bob, th, "end", "turn 3: combat phase of B")
	e.step(bob, th, "end", "turn 4: move phase of A")
	// Turn 4.
	e.step(alice, th, "end", "turn 4: combat phase of A")
	in, msgs = e.slash(alice, th, "end")
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "A6 must attack, B6 must be attacked (GS-4.2)") {
		t.Errorf("ending the combat phase too early: %q", r.Content)
	}
	e.dice(5)
	e.step(alice, th, "attack", "roll 5 → DR", fd.String("combat", "A6 -> B6"))
	e.step(bob, th, "retreat", "retreat: B6 0816 → 0916", fd.String("unit-or-square", "B6"), fd.String("hex-or-path", "0916"))
	in, msgs = e.slash(bob, th, "choose", fd.Integer("number", 1))
	if r := reply(t, in, msgs); !strings.Contains(r.Content, "there is no decision waiting for B") {
		t.Errorf("bob's choose without a decision: %q", r.Content)
	}
	e.step(alice, th, "advance", "A does not advance", fd.String("unit", "none"))
	e.step(alice, th, "end", "turn 4: move phase of B")
	e.step(bob, th, "end", "turn 5: move phase of A")
	// Turns 5 to 8: nothing more happens.
	for turn := 5; turn <= 8; turn++ {
		e.step(alice, th, "end", "move phase of B")
		if turn < 8 {
			e.step(bob, th, "end", "move phase of A")
		}
	}
	msgs = e.step(bob, th, "end", "game over: A wins (losses A 0, B 10; difference 10, 6 needed)")
	over := find(t, msgs, "g1 is over: A wins")
	if !slices.Equal(over.Mentions.Users, []string{alice.ID}) {
		t.Errorf("the result pings %v; want alice (bob asked)", over.Mentions.Users)
	}
	find(t, msgs, "Dice seed, now revealed")
	status, _ = e.fake.Message(challenge.ID)
	if !strings.Contains(status.Content, "game over") || len(status.Attachments) != 1 || len(status.Buttons) != 0 {
		t.Errorf("final status message: %q, %d attachment(s), buttons %v", status.Content, len(status.Attachments), status.Buttons)
	}
	if status.Edits < 15 || status.Via != "channel" {
		t.Errorf("status message: %d edits via %s; want one per phase, with the bot token", status.Edits, status.Via)
	}

	// Every board decodes; the public ones are the public view.
	boards := 0
	for _, m := range e.fake.Messages() {
		for _, a := range m.Attachments {
			b := boardOf(t, a)
			if m.Public() && b.Viewer != game.Nobody {
				t.Errorf("message %q carries side %v's view publicly", m.Content, b.Viewer)
			}
			if m.Public() && m.ChannelID == th {
				boards++
			}
		}
	}
	if boards < 16 {
		t.Errorf("%d public boards in the thread; want one per phase end (at least 16)", boards)
	}
	checkSecrets(t, e.fake.Log(), []string{"for your eyes only"})
}

// step runs a slash command that must succeed publicly: want is in a
// public message it posted.
func (e *env) step(u *fd.User, channel, cmd, want string, opts ...fd.Option) []fd.Message {
	e.t.Helper()
	in, msgs := e.slash(u, channel, cmd, opts...)
	for _, m := range public(msgs) {
		if strings.Contains(m.Content, want) {
			return msgs
		}
	}
	var got []string
	for _, m := range msgs {
		got = append(got, m.Via+": "+m.Content)
	}
	e.t.Fatalf("/%s by %s (%s): no public message with %q; got:\n%s", cmd, u.Name, in.ID, want, strings.Join(got, "\n"))
	return nil
}

func buttonIDs(m fd.Message) []string {
	var out []string
	for _, b := range m.Buttons {
		out = append(out, b.CustomID)
	}
	return out
}

// checkSecrets fails when any version of any message anyone in a channel
// could read carries a marker of a secret or a side's view of the board;
// it also fails when no private message carried one (the check would
// prove nothing).
func checkSecrets(t *testing.T, log []fd.Message, markers []string) {
	t.Helper()
	private := 0
	for _, m := range log {
		secret := strings.Contains(m.Content, "-view")
		for _, s := range markers {
			secret = secret || strings.Contains(m.Content, s)
		}
		for _, a := range m.Attachments {
			secret = secret || strings.Contains(a.Filename, "-view") || boardOf(t, a).Viewer != game.Nobody
		}
		switch {
		case secret && m.Public():
			t.Errorf("a secret in a public message (%s in %s): %q", m.Via, m.ChannelID, m.Content)
		case secret:
			private++
		}
	}
	if private == 0 {
		t.Errorf("no private message carried a secret: the secrecy check saw none")
	}
}
