package discord

import (
	"net/url"
	"strconv"
)

// InvitePermissions is the permission integer of the invite link: every
// permission the bot checks before it acts in a channel (botPerms), and
// nothing else.
func InvitePermissions() int64 {
	var n int64
	for _, p := range botPerms {
		n |= p.bit
	}
	return n
}

// InviteURL is the link a server administrator opens to add the bot to a
// server: the bot and applications.commands scopes (without the second
// the slash commands never appear) and InvitePermissions.
func InviteURL(appID string) string {
	q := url.Values{}
	q.Set("client_id", appID)
	q.Set("scope", "bot applications.commands")
	q.Set("permissions", strconv.FormatInt(InvitePermissions(), 10))
	return "https://discord.com/oauth2/authorize?" + q.Encode()
}
