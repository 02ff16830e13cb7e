package bot

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/grognard/grognard/game"
)

// A bare number or "choose N" answers the decision pending when it
// arrives (game.ResolveChoice), which need not be the one its typist
// read: his decision may have been settled meanwhile — by its deadline's
// default, by the opponent, by an administrator — and another one put to
// his side, whose option N he never meant. So the bot remembers, per game
// and side, a digest of the decision whose numbered options it last
// showed that side (keyShown), and answers a number only when the side's
// pending decision is still that one; otherwise the typist is told that
// his decision was settled and shown the one now pending, which then
// counts as shown (staleChoice).
//
// What counts as shown: the ping of a decision, unless the side still
// holds a decision shown earlier that it did not answer itself (a ping
// sent in the very call that settled it for him is no proof that he read
// it before typing); and the options re-shown with a refusal. An order
// the side's player gives himself ends the record (he answered what he
// was shown), so the next ping counts again.

// keyShown holds a game's shown decisions (shownDecisions, JSON): an
// application value, written by compare-and-swap on a shared store.
const keyShown = "bot/shown/"

// shownDecisions is, per side, the digest of the decision last shown.
type shownDecisions map[game.Side]string

// decisionDigest identifies a decision as it was shown: its id, side,
// prompt and options, so that the same decision with other options is
// another one.
func decisionDigest(d game.Decision) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d", d.ID, d.Side, d.Prompt, len(d.Options))
	for _, o := range d.Options {
		io.WriteString(h, "\x00"+o.Label+"\x00"+o.Command)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// readShown reads a game's shown decisions and the stored bytes.
func (a *App) readShown(id string) (shownDecisions, []byte, error) {
	raw, err := a.store.Value(keyShown + id)
	if err != nil {
		return nil, nil, err
	}
	m := shownDecisions{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, nil, fmt.Errorf("game %s: shown decisions: %w", id, err)
		}
	}
	return m, raw, nil
}

// updateShown changes a game's shown decisions with fn, which reports
// whether it changed anything; on a shared store a write over another
// process's is read and done again.
func (a *App) updateShown(id string, fn func(shownDecisions) bool) error {
	for attempt := 0; ; attempt++ {
		m, raw, err := a.readShown(id)
		if err != nil {
			return err
		}
		if !fn(m) {
			return nil
		}
		var b []byte // no side left: the value is deleted
		if len(m) > 0 {
			if b, err = json.Marshal(m); err != nil {
				return err
			}
		}
		err = a.putGameValue(id, keyShown+id, raw, b)
		if !errors.Is(err, errChanged) || attempt == 2 {
			return err
		}
	}
}

// shownInPing records that a ping showed side the decision d, unless the
// side still holds another decision it was shown and did not answer.
func (c *call) shownInPing(lg *live, side game.Side, d game.Decision) {
	dig := decisionDigest(d)
	err := c.a.updateShown(lg.id, func(m shownDecisions) bool {
		if m[side] != "" {
			return false
		}
		m[side] = dig
		return true
	})
	if err != nil {
		c.a.log.Warn("bot: recording a shown decision", "game", lg.id, "side", side, "err", err)
	}
}

// answered ends side's record after an order its player gave himself.
func (c *call) answered(lg *live, side game.Side) {
	err := c.a.updateShown(lg.id, func(m shownDecisions) bool {
		if _, ok := m[side]; !ok {
			return false
		}
		delete(m, side)
		return true
	})
	if err != nil {
		c.a.log.Warn("bot: ending a shown decision", "game", lg.id, "side", side, "err", err)
	}
}

// staleChoice reports whether a number typed by side's player answers a
// decision other than the one he was last shown. Then it refuses it to
// him alone, showing the decision now pending (now shown).
func (c *call) staleChoice(lg *live, side game.Side) (bool, error) {
	dec := decisionOf(lg.g.State, side)
	if dec == nil {
		return false, nil // ResolveChoice says there is nothing to answer
	}
	dig := decisionDigest(*dec)
	stale := false
	if err := c.a.updateShown(lg.id, func(m shownDecisions) bool {
		stale = m[side] != dig
		m[side] = dig
		return stale
	}); err != nil || !stale {
		return false, err
	}
	c.refused++
	text := T(c.lang, "order.stale-choice", "game", lg.id) + "\n" + c.decisionText(c.lang, lg, *dec)
	c.private(lg.id, c.user, text).Ephemeral = true
	return true, nil
}
