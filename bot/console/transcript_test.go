package console

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/storage"
)

var update = flag.Bool("update", false, "rewrite the transcripts in testdata/ with the actual output")

// A transcript (testdata/*.txt) is a conversation in the terminal room:
//
//	> alice: new gs-1 vs bob        a line typed by alice
//	> carol (admin): adjudicate     … by carol, a room administrator
//	g1: @alice challenges …         what the bot printed (every line that is
//	                                not an input, a directive or a comment)
//	!dice 4 1                       the next die rolls, forced
//	!wait 90s                       the clock moves on (each input adds 1 min)
//	!rate 6 2                       rate limit (per minute, burst) from now on
//	!metered                        the room counts as a chat room: the rate
//	                                limit applies (the terminal is unmetered)
//	!restart                        a new App (and store handle) on the same file
//	!deadlines 48h 24h              default phase and decision deadlines from
//	                                now on (a new App on the same file)
//	!tick                           the scheduler runs once (reminders, expired
//	                                deadlines, digests); what it says is output
//	# comment                       kept as is ("#" and a space: a bot line
//	                                such as "#12 …" of a history is output)
//
// Images are described by name, view and a hash of their bytes (a fake
// renderer encodes the board as JSON, so the hash changes when what the
// board shows changes). go test ./bot/console -run TestTranscripts -update
// rewrites the expected lines.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) { runTranscript(t, f) })
	}
}

var inputLine = regexp.MustCompile(`^> ([^:( ]+)( \(admin\))?: (.*)$`)

type harness struct {
	t        *testing.T
	db       string
	store    *storage.Store
	app      *bot.App
	room     *Room
	out      bytes.Buffer
	now      time.Time
	seeds    int64
	forced   dice.Forced
	rate     bot.RateLimit
	ctx      context.Context
	renderer bot.Renderer
	dl       bot.Deadlines
	metered  bool
	// rulesets and scenarios, when set, are the App's (the toy's).
	rulesets  []game.Ruleset
	scenarios []*game.Scenario
}

func newHarness(t *testing.T) *harness {
	h := &harness{t: t, db: filepath.Join(t.TempDir(), "grognard.db"), now: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC),
		rate: bot.RateLimit{PerMinute: 120, Burst: 30}, ctx: t.Context(), renderer: fakeRenderer{}}
	t.Cleanup(func() {
		if h.store != nil {
			h.store.Close()
		}
	})
	return h
}

// open starts (or restarts) the App on the store file.
func (h *harness) open() {
	if h.store != nil {
		if err := h.store.Close(); err != nil {
			h.t.Fatal(err)
		}
	}
	s, err := storage.Open(h.db, storage.Options{NoSync: true, Now: func() time.Time { return h.now }})
	if err != nil {
		h.t.Fatal(err)
	}
	h.store = s
	app, err := bot.New(bot.Config{
		Store:    s,
		Renderer: h.renderer,
		Now:      func() time.Time { return h.now },
		NewSeed: func() []byte {
			h.seeds++
			return dice.SeedFromInt(h.seeds)
		},
		Dice: func(_ string, seed []byte, next int) game.Dice {
			return h.forced.Over(dice.Seeded{Seed: seed, Next: next})
		},
		Rate:      h.rate,
		Deadlines: h.dl,
		Rulesets:  h.rulesets,
		Scenarios: h.scenarios,
	})
	if err != nil {
		h.t.Fatal(err)
	}
	h.app = app
	h.room = &Room{App: app, Out: &h.out, ImageDir: ""}
	if h.metered {
		h.room.ready = true
		app.SetLimits(Platform, bot.Limits{Ephemeral: true})
	}
}

// fakeRenderer "draws" a board as its JSON: the bytes (and so the hash
// printed in transcripts) change exactly when what the board shows does.
type fakeRenderer struct{}

func (fakeRenderer) PNG(b *game.Board) ([]byte, error) {
	j, err := json.Marshal(b)
	return append([]byte("board "), j...), err
}

func (fakeRenderer) Zoom(b *game.Board, c grid.Coord, r int) ([]byte, error) {
	j, err := json.Marshal(b)
	return append(fmt.Appendf(nil, "zoom %d,%d r%d ", c.X, c.Y, r), j...), err
}

func runTranscript(t *testing.T, path string) { runTranscriptWith(t, path, newHarness(t)) }

// runTranscriptWith plays a transcript on h and returns the conversation.
func runTranscriptWith(t *testing.T, path string, h *harness) string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	lines := strings.Split(strings.TrimRight(string(src), "\n"), "\n")
	for n, line := range lines {
		switch {
		case strings.HasPrefix(line, "> "):
			m := inputLine.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("%s:%d: want \"> user: text\" or \"> user (admin): text\"", path, n+1)
			}
			if h.app == nil {
				h.open()
			}
			got.WriteString(line + "\n")
			h.now = h.now.Add(time.Minute)
			h.room.User, h.room.Admin = m[1], m[2] != ""
			h.out.Reset()
			if _, err := h.room.Line(h.ctx, m[3]); err != nil {
				t.Fatalf("%s:%d: %v", path, n+1, err)
			}
			got.Write(h.out.Bytes())
		case strings.HasPrefix(line, "!"):
			got.WriteString(line + "\n")
			h.out.Reset()
			h.directive(path, n+1, line)
			got.Write(h.out.Bytes())
		case line == "#" || strings.HasPrefix(line, "# "):
			got.WriteString(line + "\n")
		}
	}
	if left := h.forced.Left(); len(left) > 0 {
		t.Errorf("%s: %d forced dice were not rolled: %v", path, len(left), left)
	}
	want := strings.TrimRight(string(src), "\n") + "\n"
	if got.String() == want {
		return got.String()
	}
	if *update {
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return got.String()
	}
	t.Errorf("%s differs from the actual conversation (go test ./bot/console -run 'TestTranscripts|TestToyRuleset' -update rewrites it):\n%s", path, firstDiff(want, got.String()))
	return got.String()
}

func (h *harness) directive(path string, n int, line string) {
	w := strings.Fields(line)
	bad := func() { h.t.Fatalf("%s:%d: bad directive %q", path, n, line) }
	switch w[0] {
	case "!dice":
		for _, x := range w[1:] {
			v, err := strconv.Atoi(x)
			if err != nil {
				bad()
			}
			h.forced.Push(v)
		}
	case "!wait":
		if len(w) != 2 {
			bad()
		}
		d, err := time.ParseDuration(w[1])
		if err != nil {
			bad()
		}
		h.now = h.now.Add(d)
	case "!rate":
		if len(w) != 3 {
			bad()
		}
		pm, err1 := strconv.ParseFloat(w[1], 64)
		b, err2 := strconv.Atoi(w[2])
		if err1 != nil || err2 != nil {
			bad()
		}
		h.rate = bot.RateLimit{PerMinute: pm, Burst: b}
		h.open()
	case "!metered":
		h.metered = true
		h.open()
	case "!restart":
		h.open()
	case "!deadlines":
		if len(w) != 3 {
			bad()
		}
		phase, err1 := bot.ParseDuration(w[1])
		decision, err2 := bot.ParseDuration(w[2])
		if err1 != nil || err2 != nil {
			bad()
		}
		h.dl = bot.Deadlines{Phase: phase, Decision: decision}
		h.open()
	case "!tick":
		if h.app == nil {
			h.open()
		}
		ds, err := h.app.Tick(h.ctx)
		if err != nil {
			h.t.Fatalf("%s:%d: tick: %v", path, n, err)
		}
		h.out.Reset()
		for _, d := range ds {
			if err := h.room.Deliver(h.ctx, d); err != nil {
				h.t.Fatal(err)
			}
		}
		return
	default:
		bad()
	}
}

// firstDiff shows the first differing line with some context.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			lo := max(0, i-3)
			ctx := strings.Join(g[lo:i], "\n")
			return fmt.Sprintf("line %d:\n%s\n- want: %s\n+ got:  %s", i+1, ctx, a, b)
		}
	}
	return "(same lines, different ending)"
}
