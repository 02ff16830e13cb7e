//go:build unix

package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// lockFile takes the exclusive lock bbolt takes on a store opened for
// writing (flock), so that no grognard uses the file meanwhile. A missing
// file needs no lock.
func lockFile(path string, timeout time.Duration) (unlock func(), err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return func() {}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%w: %s (is grognard serve running on it?)", ErrLocked, path)
			}
			return nil, fmt.Errorf("storage: lock %s: %w", path, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
