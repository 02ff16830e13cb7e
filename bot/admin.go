package bot

import (
	"github.com/grognard/grognard/game"
)

// adjudicate applies the default answer of the first pending decision,
// on behalf of the side that must decide (a room administrator unblocks
// a game whose player is absent).
func (c *call) adjudicate() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if _, err := c.gameAdmin(lg); err != nil {
		return err
	}
	if err := c.playable(lg); err != nil {
		return err
	}
	pending := lg.g.State.Pending()
	if len(pending) == 0 {
		return uerr("adjudicate.nothing", "game", lg.id)
	}
	d := pending[0]
	if d.Default < 0 || d.Default >= len(d.Options) {
		return uerr("adjudicate.no-default", "game", lg.id)
	}
	return c.apply(lg, d.Side, d.Options[d.Default].Command, c.ukey, c.ukey)
}

// swap gives a side's seat to another user.
func (c *call) swap() error {
	lg, err := c.game(pickMine)
	if err != nil {
		return err
	}
	if _, err := c.gameAdmin(lg); err != nil {
		return err
	}
	if lg.meta.Status.Ended() {
		return uerr("game.over", "game", lg.id)
	}
	side, _ := game.ParseSide(c.p.args["side"])
	id, ok := c.mentionID(c.p.args["user"])
	if !ok {
		return uerr("new.bad-user", "user", c.p.args["user"])
	}
	user := userKey(c.req.Platform, id)
	if lg.meta.Seats[side.Other()] == user {
		return uerr("swap.both", "game", lg.id)
	}
	old := lg.meta.Seats[side]
	meta, err := c.a.store.SetSeat(lg.id, side, user)
	if err != nil {
		lg.invalidate()
		return err
	}
	lg.meta = meta
	if lg.x.Invited[side] != "" {
		delete(lg.x.Invited, side)
		if err := c.a.saveExtra(lg); err != nil {
			lg.invalidate()
			return err
		}
	}
	m := c.say(lg.id, "")
	prev := "—"
	if old != "" {
		prev = c.a.userOf(old).Display()
	}
	m.Text = T(c.plang, "swap.done", "game", lg.id, "side", side, "user", m.mention(c.a.userOf(user)), "old", prev, "admin", c.user.Display())
	return nil
}
