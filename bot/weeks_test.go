package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/storage"
)

// TestWeeksOfAbsentPlay drives a fake clock through weeks of play in
// which nobody ever gives an order: six games of Grands Stratèges in
// three rooms, one of Peter the Great, and two leagues (a round robin of
// four, a Swiss league of five) go on by
// deadlines alone, through two restarts and ten hours of downtime. Every
// reminder, expiry and pairing must happen exactly once, on time (within
// one tick) unless its time fell in the downtime, and every game and
// league must end.
func TestWeeksOfAbsentPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("weeks of play")
	}
	e := newCEnv(t, Deadlines{Decision: 12 * time.Hour})
	for i := range 6 {
		room := fmt.Sprintf("r%d", i%3+1)
		a, b := fmt.Sprintf("p%d", 2*i), fmt.Sprintf("p%d", 2*i+1)
		e.req(room, a, fmt.Sprintf("new gs-1 vs @%s deadline=24h", b), false)
		e.req(room, b, "accept", false)
	}
	// A Peter the Great game: sequential set-up, three phases a turn.
	e.req("r4", "q0", "new ptg-standard vs @q1 deadline=8h", false)
	e.req("r4", "q1", "accept", false)
	e.req("club", "org", "league new rr players:@l1 @l2 @l3 @l4 scenarios:gs-1 deadline:8h", true)
	e.req("club", "org", "league new sw players:@s1 @s2 @s3 @s4 @s5 scenarios:gs-1 format:swiss deadline:8h", true)

	const step = 30 * time.Minute
	downFrom, downTo := t0.Add(9*24*time.Hour+2*time.Hour), t0.Add(9*24*time.Hour+12*time.Hour)
	restarts := map[time.Time]bool{t0.Add(3*24*time.Hour + 7*time.Hour): true, downTo: true}
	end := t0.Add(6 * 7 * 24 * time.Hour)
	now := t0
	for ; now.Before(end); now = now.Add(step) {
		if !now.Before(downFrom) && now.Before(downTo) {
			continue // the bot is down
		}
		e.clock.set(now)
		if restarts[now] {
			e.open()
		}
		e.tick()
		if e.allOver() {
			break
		}
	}
	if !e.allOver() {
		t.Fatalf("not over after %s", now.Sub(t0))
	}
	t.Logf("all over after %s; %d observations", now.Sub(t0), len(e.obs))

	late := func(o observation) bool { return !o.when.Before(downFrom) && o.when.Before(downTo) }
	seen := map[string]bool{}
	reminders := map[string][]observation{}
	for _, o := range e.obs {
		var key string
		switch o.kind {
		case "reminder":
			key = fmt.Sprintf("r %s %s %s %d", o.game, o.side, o.start, o.index)
			k := fmt.Sprintf("%s %s %s", o.game, o.side, o.start)
			reminders[k] = append(reminders[k], o)
		case "expired":
			key = fmt.Sprintf("e %s %s %s", o.game, o.side, o.start)
		case "pairing":
			key = "p " + o.game
		}
		if seen[key] {
			t.Errorf("twice: %s", key)
		}
		seen[key] = true
		if o.kind != "pairing" && !late(o) {
			if d := o.at.Sub(o.when); d < 0 || d >= step {
				t.Errorf("%s at %s, due %s", key, o.at.Sub(t0), o.when.Sub(t0))
			}
		}
	}
	expiries, checked := 0, 0
	for _, o := range e.obs {
		if o.kind != "expired" {
			continue
		}
		expiries++
		rs := reminders[fmt.Sprintf("%s %s %s", o.game, o.side, o.start)]
		if !(o.start.Before(downTo) && o.due.After(downFrom)) {
			// Not touched by the downtime: half time and 2 h before.
			checked++
			if len(rs) != 2 || rs[0].index != 0 || rs[1].index != 1 {
				t.Errorf("%s %s from %s: reminders %+v", o.game, o.side, o.start.Sub(t0), rs)
			}
		}
	}
	if checked < expiries*9/10 {
		t.Errorf("only %d of %d obligations checked for their reminders", checked, expiries)
	}
	// Leagues: 6 round-robin games, Swiss 3 rounds of 2 games.
	if n := len(e.observed("pairing")); n != 12 {
		t.Errorf("%d pairings, want 12", n)
	}
	for _, id := range []string{"test:club/rr", "test:club/sw"} {
		lgue, _ := e.app.readLeague(id)
		if lgue == nil || !lgue.Done {
			t.Errorf("league %s not done", id)
		}
	}
	// Every game was played by deadlines alone: both sides missed all.
	metas, _ := e.store.Games("", 0)
	for _, m := range metas {
		if m.Status != storage.StatusOver {
			t.Errorf("%s is %s", m.ID, m.Status)
		}
		for _, en := range e.records(m.ID) {
			if en.Actor != actorDeadline && en.Actor != actorAuto {
				t.Errorf("%s #%d by %q", m.ID, en.Seq, en.Actor)
			}
		}
	}
	if expiries < 18*len(metas) {
		t.Errorf("%d expiries for %d games", expiries, len(metas))
	}
	if got := texts(e.req("club", "l1", "league standings rr", false)); !strings.Contains(got, "Late") {
		t.Errorf("standings: %s", got)
	}
}

// allOver reports whether every game has ended and every league is done.
func (e *cenv) allOver() bool {
	metas, err := e.store.Games("", 0)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, m := range metas {
		if !m.Status.Ended() {
			return false
		}
	}
	for _, id := range []string{"test:club/rr", "test:club/sw"} {
		if lgue, _ := e.app.readLeague(id); lgue == nil || !lgue.Done {
			return false
		}
	}
	return len(metas) > 0
}
