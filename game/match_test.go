package game

import "testing"

// GS-S7.special: the two games of a match, for the player who was A first.
func TestMatchResult(t *testing.T) {
	win := func(s Side) Outcome { return Outcome{Over: true, Winner: s} }
	draw := Outcome{Over: true, Winner: Nobody}
	for _, c := range []struct {
		a, b Outcome
		want string
	}{
		{win(SideA), win(SideB), "won"},   // won both (as B in the second)
		{win(SideA), draw, "won"},         // a win and a draw
		{win(SideA), win(SideA), "drawn"}, // a win and a loss
		{draw, draw, "drawn"},
		{win(SideB), draw, "lost"},
		{win(SideB), win(SideA), "lost"},
	} {
		if got := MatchResult(c.a, c.b); got != c.want {
			t.Errorf("%v then %v: %s, want %s", c.a.Winner, c.b.Winner, got, c.want)
		}
	}
}
