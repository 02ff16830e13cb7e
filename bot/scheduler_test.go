package bot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestRunScheduler runs the scheduler loop on a fake timer: at start it
// repairs an index entry lost in a crash (Reconcile), it sleeps until the
// next timer (at most a minute), and when the clock reaches a reminder it
// posts it once through the platform's deliverer.
func TestRunScheduler(t *testing.T) {
	e := newCEnv(t, Deadlines{})
	e.must("alice", "new gs-1 vs bob deadline=48h")
	e.must("bob", "accept")
	want, _ := e.store.Meta("g1")
	if want.Deadline.IsZero() {
		t.Fatal("no timer in the index")
	}
	// A crash between the clock and the index: the index lost the timer.
	if _, err := e.store.SetDeadline("g1", time.Time{}); err != nil {
		t.Fatal(err)
	}
	e.open()
	delivered := make(chan Delivery, 10)
	e.app.SetDeliverer("test", func(_ context.Context, d Delivery) error {
		delivered <- d
		return nil
	})
	waits := make(chan time.Duration, 10)
	fire := make(chan time.Time)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() {
		done <- e.app.RunScheduler(ctx, func(d time.Duration) <-chan time.Time {
			waits <- d
			return fire
		})
	}()
	if w := <-waits; w != time.Minute {
		t.Errorf("first sleep %s, want a minute (the next timer is a day away)", w)
	}
	if meta, _ := e.store.Meta("g1"); !meta.Deadline.Equal(want.Deadline) {
		t.Errorf("index after reconcile: %v, want %v", meta.Deadline, want.Deadline)
	}
	if err := e.app.Health(); err != nil {
		t.Errorf("health: %v", err)
	}
	e.clock.set(want.Deadline.Add(-30 * time.Second))
	fire <- e.clock.Now()
	if w := <-waits; w != 30*time.Second {
		t.Errorf("sleep before the reminder %s, want 30s", w)
	}
	select {
	case d := <-delivered:
		t.Fatalf("delivered early: %+v", d)
	default:
	}
	e.clock.set(want.Deadline)
	fire <- e.clock.Now()
	<-waits
	var got []string
	for len(delivered) > 0 {
		d := <-delivered
		if d.Platform != "test" || d.Room != "r1" {
			t.Errorf("delivery to %s/%s", d.Platform, d.Room)
		}
		for _, m := range d.Messages {
			got = append(got, m.Plain())
		}
	}
	if n := strings.Count(strings.Join(got, "\n"), "⏳"); n != 2 {
		t.Errorf("%d reminders delivered: %v", n, got)
	}
	fire <- e.clock.Now()
	<-waits
	if len(delivered) != 0 {
		t.Errorf("delivered again: %+v", <-delivered)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("RunScheduler returned %v", err)
	}
}
