package render

import (
	"bytes"
	"image/png"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/sdc"
	"github.com/grognard/grognard/scenarios"
)

// sdcBoard is a Le son du canon ! board as side A sees it a few
// activations into the shipped sdc-choose with eight brigades a side: the
// large table (35 columns × 88 rows) laid out by the generator, both
// armies built from the template and deployed, every element facing its
// vertex, the brigade that acted last highlighted.
func sdcBoard(tb testing.TB) *game.Board {
	tb.Helper()
	sc, err := scenarios.Load("sdc-choose")
	if err != nil {
		tb.Fatal(err)
	}
	big := *sc
	big.Params = maps.Clone(sc.Params)
	big.Params["brigades"] = "8"
	r := sdc.New()
	s, err := game.SetUp(r, &big, nil, dice.SetUpDice([]byte("bench")))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(r, s, nil)
	if err != nil {
		tb.Fatal(err)
	}
	d := &dice.Seeded{Seed: []byte("bench")}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 40 && !g.State.Outcome().Over; i++ {
		side := game.Waiting(g.State)[0]
		l := game.Leaves(r.Legal(g.State, side))
		o := l[rng.IntN(len(l))]
		if j := slices.IndexFunc(l, func(s string) bool { return strings.HasPrefix(s, "move ") }); j >= 0 && rng.IntN(4) > 0 {
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

// BenchmarkSdcBoard renders a Le son du canon ! board (35 × 88 hexes,
// 16 brigades, facing wedges) to PNG with a warm Renderer, and in the
// same run the naive full gg redraw with the default encoder, as
// BenchmarkManBoard does:
//
//	go test ./render -run '^$' -bench SdcBoard -benchtime 20x
func BenchmarkSdcBoard(b *testing.B) {
	board := sdcBoard(b)
	cols, rows := board.Map.Grid.Size()
	facing := slices.ContainsFunc(board.Pieces, func(p game.Piece) bool { return p.FacingVertex > 0 })
	last := slices.ContainsFunc(board.Marks, func(m game.Mark) bool { return m.Kind == "reach" })
	if cols != 35 || rows != 88 || !facing || !last {
		b.Fatalf("not the large table with facings and the last brigade: %d×%d, facing %v, last %v", cols, rows, facing, last)
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
	for i := 0; i < 3; i++ {
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
	b.ReportMetric(float64(cfg.Height), "height-px")
}
