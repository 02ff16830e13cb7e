package bot

import (
	crand "crypto/rand"
	"encoding/hex"
	"fmt"
	"runtime/debug"
)

// No input stops the bot: every entry point of the App (Handle,
// Complete, Tick, Deliver, RunScheduler) recovers a panic, logs its stack
// under a short reference with log/slog, drops the in-memory copy of the
// game it held (the store holds only what was committed, so the game is
// reloaded as it was) and answers "internal error, reference …". Adapters
// wrap their own event code with App.Guard.

// newRef draws the reference of a recovered panic: 8 hex digits, enough
// to find the log line, too short to mean anything else.
func newRef() string {
	b := make([]byte, 4)
	_, _ = crand.Read(b)
	return hex.EncodeToString(b)
}

// panicked logs a recovered panic with its stack and returns its
// reference. attrs say where it happened (platform, room, user, game).
func (a *App) panicked(p any, where string, attrs ...any) string {
	ref := newRef()
	args := append([]any{"ref", ref, "where", where, "panic", fmt.Sprint(p), "stack", string(debug.Stack())}, attrs...)
	a.log.Error("bot: panic recovered", args...)
	return ref
}

// PanicText is what a user is told after a recovered panic, in lang
// (a locale such as "fr"; "" for the App's default language).
func (a *App) PanicText(ref, lang string) string {
	l := a.cfg.Lang
	if v, ok := ParseLang(lang); ok {
		l = v
	}
	return T(l, "error.panic", "ref", ref)
}

// Guard runs f and recovers a panic in it: the stack is logged with a
// reference, which Guard returns ("" when f returned normally). Adapters
// wrap each event they handle with it so that their own code can never
// stop the process either.
func (a *App) Guard(where string, f func(), attrs ...any) (ref string) {
	defer func() {
		if p := recover(); p != nil {
			ref = a.panicked(p, where, attrs...)
		}
	}()
	f()
	return ""
}

// requestAttrs are the log attributes of a request (no secrets: ids and
// what was typed).
func requestAttrs(req Request) []any {
	return []any{"platform", req.Platform, "room", req.Room, "user", req.User.ID, "text", clipLog(req.Text), "command", req.Command}
}

// clipLog keeps a logged text short (an over-long line is a flood).
func clipLog(s string) string {
	if r := []rune(s); len(r) > 200 {
		return string(r[:200]) + "…"
	}
	return s
}

// finish ends a call; deferred by the entry points. On a panic the game
// the call holds is dropped from memory before it is unlocked, and the
// response becomes the internal-error message with the panic's
// reference. c may be nil (a panic before the call was built).
func (a *App) finish(where string, req Request, c *call, resp *Response) {
	p := recover()
	gameID := ""
	if c != nil && c.locked != nil {
		gameID = c.locked.id
	}
	if c != nil {
		if p != nil {
			if c.locked != nil {
				c.locked.invalidate()
			}
			c.releaseHeld()
		}
		c.release()
	}
	if p == nil {
		return
	}
	attrs := requestAttrs(req)
	if gameID != "" {
		attrs = append(attrs, "game", gameID)
	}
	ref := a.panicked(p, where, attrs...)
	if resp != nil {
		lang := req.Lang
		if c != nil {
			lang = string(c.lang)
		}
		*resp = Response{Messages: []Message{{Text: a.PanicText(ref, lang), Ephemeral: true}}}
	}
}

// hold locks another game than the call's own (a loop over the asker's
// games) and remembers it, so that a panic before unhold leaves it
// unlocked and reloaded (finish) rather than locked for ever.
func (c *call) hold(id string) (*live, error) {
	lg, err := c.a.lock(id)
	if err == nil {
		c.held = append(c.held, lg)
	}
	return lg, err
}

// unhold unlocks a game locked by hold.
func (c *call) unhold(lg *live) {
	for i, x := range c.held {
		if x == lg {
			c.held = append(c.held[:i], c.held[i+1:]...)
			break
		}
	}
	lg.mu.Unlock()
}

// releaseHeld drops and unlocks the games still held after a panic.
func (c *call) releaseHeld() {
	for _, lg := range c.held {
		lg.invalidate()
		lg.mu.Unlock()
	}
	c.held = nil
}
