package bot

import (
	"encoding/json"
	"errors"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/storage"
)

// undo takes back the sender's last order: at once when no die has been
// rolled in its phase (game.UndoFree), otherwise as a request the opponent
// answers with `undo accept` or `undo decline`.
func (c *call) undo() error {
	lg, side, err := c.myGame()
	if err != nil {
		return err
	}
	l := c.plang
	switch c.p.args["answer"] {
	case "accept", "decline":
		ask := lg.x.UndoAsk
		if ask == nil || ask.Side != side.Other() || ask.Seq != lg.g.Seq {
			return uerr("undo.no-request", "game", lg.id)
		}
		if c.p.args["answer"] == "decline" {
			lg.x.UndoAsk = nil
			if err := c.a.saveExtra(lg); err != nil {
				lg.invalidate()
				return err
			}
			m := c.say(lg.id, "")
			m.Text = T(l, "undo.declined", "game", lg.id, "user", m.mention(c.user), "asker", m.mention(c.a.userOf(ask.By)))
			return nil
		}
		return c.takeBack(lg, ask.Side, ask.By, c.ukey)
	}
	err = game.UndoFree(lg.recs, side)
	if err == nil {
		return c.takeBack(lg, side, c.ukey, "")
	}
	re, ok := game.AsRuleError(err)
	if !ok || re.Code != "dice-rolled" {
		return err
	}
	if ask := lg.x.UndoAsk; ask != nil && ask.Side == side && ask.Seq == lg.g.Seq {
		return uerr("undo.already-asked", "game", lg.id)
	}
	lg.x.UndoAsk = &undoAsk{Side: side, Seq: lg.g.Seq, By: c.ukey}
	if err := c.a.saveExtra(lg); err != nil {
		lg.invalidate()
		return err
	}
	last := lg.recs[len(lg.recs)-1]
	m := c.say(lg.id, "")
	m.Text = T(l, "undo.asked", "game", lg.id, "user", m.mention(c.user), "seq", last.Seq, "order", last.Command.String(),
		"opponent", m.mention(c.a.userOf(lg.meta.Seats[side.Other()])))
	m.Choices = []Choice{{Label: T(l, "word.accept"), Command: lg.id + " undo accept"}, {Label: T(l, "word.decline"), Command: lg.id + " undo decline"}}
	return nil
}

// takeBack removes the game's last record (side's order), notes the undo
// and tells the room.
func (c *call) takeBack(lg *live, side game.Side, by, consent string) error {
	if len(lg.recs) == 0 {
		return uerr("undo.nothing", "game", lg.id)
	}
	before := lg.g.State
	last := lg.recs[len(lg.recs)-1]
	if last.Command.Side != side {
		return game.Refuse("not-your-order", "", "the last order was %s's, not yours", last.Command.Side)
	}
	_, err := c.a.store.TruncateLog(lg.id, lg.g.Seq, lg.g.Seq-1)
	if err != nil {
		lg.invalidate()
		if errors.Is(err, storage.ErrConflict) {
			return uerr("undo.changed", "game", lg.id)
		}
		return err
	}
	note := undoNote{AfterSeq: last.Seq - 1, Seq: last.Seq, Side: side, Text: last.Command.String(), By: by, Consent: consent, Rolls: len(last.Rolls), Time: c.now,
		Secret: !game.RecordAudience(last).Public()}
	// The game without its last record, replayed in memory (the store
	// has rewound its sequence and dice count the same way).
	recs := lg.recs[:len(lg.recs)-1]
	g, err := game.Replay(lg.g.Rules, lg.g.Scenario, lg.g.Options, recs)
	if err != nil {
		lg.invalidate()
		return err
	}
	lg.g, lg.recs, lg.info = g, recs, lg.info[:len(recs)]
	lg.meta.Seq, lg.meta.Rolls = g.Seq, g.Rolls
	lg.x.UndoAsk = nil
	b, _ := json.Marshal(note)
	if err := c.a.store.PutValue(undoKey(lg.id, lg.x.Undos+1), b); err != nil {
		lg.invalidate()
		return err
	}
	lg.x.Undos++
	if err := c.a.saveExtra(lg); err != nil {
		lg.invalidate()
		return err
	}
	l := c.plang
	order := last.Command.String()
	if !game.RecordAudience(last).Public() {
		order = T(l, "order.secret")
	}
	m := c.say(lg.id, "")
	if consent == "" {
		m.Text = T(l, "undo.free", "game", lg.id, "user", m.mention(c.a.userOf(by)), "seq", last.Seq, "order", order)
	} else {
		m.Text = T(l, "undo.consented", "game", lg.id, "user", m.mention(c.a.userOf(by)), "seq", last.Seq, "order", order,
			"consent", m.mention(c.a.userOf(consent)))
		if len(last.Rolls) > 0 {
			m.Text += " " + T(l, "undo.rewound", "rolls", len(last.Rolls))
		}
	}
	c.afterChange(lg, before)
	return nil
}
