//go:build unix

package storage

import (
	"os"
	"syscall"
)

// mapFile maps the first n bytes of f read-only (the page check reads
// them without a system call per page).
func mapFile(f *os.File, n int) ([]byte, func(), error) {
	b, err := syscall.Mmap(int(f.Fd()), 0, n, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return b, func() { syscall.Munmap(b) }, nil
}
