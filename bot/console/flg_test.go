package console

import (
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
	"github.com/grognard/grognard/internal/flgplay"
)

// TestFLGDuel plays a small Frédéric le Grand battle through the terminal
// room (testdata/flg/duel.txt): armies of 30 points built by budget and
// deployed in secret (FLG-P-34, FLG-P-35), revealed when both are ready,
// then an activation, a move, an attack with the symbol dice and its
// follow-up. Nothing of one side's building or deployment reaches the
// other player before the reveal.
func TestFLGDuel(t *testing.T) {
	h := scenarioHarness(t, "testdata/flg/duel.toml")
	got := runTranscriptWith(t, "testdata/flg/duel.txt", h)
	shows(t, got,
		"A3 (CAV_SH) recruited for 14: 29 points spent",
		"0304 is not in your two columns nearest your edge (FLG-A1.5)",
		"both armies are revealed",
		"A1 attacks B1 with 2 dice",
		"A1 follows up into 0504",
	)
	before, _, ok := strings.Cut(got, "both armies are revealed")
	if !ok {
		t.Fatal("no reveal")
	}
	// What each player received before the reveal: the public lines and
	// the messages private to him (a message runs to the next line that
	// starts one: typed, marked, about the game or calling a player; a
	// decision's prompt and "Answer with" continue it). The lines typed
	// are their typist's: on a chat platform the secret orders go by
	// direct message or ephemeral slash command.
	recv := received(before, "alice", "bob")
	receivedNone(t, recv, map[string][]string{
		"bob":   {"A1 (CAV_L)", "A3 (CAV_SH)", "29 points", "0204", "0203"},
		"alice": {"16 points", "0504", "0605", "B1 (INF_H_MUSKET)"},
	}, " before the reveal")
	if !strings.Contains(recv["alice"], "A1 is deployed at 0204") || !strings.Contains(recv["bob"], "B1 is deployed at 0504") {
		t.Error("a player does not read his own deployment")
	}
}

// TestFLGComplete: the arguments of Frédéric le Grand's orders complete
// from the asker's legal-option tree: while deploying, the deploy line
// offers the asker's own units and officers only (never the other
// side's hidden ones); after the reveal, activate's officer and unit
// offer the active side's own, and the other player is offered nothing.
func TestFLGComplete(t *testing.T) {
	h := scenarioHarness(t, "testdata/flg/duel.toml")
	h.open()
	for _, l := range [][2]string{{"alice", "new flg-duel vs bob"}, {"bob", "accept"},
		{"alice", "recruit CAV_L"}, {"alice", "done"}, {"bob", "recruit INF_H_MUSKET"}, {"bob", "done"}} {
		h.say(l[0], l[1])
	}
	got := strings.Join(h.complete("bob", "deploy", "placements", map[string]string{}), " ")
	if !strings.Contains(got, "B1") || strings.Contains(got, "A1") || strings.Contains(got, "AGC1") {
		t.Errorf("bob's deploy completions: %s", got)
	}
	for _, l := range [][2]string{{"alice", "deploy A1 0204"}, {"alice", "deploy AGC1 0205"}, {"alice", "ready"},
		{"bob", "deploy B1 0504"}, {"bob", "deploy BGC1 0605"}, {"bob", "ready"}} {
		h.say(l[0], l[1])
	}
	if got := h.complete("alice", "activate", "officer-or-general", map[string]string{}); !slices.Equal(got, []string{"AGC1"}) {
		t.Errorf("alice's officers to activate with: %v", got)
	}
	if got := h.complete("bob", "activate", "officer-or-general", map[string]string{}); len(got) != 0 {
		t.Errorf("bob, not to act, is offered %v", got)
	}
}

// recordingRenderer is fakeRenderer keeping the boards it drew.
type recordingRenderer struct {
	fakeRenderer
	boards []*game.Board
}

func (r *recordingRenderer) PNG(b *game.Board) ([]byte, error) {
	r.boards = append(r.boards, b)
	return r.fakeRenderer.PNG(b)
}

// TestFLGFixed creates the shipped flg-muhlbach through the terminal room
// (testdata/flg/muhlbach.txt): the game is stored with the scenario's own
// battlefield (FLG-P-36), and every board drawn shows it: the stream with
// its fords and bridge, the villages, the walled farms and the road, the
// same for both games whatever their seeds; the objectives are the
// villages.
func TestFLGFixed(t *testing.T) {
	h := newHarness(t)
	rec := &recordingRenderer{}
	h.renderer = rec
	got := runTranscriptWith(t, "testdata/flg/muhlbach.txt", h)
	shows(t, got, "The crossing of the Mühlbach", "0407 is not in your two columns nearest your edge (FLG-A1.5)", "A1 is deployed at 0207")
	if len(rec.boards) == 0 {
		t.Fatal("no board drawn")
	}
	for _, b := range rec.boards {
		m := b.Map
		if w, h := m.Grid.Size(); w != 11 || h != 14 {
			t.Fatalf("a board of %d × %d, not the Mühlbach's 11 × 14", w, h)
		}
		for l, want := range map[string]string{"0607": "bridge", "0603": "ford", "0612": "ford", "0606": "river", "0407": "town", "0808": "town", "0503": "town"} {
			c, err := m.Grid.Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			if got := m.CellAt(c).Terrain; got != want {
				t.Errorf("board %s: %s, want the map file's %s", l, got, want)
			}
		}
		farm, _ := m.Grid.Parse("0503")
		road, _ := m.Grid.Parse("0507")
		bridge, _ := m.Grid.Parse("0607")
		if len(m.Edges) != 12 || !slices.Contains(m.Edges[grid.EdgeOf(farm, m.Grid.Neighbors(farm)[0])], "wall") || !m.Linked(road, bridge, "road") {
			t.Errorf("the farms' walls or the road are not the map file's: %d walls", len(m.Edges))
		}
	}
	sc, err := h.store.Scenario("g1")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Params["objectives-A"] != "0407 0807" || sc.Params["objectives-B"] != "0407 0807" {
		t.Errorf("the stored game's objectives: %q, %q", sc.Params["objectives-A"], sc.Params["objectives-B"])
	}
}

// TestFLGDeadline: the command phase's decision (FLG-2.4) has the
// decision deadline, and at the deadline the bot plays its default, "end"
// (testdata/flg/deadline.txt, the deployed brigades of the rules' test
// position): the activation made by number stands, the others are
// forfeited, and the game moves on to the movement phase.
func TestFLGDeadline(t *testing.T) {
	sc := flgplay.Position(t)
	h := newHarness(t)
	h.scenarios = []*game.Scenario{sc}
	got := runTranscriptWith(t, "testdata/flg/deadline.txt", h)
	shows(t, got, "activate a unit (0 of", "end the command phase (default)", "· end", "movement phase")
}

// TestFLGHostile: the decisions of Frédéric le Grand's battle (the
// activation decision, FLG-2.4; the defender's answer, FLG-2.23, with
// reactions=prompt; standing orders) refuse, in the terminal room, a
// spectator, the wrong side, a malformed or out-of-range choice or
// answer, an answer once the deadline has played the default, and a
// late bare number meant for that answer, which would have ended B's
// command phase (testdata/flg/hostile.txt); each refusal names the rule or the field,
// and none changes the game: the log holds the accepted orders only.
func TestFLGHostile(t *testing.T) {
	h := scenarioHarness(t, "testdata/flg/hostile.toml")
	got := runTranscriptWith(t, "testdata/flg/hostile.txt", h)
	shows(t, got,
		"side B must first answer the attack on its unit",
		"that is not an answer offered to B1",
		"no attack waits for an answer now",
		"is not a standing order",
		"(deadline passed: the default)",
		// B's late 1 after the default: refused, not taken as "end".
		"[private to bob] g1: that decision was settled",
	)
	// The log holds the accepted orders only, in order: every refusal
	// left the game as it was.
	recs, err := h.store.Records("g1", 1)
	if err != nil {
		t.Fatal(err)
	}
	var orders []string
	for _, r := range recs {
		orders = append(orders, r.Command.Side.String()+": "+r.Command.String())
	}
	want := []string{"A: activate AG A1", "A: end", "A: end", "A: attack A1 B1", "B: answer B1 stand", "A: end", "B: end", "B: end", "B: end"}
	if !slices.Equal(orders, want) {
		t.Errorf("the log holds %q, want the accepted orders %q", orders, want)
	}
}
