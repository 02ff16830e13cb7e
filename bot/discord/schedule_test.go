package discord

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
)

// What the scheduler says unasked (a reminder, an expiry) reaches Discord
// through the deliverer Run registers: public lines in the channel, private
// ones by DM.
func TestDeliver(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	n := len(e.fake.Log())
	e.app.Deliver(t.Context(), []bot.Delivery{{Platform: Platform, Room: e.fake.Channel, Messages: []bot.Message{
		{Text: "reminder: g1 is waiting for {u}", Mentions: []bot.User{{ID: e.bob.ID, Name: "bob"}}},
		{Text: "your secret view", To: &bot.User{ID: e.alice.ID, Name: "alice"}},
	}}})
	var public, dm bool
	e.eventually("the delivery", func() bool {
		for _, m := range e.since(n) {
			if m.ChannelID == e.fake.Channel && strings.Contains(m.Content, "reminder: g1") && !m.DM {
				public = true
			}
			if m.DM && strings.Contains(m.Content, "your secret view") {
				dm = true
			}
		}
		return public && dm
	})
}
