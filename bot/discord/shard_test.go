package discord

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	fd "github.com/grognard/grognard/bot/discord/fakediscord"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
)

// TestShards: two bots, shards 0 and 1 of 2, each with its own App on the
// one store, against the fake in shard mode. Each identifies with its
// shard, each guild's commands are answered by the bot of the guild's
// shard only, games in both guilds progress, and only shard 0 writes the
// application's commands.
func TestShards(t *testing.T) {
	t.Parallel()
	var other, otherCh string
	e := newEnv(t, envOptions{shards: 2, cfg: func(_ *Config, f *fd.Server) {
		other, otherCh = f.AddGuild() // before the shards identify: in their READY
	}})
	if e.fake.ShardOf(e.fake.Guild) == e.fake.ShardOf(other) {
		t.Fatalf("guilds %s and %s on one shard", e.fake.Guild, other)
	}
	app, err := bot.New(bot.Config{Store: e.store, Renderer: pngRenderer{e},
		NewSeed: func() []byte { return dice.SeedFromInt(99) },
		Dice: func(_ string, seed []byte, next int) game.Dice {
			return e.forced.Over(dice.Seeded{Seed: seed, Next: next})
		},
		Rate: bot.RateLimit{PerMinute: 6000, Burst: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Token, cfg.ApplicationID, cfg.ShardID, cfg.ShardCount = testToken, e.fake.AppID(), 1, 2
	b1, err := New(cfg, Options{App: app, State: e.store, Logger: slog.New(slog.NewTextHandler(e.logs, nil)), HTTPClient: e.fake.Client()})
	if err != nil {
		t.Fatal(err)
	}
	b1.afterInteraction = e.answered(1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b1.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("shard 1: Run: %v", err)
			}
		case <-time.After(patience):
			t.Errorf("shard 1: Run did not return")
		}
	})
	e.eventually("shard 1 connects", func() bool { return e.fake.ShardConnected(1) })

	shardOf := func(in *fd.Interaction) int {
		e.mu.Lock()
		defer e.mu.Unlock()
		return e.shard[in.ID]
	}
	for _, c := range []struct{ guild, channel, game string }{{e.fake.Guild, e.fake.Channel, "g1"}, {other, otherCh, "g2"}} {
		th, _ := e.startIn(c.channel, c.game)
		in, msgs := e.slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0707"))
		if !strings.Contains(reply(t, in, msgs).Content+publicText(msgs), "A6") {
			t.Errorf("%s: the move is not narrated: %v", c.game, msgs)
		}
		if got, want := shardOf(in), e.fake.ShardOf(c.guild); got != want {
			t.Errorf("%s: guild %s's order answered by shard %d, want %d", c.game, c.guild, got, want)
		}
		if n := e.records(c.game); n == 0 {
			t.Errorf("%s: no records stored", c.game)
		}
	}
	if st := e.fake.Stats(); st.Shards[0] != 1 || st.Shards[1] != 1 {
		t.Errorf("identifies by shard: %v, want one each", st.Shards)
	}
	puts := 0
	for _, r := range e.fake.Requests() {
		if r.Method == "PUT" && strings.HasSuffix(r.Route, "/commands") {
			puts++
		}
	}
	if puts != 1 {
		t.Errorf("commands written %d times, want once (by shard 0)", puts)
	}
}

func publicText(msgs []fd.Message) string {
	var b strings.Builder
	for _, m := range public(msgs) {
		b.WriteString(m.Content + "\n")
	}
	return b.String()
}

// TestAPIURL: with api-url the bot sends its requests for discord.com to
// that address (here the fake, reached with a plain HTTP client), and
// plays there.
func TestAPIURL(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{apiURL: true})
	th, _ := e.start()
	in, msgs := e.slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0707"))
	if !strings.Contains(reply(t, in, msgs).Content+publicText(msgs), "A6") {
		t.Errorf("the move is not narrated: %v", msgs)
	}
	if n := len(e.fake.Requests()); n < 10 {
		t.Errorf("the fake saw %d requests", n)
	}
}
