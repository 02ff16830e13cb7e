package storage

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Leases let several processes on one store agree which of them does a
// piece of work: the scheduler fires a game's deadlines only while it
// holds the game's lease, so that they fire once whatever the number of
// processes. A lease is a name held by a holder (a process's id) until
// an expiry; a process that dies stops renewing it, and another takes it
// once it has expired.
//
// A bbolt store is open in one process at a time (the file is locked),
// so its leases are kept in memory, on Options.Now's clock: they order
// the goroutines of that one process. A shared backend (storage/postgres)
// keeps them in the database, on the database's clock.

// ErrLeaseName is returned for an empty lease name or holder.
var ErrLeaseName = errors.New("storage: a lease needs a name and a holder")

type lease struct {
	holder string
	until  time.Time
}

// leaseTable is a bbolt store's leases.
type leaseTable struct {
	mu sync.Mutex
	m  map[string]lease
}

// TryLease takes the lease name for holder until ttl from now, and
// reports whether holder has it: true when nobody held it, when its
// holder's time has run out, or when holder already held it (the lease
// is then renewed). false: another holder has it; nothing changed.
func (s *Store) TryLease(name, holder string, ttl time.Duration) (bool, error) {
	if name == "" || holder == "" {
		return false, ErrLeaseName
	}
	if ttl <= 0 {
		return false, fmt.Errorf("storage: lease %s: ttl %v is not positive", name, ttl)
	}
	now := s.opts.Now()
	t := &s.leases
	t.mu.Lock()
	defer t.mu.Unlock()
	if l, ok := t.m[name]; ok && l.holder != holder && now.Before(l.until) {
		return false, nil
	}
	if t.m == nil {
		t.m = map[string]lease{}
	}
	t.m[name] = lease{holder: holder, until: now.Add(ttl)}
	return true, nil
}

// ReleaseLease gives up holder's lease name; it does nothing when
// another holder has it (holder's had run out and was taken).
func (s *Store) ReleaseLease(name, holder string) error {
	if name == "" || holder == "" {
		return ErrLeaseName
	}
	t := &s.leases
	t.mu.Lock()
	defer t.mu.Unlock()
	if l, ok := t.m[name]; ok && l.holder == holder {
		delete(t.m, name)
	}
	return nil
}
