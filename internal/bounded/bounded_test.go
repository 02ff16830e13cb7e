package bounded

import (
	"sync"
	"testing"
)

// TestOldestGoes: the map keeps its Max newest keys; setting a key again
// does not make it newer; GetOrPut makes a value once.
func TestOldestGoes(t *testing.T) {
	m := Map[string, int]{Max: 2}
	m.Put("a", 1)
	m.Put("b", 2)
	m.Put("a", 10) // still the oldest
	m.Put("c", 3)
	if _, ok := m.Get("a"); ok {
		t.Error("the oldest key stayed")
	}
	if v, ok := m.Get("b"); !ok || v != 2 {
		t.Errorf("b: %d %v", v, ok)
	}
	made := 0
	for range 3 {
		if v := m.GetOrPut("d", func() int { made++; return 4 }); v != 4 {
			t.Errorf("GetOrPut: %d", v)
		}
	}
	if made != 1 || m.Len() != 2 {
		t.Errorf("made %d times, %d keys", made, m.Len())
	}
}

func TestConcurrent(t *testing.T) {
	m := Map[int, int]{Max: 8}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				m.Put(i%16, g)
				m.Get(i % 16)
			}
		}()
	}
	wg.Wait()
	if m.Len() > 8 {
		t.Errorf("%d keys, Max 8", m.Len())
	}
}
