package console

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/internal/flgplay"
	"github.com/grognard/grognard/scenarios"
)

// fullGames are the scenarios TestFullGame plays from the challenge to the
// result, each with the transcript it writes (testdata/full/ID.txt) and
// the policy that picks each order (nil: a random legal order).
var fullGames = []struct {
	id     string
	policy func(g *game.Game, side game.Side, leaves []string) string
	about  string
}{
	{id: "man-frgb", about: "by random legal orders"},
	{id: "sdc-battle", about: "by random legal orders"},
	{id: "flg-brigades", policy: flgplay.Attack, about: "both sides activating all they may (answering the decision by number), marching on the nearest enemy and attacking"},
}

// TestFullGame plays whole games in the terminal room, from the challenge
// to the result, by orders drawn (with a fixed seed) from the legal-option
// tree of whoever may act, or picked from it by a game's policy (a random
// Frédéric le Grand battle does not end: its units must seek the enemy):
// every order listed is accepted (each one adds a
// record), the game ends with a result, and the conversation is the one
// recorded in testdata/full/ID.txt (-update rewrites it), a full game for
// a reader to follow.
func TestFullGame(t *testing.T) {
	for _, fg := range fullGames {
		id := fg.id
		t.Run(id, func(t *testing.T) {
			h := newHarness(t)
			h.open()
			var got strings.Builder
			say := func(u, text string) {
				got.WriteString("> " + u + ": " + text + "\n")
				h.now = h.now.Add(time.Minute)
				h.room.User = u
				h.out.Reset()
				if _, err := h.room.Line(h.ctx, text); err != nil {
					t.Fatal(err)
				}
				got.Write(h.out.Bytes())
			}
			got.WriteString("# A whole game of " + id + " in the terminal room, " + fg.about + " (bot/console TestFullGame).\n")
			say("alice", "new "+id+" vs bob")
			say("bob", "accept")
			rng := rand.New(rand.NewSource(7))
			users := map[game.Side]string{game.SideA: "alice", game.SideB: "bob"}
			over := false
			last, lastSeq := "", -1
			for range 5000 {
				g, meta, err := h.store.Load("g1", shipped{})
				if err != nil {
					t.Fatal(err)
				}
				if meta.Seq == lastSeq {
					t.Fatalf("the legal order %q was not played (record %d):\n%s", last, meta.Seq, h.out.String())
				}
				lastSeq = meta.Seq
				if over = g.State.Outcome().Over; over {
					break
				}
				var side game.Side
				var leaves []string
				sides := []game.Side{game.SideA, game.SideB}
				if fg.policy != nil {
					sides = game.Waiting(g.State) // a policy plays whoever the game waits for
				}
				for _, s := range sides {
					if leaves = game.Leaves(game.Legal(g.Rules, g.State, s)); len(leaves) > 0 {
						side = s
						break
					}
				}
				if len(leaves) == 0 {
					t.Fatalf("after record %d nobody may act, and the game is not over", meta.Seq)
				}
				if fg.policy != nil {
					last = fg.policy(g, side, leaves)
				} else {
					last = leaves[rng.Intn(len(leaves))]
				}
				say(users[side], last)
			}
			if !over {
				t.Fatal("the game did not end in 5000 orders")
			}
			if !strings.Contains(got.String(), "g1 is over: ") {
				t.Error("the room was not told the result")
			}
			path := filepath.Join("testdata", "full", id+".txt")
			want, _ := os.ReadFile(path)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if string(want) != got.String() {
				t.Errorf("%s differs from the actual game (go test ./bot/console -run TestFullGame -update rewrites it):\n%s", path, firstDiff(string(want), got.String()))
			}
		})
	}
}

// shipped resolves games as the command line does: shipped rulesets and
// scenarios.
type shipped struct{}

func (shipped) Ruleset(name string) (game.Ruleset, error) { return all.Get(name) }
func (shipped) Scenario(id, _ string) (*game.Scenario, error) {
	return scenarios.Load(id)
}
