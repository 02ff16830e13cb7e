package render

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/man"
	"github.com/grognard/grognard/scenarios"
)

// manBoard is a Manœuvre board as side A sees it a few turns into the
// shipped man-frgb: the 8×8 squares of four placeholder sections with
// their terrain, both armies deployed, a combat's arrow when there is
// one, and the card area (hands, decks, discard piles).
func manBoard(tb testing.TB) *game.Board {
	tb.Helper()
	sc, err := scenarios.Load("man-frgb")
	if err != nil {
		tb.Fatal(err)
	}
	return playedBoard(tb, man.New(), sc, 60, firstWith("assault "))
}

// BenchmarkManBoard renders a Manœuvre board (8×8 squares, 16 counters,
// the card area) to PNG with a warm Renderer, and in the same run the
// naive full gg redraw with the default encoder, as BenchmarkPhaseImage
// does for the largest hex map:
//
//	go test ./render -run '^$' -bench ManBoard -benchtime 100x
func BenchmarkManBoard(b *testing.B) {
	board := manBoard(b)
	if len(board.Zones) == 0 || board.Map.Grid.Dirs() != 4 {
		b.Fatalf("not a square board with a card area: %d zones", len(board.Zones))
	}
	benchImage(b, board)
}
