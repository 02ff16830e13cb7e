package bot

import (
	"context"
	"slices"
	"strings"
)

// Authority: who may act as an administrator on a game. Rights come from
// the game's home room (the room it was created in: its Discord server
// roles, its Matrix power levels) or from the operators listed in the
// configuration — never from the room a command happens to be typed in,
// and never to a player of the game itself unless he is an operator.

// Authority tells whether a user (the platform's own id) is an
// administrator of a room of the platform (the platform's own room id).
// An adapter that can answer for any room registers one with
// App.SetAuthority; without one, a game's administrators must act from
// its home room, where Request.IsAdmin answers.
type Authority func(ctx context.Context, room, user string) bool

// SetAuthority registers how a platform checks administrator rights in a
// room other than the request's.
func (a *App) SetAuthority(platform string, f Authority) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.authority == nil {
		a.authority = map[string]Authority{}
	}
	a.authority[platform] = f
}

func (a *App) authorityOf(platform string) Authority {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.authority[platform]
}

// operator reports whether a user key ("discord:123") is a configured
// bot operator.
func (a *App) operator(ukey string) bool {
	return slices.Contains(a.cfg.Operators, ukey)
}

// roomAdmin reports whether the asker administers the room the request
// comes from (room settings: `lang … room`, `tz … room`, leagues), or is
// an operator.
func (c *call) roomAdmin() bool {
	return c.req.IsAdmin || c.a.operator(c.ukey)
}

// gameAdmin reports whether the asker may act as an administrator on the
// game (adjudicate, swap, abort a started game, pause, resume or extend
// at once). A refusal says why; a grant is logged with who it was.
func (c *call) gameAdmin(lg *live) (bool, error) {
	cmd := c.p.cmd.Name
	logArgs := []any{"game", lg.id, "command", cmd, "platform", c.req.Platform, "user", c.req.User.ID, "room", c.req.Room}
	if c.a.operator(c.ukey) {
		c.a.log.Info("bot: administrator action", append(logArgs, "as", "operator")...)
		return true, nil
	}
	if lg.seatOf(c.ukey).Valid() {
		if c.req.IsAdmin {
			c.a.log.Warn("bot: administrator action refused: the administrator plays in the game", logArgs...)
		}
		return false, uerr("auth.own-game", "game", lg.id, "command", cmd)
	}
	home, _ := homeOf(lg.meta.Rooms)
	switch {
	case home == "":
	case home == c.room:
		if c.req.IsAdmin {
			c.a.log.Info("bot: administrator action", append(logArgs, "as", "administrator of the game's room")...)
			return true, nil
		}
	case strings.HasPrefix(home, c.req.Platform+":"):
		if f := c.a.authorityOf(c.req.Platform); f != nil && f(c.ctx, strings.TrimPrefix(home, c.req.Platform+":"), c.req.User.ID) {
			c.a.log.Info("bot: administrator action", append(logArgs, "as", "administrator of the game's room", "home", home)...)
			return true, nil
		}
	}
	if c.req.IsAdmin {
		c.a.log.Warn("bot: administrator action refused: not an administrator of the game's room", append(logArgs, "home", home)...)
	}
	return false, uerr("auth.game-admin", "game", lg.id, "command", cmd)
}

// isGameAdmin is gameAdmin for commands where an administrator has more
// powers than a player (abort, pause, resume, extend): no refusal.
func (c *call) isGameAdmin(lg *live) bool {
	if !c.req.IsAdmin && !c.a.operator(c.ukey) {
		return false // not claiming any rights: nothing to check or log
	}
	ok, _ := c.gameAdmin(lg)
	return ok
}
