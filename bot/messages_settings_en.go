package bot

// messagesSettingsEN holds the English messages of per-server settings
// (servers.go); init adds them to messagesEN.
var messagesSettingsEN = map[string]string{
	"role.manager":               "anyone reads; a server administrator changes",
	"settings.title":             "Settings of this server (on Matrix and in the terminal: of this room):",
	"settings.how":               "Change one: `settings <field> <value>` (server administrators); `settings <field> default` restores the bot's default.",
	"settings.default":           "{value} (the bot's default)",
	"settings.global-role":       "the configured admin role",
	"settings.none":              "none",
	"settings.changed":           "⚙️ {user} set {field} for this server: {value}.",
	"settings.not-admin":         "only a server administrator (Discord: Manage Server; Matrix: the room's power level for administrators) can change {field}; anyone can read the settings with `settings`.",
	"settings.missing":           "give a value for {field}: {expected}.",
	"settings.bad":               "{value} is not a valid {field}: {expected}. Nothing was changed.",
	"settings.bad-ruleset":       "{value} is not a ruleset for {field}: give some of {list}, or all. Nothing was changed.",
	"settings.no-roles":          "{field}: this platform has no server roles (on Matrix, administrators are the room's members with the administrators' power level). Nothing was changed.",
	"settings.not-offered":       "this server does not offer the ruleset {ruleset}: its administrators offer {list} (see `settings`).",
	"settings.expect.admin-role": "a role id (digits, Developer Mode → Copy Role ID) or a role mention, or default",
	"settings.expect.lang":       "en or fr, or default",
	"settings.expect.deadline":   "a duration from 1m to 30d (72h, 3d), none, or default",
	"settings.expect.rulesets":   "ruleset names separated by commas, all, or default",
}

func init() {
	for k, v := range messagesSettingsEN {
		messagesEN[k] = v
	}
}
