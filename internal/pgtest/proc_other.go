//go:build unix && !linux

package pgtest

import "syscall"

// serverAttr starts the server as cred (nil: as this process) in its own
// process group.
func serverAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Setpgid: true}
}
