package discord

import (
	"testing"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

// BenchmarkInteraction is one slash command's round trip: INTERACTION_CREATE
// on the gateway, the deferral, the bot's handling and its ephemeral
// reply, through discordgo and the fake (spec validation included; the
// same body is validated once).
func BenchmarkInteraction(b *testing.B) {
	e := newEnv(b, envOptions{})
	for b.Loop() {
		in, err := e.fake.Slash(e.alice, e.fake.Channel, "games")
		if err != nil {
			b.Fatal(err)
		}
		e.wait(in, 1)
	}
}

// BenchmarkOrderAndUndo is a move and its undo in a gs-1 game: two
// orders, each stored and narrated in the game's thread.
func BenchmarkOrderAndUndo(b *testing.B) {
	e := newEnv(b, envOptions{})
	th, _ := e.start()
	for b.Loop() {
		for _, cmd := range []string{"move", "undo"} {
			var opts []fd.Option
			if cmd == "move" {
				opts = []fd.Option{fd.String("unit", "A6"), fd.String("to", "0706")}
			}
			in, err := e.fake.Slash(e.alice, th, cmd, opts...)
			if err != nil {
				b.Fatal(err)
			}
			e.wait(in, 1)
		}
	}
}
