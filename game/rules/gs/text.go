package gs

import "github.com/grognard/grognard/game"

// Player-facing text is data (see game.Msg): the helpers below keep each
// English field (Prompt, Label, Result) equal to the rendering of its
// message, so that older readers of the English fields see what they saw.

// ask sets d's prompt.
func ask(d *game.Decision, m game.Msg) {
	d.PromptMsg, d.Prompt = m, game.Render(game.LangEN, m)
}

// choice is an option whose label is a message.
func choice(m game.Msg, command string) game.Option {
	return game.Option{Label: game.Render(game.LangEN, m), LabelMsg: m, Command: command}
}

// en is m in English, for the fields that keep an English copy.
func en(m game.Msg) string { return game.Render(game.LangEN, m) }

// told is an event's narration: its message, or for an event of a log
// written before narration was data, its English text.
func told(m game.Msg, text string) game.Msg {
	if m.IsZero() && text != "" {
		return game.M("gs.text", "text", game.Plain(text))
	}
	return m
}

// joinSemi joins messages with the language's "; ".
func joinSemi(ms []game.Msg) game.Msg { return joinWith("gs.join.semi", ms) }

// joinWith joins messages by nesting them in key, a template "{a}…{b}".
func joinWith(key string, ms []game.Msg) game.Msg {
	switch len(ms) {
	case 0:
		return game.Msg{}
	case 1:
		return ms[0]
	}
	return game.M(key, "a", ms[0], "b", joinWith(key, ms[1:]))
}
