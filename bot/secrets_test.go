package bot

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/game"
)

// legalOf lists the legal orders of side in g1 now.
func (e *env) legalOf(side game.Side) []string {
	lg, err := e.app.lock("g1")
	if err != nil {
		e.t.Fatal(err)
	}
	defer lg.mu.Unlock()
	return game.Leaves(lg.g.Rules.Legal(lg.g.State, side))
}

// seen is everything user receives from r: the room's messages and
// ephemeral replies (a platform without them posts them in the room) and
// the direct messages to user.
func seen(r Response, user string) string {
	var b strings.Builder
	for _, m := range r.Messages {
		if m.To == nil || m.To.ID == user {
			b.WriteString(m.Plain() + "\n")
		}
	}
	return b.String()
}

// Peter the Great: the Russian secret placement (place, redoubt) is not
// posted publicly, not in the public history, not in the Swedes' views.
func TestSecretPlacementPTG(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "new ptg-standard vs bob")
	e.must("bob", "accept")
	var place string
	for _, o := range e.legalOf(game.SideB) {
		if strings.HasPrefix(o, "place ") {
			place = o
			break
		}
	}
	hex := strings.Fields(place)[2]
	r := e.must("bob", place)
	if got := seen(r, "alice"); strings.Contains(got, hex) || strings.Contains(got, place) {
		t.Errorf("the room learns the placement %q:\n%s", place, got)
	}
	if got := seen(r, "bob"); !strings.Contains(got, "sets up in "+hex) {
		t.Errorf("bob is not told his placement:\n%s", got)
	}
	for _, v := range []string{"history", "status", "units", "board"} {
		for _, u := range []string{"alice", "carol"} {
			if got := seen(e.say(u, v), u); strings.Contains(got, hex) {
				t.Errorf("%s's %s shows the Russian placement %s:\n%s", u, v, hex, got)
			}
		}
	}
	if got := seen(e.say("bob", "history"), "alice"); strings.Contains(got, hex) {
		t.Errorf("bob's history is posted where alice sees it:\n%s", got)
	}
}

// Grands Stratèges simultaneous set-up: a refused deployment (its hexes,
// its reason) goes to the player who typed it and nobody else.
func TestRefusalPrivateGS(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "new gs-1 vs bob")
	e.must("bob", "accept")
	r := e.say("bob", "deploy B1 0000")
	if got := seen(r, "alice"); strings.Contains(got, "0000") || strings.Contains(got, "refused") {
		t.Errorf("alice sees bob's refused deployment:\n%s", got)
	}
	if got := seen(r, "bob"); !strings.Contains(got, "`deploy B1 0000` refused") {
		t.Errorf("bob is not told his order is refused:\n%s", got)
	}
}

// Scenario IXa: a side's status does not tell the other side's total
// combat strength while its units are face down.
func TestStatusHidesStrengthIXa(t *testing.T) {
	e := newEnv(t)
	e.must("alice", "new gs-9a vs bob")
	e.must("bob", "accept")
	for _, u := range []string{"alice", "bob", "carol"} {
		got := seen(e.say(u, "status"), u)
		for _, side := range []string{"A", "B"} {
			if side == map[string]string{"alice": "A", "bob": "B"}[u] {
				continue
			}
			if strings.Contains(got, side+" · losses (PC, of") {
				t.Errorf("%s's status tells side %s's strength:\n%s", u, side, got)
			}
		}
	}
}

// The last check before delivery: a board drawn for one side never goes
// out in a room message or an ephemeral reply, only in a private one.
func TestGuardAudience(t *testing.T) {
	e := newEnv(t)
	c := e.app.newCall(t.Context(), Request{Platform: "test", Room: "r1", User: User{ID: "alice", Name: "alice"}, Text: "board"})
	side := Image{Name: "g1-viewA.png", Side: game.SideA}
	public := Image{Name: "g1.png", Side: game.Nobody}
	c.say("g1", "room").Images = []Image{side, public}
	c.reply("asker").Images = []Image{side}
	c.private("g1", User{ID: "alice"}, "dm").Images = []Image{side}
	r := c.response()
	if len(r.Messages) != 3 {
		t.Fatalf("%d messages", len(r.Messages))
	}
	if imgs := r.Messages[0].Images; len(imgs) != 1 || imgs[0].Name != "g1.png" {
		t.Errorf("room message images %+v, want the public board only", imgs)
	}
	if imgs := r.Messages[1].Images; len(imgs) != 0 {
		t.Errorf("ephemeral reply images %+v, want none", imgs)
	}
	if imgs := r.Messages[2].Images; len(imgs) != 1 {
		t.Errorf("private message images %+v, want the side's board", imgs)
	}
}
