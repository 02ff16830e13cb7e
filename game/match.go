package game

// MatchResult combines the two games of a match played with the sides
// swapped (Grands Stratèges scenarios VII and IXa, GS-S7.special), for the
// player who held side A in the first game: "won" (two wins, or a win and
// a draw), "drawn" (a win and a loss, or two draws) or "lost".
func MatchResult(first, second Outcome) string {
	score := 0
	for i, o := range []Outcome{first, second} {
		me := SideA
		if i == 1 {
			me = SideB // the sides are swapped for the second game
		}
		switch o.Winner {
		case me:
			score++
		case me.Other():
			score--
		}
	}
	switch {
	case score > 0:
		return "won"
	case score < 0:
		return "lost"
	}
	return "drawn"
}
