package bot

import (
	"strconv"
	"strings"

	"github.com/grognard/grognard/game"
)

// User is a chat user as the platform names them: ID is the platform's
// own id (a Discord snowflake, a Matrix id "@ann:example.org", a console
// name), Name the display name to print.
type User struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

// Display is the name to print: Name, or the ID when there is none.
func (u User) Display() string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

// Request is one thing a user said to the bot, as an adapter hands it to
// App.Handle. Either Text holds the line as typed ("g2 move A3 0512"), or
// Command and Args hold it already parsed (a Discord slash command: Args
// by argument name, as the command table names them; "game" may be set for
// any command that acts on one game).
type Request struct {
	// Platform names the adapter ("discord", "matrix", "console"). Rooms and
	// users are keyed by platform, so ids never collide across adapters.
	Platform string
	// Room is the channel or room; Thread, when the platform has threads,
	// the thread inside it ("" outside any thread).
	Room   string
	Thread string
	User   User
	// IsAdmin is the platform's own notion of a room administrator
	// (Discord Manage Server or a configured role, Matrix power level).
	IsAdmin bool
	// Server is the server the room belongs to (a Discord guild id); ""
	// when the room is its own server (a Matrix room, the terminal).
	// Per-server settings (`settings`) are kept under it.
	Server string
	// Roles are the sender's role ids in the server (Discord), for a
	// server's own admin role.
	Roles []string
	// RoleAdmin: IsAdmin holds only through the configured global admin
	// role, not the platform's right to manage the server. A server that
	// names its own admin role (`settings admin-role`) replaces that role.
	RoleAdmin bool
	Text      string
	Command   string
	Args      map[string]string
	// InteractionID is the platform's id of the message or interaction; an
	// order stored once is never applied twice for the same id.
	InteractionID string
	// Lang is the user's language as the platform reports it (a locale such
	// as "fr" or "en-GB"); a `lang` setting overrides it.
	Lang string
}

// Response is everything the bot says back, as values: the adapter only
// translates them into platform messages.
type Response struct {
	Messages []Message
}

// Message is one chat message.
type Message struct {
	// Game is the id of the game the message is about ("" for none), so an
	// adapter can post it in the game's thread.
	Game string
	// Text is the message body. Mentions appear in it as tokens that
	// Format replaces with the platform's mention syntax; Plain prints
	// them as @Name.
	Text     string
	Mentions []User
	// To, when set, makes the message private to that user (a direct
	// message); the room never sees it.
	To *User
	// Ephemeral marks a reply meant for the asker only (an error, a
	// private view); platforms without ephemeral messages post it in the
	// room, so it never carries a secret (secrets use To).
	Ephemeral bool
	Images    []Image
	// Choices are the options of a pending decision, for buttons; they are
	// also numbered in Text. Clicking one sends Choice.Command as if typed.
	Choices []Choice
	// NewThread, when set on a platform with threads, asks the adapter to
	// open a thread with this title for Game, post the message there and
	// call App.BindThread.
	NewThread string
	// nav marks Choices that turn pages (pages.go): kept only where replies
	// are private, so that page buttons are never public decision options.
	nav bool
	// status marks a game's status, which carries the link to the game's
	// web page as board posts do (site.go).
	status bool
}

// Image is a picture of a board: PNG bytes, a file name, and the side whose
// view it is (game.Nobody: the public view that anyone may see).
type Image struct {
	Name string
	PNG  []byte
	Side game.Side
	Alt  string
	// Game and Seq name the game a board belongs to and the number of
	// orders of its log the board shows ("" and 0: not a game's board).
	Game string
	Seq  int
	// Cropped: the image is the crop that follows the action, not the
	// whole board (`board full` draws that).
	Cropped bool
}

// Choice is a button: a label and the command text it sends.
type Choice struct {
	Label   string `json:"label"`
	Command string `json:"command"`
}

// Limits is what a platform can carry, as the adapter declares it with
// App.SetLimits. The core splits long texts and leaves out what the
// platform cannot show.
type Limits struct {
	// MaxText is the longest message text in characters (0: no limit).
	MaxText int
	// Threads: the platform can open a thread per game.
	Threads bool
	// Buttons is how many buttons a message may carry (0: none).
	Buttons int
	// Ephemeral: replies can be shown to the asker alone.
	Ephemeral bool
	// Mention turns a mention word as typed ("@bob", "<@123>") into the
	// user's platform id; nil strips one leading '@'.
	Mention func(word string) (id string, ok bool)
	// Unmetered: the platform is the operator's own terminal (a script
	// piped in is read as fast as it comes), so the App's rate limit does
	// not apply to it.
	Unmetered bool
}

const (
	tokOpen  = '\uE000'
	tokClose = '\uE001'
)

// mention adds u to the message's mentions and returns the token that
// stands for it in Text.
func (m *Message) mention(u User) string {
	for i, x := range m.Mentions {
		if x.ID == u.ID {
			return string(tokOpen) + strconv.Itoa(i) + string(tokClose)
		}
	}
	m.Mentions = append(m.Mentions, u)
	return string(tokOpen) + strconv.Itoa(len(m.Mentions)-1) + string(tokClose)
}

// Format returns Text with every mention token replaced by render(user).
func (m Message) Format(render func(User) string) string {
	if !strings.ContainsRune(m.Text, tokOpen) {
		return m.Text
	}
	var b strings.Builder
	rest := m.Text
	for {
		i := strings.IndexRune(rest, tokOpen)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:i])
		rest = rest[i+len(string(tokOpen)):]
		j := strings.IndexRune(rest, tokClose)
		if j < 0 {
			return b.String() + rest
		}
		n, err := strconv.Atoi(rest[:j])
		if err == nil && n >= 0 && n < len(m.Mentions) {
			b.WriteString(render(m.Mentions[n]))
		}
		rest = rest[j+len(string(tokClose)):]
	}
}

// Plain is Text with mentions printed as @Name.
func (m Message) Plain() string {
	return m.Format(func(u User) string { return "@" + u.Display() })
}
