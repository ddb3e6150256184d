//go:build unix && !linux

package pgtest

import "syscall"

// dieWithParent does nothing where the system cannot tie a child's life to its parent's: a
// test binary killed before Stop leaves its server running.
func dieWithParent(*syscall.SysProcAttr) {}
