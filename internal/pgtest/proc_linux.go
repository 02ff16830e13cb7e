package pgtest

import "syscall"

// sysProcAttr starts the server as cred (nil: as this process) in its own
// process group, killed when the process that started it dies.
func sysProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Setpgid: true, Pdeathsig: syscall.SIGQUIT}
}
