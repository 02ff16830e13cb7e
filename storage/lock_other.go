//go:build !unix

package storage

import "time"

// lockFile is a no-op where flock does not exist: stop grognard before a
// restore.
func lockFile(path string, timeout time.Duration) (unlock func(), err error) {
	return func() {}, nil
}
