//go:build unix

package pgtest

import (
	"errors"
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// account is the user the server runs as when this process is root
// (PostgreSQL refuses root); nil: this process's own.
type account struct{ uid, gid int }

func serverAccount() (*account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &account{uid, gid}, nil
	}
	return nil, errors.New("running as root and no postgres or nobody user to run PostgreSQL as")
}

func (a *account) chown(path string) error { return os.Chown(path, a.uid, a.gid) }

// attr starts a process as a (nil: as this one); the server also in its
// own process group, ended with this process where the system can
// (serverAttr).
func (a *account) attr(server bool) *syscall.SysProcAttr {
	var cred *syscall.Credential
	if a != nil {
		cred = &syscall.Credential{Uid: uint32(a.uid), Gid: uint32(a.gid)}
	}
	if server {
		return serverAttr(cred)
	}
	return &syscall.SysProcAttr{Credential: cred}
}
