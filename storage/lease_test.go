package storage

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/grognard/grognard/storage/storetest"
)

// TestLeases: a bbolt store's leases, on its injected clock.
func TestLeases(t *testing.T) {
	clk := storetest.NewClock(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	s, err := Open(filepath.Join(t.TempDir(), "s.db"), Options{NoSync: true, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.Leases(t, s, clk.Advance)
}

// TestSwapValue: a bbolt store's compare-and-swap of values.
func TestSwapValue(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "s.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.SwapValues(t, s)
}
