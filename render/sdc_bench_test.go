package render

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grognard/grognard/game"
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
	moves := firstWith("move ")
	return playedBoard(tb, sdc.New(), &big, 40, func(rng *rand.Rand, l []string) int {
		if j := moves(rng, l); j >= 0 && rng.IntN(4) > 0 {
			return j
		}
		return -1
	})
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
	benchImage(b, board)
}
