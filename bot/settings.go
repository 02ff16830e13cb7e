package bot

import (
	"encoding/json"
)

// Keys of the bot's own values in the store (storage.Store.PutValue).
const (
	keyUser = "bot/user/" // + user key → userPrefs
	keyRoom = "bot/room/" // + room key → roomPrefs
	keyGame = "bot/game/" // + game id → extra
	keyUndo = "bot/undo/" // + game id / number → undoNote
)

// userPrefs is what the bot remembers of a user.
type userPrefs struct {
	Name string `json:"name,omitempty"`
	Lang Lang   `json:"lang,omitempty"`
	// TZ is the user's time zone (an IANA name, `tz`); Notify how they
	// are told that a game waits for them (`notify`: "" mention, "dm",
	// "digest", "off").
	TZ     string `json:"tz,omitempty"`
	Notify string `json:"notify,omitempty"`
}

// roomPrefs is a room's settings.
type roomPrefs struct {
	Lang Lang   `json:"lang,omitempty"`
	TZ   string `json:"tz,omitempty"`
	// VacationDays is the room's yearly vacation bank (0: the default).
	VacationDays int `json:"vacation_days,omitempty"`
	// Server is the key of the server the room belongs to (a Discord
	// guild, "discord:<id>"); "" when the room is its own server.
	Server string `json:"server,omitempty"`
}

func (a *App) userPrefs(key string) userPrefs {
	a.mu.Lock()
	p, ok := a.users[key]
	a.mu.Unlock()
	if ok {
		return p
	}
	if raw, err := a.store.Value(keyUser + key); err == nil && raw != nil {
		if err := json.Unmarshal(raw, &p); err != nil {
			a.log.Warn("bot: unreadable user settings", "user", key, "err", err)
		}
	}
	if a.shared {
		return p // other processes write them too: read each time
	}
	a.mu.Lock()
	a.users[key] = p
	a.mu.Unlock()
	return p
}

func (a *App) putUserPrefs(key string, p userPrefs) error {
	b, _ := json.Marshal(p)
	if err := a.store.PutValue(keyUser+key, b); err != nil {
		return err
	}
	if !a.shared {
		a.mu.Lock()
		a.users[key] = p
		a.mu.Unlock()
	}
	return nil
}

func (a *App) roomPrefs(key string) roomPrefs {
	a.mu.Lock()
	p, ok := a.rooms[key]
	a.mu.Unlock()
	if ok {
		return p
	}
	if raw, err := a.store.Value(keyRoom + key); err == nil && raw != nil {
		if err := json.Unmarshal(raw, &p); err != nil {
			a.log.Warn("bot: unreadable room settings", "room", key, "err", err)
		}
	}
	if a.shared {
		return p
	}
	a.mu.Lock()
	a.rooms[key] = p
	a.mu.Unlock()
	return p
}

func (a *App) putRoomPrefs(key string, p roomPrefs) error {
	b, _ := json.Marshal(p)
	if err := a.store.PutValue(keyRoom+key, b); err != nil {
		return err
	}
	if !a.shared {
		a.mu.Lock()
		a.rooms[key] = p
		a.mu.Unlock()
	}
	return nil
}

// noteUser remembers a user's display name (written only when it changes).
func (a *App) noteUser(key string, u User) {
	p := a.userPrefs(key)
	if u.Name == "" || p.Name == u.Name {
		return
	}
	p.Name = u.Name
	if err := a.putUserPrefs(key, p); err != nil {
		a.log.Warn("bot: cannot store a user name", "user", key, "err", err)
	}
}

// langs returns the asker's language (their setting, the room's, the
// platform's locale, the server's, the default) and the language of
// public messages (the room's setting, else the server's, else the bot's
// default language).
func (a *App) langs(user, room, server, locale string) (Lang, Lang) {
	rp := a.roomPrefs(room)
	sl := a.serverSettings(server).Lang
	l := a.cfg.Lang
	if sl != "" {
		l = sl
	}
	if v, ok := ParseLang(locale); ok {
		l = v
	}
	if rp.Lang != "" {
		l = rp.Lang
	}
	if up := a.userPrefs(user); up.Lang != "" {
		l = up.Lang
	}
	// Public text follows the room (or its server, or the bot's default),
	// never whoever acted: one room reads in one language.
	pub := a.cfg.Lang
	switch {
	case rp.Lang != "":
		pub = rp.Lang
	case sl != "":
		pub = sl
	}
	return l, pub
}

// langOf is the language of a message to another user.
func (a *App) langOf(user, room string) Lang {
	if up := a.userPrefs(user); up.Lang != "" {
		return up.Lang
	}
	if rp := a.roomPrefs(room); rp.Lang != "" {
		return rp.Lang
	}
	if sl := a.serverSettings(a.serverOfRoom(room)).Lang; sl != "" {
		return sl
	}
	return a.cfg.Lang
}

// setLang: `lang fr`, `lang en room`.
func (c *call) setLang() error {
	l, _ := ParseLang(c.p.args["language"])
	if c.p.args["scope"] == "room" {
		if !c.roomAdmin() {
			return uerr("auth.admin", "command", "lang … room")
		}
		rp := c.a.roomPrefs(c.room)
		rp.Lang = l
		if err := c.a.putRoomPrefs(c.room, rp); err != nil {
			return err
		}
		c.say("", T(l, "lang.room"))
		return nil
	}
	p := c.a.userPrefs(c.ukey)
	p.Lang = l
	if err := c.a.putUserPrefs(c.ukey, p); err != nil {
		return err
	}
	c.reply(T(l, "lang.user", "user", c.user.Display()))
	return nil
}
