package discord

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestInviteURL: the invite link carries both scopes and exactly the
// permissions the bot checks before acting (so a server that used it never
// sees a missing-permission refusal), and docs/discord.md's link agrees.
func TestInviteURL(t *testing.T) {
	u, err := url.Parse(InviteURL("1234"))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if q.Get("client_id") != "1234" || q.Get("scope") != "bot applications.commands" {
		t.Errorf("invite query = %v", q)
	}
	want := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles |
		discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads)
	if got := InvitePermissions(); got != want {
		t.Errorf("InvitePermissions = %d, want %d", got, want)
	}
	b := &Bot{cfg: Config{Threads: true}}
	if n := b.needed(place{Channel: "c"}) | b.needed(place{Channel: "c", Thread: "t"}); n&^InvitePermissions() != 0 {
		t.Errorf("the bot needs %d, which the invite (%d) does not grant", n, InvitePermissions())
	}
	b2, err := os.ReadFile("../../docs/discord.md")
	if err != nil {
		t.Fatal(err)
	}
	if doc := string(b2); !strings.Contains(doc, "permissions="+q.Get("permissions")) {
		t.Errorf("docs/discord.md's invite link does not ask for permissions=%s", q.Get("permissions"))
	}
}
