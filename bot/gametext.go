package bot

import "github.com/grognard/grognard/game"

// Rulesets write their refusals, narration, prompts, option labels and
// results as data (game.Msg: a key and typed arguments) with catalogues in
// English and French; the helpers below render them in the reader's
// language. Text a ruleset still writes in English only (a refusal without
// RuleError.Text, an event that is not a game.Narrator) is shown as it is;
// a French reader gets such a refusal inside a French frame that names the
// rule id and the code.

// gameLang is the catalogue language of the bot's language l.
func gameLang(l Lang) string {
	if l == FR {
		return game.LangFR
	}
	return game.LangEN
}

// msgText is m in l, or fallback (the ruleset's English) when m is empty.
func msgText(l Lang, m game.Msg, fallback string) string {
	if m.IsZero() {
		return fallback
	}
	return game.Render(gameLang(l), m)
}

// eventText is an event's narration in l ("" for a silent event).
func eventText(l Lang, e game.Event) string { return game.Narrate(gameLang(l), e) }

// promptText is a decision's prompt in l.
func promptText(l Lang, d game.Decision) string { return msgText(l, d.PromptMsg, d.Prompt) }

// labelText is an option's label in l.
func labelText(l Lang, o game.Option) string { return msgText(l, o.LabelMsg, o.Label) }

// resultText is a game's result in l.
func resultText(l Lang, o game.Outcome) string { return msgText(l, o.ResultMsg, o.Result) }

// ruleErrorText is a refusal in l: the reason and the rule id.
func ruleErrorText(l Lang, re *game.RuleError) string {
	rule, key := re.Rule, "rule.refused"
	if rule == "" {
		rule, key = "—", "rule.refused-plain"
	}
	if l != EN && re.Text.IsZero() {
		return T(l, "rule.untranslated", "rule", rule, "code", re.Code, "msg", re.Msg)
	}
	return T(l, key, "rule", rule, "msg", msgText(l, re.Text, re.Msg))
}
