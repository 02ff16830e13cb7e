package fakediscord

import (
	"net/http"
	"strconv"
)

// More permission bits (Discord's values).
const (
	PermEmbedLinks            = 1 << 14
	PermAttachFiles           = 1 << 15
	PermReadHistory           = 1 << 16
	PermUseCommands           = 1 << 31
	PermCreatePublicThreads   = 1 << 35
	PermSendMessagesInThreads = 1 << 38
)

// DefaultEveryone is the @everyone role's permissions in a new guild, as
// far as the bot cares: what a text channel normally allows.
const DefaultEveryone int64 = PermView | PermSendMessages | PermEmbedLinks | PermAttachFiles | PermReadHistory |
	PermUseCommands | PermCreatePublicThreads | PermSendMessagesInThreads

// Overwrite is a channel permission overwrite, as Discord keeps them:
// Type 0 for a role (the @everyone role's id is the guild's), 1 for a
// member.
type Overwrite struct {
	ID    string
	Type  int
	Allow int64
	Deny  int64
}

// perms is the guild's roles and the channels' overwrites; the fake
// computes the bot's permissions in a channel from them, as Discord does.
type perms struct {
	roles      map[string]int64       // role id → permissions (@everyone: the guild id)
	botRoles   []string               // the bot member's roles
	overwrites map[string][]Overwrite // channel → overwrites
	// noAppPerms: interactions come without app_permissions.
	noAppPerms bool
}

// BotRole is the id of the bot's managed role (no permission of its own
// by default; @everyone gives it DefaultEveryone).
func (s *Server) BotRole() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initPerms()
	return s.perm.botRoles[0]
}

func (s *Server) initPerms() {
	if s.perm.roles != nil {
		return
	}
	botRole := s.id()
	s.perm = perms{roles: map[string]int64{s.Guild: DefaultEveryone, botRole: 0}, botRoles: []string{botRole},
		overwrites: map[string][]Overwrite{}}
}

// SetRolePermissions sets a role's guild-wide permissions (the guild id
// names @everyone).
func (s *Server) SetRolePermissions(role string, p int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initPerms()
	s.perm.roles[role] = p
}

// SetOverwrite sets (replaces) a channel's overwrite for a role (typ 0)
// or a member (typ 1). Threads have none: they follow their parent's.
func (s *Server) SetOverwrite(channel, id string, typ int, allow, deny int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initPerms()
	ows := s.perm.overwrites[channel]
	for i, o := range ows {
		if o.ID == id && o.Type == typ {
			ows[i] = Overwrite{ID: id, Type: typ, Allow: allow, Deny: deny}
			return
		}
	}
	s.perm.overwrites[channel] = append(ows, Overwrite{ID: id, Type: typ, Allow: allow, Deny: deny})
}

// BotPermissions are the bot's computed permissions in a channel.
func (s *Server) BotPermissions(channel string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.botPerms(channel)
}

// allPerms is every permission (an administrator's).
const allPerms int64 = 1<<50 - 1

// botPerms computes the bot's permissions in a channel like Discord: the
// @everyone role's and its roles' guild permissions; ADMINISTRATOR grants
// everything; then the channel's (a thread: its parent's) @everyone
// overwrite, the role overwrites together, the member overwrite. Without
// VIEW_CHANNEL, nothing. A DM allows what a DM allows.
func (s *Server) botPerms(channel string) int64 {
	s.initPerms()
	ch := s.channels[channel]
	if ch != nil && ch.Type == ChannelDM {
		return PermView | PermSendMessages | PermAttachFiles | PermEmbedLinks | PermReadHistory
	}
	base := s.perm.roles[s.Guild]
	for _, r := range s.perm.botRoles {
		base |= s.perm.roles[r]
	}
	if base&PermAdministrator != 0 {
		return allPerms
	}
	if ch != nil && ch.ParentID != "" {
		channel = ch.ParentID
	}
	ows := s.perm.overwrites[channel]
	p := base
	for _, o := range ows {
		if o.Type == 0 && o.ID == s.Guild {
			p = p&^o.Deny | o.Allow
		}
	}
	var allow, deny int64
	for _, o := range ows {
		for _, r := range s.perm.botRoles {
			if o.Type == 0 && o.ID == r {
				allow |= o.Allow
				deny |= o.Deny
			}
		}
	}
	p = p&^deny | allow
	for _, o := range ows {
		if o.Type == 1 && o.ID == s.Bot.ID {
			p = p&^o.Deny | o.Allow
		}
	}
	if p&PermView == 0 {
		return 0
	}
	return p
}

// forbid answers Discord's 403 when the bot lacks one of need in ch:
// 50001 Missing Access without VIEW_CHANNEL, else 50013 Missing
// Permissions. It reports whether it answered.
func (s *Server) forbid(w http.ResponseWriter, ch *Channel, need int64) bool {
	p := s.botPerms(ch.ID)
	switch {
	case p&PermView == 0:
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		return true
	case p&need != need:
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return true
	}
	return false
}

// sendNeed is what posting in a channel needs: SEND_MESSAGES, or in a
// thread SEND_MESSAGES_IN_THREADS; ATTACH_FILES with files.
func sendNeed(ch *Channel, files bool) int64 {
	need := int64(PermSendMessages)
	if ch.ParentID != "" {
		need = PermSendMessagesInThreads
	}
	if files {
		need |= PermAttachFiles
	}
	return need
}

func permString(p int64) string { return strconv.FormatInt(p, 10) }

// SendAppPermissions decides whether interactions carry app_permissions
// (the bot's permissions in their channel, which Discord always sends);
// without, the bot cannot check before it acts, and only a refused post
// tells it — as when a permission is removed while it works.
func (s *Server) SendAppPermissions(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initPerms()
	s.perm.noAppPerms = !on
}
