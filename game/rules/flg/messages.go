package flg

import (
	"strings"

	"github.com/grognard/grognard/game"
)

// Messages: every event narrates itself as a key with typed arguments
// (game.Narrator); the English and French catalogues are messages_en.go
// and messages_fr.go. Die faces are words in both languages (flg.face.*).

func phaseMsg(p string) game.Msg { return game.M("flg.phase." + p) }
func rankMsg(r string) game.Msg  { return game.M("flg.rank." + r) }

func moveLabel(unit, cell string, nc bool) game.Msg {
	if nc {
		return game.M("flg.opt.move-nc", "unit", unit, "cell", cell)
	}
	return game.M("flg.opt.move", "unit", unit, "cell", cell)
}

// faceMsgs are faces as words.
func faceMsgs(faces []string) []game.Msg {
	out := make([]game.Msg, 0, len(faces))
	for _, f := range faces {
		out = append(out, game.M("flg.face."+f))
	}
	return out
}

func (e Activated) Message() game.Msg {
	m := game.M("flg.ev.activated", "officer", e.Officer, "unit", e.Unit, "slot", e.Slot, "size", e.Size)
	var rolls []game.Msg
	if e.B4 != "" {
		rolls = append(rolls, game.M("flg.ev.b4", "face", game.M("flg.face."+e.B4)))
	}
	if e.D != "" {
		rolls = append(rolls, game.M("flg.ev.d", "face", game.M("flg.face."+e.D)))
	}
	if len(rolls) > 0 {
		return game.M("flg.ev.with", "what", m, "rolls", rolls)
	}
	return m
}

func (e Moved) Message() game.Msg {
	key := "flg.ev.moved"
	switch {
	case e.Road:
		key = "flg.ev.moved-road"
	case e.Mount:
		key = "flg.ev.moved-mount"
	case e.NoCombat:
		key = "flg.ev.moved-nc"
	}
	return game.M(key, "unit", e.Unit, "from", e.From, "to", e.To, "hexes", len(e.Path)-1)
}

func (e Combat) Message() game.Msg {
	key := "flg.ev.combat"
	switch {
	case e.PreEmptive:
		key = "flg.ev.preemptive"
	case e.Riposte:
		key = "flg.ev.riposte"
	case e.Ranged:
		key = "flg.ev.fire"
	case e.Pursuit:
		key = "flg.ev.pursuit"
	}
	m := game.M(key, "attacker", e.Attacker, "target", e.Target, "dice", e.Dice, "faces", faceMsgs(e.Faces),
		"hits", e.Hits, "morale", e.Morale, "ignored", e.Ignored, "retreat", e.Retreat, "losses", e.Losses,
		"breakdown", game.Plain(strings.Join(e.Breakdown, ", ")))
	var more []game.Msg
	if len(e.Path) > 1 {
		more = append(more, game.M("flg.ev.retreated", "hexes", len(e.Path)-1))
	}
	if len(e.Desertion) > 0 {
		more = append(more, game.M("flg.ev.desertion", "faces", faceMsgs(e.Desertion)))
	}
	if e.Destroyed {
		more = append(more, game.M("flg.ev.destroyed", "unit", e.Target))
	}
	if e.Panicked != "" {
		more = append(more, game.M("flg.ev.panicked", "unit", e.Panicked))
	}
	if e.BreakOff {
		more = append(more, game.M("flg.ev.breakoff", "unit", e.Target))
	}
	if e.Dodged {
		more = append(more, game.M("flg.ev.dodged", "unit", e.Target))
	}
	if e.Sniped != "" {
		more = append(more, game.M("flg.ev.sniped", "officer", e.Sniped))
	}
	if e.Cancelled {
		more = append(more, game.M("flg.ev.cancelled", "unit", e.Target))
	}
	for _, f := range e.Flight {
		more = append(more, game.M("flg.ev.flight", "what", game.Plain(f)))
	}
	if len(more) > 0 {
		return game.M("flg.ev.and", "what", m, "more", more)
	}
	return m
}

func (e FollowedUp) Message() game.Msg {
	switch {
	case e.Offer:
		return game.M("flg.ev.follow-offer", "unit", e.Unit, "cell", e.To)
	case e.Stay:
		return game.M("flg.ev.follow-stay", "unit", e.Unit)
	case e.Extra != "":
		return game.M("flg.ev.pursuit-move", "unit", e.Unit, "cell", e.To)
	case e.Must:
		return game.M("flg.ev.follow-must", "unit", e.Unit, "cell", e.To)
	}
	return game.M("flg.ev.follow", "unit", e.Unit, "cell", e.To)
}

func (e PhaseBegan) Message() game.Msg {
	return game.M("flg.ev.phase", "turn", e.Turn, "phase", phaseMsg(e.Phase), "side", e.Active)
}

func (e Placed) Message() game.Msg {
	if e.Replaced != "" {
		return game.M("flg.ev.placed-in", "officer", e.Officer, "cell", e.Hex, "replaced", e.Replaced)
	}
	return game.M("flg.ev.placed", "officer", e.Officer, "cell", e.Hex)
}

func (e Fled) Message() game.Msg {
	if e.Gone {
		return game.M("flg.ev.fled-gone", "unit", e.Unit)
	}
	return game.M("flg.ev.fled", "unit", e.Unit, "cell", e.To)
}

func (e Ended) Message() game.Msg { return endMsg(e) }

func (e Withdrew) Message() game.Msg {
	return game.M("flg.ev.withdrew", "unit", e.Unit, "cell", e.From)
}

func endMsg(e Ended) game.Msg {
	if e.Reason == "points" && e.Points != nil {
		return game.M("flg.ev.points", "side", e.Winner, "pa", e.Points[game.SideA], "pb", e.Points[game.SideB],
			"a", e.Lost[game.SideA], "b", e.Lost[game.SideB])
	}
	if !e.Winner.Valid() {
		return game.M("flg.ev.draw", "a", e.Lost[game.SideA], "b", e.Lost[game.SideB])
	}
	return game.M("flg.ev.ended", "side", e.Winner, "level", game.M("flg.level."+e.Level), "reason", game.M("flg.reason."+e.Reason),
		"a", e.Lost[game.SideA], "b", e.Lost[game.SideB])
}

func (e Wounds) Message() game.Msg {
	if e.Removed {
		return game.M("flg.ev.wounded", "officer", e.Officer, "faces", faceMsgs(e.Faces))
	}
	return game.M("flg.ev.unhurt", "officer", e.Officer, "faces", faceMsgs(e.Faces))
}

func (e Rallied) Message() game.Msg {
	return game.M("flg.ev.rallied", "officer", e.Officer, "unit", e.Unit, "faces", faceMsgs(e.Faces), "n", e.Restored)
}

func (e StandingSet) Message() game.Msg {
	if len(e.Words) == 0 {
		return game.M("flg.ev.standing-none", "unit", e.Unit)
	}
	return game.M("flg.ev.standing", "unit", e.Unit, "words", game.Plain(strings.Join(e.Words, " ")))
}

func (e Dispatched) Message() game.Msg {
	return game.M("flg.ev.dispatched", "officer", e.Officer, "messenger", e.Messenger, "by", game.M("flg.messenger."+e.By))
}

func (e Carried) Message() game.Msg {
	switch {
	case e.Delivered != "" && e.Now:
		return game.M("flg.ev.delivered-now", "messenger", e.Messenger, "unit", e.Delivered)
	case e.Delivered != "":
		return game.M("flg.ev.delivered", "messenger", e.Messenger, "unit", e.Delivered)
	case e.Caught && e.Lost:
		return game.M("flg.ev.captured", "messenger", e.Messenger, "faces", faceMsgs(e.Faces))
	case e.Caught:
		return game.M("flg.ev.recoiled", "messenger", e.Messenger, "cell", e.To, "faces", faceMsgs(e.Faces))
	case e.Lost:
		return game.M("flg.ev.messenger-lost", "messenger", e.Messenger, "cell", e.To, "faces", faceMsgs(e.Faces))
	}
	return game.M("flg.ev.carried", "messenger", e.Messenger, "cell", e.To, "faces", faceMsgs(e.Faces))
}

func (e Impetus) Message() game.Msg {
	if e.Forced {
		return game.M("flg.ev.impetus-forced", "unit", e.Unit, "face", game.M("flg.face."+e.Face))
	}
	return game.M("flg.ev.impetus", "unit", e.Unit, "face", game.M("flg.face."+e.Face))
}

func (e Held) Message() game.Msg {
	if e.Held {
		return game.M("flg.ev.held", "side", e.Side)
	}
	return game.M("flg.ev.not-held", "side", e.Side)
}
