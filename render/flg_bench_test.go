package render

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/flg"
	"github.com/grognard/grognard/scenarios"
)

// flgBoard is a Frédéric le Grand board as side A sees it a few turns
// into the shipped flg-oriental: the generated desert battlefield (11 × 15
// hexes, hills, habitations, roads, the stream with its fords and
// bridge), both armies deployed with their officers, some of them after
// combat (attacks are preferred among the random legal orders).
func flgBoard(tb testing.TB) *game.Board {
	tb.Helper()
	sc, err := scenarios.Load(flgBenchScenario)
	if err != nil {
		tb.Fatal(err)
	}
	r := flg.New()
	if sc, err = game.SetUp(r, sc, nil, dice.SetUpDice([]byte("bench"))); err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(r, sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	d := &dice.Seeded{Seed: []byte("bench")}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 400 && !g.State.Outcome().Over; i++ {
		side := game.Waiting(g.State)[0]
		l := game.Leaves(r.Legal(g.State, side))
		o := l[rng.IntN(len(l))]
		if j := slices.IndexFunc(l, func(s string) bool { return strings.HasPrefix(s, "attack ") }); j >= 0 {
			o = l[j]
		}
		cmd, err := game.ParseCommand(side, o)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Apply(o, cmd, d); err != nil {
			tb.Fatalf("%s: %v", o, err)
		}
	}
	return r.Board(g.State, game.SideA)
}

// BenchmarkFLGBoard renders a Frédéric le Grand board (11 × 15 generated
// hexes, two armies of 14 and 12 units with their officers) to PNG with a
// warm Renderer, and in the same run the naive full gg redraw with the
// default encoder, as BenchmarkPhaseImage does for the largest hex map:
//
//	go test ./render -run '^$' -bench FLGBoard -benchtime 100x
func BenchmarkFLGBoard(b *testing.B) {
	board := flgBoard(b)
	if board.Map.Grid.Dirs() != 6 || len(board.Pieces) < 26 {
		b.Fatalf("not a hex board with both armies: %d pieces", len(board.Pieces))
	}
	r := New()
	first, err := r.PNG(board)
	if err != nil {
		b.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(first))
	if err != nil {
		b.Fatal(err)
	}
	ds := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := r.PNG(board); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	fs := &faceSet{}
	var nds []time.Duration
	for i := 0; i < 5; i++ {
		t0 := time.Now()
		if _, err := naivePNG(board, fs); err != nil {
			b.Fatal(err)
		}
		nds = append(nds, time.Since(t0))
	}
	cached, naive := p50(ds), p50(nds)
	b.ReportMetric(float64(cached.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(naive.Microseconds())/1000, "naive-p50-ms")
	b.ReportMetric(float64(naive)/float64(cached), "speedup")
	b.ReportMetric(float64(len(first)), "png-bytes")
	b.ReportMetric(float64(cfg.Width), "width-px")
}

// flgBenchScenario is the shipped scenario flgBoard plays.
var flgBenchScenario = "flg-oriental"
