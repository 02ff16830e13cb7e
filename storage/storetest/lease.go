package storetest

import (
	"sync"
	"testing"
	"time"
)

// Leaser is a store's lease API (storage.Store, postgres.Store).
type Leaser interface {
	TryLease(name, holder string, ttl time.Duration) (bool, error)
	ReleaseLease(name, holder string) error
}

// Clock is a clock a test moves by hand, for a store's Options.Now.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock standing at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Leases checks a store's leases: one holder at a time, renewal by the
// holder, release, and a lease taken over once its holder's time has run
// out. advance moves the clock the store's leases run on.
func Leases(t *testing.T, l Leaser, advance func(time.Duration)) {
	t.Helper()
	try := func(name, holder string, ttl time.Duration, want bool) {
		t.Helper()
		got, err := l.TryLease(name, holder, ttl)
		if err != nil {
			t.Fatalf("TryLease(%s, %s): %v", name, holder, err)
		}
		if got != want {
			t.Fatalf("TryLease(%s, %s) = %v, want %v", name, holder, got, want)
		}
	}
	const ttl = time.Minute
	try("deadline/g1", "p1", ttl, true)
	try("deadline/g1", "p2", ttl, false) // held
	try("deadline/g2", "p2", ttl, true)  // another name
	try("deadline/g1", "p1", ttl, true)  // renewed by its holder
	advance(ttl / 2)
	try("deadline/g1", "p2", ttl, false) // the renewal counts from its own time
	if err := l.ReleaseLease("deadline/g1", "p2"); err != nil {
		t.Fatal(err)
	}
	try("deadline/g1", "p2", ttl, false) // p2 could not release p1's lease
	if err := l.ReleaseLease("deadline/g1", "p1"); err != nil {
		t.Fatal(err)
	}
	try("deadline/g1", "p2", ttl, true) // released: free
	advance(ttl + time.Second)
	try("deadline/g1", "p3", ttl, true) // p2's ran out: taken over
	try("deadline/g1", "p2", ttl, false)
	if err := l.ReleaseLease("deadline/g1", "p2"); err != nil { // run out: does nothing
		t.Fatal(err)
	}
	try("deadline/g1", "p1", ttl, false) // still p3's
	if _, err := l.TryLease("", "p1", ttl); err == nil {
		t.Error("TryLease with no name: no error")
	}
	if _, err := l.TryLease("x", "", ttl); err == nil {
		t.Error("TryLease with no holder: no error")
	}
}

// Swapper is a store's compare-and-swap of application values.
type Swapper interface {
	SwapValue(key string, old, val []byte) (bool, error)
	Value(key string) ([]byte, error)
}

// SwapValues checks SwapValue: it writes only over the value expected
// (nil: none), and an empty value deletes.
func SwapValues(t *testing.T, s Swapper) {
	t.Helper()
	swap := func(old, val string, want bool) {
		t.Helper()
		var o, v []byte
		if old != "" {
			o = []byte(old)
		}
		if val != "" {
			v = []byte(val)
		}
		got, err := s.SwapValue("bot/clock/g1", o, v)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("SwapValue(%q → %q) = %v, want %v", old, val, got, want)
		}
	}
	is := func(want string) {
		t.Helper()
		got, err := s.Value("bot/clock/g1")
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Fatalf("value %q, want %q", got, want)
		}
	}
	swap("x", "a", false) // nothing there yet
	is("")
	swap("", "a", true)
	swap("", "b", false) // a is there now
	swap("b", "c", false)
	is("a")
	swap("a", "b", true)
	is("b")
	swap("b", "", true) // deleted
	is("")
	swap("", "c", true)
	is("c")
}
