package render

import (
	"testing"

	"github.com/grognard/grognard/game"
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
	return playedBoard(tb, flg.New(), sc, 400, firstWith("attack "))
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
	benchImage(b, board)
}

// flgBenchScenario is the shipped scenario flgBoard plays.
var flgBenchScenario = "flg-oriental"
