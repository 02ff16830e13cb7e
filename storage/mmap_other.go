//go:build !unix

package storage

import (
	"errors"
	"os"
)

// mapFile is not available here: the page check reads page by page.
func mapFile(f *os.File, n int) ([]byte, func(), error) {
	return nil, nil, errors.New("no mmap")
}
