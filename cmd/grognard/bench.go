package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/bot/console"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/render"
	"github.com/grognard/grognard/storage"
	"github.com/grognard/grognard/storage/postgres"
)

func init() {
	register(subcommand{name: "bench", usage: "[--games N] [--orders N] [--images] [--rate R] [--workers W] [--scenario ID] [--db FILE|postgres://…] [--processes N] [--nosync] [--seed N] [--random-setup] [--cpuprofile FILE]: load benchmark of the bot core through the terminal adapter (random legal orders, bbolt or PostgreSQL, rendering; N bot processes on one PostgreSQL database)", run: runBench})
}

// benchMetrics counts what the bot core reports while the benchmark runs.
type benchMetrics struct {
	accepted, rejected, renders atomic.Int64
	mu                          sync.Mutex
	renderTimes                 []time.Duration
}

func (b *benchMetrics) Order(ok bool, _ time.Duration) {
	if ok {
		b.accepted.Add(1)
	} else {
		b.rejected.Add(1)
	}
}

func (b *benchMetrics) Render(d time.Duration) {
	b.renders.Add(1)
	b.mu.Lock()
	b.renderTimes = append(b.renderTimes, d)
	b.mu.Unlock()
}

func (b *benchMetrics) Deadline(string) {}

// benchGame is one game the benchmark plays in its own terminal room.
type benchGame struct {
	slot  int
	id    string
	room  *console.Room
	out   *bytes.Buffer
	rng   *rand.Rand
	legal map[game.Side][]string
	moves int // orders given in the current phase
	limit int // orders before "end" is preferred
}

// benchRun is one run of the benchmark.
type benchRun struct {
	app      *bot.App
	store    benchStore
	scenario string
	ctx      context.Context
	seed     int64
	// autoSetup answers the set-up's decisions with their defaults when a
	// game is created (an administrator's adjudicate).
	autoSetup bool

	legalTime atomic.Int64 // ns spent listing legal orders (driver cost)
	created   atomic.Int64 // games created during the run (replacing ended ones)
}

func runBench(m *Main, ctx context.Context, args []string) error {
	fs := m.newFlags("bench")
	games := fs.Int("games", 1000, "games played at once")
	orders := fs.Int("orders", 20000, "orders to send")
	images := fs.Bool("images", false, "render board images (the real renderer)")
	rate := fs.Float64("rate", 0, "orders a second, paced (0: as fast as possible)")
	workers := fs.Int("workers", 0, "concurrent players (default 4 × GOMAXPROCS)")
	scenario := fs.String("scenario", "gs-1", "scenario of the games")
	db := fs.String("db", "", "store: a bbolt file (default: a new file in a temporary folder, removed at the end) or postgres://…")
	nosync := fs.Bool("nosync", false, "do not fsync commits (bbolt; measures CPU only)")
	seed := fs.Int64("seed", 1, "seed of the random choices")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the measured run to this file")
	randomSetup := fs.Bool("random-setup", false, "play the set-up with random legal orders too (default: its default answers, before the measure)")
	processes := fs.Int("processes", 1, "bot processes sharing the store (postgres:// only), each playing its share of the games")
	part := fs.String("part", "", "internal: this process is part I/N of a --processes run")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("bench: unexpected argument %q", fs.Arg(0))}
	}
	if *games < 1 || *orders < 1 || *rate < 0 || *processes < 1 {
		return usageError{"bench: --games, --orders and --processes must be positive, --rate not negative"}
	}
	if *workers <= 0 {
		*workers = 4 * runtime.GOMAXPROCS(0)
	}
	*workers = min(*workers, *games)
	if *processes > 1 {
		if !isPostgres(*db) {
			return usageError{"bench: --processes needs a store several processes share: --db postgres://…"}
		}
		return benchProcesses(m, ctx, args, *db, *processes, *games, *orders, *workers)
	}
	// A part of a --processes run plays the games i ≡ I (mod N), with its
	// share of the orders and workers.
	partI, partN := 0, 1
	if *part != "" {
		if *db == "" {
			*db = os.Getenv(benchDBEnv)
		}
		if _, err := fmt.Sscanf(*part, "%d/%d", &partI, &partN); err != nil || partN < 1 || partI < 0 || partI >= partN {
			return usageError{fmt.Sprintf("bench: --part %q (want I/N)", *part)}
		}
		*orders = (*orders + partN - 1 - partI) / partN
		*workers = max(1, (*workers+partN-1-partI)/partN)
	}
	var st benchStore
	path := *db
	if err := checkStoreRef(path); err != nil {
		return err
	}
	if isPostgres(path) {
		ps, err := postgres.Open(path, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			return fmt.Errorf("bench: store %s: %w", storeName(path), err)
		}
		st = ps
	} else {
		if path == "" {
			dir, err := os.MkdirTemp("", "grognard-bench-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(dir)
			path = filepath.Join(dir, "bench.db")
		}
		bs, err := storage.Open(boltPath(path), storage.Options{NoSync: *nosync})
		if err != nil {
			return err
		}
		st = bs
	}
	defer st.Close()
	met := &benchMetrics{}
	cfg := bot.Config{Store: st, Metrics: met, Deadlines: mustDeadlines(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if *images {
		cfg.Renderer = render.New()
	}
	app, err := bot.New(cfg)
	if err != nil {
		return err
	}
	r := &benchRun{app: app, store: st, scenario: *scenario, ctx: ctx, seed: *seed, autoSetup: !*randomSetup}

	out := m.Stdout
	if *part != "" {
		out = io.Discard // the parent reports
	}
	fsync := fmt.Sprint(!*nosync)
	if isPostgres(path) {
		fsync = "the server's"
	}
	fmt.Fprintf(out, "grognard bench · %d games of %s · %d orders · images %v · workers %d · rate %s · fsync %s · GOMAXPROCS %d · store %s\n",
		*games, *scenario, *orders, *images, *workers, rateText(*rate), fsync, runtime.GOMAXPROCS(0), storeName(path))
	// Set-up: every game created and accepted through the terminal room.
	t0 := time.Now()
	var slots []int
	for i := partI; i < *games; i += partN {
		slots = append(slots, i)
	}
	*workers = min(*workers, len(slots))
	all := make([]*benchGame, len(slots))
	var setupErr atomic.Value
	var wg sync.WaitGroup
	for w := range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(slots); i += *workers {
				g, err := r.newGame(slots[i])
				if err != nil {
					setupErr.Store(err)
					return
				}
				all[i] = g
			}
		}()
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return err
	}
	setup := time.Since(t0)
	how := "their set-up by its default answers"
	if *randomSetup {
		how = "their set-up left to the random orders"
	}
	fmt.Fprintf(out, "set-up: %d games created and started, %s, in %s (%.0f games/s)\n", len(slots), how, setup.Round(time.Millisecond), float64(len(slots))/setup.Seconds())
	met.renders.Store(0)
	met.renderTimes = nil
	met.accepted.Store(0)
	met.rejected.Store(0)
	if *part != "" {
		// Ready: wait for the parent's go, so that the parts measure at
		// the same time.
		fmt.Fprintln(m.Stdout, "ready")
		if _, err := bufio.NewReader(m.Stdin).ReadString('\n'); err != nil {
			return fmt.Errorf("bench part %s: waiting for the start: %w", *part, err)
		}
	}

	// The run: workers send orders, each to its own share of the games.
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var sent atomic.Int64
	lats := make([][]time.Duration, *workers)
	start := time.Now()
	for w := range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []*benchGame
			for i := w; i < len(all); i += *workers {
				mine = append(mine, all[i])
			}
			for k := 0; ; k++ {
				n := sent.Add(1)
				if n > int64(*orders) || ctx.Err() != nil {
					return
				}
				var due time.Time
				if *rate > 0 {
					due = start.Add(time.Duration(float64(n-1) / *rate * float64(time.Second)))
					if d := time.Until(due); d > 0 {
						select {
						case <-time.After(d):
						case <-ctx.Done():
							return
						}
					}
				}
				g := mine[k%len(mine)]
				lat, err := r.play(g)
				if err != nil {
					setupErr.Store(err)
					return
				}
				if !due.IsZero() {
					lat = time.Since(due) // from the order's scheduled time: queueing counts
				}
				lats[w] = append(lats[w], lat)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if err, ok := setupErr.Load().(error); ok {
		return err
	}
	var all2 []time.Duration
	for _, l := range lats {
		all2 = append(all2, l...)
	}
	if *part != "" {
		return json.NewEncoder(m.Stdout).Encode(benchPart{Latencies: all2, Elapsed: elapsed,
			Accepted: met.accepted.Load(), Refused: met.rejected.Load(), PeakRSS: peakRSS()})
	}
	slices.Sort(all2)
	n := len(all2)
	fmt.Fprintf(m.Stdout, "orders: %d sent in %s: %.0f orders/s (%d accepted, %d refused by the rules)\n",
		n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), met.accepted.Load(), met.rejected.Load())
	fmt.Fprintf(m.Stdout, "order-to-reply latency: p50 %s · p90 %s · p99 %s · max %s\n",
		pct(all2, 50), pct(all2, 90), pct(all2, 99), pct(all2, 100))
	if *images {
		rt := slices.Clone(met.renderTimes)
		slices.Sort(rt)
		fmt.Fprintf(m.Stdout, "images: %d rendered: %.1f images/s (render p50 %s · p99 %s)\n",
			met.renders.Load(), float64(met.renders.Load())/elapsed.Seconds(), pct(rt, 50), pct(rt, 99))
	}
	fmt.Fprintf(m.Stdout, "driver: %s listing legal orders (included in the wall time); %d games replaced after they ended\n",
		time.Duration(r.legalTime.Load()).Round(time.Millisecond), r.created.Load())
	if fi, err := os.Stat(path); err == nil && !isPostgres(path) {
		fmt.Fprintf(m.Stdout, "store: %s, %.1f MB\n", path, float64(fi.Size())/1e6)
	}
	fmt.Fprintf(m.Stdout, "peak RSS: %s\n", peakRSS())
	return nil
}

// benchStore is the store the benchmark's bot plays on (bbolt or
// PostgreSQL).
type benchStore interface {
	bot.Store
	Close() error
}

// benchPart is what a part of a --processes run reports to its parent.
type benchPart struct {
	Latencies []time.Duration `json:"latencies"`
	Elapsed   time.Duration   `json:"elapsed"`
	Accepted  int64           `json:"accepted"`
	Refused   int64           `json:"refused"`
	PeakRSS   string          `json:"peak_rss"`
}

// benchProcesses runs the benchmark as n bot processes on one shared
// store: each is this program with --part i/n, playing the games i, i+n,
// …, with its share of the orders and workers. They set up their games,
// then measure at the same time (the parent's start line); the parent
// reports the orders of all of them over the wall time from the start to
// the last one's end, and the latencies of all the orders.
func benchProcesses(m *Main, ctx context.Context, args []string, db string, n, games, orders, workers int) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	// The tables are created once, before the parts open the store
	// together.
	st, err := postgres.Open(db, postgres.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return fmt.Errorf("bench: store %s: %w", storeName(db), err)
	}
	st.Close()
	type child struct {
		cmd *exec.Cmd
		in  io.WriteCloser
		out *bufio.Reader
	}
	fmt.Fprintf(m.Stdout, "grognard bench · %d processes on one store · %d games of the scenario · %d orders · workers %d in all\n", n, games, orders, workers)
	kids := make([]child, n)
	stderr := &lockedWriter{w: m.Stderr} // the parts write to it at once
	for i := range kids {
		cmd := exec.CommandContext(ctx, exe, benchPartArgs(args, i, n)...)
		// The store's URL goes by the environment, not the command line
		// that ps shows everyone: it may hold the password.
		cmd.Env = append(os.Environ(), benchDBEnv+"="+db)
		cmd.Stderr = stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		outp, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		defer cmd.Wait()
		defer in.Close()
		kids[i] = child{cmd: cmd, in: in, out: bufio.NewReader(outp)}
	}
	t0 := time.Now()
	for i, k := range kids {
		line, err := k.out.ReadString('\n')
		if strings.TrimSpace(line) != "ready" {
			return fmt.Errorf("bench: part %d/%d did not get ready: %q %v", i, n, line, err)
		}
	}
	fmt.Fprintf(m.Stdout, "set-up: %d games in %s, the %d processes at once\n", games, time.Since(t0).Round(time.Millisecond), n)
	start := time.Now()
	for _, k := range kids {
		fmt.Fprintln(k.in, "go")
	}
	var lats []time.Duration
	var accepted, refused int64
	var rss []string
	for i, k := range kids {
		var p benchPart
		if err := json.NewDecoder(k.out).Decode(&p); err != nil {
			return fmt.Errorf("bench: part %d/%d: %w", i, n, err)
		}
		lats = append(lats, p.Latencies...)
		accepted += p.Accepted
		refused += p.Refused
		rss = append(rss, p.PeakRSS)
	}
	elapsed := time.Since(start)
	slices.Sort(lats)
	fmt.Fprintf(m.Stdout, "orders: %d sent in %s: %.0f orders/s (%d accepted, %d refused by the rules)\n",
		len(lats), elapsed.Round(time.Millisecond), float64(len(lats))/elapsed.Seconds(), accepted, refused)
	fmt.Fprintf(m.Stdout, "order-to-reply latency: p50 %s · p90 %s · p99 %s · max %s\n",
		pct(lats, 50), pct(lats, 90), pct(lats, 99), pct(lats, 100))
	fmt.Fprintf(m.Stdout, "peak RSS by process: %s\n", strings.Join(rss, ", "))
	return nil
}

// lockedWriter serialises writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// benchDBEnv passes the store's URL to the parts of a --processes run.
const benchDBEnv = "GROGNARD_BENCH_DB"

// benchPartArgs is the command line of part i of n of a --processes
// run: args without --processes and --db (the URL goes by benchDBEnv).
func benchPartArgs(args []string, i, n int) []string {
	a := append([]string{"bench"}, dropFlags(args, "processes", "db")...)
	return append(a, "--part", fmt.Sprintf("%d/%d", i, n))
}

// dropFlags is args without the flags named (and their values).
func dropFlags(args []string, names ...string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && slices.Contains(names, name) {
			if !hasValue {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// newGame creates game i in its own terminal room: p<2i> challenges
// p<2i+1>, who accepts.
func (r *benchRun) newGame(slot int) (*benchGame, error) {
	out := &bytes.Buffer{}
	room := &console.Room{App: r.app, Out: out, Name: fmt.Sprintf("bench-%d", slot)}
	a, b := fmt.Sprintf("p%d", 2*slot), fmt.Sprintf("p%d", 2*slot+1)
	room.User = a
	if _, err := room.Line(r.ctx, fmt.Sprintf("new %s vs @%s", r.scenario, b)); err != nil {
		return nil, err
	}
	room.User = b
	if _, err := room.Line(r.ctx, "accept"); err != nil {
		return nil, err
	}
	ids, err := r.store.GamesInRoom(console.Platform + ":" + room.Name)
	if err != nil {
		return nil, err
	}
	var id string
	for _, x := range ids {
		if m, err := r.store.Meta(x); err == nil && m.Status == storage.StatusActive {
			id = x
		}
	}
	if id == "" {
		return nil, fmt.Errorf("bench: game %d did not start: %s", slot, out.String())
	}
	for i := 0; r.autoSetup && i < 100; i++ {
		turns, err := r.app.Turns(id)
		if err != nil {
			return nil, err
		}
		if len(turns) == 0 || !turns[0].Decision {
			break
		}
		room.User, room.Admin = "referee", true
		out.Reset()
		if _, err := room.Line(r.ctx, id+" adjudicate"); err != nil {
			return nil, err
		}
		room.Admin = false
		if bytes.Contains(out.Bytes(), []byte("no decision")) || bytes.Contains(out.Bytes(), []byte("no default")) {
			break
		}
	}
	return &benchGame{slot: slot, id: id, room: room, out: out, rng: rand.New(rand.NewSource(r.seed + int64(slot))),
		legal: map[game.Side][]string{}}, nil
}

// play sends one random legal order to a game (replacing the game when
// it has ended) and returns the time from the line to the reply.
func (r *benchRun) play(g *benchGame) (time.Duration, error) {
	turns, err := r.app.Turns(g.id)
	if err != nil {
		return 0, err
	}
	if len(turns) == 0 { // over: a new game in the same room
		ng, err := r.newGame(g.slot)
		if err != nil {
			return 0, err
		}
		r.created.Add(1)
		*g = *ng
		if turns, err = r.app.Turns(g.id); err != nil || len(turns) == 0 {
			return 0, fmt.Errorf("bench: new game %s waits for nobody (%v)", g.id, err)
		}
	}
	t := turns[g.rng.Intn(len(turns))]
	legal := g.legal[t.Side]
	if len(legal) == 0 {
		t0 := time.Now()
		if legal, err = r.app.LegalOrders(g.id, t.Side); err != nil {
			return 0, err
		}
		r.legalTime.Add(int64(time.Since(t0)))
		g.legal[t.Side] = legal
		if len(legal) == 0 {
			return 0, fmt.Errorf("bench: %s: no legal order for %s", g.id, t.Side)
		}
	}
	order := legal[g.rng.Intn(len(legal))]
	if g.limit == 0 {
		g.limit = 1 + g.rng.Intn(8)
	}
	if g.moves >= g.limit && slices.Contains(legal, "end") {
		order = "end"
	}
	g.room.User = t.User.ID
	g.out.Reset()
	start := time.Now()
	if _, err := g.room.Line(r.ctx, order); err != nil {
		return 0, err
	}
	lat := time.Since(start)
	refused := bytes.Contains(g.out.Bytes(), []byte("✗"))
	words := strings.Fields(order)
	switch {
	case refused || t.Decision || words[0] == "end" || words[0] == "ready":
		clear(g.legal) // the position moved on: list again
		g.moves, g.limit = 0, 0
	default:
		g.moves++
		// The unit has moved (or fought): its other orders are stale.
		prefix := words[0] + " " + words[min(1, len(words)-1)] + " "
		g.legal[t.Side] = slices.DeleteFunc(slices.Clone(legal), func(o string) bool { return strings.HasPrefix(o+" ", prefix) })
		delete(g.legal, t.Side.Other())
	}
	return lat, nil
}

// pct is the p-th percentile of sorted durations.
func pct(s []time.Duration, p int) string {
	if len(s) == 0 {
		return "—"
	}
	i := (len(s)*p + 99) / 100
	i = min(max(i-1, 0), len(s)-1)
	d := s[i]
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/1e6)
	}
	return d.Round(time.Millisecond).String()
}

func rateText(r float64) string {
	if r == 0 {
		return "unpaced"
	}
	return strconv.FormatFloat(r, 'f', -1, 64) + "/s"
}

// peakRSS is the process's peak resident set (VmHWM on Linux).
func peakRSS() string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return "unknown (no /proc)"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			fields := strings.Fields(v)
			if kb, err := strconv.Atoi(fields[0]); err == nil {
				return fmt.Sprintf("%.0f MB", float64(kb)/1024)
			}
		}
	}
	return "unknown"
}

// mustDeadlines is the default deadline configuration (the same as
// `serve` without a file), so that the clock's writes are measured too.
func mustDeadlines() bot.Deadlines {
	d, _ := DefaultConfig().Deadlines.bot()
	return d
}
