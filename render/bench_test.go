package render

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/fogleman/gg"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/scenarios"
)

// naivePNG is the reference the benchmark compares against: everything
// redrawn with gg on an RGBA image (terrain, hexsides, roads, labels,
// counters with their text, overlays, legend), then encoded with the
// default PNG encoder. Only the font faces are reused between calls.
func naivePNG(b *game.Board, fs *faceSet) ([]byte, error) {
	if err := checkBoard(b); err != nil {
		return nil, err
	}
	sc, err := sceneOf(b)
	if err != nil {
		return nil, err
	}
	lay := baseLayout(b.Map.Grid, DefaultMaxWidth)
	d := &drawer{l: &lay, k: newMetrics(lay.u, lay.hex), fs: fs, m: b.Map, sides: b.SideColors}
	lines := d.legendLines(b, float64(lay.size.X-2*margin), "")
	img := image.NewRGBA(image.Rect(0, 0, lay.size.X, lay.size.Y+d.legendHeight(lines)))
	d.dc = gg.NewContextForRGBA(img)
	d.drawStatic(image.Rect(0, 0, lay.size.X, lay.size.Y))
	d.drawScene(sc, nil, 0)
	d.drawLegend(lines, float64(lay.size.Y), float64(lay.size.X))
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func p50(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// largestShippedBoard is the benchmark board: the largest map shipped in
// scenarios (today the 40×24 Grands Stratèges battlefield) with the 50
// pieces and the combat-phase overlay of the fixture.
func largestShippedBoard(tb testing.TB) *game.Board {
	tb.Helper()
	var best *game.Scenario
	for _, in := range scenarios.List() {
		sc, err := scenarios.Load(in.ID)
		if err != nil {
			tb.Fatalf("load %s: %v", in.ID, err)
		}
		if sc.Map == nil || sc.Map.Grid == nil {
			continue
		}
		if best == nil || len(sc.Map.Grid.Cells()) > len(best.Map.Grid.Cells()) {
			best = sc
		}
	}
	if best == nil {
		tb.Fatal("no shipped scenario has a map")
	}
	b := bigHexBoard()
	b.Map = best.Map
	b.Legend.Scenario = best.Title
	if _, err := sceneOf(b); err != nil {
		tb.Fatalf("the fixture pieces do not fit %s's map: %v", best.ID, err)
	}
	return b
}

// BenchmarkPhaseImage renders the largest shipped map (40×24 hexes) with
// 50 pieces and a combat phase overlay to PNG with a warm Renderer: the
// image the bot posts after every phase. In the same run it times the naive full gg
// redraw with the default encoder and reports both medians, their ratio,
// the PNG size and width:
//
//	go test ./render -run '^$' -bench PhaseImage -benchtime 100x
func BenchmarkPhaseImage(b *testing.B) { benchImage(b, largestShippedBoard(b)) }

// benchImage renders board to PNG with a warm Renderer, b.N times, and in
// the same run the naive full gg redraw with the default encoder five
// times; it reports both medians, their ratio, the PNG's size, width and
// height: the figures of every board-image benchmark.
func benchImage(b *testing.B, board *game.Board) {
	r := New()
	first, err := r.PNG(board) // fill the caches
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
	b.ReportMetric(float64(cfg.Height), "height-px")
}

// playedBoard is the board side A sees after up to n orders of r from
// sc, set up and played with the "bench" dice: random legal orders, or
// the one prefer picks (an index into the legal orders, -1 for none).
func playedBoard(tb testing.TB, r game.Ruleset, sc *game.Scenario, n int, prefer func(rng *rand.Rand, legal []string) int) *game.Board {
	tb.Helper()
	sc, err := game.SetUp(r, sc, nil, dice.SetUpDice([]byte("bench")))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := game.Start(r, sc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	d := &dice.Seeded{Seed: []byte("bench")}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n && !g.State.Outcome().Over; i++ {
		side := game.Waiting(g.State)[0]
		l := game.Leaves(r.Legal(g.State, side))
		o := l[rng.IntN(len(l))]
		if j := prefer(rng, l); j >= 0 {
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
	return r.(game.Boarder).Board(g.State, game.SideA)
}

// firstWith prefers the first legal order that starts with prefix.
func firstWith(prefix string) func(*rand.Rand, []string) int {
	return func(_ *rand.Rand, l []string) int {
		return slices.IndexFunc(l, func(s string) bool { return strings.HasPrefix(s, prefix) })
	}
}

// BenchmarkZoom renders a phone crop of radius 3 on the largest map.
func BenchmarkZoom(b *testing.B) {
	board := bigHexBoard()
	r := New()
	c := *board.Pieces[29].At
	if _, err := r.Zoom(board, c, 3); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.Zoom(board, c, 3); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStaticLayer is the one-time cost of a map: drawing its static
// layer, building its palette and quantizing it.
func BenchmarkStaticLayer(b *testing.B) {
	board := bigHexBoard()
	for i := 0; i < b.N; i++ {
		r := New()
		if _, err := r.cacheFor(board.Map); err != nil {
			b.Fatal(err)
		}
	}
}
