package bot

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/grognard/grognard/game"
)

// Per-server settings: a server's administrators (Discord: Manage Server;
// Matrix: the room's administrators by power level; the terminal: its
// user) choose, for their server (a Discord guild; on Matrix and in the
// terminal, the room), the admin role, the default language, the default
// phase deadline and the rulesets `new` offers. `settings` shows them to
// anyone; `settings <field> <value>` changes one. A server's value
// overrides the configuration's global default; "default" restores it.

// keyServer prefixes a server's settings in application values, for a
// store without a servers bucket (tests' fakes).
const keyServer = "bot/server/"

// Fields of `settings`, in the order they are shown.
var settingsFields = []string{"admin-role", "lang", "deadline", "rulesets"}

// maxServerDeadline bounds a server's default phase deadline.
const maxServerDeadline = 30 * 24 * time.Hour

// serverSettings is what a server's administrators chose; a zero field
// keeps the configuration's default.
type serverSettings struct {
	// AdminRole is a Discord role id whose members are administrators in
	// the server, instead of the configuration's admin role.
	AdminRole string `json:"admin_role,omitempty"`
	Lang      Lang   `json:"lang,omitempty"`
	// Deadline is the phase deadline of new games: a duration as
	// ParseDuration reads it, or "none".
	Deadline string `json:"deadline,omitempty"`
	// Rulesets are the rulesets `new` accepts (nil: every ruleset).
	Rulesets []string `json:"rulesets,omitempty"`
}

// serverStore is what *storage.Store offers for server settings (its own
// bucket); other stores keep them as application values.
type serverStore interface {
	ServerSettings(server string) ([]byte, error)
	PutServerSettings(server string, val []byte) error
}

// serverKeyOf is the platform-qualified key of a request's server: its
// Discord guild, else its room.
func serverKeyOf(req Request) string {
	if req.Server != "" {
		return userKey(req.Platform, req.Server)
	}
	return roomKey(req.Platform, req.Room)
}

func (a *App) serverSettings(key string) serverSettings {
	a.mu.Lock()
	s, ok := a.servers[key]
	a.mu.Unlock()
	if ok {
		return s
	}
	var raw []byte
	var err error
	if ss, ok := a.store.(serverStore); ok {
		raw, err = ss.ServerSettings(key)
	} else {
		raw, err = a.store.Value(keyServer + key)
	}
	if err != nil {
		a.log.Warn("bot: cannot read server settings", "server", key, "err", err)
		return s // not cached: read again next time
	}
	if raw != nil {
		if err := json.Unmarshal(raw, &s); err != nil {
			a.log.Warn("bot: unreadable server settings", "server", key, "err", err)
		}
	}
	if a.shared {
		return s // other processes write them too: read each time
	}
	a.mu.Lock()
	if a.servers == nil {
		a.servers = map[string]serverSettings{}
	}
	a.servers[key] = s
	a.mu.Unlock()
	return s
}

func (a *App) putServerSettings(key string, s serverSettings) error {
	b, _ := json.Marshal(s)
	if string(b) == "{}" {
		b = nil
	}
	var err error
	if ss, ok := a.store.(serverStore); ok {
		err = ss.PutServerSettings(key, b)
	} else {
		err = a.store.PutValue(keyServer+key, b)
	}
	if err != nil || a.shared {
		return err
	}
	a.mu.Lock()
	if a.servers == nil {
		a.servers = map[string]serverSettings{}
	}
	a.servers[key] = s
	a.mu.Unlock()
	return nil
}

// serverOfRoom is the server key of a room: the one remembered for it
// (Discord), else the room itself.
func (a *App) serverOfRoom(room string) string {
	if rp := a.roomPrefs(room); rp.Server != "" {
		return rp.Server
	}
	return room
}

// applyServer fills in the call's server and decides who administers it:
// a server that names its own admin role replaces the configuration's
// (its members are administrators, the configured role's members no
// longer are); the platform's right to manage the server always counts.
func (a *App) applyServer(c *call) {
	c.server = serverKeyOf(c.req)
	c.manager = a.operator(c.ukey) || c.req.IsAdmin && !c.req.RoleAdmin
	if c.req.Server == "" {
		return
	}
	if rp := a.roomPrefs(c.room); rp.Server != c.server {
		rp.Server = c.server
		if err := a.putRoomPrefs(c.room, rp); err != nil {
			a.log.Warn("bot: cannot remember a room's server", "room", c.room, "err", err)
		}
	}
	if s := a.serverSettings(c.server); s.AdminRole != "" {
		c.req.IsAdmin = c.req.IsAdmin && !c.req.RoleAdmin || slices.Contains(c.req.Roles, s.AdminRole)
	}
}

// offered refuses a ruleset the server does not offer.
func (c *call) offered(ruleset string) error {
	s := c.a.serverSettings(c.server)
	if len(s.Rulesets) == 0 || slices.Contains(s.Rulesets, ruleset) {
		return nil
	}
	return uerr("settings.not-offered", "ruleset", ruleset, "list", strings.Join(s.Rulesets, ", "))
}

// newDeadline is the phase deadline of a new game: deadline=… as typed,
// else the server's default, else the configuration's.
func (c *call) newDeadline(opts game.Options, scenario string) (time.Duration, error) {
	if _, ok := opts["deadline"]; !ok {
		switch d := c.a.serverSettings(c.server).Deadline; d {
		case "":
		case "none":
			return 0, nil
		default:
			if v, err := ParseDuration(d); err == nil {
				return v, nil
			}
		}
	}
	return c.deadlineOption(opts, scenario)
}

// settings: `settings` shows the server's settings; `settings <field>
// <value>` changes one (server administrators); `settings <field>
// default` restores the configuration's value.
func (c *call) settings() error {
	field := c.p.args["field"]
	value := strings.TrimSpace(c.p.args["value"])
	if field == "" {
		c.reply(c.settingsText())
		return nil
	}
	if !c.manager {
		c.a.log.Info("bot: server setting refused: not a server administrator", "server", c.server, "field", field,
			"platform", c.req.Platform, "user", c.req.User.ID)
		return uerr("settings.not-admin", "field", field)
	}
	if value == "" {
		return uerr("settings.missing", "field", field, "expected", expectText(c.lang, field))
	}
	s := c.a.serverSettings(c.server)
	reset := strings.EqualFold(value, "default")
	switch field {
	case "admin-role":
		switch {
		case c.req.Server == "":
			return uerr("settings.no-roles", "field", field)
		case reset:
			s.AdminRole = ""
		default:
			id := strings.TrimSuffix(strings.TrimPrefix(value, "<@&"), ">")
			if id == "" || strings.Trim(id, "0123456789") != "" || len(id) > 20 {
				return uerr("settings.bad", "field", field, "value", value, "expected", expectText(c.lang, field))
			}
			s.AdminRole = id
		}
	case "lang":
		if reset {
			s.Lang = ""
			break
		}
		l, ok := ParseLang(value)
		if !ok || strings.ContainsAny(value, "-_") {
			return uerr("settings.bad", "field", field, "value", value, "expected", expectText(c.lang, field))
		}
		s.Lang = l
	case "deadline":
		switch {
		case reset:
			s.Deadline = ""
		case strings.EqualFold(value, "none"):
			s.Deadline = "none"
		default:
			d, err := ParseDuration(value)
			if err != nil || d < time.Minute || d > maxServerDeadline {
				return uerr("settings.bad", "field", field, "value", value, "expected", expectText(c.lang, field))
			}
			s.Deadline = strings.ToLower(value)
		}
	case "rulesets":
		if reset || strings.EqualFold(value, "all") {
			s.Rulesets = nil
			break
		}
		known := c.a.rulesetNames()
		var list []string
		for _, w := range strings.FieldsFunc(strings.ToLower(value), func(r rune) bool { return r == ',' || r == ' ' }) {
			if !slices.Contains(known, w) {
				return uerr("settings.bad-ruleset", "field", field, "value", w, "list", strings.Join(known, ", "))
			}
			if !slices.Contains(list, w) {
				list = append(list, w)
			}
		}
		if len(list) == 0 {
			return uerr("settings.bad-ruleset", "field", field, "value", value, "list", strings.Join(known, ", "))
		}
		slices.Sort(list)
		s.Rulesets = list
	}
	if err := c.a.putServerSettings(c.server, s); err != nil {
		return err
	}
	c.a.log.Info("bot: server setting changed", "server", c.server, "field", field, "value", value,
		"platform", c.req.Platform, "user", c.req.User.ID)
	_, l := c.a.langs(c.ukey, c.room, c.server, c.req.Lang) // as changed
	c.say("", T(l, "settings.changed", "field", field, "value", c.settingValue(l, s, field), "user", c.user.Display()))
	return nil
}

// settingValue is how a field's value reads, its default included.
func (c *call) settingValue(l Lang, s serverSettings, field string) string {
	def := func(v string) string { return T(l, "settings.default", "value", v) }
	switch field {
	case "admin-role":
		if s.AdminRole == "" {
			return def(T(l, "settings.global-role"))
		}
		return "<@&" + s.AdminRole + ">"
	case "lang":
		if s.Lang == "" {
			return def(string(c.a.cfg.Lang))
		}
		return string(s.Lang)
	case "deadline":
		switch s.Deadline {
		case "":
			d := c.a.cfg.Deadlines.Phase
			if d == 0 {
				return def(T(l, "settings.none"))
			}
			return def(fmtDuration(l, d))
		case "none":
			return T(l, "settings.none")
		}
		if d, err := ParseDuration(s.Deadline); err == nil {
			return fmtDuration(l, d)
		}
		return s.Deadline
	case "rulesets":
		if len(s.Rulesets) == 0 {
			return def(strings.Join(c.a.rulesetNames(), ", "))
		}
		return strings.Join(s.Rulesets, ", ")
	}
	return ""
}

// settingsText is the answer of `settings` alone.
func (c *call) settingsText() string {
	l := c.lang
	s := c.a.serverSettings(c.server)
	lines := []string{T(l, "settings.title")}
	for _, f := range settingsFields {
		if f == "admin-role" && c.req.Server == "" {
			continue // no roles here
		}
		lines = append(lines, "- "+f+": "+c.settingValue(l, s, f))
	}
	lines = append(lines, T(l, "settings.how"))
	return strings.Join(lines, "\n")
}

// expectText says what a field accepts.
func expectText(l Lang, field string) string {
	switch field {
	case "admin-role":
		return T(l, "settings.expect.admin-role")
	case "lang":
		return T(l, "settings.expect.lang")
	case "deadline":
		return T(l, "settings.expect.deadline")
	}
	return T(l, "settings.expect.rulesets")
}
