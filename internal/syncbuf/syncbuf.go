// Package syncbuf is a bytes.Buffer safe for concurrent writers, the
// destination tests give a logger or a program's output while goroutines
// write to it.
package syncbuf

import (
	"bytes"
	"sync"
)

// Buffer collects what is written to it; its zero value is ready to use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is everything written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
