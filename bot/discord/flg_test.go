package discord

import (
	"strings"
	"testing"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/internal/flgplay"
	"github.com/grognard/grognard/internal/playtest"
)

// TestGameFLGDecisions: Frédéric le Grand's decisions on Discord, on the
// rules' deployed test position: the command phase's decision (FLG-2.4)
// comes to the active player as a select menu, "end the command phase"
// first (its default, never cut by the menu's 25), and picking an
// activation plays it. A second Discord environment costs seconds under
// -race: it runs with GROGNARD_SOAK (docs/testing.md).
func TestGameFLGDecisions(t *testing.T) {
	if on, _, err := playtest.Soak(); err != nil {
		t.Fatal(err)
	} else if !on {
		t.Skip("GROGNARD_SOAK: a Discord environment of its own")
	}
	t.Parallel()
	sc := flgplay.Position(t)
	e := newEnv(t, envOptions{scenarios: []*game.Scenario{sc}})
	alice, bob := e.alice, e.bob
	_, msgs := e.slash(alice, e.fake.Channel, "new", fd.String("scenario", sc.ID), fd.UserOption("opponent", bob))
	challenge := find(t, public(msgs), "challenges <@"+bob.ID+">")
	_, msgs = e.click(bob, challenge.ID, "g:g1 accept")
	ping := find(t, msgs, "<@"+alice.ID+"> g1 · A to decide")
	if len(ping.Options) < 6 || len(ping.Options) > 25 || !strings.Contains(ping.Options[0].Label, "end the command phase") || ping.Options[0].Value != "g1 choose 1" {
		t.Fatalf("the activation decision's menu: %+v", ping.Options)
	}
	pick := ping.Options[1]
	if !strings.Contains(pick.Label, "activates") {
		t.Fatalf("the menu's second option: %+v", pick)
	}
	before := len(e.fake.Log())
	in, err := e.fake.Pick(alice, ping.ID, pick.CustomID, pick.Value)
	if err != nil {
		t.Fatal(err)
	}
	e.wait(in, 1)
	// "2. AG activates A1, line infantry …": the order played is the one
	// picked.
	_, label, _ := strings.Cut(pick.Label, ". ")
	played, _, _ := strings.Cut(label, ",")
	find(t, public(e.since(before)), played)
}
