//go:build unix

package pgtest

import (
	"fmt"
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// procAttr runs initdb and postgres as the unprivileged user nobody when the tests run as
// root (initdb refuses root), giving that user the folder; server processes also die with the
// test binary where the system can say so (see dieWithParent).
func procAttr(dir string, server bool) (*syscall.SysProcAttr, error) {
	attr := &syscall.SysProcAttr{}
	if server {
		dieWithParent(attr)
	}
	if os.Geteuid() != 0 {
		return attr, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("running PostgreSQL as root is refused and there is no user nobody: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	attr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	return attr, nil
}
