// Package bounded is a map that keeps only its newest keys: the caches of
// the web view (board images, replays, pages) hold the last N things
// asked for, first in, first out. It is safe for concurrent use; a Max
// below 1 keeps one key.
package bounded

import "sync"

// Map keeps at most Max keys; adding one more drops the oldest.
type Map[K comparable, V any] struct {
	Max   int
	mu    sync.Mutex
	items map[K]V
	order []K
}

// Get returns the value of k.
func (m *Map[K, V]) Get(k K) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.items[k]
	return v, ok
}

// Put sets the value of k.
func (m *Map[K, V]) Put(k K, v V) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.put(k, v)
}

// GetOrPut returns the value of k, setting it to make() first when k has
// none (make runs under the map's lock: keep it cheap).
func (m *Map[K, V]) GetOrPut(k K, make func() V) V {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.items[k]; ok {
		return v
	}
	v := make()
	m.put(k, v)
	return v
}

func (m *Map[K, V]) put(k K, v V) {
	if m.items == nil {
		m.items = map[K]V{}
	}
	if _, ok := m.items[k]; !ok {
		m.order = append(m.order, k)
		for len(m.order) > max(m.Max, 1) {
			delete(m.items, m.order[0])
			m.order = m.order[1:]
		}
	}
	m.items[k] = v
}

// Len is the number of keys held.
func (m *Map[K, V]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.items)
}
