//go:build !unix

package pgtest

import (
	"os"
	"syscall"
)

// account: the server runs as this process's user.
type account struct{}

func serverAccount() (*account, error)                   { return nil, nil }
func (a *account) chown(string) error                    { return os.ErrInvalid }
func (a *account) attr(server bool) *syscall.SysProcAttr { return nil }
