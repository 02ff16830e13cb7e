package matrix

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/internal/flgplay"
	"github.com/grognard/grognard/internal/playtest"
	"github.com/grognard/grognard/scenarios"
)

var update = flag.Bool("update", false, "rewrite testdata/full/flg-brigades.txt")

// TestFullGameFLG plays a whole game of flg-brigades in a Matrix room
// against the real Dendrite, from the challenge to the victory, both
// sides given internal/flgplay's orders (the terminal room's and the fake
// Discord's game, the same battle): the secret deployment typed in each
// player's direct room with the bot, the activation decisions and the
// defender's answers typed by number or as orders in the game room. The
// transcript (every message either player received, the players' own
// lines included, in the order the homeserver stamped them) is
// testdata/full/flg-brigades.txt; without -update what the bot said in
// the game room must be the file's, line for line (how its answers are
// cut into events, and where the players' next orders fall among them,
// may vary from run to run). Behind
// GROGNARD_SOAK: some 180 orders through the homeserver.
func TestFullGameFLG(t *testing.T) {
	if on, _, err := playtest.Soak(); err != nil {
		t.Fatal(err)
	} else if !on {
		t.Skipf("a whole game against Dendrite: set %s=1 to run it", playtest.SoakEnv)
	}
	h := needHomeserver(t)
	alice, bob := newClient(t, h, "alice"), newClient(t, h, "bob")
	b := newTestBot(t, h, Config{})
	me := b.id()
	room := alice.createRoom(t, "Brigades", me, bob.id)
	for _, u := range []id.UserID{me, bob.id} {
		alice.joined(t, room, u)
	}
	players := map[game.Side]*client{game.SideA: alice, game.SideB: bob}
	dms := map[game.Side]id.RoomID{}

	alice.send(t, room, "!g new flg-brigades vs @"+bob.name)
	alice.says(t, me, room, "g1: "+alice.name+" challenges "+bob.name)
	bob.send(t, room, "!g accept")
	alice.says(t, me, room, "g1 begins")
	for side, c := range players {
		dm := c.wait(t, "(the bot's direct room)", func(evt *event.Event) bool {
			return evt.Sender == me && evt.RoomID != room && evt.Type == event.EventMessage
		})
		dms[side] = dm.RoomID
	}

	load := func() *game.Game {
		t.Helper()
		g, _, err := b.store.Load("g1", shipped{})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	secret := map[string]bool{"deploy": true, "decoy": true, "ready": true, "recruit": true, "enlist": true, "dismiss": true, "done": true}
	over := false
	for n := 0; n < 2000; n++ {
		g := load()
		if over = g.State.Outcome().Over; over {
			break
		}
		side := game.Waiting(g.State)[0]
		order := flgplay.Attack(g, side, game.Leaves(game.Legal(g.Rules, g.State, side)))
		c := players[side]
		where, text := room, "!g "+order
		if secret[game.Words(order)[0]] {
			where, text = dms[side], "g1 "+order // a direct room needs no prefix
		}
		// A secret order's answer is the private one in the direct room
		// (the game room reads "(secret order)" first); the end of a
		// deployment is told in the game room.
		private := where != room && order != "ready" && order != "done"
		replies := func(evt *event.Event) bool {
			return evt.Sender == me && (evt.RoomID == where || !private && evt.RoomID == room) && evt.Type == event.EventMessage
		}
		before := len(c.all(replies))
		c.send(t, where, text)
		deadline := time.Now().Add(waitTimeout)
		for load().Seq == g.Seq {
			if time.Now().After(deadline) {
				t.Fatalf("order %d (%s, %q) was not played within %s; %s's last events:\n%s", n+1, side, order, waitTimeout, c.name, c.dump(10))
			}
			time.Sleep(20 * time.Millisecond)
		}
		// The bot's answer arrives before the next order is given, so that
		// the transcript reads in turn.
		for len(c.all(replies)) == before {
			if time.Now().After(deadline) {
				t.Fatalf("order %d (%s, %q) had no answer within %s", n+1, side, order, waitTimeout)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if !over {
		t.Fatal("the game did not end in 2000 orders")
	}
	alice.wait(t, "(the result)", func(evt *event.Event) bool {
		return evt.Sender == me && evt.RoomID == room && strings.Contains(evt.Content.AsMessage().Body, "g1 is over")
	})
	for _, c := range []*client{alice, bob} {
		settle(c)
	}

	got, roomLines := fullTranscript(t, me, room, alice, bob, dms)
	path := filepath.Join("testdata", "full", "flg-brigades.txt")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var wantRoom []string
	for _, l := range strings.Split(string(want), "\n[") {
		if strings.HasPrefix(l, "room] ") {
			wantRoom = append(wantRoom, "["+strings.TrimRight(l, "\n"))
		}
	}
	wantRoom, roomLines = botLines(wantRoom), botLines(roomLines)
	if !slices.Equal(wantRoom, roomLines) {
		i := 0
		for i < min(len(wantRoom), len(roomLines)) && wantRoom[i] == roomLines[i] {
			i++
		}
		w, g := "(none)", "(none)"
		if i < len(wantRoom) {
			w = wantRoom[i]
		}
		if i < len(roomLines) {
			g = roomLines[i]
		}
		t.Errorf("%s: the bot's messages in the game room differ from the actual game (GROGNARD_SOAK=1 go test ./bot/matrix -run TestFullGameFLG -update rewrites it): line %d of %d is\n%s\nwant\n%s", path, i+1, len(roomLines), g, w)
	}
}

// botLines are the lines of the bot's messages among a room's entries,
// without the players' orders and the empty lines: the bot may post two
// answers as one event or two, and a player's next order may come
// between them, but what it says, in that order, is the game's.
func botLines(entries []string) []string {
	var out []string
	for _, e := range entries {
		text, ok := strings.CutPrefix(e, "[room] grognard: ")
		if !ok {
			continue
		}
		for _, l := range strings.Split(text, "\n") {
			if l = strings.TrimPrefix(l, "    "); strings.TrimSpace(l) != "" {
				out = append(out, l)
			}
		}
	}
	return out
}

// settle waits until c's sync has brought nothing new for a few sync
// rounds, so that the transcript holds every message of the game.
func settle(c *client) {
	quiet := 0
	for quiet < 3 {
		c.mu.Lock()
		changed := c.changed
		c.mu.Unlock()
		select {
		case <-changed:
			quiet = 0
		case <-time.After(1500 * time.Millisecond):
			quiet++
		}
	}
}

// history is every event of a room, oldest first, as the homeserver
// keeps them (/messages, page by page): a sync may skip some when many
// come at once (a limited timeline).
func history(t *testing.T, c *client, room id.RoomID) []*event.Event {
	t.Helper()
	var out []*event.Event
	from := ""
	for {
		resp, err := c.cli.Messages(context.Background(), room, from, "", mautrix.DirectionBackward, nil, 500)
		if err != nil {
			t.Fatalf("%s: the history of %s: %v", c.name, room, err)
		}
		for _, evt := range resp.Chunk {
			evt.RoomID = room
			_ = evt.Content.ParseRaw(evt.Type)
			out = append(out, evt)
		}
		if len(resp.Chunk) == 0 || resp.End == "" || resp.End == from {
			break
		}
		from = resp.End
	}
	slices.Reverse(out)
	return out
}

// fullTranscript is every message of the game room and of each player's
// direct room with the bot (their histories), in the order of the
// homeserver's timestamps (each room's own order kept among equal ones), with the test users'
// generated names replaced by alice, bob and grognard: "[room] who: text"
// and "[DM to alice] who: text", an image as "[image NAME]". roomLines
// are the game room's entries alone.
func fullTranscript(t *testing.T, me id.UserID, room id.RoomID, alice, bob *client, dms map[game.Side]id.RoomID) (string, []string) {
	type entry struct {
		ts    int64
		where string
		text  string
	}
	names := strings.NewReplacer(string(alice.id), "@alice", string(bob.id), "@bob", string(me), "@grognard",
		alice.name, "alice", bob.name, "bob", me.Localpart(), "grognard")
	ids := regexp.MustCompile(`![A-Za-z0-9]+:` + regexp.QuoteMeta(hsServerName))
	var es []entry
	seen := map[id.EventID]bool{}
	add := func(c *client, where string, r id.RoomID) {
		for _, evt := range history(t, c, r) {
			if evt.Type != event.EventMessage {
				continue
			}
			if seen[evt.ID] {
				continue
			}
			seen[evt.ID] = true
			m := evt.Content.AsMessage()
			who := "grognard"
			switch evt.Sender {
			case alice.id:
				who = "alice"
			case bob.id:
				who = "bob"
			}
			text := m.Body
			if m.MsgType == event.MsgImage {
				// A board's caption is its body (the narration it carries).
				if text == m.FileName {
					text = ""
				}
				text = strings.TrimSpace("[image " + m.FileName + "] " + text)
			}
			text = ids.ReplaceAllString(names.Replace(text), "!ROOM")
			es = append(es, entry{evt.Timestamp, where, who + ": " + strings.ReplaceAll(text, "\n", "\n    ")})
		}
	}
	add(alice, "room", room)
	add(alice, "DM to alice", dms[game.SideA])
	add(bob, "DM to bob", dms[game.SideB])
	slices.SortStableFunc(es, func(a, b entry) int { return cmp.Compare(a.ts, b.ts) })
	var out strings.Builder
	var roomLines []string
	out.WriteString("# A whole game of flg-brigades in a Matrix room against Dendrite, both sides played by internal/flgplay (bot/matrix TestFullGameFLG).\n")
	for _, e := range es {
		line := fmt.Sprintf("[%s] %s", e.where, e.text)
		out.WriteString(line + "\n")
		if e.where == "room" {
			roomLines = append(roomLines, line)
		}
	}
	return out.String(), roomLines
}

// shipped resolves games from the shipped rulesets and scenarios.
type shipped struct{}

func (shipped) Ruleset(name string) (game.Ruleset, error) { return all.Get(name) }
func (shipped) Scenario(id, _ string) (*game.Scenario, error) {
	return scenarios.Load(id)
}
