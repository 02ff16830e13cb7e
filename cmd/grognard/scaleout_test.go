package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/discord/fakediscord"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/internal/syncbuf"
	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/postgres"
)

// asGrognard, set in a child's environment, makes the test binary run
// grognard's main instead of the tests (TestMain): the multi-process
// tests start real `grognard serve` processes without building a binary.
const asGrognard = "GROGNARD_TEST_AS_GROGNARD"

const scaleToken = "MTAxNDk.scale-out-token.s3cr3t"

// shardProc is one `grognard serve` process of a sharded bot.
type shardProc struct {
	shard int
	cmd   *exec.Cmd
	out   *syncbuf.Buffer
	done  chan error
}

// startShard starts `grognard serve` as shard of 2 on the database url,
// against the fake Discord by api-url.
func startShard(t *testing.T, shard int, url string, fake *fakediscord.Server) *shardProc {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), fmt.Sprintf("shard%d.toml", shard))
	conf := fmt.Sprintf(`[discord]
application-id = %q
shard-id = %d
shard-count = 2
api-url = %q
threads = false

[bot]
rate-limit = 0

[deadlines]
# gs-1 games created without a deadline: 2 s a phase (below what a
# player may ask for at `+"`new`"+`, 1 minute); a 1 s lease, so that the
# schedulers look at the index every 0.5 s.
scenario = ["gs-1=2s"]
lease = "1s"
`, fake.AppID(), shard, fake.URL())
	if err := os.WriteFile(cfg, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	p := &shardProc{shard: shard, out: &syncbuf.Buffer{}, done: make(chan error, 1)}
	p.cmd = exec.Command(os.Args[0], "serve", "--config", cfg, "--db", url)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GROGNARD_") {
			env = append(env, kv)
		}
	}
	p.cmd.Env = append(env, asGrognard+"=1", "GROGNARD_DISCORD_TOKEN="+scaleToken)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		select {
		case <-p.done:
		case <-time.After(time.Minute):
			p.cmd.Process.Kill()
			t.Errorf("shard %d did not stop on SIGTERM", shard)
		}
		if t.Failed() {
			t.Logf("shard %d's output:\n%s", shard, p.out.String())
		}
	})
	return p
}

// kill ends the process with SIGKILL: nothing of it runs after.
func (p *shardProc) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.done
	p.done <- nil // for the cleanup
}

// scaleEnv is the test's view: the fake Discord and the database.
type scaleEnv struct {
	t          *testing.T
	fake       *fakediscord.Server
	store      *postgres.Store
	alice, bob *fakediscord.User
}

// waitFor polls cond until it holds (bounded generously: a busy machine
// is slow, not wrong).
func (e *scaleEnv) waitFor(what string, cond func() bool) {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			var msgs []string
			for _, m := range e.fake.Messages() {
				msgs = append(msgs, m.ChannelID+" "+m.Via+": "+m.Content)
			}
			e.t.Fatalf("timed out waiting until %s; messages:\n%s", what, strings.Join(msgs, "\n"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// answered waits until a process has answered an interaction: its
// deferral acknowledged and filled (or deleted).
func (e *scaleEnv) answered(in *fakediscord.Interaction, err error) {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
	e.waitFor("interaction "+in.ID+" is answered", func() bool {
		a := e.fake.Answer(in)
		if !a.Acked {
			return false
		}
		if a.Original == "" {
			return a.CallbackType != 5
		}
		m, ok := e.fake.Message(a.Original)
		return ok && (!m.Loading || m.Deleted)
	})
}

// gameIn is the game of a channel, once there is one.
func (e *scaleEnv) gameIn(channel string) string {
	e.t.Helper()
	var id string
	e.waitFor("a game in channel "+channel, func() bool {
		ids, err := e.store.GamesInRoom("discord:" + channel)
		if err != nil {
			e.t.Fatal(err)
		}
		if len(ids) == 1 {
			id = ids[0]
		}
		return id != ""
	})
	return id
}

func (e *scaleEnv) records(id string) []storage.LogEntry {
	e.t.Helper()
	rs, err := e.store.Records(id, 1)
	if err != nil {
		e.t.Fatal(err)
	}
	return rs
}

// challenge creates a gs-1 game between alice and bob in a channel
// (with options, "deadline=none"; else the configuration's 2 s phases)
// and has bob accept it.
func (e *scaleEnv) challenge(channel, options string, afterNew func(id string)) string {
	e.t.Helper()
	opts := []fakediscord.Option{fakediscord.String("scenario", "gs-1"), fakediscord.UserOption("opponent", e.bob)}
	if options != "" {
		opts = append(opts, fakediscord.String("options", options))
	}
	e.answered(e.fake.Slash(e.alice, channel, "new", opts...))
	id := e.gameIn(channel)
	if afterNew != nil {
		afterNew(id)
	}
	accept := "g:" + id + " accept"
	var msg string
	e.waitFor("the challenge of "+id+" with its button", func() bool {
		for _, m := range e.fake.Messages() {
			if m.ChannelID == channel && slices.ContainsFunc(m.Buttons, func(b fakediscord.Button) bool { return b.CustomID == accept }) {
				msg = m.ID
			}
		}
		return msg != ""
	})
	e.answered(e.fake.Click(e.bob, msg, accept))
	e.waitFor(id+" is active", func() bool {
		m, err := e.store.Meta(id)
		return err == nil && m.Status == storage.StatusActive
	})
	return id
}

// TestScaleOut runs the bot as two `grognard serve` processes, gateway
// shards 0 and 1 of 2, on one PostgreSQL database, against the fake
// Discord in shard mode with a guild on each shard. Games in both guilds
// progress, each command handled once; a process killed with SIGKILL
// while a game of its guild had a deadline coming (and, as if it had
// died firing it, the game's lease held) has that deadline applied by
// the other process once the lease has run out, posted in the dead
// process's guild; every log in the database holds each order once.
func TestScaleOut(t *testing.T) {
	url := testPG.NewDatabase(t)
	spec, err := fakediscord.SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	stopped := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	fake, err := fakediscord.New(fakediscord.Options{Token: scaleToken, Spec: spec, Shards: 2, Clock: func() time.Time { return stopped }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fake.Close)
	guildB, chB := fake.AddGuild()
	chB2 := fake.AddChannelIn(guildB, "more-games")
	chA := fake.Channel
	shardA, shardB := fake.ShardOf(fake.Guild), fake.ShardOf(guildB)
	if shardA == shardB {
		t.Fatalf("guilds on one shard")
	}
	st, err := postgres.Open(url, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e := &scaleEnv{t: t, fake: fake, store: st, alice: fake.AddUser("alice", 0), bob: fake.AddUser("bob", 0)}

	procs := [2]*shardProc{startShard(t, 0, url, fake), startShard(t, 1, url, fake)}
	t.Cleanup(func() { // both stop at once (each cleanup then waits for its own)
		for _, p := range procs {
			p.cmd.Process.Signal(syscall.SIGTERM)
		}
	})
	e.waitFor("both shards connect and shard 0 registers the commands", func() bool {
		return fake.ShardConnected(0) && fake.ShardConnected(1) && len(fake.Commands("")) > 0
	})

	// Games in both guilds progress, each on its own shard's process.
	var games []string
	for _, ch := range []string{chA, chB} {
		id := e.challenge(ch, "deadline=none", nil)
		for _, step := range []struct {
			u    *fakediscord.User
			cmd  string
			opts []fakediscord.Option
		}{
			{e.alice, "deploy", []fakediscord.Option{fakediscord.String("placements", "auto")}},
		} {
			e.answered(fake.Slash(step.u, ch, step.cmd, step.opts...))
		}
		rs := e.records(id)
		if n := len(rs); n != 1 || rs[0].Actor != "discord:"+e.alice.ID {
			t.Fatalf("%s (channel %s): log %+v, want alice's deploy", id, ch, rs)
		}
		games = append(games, id)
	}

	// A game of guild B with a deadline 2 s after it starts; its lease is
	// held for 4 s (as by a process that died firing it), and guild B's
	// process is killed.
	var leaseUntil time.Time
	g3 := e.challenge(chB2, "", func(id string) {
		if ok, err := st.TryLease("deadline/"+id, "killed-process", 4*time.Second); !ok || err != nil {
			t.Fatalf("taking %s's lease: %v %v", id, ok, err)
		}
		if err := st.Pool().QueryRow(context.Background(), `SELECT until FROM leases WHERE name = $1`, "deadline/"+id).Scan(&leaseUntil); err != nil {
			t.Fatal(err)
		}
	})
	procs[shardB].kill(t)
	games = append(games, g3)
	var fired []storage.LogEntry
	e.waitFor("the other process applies "+g3+"'s deadline", func() bool {
		fired = fired[:0]
		for _, r := range e.records(g3) {
			if r.Actor == "bot:deadline" {
				fired = append(fired, r)
			}
		}
		return len(fired) >= 4 // each side's deploy auto and ready
	})
	if fired[0].Time.Before(leaseUntil) {
		t.Errorf("%s's deadline applied at %v, before the lease ran out at %v", g3, fired[0].Time, leaseUntil)
	}
	e.waitFor("the expiry is posted in guild B's channel", func() bool {
		n := 0
		for _, m := range fake.Messages() {
			if m.ChannelID == chB2 && m.Public() && strings.Contains(m.Content, "⏰") {
				n++
			}
		}
		return n == 2
	})

	// Nothing lost or applied twice: each log is gapless, and no
	// interaction is stored twice.
	for _, id := range games {
		seen := map[string]bool{}
		for i, r := range e.records(id) {
			if r.Seq != i+1 {
				t.Errorf("%s: record %d has seq %d", id, i+1, r.Seq)
			}
			if r.Interaction != "" && seen[r.Interaction] {
				t.Errorf("%s: interaction %s stored twice", id, r.Interaction)
			}
			seen[r.Interaction] = true
		}
	}
	if n := len(fired); n != 4 {
		t.Errorf("%s: %d orders for the deadline, want 4: %v", g3, n, fired)
	}
	for _, f := range fake.Failures() {
		t.Errorf("fake Discord: %s", f)
	}
	_ = procs[shardA]
}

// TestTwoAppsOneGamePostgres: two bots (two Apps, each with its own
// connection pool, as two processes have) on one PostgreSQL database
// order the same game at once, three rounds of two moves of different
// units: every move stored is stored once, none is lost to the race
// (each is stored or refused by the rules, never dropped), and both bots
// then show the same game.
func TestTwoAppsOneGamePostgres(t *testing.T) {
	url := testPG.NewDatabase(t)
	var apps [2]*bot.App
	for i := range apps {
		st, err := postgres.Open(url, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		app, err := bot.New(bot.Config{Store: st, Instance: fmt.Sprintf("p%d", i), Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		apps[i] = app
	}
	say := func(p int, user, text string) string {
		var b strings.Builder
		for _, m := range apps[p].Handle(context.Background(), bot.Request{Platform: "test", Room: "r1", User: bot.User{ID: user, Name: user}, Text: text}).Messages {
			b.WriteString(m.Plain() + "\n")
		}
		return b.String()
	}
	for _, l := range [][2]string{{"alice", "new gs-1 vs bob deadline=none"}, {"bob", "accept"}, {"alice", "deploy auto"},
		{"bob", "deploy auto"}, {"alice", "ready"}, {"bob", "ready"}} {
		if out := say(0, l[0], l[1]); strings.Contains(out, "✗") || strings.Contains(out, "went wrong") {
			t.Fatalf("%s: %s: %s", l[0], l[1], out)
		}
	}
	legal, err := apps[1].LegalOrders("g1", game.SideA)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	units := map[string]bool{}
	for _, o := range legal {
		if f := strings.Fields(o); len(f) == 3 && f[0] == "move" && !units[f[1]] {
			units[f[1]] = true
			moves = append(moves, o)
		}
	}
	if len(moves) < 6 {
		t.Fatalf("A's moves: %v", moves)
	}
	st, err := postgres.Open(url, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	before, err := st.Records("g1", 1)
	if err != nil {
		t.Fatal(err)
	}
	var replies [6]string
	for i := 0; i < 6; i += 2 {
		var wg sync.WaitGroup
		for p := range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); replies[i+p] = say(p, "alice", moves[i+p]) }()
		}
		wg.Wait()
	}
	after, err := st.Records("g1", 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range after[len(before):] {
		got = append(got, r.Text)
	}
	for i, m := range moves[:6] {
		stored := slices.Index(got, m) >= 0
		refused := strings.Contains(replies[i], "✗") || strings.Contains(replies[i], "refused")
		if stored == refused || strings.Contains(replies[i], "went wrong") {
			t.Errorf("%s: stored %v, reply %q", m, stored, replies[i])
		}
	}
	for i, g := range got {
		if !slices.Contains(moves[:6], g) || slices.Contains(got[:i], g) {
			t.Errorf("records after the concurrent orders: %v (orders given: %v)", got, moves[:6])
			break
		}
	}
	if s0, s1 := say(0, "alice", "status"), say(1, "alice", "status"); s0 != s1 {
		t.Errorf("the two bots show the game differently:\n%s\n%s", s0, s1)
	}
}

// TestBenchProcesses runs `grognard bench --processes 2` on PostgreSQL:
// two bot processes (the test binary as grognard), each playing its
// share of the games on one database, measured together. It checks that
// every order of both is counted and every figure reported (not the
// figures: no test asserts time), and that the games are in the one
// database; --processes on a bbolt file is refused.
func TestBenchProcesses(t *testing.T) {
	url := testPG.NewDatabase(t)
	t.Setenv(asGrognard, "1") // the children are this binary as grognard
	out, err := runMain(t, "", "bench", "--db", url, "--processes", "2", "--games", "4", "--orders", "12", "--workers", "2")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"2 processes on one store", "set-up: 4 games", "orders: 12 sent in", "order-to-reply latency: p50", "peak RSS by process: "} {
		if !strings.Contains(out, want) {
			t.Errorf("bench output lacks %q:\n%s", want, out)
		}
	}
	st, err := postgres.Open(url, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rooms := map[string]bool{}
	metas, err := st.Games("", 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range metas {
		rooms[m.Rooms[0]] = true
	}
	if len(rooms) != 4 {
		t.Errorf("games in %d rooms, want the 4 of both processes: %v", len(rooms), rooms)
	}
	if _, err := runMain(t, "", "bench", "--processes", "2", "--games", "2"); err == nil || !strings.Contains(err.Error(), "postgres") {
		t.Errorf("--processes on a bbolt file: %v", err)
	}
}

// TestServeShardsNeedPostgres: serve refuses to run a Discord shard on a
// bbolt file, which one process holds.
func TestServeShardsNeedPostgres(t *testing.T) {
	t.Setenv("GROGNARD_DISCORD_TOKEN", "abc.def")
	cfg := writeConfig(t, "[discord]\nshard-id = 1\nshard-count = 2\n")
	_, err := runMain(t, "", "serve", "--config", cfg, "--db", filepath.Join(t.TempDir(), "g.db"))
	if err == nil || !strings.Contains(err.Error(), "shard-count is 2") || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Errorf("a shard on a bbolt file: %v", err)
	}
}
