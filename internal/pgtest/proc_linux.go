package pgtest

import "syscall"

// serverAttr starts the server as cred (nil: as this process) in its own
// process group, killed when the thread that started it ends (Start
// keeps that thread for as long as the server runs).
func serverAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Setpgid: true, Pdeathsig: syscall.SIGQUIT}
}
