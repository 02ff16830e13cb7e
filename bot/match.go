package bot

import (
	"errors"
	"fmt"

	"github.com/grognard/grognard/game"
)

// keyMatch pairs the two games of a two-game match (value: the other game).
const keyMatch = "bot/match/"

// twoLegs speaks of the match a scenario with the parameter match =
// "two-legs" belongs to (Grands Stratèges VII and IXa, GS-S7.special): after
// the first game it gives the command for the return game with the sides
// swapped; after the return game it pairs the two and gives the match
// result for the player who was A in the first.
func (c *call) twoLegs(l Lang, lg *live) []string {
	sc := lg.g.Scenario
	if sc.Param("match", "") != "two-legs" || !lg.g.State.Outcome().Over {
		return nil
	}
	a, b := lg.meta.Seats[game.SideA], lg.meta.Seats[game.SideB]
	ids, err := c.a.store.GamesOfPlayer(a)
	if err != nil {
		c.a.log.Warn("bot: two-game match", "game", lg.id, "err", err)
		return nil
	}
	sortGames(ids)
	for i := len(ids) - 1; i >= 0; i-- {
		id := ids[i]
		if id == lg.id {
			continue
		}
		m, err := c.a.store.Meta(id)
		if err != nil || m.Scenario != sc.ID || m.Seats[game.SideA] != b || m.Seats[game.SideB] != a || !m.Status.Ended() {
			continue
		}
		if v, _ := c.a.store.Value(keyMatch + id); len(v) > 0 {
			continue // already the first game of another match
		}
		first, err := c.hold(id)
		if err != nil {
			continue
		}
		o1 := first.g.State.Outcome()
		c.unhold(first)
		if !o1.Over {
			continue // ended without a result of the rules (conceded, abandoned)
		}
		// Another process may pair the same first game at this moment
		// (shared.go): the first to write it wins.
		if err := c.a.putGameValue(id, keyMatch+id, nil, []byte(lg.id)); errors.Is(err, errChanged) {
			continue
		} else if err != nil {
			c.a.log.Warn("bot: two-game match", "game", lg.id, "err", err)
		}
		if err := c.a.store.PutValue(keyMatch+lg.id, []byte(id)); err != nil {
			c.a.log.Warn("bot: two-game match", "game", lg.id, "err", err)
		}
		res := game.MatchResult(o1, lg.g.State.Outcome())
		return []string{T(l, "end.match", "first", id, "second", lg.id, "user", c.a.userOf(b).Display(), "result", T(l, "match."+res))}
	}
	return []string{T(l, "end.returnleg", "command", fmt.Sprintf("new %s vs @%s side B", sc.ID, c.a.userOf(b).Name))}
}
