package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game"
)

// paceState is a state reduced to what the clock reads: the active side,
// the pending decisions and the outcome.
type paceState struct {
	game.State
	active  game.Side
	pending []game.Decision
}

func (s paceState) Clock() game.Clock        { return game.Clock{Turn: 1, Phase: "move", Active: s.active} }
func (s paceState) Pending() []game.Decision { return s.pending }
func (s paceState) Outcome() game.Outcome    { return game.Outcome{Winner: game.Nobody} }
func decision(id string, side game.Side) game.Decision {
	return game.Decision{ID: id, Side: side, Prompt: id, Options: []game.Option{{Command: "pass"}}}
}

// TestPaceDurations: with a pace preset (MAN-P-45) a reaction — a decision
// of the side that is not active while the active side waits — gets the
// short time; the active side's phase and its own decisions, and the
// decisions both sides take at once, get the long time. Without a preset
// every decision gets the decision time, as before.
func TestPaceDurations(t *testing.T) {
	now := t0
	live := paces["live"]
	cases := []struct {
		name string
		st   paceState
		side game.Side
		pace time.Duration
		none time.Duration // without a preset: Phase 48h, Decision 24h
	}{
		{"reaction", paceState{active: game.SideA, pending: []game.Decision{decision("guerrilla", game.SideB)}}, game.SideB, live.Reaction, 24 * time.Hour},
		{"active decision", paceState{active: game.SideA, pending: []game.Decision{decision("support", game.SideA)}}, game.SideA, live.Active, 24 * time.Hour},
		{"active phase", paceState{active: game.SideA}, game.SideA, live.Active, 48 * time.Hour},
		{"simultaneous", paceState{active: game.SideA, pending: []game.Decision{decision("hand-A", game.SideA), decision("hand-B", game.SideB)}}, game.SideB, live.Active, 24 * time.Hour},
	}
	for _, c := range cases {
		for _, clk := range []*gameClock{{Phase: live.Active, Decision: live.Reaction, Pace: "live"}, {Phase: 48 * time.Hour, Decision: 24 * time.Hour}} {
			clk.sync(c.st, now)
			want := c.pace
			if clk.Pace == "" {
				want = c.none
			}
			o := clk.obligationOf(c.side)
			if o == nil {
				t.Fatalf("%s: no obligation of %v", c.name, c.side)
			}
			if got := o.Due.Sub(now); got != want {
				t.Errorf("%s (pace %q): %v allowed, want %v", c.name, clk.Pace, got, want)
			}
		}
	}
}

// TestPaceOption: `new … pace=daily` gives the game the daily preset (48 h
// an active phase, 24 h a reaction), announced and shown by status; an
// unknown preset, and a pace with deadline=…, are refused.
func TestPaceOption(t *testing.T) {
	e := newCEnv(t, Deadlines{Decision: 6 * time.Hour})
	if got := texts(e.say("alice", "new gs-1 vs bob pace=hourly")); !strings.Contains(got, "pace=hourly: the pace presets are live, daily and weekly.") {
		t.Errorf("unknown pace: %s", got)
	}
	if got := texts(e.say("alice", "new gs-1 vs bob pace=live deadline=48h")); !strings.Contains(got, "give it without deadline=") {
		t.Errorf("pace and deadline: %s", got)
	}
	r := e.must("alice", "new gs-1 vs bob pace=daily")
	if got := texts(r); !strings.Contains(got, "pace daily: 2 d an active phase, 1 d a reaction") {
		t.Errorf("new: %s", got)
	}
	clk := e.clockOf("g1")
	if clk.Pace != "daily" || clk.Phase != 48*time.Hour || clk.Decision != 24*time.Hour {
		t.Fatalf("clock %+v", clk)
	}
	e.must("bob", "accept")
	if got := texts(e.say("alice", "status")); !strings.Contains(got, "pace daily: 2 d an active phase, 1 d a reaction") {
		t.Errorf("status: %s", got)
	}
	// The set-up is decided by both sides at once: no reaction, 48 h each.
	clk = e.clockOf("g1")
	if len(clk.Obls) == 0 {
		t.Fatal("no obligation after accept")
	}
	for _, o := range clk.Obls {
		if got := o.Due.Sub(o.Start); got != 48*time.Hour {
			t.Errorf("%v's obligation %s: %v allowed", o.Side, o.Sig, got)
		}
	}
}

// TestPaceReminders: a game with a pace preset is reminded at 50 % and
// 90 % of the time allowed (MAN-P-45), whatever the configuration says;
// a game without one keeps the configuration's reminders.
func TestPaceReminders(t *testing.T) {
	cfg := []Reminder{{Before: 2 * time.Hour}}
	st := paceState{active: game.SideA, pending: []game.Decision{decision("guerrilla", game.SideB)}}
	live := &gameClock{Phase: 10 * time.Minute, Decision: 2 * time.Minute, Pace: "live"}
	live.sync(st, t0)
	if got := live.nextTimer(live.reminders(cfg)); !got.Equal(t0.Add(time.Minute)) {
		t.Errorf("first reminder of a 2 min reaction at %v, want half time", got.Sub(t0))
	}
	live.Obls[0].Sent = 1
	if got := live.nextTimer(live.reminders(cfg)); !got.Equal(t0.Add(108 * time.Second)) {
		t.Errorf("second reminder at %v, want 90 %%", got.Sub(t0))
	}
	plain := &gameClock{Phase: 48 * time.Hour, Decision: 24 * time.Hour}
	plain.sync(st, t0)
	if got := plain.nextTimer(plain.reminders(cfg)); !got.Equal(t0.Add(22 * time.Hour)) {
		t.Errorf("reminder without a pace at %v, want 2 h before", got.Sub(t0))
	}
}
