package bot

import (
	"strings"

	"github.com/grognard/grognard/game"
)

// concede ends the game: the other side wins.
func (c *call) concede() error {
	lg, side, err := c.myGame()
	if err != nil {
		return err
	}
	if c.p.args["confirm"] == "" {
		// Conceding cannot be taken back: it is confirmed first.
		cmd := lg.id + " " + T(c.lang, "concede.command")
		m := c.reply(T(c.lang, "concede.confirm", "game", lg.id, "command", cmd))
		m.Choices = []Choice{{Label: T(c.lang, "concede.button"), Command: lg.id + " concede yes"}}
		return nil
	}
	if err := c.endByHand(lg, handResult{Kind: "concede", Winner: side.Other(), By: c.ukey}); err != nil {
		return err
	}
	c.finalMessage(lg)
	return nil
}

// draw: offer, accept or decline a draw.
func (c *call) draw() error {
	lg, side, err := c.myGame()
	if err != nil {
		return err
	}
	l := c.plang
	other := c.a.userOf(lg.meta.Seats[side.Other()])
	switch c.p.args["action"] {
	case "":
		return uerr("draw.what", "game", lg.id)
	case "offer":
		if lg.x.DrawOffer == side.String() {
			return uerr("draw.already", "game", lg.id)
		}
		if lg.x.DrawOffer == side.Other().String() {
			return uerr("draw.pending", "game", lg.id)
		}
		lg.x.DrawOffer = side.String()
		if err := c.a.saveExtra(lg); err != nil {
			lg.invalidate()
			return err
		}
		m := c.say(lg.id, "")
		m.Text = T(l, "draw.offered", "game", lg.id, "user", m.mention(c.user), "opponent", m.mention(other))
		m.Choices = []Choice{{Label: T(l, "word.accept"), Command: lg.id + " draw accept"}, {Label: T(l, "word.decline"), Command: lg.id + " draw decline"}}
	case "accept":
		if lg.x.DrawOffer != side.Other().String() {
			return uerr("draw.none", "game", lg.id)
		}
		if err := c.endByHand(lg, handResult{Kind: "draw", Winner: game.Nobody, By: c.ukey}); err != nil {
			return err
		}
		c.finalMessage(lg)
	case "decline":
		if lg.x.DrawOffer != side.Other().String() {
			return uerr("draw.none", "game", lg.id)
		}
		lg.x.DrawOffer = ""
		if err := c.a.saveExtra(lg); err != nil {
			lg.invalidate()
			return err
		}
		m := c.say(lg.id, "")
		m.Text = T(l, "draw.declined", "game", lg.id, "user", m.mention(c.user), "opponent", m.mention(other))
	}
	return nil
}

// resultText is a finished game's result in the asker's language.
func (c *call) resultText(lg *live) string { return c.resultTextIn(c.lang, lg) }

func (c *call) resultTextIn(l Lang, lg *live) string {
	if r := lg.x.Result; r != nil {
		switch r.Kind {
		case "concede":
			return T(l, "result.concede", "winner", r.Winner, "loser", r.Winner.Other(), "user", c.a.userOf(r.By).Display())
		case "draw":
			return T(l, "result.draw")
		case "forfeit":
			return T(l, "result.forfeit", "winner", r.Winner, "loser", r.Winner.Other(), "user", c.a.userOf(r.By).Display())
		case "withdraw":
			return T(l, "result.withdraw", "user", c.a.userOf(r.By).Display())
		case "decline":
			return T(l, "result.decline", "user", c.a.userOf(r.By).Display())
		default:
			return T(l, "result.abort", "user", c.a.userOf(r.By).Display())
		}
	}
	if lg.g != nil {
		if o := lg.g.State.Outcome(); o.Over {
			s := resultText(l, o)
			if o.Rule != "" {
				s += " (" + o.Rule + ")"
			}
			return s
		}
	}
	return T(l, "result.abort", "user", "—")
}

// finalMessage announces the end of a game: the result, the score and its
// breakdown, the revealed dice seed and the export command. Both players
// are mentioned.
func (c *call) finalMessage(lg *live) {
	l := c.plang
	m := c.say(lg.id, "")
	a := m.mention(c.a.userOf(lg.meta.Seats[game.SideA]))
	b := m.mention(c.a.userOf(lg.meta.Seats[game.SideB]))
	lines := []string{T(l, "end.over", "game", lg.id, "result", c.resultTextIn(l, lg), "a", a, "b", b)}
	lines = append(lines, c.scoreLines(l, lg.g.State.Outcome())...)
	lines = append(lines, c.twoLegs(l, lg)...)
	if lg.meta.Seed != "" {
		lines = append(lines, T(l, "end.seed", "seed", lg.meta.Seed, "commitment", lg.meta.Commitment, "game", lg.id))
	}
	lines = append(lines, T(l, "end.export", "command", strings.ReplaceAll(c.a.cfg.ExportHint, "{game}", lg.id)))
	m.Text = strings.Join(lines, "\n")
	c.gameEnded(lg)
}
